// Verdicts, counts and counterexamples of small programs, one construct at a time.
#include <chrono>
#include <thread>

#include "engine_support.hpp"

using namespace clpi;
using clpi::test::run;

TEST_CASE("an unsatisfiable query is SAFE with one node") {
    Result r = run("?- p(0, X), X > 0, X < 0.\np(0, X) :- error.\n");
    CHECK(r.verdict == Verdict::safe);
    CHECK(r.stats.nodes == 1);
    CHECK(r.stats.infeasible == 1);
}

TEST_CASE("a reachable error is UNSAFE with a replayed counterexample") {
    Result r = run("?- p(0, X).\n"
                   "p(0, X) :- p(1, Y), Y = X + 1, X >= 3.\n"
                   "p(1, Y) :- error(\"too big\"), Y > 10.\n");
    REQUIRE(r.verdict == Verdict::unsafe);
    REQUIRE(r.counterexample.has_value());
    const auto& c = *r.counterexample;
    REQUIRE(c.path.size() == 3);
    CHECK(c.path[0].point_label == "p(0)");
    CHECK(c.path[1].point_label == "p(1)");
    CHECK(c.path[2].point_label == "error");
    CHECK(c.path[0].rule == 1);
    CHECK(c.path[1].rule == 2);
    REQUIRE(c.label.has_value());
    // X is the query variable; Y@1 the variable introduced by the first rule.
    REQUIRE(c.values.size() == 2);
    CHECK(c.values[0].first == "X");
    CHECK(std::stoi(c.values[0].second) >= 10);
    CHECK(c.values[1].first == "Y@1");
}

TEST_CASE("the three-if program of the minimax paper: infeasible paths give interpolants") {
    // x = 0; if (*) x++; if (y >= 1) x += 2; if (y < 1) x += 4; if (x > 5) error: safe.
    // Core interpolants keep x's exact value (x = 3, not the paper's x <= 3), so no state
    // here is subsumed; the infeasible branches are what both strategies see.
    const char* text = "?- p(0, X, Y).\n"
                       "p(0, X, Y) :- p(1, X1, Y), X1 = 0.\n"
                       "p(1, X, Y) :- p(2, X1, Y), X1 = X + 1.\n"
                       "p(1, X, Y) :- p(2, X, Y).\n"
                       "p(2, X, Y) :- p(3, X1, Y), Y >= 1, X1 = X + 2.\n"
                       "p(2, X, Y) :- p(3, X, Y), Y < 1.\n"
                       "p(3, X, Y) :- p(4, X1, Y), Y < 1, X1 = X + 4.\n"
                       "p(3, X, Y) :- p(4, X, Y), Y >= 1.\n"
                       "p(4, X, Y) :- error, X > 5.\n"
                       "p(4, X, Y) :- p(5, X, Y), X =< 5.\n";
    Result b = run(text);
    Result d = run(text, Strategy::dse);
    CHECK(b.verdict == Verdict::safe);
    CHECK(d.verdict == Verdict::safe);
    // 4 paths reach the third if: one y-guard contradicts each, and so does x > 5.
    CHECK(b.stats.infeasible == 8);
    CHECK(b.stats.infeasible == d.stats.infeasible);
    CHECK(b.stats.nodes <= d.stats.nodes);
}

TEST_CASE("integers beyond 64 bits") {
    Result r = run("?- p(0, X).\n"
                   "p(0, X) :- p(1, Y), Y = X * 1000000000000, X = 123456789012345678901.\n"
                   "p(1, Y) :- error, Y > 123456789012345678900000000000000.\n");
    REQUIRE(r.verdict == Verdict::unsafe);
    CHECK(r.counterexample->values[0].second == "123456789012345678901");
    CHECK(r.counterexample->values[1].second == "123456789012345678901000000000000");

    Result s = run("?- p(0, X), X = 18446744073709551616.\n"
                   "p(0, X) :- error, X < 18446744073709551615.\n");
    CHECK(s.verdict == Verdict::safe);
}

TEST_CASE("div and mod follow SMT-LIB (Euclidean) semantics, division by zero disables") {
    CHECK(run("?- p(0, X), X = -7.\np(0, X) :- error, X div 2 = -4, X mod 2 = 1.\n").verdict ==
          Verdict::unsafe);
    CHECK(run("?- p(0, X), X = 7.\np(0, X) :- error, X div -2 = -3, X mod -2 = 1.\n").verdict ==
          Verdict::unsafe);
    // Y div Z with Z = 0 is never enabled: the error is unreachable.
    CHECK(run("?- p(0, Y, Z), Z = 0.\np(0, Y, Z) :- error, Y div Z = 0.\n").verdict ==
          Verdict::safe);
    // The same for the literal 0 (in SMT-LIB, x div 0 is some unknown number).
    CHECK(run("?- p(0, Y).\np(0, Y) :- error, Y div 0 = 5.\n").verdict == Verdict::safe);
    CHECK(run("?- p(0, Y).\np(0, Y) :- error, Y mod 0 = Y.\n").verdict == Verdict::safe);
}

TEST_CASE("free body variables are inputs and show in the counterexample") {
    Result r = run("?- p(0, X), X = 0.\n"
                   "p(0, X) :- p(1, In).\n"
                   "p(1, X) :- error, X = 42.\n");
    REQUIRE(r.verdict == Verdict::unsafe);
    CHECK(r.counterexample->values.back().first == "In@1");
    CHECK(r.counterexample->values.back().second == "42");
}

