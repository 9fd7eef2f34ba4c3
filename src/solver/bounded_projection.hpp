// Quantifier elimination by Z3's tactics, bounded in time, in a Z3 context of its own, in
// this process: what ProjectionProcess falls back on when no helper process can be started
// (solver/projection_process.hpp), and the tactic that the helper runs.
//
// Why not Z3's own bound (`try_for`): its timer cancels the tactic from one of Z3's threads,
// and with Debian's Z3 4.8.12 that crashed a run now and then (a segmentation fault inside
// `qe`, in about one run in six on problems where projections often run out of time; none
// in the same runs unbounded). Here the bound is a thread of ours, and a context whose
// tactic was cancelled is thrown away with everything made in it, so no state a cancelled
// elimination left behind is used again. The caller's context is never cancelled.
#pragma once

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include <z3++.h>

namespace clpi::solver {

// Z3's tactics that eliminate quantifiers (simplify, qe-light, qe, simplify), and their use on
// one formula of the tactic's context: its subgoals' disjunction. Throws z3::exception when
// Z3 gives up or fails.
z3::tactic quantifier_elimination(z3::context& c);
z3::expr eliminate_quantifiers(z3::tactic& tactic, const z3::expr& f);

class BoundedProjection {
public:
    explicit BoundedProjection(std::chrono::milliseconds bound);
    ~BoundedProjection();
    BoundedProjection(const BoundedProjection&) = delete;
    BoundedProjection& operator=(const BoundedProjection&) = delete;

    // `f` (a formula of any context, usually with existential quantifiers) simplified and
    // its quantifiers eliminated, as an expression of f's context; nothing when Z3 gave up,
    // failed, ran past the bound or was interrupted. The result may still hold quantifiers
    // when elimination did not remove them all: the caller checks.
    std::optional<z3::expr> eliminate(const z3::expr& f);

    // From any thread: the elimination under way, if any, stops (the run is over).
    void interrupt();

    // Eliminations cut short by the bound or by interrupt(), since construction.
    unsigned cut_short() const;

private:
    void watch();
    void cancel_locked();

    const std::chrono::milliseconds bound_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    // Made at the first elimination and after each cancelled one; the tactic before the
    // context, so that it is freed first.
    std::unique_ptr<z3::context> context_;
    std::optional<z3::tactic> tactic_;
    std::optional<std::chrono::steady_clock::time_point> deadline_;  // set while eliminating
    bool cancelled_ = false;  // the current elimination was cancelled
    bool stopping_ = false;
    unsigned cut_short_ = 0;
    std::thread timer_;  // started at the first elimination
};

}  // namespace clpi::solver
