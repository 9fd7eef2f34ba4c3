// The CLP front end: the grammar, the AST it builds, the formatter's round trip.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <doctest/doctest.h>

#include "clpi/parse.hpp"
#include "program_equal.hpp"

using namespace clpi;

namespace {

std::optional<Program> parse(std::string_view text, Diagnostics& d) {
    return parse_program(text, "t.clp", d);
}

Program must_parse(std::string_view text) {
    Diagnostics d;
    auto p = parse(text, d);
    INFO(format_diagnostics(d, text));
    REQUIRE(p.has_value());
    return std::move(*p);
}

// Parse, format, parse again: same program, and formatting is a fixed point.
void check_round_trip(const std::string& text, const std::string& name) {
    INFO(name);
    Program a = must_parse(text);
    std::string once = format_program(a);
    Program b = must_parse(once);
    CHECK(clpi::test::same_program(a, b));
    CHECK(format_program(b) == once);
}

}  // namespace

TEST_CASE("the AST of a rule") {
    Program p = must_parse("?- p(0, X).\n"
                           "p(0, X) :- p(1, X1), X1 = X + 2 * (X - -3), X' >= 0, _ = _.\n"
                           "p(1, X) :- error(\"boom\").\n");
    REQUIRE(p.rules.size() == 2);
    const Rule& r = p.rules[0];
    CHECK(r.body_kind == BodyKind::atom);
    REQUIRE(r.constraints.size() == 3);
    CHECK(r.vars.size() == 5);  // X, X1, X', and two anonymous variables
    CHECK(r.vars[2].name == "X'");
    CHECK(r.constraints[0].rhs.kind == ExprKind::add);
    CHECK(r.constraints[0].rhs.args[1].kind == ExprKind::mul);
    CHECK(r.constraints[0].rhs.args[1].args[1].args[1].value == -3);  // `- -3` is the constant -3
    CHECK(r.constraints[0].loc == SourceLoc{2, 22});
    CHECK(p.rules[1].body_kind == BodyKind::error);
    CHECK(p.rules[1].label == std::string("\"boom\""));
    CHECK(p.points.size() == 2);
    CHECK(p.point_label(p.rules[0].body_point) == "p(1)");
    CHECK(p.points[0].state_arity == 1);
}

namespace {

// The same expression at the same place: kind, variable, value, location, operands.
bool same_at(const Expr& a, const Expr& b) {
    if (a.kind != b.kind || a.var != b.var || a.value != b.value || !(a.loc == b.loc)) return false;
    if (a.args.size() != b.args.size()) return false;
    for (std::size_t i = 0; i < a.args.size(); ++i) {
        if (!same_at(a.args[i], b.args[i])) return false;
    }
    return true;
}

}  // namespace

