// The exploration loop shared by the strategies: depth-first goal reduction from the query,
// with an explicit stack (deep paths must not exhaust the C++ stack).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "clpi/engine.hpp"
#include "clpi/program.hpp"
#include "clpi/result.hpp"
#include "engine/counterexample.hpp"
#include "engine/limits.hpp"
#include "engine/memo.hpp"
#include "engine/reduce.hpp"
#include "solver/solver.hpp"

namespace clpi::engine {

// What distinguishes the strategies that share this loop.
struct StrategyTraits {
    Strategy strategy = Strategy::bounded;
    // Learn interpolants from unsat cores, store them, prune by subsumption.
    bool interpolate = true;
};

class Explorer {
public:
    Explorer(const Program& program, const Options& options, StrategyTraits traits);
    Result run();

private:
    // A goal being expanded: it lies on the current path.
    struct Frame {
        std::uint64_t node = 0;
        PointId point = no_point;
        std::vector<Term> state;
        std::uint32_t depth = 0;
        std::size_t cells_begin = 0;          // cells [cells_begin, cells_end): its transition
        std::size_t cells_end = 0;            // cells [0, cells_end) are this goal's prefix
        std::size_t next_rule = 0;            // next of Point::rules to try
        std::vector<solver::CellId> max_cells;  // prefix cells annotated max (the rest: neutral)
        bool complete = true;                 // no part of the subtree was cut or unknown
        // The last projection of a set of max cells of the prefix onto this goal's state,
        // kept so that the goals above it compose theirs from it instead of projecting the
        // whole path again: valid for a set whose part in this transition is `proj_segment`
        // and whose part below is the projection stamped `proj_base` (0: none yet).
        std::vector<solver::CellId> proj_segment;
        std::optional<Term> proj_value;       // nothing: elimination failed
        std::uint64_t proj_stamp = 0;
        std::uint64_t proj_base = 0;
    };
    enum class Visit { expanded, finished, error };

    Visit visit(const Transition& t, PathStep step, std::uint32_t depth);
    solver::Answer feasible(const Transition& t);
    void set_call_timeout();
    // Is the goal covered by a memo entry? `core`: the cells that proved it; `complete`:
    // whether the entry's subtree was explored without a cut.
    bool subsumed(PointId point, const std::vector<Term>& state, std::vector<solver::CellId>& core,
                  bool& complete);
    void finish_leaf(const std::vector<solver::CellId>& max_cells, bool complete);
    void finish_frame();
    // The interpolant of the goal on top of the stack: its max cells (sorted) projected
    // onto its state, composed level by level from the cached projections below.
    std::optional<Term> interpolant_of_top(const std::vector<solver::CellId>& max_cells);
    void report_progress();
    Result finish(Result r);

    const Program& program_;
    const Options& options_;
    StrategyTraits traits_;
    solver::Solver solver_;
    Limits limits_;
    MemoTable memo_;
    std::optional<std::uint32_t> bound_;
    std::vector<Frame> frames_;
    std::vector<PathStep> path_;             // the reductions that lead to frames_.back()
    std::vector<std::uint32_t> on_path_;     // per point: frames at that point
    std::vector<std::vector<Type>> types_;   // per point: state types
    std::optional<Counterexample> counterexample_;
    Stats stats_;
    bool solver_unknown_ = false;
    unsigned call_timeout_ms_ = 0;  // last per-call limit given to the solver
    std::uint64_t proj_stamps_ = 0;
};

}  // namespace clpi::engine
