// Linear invariants of a program's points by abstract interpretation over convex polyhedra
// (Cousot and Halbwachs), computed once per program, as loop-header candidates: relations
// with coefficients (j = 2i, y + 3x = 100, 2y >= x) and the bounds a non-unit step leaves,
// which the path's own conjuncts cannot express. The engine checks them like any candidate
// (entailed by the path when the header is set up, invariant when the loop closes), so a
// mistake here costs precision, never soundness.
//
// The domain is the Parma Polyhedra Library's closed polyhedra over the rationals: the
// integer-valued programs' strict inequalities are tightened (x < y to x + 1 =< y) and their
// disequalities joined from both sides (x < y or x > y) before they enter; the rest of a
// program that is not linear (products of variables, division by a variable, arrays) is
// left out, which only makes the result weaker. `e div k` and `e mod k` by a constant k > 1,
// where the part does not know e's remainder, become a new variable q with k·q =< e =<
// k·q + k - 1 (and e - k·q), projected away with the rule's other variables.
// Disjunctions in rule bodies are joined (convex hull). A loop header keeps a polyhedron per
// rule that enters it, per value of its flags (positions the loop's rules only keep, set to
// a constant or negate, wherever in the body; inside the body the states are kept apart by
// the flags' ranges, so b = !b in mid-body gives a part per value of b), and per set of the
// loop's branches taken since the loop was entered
// (trace partitioning), offered as one disjunctive fact besides the facts of their hull: a
// loop's phases (x =< 50 ∧ y = 50, or x > 50 ∧ y = x), a branch that switches once (d = a
// before a reaches c, d = 3c - 2a after), a flag read once that picks the same branch at
// every round (j = b, or j = 0); a branch guarded by a disequality (f != 1) counts as its two
// sides (f =< 0, f >= 2), so that a part that took it, keeping f, never takes the f = 1
// branch too, and a branch with a disjunction in its step counts as one branch per case; and a part knows the remainders x mod k that its loop's rules take (k from 2
// to 16), under which x mod k and x div k are linear (2y = x where x is even, 2y = x + 1
// where it is odd); a remainder the post into a header leaves open splits it into one part
// per remainder. Loops are iterated to a fixpoint with
// widening at the loop headers after four plain rounds, limited by the loop's guards and its
// errors' negated conditions (widening up to them), then narrowed by two descending rounds.
// Last, the program's affine congruences over PPL's grids (Granger): the rules' equalities
// over the integers, joined at each point to a fixpoint; a loop header gets those of sums
// and differences of its positions, (x + y) mod 2 = 0 where one way round adds 2 to x and
// the other 1 to each.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "clpi/program.hpp"
#include "engine/point_graph.hpp"

namespace clpi::engine {

// Σ coefficient · x_position + constant = 0 (equality) or >= 0, over a point's state
// positions; coefficients are integers with no common divisor. With a modulus, a remainder:
// (Σ coefficient · x_position) mod modulus = constant (a part's remainder of one position,
// or a congruence of the header's grid).
struct LinearFact {
    std::vector<std::pair<Integer, std::uint32_t>> terms;  // nonzero, by position
    Integer constant;
    bool equality = false;
    Integer modulus = 0;
};

struct PolyhedraLimits {
    double time_s = 1.0;                    // the analysis gives up (no facts) past this much processor time
    std::uint32_t max_dimensions = 64;      // a rule with more variables: its post is unknown
    std::uint32_t max_cases = 16;           // a larger disjunction is left out (not joined)
    // Plain rounds at a header before widening. A part is fed by several ways at first (a
    // start per initial parity, the loop's branches): with 2, the first of them widened
    // away relations that all of them keep (3x - 2y between -2 and 3 where x += 2, y += 3).
    std::uint32_t widening_delay = 4;
    std::uint32_t narrowing_rounds = 2;
    // A loop header entered by at most this many rules keeps a polyhedron per entering rule
    // (trace partitioning); one entered by more, a single one.
    std::uint32_t max_partitions = 4;
    // A loop with at most this many branch rules (rules out of points with several, both
    // ends in the loop): its parts remember which of them they have taken.
    std::uint32_t max_branches_remembered = 6;
    // With parts by the branches taken: the analysis gives up past this many rounds (and
    // is made again with parts by entering rule only), whatever the time.
    std::uint32_t max_rounds_with_branches = 500;
    // Parts of one point; past this, the rest are joined into one.
    std::uint32_t max_parts = 16;
    // Facts with a larger coefficient are left out: widening next to the bounds of machine
    // integers makes some (268435456*I - 125*J =< ...) that no proof needs and that slow
    // the solver's projections down by orders of magnitude.
    std::uint32_t max_coefficient = 1000;
    // Set when the run has its answer from elsewhere (bounded model checking or property-
    // directed reachability beside it): the analysis stops, with no facts.
    const std::atomic<bool>* stop = nullptr;
    // Set from outside the run (an interrupt, or the run this one is a helper of ending).
    const std::atomic<bool>* interrupt = nullptr;

    [[nodiscard]] bool stopped() const {
        return (stop && stop->load()) || (interrupt && interrupt->load());
    }
};

struct PointInvariants {
    // Per point: its facts (for a point no derivation reaches: none).
    std::vector<std::vector<LinearFact>> at;
    // Per point: the partitioned polyhedra as one disjunctive fact, each case a conjunction
    // (empty: no partition, or one part holds the others).
    std::vector<std::vector<std::vector<LinearFact>>> cases;
    std::vector<bool> reachable;  // per point: the analysis found states there
    bool complete = false;        // false: given up (time), `at` is empty
    std::string stopped;          // why it gave up
    std::uint32_t rounds = 0;     // ascending and descending rounds over the rules
    double time_s = 0;
    std::uint64_t header_facts = 0;  // facts at loop headers (a disjunction counts one)
    std::uint64_t left_out = 0;      // facts with a coefficient over the limit
};

// Runs the analysis from the query's point; `graph.header` marks where to widen.
[[nodiscard]] PointInvariants analyse_polyhedra(const Program& program, const PointGraph& graph,
                                                const PolyhedraLimits& limits = {});

}  // namespace clpi::engine
