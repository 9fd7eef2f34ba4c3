// The exploration loop shared by the strategies: depth-first goal reduction from the query,
// with an explicit stack (deep paths must not exhaust the C++ stack).
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "clpi/engine.hpp"
#include "clpi/program.hpp"
#include "clpi/result.hpp"
#include "engine/counterexample.hpp"
#include "engine/limits.hpp"
#include "engine/memo.hpp"
#include "engine/point_graph.hpp"
#include "engine/polyhedra.hpp"
#include "engine/reduce.hpp"
#include "solver/solver.hpp"

namespace clpi::engine {

// What distinguishes the strategies that share this loop.
struct StrategyTraits {
    Strategy strategy = Strategy::bounded;
    // Learn interpolants from unsat cores, store them, prune by subsumption.
    bool interpolate = true;
    // Abstract loops at their headers (minimax): close them by looping-parent subsumption.
    bool loops = false;
};

// A conjunct of the projected state of a loop header, over the header's renamed state
// (DESIGN.md section 3). Equations are split into two halves that are abstracted one by one
// (slackening `y = n` to `y >= n`) but locked together.
struct Candidate {
    solver::CellId cell = 0;   // switchable: on unless abstracted
    std::uint32_t group = 0;   // halves of one equation share a group
    Term formula = 0;          // over the point variables, for reports
    bool min = false;          // abstracted: not invariant along some path back to the header
    bool max = false;          // used by a proof (an interpolant keeps it)
    bool blocked = false;      // a proof below relies on it: abstracting it would undo that proof
    bool locked = false;       // learnt by refinement: never abstracted again
    bool difference = false;   // x - y = c of two variables that start at constants
    // A bound on a position whose remainder is a candidate too (x =< 0 beside x mod 4 = 0):
    // the remainder survives any number of iterations, the bound rarely does.
    bool shadowed = false;
    // x mod m = r for a position every rule of the loop moves by a multiple of m: invariant
    // along every path around the loop, so a proof may lean on it at no cost.
    bool remainder = false;
    // A linear fact of the polyhedral analysis at this header (polyhedra.hpp): true of every
    // state the program reaches there, so invariant along every concrete way back; a proof
    // may lean on it like on a remainder.
    bool polyhedra = false;
    // Kept by a closure of its loop at least once (shown invariant along some way back).
    bool closed = false;
    // An outer loop's closure abstracted what implied it (nested-header weakening): off for
    // good, never locked, never switched on by a restart or a concrete check.
    bool stale = false;
    // Dropped at an unrolling (drop_at_unrolling): off, and a restart leaves it off, unless
    // a refutation of a spurious error needs it (then it is locked, and back).
    bool dropped = false;
};

// The cells of the path (up to some goal) that a proof of a header candidate's invariance
// used: a loop context, kept apart from the max cells until the header itself finishes.
struct LoopProof {
    std::uint64_t header_node = 0;
    std::uint32_t candidate = 0;
    std::vector<solver::CellId> cells;  // sorted
};

struct Header {
    std::vector<Candidate> candidates;
    std::vector<Term> groups;                // per group: the conjunct it came from
    // The candidates made with the header have consecutive cells from first_candidate;
    // those learnt later (Explorer::learn_at_unrolling) have cells after the header's others.
    solver::CellId first_candidate = 0;
    std::size_t consecutive = 0;
    std::vector<solver::CellId> links;       // renamed state = incoming state, off but when
                                             // checking a path concretely
    std::vector<Term> entry_state;           // the incoming state, before renaming
    Term entry_projection = 0;               // the path's projection onto it (point variables)
    // The last goal whose closure (or forced subsumption) abstracted one of its candidates,
    // and the last whose outer loop's closure made one stale (nested-header weakening).
    std::uint64_t last_abstraction = 0;
    std::uint64_t last_stale = 0;

