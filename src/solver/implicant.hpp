// The literals of a formula that make it true in a model (an implicant, as Spacer computes
// before its model-based projection): where the formula holds by one disjunct, only that
// disjunct's literals are kept; an ite keeps its condition and the branch taken.
//
// Projected as it is, a CHC transition that is one large disjunction gives back that whole
// disjunction over the earlier state, a "cube" of one huge literal that no generalization
// can weaken; projected from its implicant, it gives a conjunction of comparisons over the
// earlier state alone, true in the model.
#pragma once

#include <vector>

#include <z3++.h>

namespace clpi::solver {

// Literals (comparisons, Boolean constants, their negations), each true in `model`, whose
// conjunction implies `formula`; `formula` must be true in `model` (completed evaluation).
// A disequality between numbers becomes the strict comparison the model takes.
[[nodiscard]] std::vector<z3::expr> implicant(const z3::expr& formula, const z3::model& model);

}  // namespace clpi::solver
