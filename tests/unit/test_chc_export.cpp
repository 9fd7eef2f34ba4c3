// CHC-COMP export: the shape of the clauses, and export then import keeps the verdict.
#include <string>

#include <doctest/doctest.h>

#include "clpi/chc.hpp"
#include "engine_support.hpp"

using namespace clpi;

namespace {

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// lock.clp of the language contract (safe), and a variant whose check fails (unsafe).
const char* lock_program =
    "?- p(0, L, O, N).\n"
    "p(0, L, O, N) :- p(1, L1, O, N1), L1 = 0, N1 = O + 1.\n"
    "p(1, L, O, N) :- p(2, L, O, N), N != O.\n"
    "p(1, L, O, N) :- p(6, L, O, N), N = O.\n"
    "p(2, L, O, N) :- p(3, L1, O1, N), L1 = 1, O1 = N.\n"
    "p(3, L, O, N) :- p(1, L, O, N).\n"
    "p(3, L, O, N) :- p(1, L1, O, N1), L1 = 0, N1 = N + 1.\n"
    "p(6, L, O, N) :- error, L = 0.\n"
    "p(6, L, O, N) :- p(7, L, O, N), L != 0.\n"
    "p(7, L, O, N).\n";

Result round_trip(const std::string& clp, std::string& chc) {
    Program p = test::must_parse(clp);
    chc = export_chc(p);
    Diagnostics d;
    auto back = import_chc(chc, "exported.smt2", d);
    INFO(format_diagnostics(d, ""));
    INFO(chc);
    REQUIRE(back.has_value());
    return verify(*back, Options{});
}

}  // namespace

TEST_CASE("chc export: a predicate per point, a clause per rule, the query as a fact") {
    Program p = test::must_parse(lock_program);
    std::string chc = export_chc(p);
    CHECK(contains(chc, "(set-logic HORN)\n"));
    CHECK(contains(chc, "(declare-fun |p(0)| (Int Int Int) Bool)\n"));
    CHECK(contains(chc, "(declare-fun |p(7)| (Int Int Int) Bool)\n"));
    CHECK(contains(chc, "(=> true\n    (|p(0)| |L| |O| |N|))"));
    CHECK(contains(chc, "(not (= |N| |O|))"));
    CHECK(contains(chc, "(= |L| 0))\n    false)"));
    CHECK_FALSE(contains(chc, "; rule 9\n"));  // a terminal rule leads nowhere: no clause
    CHECK(contains(chc, "(check-sat)\n"));
}

TEST_CASE("chc export: export then import gives the same verdict") {
    std::string chc;
    CHECK(round_trip(lock_program, chc).verdict == Verdict::safe);
    std::string unsafe = lock_program;
    unsafe.replace(unsafe.find("L1 = 0, N1 = O + 1"), 18, "L1 = 0, N1 = O");
    CHECK(round_trip(unsafe, chc).verdict == Verdict::unsafe);
}

TEST_CASE("chc export: a constant array is SMT-LIB's (as const ...), and comes back") {
    const std::string zeroed = "?- p(0, A, I).\n"
                               "p(0, A, I) :- p(1, A1, I), A1 = store(const_array(-1), 3, 7).\n"
                               "p(1, A, I) :- error, I != 3, select(A, I) != -1.\n";
    std::string chc;
    CHECK(round_trip(zeroed, chc).verdict == Verdict::safe);
    CHECK(contains(chc, "(store ((as const (Array Int Int)) (- 1)) 3 7)"));
    std::string unsafe = zeroed;
    unsafe.replace(unsafe.find("I != 3"), 6, "I = 3");
    CHECK(round_trip(unsafe, chc).verdict == Verdict::unsafe);
}

TEST_CASE("chc export: constants in atoms, negative numbers, div and mod") {
    std::string clp =
        "?- p(0, X, Y), X >= -3.\n"
        "p(0, X, Y) :- p(1, 5, Y1), Y1 = X mod 4 + X div 2 - -1.\n"
        "p(1, X, Y) :- error, Y < -4.\n";
    std::string chc;
    Result r = round_trip(clp, chc);
    CHECK(contains(chc, "(|p(1)| 5 |Y1|)"));
    CHECK(contains(chc, "(>= |X| (- 3))"));
    CHECK(contains(chc, "(mod |X| 4)"));
    CHECK(contains(chc, "(div |X| 2)"));
    // X >= -3: X mod 4 + X div 2 + 1 >= 0 + (-2) + 1 = -1, never below -4.
    CHECK(r.verdict == Verdict::safe);
}
