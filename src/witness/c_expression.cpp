// A certificate formula as a C expression (witness.hpp). The formula is read back from its
// SMT-LIB text with Z3 and printed in negation normal form, so that an atom C cannot say
// exactly may be replaced by `1`: the result is then implied by the formula, and still an
// invariant wherever the formula is one.
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <z3++.h>

#include "clpi/witness.hpp"

namespace clpi {

namespace {

// sum(coefficient * position) + constant, over the integers.
struct Linear {
    std::map<std::size_t, long long> terms;
    long long constant = 0;
};

// Values that stay far from `long long`'s limits, so sums of a few of them cannot overflow.
constexpr long long safe_limit = 1LL << 40;

bool small(long long v) { return v > -safe_limit && v < safe_limit; }

class Printer {
public:
    Printer(const CSourceMap& map, const std::vector<std::size_t>& visible,
            const std::map<unsigned, std::size_t>& position_of)
        : map_(map), position_of_(position_of) {
        // A C name may be said only when one visible variable has it; a local hides a
        // global of the same name, two locals of one name (nested blocks) say nothing.
        std::map<std::string, std::vector<std::size_t>> by_name;
        for (std::size_t p : visible) {
            if (p < map.state.size() && !map.state[p].c_name.empty()) by_name[map.state[p].c_name].push_back(p);
        }
        for (const auto& [name, positions] : by_name) {
            std::vector<std::size_t> locals;
            for (std::size_t p : positions) {
                if (map.state[p].scope != "global") locals.push_back(p);
            }
            if (positions.size() == 1) {
                sayable_.insert(positions[0]);
            } else if (locals.size() == 1) {
                sayable_.insert(locals[0]);
            }
        }
    }

    // The expression for `e` (negated when `negated`), "1" for what cannot be said.
    std::string print(const z3::expr& e, bool negated) {
        if (e.is_true()) return negated ? "0" : "1";
        if (e.is_false()) return negated ? "1" : "0";
        if (!e.is_app()) return "1";
        Z3_decl_kind k = e.decl().decl_kind();
        if (k == Z3_OP_NOT) return print(e.arg(0), !negated);
        if (k == Z3_OP_AND || k == Z3_OP_OR) {
            bool conj = (k == Z3_OP_AND) != negated;
            std::vector<std::string> parts;
            for (unsigned i = 0; i < e.num_args(); ++i) parts.push_back(print(e.arg(i), negated));
            return join(parts, conj);
        }
        if (k == Z3_OP_IMPLIES) {  // a => b  is  !a || b
            std::vector<std::string> parts{print(e.arg(0), !negated), print(e.arg(1), negated)};
            return join(parts, negated);
        }
        if (k == Z3_OP_ITE && e.is_bool()) {  // (c && a) || (!c && b)
            std::string c = print(e.arg(0), false), nc = print(e.arg(0), true);
            if (!negated) {
                return join({join({c, print(e.arg(1), false)}, true), join({nc, print(e.arg(2), false)}, true)}, false);
            }
            return join({join({c, print(e.arg(1), true)}, true), join({nc, print(e.arg(2), true)}, true)}, false);
        }
        return atom(e, negated);
    }

private:
    // `parts` joined by && (conj) or ||, with 1 and 0 simplified away.
    static std::string join(const std::vector<std::string>& parts, bool conj) {
        const std::string unit = conj ? "1" : "0", zero = conj ? "0" : "1";
        std::vector<std::string> kept;
        for (const std::string& p : parts) {
            if (p == zero) return zero;
            if (p != unit && std::find(kept.begin(), kept.end(), p) == kept.end()) kept.push_back(p);
        }
        if (kept.empty()) return unit;
        if (kept.size() == 1) return kept[0];
        std::string out;
        for (const std::string& p : kept) {
            if (!out.empty()) out += conj ? " && " : " || ";
            out += "(" + p + ")";
        }
        return out;
    }

    std::optional<Linear> linear(const z3::expr& e) {
        // Arrays (C arrays) are not numbers: what speaks of them is not said.
        if (!e.is_int() && !e.is_real()) return std::nullopt;
        if (e.is_numeral()) {
            std::int64_t v = 0;
            if (!e.is_numeral_i64(v) || !small(v)) return std::nullopt;
            Linear l;
            l.constant = v;
            return l;
        }
        if (!e.is_app()) return std::nullopt;
        Z3_decl_kind k = e.decl().decl_kind();
        if (k == Z3_OP_UNINTERPRETED && e.num_args() == 0) {
            auto it = position_of_.find(e.decl().id());
            if (it == position_of_.end()) return std::nullopt;
            Linear l;
            l.terms[it->second] = 1;
            return l;
        }
        if (k == Z3_OP_ADD || k == Z3_OP_SUB) {
            Linear sum;
            for (unsigned i = 0; i < e.num_args(); ++i) {
                auto part = linear(e.arg(i));
                if (!part) return std::nullopt;
                long long sign = (k == Z3_OP_SUB && i > 0) ? -1 : 1;
                if (!add(sum, *part, sign)) return std::nullopt;
            }
            return sum;
        }
        if (k == Z3_OP_UMINUS) {
            auto part = linear(e.arg(0));
            Linear out;
            if (!part || !add(out, *part, -1)) return std::nullopt;
            return out;
        }
        if (k == Z3_OP_MUL && e.num_args() == 2) {
            std::optional<Linear> a = linear(e.arg(0)), b = linear(e.arg(1));
            if (!a || !b) return std::nullopt;
            if (!a->terms.empty() && !b->terms.empty()) return std::nullopt;  // not linear
            if (!a->terms.empty()) std::swap(a, b);
            Linear out;
            if (!add(out, *b, a->constant)) return std::nullopt;
            return out;
        }
        return std::nullopt;  // div, mod, ite, to_real, ...
    }

