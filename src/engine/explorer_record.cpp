// Recording the derivation tree for teaching: every node with its constraints, their final
// annotations, its kind and the reason for it. Only when Options::record_tree is set.
#include <fmt/format.h>

#include "engine/explorer.hpp"

namespace clpi::engine {

using solver::CellId;

TreeNode* Explorer::rec_node(std::uint64_t node) {
    if (node == 0 || node > tree_.nodes.size()) return nullptr;
    return &tree_.nodes[node - 1];
}

void Explorer::rec_event(const char* kind, std::uint64_t node, std::string detail) {
    tree_.events.push_back({kind, node, std::move(detail)});
}

void Explorer::rec_create(std::uint64_t node, const Transition& t, const PathStep& step,
                          std::uint32_t depth, std::size_t cells_begin) {
    TreeNode n;
    n.id = node;
    n.parent = frames_.empty() ? 0 : frames_.back().node;
    n.depth = depth;
    n.rule = step.is_query ? 0 : program_.rules.at(step.rule).index;
    if (t.kind == BodyKind::error) {
        n.point = "error";
    } else if (t.kind == BodyKind::terminal) {
        n.point = "end";
    } else {
        n.point = program_.point_label(t.next_point);
        n.name = program_.points.at(t.next_point).name;
        n.line = program_.points.at(t.next_point).line;
    }
    cell_origin_.resize(solver_.cell_count());
    for (std::size_t k = 0; k < t.constraints.size(); ++k) {
        std::string text = k < t.labels.size() ? t.labels[k] : solver_.to_smtlib(t.constraints[k]);
        n.constraints.push_back({std::move(text), Mark::neutral, false, false, {}});
        cell_origin_[cells_begin + k] = {node, static_cast<std::uint32_t>(k)};
    }
    tree_.nodes.push_back(std::move(n));
    rec_event("create", node, tree_.nodes.back().point);
}

void Explorer::rec_kind(std::uint64_t node, NodeKind kind) {
    if (TreeNode* n = rec_node(node)) {
        n->kind = kind;
        rec_event("kind", node, to_string(kind));
    }
}

void Explorer::rec_mark(CellId cell, Mark mark) {
    if (cell >= cell_origin_.size()) return;
    const ConstraintRef& ref = cell_origin_[cell];
    TreeNode* n = rec_node(ref.node);
    if (!n || ref.index >= n->constraints.size()) return;
    TreeConstraint& c = n->constraints[ref.index];
    if (c.mark == mark) return;
    c.mark = mark;
    rec_event("mark", ref.node, fmt::format("{} {}: {}", ref.index, to_string(mark), c.text));
}

void Explorer::rec_core(std::uint64_t node, const std::vector<CellId>& core) {
    TreeNode* n = rec_node(node);
    if (!n) return;
    for (CellId c : core) {
        if (c >= cell_origin_.size() || cell_origin_[c].node == 0) continue;
        n->core.push_back(cell_origin_[c]);
        // An abstracted candidate used only by its own invariance proof stays min.
        const ConstraintRef& ref = cell_origin_[c];
        TreeNode* owner = rec_node(ref.node);
        if (owner && ref.index < owner->constraints.size() &&
            owner->constraints[ref.index].mark == Mark::min) {
            continue;
        }
        rec_mark(c, Mark::max);
    }
}

}  // namespace clpi::engine
