#include "engine/explorer.hpp"

#include <algorithm>
#include <span>

#include <fmt/format.h>

#include "engine/point_graph.hpp"
#include "engine/watchdog.hpp"

namespace clpi::engine {

using solver::Answer;
using solver::CellId;

Explorer::Explorer(const Program& program, const Options& options, StrategyTraits traits,
                   const PointInvariants* invariants)
    : program_(program)
    , options_(options)
    , traits_(traits)
    , solver_(program.domain)
    , limits_(options)
    , memo_(program.points.size())
    , on_path_(program.points.size(), 0)
    , graph_(build_point_graph(program))
    , header_frame_(program.points.size(), -1)
    , summaries_(traits.interpolate && !traits.loops)
    , record_(options.record_tree)
    , polyhedra_(traits.loops ? invariants : nullptr)
    , learnt_(program.points.size())
    , body_first_rules_(program.points.size()) {
    for (PointId p = 0; p < program.points.size(); ++p) types_.push_back(state_types(program, p));
}

Answer Explorer::feasible(const Transition& t) {
    // The last model satisfies the whole prefix; if, given values for the new variables
    // the step defines, it also satisfies the new cells, no solver call is needed.
    if (solver_.model_extends(t.constraints, t.fresh)) return Answer::sat;
    return solver_.check();
}

// Does the path entail `goal` (over the state of the step just added)? `core`: the cells
// that prove it. With a summary on top the frontier decides alone: the summary is the exact
// projection of the path, so the path entails a formula over the new state exactly when the
// summary and the step do.
bool Explorer::entailed(Term goal, std::vector<CellId>& core) {
    std::vector<CellId> among = frontier();
    if (among.empty() && headers_on_path_ > 0) {
        if (solver_.entails(goal, nullptr) != Answer::unsat) return false;
        std::vector<CellId> off = spare_candidates_off();
        bool without = !off.empty() && solver_.entails(goal, &core) == Answer::unsat;
        switch_on(off);
        return without || solver_.entails(goal, &core) == Answer::unsat;
    }
    if (among.empty()) return solver_.entails(goal, &core) == Answer::unsat;
    auto found = solver_.core_among(among, goal);
    if (!found) return false;
    core = std::move(*found);
    return true;
}

// An entry made inside copies of a loop speaks for goals inside those same copies only. Its
// subtree went back to their headers, whose candidates its closures proved; a goal under
// another copy goes back to that copy's header, whose candidates (and whose values of the
// positions the loop leaves alone) may differ, and nothing proved them along this subtree.
// Two ways into one loop (x = 0 or x = 5, then a body that resets x) must not share a body.
bool Explorer::in_same_loops(const MemoEntry& e) const {
    return std::all_of(e.in_loops_of.begin(), e.in_loops_of.end(), [&](std::uint64_t h) {
        return std::any_of(frames_.begin(), frames_.end(), [&](const Frame& f) { return f.header && f.node == h; });
    });
}

bool Explorer::subsumed(PointId point, const std::vector<Term>& state, std::vector<CellId>& core,
                        bool& complete, const MemoEntry** by, std::vector<LoopProof>& proofs) {
    ++on_path_[point];  // the goal's own counts include itself
    bool found = false;
    last_forced_header_ = 0;
    // Newest first: the entry of a sibling just explored is the likeliest to cover.
    const std::vector<MemoEntry>& entries = memo_.at(point);
    for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
        const MemoEntry& e = *it;
        if (!e.covers(on_path_)) continue;
        if (!in_same_loops(e)) continue;
        // A model of the path that violates the interpolant disproves entailment for free.
        bool covered = !solver_.model_falsifies_at(e.interpolant, state, types_[point]) &&
                       entailed(solver_.instantiate(e.interpolant, state, types_[point]), core);
        if (!covered && e.plain) covered = forced_subsumption(e, point, state, core, proofs);
        if (covered) {
            complete = e.counts.empty();
            found = true;
            if (by) *by = &e;
            break;
        }
    }
    --on_path_[point];
    return found;
}