    static bool add(Linear& into, const Linear& l, long long factor) {
        if (!small(factor)) return false;
        for (const auto& [p, c] : l.terms) {
            long long v = into.terms[p] + c * factor;
            if (!small(v)) return false;
            into.terms[p] = v;
            if (v == 0) into.terms.erase(p);
        }
        into.constant += l.constant * factor;
        return small(into.constant);
    }

    std::string atom(const z3::expr& e, bool negated) {
        if (e.num_args() != 2 || !e.arg(0).is_int()) return "1";
        std::string rel;
        switch (e.decl().decl_kind()) {
        case Z3_OP_EQ: rel = negated ? "!=" : "=="; break;
        case Z3_OP_DISTINCT: rel = negated ? "==" : "!="; break;
        case Z3_OP_LE: rel = negated ? ">" : "<="; break;
        case Z3_OP_LT: rel = negated ? ">=" : "<"; break;
        case Z3_OP_GE: rel = negated ? "<" : ">="; break;
        case Z3_OP_GT: rel = negated ? "<=" : ">"; break;
        default: return "1";
        }
        std::optional<Linear> l = linear(e.arg(0)), r = linear(e.arg(1));
        if (!l || !r) return "1";
        Linear d = *l;  // d REL 0
        if (!add(d, *r, -1)) return "1";
        if (d.terms.empty()) {
            long long c = d.constant;
            bool holds = rel == "==" ? c == 0 : rel == "!=" ? c != 0 : rel == "<=" ? c <= 0
                       : rel == "<" ? c < 0 : rel == ">=" ? c >= 0 : c > 0;
            return holds ? "1" : "0";
        }
        bool any_wide = false, any_unsigned = false;
        for (const auto& [p, c] : d.terms) {
            if (sayable_.count(p) == 0) return "1";
            any_wide = any_wide || map_.state[p].bits >= 64;
            any_unsigned = any_unsigned || !map_.state[p].is_signed;
        }
        // With every coefficient negative, the other way round reads better.
        if (std::all_of(d.terms.begin(), d.terms.end(), [](const auto& t) { return t.second < 0; })) {
            Linear n;
            add(n, d, -1);
            d = n;
            if (rel == "<=") rel = ">=";
            else if (rel == ">=") rel = "<=";
            else if (rel == "<") rel = ">";
            else if (rel == ">") rel = "<";
        }
        long long k = -d.constant;  // left REL right + k
        bool plain = d.terms.size() == 1 && d.terms.begin()->second == 1;
        // Arithmetic in C could overflow the variables' types, and an unsigned variable
        // compares with a negative number as unsigned: both are said in `long long`, which
        // holds every value here unless a variable is 64 bits wide.
        bool cast = !plain || (any_unsigned && k < 0);
        if (cast && any_wide) return "1";
        std::vector<std::string> left, right;
        auto term = [&](std::size_t p, long long c) {
            std::string v = cast ? "(long long)" + map_.state[p].c_name : map_.state[p].c_name;
            return c == 1 ? v : fmt::format("{} * {}", c, v);
        };
        for (const auto& [p, c] : d.terms) {
            if (c > 0) left.push_back(term(p, c));
            else right.push_back(term(p, -c));
        }
        bool wide = cast || k > 2147483647LL || k < -2147483647LL;
        std::string number = fmt::format("{}{}", k, wide ? "LL" : "");
        std::string rhs;
        for (const std::string& x : right) rhs += (rhs.empty() ? "" : " + ") + x;
        if (rhs.empty()) {
            rhs = number;
        } else if (k != 0) {
            rhs += k > 0 ? " + " + number : " - " + number.substr(1);
        }
        std::string lhs;
        for (const std::string& x : left) lhs += (lhs.empty() ? "" : " + ") + x;
        return fmt::format("{} {} {}", lhs, rel, rhs);
    }

    const CSourceMap& map_;
    const std::map<unsigned, std::size_t>& position_of_;
    std::set<std::size_t> sayable_;
};

}  // namespace

std::string certificate_as_c(const std::string& smtlib, const CSourceMap& map,
                             const std::vector<std::size_t>& visible) {
    z3::context ctx;
    z3::sort_vector sorts(ctx);
    z3::func_decl_vector decls(ctx);
    std::map<unsigned, std::size_t> position_of;
    for (std::size_t i = 0; i < map.state.size(); ++i) {
        z3::func_decl d = ctx.function(("$" + std::to_string(i)).c_str(), 0, nullptr, ctx.int_sort());
        position_of[d.id()] = i;
        decls.push_back(d);
    }
    try {
        z3::expr_vector v = ctx.parse_string(("(assert " + smtlib + ")").c_str(), sorts, decls);
        if (v.size() != 1) return "1";
        return Printer(map, visible, position_of).print(v[0], false);
    } catch (const z3::exception&) {
        return "1";  // a formula this reader does not know says nothing of C
    }
}

}  // namespace clpi
