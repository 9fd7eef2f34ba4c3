#include "solver/term_codec.hpp"

#include <charconv>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace clpi::solver {

namespace {

// ---- writing ----

void put_sort(std::string& out, const z3::sort& s) {
    switch (s.sort_kind()) {
    case Z3_INT_SORT: out += " I"; return;
    case Z3_REAL_SORT: out += " R"; return;
    case Z3_BOOL_SORT: out += " B"; return;
    case Z3_ARRAY_SORT:
        out += " A";
        put_sort(out, s.array_domain());
        put_sort(out, s.array_range());
        return;
    default: throw CodecError("a sort the codec does not write: " + s.to_string());
    }
}

// s<length>:<characters> for a string symbol, i<number> for a numbered one.
void put_name(std::string& out, const z3::symbol& name) {
    if (name.kind() == Z3_INT_SYMBOL) {
        out += " i" + std::to_string(name.to_int());
        return;
    }
    std::string text = name.str();
    out += " s";
    out += std::to_string(text.size());
    out += ':';
    out += text;
}

bool writable_operator(Z3_decl_kind k) {
    switch (k) {
    case Z3_OP_TRUE: case Z3_OP_FALSE: case Z3_OP_EQ: case Z3_OP_DISTINCT: case Z3_OP_ITE:
    case Z3_OP_AND: case Z3_OP_OR: case Z3_OP_IFF: case Z3_OP_XOR: case Z3_OP_NOT:
    case Z3_OP_IMPLIES: case Z3_OP_LE: case Z3_OP_GE: case Z3_OP_LT: case Z3_OP_GT:
    case Z3_OP_ADD: case Z3_OP_SUB: case Z3_OP_UMINUS: case Z3_OP_MUL: case Z3_OP_DIV:
    case Z3_OP_IDIV: case Z3_OP_REM: case Z3_OP_MOD: case Z3_OP_TO_REAL: case Z3_OP_TO_INT:
    case Z3_OP_IS_INT: case Z3_OP_STORE: case Z3_OP_SELECT:
        return true;
    default:
        return false;
    }
}

class Writer {
public:
    std::string text;

    // `root` and everything it needs, children before parents. With a stack of our own: a
    // formula's depth (the nested terms of a long path) is not bounded by the thread's stack.
    void write(const z3::expr& root) {
        std::vector<std::pair<z3::expr, bool>> stack;  // a term; whether its children are pushed
        stack.emplace_back(root, false);
        while (!stack.empty()) {
            z3::expr e = stack.back().first;
            if (lines_.count(e.id()) > 0) {
                stack.pop_back();
            } else if (!stack.back().second) {
                stack.back().second = true;
                std::vector<z3::expr> kids = children(e);
                // The first child on top: written first, as a walk from the left would.
                for (auto k = kids.rbegin(); k != kids.rend(); ++k) {
                    if (lines_.count(k->id()) == 0) stack.emplace_back(*k, false);
                }
            } else {
                stack.pop_back();
                emit(e);
            }
        }
    }

private:
    static std::vector<z3::expr> children(const z3::expr& e) {
        std::vector<z3::expr> out;
        if (e.is_var() || e.is_numeral()) return out;
        if (e.is_quantifier()) {
            if (Z3_is_lambda(e.ctx(), e)) throw CodecError("a lambda");
            out.push_back(e.body());
            return out;
        }
        if (!e.is_app()) throw CodecError("a term the codec does not write");
        Z3_decl_kind k = e.decl().decl_kind();
        if (k == Z3_OP_UNINTERPRETED && e.num_args() == 0) return out;
        if (k != Z3_OP_CONST_ARRAY && !writable_operator(k)) {
            throw CodecError("an operator the codec does not write: " + e.decl().name().str());
        }
        for (unsigned i = 0; i < e.num_args(); ++i) out.push_back(e.arg(i));
        return out;
    }

    std::string line_of(const z3::expr& e) const { return std::to_string(lines_.at(e.id())); }

