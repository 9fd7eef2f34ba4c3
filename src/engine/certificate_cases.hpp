// The cases of a point's certificate (the memo entries stored there) made fewer without
// changing the formula they make: a case implied by another goes, and cases that differ in
// one variable's interval, which together make one interval, become one case. The search
// stores one entry per goal, so a point after n choices often holds `X = 0, S = k` for each
// k of 0..n; the certificate then says `X = 0, 0 =< S, S =< n` (exact over the integers),
// and each clause the second solver checks is that much smaller.
#pragma once

#include <vector>

#include "solver/solver.hpp"

namespace clpi::engine {

// `cases`: each a conjunction, given by its conjuncts; `integers`: whether the variables are
// integers (then [0, 2] and [3, 5] join). Returns an equivalent list.
std::vector<std::vector<solver::Term>> fewer_cases(solver::Solver& solver,
                                                   std::vector<std::vector<solver::Term>> cases,
                                                   bool integers);

}  // namespace clpi::engine
