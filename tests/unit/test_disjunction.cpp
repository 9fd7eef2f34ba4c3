// Disjunctions in rule bodies and queries, `(c1, c2 ; c3 ; true)`: parsing (and its errors),
// checking, formatting, CHC export, replay of counterexamples, and verification end to end.
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "clpi/chc.hpp"
#include "engine/counterexample.hpp"
#include "engine_support.hpp"
#include "program_equal.hpp"
#include "scratch.hpp"

using namespace clpi;
namespace fs = std::filesystem;

namespace {

std::optional<Program> parse(std::string_view text, Diagnostics& d) {
    return parse_program(text, "d.clp", d);
}

// The first diagnostic of a program that must not parse, as `LINE:COL: message`.
std::string first_error(std::string_view text) {
    Diagnostics d;
    auto p = parse(text, d);
    CHECK_FALSE(p.has_value());
    auto e = std::find_if(d.all().begin(), d.all().end(),
                          [](const Diagnostic& x) { return x.severity == Severity::error; });
    REQUIRE(e != d.all().end());
    return std::to_string(e->loc.line) + ":" + std::to_string(e->loc.column) + ": " + e->message;
}

std::string first_formatted_error(std::string_view text) {
    Diagnostics d;
    CHECK_FALSE(parse(text, d).has_value());
    return format_diagnostics(d, text);
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

using clpi_test::slurp;

const clpi_test::ScratchDirectory& scratch_directory() {
    static const clpi_test::ScratchDirectory dir("clpi-disj-");
    return dir;
}

fs::path scratch() { return scratch_directory().path(); }

fs::path write(const std::string& name, const std::string& text) { return scratch_directory().write(name, text); }

struct Run {
    int status;
    std::string out, err;
};

Run run_command(const std::string& command) {
    fs::path dir = scratch();
    std::string cmd = command + " > " + (dir / "out").string() + " 2> " + (dir / "err").string();
    int raw = std::system(cmd.c_str());
    return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(dir / "out"), slurp(dir / "err")};
}

Run clpi_command(const std::string& args) { return run_command(std::string(CLPI_BINARY) + " " + args); }

// The first word z3 prints on a CHC problem (sat: safe, unsat: unsafe), or "" without z3.
std::string z3_answer(const std::string& chc) {
    if (std::system("command -v z3 > /dev/null 2>&1") != 0) return "";
    Run r = run_command("z3 -T:20 " + write("problem.smt2", chc).string());
    std::istringstream in(r.out);
    std::string word;
    in >> word;
    return word;
}

// x >= 0; y = x + 1 or y = x + 2; assert(y >= 1). Safe only because of the disjunction.
const char* step_safe =
    "?- p(0, X), X >= 0.\n"
    "p(0, X) :- p(1, Y), (Y = X + 1 ; Y = X + 2).\n"
    "p(1, Y) :- error(\"y < 1\"), Y < 1.\n";

// The second case goes down when x > 3: y = -1 from x = 4.
const char* step_unsafe =
    "?- p(0, X), X >= 0.\n"
    "p(0, X) :- p(1, Y), (Y = X + 1 ; X > 3, Y = X - 5).\n"
    "p(1, Y) :- error(\"y < 0\"), Y < 0.\n";

// A case that divides by zero does not hold: with x = 0 only the second case is enabled.
const char* division_unsafe =
    "?- p(0, X), X >= 0.\n"
    "p(0, X) :- p(1, Y), (Y = 10 div X ; X = 0, Y = -1).\n"
    "p(1, Y) :- error, Y < 0.\n";

// x = 0, and the first case would need 10 div 0 > 100: no case holds with y > 100.
const char* division_safe =
    "?- p(0, X), X = 0.\n"
    "p(0, X) :- p(1, Y), (Y = 10 div X, Y > 100 ; Y = 0).\n"
    "p(1, Y) :- error, Y > 100.\n";

Result verify_text(const std::string& text) {
    Program p = test::must_parse(text);
    return verify(p, Options{});
}

}  // namespace