    // The line of `e`, whose children are written.
    void emit(const z3::expr& e) {
        std::string line;
        if (e.is_var()) {
            line = "V " + std::to_string(Z3_get_index_value(e.ctx(), e));
            put_sort(line, e.get_sort());
        } else if (e.is_quantifier()) {
            unsigned n = Z3_get_quantifier_num_bound(e.ctx(), e);
            line = std::string("Q ") + (e.is_forall() ? "1 " : "0 ") + std::to_string(n);
            for (unsigned i = 0; i < n; ++i) {
                put_name(line, z3::symbol(e.ctx(), Z3_get_quantifier_bound_name(e.ctx(), e, i)));
                put_sort(line, z3::sort(e.ctx(), Z3_get_quantifier_bound_sort(e.ctx(), e, i)));
            }
            line += ' ' + line_of(e.body());
        } else if (e.is_numeral()) {
            line = "N";
            put_sort(line, e.get_sort());
            line += ' ';
            line += Z3_get_numeral_string(e.ctx(), e);
        } else {
            z3::func_decl d = e.decl();
            Z3_decl_kind k = d.decl_kind();
            if (k == Z3_OP_UNINTERPRETED) {
                line = "K";
                put_sort(line, e.get_sort());
                put_name(line, d.name());
            } else if (k == Z3_OP_CONST_ARRAY) {
                line = "C";
                put_sort(line, e.get_sort());
                line += ' ' + line_of(e.arg(0));
            } else {
                line = "O " + std::to_string(static_cast<int>(k)) + ' ' + std::to_string(e.num_args());
                for (unsigned i = 0; i < e.num_args(); ++i) line += ' ' + line_of(e.arg(i));
            }
        }
        text += line;
        text += '\n';
        lines_.emplace(e.id(), count_++);
    }

    std::unordered_map<unsigned, std::size_t> lines_;
    std::size_t count_ = 0;
};

// ---- reading ----

class Reader {
public:
    Reader(z3::context& c, std::string_view text) : c_(c), rest_(text) {}

    z3::expr read() {
        std::vector<z3::expr> nodes;
        while (!rest_.empty()) {
            nodes.push_back(node(nodes));
            if (!rest_.empty() && rest_.front() == '\n') rest_.remove_prefix(1);
        }
        if (nodes.empty()) throw CodecError("no term");
        return nodes.back();
    }

private:
    z3::expr node(const std::vector<z3::expr>& nodes) {
        std::string_view tag = token();
        if (tag == "K") {
            z3::sort s = sort();
            return c_.constant(symbol(), s);
        }
        if (tag == "N") {
            z3::sort s = sort();
            std::string digits(token());
            Z3_ast a = Z3_mk_numeral(c_, digits.c_str(), s);
            c_.check_error();
            return z3::expr(c_, a);
        }
        if (tag == "V") {
            unsigned index = number();
            z3::sort s = sort();
            Z3_ast a = Z3_mk_bound(c_, index, s);
            c_.check_error();
            return z3::expr(c_, a);
        }
        if (tag == "C") {
            z3::sort s = sort();
            const z3::expr& value = child(nodes);
            if (s.sort_kind() != Z3_ARRAY_SORT) throw CodecError("a constant array of another sort");
            return z3::const_array(s.array_domain(), value);
        }
        if (tag == "Q") {
            bool forall = number() != 0;
            unsigned n = number();
            std::vector<Z3_symbol> names;
            std::vector<Z3_sort> sorts;
            std::vector<z3::sort> keep;  // holds the sorts' references
            for (unsigned i = 0; i < n; ++i) {
                names.push_back(symbol());
                keep.push_back(sort());
                sorts.push_back(keep.back());
            }
            const z3::expr& body = child(nodes);
            Z3_ast a = Z3_mk_quantifier(c_, forall, 0, 0, nullptr, n, sorts.data(), names.data(), body);
            c_.check_error();
            return z3::expr(c_, a);
        }
        if (tag == "O") return apply(static_cast<Z3_decl_kind>(number()), nodes);
        throw CodecError("unknown node");
    }

