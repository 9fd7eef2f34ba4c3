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
        std::size_t cells_end = 0;            // cells [0, cells_end) are this goal's prefix
        std::size_t next_rule = 0;            // next of Point::rules to try
        std::vector<solver::CellId> max_cells;  // prefix cells annotated max (the rest: neutral)
        bool complete = true;                 // no part of the subtree was cut or unknown
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
};

}  // namespace clpi::engine
