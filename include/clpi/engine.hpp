// The verifier: runs one strategy over a checked program.
#pragma once

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <functional>
#include <optional>
#include <string>

#include "clpi/program.hpp"
#include "clpi/result.hpp"

namespace clpi {

// minimax: interpolation plus loop abstraction (looping-parent subsumption with path-based
// invariants, refinement and restart); bounded: interpolation, loops unrolled up to a bound;
// dse: plain path enumeration.
enum class Strategy { minimax, bounded, dse, pdr };

struct Progress {
    std::uint64_t nodes = 0, depth = 0, subsumed = 0, memo_entries = 0;
    double elapsed_s = 0;
};

// Every option of a run, parsed once by the command line and passed down.
struct Options {
    Strategy strategy = Strategy::minimax;
    // How many times a goal may repeat the point of an ancestor on its path. Unset: no bound
    // for minimax and for loop-free programs; default_unroll for the other strategies.
    std::optional<std::uint32_t> unroll;
    static constexpr std::uint32_t default_unroll = 20;
    // minimax without --unroll deepens the unrolling of loops no invariant closes, up to
    // this many unrollings.
    static constexpr std::uint32_t max_deepening = 32;
    // Stop with UNKNOWN (bound) after this many nodes (0: none); minimax's bounded probe.
    std::uint64_t max_nodes = 0;
    double timeout_s = 0;             // 0: none
    std::uint64_t memory_limit_mb = 0;  // 0: none
    // Set from outside (a signal handler) to stop the run: UNKNOWN (interrupted).
    const std::atomic<bool>* interrupt = nullptr;
    // Set by another engine of the same run once it has answered (bounded model checking,
    // property-directed reachability): the run stops as if interrupted, and its result gives
    // way to the other's.
    const std::atomic<bool>* cancel = nullptr;
    // Weaken the interpolants of loop-free subtrees as far as the children's proofs allow
    // (TRACER-X's slackening: `t = 3` becomes `t =< 3` when that still proves the subtree).
    bool slacken = false;
    // minimax: offer loop headers the linear invariants of a polyhedral abstract
    // interpretation of the program as candidates, besides those of the path.
    bool polyhedra = true;
    // The polyhedral analysis keeps the states of a loop apart by which of its branches they
    // have taken, in loops with at most this many branch rules (0: by the rule that enters
    // the loop head only).
    std::uint32_t polyhedra_branches = 6;
    // Plain rounds at a loop head before the polyhedral analysis widens (fewer: weaker facts,
    // sooner).
    std::uint32_t polyhedra_widening_delay = 4;
    // minimax: when a loop must be unrolled because a candidate a refutation needs is not
    // invariant, learn its precondition along the way back as new candidates (inductive
    // strengthening) and restart the header, before unrolling.
    bool learn = true;
    // minimax: when a loop must be unrolled because proofs of a way out of it, explored
    // before its way back, rely on candidates the way back breaks: try the loop's ways back
    // first and restart the header, before unrolling.
    bool reorder = true;
    // minimax: when a loop must be unrolled only because candidates that proofs below its
    // header rely on are not kept by a way back (with all the others the header keeps), drop
    // them for good and restart the header, before learning or reordering.
    bool drop = true;
    // minimax on a program with loops: once the search (the polyhedral analysis first) has
    // run `bmc_after_s` seconds, look for an error by bounded model checking on a second
    // thread beside it (every path of k steps in one incremental solver query, k = 1, 2,
    // ...); a counterexample it finds ends the run, and stops the analysis if it still runs.
    // It finds deep errors behind loops whose bodies branch and behind transitions written
    // as one large disjunction, which the search reaches slowly. The helpers run at a lower
    // priority than the search: with fewer cores than threads, the search keeps its share.
    bool bmc = true;
    double bmc_after_s = 0.2;
    // minimax on a program with loops: at the same time, look for an inductive invariant by
    // property-directed reachability (IC3) on a third thread; an invariant it finds ends the
    // run with SAFE (and is the certificate). It proves transition systems whose invariants
    // relate many flags, which no single path suggests. Programs with arrays are left out.
    bool pdr = true;
    // minimax on a program with loops: once the search has run `reverse_after_s` seconds,
    // run it also on the reversed program (engine/reverse.hpp: from the errors back to the
    // query) on a thread beside it, for a third of the time limit. Its SAFE ends the run (the certificate is the complement of its
    // invariant); the error path it finds is made a counterexample of this program by
    // bounded model checking to its depth. It proves programs whose invariant is simple
    // seen from the error: programs encoded from their end to their start (each point the
    // continuation of the program), loops that keep a disequality.
    bool reverse = true;
    double reverse_after_s = 1.0;
    // Keep the derivation tree (Result::tree) for the exporters; costs memory and time.
    bool record_tree = false;
    // Called about twice a second during a run, when set.
    std::function<void(const Progress&)> on_progress;
};

[[nodiscard]] std::optional<Strategy> strategy_from_string(const std::string& name);
[[nodiscard]] const char* to_string(Strategy s);

// Verifies that no derivation from the query reaches an error. Never exits the process;
// an internal inconsistency (a counterexample that does not replay) throws InternalError.
[[nodiscard]] Result verify(const Program& program, const Options& options);

// Optional: starts the solver's set-up (milliseconds) on another thread, so that it overlaps
// reading the input. Call it before loading the program that verify() will be given; with
// `input_is_converted` (a C program, which takes the converter tens of milliseconds) the
// set-up also makes the solver's first check, which the search would otherwise make.
void prepare_verify(bool input_is_converted = false);
// The seconds this thread has waited, in all, for the solver set-up prepare_verify() started
// (a part that reads the input into the solver's terms, the CHC import, waits for it first).
[[nodiscard]] double solver_setup_wait_s();

struct InternalError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace clpi