TEST_CASE("disjunction: the AST of nested cases, `true` as an empty case, locations") {
    Program p = test::must_parse(
        "?- p(0, X, Y), (X = 0 ; X = 1).\n"
        "p(0, X, Y) :- p(1, X1, Y1), (X1 = X + 1, Y1 = Y ; X1 = X, (Y1 = Y - 1 ; Y1 = Z) ; true), X >= 0.\n");
    REQUIRE(p.query.constraints.size() == 1);
    CHECK(p.query.constraints[0].is_disjunction());
    CHECK(p.query.constraints[0].cases.size() == 2);
    CHECK(p.query.constraints[0].loc == SourceLoc{1, 16});

    const Rule& r = p.rules.at(0);
    REQUIRE(r.constraints.size() == 2);
    const Constraint& d = r.constraints[0];
    REQUIRE(d.is_disjunction());
    CHECK(d.loc == SourceLoc{2, 29});  // its `(`
    REQUIRE(d.cases.size() == 3);
    CHECK(d.cases[0].size() == 2);
    CHECK(d.cases[0][0].op == RelOp::eq);
    CHECK(d.cases[0][0].rhs.kind == ExprKind::add);
    REQUIRE(d.cases[1].size() == 2);
    CHECK_FALSE(d.cases[1][0].is_disjunction());
    REQUIRE(d.cases[1][1].is_disjunction());
    CHECK(d.cases[1][1].cases.size() == 2);
    CHECK(d.cases[1][1].loc == SourceLoc{2, 59});
    CHECK(d.cases[2].empty());  // `true`
    CHECK_FALSE(r.constraints[1].is_disjunction());
    CHECK(r.constraints[1].op == RelOp::ge);
    // Z occurs only inside the disjunction: an ordinary variable of the rule.
    REQUIRE(r.vars.size() == 5);
    CHECK(r.vars[4].name == "Z");
    CHECK(r.vars[4].type == Type::integer);
}

TEST_CASE("disjunction: a constraint that starts with `(` is still a comparison") {
    Program p = test::must_parse("?- p(0, X, Y), (X + 1) > 2.\n"
                                 "p(0, X, Y) :- p(1, X, Y), (X + 1) * 2 > Y, ((X)) = (Y).\n"
                                 "p(1, X, Y) :- p(2, X, Y), ((X + 1) > 2 ; (X - 1) * (2) < Y).\n");
    REQUIRE(p.query.constraints.size() == 1);
    CHECK_FALSE(p.query.constraints[0].is_disjunction());
    CHECK(p.query.constraints[0].op == RelOp::gt);
    CHECK(p.query.constraints[0].lhs.kind == ExprKind::add);
    const Rule& r0 = p.rules.at(0);
    REQUIRE(r0.constraints.size() == 2);
    CHECK_FALSE(r0.constraints[0].is_disjunction());
    CHECK(r0.constraints[0].lhs.kind == ExprKind::mul);
    CHECK(r0.constraints[1].lhs.kind == ExprKind::variable);
    const Rule& r1 = p.rules.at(1);
    REQUIRE(r1.constraints.size() == 1);
    REQUIRE(r1.constraints[0].is_disjunction());
    CHECK(r1.constraints[0].cases[0][0].op == RelOp::gt);
    CHECK(r1.constraints[0].cases[1][0].lhs.kind == ExprKind::mul);
}

