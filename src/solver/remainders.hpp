// Remainders written as a program writes them: Z3's rewriter keeps the coefficients of a
// remainder's argument in 0..m-1 (`-a mod 4` becomes `3*a mod 4`), which a second solver
// then has to relate to the rule's `-a mod 4` by reasoning about two remainders of different
// terms (cvc5 took 1.7 ms for one such clause of examples/sv-div-mod.c's certificate).
#pragma once

#include <z3++.h>

namespace clpi::solver {

// `e` with each coefficient of a variable in the argument of `t mod m` (m a number >= 2)
// taken in -m/2 < c <= m/2 instead: `3*a mod 4` is `-a mod 4`. The same value (a remainder
// depends on its argument modulo m only); the rest of `e` is as it was.
[[nodiscard]] z3::expr balanced_remainders(const z3::expr& e);

}  // namespace clpi::solver
