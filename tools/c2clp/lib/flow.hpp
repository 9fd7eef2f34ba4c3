// The converter's intermediate form: the C variables, the program points and the
// transitions between them, before they are printed as CLP rules.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "term.hpp"

namespace c2clp {

using PointId = std::uint32_t;

struct Variable {
    std::string clp_name;  // `X`, `Lock`, `F_i`, `Tmp1`
    std::string c_name;    // as in the source; empty for temporaries
    std::string scope;     // "global", the function name, or "temporary"
    IntType type;
};

struct Point {
    std::optional<unsigned> line;
    std::string name;  // the C statement (or what happens there)
};

// One possible effect of a statement: guards on the current state, then new values for
// some variables, all computed from the current state (a parallel assignment). Havocked
// variables get any value of their type; inputs are fresh values used inside terms.
struct Step {
    std::vector<Cond> guards;
    std::vector<std::pair<VarId, Term>> updates;
    std::vector<VarId> havocs;
    std::vector<IntType> inputs;  // Op::input k has type inputs[k]
};

// A sequence of steps (more than one after --large-blocks merged straight-line code).
using Path = std::vector<Step>;

struct Target {
    enum class Kind { point, error, terminal } kind = Kind::point;
    PointId point = 0;
    std::string label;  // for errors: what failed, with its C line
};

// A transition: one CLP rule per alternative.
struct Edge {
    PointId from = 0;
    Target to;
    std::vector<Path> alts;
};

struct Flow {
    std::vector<Variable> vars;
    std::vector<Point> points;
    std::vector<Edge> edges;
    PointId start = 0;
};

// Drops transitions that do nothing (no guard, no update) by sending their sources
// straight to their targets, so that a point is a statement.
void remove_skips(Flow& flow);
// Jump threading: an alternative that leaves a variable at a known constant (set or tested
// there, or constant wherever its source is reached) and reaches a point whose rules only
// test the state (a `switch` on that variable, say) goes straight to the one rule those
// values enable; alternatives that contradict the known values are dropped. Runs are
// unchanged; a state machine's states are no longer one loop head (thread.cpp says why).
void thread_known_dispatches(Flow& flow);
// --large-blocks: merges a point with a single incoming transition into it, so that each
// rule covers a straight-line block. Verdicts do not change; the tree has fewer nodes.
void merge_blocks(Flow& flow);
// Removes points that no transition reaches from the start, and renumbers the rest.
void compact(Flow& flow);

}  // namespace c2clp