TEST_CASE("a comparison of two variables or integers is read as any constraint is") {
    // Such a comparison is read at once (grammar.hpp, simple_comparison); followed by a
    // comment it is left to the expression grammar. The comment is after its last token,
    // where the other text has spaces, so every location stays. Both readings must give the
    // same constraints.
    const std::vector<std::string> comparisons{
        "X = Y",     "X1 >= 0",   "X' =< 1",   "Y'' <= -7",  "_ != X",    "-0 < X",
        "X > -12",   "007 = X",   "X\n  =\tY",  "X=Y",        "A_b1 != _",
        "X = 123456789012345678901234567890",   "-123456789012345678901234567890 >= X"};
    std::string fast = "?- p(0, X, Y).\np(0, X, Y) :- p(1, X, Y)";
    std::string slow = fast;
    for (const std::string& c : comparisons) {
        fast += ",\n  " + c + "  \n";
        slow += ",\n  " + c + "  %\n";
    }
    fast += ", (X = 1  \n, Y = 2  \n; X = -1  \n).\n";
    slow += ", (X = 1  %\n, Y = 2  %\n; X = -1  %\n).\n";
    Program a = must_parse(fast);
    Program b = must_parse(slow);
    REQUIRE(a.rules.size() == 1);
    REQUIRE(b.rules.size() == 1);
    const std::vector<Constraint>& ca = a.rules[0].constraints;
    const std::vector<Constraint>& cb = b.rules[0].constraints;
    REQUIRE(ca.size() == comparisons.size() + 1);
    REQUIRE(cb.size() == ca.size());
    auto same_comparison = [](const Constraint& x, const Constraint& y) {
        return x.op == y.op && x.loc == y.loc && same_at(x.lhs, y.lhs) && same_at(x.rhs, y.rhs);
    };
    for (std::size_t i = 0; i < comparisons.size(); ++i) {
        INFO(comparisons[i]);
        CHECK(same_comparison(ca[i], cb[i]));
    }
    const Constraint& da = ca.back();
    const Constraint& db = cb.back();
    REQUIRE(da.cases.size() == 2);
    REQUIRE(db.cases.size() == 2);
    CHECK(same_comparison(da.cases[0][1], db.cases[0][1]));
    CHECK(same_comparison(da.cases[1][0], db.cases[1][0]));
    CHECK(clpi::test::same(a.rules[0].vars, b.rules[0].vars));
    // What each reads, by hand: `X' =< 1` is `=<`, `-7` one constant at its `-`.
    CHECK(ca[2].op == RelOp::le);
    CHECK(ca[3].rhs.kind == ExprKind::constant);
    CHECK(ca[3].rhs.value == -7);
    CHECK(ca[3].rhs.loc == SourceLoc{9, 10});
    CHECK(ca[8].rhs.loc == SourceLoc{20, 5});  // `Y` after a line break and a tab
}

TEST_CASE("what the quick reading of a comparison leaves to the expression grammar") {
    // An operand that continues, a decimal, a comment between tokens: the whole grammar.
    Program p = must_parse(":- domain(real).\n?- p(0, X, Y).\n"
                           "p(0, X, Y) :- p(1, X, Y), X = Y + 1, X * 2 = Y, X = 1.5, X /* c */ = Y,\n"
                           "  X = 2 - Y, X = Y % c\n  * 3.\n");
    const std::vector<Constraint>& c = p.rules[0].constraints;
    REQUIRE(c.size() == 6);
    CHECK(c[0].rhs.kind == ExprKind::add);
    CHECK(c[1].lhs.kind == ExprKind::mul);
    CHECK(c[2].rhs.value == Number(3, 2));
    CHECK(c[3].rhs.kind == ExprKind::variable);
    CHECK(c[4].rhs.kind == ExprKind::sub);
    CHECK(c[5].rhs.kind == ExprKind::mul);
    Program q = must_parse("?- p(0, X, Y).\n"
                           "p(0, X, Y) :- p(1, X, Y), X = Y div 2, Y = X mod 3, Y = Xdiv.\n");
    const std::vector<Constraint>& d = q.rules[0].constraints;
    REQUIRE(d.size() == 3);
    CHECK(d[0].rhs.kind == ExprKind::div);
    CHECK(d[1].rhs.kind == ExprKind::mod);
    CHECK(d[2].rhs.kind == ExprKind::variable);
}

TEST_CASE("constants: big integers, decimals and fractions") {
    Program p = must_parse("?- p(0, X), X = 123456789012345678901234567890.\n");
    CHECK(p.query.constraints[0].rhs.value == Number(Integer("123456789012345678901234567890")));
    Program r = must_parse(":- domain(real).\n?- p(0, X), X = 0.25, X < 1/3.\n");
    CHECK(r.domain == Domain::real);
    CHECK(r.query.constraints[0].rhs.value == Number(1, 4));
    CHECK(r.query.constraints[1].rhs.value == Number(1, 3));
}