TEST_CASE("disjunction: malformed ones are FILE:LINE:COL errors saying what was expected") {
    const std::string head = "?- p(0, X).\n";
    CHECK(first_error(head + "p(0, X) :- p(1, X), (X > 0 ; X < 0.\n") ==
          "2:35: expected `)` or `;` in the disjunction");
    CHECK(first_error(head + "p(0, X) :- p(1, X), (X > 0 ; X < 0 Y).\n") ==
          "2:36: expected `)` or `;` in the disjunction");
    CHECK(first_error(head + "p(0, X) :- p(1, X), (X > 0 ; ).\n") ==
          "2:30: expected a constraint, `true` or a disjunction in a case of the disjunction");
    CHECK(first_error(head + "p(0, X) :- p(1, X), (X > 0 ;\n  X < 0, ).\n") ==
          "3:10: expected a constraint, `true` or a disjunction in a case of the disjunction");
    CHECK(first_error(head + "p(0, X) :- (X > 0 ; p(1, X)).\n") ==
          "2:21: a disjunction holds constraints only: no atom and no `error` in its cases");
    CHECK(first_error(head + "p(0, X) :- (error ; X > 0).\n") ==
          "2:13: a disjunction holds constraints only: no atom and no `error` in its cases");
    CHECK(first_error(head + "p(0, X) :- p(1, X), (X ; X > 0).\n") ==
          "2:24: expected a comparison (`=`, `!=`, `<`, `<=`, `>`, `>=`) after the expression");
    CHECK(first_error("?- p(0, X), (X > 0 ; X <).\n") ==
          "1:25: expected an expression (a number, a variable, `(`, `-`, `select`, `store` or `const_array`)");
    // With the source line and a caret, as every diagnostic.
    std::string shown = first_formatted_error(head + "p(0, X) :- p(1, X), ((X > 0 ; X = 1) ; X <> 2).\n");
    CHECK(contains(shown, "d.clp:2:43: error: expected an expression"));
    CHECK(contains(shown, "\n                                          ^"));
    // The next clause is still read after an error in a disjunction.
    Diagnostics d;
    CHECK_FALSE(parse(head + "p(0, X) :- (X > 0 ; ).\np(0, X) :- (X > 0 ; p(1, X)).\n", d));
    CHECK(d.all().size() == 2);
}

TEST_CASE("disjunction: nesting too deep is an error, not a stack overflow") {
    std::string deep = "?- p(0, X), " + std::string(100000, '(') + "X = 1 ; true" +
                       std::string(100000, ')') + ".\n";
    CHECK(first_error(deep).find("nested too deeply (more than 200 levels)") != std::string::npos);
    std::string nested = "X = 0";
    for (int i = 0; i < 300; ++i) nested = "(" + nested + " ; true)";
    CHECK(first_error("?- p(0, X), " + nested + ".\n").find("nested too deeply") !=
          std::string::npos);
}

TEST_CASE("disjunction: the checker looks inside the cases") {
    // Types: A and A1 are arrays because of select/store and `=` inside the cases.
    Program p = test::must_parse("?- p(0, A, I).\n"
                                 "p(0, A, I) :- p(1, A1, I), (A1 = store(A, I, 0) ; A1 = A, select(A, I) = 0).\n");
    CHECK(p.rules[0].vars[0].type == Type::array);    // A
    CHECK(p.rules[0].vars[1].type == Type::integer);  // I
    CHECK(p.rules[0].vars[2].type == Type::array);    // A1
    CHECK(p.predicates[0].arg_types[1] == Type::array);

    CHECK(first_error("?- p(0, A, I).\np(0, A, I) :- p(1, A, I), (select(A, I) > 0 ; A > 0).\n") ==
          "2:47: `A` is an array, used here as an integer");
    CHECK(first_error("?- p(0, X).\np(0, X) :- p(1, X), (X = 1 ; (X = 2 ; X = 1/2)).\n") ==
          "2:43: a fraction or decimal needs `:- domain(real).` (this program is over the integers)");
    // Warnings inside cases too.
    Diagnostics d;
    auto q = parse("?- p(0, X, Y).\np(0, X, Y) :- p(1, X, Y), (X * Y = 1 ; Y = X mod 0).\n", d);
    CHECK(q.has_value());
    std::string all = format_diagnostics(d, "");
    CHECK(contains(all, "2:28: warning: non-linear multiplication"));
    CHECK(contains(all, "2:44: warning: division by the constant 0"));
}

