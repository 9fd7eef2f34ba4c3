// Bounded model checking (engine/bmc.hpp): deep errors behind loops with branching bodies,
// found at the exact depth and replayed; its limits; and the race beside the search.
#include <atomic>

#include "engine/bmc.hpp"
#include "engine_support.hpp"

using namespace clpi;
using clpi::test::must_parse;

namespace {

// 100 iterations, each adding 1 or 2 to x: x >= 199 needs 99 of the 100 to add 2. The error
// rule fires at step 101.
const char* two_paths = R"(
?- p(0, I, X), I = 0, X = 0.
p(0, I, X) :- p(0, I1, X1), I < 100, I1 = I + 1, X1 = X + 1.
p(0, I, X) :- p(0, I1, X1), I < 100, I1 = I + 1, X1 = X + 2.
p(0, I, X) :- error, I >= 100, X >= 199.
)";

// A nested loop: the inner one runs 100 times per outer iteration, adding 1 or 2 to x; the
// error needs x >= 150 after the first outer iteration's inner loop: step 1 enters the inner
// loop, 100 inner steps, then its exit (step 102) and the error (step 103).
const char* nested = R"(
?- p(0, I, J, X), I = 0, X = 0.
p(0, I, J, X) :- p(1, I, J1, X), I < 3, J1 = 0.
p(1, I, J, X) :- p(1, I, J1, X1), J < 100, J1 = J + 1, X1 = X + 1.
p(1, I, J, X) :- p(1, I, J1, X1), J < 100, J1 = J + 1, X1 = X + 2.
p(1, I, J, X) :- p(2, I, J, X), J >= 100.
p(2, I, J, X) :- error, I = 0, X >= 150.
p(2, I, J, X) :- p(0, I1, J, X), I1 = I + 1.
)";

}  // namespace

TEST_CASE("bmc: an error 100 iterations deep behind a loop with two paths, replayed") {
    Program p = must_parse(two_paths);
    engine::BmcResult r = engine::bounded_model_check(p, {});
    REQUIRE(r.counterexample);
    CHECK(r.depth == 101);
    CHECK(r.checks == 101);
    const Counterexample& c = *r.counterexample;
    REQUIRE(c.path.size() == 102);  // 101 rule applications, then the error
    CHECK(c.path.back().point_label == "error");
    std::size_t adds_two = 0;
    for (std::size_t k = 0; k + 1 < c.path.size(); ++k) adds_two += c.path[k].rule == 2 ? 1 : 0;
    CHECK(adds_two >= 99);
}

TEST_CASE("bmc: an error 100 inner iterations deep in a nested loop") {
    Program p = must_parse(nested);
    engine::BmcResult r = engine::bounded_model_check(p, {});
    REQUIRE(r.counterexample);
    CHECK(r.depth == 103);
    CHECK(r.counterexample->path.size() == 104);
}

TEST_CASE("bmc: limits, a program whose paths all end, a safe loop") {
    SUBCASE("depth limit, no error") {
        Program p = must_parse(two_paths);
        engine::BmcLimits limits;
        limits.max_depth = 40;
        engine::BmcResult r = engine::bounded_model_check(p, limits);
        CHECK_FALSE(r.counterexample);
        CHECK(r.depth == 40);
        CHECK(r.ended == "depth limit");
    }
    SUBCASE("size limit") {
        Program p = must_parse(two_paths);
        engine::BmcLimits limits;
        limits.max_rule_instances = 10;  // 3 per step: the loop's two rules and the error's
        engine::BmcResult r = engine::bounded_model_check(p, limits);
        CHECK_FALSE(r.counterexample);
        CHECK(r.depth == 4);  // 12 instances after four steps: over the limit at the fifth
        CHECK(r.ended == "size limit");
    }
    SUBCASE("every path ends") {
        Program p = must_parse("?- p(0, X).\np(0, X) :- p(1, Y), Y = X + 1.\np(1, Y) :- Y > 0.\n"
                               "p(1, Y) :- error, Y = X, X < Y.\n");
        engine::BmcResult r = engine::bounded_model_check(p, {});
        CHECK_FALSE(r.counterexample);
        CHECK(r.depth == 1);  // the query's step to p(1), whose rules end or fail
        CHECK(r.ended == "every path ends before this depth");
    }
    SUBCASE("stopped from outside") {
        Program p = must_parse(two_paths);
        std::atomic<bool> stop{true};
        engine::BmcLimits limits;
        limits.stop = &stop;
        engine::BmcResult r = engine::bounded_model_check(p, limits);
        CHECK_FALSE(r.counterexample);
        CHECK(r.checks == 0);
        CHECK(r.ended == "stopped");
    }
}

TEST_CASE("bmc beside the search: its counterexample ends the run, a cancelled search stops") {
    // 30 iterations of the two-path loop: the error at step 31.
    Program p = must_parse(R"(
?- p(0, I, X), I = 0, X = 0.
p(0, I, X) :- p(0, I1, X1), I < 30, I1 = I + 1, X1 = X + 1.
p(0, I, X) :- p(0, I1, X1), I < 30, I1 = I + 1, X1 = X + 2.
p(0, I, X) :- error, I >= 30, X >= 59.
)");
    SUBCASE("started at once") {
        Options o;
        o.bmc_after_s = 0;
        Result r = verify(p, o);
        CHECK(r.verdict == Verdict::unsafe);
        REQUIRE(r.counterexample);
        // Which of the two answers first depends on the machine; either way it is replayed.
        if (r.stats.bmc_found) {
            CHECK(r.counterexample->path.size() == 32);
            CHECK(r.stats.bmc_depth == 31);
        }
    }
    SUBCASE("a search that another has cancelled") {
        Options o;
        o.bmc = false;
        std::atomic<bool> cancelled{true};
        o.cancel = &cancelled;
        Result r = verify(p, o);
        CHECK(r.verdict == Verdict::unknown);
        CHECK(r.reason == UnknownReason::interrupted);
    }
    SUBCASE("a search that answers first never starts it") {
        Options o;
        o.bmc_after_s = 60;
        Result r = verify(must_parse("?- p(0, X), X = 0.\np(0, X) :- p(0, Y), Y = X + 1, X < 5.\n"
                                     "p(0, X) :- error, X > 5.\n"), o);
        CHECK(r.verdict == Verdict::safe);
        CHECK_FALSE(r.stats.bmc_ran);
    }
}