// A child is done: the cells its proof marked max that lie on the parent's prefix become max
// in the parent (its own transition's cells do not: they are below the parent).
void Explorer::finish_leaf(const std::vector<CellId>& max_cells, bool complete,
                           const std::vector<LoopProof>& proofs) {
    if (frames_.empty()) return;
    Frame& parent = frames_.back();
    for (CellId c : max_cells) {
        if (c < parent.cells_end) parent.max_cells.push_back(c);
    }
    for (const LoopProof& p : proofs) {
        auto same = std::find_if(parent.loop_proofs.begin(), parent.loop_proofs.end(), [&](const LoopProof& q) {
            return q.header_node == p.header_node && q.candidate == p.candidate;
        });
        if (same == parent.loop_proofs.end()) {
            parent.loop_proofs.push_back({p.header_node, p.candidate, {}});
            same = parent.loop_proofs.end() - 1;
        }
        std::vector<CellId> merged;
        auto end = std::lower_bound(p.cells.begin(), p.cells.end(), static_cast<CellId>(parent.cells_end));
        std::set_union(same->cells.begin(), same->cells.end(), p.cells.begin(), end,
                       std::back_inserter(merged));
        same->cells = std::move(merged);
    }
    parent.complete = parent.complete && complete;
}

Explorer::Visit Explorer::visit(const Transition& t, PathStep step, std::uint32_t depth,
                                bool may_defer) {
    solver_.push();
    const std::size_t cells_begin = solver_.cell_count();
    for (Term c : t.constraints) solver_.add_cell(c);
    auto leave = [&](const std::vector<CellId>& max_cells, bool complete,
                     const std::vector<LoopProof>& proofs = {}) {
        finish_leaf(max_cells, complete, proofs);
        solver_.pop();
        return Visit::finished;
    };

    Answer a = feasible(t);
    if (a == Answer::unsat && may_defer) {
        solver_.pop();  // not a node yet: tried again after its siblings
        return Visit::deferred;
    }
    std::uint64_t node = ++stats_.nodes;
    stats_.max_depth = std::max<std::uint64_t>(stats_.max_depth, depth);
    if (record_) rec_create(node, t, step, depth, cells_begin);
    if (a == Answer::unsat) {
        ++stats_.infeasible;
        std::vector<CellId> core;
        if (traits_.interpolate) core = core_of_step();
        note_core(core);
        if (record_) {
            rec_kind(node, NodeKind::infeasible);
            rec_core(node, core);
        }
        if (slackening()) {  // the step itself is the way out
            note_escape(solver_.conjunction(t.constraints), t.next_state, t.next_point, std::nullopt);
        }
        return leave(core, true);
    }
    if (a == Answer::unknown) {
        solver_unknown_ = true;  // not explored: the verdict can no longer be SAFE
        if (record_) rec_kind(node, NodeKind::unknown);
        no_escape_known();
        return leave({}, false);
    }
    if (t.kind == BodyKind::error && headers_on_path_ > 0) return on_error(node, std::move(step));
    if (t.kind == BodyKind::error) {
        // The counterexample is read off a model of this path.
        if (solver_.ensure_model() != Answer::sat) {
            solver_unknown_ = true;
            if (record_) rec_kind(node, NodeKind::unknown);
            return leave({}, false);
        }
        if (record_) rec_kind(node, NodeKind::error_real);
        ++stats_.errors;
        path_.push_back(std::move(step));
        counterexample_ = make_counterexample(solver_, program_, path_);
        return Visit::error;
    }
    if (t.kind == BodyKind::terminal || program_.points[t.next_point].rules.empty()) {
        ++stats_.terminal;
        if (record_) rec_kind(node, NodeKind::terminal);
        return leave({}, true);
    }
    std::vector<CellId> core;
    std::vector<LoopProof> proofs;
    bool complete = true;
    const MemoEntry* by = nullptr;
    if (traits_.interpolate && subsumed(t.next_point, t.next_state, core, complete, &by, proofs)) {
        ++stats_.subsumed;
        note_core(core);
        if (record_) {
            rec_kind(node, NodeKind::subsumed);
            rec_core(node, core);
            TreeNode* n = rec_node(node);
            n->subsumer = by->node;
            n->subsumer_interpolant = solver_.to_clp(by->interpolant, point_names(t.next_point));
            if (last_forced_header_ != 0) {
                n->loop_ancestor = last_forced_header_;
                n->abstracted = std::move(last_abstracted_);
                std::vector<CellId> all = core;  // the plain interpolant's and the contexts' cells
                for (const LoopProof& p : proofs) all.insert(all.end(), p.cells.begin(), p.cells.end());
                std::sort(all.begin(), all.end());
                all.erase(std::unique(all.begin(), all.end()), all.end());
                rec_core(node, all);
            }
        }
        if (slackening()) {
            if (last_forced_header_ != 0 || !proofs.empty()) {
                no_escape_known();
            } else {
                note_escape(solver_.conjunction(t.constraints), t.next_state, t.next_point, by->interpolant);
            }
        }
        return leave(core, complete, proofs);
    }
    bool new_header = false;
    if (traits_.loops && graph_.header[t.next_point]) {
        // Each copy of the header on the path, nearest first (RV'11 closes against any
        // looping ancestor: a state machine returns to the state of some earlier copy).
        int h = header_frame_[t.next_point];
        const bool unrolled = h >= 0;
        blocking_.reset();
        for (; h >= 0; h = frames_[static_cast<std::size_t>(h)].previous_header) {
            if (!close_loop(static_cast<std::size_t>(h), t.next_state, core, proofs)) continue;
            ++stats_.loop_closures;
            if (record_) {
                rec_kind(node, NodeKind::closed);
                rec_core(node, core);
                rec_node(node)->loop_ancestor = frames_[static_cast<std::size_t>(h)].node;
                rec_node(node)->abstracted = std::move(last_abstracted_);
                rec_node(node)->kept = std::move(last_kept_);
            }
            no_escape_known();
            return leave({}, true, proofs);
        }
        std::size_t learnt_at = 0;
        if (unrolled && options_.drop && drop_at_unrolling(t.next_point, node, learnt_at)) {
            solver_.pop();
            restart_target_ = learnt_at;
            return Visit::restart;
        }
        if (unrolled && options_.learn && learn_at_unrolling(t.next_point, t.next_state, node, learnt_at)) {
            solver_.pop();
            restart_target_ = learnt_at;
            return Visit::restart;
        }
        if (unrolled && options_.reorder && reorder_at_unrolling(t.next_point, node, learnt_at)) {
            solver_.pop();
            restart_target_ = learnt_at;
            return Visit::restart;
        }
        if (unrolled) ++stats_.unrollings;  // explored as one more iteration
        // A new copy of the header: the first one, or an unrolled iteration, which gets
        // candidates of its own, unless loops are nested in this one (a copy between an
        // inner header and its goals would stop the inner loop from abstracting).
        new_header = header_frame_[t.next_point] < 0 || graph_.sole_header[t.next_point];
    }
    if (bound_ && on_path_[t.next_point] > *bound_) {
        ++stats_.cut_by_bound;
        if (record_) rec_kind(node, NodeKind::cut);
        no_escape_known();
        return leave({}, false);
    }
    Frame f;
    f.node = node;
    f.point = t.next_point;
    f.state = t.next_state;
    f.depth = depth;
    f.cells_begin = cells_begin;
    if (traits_.loops && !body_first_.empty()) f.body_first = body_first_[static_cast<std::size_t>(graph_.component[f.point])] != 0;
    if (new_header) install_header(f);
    if (slackening()) {
        f.step = solver_.conjunction(t.constraints);
        if (new_header) no_escape_known();  // its entry is over the renamed state
    }
    if (summaries_) add_summary(f);
    f.cells_end = solver_.cell_count();
    if (f.header) {
        f.previous_header = header_frame_[f.point];
        header_frame_[f.point] = static_cast<int>(frames_.size());
        ++headers_on_path_;
    }
    frames_.push_back(std::move(f));
    ++on_path_[t.next_point];
    path_.push_back(std::move(step));
    return Visit::expanded;
}

