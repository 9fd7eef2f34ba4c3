// The cases of a quotient by a large constant, for the polyhedral analysis.
//
// A wrap-around counter, `c' = (c + 1) mod 1000`, is stated by the analysis through a
// quotient variable q with 1000·q =< c + 1 =< 1000·q + 999. Over the rationals q may lie
// anywhere between 0 and 1 once c is near the top, so the step that wraps (c' = 0) and the
// steps that do not (c' = c + 1) are joined into one convex set that holds neither, and a
// phase that depends on c (acc += 2 while c < 500) is lost at the first wrap.
//
// Here the rule's first such term `e mod k` or `e div k` (k a constant above the moduli the
// analysis keeps remainders of, e linear) is split into the cases of its quotient: e in
// [0, k - 1] (e mod k = e, e div k = 0), e in [k, 2k - 1] (e - k and 1), and e below 0 or
// from 2k on, where the term stays. Each case is exact and their union is the rule, so the
// analysis stays sound; a loop that remembers its branches takes each case as a branch of
// its own, and the part after the wrap keeps apart from those before it.
#pragma once

#include <optional>

#include "clpi/program.hpp"

namespace clpi::engine {

// The program with, in each rule without a disjunction at the top of its body, the first
// quotient or remainder by a constant above `largest_kept_modulus` split into its cases (a
// disjunction of four); none when no rule has one.
[[nodiscard]] std::optional<Program> split_quotient_cases(const Program& program,
                                                          const Integer& largest_kept_modulus);

}  // namespace clpi::engine