TEST_CASE("points, predicates, directives and arrays") {
    Program p = must_parse("?- main(0, A, N).\n"
                           ":- name(main(1), \"after the store\").\n"
                           ":- line(main(1), 12).\n"
                           ":- source(\"a.c\").\n"
                           "main(0, A, N) :- main(1, A1, N), A1 = store(A, N, 1).\n"
                           "main(1, A, N) :- loop(A, N).\n"
                           "loop(A, N) :- loop(A, N1), N1 = N - 1, select(A, N) > 0.\n"
                           "loop(A, N) :- main(error, A, N), N < 0.\n");
    CHECK(p.predicates[0].pointed);
    CHECK(!p.predicates[1].pointed);
    CHECK(p.predicates[0].arg_types[1] == Type::array);
    CHECK(p.predicates[1].arg_types[0] == Type::array);
    CHECK(p.points[p.rules[0].body_point].name == std::string("after the store"));
    CHECK(p.points[p.rules[0].body_point].line == 12u);
    CHECK(p.source == std::string("a.c"));
    CHECK(p.rules[3].body_kind == BodyKind::error);  // `main(error, ...)` is the error point
    CHECK(p.point_label(p.rules[2].head_point) == "loop");
}

TEST_CASE("fmt: canonical text") {
    Program p = must_parse("% head\n?-p(0,X).\np( 0 ,X):-p(1,X1),X1=(X+1)*2 , X =< 3. % tail\n"
                           "p(1, X) :- true.\n");
    CHECK(format_program(p) == "% head\n?- p(0, X).\n"
                               "p(0, X) :- p(1, X1), X1 = (X + 1) * 2, X <= 3.  % tail\n"
                               "p(1, X).\n");
}

TEST_CASE("fmt round trip on embedded programs") {
    check_round_trip("?- p(0, X, Y), X >= 0.\n"
                     "p(0, X, Y) :- p(1, X1, Y), X1 = X - (Y - 1) + -X * 3 div 2 mod 5.\n"
                     "p(1, X, Y) :- error(12), -(X + Y) > 0.\n"
                     "/* block */\np(1, X, Y) :- p(2, _, _).\n",
                     "arithmetic");
    check_round_trip(":- domain(real).\n?- p(0, X), X > -1/3.\np(0, X) :- error, X * 0.5 < 2.\n",
                     "real");
    check_round_trip("?- p(0, A).\np(0, A) :- p(1, B), B = store(A, 1, select(A, 2)).\n", "arrays");
    check_round_trip("?- p(0, A).\np(0, A) :- p(1, B), B = store(const_array(-3), 1, 2).\n", "constant arrays");
}

TEST_CASE("arrays: const_array(V) is the array with V at every index, an array by its type") {
    Program p = must_parse("?- p(0, A).\np(0, A) :- p(1, B), B = const_array( 0 ).\np(1, A) :- error, select(A, 5) != 0.\n");
    CHECK(p.rules[0].vars[1].type == Type::array);  // B, typed by the term it equals
    CHECK(p.predicates[0].arg_types[1] == Type::array);
    const Expr& k = p.rules[0].constraints[0].rhs;
    CHECK(k.kind == ExprKind::const_array);
    REQUIRE(k.args.size() == 1);
    CHECK(k.args[0].value == Number(0));
    CHECK(format_program(p) == "?- p(0, A).\np(0, A) :- p(1, B), B = const_array(0).\np(1, A) :- error, select(A, 5) != 0.\n");
}

TEST_CASE("fmt round trip on every program under clp/") {
    int n = 0;
    for (const auto& e : std::filesystem::directory_iterator(CLPI_SOURCE_DIR "/clp")) {
        if (e.path().extension() != ".clp") continue;
        std::ifstream in(e.path());
        std::stringstream buf;
        buf << in.rdbuf();
        check_round_trip(buf.str(), e.path().filename().string());
        ++n;
    }
    MESSAGE(n << " programs");
}

