// Property-directed reachability (engine/pdr.hpp): proofs whose frames are inductive and whose
// certificates cvc5 validates, errors at their exact depth retraced into replayed
// counterexamples, what it leaves out, and the run beside the search.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "clpi/certificate.hpp"
#include "engine/pdr.hpp"
#include "engine_support.hpp"

using namespace clpi;
using clpi::test::must_parse;

namespace {

std::string slurp(const std::string& name) {
    std::ifstream in(std::filesystem::path(CLPI_SOURCE_DIR) / "clp" / "transition-systems" / name);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void check_valid(const Program& p, const Certificate& c) {
    CHECK(c.points.size() == p.points.size());
    CertificateCheck check = check_certificate(p, c);
    INFO(check.clause << ": " << check.detail);
    CHECK(std::string(to_string(check.outcome)) == "valid");
}

// x counts up by 1 or 2 from 0; the error needs x = 7 after exactly three steps.
const char* three_steps = R"(
?- p(X, N), X = 0, N = 0.
p(X, N) :- p(X1, N1), N < 3, X1 = X + 1, N1 = N + 1.
p(X, N) :- p(X1, N1), N < 3, X1 = X + 2, N1 = N + 1.
p(X, N) :- error, N = 3, X >= 6.
)";

// A limit only so that a regression fails instead of hanging: every run here ends in well
// under a second.
engine::PdrLimits limits() {
    engine::PdrLimits l;
    l.timeout_s = 60;
    return l;
}

Result verify_by_pdr(const Program& p) {
    Options o;
    o.strategy = Strategy::pdr;
    o.timeout_s = 60;
    return verify(p, o);
}

}  // namespace

TEST_CASE("pdr: Peterson's mutual exclusion, proved with an inductive frame that cvc5 validates") {
    Program p = must_parse(slurp("peterson.clp"), "peterson.clp");
    engine::PdrResult r = engine::property_directed_reachability(p, limits());
    REQUIRE(r.outcome == engine::PdrResult::Outcome::safe);
    REQUIRE(r.certificate);
    check_valid(p, *r.certificate);
    // Counts of the run, not of the machine: the frames and lemmas it needed.
    CHECK(r.level <= 8);
    CHECK(r.lemmas <= 60);

    // The search alone does not close this loop within a few thousand nodes.
    Options alone;
    alone.bmc = false;
    alone.pdr = false;
    alone.max_nodes = 3000;
    alone.unroll = 4;
    CHECK(verify(p, alone).verdict == Verdict::unknown);

    // As a strategy: SAFE with the frame as the certificate.
    Result v = verify_by_pdr(p);
    REQUIRE(v.verdict == Verdict::safe);
    REQUIRE(v.certificate);
    check_valid(p, *v.certificate);
}

namespace {

// The values of a counterexample by name.
std::string value_of(const Counterexample& c, const std::string& name) {
    for (const auto& [n, v] : c.values) {
        if (n == name) return v;
    }
    return "?";
}

}  // namespace

TEST_CASE("pdr: the slip in Peterson's protocol is reached, retraced and replayed") {
    Program p = must_parse(slurp("peterson-unsafe.clp"), "peterson-unsafe.clp");
    engine::PdrResult r = engine::property_directed_reachability(p, limits());
    REQUIRE(r.outcome == engine::PdrResult::Outcome::unsafe);
    // Both processes raise their flags and give the turn, then enter: six steps and the
    // error rule, each a rule of the path retraced through the obligations.
    CHECK(r.steps == 7);
    REQUIRE(r.counterexample);
    CHECK(r.counterexample->path.size() == 8);  // seven rules, then the error
    CHECK(r.counterexample->path.back().point_label == "error");
    Result v = verify_by_pdr(p);
    REQUIRE(v.verdict == Verdict::unsafe);
    REQUIRE(v.counterexample);
    CHECK(v.counterexample->path.back().point_label == "error");
    CHECK(std::any_of(v.notes.begin(), v.notes.end(),
                      [](const std::string& n) { return n.find("retraced") != std::string::npos; }));
}

TEST_CASE("pdr: an error three steps deep, retraced with the values that reach it, and its safe twin") {
    Program p = must_parse(three_steps);
    engine::PdrResult r = engine::property_directed_reachability(p, limits());
    REQUIRE(r.outcome == engine::PdrResult::Outcome::unsafe);
    CHECK(r.steps == 4);  // three steps, then the error rule
    REQUIRE(r.counterexample);
    const Counterexample& c = *r.counterexample;
    REQUIRE(c.path.size() == 5);
    // The last state, before the error rule: N = 3 and X at least 6, so at least two of the
    // three steps added 2.
    const auto& last = c.path[3].state;
    REQUIRE(last.size() == 2);
    CHECK(last[1].second == "3");
    CHECK(std::stoi(last[0].second) >= 6);
    CHECK(value_of(c, "X") == "0");

    std::string safe = three_steps;
    safe.replace(safe.find("X >= 6"), 6, "X >= 7");
    Program q = must_parse(safe);
    engine::PdrResult s = engine::property_directed_reachability(q, limits());
    REQUIRE(s.outcome == engine::PdrResult::Outcome::safe);
    REQUIRE(s.certificate);
    check_valid(q, *s.certificate);
}