TEST_CASE("disjunction: fmt prints cases, the empty one as true, and round-trips") {
    Program p = test::must_parse("?-p(0,X),(X=0;X=1).\n"
                                 "p(0,X):-p(1,Y),( Y=X+1 , true ; Y=(X+2)*1;(Y=X;Y>=X) ;true),X>=0.\n");
    std::string once = format_program(p);
    CHECK(once == "?- p(0, X), (X = 0 ; X = 1).\n"
                  "p(0, X) :- p(1, Y), (Y = X + 1 ; Y = (X + 2) * 1 ; (Y = X ; Y >= X) ; true), X >= 0.\n");
    Program again = test::must_parse(once);
    CHECK(test::same_program(p, again));
    CHECK(format_program(again) == once);

    // Comments inside a disjunction are kept once (before the clause).
    Program c = test::must_parse("?- p(0, X).\np(0, X) :- p(1, Y), % a\n  (Y = X % b\n  ; Y = 2 /* c */\n  ).\n");
    CHECK(format_program(c) == "?- p(0, X).\n% a\n% b\n/* c */\np(0, X) :- p(1, Y), (Y = X ; Y = 2).\n");
}

TEST_CASE("disjunction: export to CHC is `(or (and ...) ...)`, and z3 gives the same answer") {
    Program p = test::must_parse(
        "?- p(0, X), (X = 0 ; X = 1).\n"
        "p(0, X) :- p(1, Y), (Y = X + 1, X >= 0 ; Y = X ; true).\n"
        "p(1, Y) :- p(2, Y), (Y > 0 ; (Y = 0 ; Y = 10 div X)).\n"
        "p(2, Y) :- error, Y < 0.\n");
    std::string chc = export_chc(p);
    CHECK(contains(chc, "(=> (or (= |X| 0) (= |X| 1))\n    (|p(0)| |X|))"));
    CHECK(contains(chc, "(or (and (= |Y| (+ |X| 1)) (>= |X| 0)) (= |Y| |X|) true)"));
    CHECK(contains(chc, "(or (> |Y| 0) (or (= |Y| 0) (and (not (= |X| 0)) (= |Y| (div 10 |X|)))))"));

    struct Case {
        const char* text;
        Verdict verdict;
        bool linear;  // z3 may answer unknown on a division by a variable
    };
    for (const Case& c :
         {Case{step_safe, Verdict::safe, true}, Case{step_unsafe, Verdict::unsafe, true},
          Case{division_safe, Verdict::safe, false}, Case{division_unsafe, Verdict::unsafe, false}}) {
        INFO(c.text);
        Program prog = test::must_parse(c.text);
        CHECK(verify(prog, Options{}).verdict == c.verdict);
        std::string exported = export_chc(prog);
        INFO(exported);
        std::string z3 = z3_answer(exported);
        if (z3.empty()) {
            WARN_MESSAGE(false, "no z3 on the PATH: the exported problem is not checked by z3");
        } else if (c.linear) {
            CHECK(z3 == (c.verdict == Verdict::safe ? "sat" : "unsat"));
        } else {
            CHECK(z3 != (c.verdict == Verdict::safe ? "unsat" : "sat"));  // never the opposite
        }
        // And imported back, the same verdict.
        Diagnostics d;
        auto back = import_chc(exported, "exported.smt2", d);
        INFO(format_diagnostics(d, ""));
        REQUIRE(back.has_value());
        CHECK(verify(*back, Options{}).verdict == c.verdict);
    }
}

