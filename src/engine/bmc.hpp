// Bounded model checking: the program's transition relation unrolled step by step into one
// incremental solver query, asking after each step whether an error rule can fire there.
// Where the goal-reduction search pays per node (entailment, projection, interpolants) and
// per path (a loop body with two branches doubles the paths at every iteration), one query
// covers every path of k steps at once; it finds deep errors behind branching loops and
// transitions written as one large disjunction. It proves nothing safe.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

#include "clpi/program.hpp"
#include "clpi/result.hpp"

namespace clpi::engine {

struct BmcLimits {
    std::uint32_t max_depth = 1'000'000;  // steps
    // The rule instances the query may hold (its memory grows with them: a C program of a
    // few hundred rules unrolled for a minute would fill gigabytes).
    std::uint64_t max_rule_instances = 200'000;
    double timeout_s = 0;                 // 0: none
    const std::atomic<bool>* stop = nullptr;  // set from another thread to end the run
    // The share of the wall time it may work: after each step it pauses for as long as the
    // step took times (1 / duty - 1). Below 1 where it shares a small machine with a search.
    double duty = 1.0;
};

struct BmcResult {
    std::optional<Counterexample> counterexample;  // replayed, as every counterexample is
    std::uint32_t depth = 0;    // the steps unrolled (the counterexample's, when found)
    std::uint64_t checks = 0;   // solver checks made
    double time_s = 0;
    std::string ended;          // why it ended without a counterexample
};

// Unrolls from the query, one step per check, until an error is reachable, no state is (every
// path ended), a limit is met, or `stop` is set. A step's rule is chosen by an integer per
// step, so any number of rules per point costs one variable; the states of each predicate's
// points share one vector per step. Makes its own solver on the calling thread.
[[nodiscard]] BmcResult bounded_model_check(const Program& program, const BmcLimits& limits);

// The same as an engine beside the search (beside.hpp): on two hardware threads or fewer it
// works half the time; a failure that the stop did not cause is its `ended`. Throws
// InternalError when its counterexample does not replay.
[[nodiscard]] BmcResult bounded_model_check_beside(const Program& program, const std::atomic<bool>& stop,
                                                   double timeout_s);

}  // namespace clpi::engine