TEST_CASE("deep nesting is an error, not a stack overflow") {
    std::string deep = "?- p(0, X), X = " + std::string(100000, '(') + "1" +
                       std::string(100000, ')') + ".\n";
    Diagnostics d;
    CHECK(!parse(deep, d).has_value());
    REQUIRE(!d.all().empty());
    CHECK(d.all()[0].message == "expression nested too deeply (more than 200 levels)");
    std::string minus = "?- p(0, X), X = " + std::string(100000, '-') + "1.\n";
    Diagnostics d2;
    CHECK(!parse(minus, d2).has_value());
}

TEST_CASE("an error point in a body with array arguments (found by fuzzing)") {
    Program p = must_parse("?- p(0, A).\np(0, A) :- p(error, A), select(A, 0) = 1.\n");
    CHECK(p.rules[0].body_kind == BodyKind::error);
    CHECK(!p.rules[0].body.has_value());
    CHECK(p.rules[0].vars[0].type == Type::array);
}

TEST_CASE("name and line directives reach the point their label names") {
    // Looked up by label among the points the rules make (a C program's translation names
    // and places every point): the point `p(1)`, not `p(10)`; `q`, a predicate without
    // points of its own, as itself; a label no rule makes is a warning.
    Diagnostics d;
    const std::string text =
        "?- p(0, X).\np(0, X) :- p(1, X), X = 0.\np(1, X) :- p(10, X), X = 1.\n"
        "p(10, X) :- q(X), X = 2.\nq(X) :- X = 3.\n"
        ":- name(p(1), \"x = 1;\").\n:- line(p(1), 7).\n:- line(p(10), 12).\n"
        ":- name(q, \"q's body\").\n:- name(p(2), \"nowhere\").\n";
    std::optional<Program> p = parse(text, d);
    REQUIRE(p.has_value());
    auto label_of = [&](const std::string& label) -> const Point& {
        for (PointId id = 0; id < p->points.size(); ++id) {
            if (p->point_label(id) == label) return p->points[id];
        }
        FAIL("no point " << label);
        return p->points.front();
    };
    CHECK(label_of("p(1)").name == std::optional<std::string>("x = 1;"));
    CHECK(label_of("p(1)").line == std::optional<std::uint32_t>(7));
    CHECK(label_of("p(10)").line == std::optional<std::uint32_t>(12));
    CHECK(!label_of("p(10)").name.has_value());
    CHECK(label_of("q").name == std::optional<std::string>("q's body"));
    CHECK(!label_of("p(0)").name.has_value());
    CHECK(!label_of("p(0)").line.has_value());
    const auto all = d.sorted();
    REQUIRE(all.size() == 1);
    CHECK(all[0].severity == Severity::warning);
    CHECK(all[0].message == "no point p(2) in the program");
    CHECK(all[0].loc.line == 10);
}

TEST_CASE("comments between any two tokens are read and kept") {
    // `sep` passes over spaces at once and reads a comment only where one starts: a comment
    // after each token, line or block, leaves the same program, and `fmt` keeps them.
    const std::string plain = "?- p(0, X).\np(0, X) :- p(1, Y), X = Y + 1, (X > 2 ; X < -2).\np(1, Y) :- Y = 0.\n";
    const std::string commented =
        "% first\n?- /* a */ p(0, X) /* b */.\np( /* c */ 0, X) :- % d\n  p(1, Y) /* e */, X /* f */ = Y\n"
        "  + /* g */ 1, ( /* h */ X > 2 % i\n ; X < -2 /* j */) /* k */.\np(1, Y) :- Y = 0. % last\n";
    Program a = must_parse(plain);
    Program b = must_parse(commented);
    CHECK(clpi::test::same_program(a, b));
    const std::string out = format_program(b);
    for (const char* c : {"% first", "/* a */", "/* b */", "/* c */", "% d", "/* e */", "/* f */", "/* g */",
                          "/* h */", "% i", "/* j */", "/* k */", "% last"}) {
        INFO(c);
        CHECK(out.find(c) != std::string::npos);
    }
}
