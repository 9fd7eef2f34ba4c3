// Linear equations among a loop header's projected state, solved for the positions the loop
// changes: `x = N ∧ y = N ∧ i = 0` defines x, y and i by terms over the positions the loop
// keeps, and so suggests the candidates x - y = 0 and y - i = N (TRACER-X's motivating
// loop needs the last one).
#include "solver/linear.hpp"
#include "solver/solver_impl.hpp"

namespace clpi::solver {

std::optional<Linear> linear(const z3::expr& e) {
    Linear out;
    std::uint32_t i = 0;
    if (e.is_numeral()) {
        out.constant = numeral_number(e);
        return out;
    }
    if (e.is_arith() && is_point_var(e, i)) {  // not `$ia`, an array
        out.coefficients[i] = 1;
        return out;
    }
    if (!e.is_app()) return std::nullopt;
    switch (e.decl().decl_kind()) {
    case Z3_OP_ADD:
    case Z3_OP_SUB:
        for (unsigned k = 0; k < e.num_args(); ++k) {
            auto part = linear(e.arg(k));
            if (!part) return std::nullopt;
            bool minus = e.decl().decl_kind() == Z3_OP_SUB && k > 0;
            out.add(*part, minus ? -1 : 1);
        }
        return out;
    case Z3_OP_UMINUS: {
        auto part = linear(e.arg(0));
        if (!part) return std::nullopt;
        out.add(*part, -1);
        return out;
    }
    case Z3_OP_MUL: {
        Number factor = 1;
        std::optional<Linear> rest;
        for (unsigned k = 0; k < e.num_args(); ++k) {
            if (e.arg(k).is_numeral()) {
                factor *= numeral_number(e.arg(k));
            } else if (rest) {
                return std::nullopt;  // a product of two unknowns
            } else if (!(rest = linear(e.arg(k)))) {
                return std::nullopt;
            }
        }
        if (rest) out.add(*rest, factor);
        else out.constant = factor;
        return out;
    }
    case Z3_OP_TO_REAL: return linear(e.arg(0));
    default: return std::nullopt;
    }
}

std::optional<Row> comparison_row(const z3::expr& t, bool integer, bool negations) {
    z3::expr e = t;
    bool negated = false;
    while (negations && e.is_app() && e.decl().decl_kind() == Z3_OP_NOT) {
        negated = !negated;
        e = e.arg(0);
    }
    if (!e.is_app() || e.num_args() != 2 || !e.arg(0).is_arith()) return std::nullopt;
    auto lhs = linear(e.arg(0));
    auto rhs = linear(e.arg(1));
    if (!lhs || !rhs) return std::nullopt;
    Linear d = *lhs;  // lhs - rhs
    d.add(*rhs, -1);
    Linear flipped;  // rhs - lhs
    flipped.add(d, -1);
    Z3_decl_kind k = e.decl().decl_kind();
    if (negated) {
        switch (k) {
        case Z3_OP_LE: k = Z3_OP_GT; break;
        case Z3_OP_LT: k = Z3_OP_GE; break;
        case Z3_OP_GE: k = Z3_OP_LT; break;
        case Z3_OP_GT: k = Z3_OP_LE; break;
        default: return std::nullopt;  // a disequation
        }
    }
    Row r;
    switch (k) {
    case Z3_OP_EQ: r.form = d; r.equation = true; return r;
    case Z3_OP_LE: r.form = d; return r;
    case Z3_OP_GE: r.form = flipped; return r;
    case Z3_OP_LT:
        if (!integer) return std::nullopt;
        r.form = d;
        r.form.constant += 1;
        return r;
    case Z3_OP_GT:
        if (!integer) return std::nullopt;
        r.form = flipped;
        r.form.constant += 1;
        return r;
    default: return std::nullopt;
    }
}

namespace {

bool integral(const Linear& l) {
    if (denominator(l.constant) != 1) return false;
    for (const auto& [i, c] : l.coefficients) {
        if (denominator(c) != 1) return false;
    }
    return true;
}

}  // namespace

std::vector<std::pair<std::uint32_t, Term>> Solver::definitions(std::span<const Term> conjuncts,
                                                                const std::vector<bool>& solve_for) {
    // Each equation as a row `form = 0`; projections often state one as two inequalities
    // (`k - n =< 0 ∧ k - n >= 0`), so opposite inequalities `form =< 0` pair up into one.
    std::vector<Linear> rows, at_most_zero;
    for (Term t : conjuncts) {
        std::optional<Row> r = comparison_row(impl_->at(t), impl_->domain == Domain::integer, false);
        if (!r) continue;
        (r->equation ? rows : at_most_zero).push_back(std::move(r->form));
    }
    for (std::size_t a = 0; a < at_most_zero.size(); ++a) {
        for (std::size_t b = a + 1; b < at_most_zero.size(); ++b) {
            if (at_most_zero[a].coefficients.empty()) continue;
            // Opposite when a + b·(|ca| / |cb|) vanishes, scaled on the first coefficient.
            const auto& [var, ca] = *at_most_zero[a].coefficients.begin();
            auto cb = at_most_zero[b].coefficients.find(var);
            if (cb == at_most_zero[b].coefficients.end() || (ca > 0) == (cb->second > 0)) continue;
            Linear sum = at_most_zero[a];
            sum.add(at_most_zero[b], -ca / cb->second);
            if (sum.coefficients.empty() && sum.constant == 0) rows.push_back(at_most_zero[a]);
        }
    }
    // Gauss-Jordan elimination with pivots only on the positions to solve for.
    std::vector<std::pair<std::uint32_t, std::size_t>> pivots;  // position, row
    std::vector<bool> used(rows.size(), false);
    for (std::uint32_t v = 0; v < solve_for.size(); ++v) {
        if (!solve_for[v]) continue;
        std::size_t r = 0;
        while (r < rows.size() && (used[r] || !rows[r].coefficients.contains(v))) ++r;
        if (r == rows.size()) continue;
        used[r] = true;
        Linear pivot = rows[r];
        Number scale = 1 / pivot.coefficients.at(v);
        rows[r] = Linear{};
        rows[r].add(pivot, scale);
        for (std::size_t o = 0; o < rows.size(); ++o) {
            auto it = rows[o].coefficients.find(v);
            if (o == r || it == rows[o].coefficients.end()) continue;
            Number factor = -it->second;
            rows[o].add(rows[r], factor);
        }
        pivots.emplace_back(v, r);
    }
    // A pivot row that mentions no other position to solve for defines its position.
    std::vector<std::pair<std::uint32_t, Term>> out;
    for (const auto& [v, r] : pivots) {
        Linear def;  // v = def
        bool free = true;
        for (const auto& [i, c] : rows[r].coefficients) {
            if (i == v) continue;
            if (i < solve_for.size() && solve_for[i]) free = false;
            def.coefficients[i] = -c;
        }
        def.constant = -rows[r].constant;
        if (!free || (impl_->domain == Domain::integer && !integral(def))) continue;
        z3::expr term = impl_->number(def.constant);
        for (const auto& [i, c] : def.coefficients) {
            z3::expr x = impl_->at(point_var(i, Type::integer));
            term = term + (c == 1 ? x : impl_->number(c) * x);
        }
        out.emplace_back(v, impl_->add(term.simplify()));
    }
    return out;
}

Term Solver::linear_sum(std::span<const std::pair<Number, Term>> parts, const Number& constant) {
    z3::expr sum = impl_->number(constant);
    for (const auto& [factor, t] : parts) sum = sum + impl_->number(factor) * impl_->at(t);
    return impl_->add(sum.simplify());
}

Term Solver::at_least(Term a, Term b) { return impl_->add(impl_->at(a) >= impl_->at(b)); }
Term Solver::at_most(Term a, Term b) { return impl_->add(impl_->at(a) <= impl_->at(b)); }

Term Solver::congruence(Term x, const Integer& modulus, const Integer& residue) {
    z3::expr m = impl_->number(Number(modulus));
    return impl_->add(z3::mod(impl_->at(x), m) == impl_->number(Number(residue)));
}

Term Solver::difference_equation(std::uint32_t i, std::uint32_t j, Term ti, Term tj, int sign) {
    z3::expr x = impl_->at(point_var(i, Type::integer));
    z3::expr y = impl_->at(point_var(j, Type::integer));
    if (sign > 0) return impl_->add(x + y == (impl_->at(ti) + impl_->at(tj)).simplify());
    return impl_->add(x - y == (impl_->at(ti) - impl_->at(tj)).simplify());
}

}  // namespace clpi::solver