TEST_CASE("real domain") {
    // Real programs write fractions as constants (`1/3`); there is no `/` operator.
    Result r = run(":- domain(real).\n?- p(0, X), X > 0, X < 1/2.\n"
                   "p(0, X) :- error, 2 * X > 1/3, 3 * X < 1.\n");
    REQUIRE(r.verdict == Verdict::unsafe);
    Result s = run(":- domain(real).\n?- p(0, X), X > 0, X < 1.\n"
                   "p(0, X) :- error, 2 * X > 3.\n");
    CHECK(s.verdict == Verdict::safe);
}

TEST_CASE("integers are not reals: no false alarm from rational solutions") {
    // 2X = 1 has a real solution but no integer one.
    CHECK(run("?- p(0, X).\np(0, X) :- error, 2 * X = 1.\n").verdict == Verdict::safe);
}

TEST_CASE("arrays: select and store") {
    Result r = run("?- p(0, A, I).\n"
                   "p(0, A, I) :- p(1, A1, I), A1 = store(A, I, 5).\n"
                   "p(1, A, I) :- error, select(A, I) = 5.\n");
    REQUIRE(r.verdict == Verdict::unsafe);
    Result s = run("?- p(0, A, I).\n"
                   "p(0, A, I) :- p(1, A1, I), A1 = store(A, I, 5).\n"
                   "p(1, A, I) :- error, select(A, I) != 5.\n");
    CHECK(s.verdict == Verdict::safe);
}

TEST_CASE("several predicates and a non-pointed predicate") {
    Result r = run("?- main(0, X).\n"
                   "main(0, X) :- loop(X, 0).\n"
                   "loop(X, N) :- loop(X, N1), N < 3, N1 = N + 1.\n"
                   "loop(X, N) :- done(1, N), N >= 3.\n"
                   "done(1, N) :- error, N != 3.\n");
    CHECK(r.verdict == Verdict::safe);
}

TEST_CASE("loops without a bound use the default bound and say so") {
    const char* text = "?- p(0, X), X = 0.\n"
                       "p(0, X) :- p(0, X1), X1 = X + 1.\n"
                       "p(0, X) :- error, X < 0.\n";
    Result r = run(text);
    CHECK(r.verdict == Verdict::unknown);
    CHECK(r.reason == UnknownReason::bound);
    CHECK(r.reason_text == "unroll bound 20 reached; no error within it");
    CHECK(!r.notes.empty());
    Result e = run("?- p(0, X), X = 0.\n"
                   "p(0, X) :- p(0, X1), X1 = X + 1.\n"
                   "p(0, X) :- error, X = 7.\n",
                   Strategy::bounded, 10u);
    REQUIRE(e.verdict == Verdict::unsafe);
    CHECK(e.counterexample->path.size() == 9);  // 7 increments, the error rule, error
    Result far = run("?- p(0, X), X = 0.\n"
                     "p(0, X) :- p(0, X1), X1 = X + 1.\n"
                     "p(0, X) :- error, X = 70.\n",
                     Strategy::bounded, 10u);
    CHECK(far.verdict == Verdict::unknown);
    CHECK(far.reason == UnknownReason::bound);
}

TEST_CASE("a bounded loop is SAFE once the bound covers it") {
    const char* text = "?- p(0, I, X), I = 0, X = 0.\n"
                       "p(0, I, X) :- p(0, I1, X1), I < 5, I1 = I + 1, X1 = X + 2.\n"
                       "p(0, I, X) :- p(1, I, X), I >= 5.\n"
                       "p(1, I, X) :- error, X != 10.\n";
    CHECK(run(text, Strategy::bounded, 5u).verdict == Verdict::safe);
    CHECK(run(text, Strategy::bounded, 4u).verdict == Verdict::unknown);
}

TEST_CASE("an interrupt stops a solver call that would not end by itself") {
    // x^3 + y^3 = z^3 in positive integers: Z3's non-linear search does not finish. Only
    // the watchdog, which interrupts the call, ends this run.
    Program p = clpi::test::must_parse(
        "?- p(0, X, Y, Z).\n"
        "p(0, X, Y, Z) :- error, X > 0, Y > 0, Z > 0, X*X*X + Y*Y*Y = Z*Z*Z.\n");
    std::atomic<bool> stop{false};
    Options o;
    o.interrupt = &stop;
    std::thread ctrl_c([&stop] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        stop.store(true);
    });
    Result r = verify(p, o);
    ctrl_c.join();
    CHECK(r.verdict == Verdict::unknown);
    CHECK(r.reason == UnknownReason::interrupted);
    CHECK(r.stats.nodes == 2);  // the query's goal and the error goal whose check was stopped
}

TEST_CASE("interrupt and timeout give UNKNOWN with statistics") {
    Program p = clpi::test::must_parse(clpi::test::diamonds(30));
    std::atomic<bool> stop{true};
    Options o;
    o.strategy = Strategy::dse;
    o.interrupt = &stop;
    Result r = verify(p, o);
    CHECK(r.verdict == Verdict::unknown);
    CHECK(r.reason == UnknownReason::interrupted);
    CHECK(r.stats.nodes >= 1);
    Options t;
    t.strategy = Strategy::dse;
    t.timeout_s = 0.2;
    Result rt = verify(p, t);
    CHECK(rt.verdict == Verdict::unknown);
    CHECK(rt.reason == UnknownReason::timeout);
}