TEST_CASE("pdr: programs with arrays are left out, with the reason") {
    Program p = must_parse(R"(
?- p(A, I), I = 0.
p(A, I) :- p(B, I1), I < 3, B = store(A, I, 0), I1 = I + 1.
p(A, I) :- error, I >= 3, select(A, 0) > 0.
)");
    engine::PdrResult r = engine::property_directed_reachability(p, limits());
    CHECK(r.outcome == engine::PdrResult::Outcome::unknown);
    CHECK(r.ended == "arrays are not supported");
    CHECK(r.checks == 0);
}

TEST_CASE("pdr beside the search: its invariant ends the run with SAFE and a valid certificate") {
    Program p = must_parse(slurp("peterson.clp"), "peterson.clp");
    Options o;
    o.timeout_s = 60;
    o.bmc_after_s = 0;  // both engines beside the search start at once
    Result r = verify(p, o);
    REQUIRE(r.verdict == Verdict::safe);
    CHECK(r.stats.pdr_ran);
    CHECK(r.stats.pdr_proved);
    REQUIRE(r.certificate);
    check_valid(p, *r.certificate);
}

TEST_CASE("pdr: a variable two literals of a lemma share is eliminated, and one lemma covers a counter's values") {
    // y = 0; n = 0; while (n < B) { y++; n++; } error if y + n < B. Blocking the error's
    // states one at a time gives lemmas like `B - n >= k ∧ y < k`, one per value k; with n
    // eliminated from such a cube, one lemma covers them all.
    Program p = must_parse(R"(?- p(1, Y, N, Bound).
p(1, Y, N, B) :- p(2, Y, N, B), Y = 0.
p(2, Y, N, B) :- p(3, Y, N1, B), N1 = 0.
p(3, Y, N, B) :- p(4, Y, N, B), N < B.
p(3, Y, N, B) :- p(6, Y, N, B), N >= B.
p(4, Y, N, B) :- p(3, Y1, N1, B), Y1 = Y + 1, N1 = N + 1.
p(6, Y, N, B) :- error, Y + N < B.
p(6, Y, N, B) :- p(8, Y, N, B).
p(8, Y, N, B).
)", "counter.clp");
    engine::PdrResult r = engine::property_directed_reachability(p, limits());
    INFO(r.ended);
    REQUIRE(r.outcome == engine::PdrResult::Outcome::safe);
    CHECK(r.eliminations >= 1);
    // Without the elimination the lemmas went on one value at a time (468 lemmas in 10 s).
    CHECK(r.lemmas <= 30);
    REQUIRE(r.certificate);
    check_valid(p, *r.certificate);
}

TEST_CASE("pdr: a state that keeps a literal in a lemma is blocked first (counterexample to generalization)") {
    // Read from the error back: from B = 1, D = 0 each step adds D to B and 1 to D, so that
    // B >= D always, and the query's states, one step further, have B < D. Dropping a literal from a lemma's cube fails while some state of the
    // frames, itself unreachable, still leads into the smaller cube; that state is blocked
    // one level down first, and the literal goes. Without it, a lemma per state: 191 lemmas
    // in 5 s, no proof.
    Program p = must_parse(R"(?- start.
start :- check(B, D), B < D.
check(B, D) :- more(B1, D1), B = B1 + D1, D = D1 + 1.
more(B, D) :- more(B1, D1), B = B1 + D1, D = D1 + 1.
more(B, D) :- error, B = 1, D = 0.
)", "sums.clp");
    engine::PdrResult r = engine::property_directed_reachability(p, limits());
    INFO(r.ended);
    REQUIRE(r.outcome == engine::PdrResult::Outcome::safe);
    CHECK(r.ctgs >= 1);
    CHECK(r.lemmas <= 20);  // 5 when written
    REQUIRE(r.certificate);
    check_valid(p, *r.certificate);
}

TEST_CASE("pdr: a bound found by elimination is blocked around a loop of several points") {
    // Cells 0..N-1 written in turn with 0 or 1; C is the cell followed, V its value (anything
    // at first; the write at C sets it, and may make the written cell the one followed).
    // After the loop V is 0 or 1: I > C implies 0 =< V =< 1, and C < N, which the loop's
    // three points keep only together. Eliminating I from a lemma `I >= N - k ∧ C > I + k - 1`
    // gives `C >= N`, which no frame excludes yet at the point before; blocking it as an
    // obligation of its own teaches each point's frame `C < N` on the way. Without that,
    // one lemma per k (362 lemmas in 20 s, no proof).
    Program p = must_parse(R"(?- start.
start :- loop(N, I, C, V), N > C, C >= 0, I = 0.
loop(N, I, C, V) :- write(N, I, C, V), N > I.
loop(N, I, C, V) :- done(N, C, V), I >= N.
write(N, I, C, V) :- incr(N, I, C, V), I != C.
write(N, I, C, V) :- incr(N, I, C1, V1), C1 = I, V1 >= 0, V1 <= 1.
incr(N, I, C, V) :- loop(N, I1, C, V), I1 = I + 1.
done(N, C, V) :- error, V > 1.
)", "cells.clp");
    engine::PdrResult r = engine::property_directed_reachability(p, limits());
    INFO(r.ended);
    REQUIRE(r.outcome == engine::PdrResult::Outcome::safe);
    CHECK(r.eliminations >= 1);
    CHECK(r.eliminations_around >= 1);
    CHECK(r.lemmas <= 100);  // 41 when written
    REQUIRE(r.certificate);
    check_valid(p, *r.certificate);
}
