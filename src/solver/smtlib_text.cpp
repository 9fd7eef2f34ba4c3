#include "solver/smtlib_text.hpp"

#include <optional>
#include <unordered_map>
#include <vector>

namespace clpi::solver {

namespace {

// A symbol as written: simple when SMT-LIB allows it, quoted otherwise.
std::string symbol(const std::string& name) {
    static const std::string extra = "~!@$%^&*_-+=<>.?/";
    bool simple = !name.empty() && !(name[0] >= '0' && name[0] <= '9');
    for (char c : name) {
        bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (!letter && extra.find(c) == std::string::npos) simple = false;
    }
    if (simple) return name;
    std::string quoted = "|";
    for (char c : name) {
        if (c != '|' && c != '\\') quoted += c;  // not expressible in a quoted symbol
    }
    return quoted + "|";
}

// The SMT-LIB name of an operator it writes as `(name args...)`; nothing for the others.
std::optional<const char*> operator_name(Z3_decl_kind k) {
    switch (k) {
    case Z3_OP_AND: return "and";
    case Z3_OP_OR: return "or";
    case Z3_OP_NOT: return "not";
    case Z3_OP_IMPLIES: return "=>";
    case Z3_OP_XOR: return "xor";
    case Z3_OP_ITE: return "ite";
    case Z3_OP_EQ: return "=";
    case Z3_OP_DISTINCT: return "distinct";
    case Z3_OP_LE: return "<=";
    case Z3_OP_GE: return ">=";
    case Z3_OP_LT: return "<";
    case Z3_OP_GT: return ">";
    case Z3_OP_ADD: return "+";
    case Z3_OP_SUB: return "-";
    case Z3_OP_UMINUS: return "-";
    case Z3_OP_MUL: return "*";
    case Z3_OP_DIV: return "/";
    case Z3_OP_IDIV: return "div";
    case Z3_OP_MOD: return "mod";
    case Z3_OP_REM: return "rem";
    case Z3_OP_TO_REAL: return "to_real";
    case Z3_OP_TO_INT: return "to_int";
    case Z3_OP_IS_INT: return "is_int";
    case Z3_OP_SELECT: return "select";
    case Z3_OP_STORE: return "store";
    default: return std::nullopt;
    }
}

// An integer or real numeral: `5`, `(- 5)`, `2.0`, `(/ 1.0 3.0)`, `(- (/ 1.0 3.0))`.
std::string numeral(const z3::expr& e) {
    std::string text = Z3_get_numeral_string(e.ctx(), e);  // "5", "-5", "1/3", "-1/3"
    bool negative = !text.empty() && text[0] == '-';
    if (negative) text.erase(0, 1);
    if (e.is_real()) {
        std::size_t slash = text.find('/');
        if (slash == std::string::npos) {
            text += ".0";
        } else {
            text = "(/ " + text.substr(0, slash) + ".0 " + text.substr(slash + 1) + ".0)";
        }
    }
    return negative ? "(- " + text + ")" : text;
}

class Printer {
public:
    // False when the term has something it does not write.
    bool count(const z3::expr& e) {
        if (++uses_[e.id()] > 1) return true;
        if (e.is_numeral()) return e.is_int() || e.is_real();
        if (!e.is_app()) return false;
        z3::func_decl d = e.decl();
        Z3_decl_kind k = d.decl_kind();
        if (k == Z3_OP_TRUE || k == Z3_OP_FALSE) return true;
        if (k == Z3_OP_UNINTERPRETED) {
            if (d.name().kind() != Z3_STRING_SYMBOL) return false;
        } else if (!operator_name(k) && k != Z3_OP_CONST_ARRAY) {
            return false;
        }
        for (unsigned i = 0; i < e.num_args(); ++i) {
            if (!count(e.arg(i))) return false;
        }
        return true;
    }

    std::string text(const z3::expr& e) {
        std::string body = write(e);
        std::string out;
        for (const std::string& b : bindings_) out += "(let (" + b + ") ";
        out += body;
        out.append(bindings_.size(), ')');
        return out;
    }

private:
    // Written once: a subterm used more than once becomes a `let` name, bound before the
    // first term that uses it (the bindings nest in the order they were made), unless its
    // text is short: `(= x y)` twice costs less to read than a name does, for a reader and
    // for the checks at sight, which put each `let` in again. A term written out so is at
    // most max_repeated characters long, so the text stays linear in the term's size.
    std::string write(const z3::expr& e) {
        constexpr std::size_t max_repeated = 40;
        auto named = names_.find(e.id());
        if (named != names_.end()) return named->second;
        std::string t = write_here(e);
        if (uses_[e.id()] > 1 && e.is_app() && e.num_args() > 0) {
            if (t.size() <= max_repeated) return names_.emplace(e.id(), t).first->second;  // its text, made once
            std::string name = "a!" + std::to_string(bindings_.size() + 1);
            bindings_.push_back("(" + name + " " + t + ")");
            names_.emplace(e.id(), name);
            return name;
        }
        return t;
    }

    std::string write_here(const z3::expr& e) {
        if (e.is_numeral()) return numeral(e);
        z3::func_decl d = e.decl();
        Z3_decl_kind k = d.decl_kind();
        if (k == Z3_OP_TRUE) return "true";
        if (k == Z3_OP_FALSE) return "false";
        // A constant array is `((as const (Array Int Int)) v)`: its head names its sort.
        std::string head = k == Z3_OP_UNINTERPRETED ? symbol(d.name().str())
                           : k == Z3_OP_CONST_ARRAY  ? "(as const " + e.get_sort().to_string() + ")"
                                                     : std::string(*operator_name(k));
        if (e.num_args() == 0) return head;
        std::string out = "(" + head;
        for (unsigned i = 0; i < e.num_args(); ++i) out += " " + write(e.arg(i));
        return out + ")";
    }

    std::unordered_map<unsigned, unsigned> uses_;
    std::unordered_map<unsigned, std::string> names_;  // a repeated term's let name, or its short text
    std::vector<std::string> bindings_;
};

}  // namespace

std::string smtlib_text(const z3::expr& e) {
    Printer p;
    if (!p.count(e)) return e.to_string();
    return p.text(e);
}

}  // namespace clpi::solver
