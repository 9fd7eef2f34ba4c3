// One point variable eliminated from a conjunction of linear comparisons by Fourier-Motzkin:
// an equation that mentions it is solved for it and substituted into the others; otherwise
// each lower bound is added to each upper bound, scaled so that the variable cancels. Over
// the rationals the result is exactly ∃ v. conjunction; over the integers it is implied by
// it (it may admit values of the others that no integer v completes), so a caller that
// needs the result to mean more checks it.
//
// Property-directed reachability uses it to generalize a lemma's cube: from
// `k =< x ∧ y - x > z - k`, blocked for k = 1, 2, 3, ... one value at a time, eliminating x
// gives `y > z`, which covers them all.
#include <algorithm>
#include <numeric>

#include "solver/linear.hpp"
#include "solver/solver_impl.hpp"

namespace clpi::solver {

namespace {

Number coefficient(const Linear& l, std::uint32_t v) {
    auto it = l.coefficients.find(v);
    return it == l.coefficients.end() ? Number(0) : it->second;
}

// The row with integer coefficients and no common factor among the variables' (an
// inequality's constant rounded up over the integers: exactly the same integer points).
Row normalized(Row r, bool integer) {
    using boost::multiprecision::denominator;
    using boost::multiprecision::numerator;
    Integer scale = denominator(r.form.constant);
    for (const auto& [i, c] : r.form.coefficients) scale = boost::multiprecision::lcm(scale, Integer(denominator(c)));
    Linear scaled;
    scaled.add(r.form, Number(scale));
    Integer g = 0;
    for (const auto& [i, c] : scaled.coefficients) g = boost::multiprecision::gcd(g, Integer(numerator(c)));
    if (g > 1) {
        Linear divided;
        divided.add(scaled, Number(1) / Number(g));
        if (!r.equation && integer) {
            // Σ c x + k =< 0 with g | every c: Σ (c/g) x + ceil(k/g) =< 0.
            Number k = divided.constant;
            Integer n = numerator(k), d = denominator(k);
            Integer up = n / d;
            if (up * d < n) up += 1;
            divided.constant = Number(up);
        }
        scaled = divided;
    }
    r.form = scaled;
    return r;
}

}  // namespace

std::optional<std::vector<Term>> Solver::eliminate_linear(std::span<const Term> conjuncts, std::uint32_t v) {
    const bool integer = impl_->domain == Domain::integer;
    std::vector<Term> out;
    std::vector<Row> with;  // the conjuncts that mention v
    for (Term t : conjuncts) {
        const z3::expr& e = impl_->at(t);
        std::vector<std::uint32_t> vars = point_vars_in(t);
        if (!std::binary_search(vars.begin(), vars.end(), v)) {
            out.push_back(t);
            continue;
        }
        std::optional<Row> r = comparison_row(e, integer, true);
        if (!r || coefficient(r->form, v) == 0) return std::nullopt;  // v inside something else
        with.push_back(std::move(*r));
    }
    std::vector<Row> rows;
    auto pivot = std::find_if(with.begin(), with.end(), [](const Row& r) { return r.equation; });
    if (pivot != with.end()) {
        // c v + rest = 0: each other row a v + ... (op) 0 becomes |c| row - sign(c) a pivot.
        const Number c = coefficient(pivot->form, v);
        for (auto it = with.begin(); it != with.end(); ++it) {
            if (it == pivot) continue;
            Row r;
            r.equation = it->equation;
            r.form.add(it->form, c > 0 ? c : -c);
            r.form.add(pivot->form, (c > 0 ? -1 : 1) * coefficient(it->form, v));
            rows.push_back(std::move(r));
        }
    } else {
        // a v + l =< 0 with a < 0 is a lower bound, b v + u =< 0 with b > 0 an upper one:
        // b (a v + l) - a (b v + u) = b l - a u =< 0.
        for (const Row& lower : with) {
            const Number a = coefficient(lower.form, v);
            if (a >= 0) continue;
            for (const Row& upper : with) {
                const Number b = coefficient(upper.form, v);
                if (b <= 0) continue;
                Row r;
                r.form.add(lower.form, b);
                r.form.add(upper.form, -a);
                rows.push_back(std::move(r));
            }
        }
    }
    for (Row& r : rows) {
        r.form.coefficients.erase(v);  // exactly zero already; no rounding error to keep
        r = normalized(std::move(r), integer);
        const Linear& f = r.form;
        if (f.coefficients.empty()) {
            // A comparison of numbers: true adds nothing; false makes the cube empty.
            bool holds = r.equation ? f.constant == 0 : f.constant <= 0;
            if (!holds) return std::vector<Term>{impl_->add(impl_->ctx.bool_val(false))};
            continue;
        }
        z3::expr sum = impl_->number(0);
        bool first = true;
        for (const auto& [i, c] : f.coefficients) {
            z3::expr x = impl_->at(point_var(i, Type::integer));
            z3::expr part = c == 1 ? x : impl_->number(c) * x;
            sum = first ? part : sum + part;
            first = false;
        }
        z3::expr bound = impl_->number(-f.constant);
        out.push_back(impl_->add(r.equation ? sum == bound : sum <= bound));
    }
    return out;
}

}  // namespace clpi::solver
