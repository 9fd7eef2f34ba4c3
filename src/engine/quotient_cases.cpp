#include "engine/quotient_cases.hpp"

#include <optional>
#include <utility>
#include <vector>

namespace clpi::engine {

namespace {

bool is_integer_constant(const Expr& e) { return e.kind == ExprKind::constant && denominator(e.value) == 1; }

// Whether e is linear with integer coefficients over integer variables (its values are
// integers, as the cases below need).
bool integer_linear(const Expr& e, const std::vector<Variable>& vars) {
    switch (e.kind) {
    case ExprKind::constant: return denominator(e.value) == 1;
    case ExprKind::variable: return e.var < vars.size() && vars[e.var].type == Type::integer;
    case ExprKind::neg: return integer_linear(e.args[0], vars);
    case ExprKind::add:
    case ExprKind::sub: return integer_linear(e.args[0], vars) && integer_linear(e.args[1], vars);
    case ExprKind::mul:
        return (is_integer_constant(e.args[0]) && integer_linear(e.args[1], vars)) ||
               (is_integer_constant(e.args[1]) && integer_linear(e.args[0], vars));
    default: return false;
    }
}

// The path (argument indices) to the first `e mod k` or `e div k` in e with a constant k
// above `kept` and e linear.
std::optional<std::vector<std::size_t>> find_term(const Expr& e, const std::vector<Variable>& vars,
                                                  const Integer& kept) {
    if ((e.kind == ExprKind::mod || e.kind == ExprKind::div) && is_integer_constant(e.args[1]) &&
        numerator(e.args[1].value) > kept && integer_linear(e.args[0], vars)) {
        return std::vector<std::size_t>{};
    }
    for (std::size_t i = 0; i < e.args.size(); ++i) {
        if (auto path = find_term(e.args[i], vars, kept)) {
            path->insert(path->begin(), i);
            return path;
        }
    }
    return std::nullopt;
}

const Expr& at(const Expr& e, const std::vector<std::size_t>& path) {
    const Expr* x = &e;
    for (std::size_t i : path) x = &x->args[i];
    return *x;
}

Expr& at(Expr& e, const std::vector<std::size_t>& path) {
    Expr* x = &e;
    for (std::size_t i : path) x = &x->args[i];
    return *x;
}

Constraint compare(RelOp op, Expr lhs, const Integer& rhs, SourceLoc loc) {
    Constraint c;
    c.op = op;
    c.lhs = std::move(lhs);
    c.rhs = Expr::constant(Number(rhs), loc);
    c.loc = loc;
    return c;
}

// The four cases of the term at `path` in c (on its left side when `left`).
Constraint cases_of(const Constraint& c, bool left, const std::vector<std::size_t>& path) {
    const Expr& term = at(left ? c.lhs : c.rhs, path);
    const Expr inner = term.args[0];
    const Integer k = numerator(term.args[1].value);
    const bool mod = term.kind == ExprKind::mod;
    const SourceLoc loc = c.loc;
    auto with = [&](Expr replacement) {
        Constraint out = c;
        at(left ? out.lhs : out.rhs, path) = std::move(replacement);
        return out;
    };
    Constraint split;
    split.loc = loc;
    // q = 0: e mod k = e, e div k = 0.
    split.cases.push_back({compare(RelOp::ge, inner, 0, loc), compare(RelOp::le, inner, k - 1, loc),
                           with(mod ? inner : Expr::constant(Number(0), loc))});
    // q = 1: e mod k = e - k, e div k = 1.
    split.cases.push_back(
        {compare(RelOp::ge, inner, k, loc), compare(RelOp::le, inner, 2 * k - 1, loc),
         with(mod ? Expr::op(ExprKind::sub, {inner, Expr::constant(Number(k), loc)}, loc)
                  : Expr::constant(Number(1), loc))});
    // Any other q: the term as it was.
    split.cases.push_back({compare(RelOp::lt, inner, 0, loc), c});
    split.cases.push_back({compare(RelOp::ge, inner, 2 * k, loc), c});
    return split;
}

// The first constraint of r with such a term: its index, the side, the path.
struct Site {
    std::size_t constraint = 0;
    bool left = true;
    std::vector<std::size_t> path;
};

std::optional<Site> site_of(const Rule& r, const Integer& kept) {
    for (const Constraint& c : r.constraints) {
        if (c.is_disjunction()) return std::nullopt;  // the analysis takes one disjunction by cases
    }
    for (std::size_t i = 0; i < r.constraints.size(); ++i) {
        const Constraint& c = r.constraints[i];
        if (auto path = find_term(c.lhs, r.vars, kept)) return Site{i, true, std::move(*path)};
        if (auto path = find_term(c.rhs, r.vars, kept)) return Site{i, false, std::move(*path)};
    }
    return std::nullopt;
}

}  // namespace

std::optional<Program> split_quotient_cases(const Program& program, const Integer& largest_kept_modulus) {
    std::optional<Program> out;
    for (std::size_t ri = 0; ri < program.rules.size(); ++ri) {
        std::optional<Site> site = site_of(program.rules[ri], largest_kept_modulus);
        if (!site) continue;
        if (!out) out = program;
        Constraint& c = out->rules[ri].constraints[site->constraint];
        c = cases_of(c, site->left, site->path);
    }
    return out;
}

}  // namespace clpi::engine