    // The index of the candidate whose cell is `c`, if `c` is a candidate's.
    [[nodiscard]] std::optional<std::size_t> candidate_of(solver::CellId c) const {
        if (c >= first_candidate && c < first_candidate + consecutive) return c - first_candidate;
        for (std::size_t i = consecutive; i < candidates.size(); ++i) {
            if (candidates[i].cell == c) return i;
        }
        return std::nullopt;
    }
};

class Explorer {
public:
    // `invariants`: the polyhedral analysis of the program, if made (minimax only).
    Explorer(const Program& program, const Options& options, StrategyTraits traits,
             const PointInvariants* invariants = nullptr);
    Result run();

private:
    Result search();  // run() without the watchdog
    // A goal being expanded: it lies on the current path.
    struct Frame {
        std::uint64_t node = 0;
        PointId point = no_point;
        std::vector<Term> state;
        std::uint32_t depth = 0;
        std::size_t cells_begin = 0;          // cells [cells_begin, cells_end): its transition
        std::size_t cells_end = 0;            // cells [0, cells_end) are this goal's prefix
        // bounded: the path's projection onto this goal's state (over the point variables),
        // composed from the parent's, and its conjuncts as the cells [summary_begin,
        // cells_end). Nothing when elimination failed: then cores below are path-wide.
        std::optional<Term> summary;
        std::size_t summary_begin = 0;
        std::size_t next_rule = 0;            // next of Point::rules to try (rule_of)
        // Its rules that stay in its loop first, then those that leave it (reorder_at_unrolling);
        // fixed when the frame is made, so a frame's order never changes under it.
        bool body_first = false;
        std::vector<solver::CellId> max_cells;  // prefix cells annotated max (the rest: neutral)
        std::vector<LoopProof> loop_proofs;     // prefix cells loop closures below relied on
        bool complete = true;                 // no part of the subtree was cut or unknown
        // The last projection of a set of max cells of the prefix onto this goal's state,
        // kept so that the goals above it compose theirs from it instead of projecting the
        // whole path again: valid for a set whose part in this transition is `proj_segment`
        // and whose part below is the projection stamped `proj_base` (0: none yet).
        std::vector<solver::CellId> proj_segment;
        std::optional<Term> proj_value;       // nothing: elimination failed
        std::uint64_t proj_stamp = 0;
        std::uint64_t proj_base = 0;
        // minimax: the goal is a loop header whose state was renamed and abstracted.
        std::optional<Header> header;
        int previous_header = -1;             // the frame of the copy before it, or -1
        // Successors infeasible at first, tried again after the others: a loop body's
        // abstraction may make a loop exit feasible.
        std::vector<std::uint32_t> deferred;
        std::size_t next_deferred = 0;
        bool second_pass = false;
        // Slackening (Options::slacken): the transition to this goal as one formula, and per
        // child the way out of what its subtree was proved safe from: step ∧ ¬(child's
        // interpolant), or the step alone when it was infeasible. `slack` is false when some
        // child has no such proof (a loop closure, a cut, a forced subsumption, no entry).
        Term step = 0;
        std::vector<Term> escapes;
        bool slack = true;
    };
    enum class Visit { expanded, finished, error, deferred, restart };

