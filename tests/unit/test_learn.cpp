// What minimax does at a loop header before it unrolls (explorer_loops.cpp): it learns the
// precondition of a candidate that the way back breaks (learn_at_unrolling), or it tries the
// loop's ways back before its exits (reorder_at_unrolling). Each is checked by the counts of
// the search with it and without it, and by what the derivation tree says. The drop that
// minimax tries before both (drop_at_unrolling) is off here; test_polyhedra.cpp checks it.
#include <algorithm>
#include <fstream>
#include <sstream>

#include "engine_support.hpp"

using namespace clpi;
using clpi::test::must_parse;

namespace {

std::string read_clp(const std::string& name) {
    std::ifstream in(CLPI_SOURCE_DIR "/clp/" + name);
    REQUIRE(in.good());
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

Options options(bool learn, bool reorder) {
    Options o;
    o.learn = learn;
    o.reorder = reorder;
    o.drop = false;  // tried before the two: it would take some of their cases
    // The loops here close without either when the polyhedral analysis keeps their states
    // apart by the branches taken, or widens after four rounds: parts by the entering rule
    // only, widened after two.
    o.polyhedra_branches = 0;
    o.polyhedra_widening_delay = 2;
    // The search alone: bounded model checking or PDR beside it could answer first, after
    // a second or not, and the counts below would depend on the machine's speed.
    o.bmc = o.pdr = false;
    // A run that goes wrong ends on a node budget (small, so that a sanitizer build gets
    // there in seconds too).
    o.max_nodes = 300;
    return o;
}

Result run(const std::string& text, bool learn, bool reorder, bool tree = false) {
    Options o = options(learn, reorder);
    o.record_tree = tree;
    return verify(must_parse(text), o);
}

// The goal that restarted its header instead of unrolling: discarded by that restart, with
// its header as loop ancestor.
const TreeNode& restarted_goal(const Result& r) {
    REQUIRE(r.tree);
    const Tree& t = *r.tree;
    auto it = std::find_if(t.nodes.begin(), t.nodes.end(), [](const TreeNode& n) { return n.kind == NodeKind::restarted; });
    REQUIRE(it != t.nodes.end());
    CHECK(it->discarded);
    CHECK(it->loop_ancestor != 0);
    return *it;
}

// Without the mechanism the same loop only unrolls: up to a fixed bound, so that the run
// ends there rather than deepening round after round (with probes between them).
Result run_without(const std::string& text, bool learn, bool reorder) {
    Options o = options(learn, reorder);
    o.unroll = 8;
    return verify(must_parse(text), o);
}

void check_unrolls_without(const Result& without) {
    CHECK(without.verdict == Verdict::unknown);
    CHECK(without.stats.unrollings > 5);
}

}  // namespace

TEST_CASE("learn: a candidate's precondition along the way back closes a nested loop") {
    const std::string text = read_clp("ctigar-nest-if8.clp");
    Result r = run(text, true, true, true);
    CHECK(r.verdict == Verdict::safe);
    CHECK(r.stats.learnt_candidates == 1);
    CHECK(r.stats.restarts == 1);
    CHECK(r.stats.nodes < 100);
    // The tree: the goal that could not close says what its header learnt, and the header
    // shows the candidate with its origin.
    const TreeNode& at = restarted_goal(r);
    CHECK(at.learnt == std::vector<std::string>{"K >= -4"});
    const TreeNode& header = r.tree->nodes.at(at.loop_ancestor - 1);
    CHECK(std::any_of(header.constraints.begin(), header.constraints.end(), [](const TreeConstraint& c) {
        return c.candidate && c.origin == "learnt" && c.text == "K >= -4";
    }));

    Result without = run_without(text, false, true);
    check_unrolls_without(without);
    CHECK(without.stats.learnt_candidates == 0);
}

TEST_CASE("learn: nothing is learnt that does not hold where the loop is entered") {
    // i = 0; while (*) i++; with the error i < 0 behind it: i >= 0 (half of i = 0) is
    // invariant, so no closure fails and nothing is learnt. The count of the search with
    // learning is that of the search without.
    const char* text = "?- p(0, I).\n"
                       "p(0, I) :- p(1, I1), I1 = 0.\n"
                       "p(1, I) :- p(1, I1), I1 = I + 1.\n"
                       "p(1, I) :- error, I < 0.\n";
    Result with = run(text, true, true);
    Result without = run(text, false, false);
    CHECK(with.verdict == Verdict::safe);
    CHECK(with.stats.learnt_candidates == 0);
    CHECK(with.stats.nodes == without.stats.nodes);
}

TEST_CASE("reorder: a loop whose exit was proved with the first iteration's values tries its way back first") {
    const std::string text = read_clp("merged-loops.clp");
    Result r = run(text, true, true, true);
    CHECK(r.verdict == Verdict::safe);
    CHECK(r.stats.reorders == 1);
    CHECK(r.stats.unrollings == 0);
    CHECK(r.stats.learnt_candidates == 0);
    CHECK(r.stats.nodes < 100);
    CHECK(restarted_goal(r).learnt.empty());
    CHECK(std::any_of(r.tree->events.begin(), r.tree->events.end(),
                      [](const TreeEvent& e) { return e.kind == "reorder"; }));

    Result without = run_without(text, true, false);
    check_unrolls_without(without);
    CHECK(without.stats.reorders == 0);
}
