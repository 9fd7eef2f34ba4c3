// Every error class of clp-language.md section 6: exact line, column and message.
#include <doctest/doctest.h>

#include "clpi/parse.hpp"

using namespace clpi;

namespace {

struct Expected {
    std::uint32_t line, column;
    std::string message;
    Severity severity = Severity::error;
};

// Parses `text` and compares all its diagnostics (sorted) with `want`.
void expect(const std::string& text, const std::vector<Expected>& want, bool valid = false) {
    Diagnostics d;
    auto p = parse_program(text, "t.clp", d);
    INFO(format_diagnostics(d, text));
    CHECK(p.has_value() == valid);
    auto got = d.sorted();
    REQUIRE(got.size() == want.size());
    for (std::size_t i = 0; i < want.size(); ++i) {
        CHECK(got[i].loc.line == want[i].line);
        CHECK(got[i].loc.column == want[i].column);
        CHECK(got[i].message == want[i].message);
        CHECK(got[i].severity == want[i].severity);
    }
}

const char* q = "?- p(0, X).\n";

}  // namespace

TEST_CASE("unexpected character: says what was expected") {
    expect(std::string(q) + "p(0, X) :- X = 1 $ 2.\n",
           {{2, 18, "expected `.` at the end of the clause"}});
    expect(std::string(q) + "p(0, X) :- X = .\n",
           {{2, 16, "expected an expression (a number, a variable, `(`, `-`, `select`, `store` or `const_array`)"}});
    expect(std::string(q) + "p(0, X) :- X 3.\n",
           {{2, 14, "expected a comparison (`=`, `!=`, `<`, `<=`, `>`, `>=`) after the expression"}});
    expect(std::string(q) + "p(0, X :- true.\n", {{2, 8, "expected `)`"}});
    expect(std::string(q) + "#p(0, X).\n",
           {{2, 1, "expected a clause: a rule `p(...) :- ... .`, a query `?- ... .` or a "
                   "directive `:- ... .`"}});
}

TEST_CASE("unclosed comment and string point at their opening") {
    expect(std::string(q) + "p(0, X).\n/* never closed\np(1, X).\n",
           {{3, 1, "unclosed comment: `/*` has no matching `*/`"}});
    expect(std::string(q) + "p(0, X) :- error(\"oops).\n",
           {{2, 18, "unclosed string: `\"` has no matching `\"` on this line"}});
}

TEST_CASE("missing final dot") {
    expect(std::string(q) + "p(0, X) :- X = 1", {{2, 17, "expected `.` at the end of the clause"}});
}

TEST_CASE("two atoms in one body") {
    expect(std::string(q) + "p(0, X) :- p(1, X), p(2, X).\np(1, X).\np(2, X).\n",
           {{2, 21, "a rule body has at most one atom (linear rules); this is a second"}});
}

TEST_CASE("arity mismatch names the first use") {
    Diagnostics d;
    std::string text = std::string(q) + "p(1) :- true.\n";
    CHECK(!parse_program(text, "t.clp", d));
    auto all = d.sorted();
    REQUIRE(all.size() == 1);
    CHECK(all[0].loc == SourceLoc{2, 1});
    CHECK(all[0].message == "`p` has 1 argument here but 2 at its first use");
    REQUIRE(all[0].notes.size() == 1);
    CHECK(all[0].notes[0].loc == SourceLoc{1, 4});
    CHECK(all[0].notes[0].message == "first used here with 2 arguments");
}

TEST_CASE("no query, two queries") {
    expect("p(0, X) :- X = 1.\n", {{1, 1, "the program has no query (`?- p(...).`)"}});
    expect(std::string(q) + "?- p(0, Y).\n",
           {{2, 1, "a program has exactly one query; this is a second"}});
}

TEST_CASE("unknown directive") {
    expect(std::string(q) + ":- frobnicate(3).\n",
           {{2, 4, "unknown directive `frobnicate` (known: domain, name, source, line)"}});
}

TEST_CASE("arrays used as integers and the reverse") {
    expect("?- p(0, A).\np(0, A) :- error, select(A, 1) = 2, A > 0.\n",
           {{2, 37, "`A` is an array, used here as an integer"}});
    expect("?- p(0, A, X).\np(0, A, X) :- error, store(A, 1, 2) > X.\n",
           {{2, 22, "`store(...)` is an array, used here as an integer"}});
    expect("?- p(0, A).\np(0, A) :- q(A), select(A, 0) = 1.\nq(3).\n",
           {{3, 3, "argument 1 of `q` is an array; an integer cannot stand there"}});
    expect("?- p(0, X).\np(0, X) :- error, const_array(1) > X.\n",
           {{2, 19, "`const_array(...)` is an array, used here as an integer"}});
}

TEST_CASE("a constant array's value is a number") {
    // Every solver reads const_array(5); cvc5 takes no other term there.
    expect("?- p(0, A, X).\np(0, A, X) :- error, select(A, 0) = 1, A = const_array(X + 1).\n",
           {{2, 56, "the value of `const_array(...)` must be a number"}});
}

TEST_CASE("a point no rule defines is a warning: the goal is terminal") {
    expect(std::string(q) + "p(0, X) :- p(3, X).\n",
           {{2, 12, "no rule defines the point p(3): a goal there ends normally (it is terminal)",
             Severity::warning}},
           true);
}

TEST_CASE("fractions need the real domain, div and mod need the integers") {
    expect(std::string(q) + "p(0, X) :- error, X = 1/2.\n",
           {{2, 23, "a fraction or decimal needs `:- domain(real).` (this program is over the "
                    "integers)"}});
    expect(":- domain(real).\n" + std::string(q) + "p(0, X) :- error, X mod 2 = 1.\n",
           {{3, 19, "`div` and `mod` need the integer domain"}});
}

TEST_CASE("several errors in one file are all reported, up to a limit") {
    std::string text = q;
    for (int i = 0; i < 5; ++i) text += "p(0, X) :- X = = 1.\n";
    Diagnostics d;
    CHECK(!parse_program(text, "t.clp", d));
    CHECK(d.error_count() == 5);
    std::string many = q;
    for (int i = 0; i < 50; ++i) many += "p(0, X) :- X = = 1.\n";
    Diagnostics d2;
    CHECK(!parse_program(many, "t.clp", d2));
    CHECK(d2.all().size() == Diagnostics::default_error_limit);
}

TEST_CASE("the printed form: FILE:LINE:COL, the source line, a caret") {
    std::string text = std::string(q) + "p(0, X) :-\tX = 1 $ 2.\n";
    Diagnostics d;
    (void)parse_program(text, "dir/t.clp", d);
    CHECK(format_diagnostics(d, text) == "dir/t.clp:2:18: error: expected `.` at the end of the "
                                         "clause\np(0, X) :-\tX = 1 $ 2.\n          \t      ^\n");
}
