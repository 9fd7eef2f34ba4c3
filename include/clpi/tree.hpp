// The derivation tree of a run, as the engine recorded it, and its exporters. The engine
// fills a Tree only when asked (Options::record_tree); exporters only read it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clpi {

enum class NodeKind {
    expanded,        // its children were explored
    infeasible,      // its constraints contradict the path (see `core`)
    terminal,        // a normal end
    subsumed,        // covered by a memo entry (see `subsumer`)
    closed,          // covered by a looping ancestor's invariant (see `loop_ancestor`)
    error_real,      // a reachable error: the counterexample
    error_spurious,  // an error reached only through a loop abstraction (see `locks`)
    restarted,       // back at a loop header, closed by no copy: instead of an unrolling, the
                     // header drops candidates this way back breaks (see `abstracted`), learns
                     // candidates from it (see `learnt`), or its loop now tries its way back
                     // before its exits (both empty), and restarts
    cut,             // not expanded: the unroll bound
    unknown,         // the solver could not decide it
};

enum class Mark { neutral, max, min };

struct TreeConstraint {
    std::string text;       // CLP syntax, in the rule's variables
    Mark mark = Mark::neutral;
    bool candidate = false;  // a loop header's candidate (over the header's state)
    bool locked = false;
    // A candidate's origin: path (a conjunct of the path's projection), difference (of two
    // variables the path defines), closure (of a loop guard), remainder (modulo a loop's
    // step), polyhedra (the polyhedral analysis of the program), learnt (a precondition
    // learnt when the loop had to be unrolled). Empty for the others.
    std::string origin;
};

// A constraint of some node: the node's id and the index in its `constraints`.
struct ConstraintRef {
    std::uint64_t node = 0;
    std::uint32_t index = 0;
};

struct TreeNode {
    std::uint64_t id = 0;      // order of creation, from 1
    std::uint64_t parent = 0;  // 0 for the root
    std::string point;         // "p(3)", or "error"
    std::optional<std::string> name;
    std::optional<std::uint32_t> line;
    std::uint32_t rule = 0;    // 1-based rule that created it; 0 for the query
    std::uint32_t depth = 0;
    NodeKind kind = NodeKind::expanded;
    std::vector<TreeConstraint> constraints;
    std::optional<std::string> interpolant;   // the memo entry it stored
    std::optional<std::string> core_interpolant;  // before slackening weakened it (--slacken)
    std::vector<ConstraintRef> core;          // infeasible / subsumed / closed: the proof
    std::uint64_t subsumer = 0;               // subsumed: the memo entry's node
    std::string subsumer_interpolant;
    std::uint64_t loop_ancestor = 0;          // closed / spurious: the header node
    std::vector<std::string> abstracted;      // closed: candidates it abstracted (min); restarted: dropped
    std::vector<std::string> kept;            // closed: candidates proved invariant (kept)
    std::vector<std::string> locks;           // spurious: candidates locked for the restart
    std::vector<std::string> learnt;          // restarted: the header's new candidates
    bool discarded = false;                   // explored before a restart, then thrown away
    // The node's summary (what its path makes known of its state) and its interpolant as
    // SMT-LIB over the state's positions ($0, $1, ...; $ka for an array), for views in the
    // source language; and, for a program from C, those views (describe_tree_in_c).
    std::optional<std::string> summary_formula;
    std::optional<std::string> interpolant_formula;
    std::vector<std::string> summary_c;
    std::optional<std::string> interpolant_c;
};

struct TreeEvent {
    std::string kind;        // create, kind, mark, memo, abstract, lock, learn, reorder, restart
    std::uint64_t node = 0;
    std::string detail;
};

struct Tree {
    std::vector<TreeNode> nodes;  // nodes[k].id == k + 1
    std::vector<TreeEvent> events;
    std::string note;             // e.g. which deepening round this tree is
};

struct TreeFormat {
    bool ascii = false;                // text: no Unicode box drawing
    std::uint64_t max_nodes = 0;       // cut larger trees with a visible marker (0: all)
};

// How a constraint is introduced in the exporters: "" for a constraint of a step,
// "candidate (polyhedra) " for a loop header's candidate, with its origin.
[[nodiscard]] std::string candidate_label(const TreeConstraint& c);
[[nodiscard]] const char* to_string(NodeKind k);
[[nodiscard]] const char* to_string(Mark m);
[[nodiscard]] std::string tree_text(const Tree& t, const TreeFormat& f = {});
[[nodiscard]] std::string tree_dot(const Tree& t, const TreeFormat& f = {});
// The versioned JSON document (schema: tools/viewer/tree.schema.json). `result` is the
// verdict object of the run, embedded as is.
[[nodiscard]] std::string tree_json(const Tree& t, const std::string& result_json);
// One self-contained page: the JSON and a viewer that steps through the events.
[[nodiscard]] std::string tree_html(const Tree& t, const std::string& result_json);

}  // namespace clpi