// Projection distributes over the levels of the path: a transition's cells speak only of
// the state before it, the state after it and its own fresh variables, so
//   P(k) = ∃ (state k-1, fresh). P(k-1)[state k-1] ∧ (max cells of transition k)
// is the projection of all max cells up to level k. Each level keeps its last P: on a long
// path only the levels whose max cells changed are projected again, each over a small
// formula, instead of the whole path at every goal.
std::optional<Term> Explorer::interpolant_of_top(const std::vector<CellId>& max_cells) {
    const std::size_t top = frames_.size() - 1;
    auto segment = [&](const Frame& g) {
        auto lo = std::lower_bound(max_cells.begin(), max_cells.end(), g.cells_begin);
        auto hi = std::lower_bound(lo, max_cells.end(), g.cells_end);
        return std::span<const CellId>(lo, hi);
    };
    std::uint64_t base = 0;
    std::size_t k = 0;
    for (; k <= top; ++k) {
        const Frame& g = frames_[k];
        auto seg = segment(g);
        if (g.proj_stamp == 0 || g.proj_base != base ||
            !std::equal(seg.begin(), seg.end(), g.proj_segment.begin(), g.proj_segment.end())) {
            break;
        }
        base = g.proj_stamp;
    }
    if (k > top) return frames_[top].proj_value;
    if (k > 0 && !frames_[k - 1].proj_value) return std::nullopt;
    for (; k <= top; ++k) {
        Frame& g = frames_[k];
        auto seg = segment(g);
        std::optional<Term> context;
        if (k > 0) {
            const Frame& below = frames_[k - 1];
            context = solver_.instantiate(*below.proj_value, below.state, types_[below.point]);
        }
        g.proj_value = solver_.project(seg, g.state, types_[g.point], context);
        g.proj_segment.assign(seg.begin(), seg.end());
        g.proj_base = base;
        g.proj_stamp = ++proj_stamps_;
        base = g.proj_stamp;
        if (!g.proj_value) return std::nullopt;
    }
    return frames_[top].proj_value;
}

