#include "chc/elimination.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <unordered_set>
#include <utility>

#include "chc/simplify.hpp"

namespace clpi::chc {

namespace {

// Rounds of simplification and substitution: each takes a definition from every chain
// of them at least, and the chains of copies an LLVM program makes are short.
constexpr int max_rounds = 16;

bool is_variable(const z3::expr& e) {
    const Z3_context c = e.ctx();
    if (Z3_get_ast_kind(c, e) != Z3_APP_AST) return false;
    const Z3_app a = Z3_to_app(c, e);
    return Z3_get_app_num_args(c, a) == 0 && Z3_get_decl_kind(c, Z3_get_app_decl(c, a)) == Z3_OP_UNINTERPRETED;
}

// The ids of the variables of `e`.
void variables_of(const z3::expr& e, std::unordered_set<unsigned>& out) {
    const Z3_context c = e.ctx();
    each_term(e, [&](Z3_ast t) {
        if (Z3_get_ast_kind(c, t) == Z3_APP_AST && Z3_get_app_num_args(c, Z3_to_app(c, t)) == 0 &&
            Z3_get_decl_kind(c, Z3_get_app_decl(c, Z3_to_app(c, t))) == Z3_OP_UNINTERPRETED) {
            out.insert(Z3_get_ast_id(c, t));
        }
        return true;
    });
}

bool occurs(const z3::expr& v, const z3::expr& t) {
    std::unordered_set<unsigned> vars;
    variables_of(t, vars);
    return vars.count(v.id()) > 0;
}

struct Definition {
    z3::expr var;
    z3::expr term;
};

// A term of a sum and its coefficient: `x` is (1, x), `(* -1 x)` is (-1, x).
struct Addend {
    std::int64_t coefficient;
    z3::expr term;
};

void addends_of(const z3::expr& e, std::int64_t sign, std::vector<Addend>& out) {
    const Z3_decl_kind k0 = e.is_app() ? e.decl().decl_kind() : Z3_OP_UNINTERPRETED;
    if (k0 == Z3_OP_ADD) {
        for (unsigned i = 0; i < e.num_args(); ++i) addends_of(e.arg(i), sign, out);
        return;
    }
    if (k0 == Z3_OP_SUB) {  // a - b - c
        for (unsigned i = 0; i < e.num_args(); ++i) addends_of(e.arg(i), i == 0 ? sign : -sign, out);
        return;
    }
    if (k0 == Z3_OP_UMINUS) return addends_of(e.arg(0), -sign, out);
    std::int64_t k = 0;
    if (e.is_app() && e.decl().decl_kind() == Z3_OP_MUL && e.num_args() == 2 && e.arg(0).is_numeral_i64(k) &&
        (k == 1 || k == -1)) {
        out.push_back(Addend{sign * k, e.arg(1)});
        return;
    }
    out.push_back(Addend{sign, e});
}

// `a = b` of numbers solved for a variable of coefficient ±1 that no other term of it
// holds (`2*y - x = 0` gives x := 2*y). The term stays integer: nothing is divided.
std::optional<Definition> solved_for_variable(const z3::expr& a, const z3::expr& b) {
    std::vector<Addend> addends;
    addends_of(a, 1, addends);
    addends_of(b, -1, addends);
    for (std::size_t i = 0; i < addends.size(); ++i) {
        const Addend& x = addends[i];
        if (!is_variable(x.term)) continue;
        bool alone = true;
        for (std::size_t j = 0; j < addends.size() && alone; ++j) alone = j == i || !occurs(x.term, addends[j].term);
        if (!alone) continue;
        // x·c + rest = 0, c = ±1: x = -c·rest.
        z3::expr_vector rest(a.ctx());
        for (std::size_t j = 0; j < addends.size(); ++j) {
            if (j == i) continue;
            const std::int64_t k = -x.coefficient * addends[j].coefficient;
            rest.push_back(k == 1 ? addends[j].term : -addends[j].term);
        }
        if (rest.empty()) return Definition{x.term, a.ctx().num_val(0, x.term.get_sort())};
        return Definition{x.term, rest.size() == 1 ? rest[0] : z3::sum(rest)};
    }
    return std::nullopt;
}

// What `part` defines, when it defines a variable not in the term it equals it to.
std::optional<Definition> definition_of(const z3::expr& part) {
    z3::context& ctx = part.ctx();
    if (is_variable(part)) return Definition{part, ctx.bool_val(true)};
    if (part.is_not() && is_variable(part.arg(0))) return Definition{part.arg(0), ctx.bool_val(false)};
    if (!part.is_eq() || part.num_args() != 2) return std::nullopt;
    for (unsigned side = 0; side < 2; ++side) {
        z3::expr v = part.arg(side);
        z3::expr t = part.arg(1 - side);
        if (v.is_not() && is_variable(v.arg(0))) {  // `not b = f`: b is `not f`
            v = v.arg(0);
            t = !t;
        }
        if (is_variable(v) && !occurs(v, t)) return Definition{v, t};
    }
    if (part.arg(0).is_int() || part.arg(0).is_real()) return solved_for_variable(part.arg(0), part.arg(1));
    return std::nullopt;
}

// The copies among `parts` (`a = b` of two variables, `a = k` of a variable and a number,
// `b` and `not b`), as classes of variables joined by them: each variable of a class is
// replaced by the class's number, or by one variable of it, and the copies go (once
// substituted they say `k = k`). A chain of copies is taken in one round, not one link a
// round. False when a class has two numbers.
class Copies {
public:
    explicit Copies(z3::context& ctx) : ctx_(ctx) {}

