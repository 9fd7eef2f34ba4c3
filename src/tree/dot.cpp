// The derivation tree as a Graphviz graph: kinds as colours and shapes (with a legend),
// max constraints in bold, interpolants under the node, subsumption as dashed edges to the
// subsumer, loop closures as dotted edges to the header.
#include <fmt/format.h>

#include "tree/tree_util.hpp"

namespace clpi {

namespace {

std::string html_escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    }
    return out;
}

struct Style {
    const char* shape;
    const char* color;
};

Style style_of(NodeKind k) {
    switch (k) {
    case NodeKind::expanded: return {"box", "white"};
    case NodeKind::infeasible: return {"box", "gray80"};
    case NodeKind::terminal: return {"box", "palegreen"};
    case NodeKind::subsumed: return {"box", "lightblue"};
    case NodeKind::closed: return {"box", "plum"};
    case NodeKind::error_real: return {"octagon", "tomato"};
    case NodeKind::error_spurious: return {"octagon", "orange"};
    case NodeKind::restarted: return {"box", "lightsalmon"};
    case NodeKind::cut: return {"box", "khaki"};
    case NodeKind::unknown: return {"box", "yellow"};
    }
    return {"box", "white"};
}

}  // namespace

std::string tree_dot(const Tree& t, const TreeFormat& f) {
    std::string out = "digraph derivation {\n  node [fontname=\"monospace\", fontsize=10, style=filled];\n"
                      "  edge [fontsize=9];\n";
    std::uint64_t hidden = 0;
    for (const TreeNode& n : t.nodes) {
        if (f.max_nodes > 0 && n.id > f.max_nodes) {
            ++hidden;
            continue;
        }
        Style s = style_of(n.kind);
        std::string label = "<B>" + html_escape(tree::node_title(n)) + "</B><BR ALIGN=\"LEFT\"/>" +
                            html_escape(tree::node_reason(n)) + "<BR ALIGN=\"LEFT\"/>";
        for (std::size_t k = 0; k < n.constraints.size(); ++k) {
            const TreeConstraint& c = n.constraints[k];
            std::string text = fmt::format("{}. {}{}", k + 1, candidate_label(c),
                                           html_escape(c.text));
            if (c.mark == Mark::max) text = "<B>" + text + "</B>";
            if (c.mark == Mark::min) text = "<S>" + text + "</S>";
            if (c.locked) text += " [locked]";
            label += text + "<BR ALIGN=\"LEFT\"/>";
        }
        if (!n.summary_c.empty()) label += "in C: " + html_escape(tree::join_facts(n.summary_c)) + "<BR ALIGN=\"LEFT\"/>";
        if (n.interpolant) label += "<I>itp: " + html_escape(*n.interpolant) + "</I><BR ALIGN=\"LEFT\"/>";
        if (n.interpolant_c) label += "<I>itp in C: " + html_escape(*n.interpolant_c) + "</I><BR ALIGN=\"LEFT\"/>";
        out += fmt::format("  n{} [shape={}, fillcolor={}{}, label=<{}>];\n", n.id, s.shape, s.color,
                           n.discarded ? ", color=gray60, fontcolor=gray40" : "", label);
        if (n.parent != 0) out += fmt::format("  n{} -> n{};\n", n.parent, n.id);
        if (n.kind == NodeKind::subsumed) {
            out += fmt::format("  n{} -> n{} [style=dashed, constraint=false, label=\"subsumed\"];\n",
                               n.id, n.subsumer);
        }
        if (n.kind == NodeKind::closed || n.kind == NodeKind::error_spurious ||
            n.kind == NodeKind::restarted) {
            out += fmt::format("  n{} -> n{} [style=dotted, constraint=false, label=\"{}\"];\n", n.id,
                               n.loop_ancestor, n.kind == NodeKind::closed ? "loop"
                                                : n.kind == NodeKind::restarted ? "restart" : "refine");
        }
    }
    if (hidden > 0) {
        out += fmt::format("  more [shape=note, label=\"... {} more nodes not shown\"];\n", hidden);
    }
    out += "  subgraph cluster_legend {\n    label=\"legend\"; fontsize=10;\n";
    for (NodeKind k : {NodeKind::expanded, NodeKind::infeasible, NodeKind::terminal,
                       NodeKind::subsumed, NodeKind::closed, NodeKind::error_real,
                       NodeKind::error_spurious, NodeKind::restarted, NodeKind::cut,
                       NodeKind::unknown}) {
        Style s = style_of(k);
        out += fmt::format("    legend_{} [shape={}, fillcolor={}, label=\"{}\"];\n",
                           static_cast<int>(k), s.shape, s.color, to_string(k));
    }
    out += "    legend_note [shape=plaintext, style=\"\", label=<<B>bold</B>: max (kept in the interpolant)<BR/>"
           "<S>struck</S>: min (abstracted)<BR/>dashed edge: subsumed by<BR/>dotted edge: closed by loop header>];\n";
    out += "  }\n}\n";
    return out;
}

}  // namespace clpi