    Visit visit(const Transition& t, PathStep step, std::uint32_t depth, bool may_defer);
    // ---- loops (explorer_loops.cpp) ----
    // Makes `f` a loop header: candidates from the projected state, state renamed.
    void install_header(Frame& f);
    // Looping-parent subsumption of a goal with state `state` by the header frame `h`.
    // `core`: every cell the closure used; `proofs`: per candidate kept, the cells of its proof.
    bool close_loop(std::size_t h, const std::vector<Term>& state, std::vector<solver::CellId>& core,
                    std::vector<LoopProof>& proofs);
    // The positions where a goal's state differs from its header's (renamed) state: what a
    // candidate at the header becomes at the goal is its term with `from` replaced by `to`.
    static void changed_positions(const std::vector<Term>& header, const std::vector<Term>& goal,
                                  std::vector<Term>& from, std::vector<Term>& to);
    // Nested-header weakening: the candidates of the headers below frame hi that no longer
    // follow from the path once `abstracted` (cells of hi's candidates) are off are
    // abstracted too. All or nothing: false, with nothing changed, when one of them is locked
    // or relied on, or a kept candidate's invariance proof uses one. `weakened_text`: the
    // candidates weakened, for the tree. `only_blocked`: false returned because inner
    // candidates that proofs below rely on (blocked) would have to go, and none of those
    // that would go is locked.
    bool weaken_inner(std::size_t hi, const std::vector<solver::CellId>& abstracted,
                      const std::vector<std::vector<solver::CellId>*>& kept_proofs,
                      std::vector<std::string>& weakened_text, bool& only_blocked);
    // May a forced subsumption abstract a candidate of the header at frame hi now? Not at an
    // unrolled copy (those close only exactly) and not with another header below it on the
    // path (set up under its candidates; only close_loop weakens those).
    [[nodiscard]] bool may_abstract(std::size_t hi) const;
    // MEMO_SUBSUMED's forced case: the goal entails `e.plain` and, for each loop context of
    // the same copy of a loop, either entails it or its candidate can be abstracted.
    bool forced_subsumption(const MemoEntry& e, PointId point, const std::vector<Term>& state,
                            std::vector<solver::CellId>& core, std::vector<LoopProof>& proofs);
    // Loop proofs of candidates abstracted since are moot; those of the header `f` itself
    // become its max cells (its interpolant keeps the candidates).
    void settle_loop_proofs(Frame& f);
    // Marks the candidates a core uses; `self` is the candidate whose own invariance the core
    // proves (it may still be abstracted later), if any.
    void note_core(const std::vector<solver::CellId>& core, const Candidate* self = nullptr);
    // An error reached with loop headers on the path: real (counterexample) or spurious.
    Visit on_error(std::uint64_t node, PathStep step);
    // A spurious error may be real many iterations deep: for a cycle through a header that
    // moves each position by a constant from its second iteration on, the error path with
    // the cycle written out as often as a model of the accelerated loop says, checked and
    // replayed.
    std::optional<Counterexample> accelerated_error(const std::vector<std::size_t>& headers,
                                                    const PathStep& step);
    // The simple cycles of rules through a loop header, each point at most once (at most
    // max_cycles of them, in the order of the points' rules).
    std::vector<std::vector<std::uint32_t>> simple_cycles(PointId header) const;
    std::vector<Term> guard_closures(PointId header);
    // The polyhedral analysis's facts at the header, over the point variables, that speak of
    // a position the loop changes and that the path entails at `state` (an abstraction above
    // may have let in states the analysis never saw).
    std::vector<Term> polyhedra_facts(PointId header, const std::vector<Term>& state);
    // Those facts (and the partition's disjunction) as terms over the point variables.
    std::vector<Term> polyhedra_terms(PointId header);
    // Per position of a loop header: the gcd of the constant amounts by which the loop's
    // rules move it, when every rule moves it by a constant and the gcd is at least 2;
    // 0 otherwise. Computed once per header.
    const std::vector<Integer>& step_moduli(PointId header);
    void require_candidates_above(Frame& f);
    std::optional<Integer> iterations_to_error(const Frame& hf, const std::vector<std::uint32_t>& cycle);
    std::optional<Counterexample> unrolled_error(std::size_t k, const std::vector<std::uint32_t>& cycle,
                                                 const Integer& iterations, const PathStep& step);
    void restart(std::size_t h);
    // Inductive strengthening at an unrolling (lazy annotation, by preconditions): the goal
    // at `point` with `state` closes against no copy of its loop's header. When a candidate of
    // the first copy that a refutation locked or a proof relies on does not survive this way
    // back, the states from which it breaks it are projected onto the header's state; each
    // comparison of that precondition, complemented, is a new candidate of the header (when
    // the path into it entails it). True when it found one: they wait in learnt_pending_ for
    // the restart of that header, returned in `header`.
    bool learn_at_unrolling(PointId point, const std::vector<Term>& state, std::uint64_t node,
                            std::size_t& header);
    // The learnt candidates waiting, added to the header frame hi (its scope on top).
    void add_learnt(std::size_t hi);
    // The other way out of an unrolling: the loop's first copy explored a way out of the loop
    // before its way back, and the proofs of that exit rely on candidates (blocked) that the
    // way back breaks. The loop's points then try the rules that stay in the loop first, and
    // the header restarts: its exits are explored after a closure has abstracted what the
    // loop does not keep, and their proofs rely only on what it keeps. Once per header copy.
    bool reorder_at_unrolling(PointId point, std::uint64_t node, std::size_t& header);
    // The third way out of an unrolling, tried first: the loop's first copy failed to close
    // only because candidates that proofs below rely on (blocked, not locked) do not hold
    // after this way back, with everything else the header keeps (Houdini), or because
    // abstracting the header's own that it breaks would weaken such candidates of the
    // headers nested in the loop (an inner loop's i = 0 in the first iteration of the outer
    // one, kept because the inner loop keeps it, and relied on to refute the outer exit). Those are not
    // part of any invariant made of the header's candidates: they are dropped (off, and
    // left off by restarts unless a refutation of a spurious error locks them), and the
    // header restarts, so that the proofs that relied on them are made again without them. Each drop removes a candidate, so this ends.
    bool drop_at_unrolling(PointId point, std::uint64_t node, std::size_t& header);
    // The k-th rule a frame tries: Point::rules in order, or body first (Frame::body_first).
    [[nodiscard]] std::uint32_t rule_of(const Frame& f, std::size_t k);
    [[nodiscard]] bool stays_in_loop(std::uint32_t rule) const;
    // May the header frame hi restart for learn_at_unrolling or reorder_at_unrolling? A
    // restart discards hi's subtree but not what that subtree did to other headers: an
    // outer header's candidates it abstracted, or hi's own it made stale. Those would then
    // rest on closures no longer in the tree (and no certificate would hold).
    [[nodiscard]] bool may_restart_cleanly(std::size_t hi) const;
    // Removes abstracted candidates from a set of max cells: only the proof of their own
    // invariance used them, and that proof is moot once they are abstracted.
    void drop_abstracted(std::vector<solver::CellId>& cells) const;
    void finish_header(const Frame& f, std::optional<Term> interpolant);
    [[nodiscard]] std::vector<std::string> point_names(PointId p) const;
    // ---- the derivation tree, when recorded (explorer_record.cpp) ----
    void rec_create(std::uint64_t node, const Transition& t, const PathStep& step,
                    std::uint32_t depth, std::size_t cells_begin);
    void rec_kind(std::uint64_t node, NodeKind kind);
    // The proof of a node: refs to the constraints in `core`, which become max.
    void rec_core(std::uint64_t node, const std::vector<solver::CellId>& core);
    void rec_mark(solver::CellId cell, Mark mark);
    void rec_event(const char* kind, std::uint64_t node, std::string detail);
    TreeNode* rec_node(std::uint64_t node);
    solver::Answer feasible(const Transition& t);
    // ---- summaries (explorer_summary.cpp) ----
    void add_summary(Frame& f);
    // The cells a core is sought among first: the summary of the goal on top and everything
    // after it (the transition being tried). Empty when that goal has no summary.
    [[nodiscard]] std::vector<solver::CellId> frontier() const;
    bool entailed(Term goal, std::vector<solver::CellId>& core);
    // Difference, shadowed and polyhedra candidates no other proof relies on yet, switched off (returned)
    // or back on: cores are sought without them first, so that a proof that can do with the
    // other candidates does not pin one of them (and force unrolling where it is not invariant).
    std::vector<solver::CellId> spare_candidates_off();
    void switch_on(const std::vector<solver::CellId>& cells);
    // The core of the infeasible transition just added: among the frontier when that
    // suffices, else among the whole path.
    std::vector<solver::CellId> core_of_step();
    // When `f` (just taken off the stack, its scope still open) finishes: the summary cells
    // its proofs marked are traded for the parent's summary cells that imply them.
    void expand_summary(Frame& f);
    // Is the goal covered by a memo entry? `core`: the cells that proved it; `complete`:
    // whether the entry's subtree was explored without a cut.
    bool subsumed(PointId point, const std::vector<Term>& state, std::vector<solver::CellId>& core,
                  bool& complete, const MemoEntry** by, std::vector<LoopProof>& proofs);
    // May the entry cover a goal here: is every loop header copy it was made under still
    // on the path?
    [[nodiscard]] bool in_same_loops(const MemoEntry& e) const;
    void finish_leaf(const std::vector<solver::CellId>& max_cells, bool complete,
                     const std::vector<LoopProof>& proofs = {});
    void finish_frame();
    // Slackening (TRACER-X): drops the atoms of `itp` (equations split into their halves) that
    // the children's proofs do not need, i.e. while itp still rules out every escape of `f`.
    // Sound whatever the order; the result is weaker than itp, so the path still implies it.
    Term slacken(Term itp, const Frame& f);
    // Slackening over memory: `itp` projected onto the integers of the goal's state and the
    // cells they address, when that still rules out `escape`; nothing otherwise.
    std::optional<Term> forget_cells(Term itp, const Frame& f, Term escape);
    // A formula over a point's state projected onto its integers and the reads select(M, P)
    // of the arrays it speaks of at the integers that address their cells (at most
    // `max_reads`): the history of cells no variable addresses is forgotten. The reads are
    // positions after the state's (`positions`, point variables), standing for `reads`.
    struct ReadsProjection {
        Term formula{};
        std::vector<Term> positions;
        std::vector<Term> reads;
    };
    std::optional<ReadsProjection> project_onto_reads(Term formula, std::span<const Type> types,
                                                      std::size_t max_reads);
    // The parent's record of a child's proof, for slackening: `step` (the transition as one
    // formula) leads into `child_interpolant` at the child's state (nothing: it is infeasible).
    void note_escape(Term step, std::span<const Term> child_state, PointId child_point,
                     std::optional<Term> child_interpolant);
    void no_escape_known();
    [[nodiscard]] bool slackening() const { return options_.slacken && traits_.interpolate; }
    // The interpolant of the goal on top of the stack: its max cells (sorted) projected
    // onto its state, composed level by level from the cached projections below.
    std::optional<Term> interpolant_of_top(const std::vector<solver::CellId>& max_cells);
    void report_progress();
    Result finish(Result r);
    // ---- certificates (explorer_certificate.cpp) ----
    // For SAFE: per point, the disjunction of its memo entries (nothing, with the reason in
    // `why`, when some finished goal stored none).
    std::optional<Certificate> certificate(std::string& why);

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
    std::uint64_t proj_stamps_ = 0;
    PointGraph graph_;
    std::vector<int> header_frame_;          // per point: index of its header frame, or -1
    std::size_t headers_on_path_ = 0;
    std::size_t restart_target_ = 0;         // set with Visit::restart
    bool unexplained_spurious_ = false;      // a spurious error no abstraction explained
    // Refinements are finite in theory (each locks a candidate for good), but a header
    // re-created by an outer restart starts afresh: a safety net.
    static constexpr std::uint64_t max_restarts = 1000;
    std::vector<Invariant> invariants_;
    std::vector<HeaderReport> header_reports_;
    // Summaries keep core checks small on long paths (bounded; minimax's loop headers keep
    // their own projected contexts, and dse computes no cores).
    bool summaries_ = false;
    // A goal finished without a memo entry (its interpolant could not be projected): the
    // memo tables then miss a part of the proof, and no certificate is built from them.
    std::uint64_t goals_without_entry_ = 0;
    // Per finished loop header node: which of its candidates ended abstracted. A memo entry's
    // loop context for one of those is moot (no proof keeps that candidate).
    std::unordered_map<std::uint64_t, std::vector<bool>> abstracted_at_finish_;
    bool record_ = false;
    Tree tree_;
    std::vector<ConstraintRef> cell_origin_;  // per live cell: the node constraint it shows as
    std::vector<std::string> last_abstracted_;  // by the last successful close_loop
    std::vector<std::string> last_kept_;        // proved invariant by it
    std::uint64_t last_forced_header_ = 0;      // the header node the last forced subsumption
                                                // abstracted at (its candidates: last_abstracted_)
    std::vector<std::optional<std::vector<Integer>>> step_moduli_;  // per point, when computed
    const PointInvariants* polyhedra_ = nullptr;
    // Per point: the candidates learnt at its unrollings (over the point variables), offered
    // to every later copy of that header too; and those waiting for the restart.
    std::vector<std::vector<Term>> learnt_;
    std::vector<Term> learnt_pending_;
    // The last failed closure of a first copy that only blocked candidates stopped
    // (drop_at_unrolling): its header frame and the candidates of its own to drop, which
    // are blocked themselves or, with `inner`, would weaken blocked ones of the headers
    // nested in its loop.
    struct Blocking {
        std::size_t frame;
        std::vector<std::size_t> candidates;
        bool inner;
    };
    std::optional<Blocking> blocking_;
    std::vector<char> body_first_;  // per component of the point graph: loops explored body first
    std::vector<std::optional<std::vector<std::uint32_t>>> body_first_rules_;  // per point, when made
    static constexpr std::size_t max_learnt_per_header = 8;
    std::vector<std::optional<std::vector<Term>>> polyhedra_terms_;  // per point, when made
};

}  // namespace clpi::engine
