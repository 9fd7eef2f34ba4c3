// A clause of a certificate refuted by linear arithmetic, before any solver is asked: what it
// assumes together with the negation of what it concludes has no solution.
//
// The formulas are split into cases at their disjunctions, a bounded number: what the clause
// assumes first, then the goal's, where a disjunction whose ways the literals taken decide,
// or all but one of whose ways are refuted at once, is taken without a split. Each case's
// comparisons of linear terms are shown to have no solution by Fourier-Motzkin elimination
// over the rationals, exact (in 128-bit integers; past them the solver decides), where every
// inequality of integers alone is tightened (`x < 3` is `x <= 2`, `2x <= 3` is `x <= 1`),
// equalities are put in first and two opposite inequalities are an equality: what has no
// rational solution after that has no integer one.
//
// `(mod t k)` and `(div t k)` of a numeral k are the r and q of `t = k·q + r`, 0 <= r < |k|,
// as SMT-LIB defines them. A read after a write, `select(store(a, i, v), j)` (a store, or an
// array the clause equates with one), is v where i = j and `select(a, j)` where not: a
// literal with one is split into those two cases. Any other part (a Boolean constant, a
// quantifier, another read of an array, a product of unknowns) is one unknown by its text:
// a case that holds it and its negation has no solution, and otherwise what is known of it
// is left out, which can only leave a solution that is not there. So a refutation here is a
// proof; its failure proves nothing and the clause goes to the solver.
#pragma once

#include <vector>

#include "chc/sexpr.hpp"

namespace clpi::at_sight {

// True when the conjunction of `facts` and the negation of `goal` is refuted as above. With
// `integer_constants`, each constant of the formulas is an integer (otherwise a real).
[[nodiscard]] bool refuted_linearly(const std::vector<const sexpr::Node*>& facts, const sexpr::Node& goal,
                                    bool integer_constants);

}  // namespace clpi::at_sight