    z3::expr apply(Z3_decl_kind k, const std::vector<z3::expr>& nodes) {
        unsigned n = number();
        z3::expr_vector args(c_);
        for (unsigned i = 0; i < n; ++i) args.push_back(child(nodes));
        auto need = [&](unsigned m) {
            if (n != m) throw CodecError("an operator with another number of arguments");
        };
        std::vector<Z3_ast> raw;
        for (unsigned i = 0; i < n; ++i) raw.push_back(args[i]);
        Z3_ast a = nullptr;
        switch (k) {
        case Z3_OP_TRUE: need(0); return c_.bool_val(true);
        case Z3_OP_FALSE: need(0); return c_.bool_val(false);
        case Z3_OP_EQ: case Z3_OP_IFF: need(2); a = Z3_mk_eq(c_, raw[0], raw[1]); break;
        case Z3_OP_DISTINCT: a = Z3_mk_distinct(c_, n, raw.data()); break;
        case Z3_OP_ITE: need(3); a = Z3_mk_ite(c_, raw[0], raw[1], raw[2]); break;
        case Z3_OP_AND: a = Z3_mk_and(c_, n, raw.data()); break;
        case Z3_OP_OR: a = Z3_mk_or(c_, n, raw.data()); break;
        case Z3_OP_XOR: need(2); a = Z3_mk_xor(c_, raw[0], raw[1]); break;
        case Z3_OP_NOT: need(1); a = Z3_mk_not(c_, raw[0]); break;
        case Z3_OP_IMPLIES: need(2); a = Z3_mk_implies(c_, raw[0], raw[1]); break;
        case Z3_OP_LE: need(2); a = Z3_mk_le(c_, raw[0], raw[1]); break;
        case Z3_OP_GE: need(2); a = Z3_mk_ge(c_, raw[0], raw[1]); break;
        case Z3_OP_LT: need(2); a = Z3_mk_lt(c_, raw[0], raw[1]); break;
        case Z3_OP_GT: need(2); a = Z3_mk_gt(c_, raw[0], raw[1]); break;
        case Z3_OP_ADD: a = Z3_mk_add(c_, n, raw.data()); break;
        case Z3_OP_SUB: a = Z3_mk_sub(c_, n, raw.data()); break;
        case Z3_OP_UMINUS: need(1); a = Z3_mk_unary_minus(c_, raw[0]); break;
        case Z3_OP_MUL: a = Z3_mk_mul(c_, n, raw.data()); break;
        case Z3_OP_DIV: case Z3_OP_IDIV: need(2); a = Z3_mk_div(c_, raw[0], raw[1]); break;
        case Z3_OP_REM: need(2); a = Z3_mk_rem(c_, raw[0], raw[1]); break;
        case Z3_OP_MOD: need(2); a = Z3_mk_mod(c_, raw[0], raw[1]); break;
        case Z3_OP_TO_REAL: need(1); a = Z3_mk_int2real(c_, raw[0]); break;
        case Z3_OP_TO_INT: need(1); a = Z3_mk_real2int(c_, raw[0]); break;
        case Z3_OP_IS_INT: need(1); a = Z3_mk_is_int(c_, raw[0]); break;
        case Z3_OP_STORE: need(3); a = Z3_mk_store(c_, raw[0], raw[1], raw[2]); break;
        case Z3_OP_SELECT: need(2); a = Z3_mk_select(c_, raw[0], raw[1]); break;
        default: throw CodecError("an operator the codec does not read");
        }
        c_.check_error();
        z3::expr out(c_, a);
        if (out.decl().decl_kind() != k && !(k == Z3_OP_IFF && out.decl().decl_kind() == Z3_OP_EQ)) {
            throw CodecError("an operator read back as another");
        }
        return out;
    }

    std::string_view token() {
        while (!rest_.empty() && rest_.front() == ' ') rest_.remove_prefix(1);
        std::size_t end = 0;
        while (end < rest_.size() && rest_[end] != ' ' && rest_[end] != '\n') ++end;
        if (end == 0) throw CodecError("a token missing");
        std::string_view t = rest_.substr(0, end);
        rest_.remove_prefix(end);
        return t;
    }

    unsigned number() {
        std::string_view t = token();
        unsigned v = 0;
        auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
        if (ec != std::errc() || p != t.data() + t.size()) throw CodecError("not a number");
        return v;
    }

    const z3::expr& child(const std::vector<z3::expr>& nodes) {
        unsigned i = number();
        if (i >= nodes.size()) throw CodecError("a child not yet read");
        return nodes[i];
    }

    z3::sort sort() {
        std::string_view t = token();
        if (t == "I") return c_.int_sort();
        if (t == "R") return c_.real_sort();
        if (t == "B") return c_.bool_sort();
        if (t == "A") {
            z3::sort domain = sort();
            z3::sort range = sort();
            return c_.array_sort(domain, range);
        }
        throw CodecError("unknown sort");
    }

    // i<number>, or s<length>:<characters> with the characters taken as they are (spaces and
    // all).
    z3::symbol symbol() {
        while (!rest_.empty() && rest_.front() == ' ') rest_.remove_prefix(1);
        if (!rest_.empty() && rest_.front() == 'i') {
            rest_.remove_prefix(1);
            return c_.int_symbol(static_cast<int>(number()));
        }
        if (rest_.empty() || rest_.front() != 's') throw CodecError("a name missing");
        rest_.remove_prefix(1);
        std::size_t colon = rest_.find(':');
        if (colon == std::string_view::npos) throw CodecError("a name missing");
        std::size_t length = 0;
        auto [p, ec] = std::from_chars(rest_.data(), rest_.data() + colon, length);
        if (ec != std::errc() || p != rest_.data() + colon || colon + 1 + length > rest_.size()) {
            throw CodecError("a malformed name");
        }
        std::string text(rest_.substr(colon + 1, length));
        rest_.remove_prefix(colon + 1 + length);
        return c_.str_symbol(text.c_str());
    }

    z3::context& c_;
    std::string_view rest_;
};

}  // namespace

std::string encode_term(const z3::expr& e) {
    Writer w;
    w.write(e);
    return std::move(w.text);
}

z3::expr decode_term(z3::context& c, const std::string& text) { return Reader(c, text).read(); }

}  // namespace clpi::solver
