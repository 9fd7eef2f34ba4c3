// `clpi explain FILE NODE`: the story of one node of the derivation tree, in words: how it
// was reached, its constraints, what happened to it and why, and its interpolant with the
// descendants whose proofs made it.
#include <iostream>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/load.hpp"
#include "clpi/engine.hpp"
#include "clpi/witness.hpp"
#include "cli/c_source.hpp"

namespace clpi::cli {

namespace {

struct ExplainArgs {
    std::string file;
    std::uint64_t node = 0;
    std::string strategy = "minimax";
    std::optional<std::uint32_t> unroll;
    bool slacken = false;
    bool no_polyhedra = false;
    bool no_learn = false;
    bool no_reorder = false;
    bool no_drop = false;
};

std::string title(const TreeNode& n) {
    std::string s = fmt::format("[{}] {}", n.id, n.point);
    if (n.name) s += fmt::format(" \"{}\"", *n.name);
    if (n.line) s += fmt::format(" (line {})", *n.line);
    return s;
}

std::string constraint_text(const Tree& t, const ConstraintRef& r) {
    const TreeNode& n = t.nodes.at(r.node - 1);
    return fmt::format("{}.{} `{}`", r.node, r.index + 1, n.constraints.at(r.index).text);
}

// What each origin of the node's candidates means, once per origin that occurs.
std::string origins(const TreeNode& n) {
    static const std::pair<const char*, const char*> meaning[] = {
        {"path", "a conjunct of what the path says of the loop header's state (its projection)"},
        {"difference", "the difference or sum of two variables the path sets (x - i = n from x = n, i = 0)"},
        {"closure", "a loop guard, closed (i =< n from i < n): true once the loop has run"},
        {"remainder", "a remainder modulo the step every rule of the loop moves a variable by (of the variable, or of its difference with a variable the loop does not change)"},
        {"polyhedra", "a linear invariant that an abstract interpretation of the whole program over "
                      "convex polyhedra found at this point (made once, before the search), or a "
                      "disjunction of its parts (kept apart by the rule that entered the loop, the "
                      "branches taken, and the remainders the loop tests, x mod 2 = 1); like every "
                      "candidate it is checked here: the path entails it, and the loop must keep it"},
        {"learnt", "learnt when the loop had to be unrolled: a candidate a refutation needs broke on "
                   "a way back to the header, and this is the complement of a comparison of its "
                   "precondition along that way (the states from which the way breaks it); the path "
                   "entails it here, and the loop must keep it (inductive strengthening)"},
    };
    std::string out;
    for (const auto& [origin, what] : meaning) {
        bool seen = false;
        for (const TreeConstraint& c : n.constraints) seen = seen || (c.candidate && c.origin == origin);
        if (seen) out += fmt::format("  ({}: {})\n", origin, what);
    }
    if (!out.empty()) out = "The candidates come from:\n" + out;
    return out;
}

std::string story(const Tree& t, const TreeNode& n) {
    std::string out;
    // How it was reached.
    std::vector<const TreeNode*> path;
    for (const TreeNode* p = &n; p; p = p->parent ? &t.nodes.at(p->parent - 1) : nullptr) path.push_back(p);
    out += "Reached by:\n";
    for (std::size_t k = path.size(); k-- > 0;) {
        const TreeNode* p = path[k];
        out += fmt::format("  {} {}\n", p->rule == 0 ? "the query gives" : fmt::format("rule {} gives", p->rule), title(*p));
    }
    if (n.discarded) out += "This node was explored before a restart and then thrown away.\n";
    // Its constraints.
    if (n.constraints.empty()) {
        out += "Its step added no constraint.\n";
    } else {
        out += "Its step added:\n";
        for (std::size_t k = 0; k < n.constraints.size(); ++k) {
            const TreeConstraint& c = n.constraints[k];
            std::string why;
            if (c.mark == Mark::max) why = " — max: a proof needs it, interpolants keep it";
            if (c.mark == Mark::min) why = " — min: abstracted so that the loop closes";
            if (c.locked) why += " (locked by a refinement: never abstracted again)";
            out += fmt::format("  {}. {}{}{}\n", k + 1, candidate_label(c), c.text, why);
        }
        out += origins(n);
    }
    // What happened and why.
    auto list = [&](const std::vector<ConstraintRef>& refs) {
        std::string s;
        for (const auto& r : refs) s += "\n    " + constraint_text(t, r);
        return s;
    };
    out += "What happened: ";
    switch (n.kind) {
    case NodeKind::expanded: out += "it was expanded: each rule of its point made a child.\n"; break;
    case NodeKind::infeasible:
        out += "infeasible. These constraints of its path contradict each other (an unsat core);"
               " they become max, so its ancestors keep them:" + list(n.core) + "\n";
        break;
    case NodeKind::terminal: out += "a normal end: no error below, interpolant true.\n"; break;
    case NodeKind::subsumed:
        if (n.abstracted.empty()) {
            out += fmt::format("subsumed. Its state entails the interpolant `{}` stored by node "
                               "[{}], whose subtree was safe; the entailment used:",
                               n.subsumer_interpolant, n.subsumer);
        } else {
            out += fmt::format("subsumed, forced. Node [{}] stored the interpolant `{}`, whose "
                               "subtree was safe. Its state entails what that subtree needs for "
                               "itself, but not all that it needs to keep the candidates of loop "
                               "header [{}] invariant on the way back; those candidates were "
                               "abstracted instead, so the loop no longer has to keep them:",
                               n.subsumer, n.subsumer_interpolant, n.loop_ancestor);
            for (const auto& a : n.abstracted) out += " `" + a + "`";
            out += ". The entailment used:";
        }
        out += list(n.core) + "\n";
        break;
    case NodeKind::closed:
        out += fmt::format("closed by its looping ancestor [{}]: each candidate of that loop header "
                           "still holds here (path invariance)",
                           n.loop_ancestor);
        if (!n.abstracted.empty()) {
            out += "; to get there these candidates were abstracted:";
            for (const auto& a : n.abstracted) out += " `" + a + "`";
        }
        if (!n.kept.empty()) {
            out += "; the candidates kept (each proved invariant along the way back):";
            for (const auto& k : n.kept) out += " `" + k + "`";
        }
        out += ". The invariance proofs used:" + list(n.core) + "\n";
        break;
    case NodeKind::error_real: out += "the error is reachable: this path is the counterexample.\n"; break;
    case NodeKind::error_spurious:
        out += fmt::format("an error reached only through the abstraction of loop header [{}]: on "
                           "the concrete path it is infeasible. The candidates that refute it are "
                           "locked:",
                           n.loop_ancestor);
        for (const auto& l : n.locks) out += " `" + l + "`";
        out += "; the header is explored again (a restart).\n";
        break;
    case NodeKind::restarted:
        out += fmt::format("back at the loop header [{}], and closed by none of its copies: a "
                           "candidate that a refutation needs (locked) or a proof below relies on "
                           "does not hold after this way back. Rather than unroll the loop, ",
                           n.loop_ancestor);
        if (!n.abstracted.empty()) {
            out += "the header drops the candidates that the proofs below relied on but that no "
                   "set of its candidates keeps along this way back (Houdini): they cannot be part "
                   "of an invariant made of them. They stay off for good, and the header is "
                   "explored again (a restart), so that those proofs are made without them:";
            for (const auto& a : n.abstracted) out += " `" + a + "`";
            out += ".\n";
        } else if (n.learnt.empty()) {
            out += "its points now try the rules that stay in the loop before those that leave "
                   "it: a way out explored before the loop was closed had left proofs that rely "
                   "on what only the first iterations say; explored after the closure, its "
                   "proofs rely only on what the loop keeps. The header is explored again (a "
                   "restart).\n";
        } else {
            out += "the header takes the complements of the comparisons of that candidate's "
                   "precondition along this way (the states from which this way breaks it) that "
                   "hold where the loop is entered, as new candidates (learnt):";
            for (const auto& l : n.learnt) out += " `" + l + "`";
            out += "; the header is explored again (a restart).\n";
        }
        break;
    case NodeKind::cut: out += "not expanded: the unroll bound was reached here.\n"; break;
    case NodeKind::unknown: out += "the solver could not decide it.\n"; break;
    }
    if (!n.summary_c.empty()) {
        out += "What its path makes known of memory and arrays, in C (an address is a cell number):\n";
        for (const std::string& f : n.summary_c) out += "  " + f + "\n";
    }
    // Its interpolant and the proofs below that made it.
    if (n.interpolant) {
        std::string in_c = n.interpolant_c ? fmt::format(" (in C: `{}`)", *n.interpolant_c) : "";
        if (n.core_interpolant) {
            out += fmt::format("Its interpolant: `{}`{}, slackened from `{}`: the children's interpolants "
                               "need no more (each step out of it is infeasible or lands in the "
                               "child's). The core interpolant is the projection of the max "
                               "constraints of its path; the proofs below that made them max:\n",
                               *n.interpolant, in_c, *n.core_interpolant);
        } else {
            out += fmt::format("Its interpolant: `{}`{}. It is the projection of the max constraints of its "
                               "path; the proofs below that made them max:\n",
                               *n.interpolant, in_c);
        }
        bool any = false;
        for (const TreeNode& d : t.nodes) {
            if (d.id <= n.id || d.core.empty()) continue;
            // d is a descendant of n?
            const TreeNode* p = &d;
            while (p->parent && p->parent != n.id) p = &t.nodes.at(p->parent - 1);
            if (p->parent != n.id) continue;
            std::vector<ConstraintRef> above;
            for (const auto& r : d.core) {
                if (r.node <= n.id) above.push_back(r);
            }
            if (above.empty()) continue;
            any = true;
            out += fmt::format("  {} ({}) uses", title(d), to_string(d.kind));
            for (const auto& r : above) out += " " + constraint_text(t, r);
            out += "\n";
        }
        if (!any) out += "  none: nothing on its path was needed (interpolant true).\n";
    }
    return out;
}

int run_explain(const ExplainArgs& a) {
    // A C program's map names its variables and memory cells in C.
    std::string witness_map;
    auto program = load_program(a.file, {}, {}, nullptr, is_c_source(a.file) ? &witness_map : nullptr);
    if (!program) return exit_bad_input;
    Options o;
    o.strategy = *strategy_from_string(a.strategy);
    o.unroll = a.unroll;
    o.slacken = a.slacken;
    o.polyhedra = !a.no_polyhedra;
    o.learn = !a.no_learn;
    o.reorder = !a.no_reorder;
    o.drop = !a.no_drop;
    o.bmc = false;  // the tree explained is the search's, whatever the machine's speed
    o.pdr = false;
    o.record_tree = true;
    Result r = verify(*program, o);
    if (!r.tree || a.node == 0 || a.node > r.tree->nodes.size()) {
        std::cerr << fmt::format("clpi: error: no node {} (the tree has {} nodes)\n", a.node,
                                 r.tree ? r.tree->nodes.size() : 0);
        return exit_usage;
    }
    if (!witness_map.empty()) {
        std::string error;
        if (std::optional<CSourceMap> map = parse_c_source_map(witness_map, error)) describe_tree_in_c(*r.tree, *map);
    }
    std::string verdict = to_string(r.verdict);
    std::cout << fmt::format("Node {} of {} ({}, {}{})\n", a.node, program->file, r.strategy, verdict,
                             r.tree->note.empty() ? "" : "; " + r.tree->note);
    std::cout << story(*r.tree, r.tree->nodes.at(a.node - 1));
    return exit_safe;
}

}  // namespace

Runner add_explain_command(CLI::App& app) {
    auto args = std::make_shared<ExplainArgs>();
    CLI::App* cmd = app.add_subcommand(
        "explain", "Tell the story of one node of the derivation tree (ids as in `verify --tree`): "
                   "how it was reached, what happened to it and why, and its interpolant");
    cmd->add_option("FILE", args->file, "CLP program (`-` for standard input)")->required();
    cmd->add_option("NODE", args->node, "node id")->required();
    cmd->add_option("--strategy", args->strategy, "as for verify")
        ->check(CLI::IsMember({"minimax", "bounded", "dse"}))
        ->capture_default_str();
    cmd->add_option("--unroll", args->unroll, "as for verify");
    cmd->add_flag("--slacken", args->slacken, "as for verify");
    cmd->add_flag("--no-polyhedra", args->no_polyhedra, "as for verify");
    cmd->add_flag("--no-learn", args->no_learn, "as for verify");
    cmd->add_flag("--no-reorder", args->no_reorder, "as for verify");
    cmd->add_flag("--no-drop", args->no_drop, "as for verify");
    return [args] { return run_explain(*args); };
}

}  // namespace clpi::cli