void Explorer::finish_frame() {
    {
        Frame& top = frames_.back();
        std::sort(top.max_cells.begin(), top.max_cells.end());
        top.max_cells.erase(std::unique(top.max_cells.begin(), top.max_cells.end()),
                            top.max_cells.end());
        drop_abstracted(top.max_cells);
        if (headers_on_path_ > 0) settle_loop_proofs(top);
    }
    std::optional<Term> itp;
    if (traits_.interpolate) itp = interpolant_of_top(frames_.back().max_cells);
    // Inside a loop the memo entry is the interpolant and each loop context, projected apart.
    std::vector<LoopContext> contexts;
    for (const LoopProof& p : frames_.back().loop_proofs) {
        if (!itp) break;
        const Frame& top = frames_.back();
        std::optional<Term> formula = solver_.project(p.cells, top.state, types_[top.point]);
        if (!formula) {
            itp.reset();  // no entry rather than one that says too little
            break;
        }
        contexts.push_back({p.header_node, p.candidate, *formula});
    }
    std::optional<std::string> core_text;  // before slackening, for the tree
    {
        const Frame& top = frames_.back();
        // No header on the path: then the goal is no header itself and has no loop contexts.
        if (itp && slackening() && top.slack && top.complete && headers_on_path_ == 0) {
            Term slack = slacken(*itp, top);
            if (record_ && !solver_.same(slack, *itp)) core_text = solver_.to_clp(*itp, point_names(top.point));
            itp = slack;
        }
    }
    Frame f = std::move(frames_.back());
    frames_.pop_back();
    if (slackening()) {
        // f's entry is a memo entry like any other, slackened or not: the parent may rely on it
        // (a header's is over the incoming state, not the renamed one f.state: left out).
        if (itp && !f.header) {
            note_escape(f.step, f.state, f.point, *itp);
        } else {
            no_escape_known();
        }
    }
    if (f.header) require_candidates_above(f);
    if (traits_.interpolate && !itp) ++goals_without_entry_;
    if (itp) {
        MemoEntry e;
        e.interpolant = *itp;
        e.node = f.node;
        if (!contexts.empty()) {
            e.plain = *itp;
            std::vector<Term> parts;
            for (Term t : solver_.conjuncts(*itp)) parts.push_back(t);
            for (const LoopContext& c : contexts) {
                for (Term t : solver_.conjuncts(c.formula)) {
                    bool known = std::any_of(parts.begin(), parts.end(), [&](Term p) { return solver_.same(p, t); });
                    if (!known) parts.push_back(t);
                }
            }
            e.interpolant = parts.size() == 1 ? parts[0] : solver_.conjunction(parts);
            e.loop_contexts = std::move(contexts);
        }
        itp = e.interpolant;
        if (record_) {
            std::string text = solver_.to_clp(e.interpolant, point_names(f.point));
            rec_node(f.node)->interpolant = text;
            rec_node(f.node)->interpolant_formula = solver_.to_smtlib(e.interpolant);
            rec_node(f.node)->core_interpolant = core_text;
            if (core_text) text += fmt::format(" (slackened from {})", *core_text);
            rec_event("memo", f.node, text);
        }
        if (!f.complete) e.counts = on_path_;  // still counts f itself
        for (const Frame& a : frames_) {
            if (a.header && graph_.component[a.point] == graph_.component[f.point]) e.in_loops_of.push_back(a.node);
        }
        memo_.store(f.point, std::move(e));
    }
    if (traits_.loops && graph_.header[f.point]) finish_header(f, itp);
    if (summaries_) expand_summary(f);
    solver_.pop();
    --on_path_[f.point];
    path_.pop_back();
    finish_leaf(f.max_cells, f.complete, f.loop_proofs);
}

