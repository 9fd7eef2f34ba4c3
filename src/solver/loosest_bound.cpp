// Loosening a bound: slackening's second step (TRACER-X widens `v = e` into `v =< e'` with e'
// as far out as the proof below allows).
#include "solver/solver_impl.hpp"

namespace clpi::solver {

std::optional<Term> Solver::loosest_bound(Term atom, std::span<const Term> state,
                                          std::span<const Type> types, Term avoid) {
    const z3::expr& a = impl_->at(atom);
    if (!a.is_app() || a.num_args() != 2 || !a.arg(0).is_int() || !a.arg(1).is_int()) {
        return std::nullopt;
    }
    // The atom says e =< 0.
    z3::expr e(impl_->ctx);
    switch (a.decl().decl_kind()) {
    case Z3_OP_LE: e = a.arg(0) - a.arg(1); break;
    case Z3_OP_GE: e = a.arg(1) - a.arg(0); break;
    case Z3_OP_LT: e = a.arg(0) - a.arg(1) + 1; break;
    case Z3_OP_GT: e = a.arg(1) - a.arg(0) + 1; break;
    default: return std::nullopt;
    }
    const Term e_term = impl_->add(e);
    const z3::expr e_at = impl_->at(instantiate(e_term, state, types));

    // The least e over `avoid`, by bisection between a bound known to avoid it (0: the atom
    // itself, which the caller's proof shows) and the value of e in a model of `avoid`.
    // Models move the upper end down quickly; these problems are small, and a solver
    // check each costs less than setting up Z3's optimiser once.
    z3::solver& scratch = impl_->scratch;
    {
        auto timer = impl_->upkeep();
        scratch.push();
        scratch.add(impl_->at(avoid));
    }
    impl_->core_solver = &scratch;
    auto value_in_model = [&]() -> std::optional<Integer> {
        z3::expr v = scratch.get_model().eval(e_at, true);
        if (!v.is_numeral()) return std::nullopt;
        Number n = numeral_number(v);
        if (denominator(n) != 1) return std::nullopt;
        return Integer(numerator(n));
    };
    std::optional<Term> result;
    Answer first = impl_->timed_check(z3::expr_vector(impl_->ctx), Purpose::entailment, false);
    if (first == Answer::unsat) {
        result = impl_->true_term;  // nothing to avoid: any bound will do
    } else if (first == Answer::sat) {
        Integer low = 0;  // avoid ∧ e =< low is unsatisfiable
        std::optional<Integer> high = value_in_model();  // avoid ∧ e =< high is satisfiable
        constexpr int max_checks = 40;
        for (int i = 0; high && high.value() - low > 1 && i < max_checks; ++i) {
            Integer mid = low + (high.value() - low) / 2;
            z3::expr_vector assume(impl_->ctx);
            z3::expr lit = impl_->ctx.bool_const("loosest_bound!probe");
            scratch.push();
            scratch.add(z3::implies(lit, e_at <= impl_->number(Number(mid))));
            assume.push_back(lit);
            Answer answer = impl_->timed_check(assume, Purpose::entailment, false);
            if (answer == Answer::unsat) {
                low = mid;
            } else if (answer == Answer::sat) {
                std::optional<Integer> v = value_in_model();
                high = v && v.value() < mid ? v : std::optional<Integer>(mid);
            } else {
                high.reset();  // the solver cannot tell: stop at what is proved
            }
            scratch.pop();
        }
        if (low > 0) result = impl_->add((e <= impl_->number(Number(low))).simplify());
    }
    impl_->core_solver = &impl_->tracked;
    {
        auto timer = impl_->upkeep();
        scratch.pop();
    }
    return result;
}

}  // namespace clpi::solver
