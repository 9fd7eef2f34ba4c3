// Small classes of conjuncts shown to hold by values tried for their few variables.
#pragma once

#include <vector>

#include <z3++.h>

#include "chc/formula.hpp"

namespace clpi::chc {

// Whether the conjunction of `conjuncts` holds, when it shows so: the conjuncts are joined
// in classes by the variables they share (classes share none, so each holds alone), and
// each class either falls to variables of its own (solver/own_variables.hpp) or has at
// most three variables, and values tried for them (0, ±1, and the numbers of its conjuncts
// and their neighbours) make it true. A loop's test and a parity test of one counter
// (`x >= 5000, x mod 2 = 0`), or two bounds of one difference (`x - y >= 1, x - y > 1`),
// hold so. False says nothing.
[[nodiscard]] bool satisfied_by_values_tried(const std::vector<z3::expr>& conjuncts, SightConjuncts& sight);

}  // namespace clpi::chc
