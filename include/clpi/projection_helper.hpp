// Z3's quantifier elimination runs in a helper process: the program's own executable, started
// again with the single argument below. Z3 4.8.12's `qe` tactic crashes now and then (a
// segmentation fault, about one run in twenty on some problems, depending on timing); in a
// helper, such a crash loses one projection instead of the whole run, and an elimination past
// its time bound is ended by killing the helper instead of cancelling Z3 mid-way.
//
// A program that links the clpi library and verifies calls run_as_projection_helper first
// thing in main(). One that does not still works: its projections then run in its own
// process, as they did before helpers.
#pragma once

namespace clpi {

// The argument that makes an executable a projection helper.
inline constexpr const char* projection_helper_argument = "--projection-helper";

// When argv is {program, projection_helper_argument}: serves projections on standard input
// and output until the input ends, then ends the process. Otherwise returns at once.
void run_as_projection_helper(int argc, char** argv);

}  // namespace clpi
