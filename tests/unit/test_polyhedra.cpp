// Loop-header candidates from the polyhedral analysis (engine/polyhedra.hpp): the loops the
// path's own candidates cannot close (coefficients, non-unit steps, phases, a disjunction)
// are closed without unrolling, their unsafe twins stay UNSAFE with a replayed
// counterexample, and the analysis states the facts the proofs need.
#include <algorithm>
#include <atomic>
#include <optional>

#include "clpi/tree.hpp"
#include "engine/point_graph.hpp"
#include "engine/polyhedra.hpp"
#include "engine/quotient_cases.hpp"
#include "engine_support.hpp"

using namespace clpi;
using clpi::test::must_parse;

namespace {

// i = 0; j = 0; while (i < 10000) { i++; j += 2; } assert(j == 20000): j = 2i.
const char* coefficients = "?- p(1, I, J).\n"
                           "p(1, I, J) :- p(2, I1, J1), I1 = 0, J1 = 0.\n"
                           "p(2, I, J) :- p(2, I1, J1), I < 10000, I1 = I + 1, J1 = J + 2.\n"
                           "p(2, I, J) :- p(3, I, J), I >= 10000.\n"
                           "p(3, I, J) :- error, J != 20000.\n"
                           "p(3, I, J).\n";

// x = 0; y = 50; while (x < 100) { x++; if (x > 50) y++; } assert(y == 100): two phases,
// x =< 50 ∧ y = 50 or x > 50 ∧ y = x.
const char* phases = "?- p(1, X, Y).\n"
                     "p(1, X, Y) :- p(2, X1, Y1), X1 = 0, Y1 = 50.\n"
                     "p(2, X, Y) :- p(3, X1, Y), X < 100, X1 = X + 1.\n"
                     "p(3, X, Y) :- p(2, X, Y1), X > 50, Y1 = Y + 1.\n"
                     "p(3, X, Y) :- p(2, X, Y), X =< 50.\n"
                     "p(2, X, Y) :- p(4, X, Y), X >= 100.\n"
                     "p(4, X, Y) :- error, Y != 100.\n"
                     "p(4, X, Y).\n";

Result run(const std::string& text, bool polyhedra = true) {
    Options o;
    o.polyhedra = polyhedra;
    return verify(must_parse(text), o);
}

void check_closed_at_once(const std::string& text) {
    Result r = run(text);
    CHECK(r.verdict == Verdict::safe);
    CHECK(r.stats.unrollings == 0);
    CHECK(r.stats.restarts == 0);
    CHECK(r.stats.nodes < 100);
    CHECK(r.stats.polyhedra_candidates > 0);
}

// The polyhedral analysis of a program, as the engine makes it (with the default limits).
engine::PointInvariants analysed(const Program& prog) {
    return engine::analyse_polyhedra(prog, engine::build_point_graph(prog));
}

// The number of cases of the disjunctive fact the analysis states at `point`.
std::size_t cases_at(const std::string& text, const char* point) {
    Program prog = must_parse(text);
    engine::PointInvariants inv = analysed(prog);
    REQUIRE(inv.complete);
    return inv.cases[*prog.find_point(point)].size();
}

// The search alone, without the analysis, stopped at 300 nodes: a loop that needs one of
// the analysis's facts unrolls and gives up (UNKNOWN).
Options without_polyhedra_bounded() {
    Options o;
    o.polyhedra = false;
    o.bmc = false;
    o.pdr = false;
    o.reverse = false;
    o.max_nodes = 300;
    return o;
}

std::string replace(std::string text, const std::string& from, const std::string& to) {
    auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

// The unsafe twin of a program: UNSAFE, with a (replayed) counterexample.
void check_unsafe(const std::string& text) {
    Result r = run(text);
    CHECK(r.verdict == Verdict::unsafe);
    CHECK(r.counterexample.has_value());
}

// The cases of the disjunctive fact at `point`, each of which knows x mod k of one position.
std::size_t cases_knowing_a_remainder(const std::string& text, const char* point, int k) {
    Program prog = must_parse(text);
    engine::PointInvariants inv = analysed(prog);
    REQUIRE(inv.complete);
    const auto& cases = inv.cases[*prog.find_point(point)];
    for (const auto& conjunction : cases) {
        CHECK(std::count_if(conjunction.begin(), conjunction.end(), [&](const engine::LinearFact& f) {
                  return f.modulus == k;
              }) == 1);
    }
    return cases.size();
}

}  // namespace

TEST_CASE("polyhedra: loops whose invariant has coefficients close without unrolling") {
    INFO("j = 2i");
    check_closed_at_once(coefficients);
    INFO("y + 3x = 100");
    check_closed_at_once("?- p(1, X, Y).\n"
                         "p(1, X, Y) :- p(2, X1, Y1), X1 = 0, Y1 = 100.\n"
                         "p(2, X, Y) :- p(2, X1, Y1), X1 = X + 1, Y1 = Y - 3.\n"
                         "p(2, X, Y) :- p(3, X, Y).\n"
                         "p(3, X, Y) :- error, Y + 3*X != 100.\n"
                         "p(3, X, Y).\n");
    INFO("s = 10i + j, two ways around the loop");
    check_closed_at_once("?- p(1, S, I, J).\n"
                         "p(1, S, I, J) :- p(2, S1, I1, J1), S1 = 0, I1 = 0, J1 = 0.\n"
                         "p(2, S, I, J) :- p(2, S1, I1, J), I1 = I + 1, S1 = S + 10.\n"
                         "p(2, S, I, J) :- p(2, S1, I, J1), J1 = J + 1, S1 = S + 1.\n"
                         "p(2, S, I, J) :- error, S != 10*I + J.\n");
    INFO("j = 500i: a coefficient up to 1000 is kept");
    check_closed_at_once(replace(replace(coefficients, "J1 = J + 2", "J1 = J + 500"), "J != 20000", "J != 5000000"));
    INFO("2y >= x with steps of 1 or 2");
    check_closed_at_once("?- p(1, X, Y).\n"
                         "p(1, X, Y) :- p(2, X1, Y1), X1 = 0, Y1 = 0.\n"
                         "p(2, X, Y) :- p(2, X1, Y1), X1 = X + 1, Y1 = Y + 1.\n"
                         "p(2, X, Y) :- p(2, X1, Y1), X1 = X + 2, Y1 = Y + 1.\n"
                         "p(2, X, Y) :- error, 2*Y < X.\n");
    INFO("x > -c after while (x > 0) x -= c");
    check_closed_at_once("?- p(1, X, C).\n"
                         "p(1, X, C) :- p(2, X, C), C >= 1, X >= 0.\n"
                         "p(2, X, C) :- p(2, X1, C), X > 0, X1 = X - C.\n"
                         "p(2, X, C) :- p(3, X, C), X =< 0.\n"
                         "p(3, X, C) :- error, X =< -C.\n"
                         "p(3, X, C).\n");
    // Without the analysis the path's candidates do not state j = 2i: deepening runs to its
    // bound.
    Result without = run(coefficients, false);
    CHECK(without.verdict == Verdict::unknown);
    CHECK(without.reason == UnknownReason::bound);
}

TEST_CASE("polyhedra: an answer found beside the analysis stops it, with no facts") {
    Program prog = must_parse(coefficients);
    const engine::PointGraph graph = engine::build_point_graph(prog);
    REQUIRE(engine::analyse_polyhedra(prog, graph).header_facts > 0);  // unstopped: facts
    std::atomic<bool> answered{true};
    engine::PolyhedraLimits limits;
    limits.stop = &answered;
    engine::PointInvariants inv = engine::analyse_polyhedra(prog, graph, limits);
    CHECK_FALSE(inv.complete);
    CHECK(inv.header_facts == 0);
    CHECK(inv.stopped == "answered beside it");
}

TEST_CASE("polyhedra: a loop's phases and a disjunctive bound, by trace partitioning") {
    check_closed_at_once(phases);
    // An up/down counter whose direction flag is set inside the loop: a part per entering
    // rule and per value of the flag (d = 1 ∧ 0 =< x =< 9, d = 0 ∧ 1 =< x =< 10, ...), with
    // widening up to the disequalities' sides (x != 10: x =< 9).
    check_closed_at_once("?- p(1, X, D).\n"
                         "p(1, X, D) :- p(2, X1, D1), X1 = 0, D1 = 1.\n"
                         "p(2, X, D) :- p(3, X1, D), D = 1, X1 = X + 1.\n"
                         "p(2, X, D) :- p(3, X1, D), D != 1, X1 = X - 1.\n"
                         "p(3, X, D) :- p(2, X, D1), X = 10, D1 = 0.\n"
                         "p(3, X, D) :- p(2, X, D1), X = 0, D1 = 1.\n"
                         "p(3, X, D) :- p(2, X, D), X != 10, X != 0.\n"
                         "p(2, X, D) :- error, X < 0.\n"
                         "p(2, X, D) :- error, X > 10.\n");
    // i = 0; while (i < n) i++; no error when n >= 0 and i > n: i = 0 ∨ 1 =< i =< n.
    check_closed_at_once("?- p(1, I, N).\n"
                         "p(1, I, N) :- p(2, I1, N), I1 = 0.\n"
                         "p(2, I, N) :- p(2, I1, N), I < N, I1 = I + 1.\n"
                         "p(2, I, N) :- p(3, I, N), I >= N.\n"
                         "p(3, I, N) :- error, N >= 0, I > N.\n"
                         "p(3, I, N).\n");
}

// a = 0; b = 0; while (*) { b += a < 4000 ? 1 : a < 5000 ? 4 : a < 6000 ? -4 : -1; a++; }
// assert(a != 10000 || b == 0): four phases, each a line of its own (b = a, b = 4a - 12000,
// 4a + b = 28000, a + b = 10000); the loop head is entered by five rules.
const char* four_phases = "?- p(1, A, B).\n"
                          "p(1, A, B) :- p(2, A1, B1), A1 = 0, B1 = 0.\n"
                          "p(2, A, B) :- p(2, A1, B1), A1 = A + 1, A >= 6000, B1 = B - 1.\n"
                          "p(2, A, B) :- p(2, A1, B1), A1 = A + 1, A >= 5000, A < 6000, B1 = B - 4.\n"
                          "p(2, A, B) :- p(2, A1, B1), A1 = A + 1, A >= 4000, A < 5000, B1 = B + 4.\n"
                          "p(2, A, B) :- p(2, A1, B1), A1 = A + 1, A < 4000, B1 = B + 1.\n"
                          "p(2, A, B) :- error, A = 10000, B != 0.\n";

TEST_CASE("polyhedra: phases told apart by the branches taken since the loop was entered") {
    // The branch on c =< a switches once: d = a before, d = 3c - 2a after (or d = -2a when
    // c =< 0); no convex set of the joined phases excludes the error.
    const char* switch_once = "?- p(1, A, B, C, D).\n"
                              "p(1, A, B, C, D) :- p(2, A1, B, C, D1), A1 = 0, D1 = 0, B > C.\n"
                              "p(2, A, B, C, D) :- p(2, A1, B, C, D1), C =< A, A1 = A + 1, D1 = D - 2.\n"
                              "p(2, A, B, C, D) :- p(2, A1, B, C, D1), C > A, A1 = A + 1, D1 = D + 1.\n"
                              "p(2, A, B, C, D) :- error, D > 0, A > B + C.\n";
    check_closed_at_once(switch_once);
    // the entry, only d + 1, only d - 2, and both
    CHECK(cases_at(switch_once, "p(2)") == 4);

    // Five rules into the head, past the limit of a part per entering rule: the parts are
    // kept apart by the branches taken. The first closure (along b + 1) keeps a =< 4000, a
    // closed guard, which the proofs that the branches for a >= 5000 cannot be taken rely
    // on; the way back along b + 4 breaks it, so it is dropped and the header restarts
    // (and so on for a =< 5000 and the differences, until the phases' disjunction is left).
    Program four = must_parse(four_phases);
    engine::PointInvariants i4 = analysed(four);
    REQUIRE(i4.complete);
    CHECK(i4.cases[*four.find_point("p(2)")].size() == 5);
    Result r = run(four_phases);
    CHECK(r.verdict == Verdict::safe);
    CHECK(r.stats.unrollings == 0);
    CHECK(r.stats.dropped_candidates > 0);
    CHECK(r.stats.nodes < 100);
    // The tree shows each drop at the node whose way back broke the candidate.
    Options tree;
    tree.record_tree = true;
    tree.bmc = false;
    Result t = verify(must_parse(four_phases), tree);
    REQUIRE(t.tree.has_value());
    std::uint64_t drops = 0;
    for (const TreeNode& node : t.tree->nodes) {
        if (node.kind == NodeKind::restarted && !node.abstracted.empty()) drops += node.abstracted.size();
    }
    CHECK(drops == t.stats.dropped_candidates);
    CHECK(tree_text(*t.tree).find("restarted: header [2] drops A =< 4000") != std::string::npos);
}

TEST_CASE("polyhedra: an outer loop drops what its first iteration left at the inner loops' heads") {
    // for (a = 0; a < 6; a++) for (b = 0; b < 6; b++) for (c = 0; c < 6; c++)
    //   for (d = 0; d < 6; d++) {}   assert(a == 6 && b == 6 && c == 6 && d == 6)
    // In the first iteration of the a loop, the inner loops close keeping a = 0 (their
    // bodies keep it), and the a loop's exit (a + 1 >= 6) is refuted with it. The a loop's
    // way back breaks a = 0 at its own head, and abstracting it there would weaken the inner
    // heads' a = 0, which that refutation relies on: before, the closure failed and the
    // loops unrolled. Now the a loop's own a = 0 is dropped and its header restarts, so the
    // inner heads get their candidates from what stays (0 =< a =< 5).
    const char* nested = "?- p(0, A, B, C, D).\n"
                         "p(0, A, B, C, D) :- p(1, A1, B1, C1, D1), A1 = 0, B1 = 6, C1 = 6, D1 = 6.\n"
                         "p(1, A, B, C, D) :- p(2, A, B1, C, D), A < 6, B1 = 0.\n"
                         "p(1, A, B, C, D) :- p(5, A, B, C, D), A >= 6.\n"
                         "p(2, A, B, C, D) :- p(3, A, B, C1, D), B < 6, C1 = 0.\n"
                         "p(2, A, B, C, D) :- p(1, A1, B, C, D), B >= 6, A1 = A + 1.\n"
                         "p(3, A, B, C, D) :- p(4, A, B, C, D1), C < 6, D1 = 0.\n"
                         "p(3, A, B, C, D) :- p(2, A, B1, C, D), C >= 6, B1 = B + 1.\n"
                         "p(4, A, B, C, D) :- p(4, A, B, C, D1), D < 6, D1 = D + 1.\n"
                         "p(4, A, B, C, D) :- p(3, A, B, C1, D), D >= 6, C1 = C + 1.\n"
                         "p(5, A, B, C, D) :- error, A != 6.\n"
                         "p(5, A, B, C, D) :- error, B != 6.\n"
                         "p(5, A, B, C, D) :- error, C != 6.\n"
                         "p(5, A, B, C, D) :- error, D != 6.\n";
    auto search = [&](bool drop) {
        Options o;
        o.drop = drop;
        o.bmc = o.pdr = o.reverse = false;  // the search alone: counts that do not depend on the machine
        o.max_nodes = 2000;
        o.record_tree = true;
        return verify(must_parse(nested), o);
    };
    Result with = search(true);
    CHECK(with.verdict == Verdict::safe);
    CHECK(with.stats.dropped_candidates > 0);
    CHECK(with.stats.nodes < 100);
    REQUIRE(with.tree.has_value());
    // The drop at the a loop's head, of the a = 0 its first iteration had.
    CHECK(tree_text(*with.tree).find("restarted: header [2] drops A =< 0;") != std::string::npos);
    Result without = search(false);
    CHECK(without.verdict == Verdict::unknown);
    CHECK(without.stats.dropped_candidates == 0);
}

TEST_CASE("polyhedra: a branch with a disjunction in its step is taken once per case") {
    // z += 1 while x < 50, then z kept: an if-then-else inside one rule's step. Its two cases
    // are branches of their own, so the phase z = x (x =< 50) and the phase z = 50 keep apart
    // instead of being joined into one rule's hull.
    const char* inside = "?- p(1, X, Z).\n"
                         "p(1, X, Z) :- p(2, X1, Z1), X1 = 0, Z1 = 0.\n"
                         "p(2, X, Z) :- p(2, X1, Z1), X < 100, X1 = X + 1, (X < 50, Z1 = Z + 1 ; X >= 50, Z1 = Z).\n"
                         "p(2, X, Z) :- p(2, X1, Z), X >= 100, X < 200, X1 = X + 1.\n"
                         "p(2, X, Z) :- error, X = 200, Z != 50.\n";
    check_closed_at_once(inside);
    CHECK(cases_at(inside, "p(2)") == 4);
    // The unsafe twin, shorter: z = 5 at x = 20.
    std::string shorter = replace(replace(replace(replace(inside, "X < 100", "X < 10"), "X < 50", "X < 5"), "X >= 50", "X >= 5"),
                                  "X >= 100, X < 200", "X >= 10, X < 20");
    check_unsafe(replace(shorter, "X = 200, Z != 50", "X = 20, Z = 5"));
}

TEST_CASE("polyhedra: a step flipped by d = -d at either end keeps a part per direction") {
    // x bounces between 0 and 10 by d, and d = -d at either end: d is a flag (every rule
    // keeps it, through D1 = D, or negates it), so its values 1 and -1 keep parts of their
    // own; their hull alone would let d grow once widened.
    const char* bounce = "?- p(1, X, D).\n"
                         "p(1, X, D) :- p(2, X1, D1), X1 = 0, D1 = 1.\n"
                         "p(2, X, D) :- p(2, X1, D1), X1 = X + D, X1 > 0, X1 < 10, D1 = D.\n"
                         "p(2, X, D) :- p(2, X1, D1), X1 = X + D, X1 =< 0, D1 = -D.\n"
                         "p(2, X, D) :- p(2, X1, D1), X1 = X + D, X1 >= 10, D1 = -D.\n"
                         "p(2, X, D) :- error, X > 10.\n";
    check_closed_at_once(bounce);
    CHECK(cases_at(bounce, "p(2)") >= 2);
    // The twin: x = 10 on the way down.
    check_unsafe(replace(bounce, "X > 10.", "X = 10, D = -1."));
}

TEST_CASE("polyhedra: a flag tested with != keeps the parts of its two sides apart") {
    // A flag the loop never changes picks j += 2 (f = 1) or j += 1 (f != 1) at every round:
    // j = 2i where f = 1, j = i elsewhere. Joined, the two sides of f != 1 are the whole
    // line, so the part that took that branch could also take the f = 1 branch next, and
    // its facts mix both steps; taken as two branches (f =< 0, f >= 2), it cannot.
    const char* flag = "?- p(1, I, J, F).\n"
                       "p(1, I, J, F) :- p(2, I1, J1, F), I1 = 0, J1 = 0.\n"
                       "p(2, I, J, F) :- p(2, I1, J1, F), F = 1, I1 = I + 1, J1 = J + 2.\n"
                       "p(2, I, J, F) :- p(2, I1, J1, F), F != 1, I1 = I + 1, J1 = J + 1.\n"
                       "p(2, I, J, F) :- q(X), F = 1, X = J - 2 * I.\n"
                       "p(2, I, J, F) :- q(X), F != 1, X = J - I.\n"
                       "q(X) :- error, X != 0.\n";
    check_closed_at_once(flag);
    // the entry, f = 1, f =< 0 and f >= 2: no part took both branches
    CHECK(cases_at(flag, "p(2)") == 4);
    // With the sides swapped, the error is reached at the first round where f != 1.
    Result r = run(replace(replace(flag, "F = 1, X = J - 2 * I", "F = 1, X = J - I"),
                           "F != 1, X = J - I", "F != 1, X = J - 2 * I"));
    CHECK(r.verdict == Verdict::unsafe);
    CHECK(r.counterexample.has_value());
}

TEST_CASE("polyhedra: parts kept apart by a remainder the loop tests") {
    // y grows when x is even: 2y = x where x mod 2 = 0, 2y = x + 1 where x mod 2 = 1. The
    // parts at the head know x mod 2, under which the guards x mod 2 = 0 and != 0 are linear.
    const char* parity = "?- p(1, X, Y).\n"
                         "p(1, X, Y) :- p(2, X1, Y1), X1 = 0, Y1 = 0.\n"
                         "p(2, X, Y) :- p(2, X1, Y1), X mod 2 = 0, X1 = X + 1, Y1 = Y + 1.\n"
                         "p(2, X, Y) :- p(2, X1, Y1), X mod 2 != 0, X1 = X + 1, Y1 = Y.\n"
                         "p(2, X, Y) :- error, X = 2000, Y != 1000.\n";
    check_closed_at_once(parity);
    CHECK(cases_knowing_a_remainder(parity, "p(2)", 2) >= 2);
    // x grows by 1 until x div 5 reaches 200, then by 5: past 1000, x mod 5 = 0. A bound
    // with a remainder known is tightened to the integers that have it (x =< 999 with x mod
    // 5 = 4 is x =< 999, with x mod 5 = 1 it is x =< 996), and the guard on x div 5 is a
    // widening threshold per remainder.
    const char* steps = "?- p(1, X).\n"
                        "p(1, X) :- p(2, X1), X1 = 0.\n"
                        "p(2, X) :- p(2, X1), 200 =< X div 5, X1 = X + 5.\n"
                        "p(2, X) :- p(2, X1), 200 > X div 5, X1 = X + 1.\n"
                        "p(2, X) :- error, X >= 2000, X mod 5 != 0.\n";
    check_closed_at_once(steps);
    // The unsafe twins: x = 11 has y = 6; x + 6 from 10 leaves x = 22 past 20.
    check_unsafe(replace(parity, "X = 2000, Y != 1000", "X = 11, Y != 5"));
    std::string short_steps = replace(replace(steps, "200 =< X div 5", "2 =< X div 5"), "200 > X div 5", "2 > X div 5");
    check_unsafe(replace(replace(short_steps, "X >= 2000", "X >= 20"), "X1 = X + 5", "X1 = X + 6"));
}

TEST_CASE("polyhedra: a remainder the loop's entry leaves open splits the part into its cases") {
    // x starts anywhere below 0: y += 2 when x mod 2 = f, and y - x goes up and down in
    // turn. The part entering the head is split by x mod 2, each part's guard is linear,
    // and the head gets y >= x with one case per f and x mod 2.
    const char* open = "?- p(1, X, Y, F).\n"
                       "p(1, X, Y, F) :- p(2, X, Y, F1), X < 0, Y > X, F1 = 0.\n"
                       "p(1, X, Y, F) :- p(2, X, Y, F1), X < 0, Y > X, F1 = 1.\n"
                       "p(2, X, Y, F) :- p(2, X1, Y1, F), X mod 2 = F, X1 = X + 1, Y1 = Y + 2.\n"
                       "p(2, X, Y, F) :- p(2, X1, Y, F), X mod 2 != F, X1 = X + 1.\n"
                       "p(2, X, Y, F) :- error, X > 1000, Y =< 1000.\n";
    check_closed_at_once(open);
    CHECK(cases_knowing_a_remainder(open, "p(2)", 2) == 4);
    // Two parities, both open at the entry: a += 2 keeps a's, b += 3 flips b's, and c counts
    // the rounds where they agree, every other one: c >= (a - 3) / 4. The parts are fed
    // by several ways at first; widening after two rounds lost 3a - 2b =< 3, which the
    // bound on c needs.
    const char* both = "?- p(1, A, B, C).\n"
                       "p(1, A, B, C) :- p(2, A1, B1, C1), C1 = 0, 0 =< A1, A1 =< 1, 0 =< B1, B1 =< 1.\n"
                       "p(2, A, B, C) :- p(2, A1, B1, C1), A mod 2 = B mod 2, A1 = A + 2, B1 = B + 3, C1 = C + 1.\n"
                       "p(2, A, B, C) :- p(2, A1, B1, C), A mod 2 != B mod 2, A1 = A + 2, B1 = B + 3.\n"
                       "p(2, A, B, C) :- error, A > 400, C < 100.\n";
    check_closed_at_once(both);
    // The unsafe twins: y = x after a step that keeps y; c = 10 after 20 rounds.
    check_unsafe(replace(open, "X > 1000, Y =< 1000", "X > 10, Y =< X"));
    check_unsafe(replace(both, "A > 400, C < 100", "A > 40, C < 11"));
}

TEST_CASE("polyhedra: x div k and x mod k with the remainder not kept, through a quotient variable") {
    // y = x div 100 as the loop's assignment: a new variable q, 100q =< x =< 100q + 99,
    // projected away; the head gets 100y =< x =< 10000 (x mod 100 would be 100 parts).
    const char* assigned = "?- p(1, X, Y).\n"
                           "p(1, X, Y) :- p(2, X1, Y1), X1 = 0, Y1 = 0.\n"
                           "p(2, X, Y) :- p(2, X1, Y1), X < 10000, X1 = X + 1, Y1 = X1 div 100.\n"
                           "p(2, X, Y) :- p(3, X, Y), X >= 10000.\n"
                           "p(3, X, Y) :- error, Y > 100.\n"
                           "p(3, X, Y).\n";
    check_closed_at_once(assigned);
    Program prog = must_parse(assigned);
    engine::PointInvariants inv = analysed(prog);
    REQUIRE(inv.complete);
    const auto& facts = inv.at[*prog.find_point("p(2)")];
    // x - 100y >= 0: terms {1·x0, -100·x1}, constant 0.
    CHECK(std::any_of(facts.begin(), facts.end(), [](const engine::LinearFact& f) {
        return !f.equality && f.modulus == 0 && f.constant == 0 && f.terms.size() == 2 && f.terms[0].first == 1 &&
               f.terms[0].second == 0 && f.terms[1].first == -100 && f.terms[1].second == 1;
    }));
    // A guard on x div 500 against n: the first round (x = 0) passes it, and c counts
    // from then on; the other branch needs x >= 500(n + 1).
    const char* guard = "?- p(1, X, N, C).\n"
                        "p(1, X, N, C) :- p(2, X1, N, C1), X1 = 0, N >= 25, C1 = 0.\n"
                        "p(2, X, N, C) :- p(2, X1, N, C1), N >= X div 500, X1 = X + 1, C1 = C + 1.\n"
                        "p(2, X, N, C) :- p(2, X1, N, C), N < X div 500, X1 = X + 1.\n"
                        "p(2, X, N, C) :- error, C =< 0, X > 500 * N.\n";
    check_closed_at_once(guard);
    // The unsafe twins: y = 3 at x = 30 with x div 10; c = 0 at x = 0 when n may be 0.
    std::string short_loop = replace(replace(replace(assigned, "X < 10000", "X < 30"), "X >= 10000", "X >= 30"),
                                     "X1 div 100", "X1 div 10");
    check_unsafe(replace(short_loop, "Y > 100", "Y > 2"));
    check_unsafe(replace(replace(guard, "N >= 25", "N >= 0"), "X > 500 * N", "X >= 0"));
}

TEST_CASE("polyhedra: a wrap-around counter's wrap is a case of its own") {
    // c = 0; n = 0; a = 0; while (1) { if (c < 500) a += 2; n++; c = (c + 1) % 1000; }
    // with assert(c != 0 || a == n): a = n + c before the turn at 500, a = n - c + 1000
    // after it. Through the quotient alone, c + 1 = 1000q + c' with q anywhere in [0, 1]
    // joins the wrap (c' = 0) with the steps that do not wrap; as the cases of q
    // (quotient_cases.hpp), each a branch of its own, the part after the wrap keeps a = n.
    const char* wrap = "?- p(1, C, N, A).\n"
                       "p(1, C, N, A) :- p(2, C1, N1, A1), C1 = 0, N1 = 0, A1 = 0.\n"
                       "p(2, C, N, A) :- p(2, C1, N1, A1), C < 500, A1 = A + 2, N1 = N + 1, C1 = (C + 1) mod 1000.\n"
                       "p(2, C, N, A) :- p(2, C1, N1, A1), C >= 500, A1 = A, N1 = N + 1, C1 = (C + 1) mod 1000.\n"
                       "p(2, C, N, A) :- error, C = 0, A != N.\n";
    check_closed_at_once(wrap);
    // Each rule's step is split into its four cases of q.
    Program prog = must_parse(wrap);
    std::optional<Program> split = engine::split_quotient_cases(prog, 16);
    REQUIRE(split.has_value());
    for (std::uint32_t ri : prog.points[*prog.find_point("p(2)")].rules) {
        const Rule& r = split->rules[ri];
        if (r.body_kind != BodyKind::atom) continue;
        CHECK(std::count_if(r.constraints.begin(), r.constraints.end(),
                            [](const Constraint& c) { return c.cases.size() == 4; }) == 1);
    }
    // Moduli the parts keep remainders of (up to 16) are left to them.
    CHECK_FALSE(engine::split_quotient_cases(must_parse(replace(replace(wrap, "mod 1000", "mod 10"), "mod 1000", "mod 10")), 16));
    // The unsafe twin: the turn at 11 of 20 leaves a = n + 2 at the wrap.
    std::string twin = replace(replace(wrap, "mod 1000", "mod 20"), "mod 1000", "mod 20");
    check_unsafe(replace(replace(twin, "C < 500", "C < 11"), "C >= 500", "C >= 11"));
}

TEST_CASE("polyhedra: unsafe twins stay unsafe, with a replayed counterexample") {
    // The candidates are checked like any other: a fact the analysis got wrong could only
    // cost a proof, and a true one never hides an error.
    std::string small = replace(replace(coefficients, "I < 10000", "I < 10"), "I >= 10000", "I >= 10");
    CHECK(run(replace(small, "J != 20000", "J != 20")).verdict == Verdict::safe);  // j = 2i = 20
    check_unsafe(replace(small, "J != 20000", "J != 22"));
    // 10 iterations, the second phase from x = 6: y = 55 at the exit.
    std::string short_phases = replace(replace(replace(phases, "X < 100", "X < 10"), "X >= 100", "X >= 10"),
                                       "X > 50", "X > 5");
    short_phases = replace(short_phases, "X =< 50", "X =< 5");
    CHECK(run(replace(short_phases, "Y != 100", "Y != 55")).verdict == Verdict::safe);
    check_unsafe(replace(short_phases, "Y != 100", "Y = 55"));
    check_unsafe(replace(short_phases, "Y != 100", "Y != 54"));
}

TEST_CASE("polyhedra: the analysis states j = 2i at the loop head, and the phases apart") {
    Program prog = must_parse(coefficients);
    engine::PointInvariants inv = analysed(prog);
    REQUIRE(inv.complete);
    const PointId head = *prog.find_point("p(2)");
    CHECK(engine::build_point_graph(prog).header[head]);
    // 2*I - J = 0, as either sign
    const bool stated = std::any_of(inv.at[head].begin(), inv.at[head].end(), [](const engine::LinearFact& f) {
        if (!f.equality || f.terms.size() != 2 || f.constant != 0) return false;
        return f.terms[0].second == 0 && f.terms[1].second == 1 && f.terms[0].first == -2 * f.terms[1].first &&
               abs(f.terms[0].first) == 2;
    });
    CHECK(stated);
    // i =< 10000 too, or j =< 20000, which says the same beside j = 2i (widening up to the
    // loop's guard, then narrowing)
    const bool bounded = std::any_of(inv.at[head].begin(), inv.at[head].end(), [](const engine::LinearFact& f) {
        if (f.equality || f.terms.size() != 1 || f.terms[0].first != -1) return false;
        return f.terms[0].second == 0 ? f.constant == 10000 : f.constant == 20000;
    });
    CHECK(bounded);
    CHECK(inv.header_facts > 0);

    Program two = must_parse(phases);
    engine::PointInvariants i2 = analysed(two);
    REQUIRE(i2.complete);
    const PointId h2 = *two.find_point("p(2)");
    // the entry, the first phase and the second: no part holds another
    CHECK(i2.cases[h2].size() == 3);
    // A program no derivation reaches a point of: no facts there.
    CHECK(i2.reachable[*two.find_point("p(4)")]);
}

TEST_CASE("polyhedra: a congruence every way around the loop keeps, and no rule alone") {
    // x = 0; y = 0; while (*) { if (*) x += 2; else { x++; y++; } } assert(x != 7 || y != 2):
    // neither x nor y keeps a remainder, x + y moves by 2 on both ways. The head's grid
    // states (x + y) mod 2 = 0 (or x - y, the same modulo 2), and the loop closes at once.
    const std::string two_ways = "?- p(1, X, Y).\n"
                                 "p(1, X, Y) :- p(2, X1, Y1), X1 = 0, Y1 = 0.\n"
                                 "p(2, X, Y) :- p(2, X1, Y), X1 = X + 2.\n"
                                 "p(2, X, Y) :- p(2, X1, Y1), X1 = X + 1, Y1 = Y + 1.\n"
                                 "p(2, X, Y) :- p(3, X, Y).\n"
                                 "p(3, X, Y) :- error, X = 7, Y = 2.\n";
    // The congruence over both positions with modulus k at p(2), when the analysis states one.
    auto congruence = [](const std::string& text, int k) -> std::optional<engine::LinearFact> {
        Program prog = must_parse(text);
        engine::PointInvariants inv = analysed(prog);
        REQUIRE(inv.complete);
        for (const engine::LinearFact& f : inv.at[*prog.find_point("p(2)")]) {
            if (f.modulus == k && f.terms.size() == 2) return f;
        }
        return std::nullopt;
    };
    auto sum = congruence(two_ways, 2);
    REQUIRE(sum.has_value());
    CHECK(sum->constant == 0);
    CHECK(abs(sum->terms[0].first) == 1);
    CHECK(abs(sum->terms[1].first) == 1);
    check_closed_at_once(two_ways);
    // Without the analysis the search has no such candidate: it unrolls and gives up.
    Result without = verify(must_parse(two_ways), without_polyhedra_bounded());
    CHECK(without.verdict == Verdict::unknown);
    // x += 5 instead: x + y moves by 5 or by 2, so no parity is kept (x - y mod 5 is), and
    // x = 7, y = 2 is reached.
    const std::string five = replace(two_ways, "X1 = X + 2", "X1 = X + 5");
    CHECK_FALSE(congruence(five, 2).has_value());
    auto difference = congruence(five, 5);
    REQUIRE(difference.has_value());
    CHECK(difference->terms[0].first == -difference->terms[1].first);
    check_unsafe(five);
    // A rule that multiplies (c = 5c) gives congruences with other coefficients (4a - c =
    // 3 mod 16): they are left out, sums and differences only.
    const std::string powers = "?- p(1, A, C).\n"
                               "p(1, A, C) :- p(2, A1, C1), A1 = 1, C1 = 1.\n"
                               "p(2, A, C) :- p(2, A1, C1), A1 = A + 1, C1 = 5 * C.\n"
                               "p(2, A, C) :- error, A = 2, C = 7.\n";
    Program prog = must_parse(powers);
    engine::PointInvariants inv = analysed(prog);
    REQUIRE(inv.complete);
    for (const engine::LinearFact& f : inv.at[*prog.find_point("p(2)")]) {
        if (f.modulus == 0) continue;
        for (const auto& t : f.terms) CHECK(abs(t.first) == 1);
    }
}

TEST_CASE("polyhedra: a reset seen from the states its loop can be in keeps a congruence") {
    // x = 0; y = 0; while (*) { if (x >= 9) x = 0; else x++; y++; } with the error
    // y mod 10 = 0 and x != 0. From 0 =< x =< 9 (the polyhedra's states at the head) the
    // reset is x = 9, x' = 0: x moves by -9 or by 1, both 1 modulo 10, as y does.
    const std::string reset = "?- p(1, X, Y).\n"
                              "p(1, X, Y) :- p(2, X1, Y1), X1 = 0, Y1 = 0.\n"
                              "p(2, X, Y) :- p(2, X1, Y1), X >= 9, X1 = 0, Y1 = Y + 1.\n"
                              "p(2, X, Y) :- p(2, X1, Y1), X < 9, X1 = X + 1, Y1 = Y + 1.\n"
                              "p(2, X, Y) :- error, Y mod 10 = 0, X != 0.\n";
    // The congruence over both positions at p(2), when the analysis states one.
    auto congruence = [](const std::string& text) -> std::optional<engine::LinearFact> {
        Program prog = must_parse(text);
        engine::PointInvariants inv = analysed(prog);
        REQUIRE(inv.complete);
        for (const engine::LinearFact& f : inv.at[*prog.find_point("p(2)")]) {
            if (f.modulus != 0 && f.terms.size() == 2) return f;
        }
        return std::nullopt;
    };
    auto difference = congruence(reset);
    REQUIRE(difference.has_value());
    CHECK(difference->modulus == 10);
    CHECK(difference->constant == 0);
    CHECK(difference->terms[0].first == -difference->terms[1].first);
    check_closed_at_once(reset);
    // The same as one rule with a disjunction, and the reset as a remainder of a counter
    // that starts below its range (s_split_14): a = (a + 1) mod 5 beside b, which counts
    // up from -100 to 4 and then takes b mod 4 (0, from b = 4): (a - b) mod 5 = 0.
    check_closed_at_once(
        "?- p(1, X, Y).\n"
        "p(1, X, Y) :- p(2, X1, Y1), X1 = 0, Y1 = 0.\n"
        "p(2, X, Y) :- p(2, X1, Y1), (X >= 9, X1 = 0 ; X < 9, X1 = X + 1), Y1 = Y + 1.\n"
        "p(2, X, Y) :- error, Y mod 10 = 0, X != 0.\n");
    const std::string remainders = "?- p(1, A, B).\n"
                                   "p(1, A, B) :- p(2, A1, B1), A1 = -100, B1 = -100.\n"
                                   "p(2, A, B) :- p(2, A1, B1), A1 = (A + 1) mod 5, (B >= 4, B1 = B mod 4 ; B < 4, B1 = B + 1).\n"
                                   "p(2, A, B) :- error, B >= 0, A != B.\n";
    auto by_remainders = congruence(remainders);
    REQUIRE(by_remainders.has_value());
    CHECK(by_remainders->modulus == 5);
    check_closed_at_once(remainders);
    // Without the analysis the search has no such candidate: it unrolls and gives up.
    CHECK(verify(must_parse(reset), without_polyhedra_bounded()).verdict == Verdict::unknown);
    // A reset at 10 (x runs 0 to 10): x = y mod 11, no congruence modulo 10, and the error
    // is reached after ten rounds.
    const std::string eleven = replace(replace(reset, "X >= 9", "X >= 10"), "X < 9", "X < 10");
    auto other = congruence(eleven);
    REQUIRE(other.has_value());
    CHECK(other->modulus == 11);
    check_unsafe(eleven);
}

TEST_CASE("polyhedra: a flag set inside the loop's body splits the head by its values") {
    // b = *; i = 0; j = 0; for (n = 0; n < 200; n++) { if (b) i++; else j++; b = !b; }
    // assert(i == j), with a point per place (as a CHC problem's locations): b is read as
    // b =< -1, b >= 1 or b = 0 and set in the middle of the body (u and v to w), not by the
    // rule back to the head, and its nine branch rules are more than the loop's parts
    // remember. The states that enter do not know b. Kept apart inside the loop by b's
    // range, they come back to the head as a part per value of b: i + j = n, and n - 2j
    // is 0 or 1 where b = 1, -1 or 0 where b = 0 (at n = 200, i = j over the integers).
    const std::string toggle = "?- p(1, B, I, J, N).\n"
                               "p(1, B, I, J, N) :- h(B, I1, J1, N1), I1 = 0, J1 = 0, N1 = 0.\n"
                               "h(B, I, J, N) :- t(B, I, J, N), N < 200.\n"
                               "h(B, I, J, N) :- x(B, I, J, N), N >= 200.\n"
                               "t(B, I, J, N) :- u(B, I1, J, N), B =< -1, I1 = I + 1.\n"
                               "t(B, I, J, N) :- u(B, I1, J, N), B >= 1, I1 = I + 1.\n"
                               "t(B, I, J, N) :- v(B, I, J1, N), B = 0, J1 = J + 1.\n"
                               "u(B, I, J, N) :- w(B1, I, J, N1), B = 0, B1 = 1, N1 = N + 1.\n"
                               "u(B, I, J, N) :- w(B1, I, J, N1), B >= 1, B1 = 0, N1 = N + 1.\n"
                               "u(B, I, J, N) :- w(B1, I, J, N1), B =< -1, B1 = 0, N1 = N + 1.\n"
                               "v(B, I, J, N) :- w(B1, I, J, N1), B = 0, B1 = 1, N1 = N + 1.\n"
                               "v(B, I, J, N) :- w(B1, I, J, N1), B >= 1, B1 = 0, N1 = N + 1.\n"
                               "v(B, I, J, N) :- w(B1, I, J, N1), B =< -1, B1 = 0, N1 = N + 1.\n"
                               "w(B, I, J, N) :- h(B, I, J, N).\n"
                               "x(B, I, J, N) :- error, I != J.\n";
    Program prog = must_parse(toggle);
    engine::PointInvariants inv = analysed(prog);
    REQUIRE(inv.complete);
    // The cases that fix b (position 0), by its value.
    std::vector<std::string> values;
    for (const auto& conjunction : inv.cases[*prog.find_point("h")]) {
        for (const engine::LinearFact& f : conjunction) {
            if (f.equality && f.modulus == 0 && f.terms.size() == 1 && f.terms[0].second == 0) {
                values.push_back(Integer(-f.constant / f.terms[0].first).str());
            }
        }
    }
    std::sort(values.begin(), values.end());
    CHECK(values == std::vector<std::string>{"0", "1"});
    // The loop closes without unrolling (two restarts drop candidates of the path first).
    Result r = run(toggle);
    CHECK(r.verdict == Verdict::safe);
    CHECK(r.stats.unrollings == 0);
    CHECK(r.stats.nodes < 100);
    CHECK(r.stats.polyhedra_candidates > 0);
    // 7 turns, an odd number: one counter ends ahead.
    check_unsafe(replace(replace(toggle, "N < 200", "N < 7"), "N >= 200", "N >= 7"));
}

TEST_CASE("deepening past 32 unrollings, with a time limit: errors hundreds of steps deep") {
    // The two-phase loop with 100 iterations and a wrong check: the error is 203 steps deep,
    // behind a loop whose body branches (acceleration needs a single cycle).
    const std::string deep_phases = replace(phases, "Y != 100", "Y != 101");
    Result bounded = run(deep_phases);  // no time limit: deepening stops at 32
    CHECK(bounded.verdict == Verdict::unknown);
    CHECK(bounded.reason == UnknownReason::bound);
    Options limit;
    limit.timeout_s = 120;  // far more than needed: the answer does not depend on the machine
    Result r = verify(must_parse(deep_phases), limit);
    CHECK(r.verdict == Verdict::unsafe);
    REQUIRE(r.counterexample.has_value());
    CHECK(r.counterexample->path.size() > 200);
    CHECK(r.stats.probes > 0);
    CHECK(r.stats.deepening_rounds >= 6);
    // A nested loop: 3 outer times 100 inner iterations, the inner body branching on j mod 2.
    Result nested = verify(must_parse("?- p(1, I, J, S).\n"
                                      "p(1, I, J, S) :- p(2, I1, J, S1), I1 = 0, S1 = 0.\n"
                                      "p(2, I, J, S) :- p(3, I, J1, S), I < 3, J1 = 0.\n"
                                      "p(2, I, J, S) :- p(5, I, J, S), I >= 3.\n"
                                      "p(3, I, J, S) :- p(4, I, J, S), J < 100.\n"
                                      "p(3, I, J, S) :- p(2, I1, J, S), J >= 100, I1 = I + 1.\n"
                                      "p(4, I, J, S) :- error, I = 2, J = 99, S >= 149.\n"
                                      "p(4, I, J, S) :- p(3, I, J1, S1), J1 = J + 1, S1 = S + 1, J mod 2 = 0.\n"
                                      "p(4, I, J, S) :- p(3, I, J1, S), J1 = J + 1, J mod 2 = 1.\n"
                                      "p(5, I, J, S).\n"),
                           limit);
    CHECK(nested.verdict == Verdict::unsafe);
    REQUIRE(nested.counterexample.has_value());
    CHECK(nested.counterexample->path.size() > 600);
}