void Explorer::report_progress() {
    if (!options_.on_progress || !limits_.progress_due()) return;
    Progress p;
    p.nodes = stats_.nodes;
    p.depth = frames_.size();
    p.subsumed = stats_.subsumed;
    p.memo_entries = memo_.size();
    p.elapsed_s = limits_.elapsed_s();
    options_.on_progress(p);
}

Result Explorer::finish(Result r) {
    r.strategy = to_string(traits_.strategy);
    const solver::SolverStats& ss = solver_.stats();
    stats_.memo_entries = memo_.size();
    stats_.memo_hits = stats_.subsumed;
    stats_.solver_calls = ss.calls;
    stats_.solver_time_s = ss.time_s;
    auto by = [&](solver::Purpose p) { return ss.calls_by[static_cast<int>(p)]; };
    stats_.feasibility_calls = by(solver::Purpose::feasibility);
    stats_.core_calls = by(solver::Purpose::core);
    stats_.entailment_calls = by(solver::Purpose::entailment);
    stats_.projections = by(solver::Purpose::projection);
    stats_.model_shortcuts = ss.model_shortcuts;
    stats_.own_variable_answers = ss.own_variable_answers;
    stats_.projections_remembered = ss.projections_remembered;
    stats_.projections_lost = ss.projections_lost;
    stats_.projections_cut_short = ss.projections_cut_short;
    stats_.projections_gave_way = ss.projections_gave_way;
    auto time = [&](solver::Purpose p) { return ss.time_by[static_cast<int>(p)]; };
    stats_.feasibility_time_s = time(solver::Purpose::feasibility);
    stats_.core_time_s = time(solver::Purpose::core);
    stats_.entailment_time_s = time(solver::Purpose::entailment);
    stats_.projection_time_s = time(solver::Purpose::projection);
    stats_.upkeep_time_s = time(solver::Purpose::upkeep);
    stats_.time_s = limits_.elapsed_s();
    stats_.peak_memory_mb = peak_memory_mb();
    r.stats = stats_;
    if (record_) r.tree = std::move(tree_);
    return r;
}

