// The variables that a conjunction's conjuncts define, eliminated, for a decision of
// whether it can hold (not for the rules: what is left is Z3's simplifier's writing).
#pragma once

#include <vector>

#include <z3++.h>

namespace clpi::chc {

// Rewrites `conjunction` (folded already: unit_propagate) by rounds: every conjunct that
// defines a variable no other definition of the round mentions (`b`, `not b`, `b = f`,
// `x = t`, a linear equation with a term `x` or `-x`) is taken out and its variable
// replaced by what it is equal to, then Z3's simplifier rewrites the rest (with its rules
// for an `ite` compared with a number: `0 = ite(b, 1, 0)` is `not b`). ∃x (x = t ∧ F) is
// F[t/x] when x is not in t, so what is left, `rest` (its conjuncts), can hold exactly when
// the conjunction can. False when it cannot hold: a conjunct became `false`. An LLVM
// program's Booleans widened to integers (`x = ite(b, 1, 0), x = 0`) and the copies its
// temporaries make (`c6 = 1, c4 = c6, c4 != c3`) leave conjuncts that each have a variable
// of their own only once they are eliminated.
[[nodiscard]] bool eliminate_definitions(const z3::expr& conjunction, std::vector<z3::expr>& rest);

}  // namespace clpi::chc
