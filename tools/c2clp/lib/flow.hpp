// The converter's intermediate form: the C variables, the program points and the
// transitions between them, before they are printed as CLP rules.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "term.hpp"

namespace c2clp {

using PointId = std::uint32_t;

// A C array (of any rank) as one CLP array, indexed by the row-major offset of an element.
struct ArrayShape {
    std::vector<Integer> strides;  // elements per step of each index: {4, 1} for `int a[3][4]`
    std::vector<Term> dims;        // the bound of each index: {3, 4}
    Term length;                   // number of elements: a constant, or the variable that
                                   // keeps a variable-length array's length
};

struct Variable {
    std::string clp_name;  // `X`, `Lock`, `F_i`, `Tmp1`
    std::string c_name;    // as in the source; empty for temporaries
    std::string scope;     // "global", the function name, or "temporary"
    IntType type;          // for an array: the type of its elements
    std::optional<ArrayShape> array;
    bool pointer = false;  // a C pointer: an address of the memory (0 is NULL)
};

// Where a point stands in the C source, for witnesses: a statement's first token.
struct SourcePlace {
    unsigned line = 0;
    unsigned column = 0;   // 1-based
    std::string function;  // the C function the place is in
    bool operator==(const SourcePlace&) const = default;
};

// The head of a C loop (`while`, `for` after its initialisation, `do`): every iteration
// passes here, so the state at this point is what a loop invariant of the C loop speaks of.
struct LoopHead {
    SourcePlace place;           // the loop's keyword
    std::vector<VarId> visible;  // the C variables in scope there (globals, and locals
                                 // declared before the loop in blocks around it)
    // Jump threading may send some runs past this point, straight to where the loop's
    // test sends them: the state there is the state here (the tests change nothing), so an
    // invariant of the loop is one of this point or of those targets.
    std::vector<PointId> also_at;
    // Set when runs go past this point to a place no longer a point of their own (merged
    // into a larger block): then no invariant may be claimed for the loop.
    bool bypassed = false;
};

struct Point {
    std::optional<unsigned> line;
    std::string name;  // the C statement (or what happens there)
    std::vector<LoopHead> loops;  // the C loops whose head this point is (usually none)
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

// A C branching statement decided one way (`if`, a loop's test, `__VERIFIER_assert`).
struct Branching {
    SourcePlace place;  // the statement's keyword (or the call)
    bool taken = true;  // the condition held
    bool operator==(const Branching&) const = default;
};

// A transition: one CLP rule per alternative.
struct Edge {
    PointId from = 0;
    Target to;
    std::vector<Path> alts;
    std::vector<Branching> branchings;  // the C decisions it makes, in order
    std::optional<SourcePlace> error_place;  // into an error: the call that fails
};

// A C view of memory, for counterexamples: what a pointer (or a variable in memory) points
// to, cell by cell: `.value` at offset 0, `.next` at 1 pointing to a `struct node`.
struct CellOfType {
    std::string path;     // "" for a scalar, ".value", "[2]", ".pos.x"
    std::uint64_t offset = 0;
    std::string pointee;  // for a pointer cell: the key of the type it points to, else ""
};

struct Flow {
    std::vector<Variable> vars;
    // By type key ("struct node", "int"): the cells of an object of that type.
    std::map<std::string, std::vector<CellOfType>> layouts;
    // The state variables that hold addresses, with the key of what is there and, for a
    // variable in memory (`X_addr`), the variable's C name.
    struct Addressed {
        std::string pointee;
        std::string object;  // "" for a pointer variable: its cells are `*p`, `p->f`
    };
    std::map<VarId, Addressed> addresses;
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