Result Explorer::run() {
    std::optional<Watchdog> watchdog;
    if (options_.timeout_s > 0 || options_.memory_limit_mb > 0 || options_.interrupt) {
        watchdog.emplace([this] { return limits_.passed().has_value(); },
                         [this] { solver_.interrupt(); });
    }
    try {
        return search();
    } catch (const std::exception&) {
        // An operation the watchdog interrupted may end in an exception (Z3 reports a
        // cancelled simplification so); then the limit is the answer. Anything else is a bug.
        auto stop = limits_.passed();
        if (!stop) throw;
        Result r;
        r.reason = *stop;
        r.reason_text = to_string(*stop);
        return finish(std::move(r));
    }
}

Result Explorer::search() {
    Result r;
    if (options_.unroll) {
        bound_ = options_.unroll;
    } else if (!traits_.loops && graph_.has_cycle()) {
        bound_ = Options::default_unroll;
        r.notes.push_back(fmt::format(
            "the program has loops: explored with the default unroll bound {} (set --unroll)",
            Options::default_unroll));
    }

    Transition root = start(solver_, program_, record_);
    PathStep first{true, 0, root.binding};
    Visit v = visit(root, std::move(first), 0, false);
    while (v != Visit::error && !frames_.empty()) {
        if (auto stop = limits_.exceeded()) {
            r.reason = *stop;
            r.reason_text = to_string(*stop);
            return finish(std::move(r));
        }
        if (options_.max_nodes > 0 && stats_.nodes >= options_.max_nodes) {
            r.reason = UnknownReason::bound;
            r.reason_text = fmt::format("node budget {} spent", options_.max_nodes);
            return finish(std::move(r));
        }
        if (stats_.restarts > max_restarts) {
            r.reason = UnknownReason::bound;
            r.reason_text = fmt::format("{} restarts without a proof", max_restarts);
            return finish(std::move(r));
        }
        report_progress();
        Frame& f = frames_.back();
        const std::vector<std::uint32_t>& rules = program_.points[f.point].rules;
        std::uint32_t rule = 0;
        bool may_defer = false;
        if (!f.second_pass && f.next_rule < rules.size()) {
            rule = rule_of(f, f.next_rule++);
            // Inside a loop, a successor infeasible now may become feasible once a loop
            // closure abstracts the header: try it after the others.
            may_defer = traits_.loops && headers_on_path_ > 0;
        } else if (f.next_deferred < f.deferred.size()) {
            f.second_pass = true;
            rule = f.deferred[f.next_deferred++];
        } else {
            finish_frame();
            continue;
        }
        Transition t = apply_rule(solver_, program_, rule, f.state, record_);
        std::uint32_t depth = f.depth + 1;
        std::size_t at = frames_.size() - 1;
        v = visit(t, PathStep{false, rule, t.binding}, depth, may_defer);
        if (v == Visit::deferred) {
            frames_[at].deferred.push_back(rule);
        } else if (v == Visit::restart) {
            restart(restart_target_);
        }
    }
    if (v == Visit::error) {
        r.verdict = Verdict::unsafe;
        r.counterexample = std::move(counterexample_);
    } else if (auto stop = limits_.passed(); stop && (solver_unknown_ || unexplained_spurious_)) {
        // The watchdog stopped a solver call: the limit, not the solver, is the reason.
        r.reason = *stop;
        r.reason_text = to_string(*stop);
    } else if (solver_unknown_) {
        r.reason = UnknownReason::solver;
        r.reason_text = "the solver answered unknown on some path; no error found elsewhere";
    } else if (unexplained_spurious_) {
        r.reason = UnknownReason::solver;
        r.reason_text = "an error reached through a loop abstraction is not real, but no "
                        "candidate of a loop header explains why";
    } else if (stats_.cut_by_bound > 0) {
        r.reason = UnknownReason::bound;
        r.reason_text = fmt::format("unroll bound {} reached; no error within it", *bound_);
    } else {
        r.verdict = Verdict::safe;
    }
    if (r.verdict == Verdict::safe) {
        r.invariants = invariants_;
        const double before = limits_.elapsed_s();
        r.certificate = certificate(r.no_certificate);
        stats_.certificate_build_time_s = limits_.elapsed_s() - before;
    }
    r.headers = header_reports_;
    return finish(std::move(r));
}

}  // namespace clpi::engine