    // Notes `part` when it is a copy; false when it is not.
    bool note(const z3::expr& part) {
        if (is_variable(part)) return join(part, ctx_.bool_val(true));
        if (part.is_not() && is_variable(part.arg(0))) return join(part.arg(0), ctx_.bool_val(false));
        if (!part.is_eq() || part.num_args() != 2) return false;
        const z3::expr a = part.arg(0), b = part.arg(1);
        if (is_variable(a) && is_variable(b)) return join(a, b);
        if (is_variable(a) && is_value(b)) return join(a, b);
        if (is_variable(b) && is_value(a)) return join(b, a);
        return false;
    }

    // The substitution of the classes' variables; false when a class has two numbers.
    bool substitution(z3::expr_vector& from, z3::expr_vector& to) {
        for (std::size_t i = 0; i < vars_.size(); ++i) {
            const std::size_t r = root(i);
            if (conflict_[r]) return false;
            const z3::expr& by = value_[r] ? *value_[r] : vars_[r];
            if (z3::eq(by, vars_[i])) continue;
            from.push_back(vars_[i]);
            to.push_back(by);
        }
        return true;
    }

private:
    static bool is_value(const z3::expr& e) { return e.is_numeral() || e.is_true() || e.is_false(); }

    std::size_t slot(const z3::expr& v) {
        auto [it, fresh] = slot_.try_emplace(v.id(), vars_.size());
        if (fresh) {
            vars_.push_back(v);
            parent_.push_back(vars_.size() - 1);
            value_.emplace_back();
            conflict_.push_back(false);
        }
        return it->second;
    }

    std::size_t root(std::size_t i) {
        while (parent_[i] != i) i = parent_[i] = parent_[parent_[i]];
        return i;
    }

    // Joins variable `v` with `w`, a variable or a value.
    bool join(const z3::expr& v, const z3::expr& w) {
        const std::size_t a = root(slot(v));
        if (!is_variable(w)) {
            if (value_[a] && !z3::eq(*value_[a], w)) conflict_[a] = true;  // (numbers are shared terms)
            if (!value_[a]) value_[a] = w;
            return true;
        }
        const std::size_t b = root(slot(w));
        if (a == b) return true;
        parent_[a] = b;
        if (value_[a]) {
            if (value_[b] && !z3::eq(*value_[b], *value_[a])) conflict_[b] = true;
            if (!value_[b]) value_[b] = value_[a];
        }
        if (conflict_[a]) conflict_[b] = true;
        return true;
    }

    z3::context& ctx_;
    std::unordered_map<unsigned, std::size_t> slot_;  // a variable's id -> its slot
    std::vector<z3::expr> vars_;
    std::vector<std::size_t> parent_;
    std::vector<std::optional<z3::expr>> value_;  // by root: the class's number
    std::vector<bool> conflict_;                   // by root: two numbers
};

}  // namespace

bool eliminate_definitions(const z3::expr& conjunction, std::vector<z3::expr>& rest) {
    z3::context& ctx = conjunction.ctx();
    z3::params p(ctx);
    p.set("ite_extra_rules", true);
    z3::expr f = conjunction;
    for (int round = 0;; ++round) {
        // (The conjunction as given is folded already; the rounds' substitutions are not.)
        if (round > 0) f = f.simplify(p);
        if (f.is_false()) return false;
        rest.clear();
        if (f.is_true()) return true;
        flatten_and(f, rest);
        if (round == max_rounds) return true;
        // Copies first, all their chains at once.
        {
            Copies copies(ctx);
            z3::expr_vector kept(ctx);
            for (const z3::expr& part : rest) {
                if (!copies.note(part)) kept.push_back(part);
            }
            z3::expr_vector from(ctx);
            z3::expr_vector to(ctx);
            if (!copies.substitution(from, to)) return false;
            if (!from.empty()) {
                f = z3::mk_and(kept).substitute(from, to);
                continue;
            }
        }
        // The definitions of the round: each of a variable that no other one of them
        // defines or mentions, in a term that holds no variable defined. One substitution
        // then takes them all, as if taken one after the other.
        std::unordered_set<unsigned> defined;
        std::unordered_set<unsigned> in_terms;
        z3::expr_vector from(ctx);
        z3::expr_vector to(ctx);
        z3::expr_vector kept(ctx);
        for (const z3::expr& part : rest) {
            std::optional<Definition> d = definition_of(part);
            std::unordered_set<unsigned> vars;
            if (d) variables_of(d->term, vars);
            const bool take = d && defined.count(d->var.id()) == 0 && in_terms.count(d->var.id()) == 0 &&
                              std::none_of(vars.begin(), vars.end(), [&](unsigned v) { return defined.count(v) > 0; });
            if (!take) {
                kept.push_back(part);
                continue;
            }
            defined.insert(d->var.id());
            in_terms.insert(vars.begin(), vars.end());
            from.push_back(d->var);
            to.push_back(d->term);
        }
        if (from.empty()) return true;
        f = z3::mk_and(kept).substitute(from, to);
    }
}

}  // namespace clpi::chc