TEST_CASE("disjunction: replay holds a disjunction when one case holds entirely") {
    Program p = test::must_parse(division_unsafe);
    auto num = [](long v) {
        solver::Value x;
        x.number = Number(v);
        return x;
    };
    std::vector<engine::PathStep> path(3);
    path[0].is_query = true;
    path[1].rule = 0;
    path[2].rule = 1;
    // x = 0: the first case divides by zero and does not hold; the second does.
    CHECK(engine::replay(p, path, {{num(0)}, {num(0), num(-1)}, {num(-1)}}) == "");
    // x = 2, y = 5 = 10 div 2: the first case.
    CHECK(engine::replay(p, path, {{num(2)}, {num(2), num(5)}, {num(5)}}) ==
          "step 2 (rule 2): `Y < 0` does not hold");
    // x = 2, y = -1: no case holds.
    CHECK(engine::replay(p, path, {{num(2)}, {num(2), num(-1)}, {num(-1)}}) ==
          "step 1 (rule 1): `(Y = 10 div X ; X = 0, Y = -1)` does not hold");
}

TEST_CASE("disjunction: verify end to end, SAFE by the disjunction, UNSAFE through it") {
    // Safe only because of the disjunction: with `true` instead, y is free.
    CHECK(verify_text(step_safe).verdict == Verdict::safe);
    std::string havoc = step_safe;
    havoc.replace(havoc.find("(Y = X + 1 ; Y = X + 2)"), 23, "(Y = X + 1 ; true)");
    CHECK(verify_text(havoc).verdict == Verdict::unsafe);
    CHECK(verify_text(division_safe).verdict == Verdict::safe);

    Run s = clpi_command("verify " + write("step-safe.clp", step_safe).string());
    CHECK(s.status == 0);
    CHECK(s.out == "SAFE\n");

    Run u = clpi_command("verify " + write("step-unsafe.clp", step_unsafe).string());
    CHECK(u.status == 10);
    CHECK(u.out.rfind("UNSAFE\n", 0) == 0);
    CHECK(contains(u.out, "(label \"y < 0\")"));
    CHECK(contains(u.out, "0. p(0): X = "));
    CHECK(contains(u.out, "[rule 1]"));  // the rule whose disjunction the path goes through
    CHECK(contains(u.out, "[rule 2]"));
    Result r = verify_text(step_unsafe);
    REQUIRE(r.counterexample.has_value());
    REQUIRE(r.counterexample->path.size() == 3);
    CHECK(r.counterexample->path[0].rule == 1);
    CHECK(r.counterexample->path[1].rule == 2);
    CHECK(r.counterexample->path[2].point_label == "error");

    // The counterexample needs the case without a division: x = 0.
    Run d = clpi_command("verify --json " + write("division-unsafe.clp", division_unsafe).string());
    CHECK(d.status == 10);
    auto json = nlohmann::json::parse(d.out);
    CHECK(json["verdict"] == "unsafe");
    CHECK(json["counterexample"]["values"]["X"] == "0");
    CHECK(json["counterexample"]["path"][0]["rule"] == 1);
}

TEST_CASE("disjunction: a state machine as one predicate with a disjunctive step") {
    std::string safe = slurp(CLPI_SOURCE_DIR "/clp/updown-counter.clp");
    std::string unsafe = slurp(CLPI_SOURCE_DIR "/clp/updown-counter-unsafe.clp");
    REQUIRE(contains(safe, "; Up = 0, X =< 0, X1 = X, Up1 = 1 )."));
    Result s = verify_text(safe);
    CHECK(s.verdict == Verdict::safe);
    Result u = verify_text(unsafe);
    REQUIRE(u.verdict == Verdict::unsafe);
    REQUIRE(u.counterexample.has_value());
    // Eleven steps up through the first case (rule 2), the turn, then the error at x = 11.
    const auto& path = u.counterexample->path;
    REQUIRE(path.size() >= 13);
    CHECK(path.back().point_label == "error");
    CHECK(std::count_if(path.begin(), path.end(), [](const auto& st) { return st.rule == 2; }) >= 11);
}
