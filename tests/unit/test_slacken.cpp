// Slackening (--slacken): interpolants of loop-free code weakened as far as the proofs below
// allow. On the minimax paper's overview programs (c) and (d), where core interpolants keep
// exact sums and the tree grows with their number, the tree becomes linear in n; verdicts
// never change.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine_support.hpp"

using namespace clpi;
using clpi::test::must_parse;

namespace {

Result run_file(const std::string& name, bool slacken, bool tree = false) {
    std::ifstream in(std::filesystem::path(CLPI_SOURCE_DIR) / "clp" / name);
    std::stringstream ss;
    ss << in.rdbuf();
    Program p = must_parse(ss.str(), name);
    Options o;
    o.slacken = slacken;
    o.record_tree = tree;
    return verify(p, o);
}

}  // namespace

TEST_CASE("slackening: overview (c) keeps s =< 2(n - k) at step k, one entry per point") {
    Result core = run_file("minimax-overview-c-20.clp", false);
    Result slack = run_file("minimax-overview-c-20.clp", true, true);
    REQUIRE(core.verdict == Verdict::safe);
    REQUIRE(slack.verdict == Verdict::safe);
    CHECK(core.stats.nodes == 509);
    CHECK(core.stats.slackened == 0);
    CHECK(slack.stats.nodes == 47);
    CHECK(slack.stats.slackened > 0);
    REQUIRE(slack.tree.has_value());
    // The entry before the check: s + z > 40 ∧ z = 0 is avoided by s =< 40 (the core said
    // s = 20, z = 0); one step earlier s =< 38, and so on up to s =< 0 before the first.
    auto interpolant_at = [&](const std::string& point) {
        for (const TreeNode& n : slack.tree->nodes) {
            if (n.point == point && n.kind == NodeKind::expanded) return n.interpolant.value_or("(none)");
        }
        return std::string("(none)");
    };
    CHECK(interpolant_at("p(22)") == "S =< 40");
    for (const TreeNode& n : slack.tree->nodes) {
        if (n.point == "p(22)" && n.kind == NodeKind::expanded) {
            CHECK(n.core_interpolant == std::optional<std::string>("S = 20 ∧ Z = 0"));
        }
    }
    CHECK(interpolant_at("p(21)") == "S =< 38");
    CHECK(interpolant_at("p(3)") == "S =< 2");
    // The small instance grows with n, not with the number of sums.
    Result small = run_file("minimax-overview-c-5.clp", true);
    REQUIRE(small.verdict == Verdict::safe);
    CHECK(small.stats.nodes == 17);
}

TEST_CASE("slackening: overview (d) needs t or s bounded per branch, linear in n") {
    Result core = run_file("minimax-overview-d-20.clp", false);
    Result slack = run_file("minimax-overview-d-20.clp", true);
    REQUIRE(core.verdict == Verdict::safe);
    REQUIRE(slack.verdict == Verdict::safe);
    CHECK(core.stats.nodes == 930);
    CHECK(slack.stats.nodes == 90);
    Result small = run_file("minimax-overview-d-5.clp", true);
    REQUIRE(small.verdict == Verdict::safe);
    CHECK(small.stats.nodes == 30);
}

TEST_CASE("slackening never changes a verdict: the unsafe twins, and the teaching programs") {
    for (const char* name : {"minimax-overview-c-20-unsafe.clp", "minimax-overview-d-20-unsafe.clp",
                             "lazy-diamond-unsafe.clp", "lazy-simple-unsafe.clp",
                             "tracerx-motivating-30-unsafe.clp"}) {
        INFO(name);
        Result r = run_file(name, true);
        CHECK(r.verdict == Verdict::unsafe);
        CHECK(r.counterexample.has_value());
    }
    for (const char* name : {"lazy-diamond.clp", "lazy-simple.clp", "tracerx-motivating-30.clp",
                             "rv11-fig1a.clp", "rv11-fig1b-lock.clp", "minimax-infeasible.clp"}) {
        INFO(name);
        CHECK(run_file(name, true).verdict == Verdict::safe);
    }
}

TEST_CASE("slackening keeps what a sibling needs: an error reachable on one branch only") {
    // s ends at 0, 1 or 2 after two steps, the error needs s = 2 ∧ b = 1: the branch with
    // b = 0 is safe from any s, the other only from s =< 1, so the entry of the second step
    // may not forget s (nor b) and the error is still found.
    const std::string text = "?- p(0, S, B).\n"
                             "p(0, S, B) :- p(1, S1, B), S1 = 0.\n"
                             "p(1, S, B) :- p(2, S, B1), B1 = 0.\n"
                             "p(1, S, B) :- p(2, S, B1), B1 = 1.\n"
                             "p(2, S, B) :- p(3, S1, B), S1 = S + 1.\n"
                             "p(2, S, B) :- p(3, S, B).\n"
                             "p(3, S, B) :- p(4, S1, B), S1 = S + 1.\n"
                             "p(3, S, B) :- p(4, S, B).\n"
                             "p(4, S, B) :- error, S = 2, B = 1.\n"
                             "p(4, S, B).\n";
    Program p = must_parse(text);
    Options o;
    o.slacken = true;
    Result r = verify(p, o);
    REQUIRE(r.verdict == Verdict::unsafe);
    CHECK(r.counterexample.has_value());
}
