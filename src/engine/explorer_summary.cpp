// Summaries: cores on long paths at the cost of short ones (bounded strategy).
//
// A core over the whole path costs a check under one assumption per cell, so an infeasible
// loop exit at depth k costs O(k), and a run over n iterations O(n^2). Instead each goal
// carries the projection of its path onto its state, composed from its parent's
//   S(child) = ∃ parent state, fresh. S(parent) ∧ (transition cells)
// and asserted as cells of its own. A core is first sought among the parent's summary cells
// and the new transition (a few cells); the summary cells it marks are traded, when their
// goal finishes, for the parent's summary cells and the transition cells that imply them:
// one small check per level, so the max marks climb the path one level at a time.
//
// Why the interpolants stay right: a marked summary cell is a conjunct of the exact
// projection, implied by the goal's path, and over the goal's state; the goal's interpolant
// is the projection of its max cells as before. A parent's summary cells marked by the trade
// imply, with the transition, what the child needed, so the parent's interpolant implies
// the child's through the transition, as interpolants must.
#include <numeric>

#include "engine/explorer.hpp"

namespace clpi::engine {

using solver::CellId;

void Explorer::add_summary(Frame& f) {
    f.summary_begin = solver_.cell_count();
    std::optional<Term> summary;
    if (frames_.empty()) {
        std::vector<CellId> path(solver_.cell_count());
        std::iota(path.begin(), path.end(), CellId{0});
        summary = solver_.project(path, f.state, types_[f.point]);
    } else {
        const Frame& parent = frames_.back();
        if (!parent.summary) return;  // the chain is broken: path-wide cores below
        std::vector<CellId> step;
        for (std::size_t c = f.cells_begin; c < f.summary_begin; ++c) step.push_back(static_cast<CellId>(c));
        Term context = solver_.instantiate(*parent.summary, parent.state, types_[parent.point]);
        summary = solver_.project(step, f.state, types_[f.point], context);
    }
    if (!summary) return;
    f.summary = summary;
    TreeNode* node = record_ ? rec_node(f.node) : nullptr;
    if (node) node->summary_formula = solver_.to_smtlib(*summary);
    for (Term conjunct : solver_.conjuncts(*summary)) {
        CellId cell = solver_.add_cell(solver_.instantiate(conjunct, f.state, types_[f.point]));
        if (!node) continue;
        // Shown with the node's constraints, so that the proofs that use it can point at it.
        cell_origin_.resize(solver_.cell_count());
        cell_origin_[cell] = {f.node, static_cast<std::uint32_t>(node->constraints.size())};
        node->constraints.push_back({"summary: " + solver_.to_clp(conjunct, point_names(f.point)),
                                     Mark::neutral, false, false, {}});
    }
}

std::vector<CellId> Explorer::frontier() const {
    std::vector<CellId> cells;
    if (!summaries_ || frames_.empty() || !frames_.back().summary) return cells;
    for (std::size_t c = frames_.back().summary_begin; c < solver_.cell_count(); ++c) {
        cells.push_back(static_cast<CellId>(c));
    }
    return cells;
}

std::vector<CellId> Explorer::core_of_step() {
    std::vector<CellId> among = frontier();
    if (!among.empty()) {
        if (auto core = solver_.core_among(among)) return *core;
    }
    std::vector<CellId> off = spare_candidates_off();
    if (!off.empty()) {
        bool unsat = solver_.check(solver::Purpose::core) == solver::Answer::unsat;
        std::vector<CellId> core;
        if (unsat) core = solver_.unsat_core();
        switch_on(off);
        if (unsat) return core;
    }
    return solver_.unsat_core();
}

void Explorer::expand_summary(Frame& f) {
    if (!f.summary || frames_.empty()) return;
    std::vector<CellId> marked;
    std::vector<Term> goals;
    for (CellId c : f.max_cells) {
        if (c >= f.summary_begin && c < f.cells_end) {
            marked.push_back(c);
            goals.push_back(solver_.cell_term(c));
        }
    }
    if (marked.empty()) return;
    const Frame& parent = frames_.back();
    std::vector<CellId> among;
    if (parent.summary) {
        for (std::size_t c = parent.summary_begin; c < parent.cells_end; ++c) among.push_back(static_cast<CellId>(c));
    }
    for (std::size_t c = f.cells_begin; c < f.summary_begin; ++c) among.push_back(static_cast<CellId>(c));
    std::optional<std::vector<CellId>> core;
    if (parent.summary) core = solver_.core_among(among, solver_.conjunction(goals));
    if (!core) {
        // The parent has no summary (or the check could not tell): the whole prefix of the
        // goal's summary is needed, which is always sound.
        core.emplace(f.summary_begin);
        std::iota(core->begin(), core->end(), CellId{0});
    }
    if (record_) {
        for (CellId c : *core) rec_mark(c, Mark::max);
    }
    f.max_cells.insert(f.max_cells.end(), core->begin(), core->end());
}

}  // namespace clpi::engine
