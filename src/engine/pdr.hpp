// Property-directed reachability (IC3 / PDR, as in Spacer for linear Horn clauses) over the
// program's points: frames F_1, F_2, ... per point, each a conjunction of lemmas that
// over-approximate the states reachable in at most k steps. A state at level k that can reach
// an error is blocked by a lemma learnt from the unsat core of its one-step predecessor query
// (with the lemma itself assumed on a loop's way back, relative induction), or leads to a
// predecessor at level k - 1, found by Z3's model-based projection. When pushing lemmas
// forward leaves a level with none of its own, that frame is an inductive invariant: SAFE,
// with the frame as the certificate.
//
// Where the goal-reduction search learns from one path at a time, this learns lemmas over
// any of the state's variables from whole steps: it proves the transition systems of CHC
// problems (one state predicate over dozens of Boolean streams, a step that is one large
// disjunction), whose invariants are relations between flags that no path suggests. A path
// to an error is retraced from the query's states through the chain of obligations, one
// rule per step, and replayed.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

#include "clpi/program.hpp"
#include "clpi/result.hpp"

namespace clpi::engine {

struct PdrLimits {
    double timeout_s = 0;                     // 0: none
    const std::atomic<bool>* stop = nullptr;  // set from another thread to end the run
    std::uint32_t max_level = 10'000;
};

struct PdrResult {
    enum class Outcome { safe, unsafe, unknown } outcome = Outcome::unknown;
    std::optional<Certificate> certificate;  // with safe: the inductive frame, per point
    std::uint32_t level = 0;       // frames made
    std::uint32_t steps = 0;       // with unsafe: the rules of the path to an error it found
    std::optional<Counterexample> counterexample;  // with unsafe: that path, replayed
    std::uint64_t lemmas = 0;      // learnt (the certificate keeps those of the inductive frame)
    std::uint64_t obligations = 0; // states blocked or traced back
    std::uint64_t checks = 0;      // solver checks
    std::uint64_t eliminations = 0;  // lemmas made stronger by eliminating a shared variable
    std::uint64_t eliminations_around = 0;  // of those, once blocked around a loop (blocked_around)
    std::uint64_t ctgs = 0;        // states blocked so that a literal could leave a lemma
    double time_s = 0;
    std::string ended;             // why it ended without an answer
};

// Nothing to run (ended says why) for programs with arrays.
[[nodiscard]] PdrResult property_directed_reachability(const Program& program, const PdrLimits& limits);

}  // namespace clpi::engine
