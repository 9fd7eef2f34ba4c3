// The derivation tree as text for a terminal: one line per node with its kind and the reason
// for it, its constraints with their annotations, and the interpolant it stored.
#include <fmt/format.h>

#include "tree/tree_util.hpp"

namespace clpi {

const char* to_string(NodeKind k) {
    switch (k) {
    case NodeKind::expanded: return "expanded";
    case NodeKind::infeasible: return "infeasible";
    case NodeKind::terminal: return "terminal";
    case NodeKind::subsumed: return "subsumed";
    case NodeKind::closed: return "closed";
    case NodeKind::error_real: return "error";
    case NodeKind::error_spurious: return "spurious error";
    case NodeKind::restarted: return "restarted";
    case NodeKind::cut: return "cut";
    case NodeKind::unknown: return "unknown";
    }
    return "?";
}

const char* to_string(Mark m) {
    switch (m) {
    case Mark::neutral: return "neutral";
    case Mark::max: return "max";
    case Mark::min: return "min";
    }
    return "?";
}

namespace tree {

}  // namespace tree

std::string candidate_label(const TreeConstraint& c) {
    if (!c.candidate) return "";
    return c.origin.empty() ? "candidate " : fmt::format("candidate ({}) ", c.origin);
}

namespace tree {

std::string ref_text(const ConstraintRef& r) { return fmt::format("{}.{}", r.node, r.index + 1); }

std::string node_title(const TreeNode& n) {
    std::string out = fmt::format("[{}] {}", n.id, n.point);
    if (n.name) out += fmt::format(" \"{}\"", *n.name);
    if (n.line) out += fmt::format(" line {}", *n.line);
    out += n.rule == 0 ? " (query)" : fmt::format(" (rule {})", n.rule);
    return out;
}

std::string node_reason(const TreeNode& n) {
    auto core = [&] {
        std::string s;
        for (const ConstraintRef& r : n.core) s += (s.empty() ? "" : ", ") + ref_text(r);
        return s.empty() ? std::string("-") : s;
    };
    switch (n.kind) {
    case NodeKind::infeasible: return fmt::format("infeasible: conflict {{{}}}", core());
    case NodeKind::subsumed: {
        std::string s = fmt::format("subsumed by [{}] ({})", n.subsumer, n.subsumer_interpolant);
        if (!n.abstracted.empty()) {
            s += fmt::format(", forced: loop header [{}] abstracts", n.loop_ancestor);
            for (const auto& a : n.abstracted) s += " " + a + ";";
            s.pop_back();
        }
        return s + fmt::format(", using {{{}}}", core());
    }
    case NodeKind::closed: {
        std::string s = fmt::format("closed by loop header [{}]", n.loop_ancestor);
        if (!n.abstracted.empty()) {
            s += ", abstracting";
            for (const auto& a : n.abstracted) s += " " + a + ";";
            s.pop_back();
        }
        if (!n.kept.empty()) {
            s += ", keeping";
            for (const auto& k : n.kept) s += " " + k + ";";
            s.pop_back();
        }
        return s + fmt::format(", invariance by {{{}}}", core());
    }
    case NodeKind::error_spurious: {
        std::string s = fmt::format("spurious error: header [{}] locks", n.loop_ancestor);
        for (const auto& l : n.locks) s += " " + l + ";";
        s.pop_back();
        return s + ", restart";
    }
    case NodeKind::restarted: {
        if (!n.abstracted.empty()) {
            std::string s = fmt::format("restarted: header [{}] drops", n.loop_ancestor);
            for (const auto& a : n.abstracted) s += " " + a + ";";
            s.pop_back();
            return s;
        }
        if (n.learnt.empty()) {
            return fmt::format("restarted: header [{}] tries its loop's way back before its exits",
                               n.loop_ancestor);
        }
        std::string s = fmt::format("restarted: header [{}] learns", n.loop_ancestor);
        for (const auto& l : n.learnt) s += " " + l + ";";
        s.pop_back();
        return s;
    }
    case NodeKind::error_real: return "error: reachable (the counterexample)";
    default: return to_string(n.kind);
    }
}

std::string join_facts(const std::vector<std::string>& facts) {
    std::string out;
    for (const std::string& f : facts) out += (out.empty() ? "" : ", ") + f;
    return out;
}

std::vector<std::vector<std::uint64_t>> children_of(const Tree& t) {
    std::vector<std::vector<std::uint64_t>> kids(t.nodes.size() + 1);
    for (const TreeNode& n : t.nodes) kids[n.parent].push_back(n.id);
    return kids;
}

}  // namespace tree

std::string tree_text(const Tree& t, const TreeFormat& f) {
    const char* branch = f.ascii ? "|- " : "├─ ";
    const char* last = f.ascii ? "`- " : "└─ ";
    const char* pipe = f.ascii ? "|  " : "│  ";
    const char* blank = "   ";
    auto kids = tree::children_of(t);
    std::string out;
    if (!t.note.empty()) out += "(" + t.note + ")\n";
    std::uint64_t hidden = 0;
    // Depth-first with an explicit stack: trees can be deep.
    struct Item {
        std::uint64_t id;
        std::string prefix;
        bool is_last;
        bool root;
    };
    std::vector<Item> stack;
    const auto& roots = kids[0];
    for (std::size_t k = roots.size(); k-- > 0;) stack.push_back({roots[k], "", k + 1 == roots.size(), true});
    while (!stack.empty()) {
        Item it = stack.back();
        stack.pop_back();
        const TreeNode& n = t.nodes[it.id - 1];
        if (f.max_nodes > 0 && n.id > f.max_nodes) {
            ++hidden;
            continue;
        }
        std::string head = it.root ? "" : it.prefix + (it.is_last ? last : branch);
        std::string body = it.root ? "" : it.prefix + (it.is_last ? blank : pipe);
        out += head + tree::node_title(n) + ": " + tree::node_reason(n);
        if (n.discarded) out += " [discarded by a restart]";
        out += "\n";
        const auto& mine = kids[n.id];
        std::string inner = body + (mine.empty() ? "   " : pipe);
        for (std::size_t k = 0; k < n.constraints.size(); ++k) {
            const TreeConstraint& c = n.constraints[k];
            std::string mark = c.mark == Mark::neutral ? "" : fmt::format(" [{}]", to_string(c.mark));
            if (c.locked) mark += " [locked]";
            out += fmt::format("{}  {}. {}{}{}\n", inner, k + 1, candidate_label(c),
                               c.text, mark);
        }
        if (!n.summary_c.empty()) out += fmt::format("{}  known, in C: {}\n", inner, tree::join_facts(n.summary_c));
        if (n.interpolant) {
            out += fmt::format("{}  interpolant: {}", inner, *n.interpolant);
            if (n.core_interpolant) out += fmt::format(" (slackened from {})", *n.core_interpolant);
            out += "\n";
        }
        if (n.interpolant_c) out += fmt::format("{}  interpolant in C: {}\n", inner, *n.interpolant_c);
        for (std::size_t k = mine.size(); k-- > 0;) {
            stack.push_back({mine[k], body, k + 1 == mine.size(), false});
        }
    }
    if (hidden > 0) out += fmt::format("... {} more nodes not shown (--tree-max-nodes)\n", hidden);
    return out;
}

}  // namespace clpi
