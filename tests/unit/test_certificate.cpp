// Certificates of SAFE (certificate.hpp): what the engine builds holds under cvc5, and a
// wrong one is caught at the clause it breaks.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "certificate/smtlib_reader.hpp"
#include "chc/at_sight.hpp"
#include "clpi/certificate.hpp"
#include "engine_support.hpp"
#include "scratch.hpp"

using namespace clpi;

namespace {

const char* counter = R"(?- p(0, I, N), I = 0, N >= 0.
p(0, I, N) :- p(0, I1, N), I < N, I1 = I + 1.
p(0, I, N) :- p(1, I, N), I >= N.
p(1, I, N) :- error, I > N.
)";

// cvc5's executable on the PATH, as a path: any validator but `cvc5` itself runs as a program.
std::string cvc5_program() {
    const char* path = std::getenv("PATH");
    std::istringstream dirs(path ? path : "");
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        std::filesystem::path p = std::filesystem::path(dir) / "cvc5";
        if (!dir.empty() && std::filesystem::exists(p)) return p.string();
    }
    return "";
}

}  // namespace

TEST_CASE("certificate: the engine's is inductive, a wrong one fails at the clause it breaks") {
    Program p = test::must_parse(counter, "counter.clp");
    Result r = verify(p, Options{});
    REQUIRE(r.verdict == Verdict::safe);
    REQUIRE(r.certificate.has_value());
    REQUIRE(r.certificate->points.size() == 2);
    CertificateCheck good = check_certificate(p, *r.certificate);
    INFO(good.clause << ": " << good.detail);
    CHECK(good.outcome == CertificateCheck::Outcome::valid);
    // The query and three rules, all at sight: the query (I = 0 put in, 0 =< N is N >= 0),
    // rule 2 (p(1)'s I =< N is a conjunct of p(0)'s) and rule 3 (I > N contradicts I =< N) by
    // their form; rule 1 by linear arithmetic: I < N gives I + 1 =< N for integers.
    CHECK(good.clauses == 0);
    CHECK(good.trivial == 4);

    // I =< N at p(0) is inductive; I >= 0 alone is not strong enough at the loop exit.
    Certificate weak = *r.certificate;
    weak.points[0].smtlib = "(>= $0 0)";
    weak.points[1].smtlib = "(>= $0 0)";
    CertificateCheck bad = check_certificate(p, weak);
    CHECK(bad.outcome == CertificateCheck::Outcome::invalid);
    CHECK(bad.clause == "rule 3 (line 4)");
    // The query holds at sight (0 >= 0), rule 1 too (I >= 0 gives I + 1 >= 0), rule 2 goes
    // from a formula to the same: rule 3 alone is asked of the solver.
    CHECK(bad.clauses == 0);

    // Not even true at the start.
    Certificate wrong_start = *r.certificate;
    wrong_start.points[0].smtlib = "(> $0 $1)";
    CHECK(check_certificate(p, wrong_start).clause == "the query");

    // The text form names the variables of the point's first rule.
    std::string text = certificate_clp(p, *r.certificate);
    CHECK(text.find("invariant(p(0, I, N)) :- ") != std::string::npos);
    CHECK(text.find("invariant(p(1, I, N)) :- ") != std::string::npos);

    // No solver, no validation, and no pretence of one (where a clause needs the solver).
    CertificateCheck none = check_certificate(p, weak, "/no/such/solver");
    CHECK(none.outcome == CertificateCheck::Outcome::unavailable);
}

TEST_CASE("certificate: checks given a budget stop when it is spent, undecided and out of time") {
    Program p = test::must_parse(counter, "counter.clp");
    Result r = verify(p, Options{});
    REQUIRE(r.certificate.has_value());
    for (const std::string& solver : {std::string("cvc5"), cvc5_program()}) {
        if (solver.empty()) continue;  // no cvc5 executable on the PATH
        INFO(solver);
        // Every clause asked of the solver (none held at sight): four checks.
        std::vector<std::string> names;
        const std::string script = certificate_checks_smtlib(p, *r.certificate, names, nullptr, false);
        REQUIRE(names.size() == 4);
        CertificateCheck unlimited = check_smtlib_clauses(script, names, solver, 20, 0);
        CHECK(unlimited.outcome == CertificateCheck::Outcome::valid);
        CHECK_FALSE(unlimited.out_of_time);
        CertificateCheck ample = check_smtlib_clauses(script, names, solver, 20, 60);
        CHECK(ample.outcome == CertificateCheck::Outcome::valid);
        CHECK(ample.clauses == 4);
        // A budget spent before the first check: no clause is taken as checked.
        CertificateCheck spent = check_smtlib_clauses(script, names, solver, 20, 1e-9);
        CHECK(spent.outcome == CertificateCheck::Outcome::undecided);
        CHECK(spent.out_of_time);
        CHECK(spent.clauses == 0);
        CHECK(spent.clause == "the query");
    }
}

TEST_CASE("certificate: remainders as the rules write them, not as Z3 rewrote them") {
    // C's `a % 4` of a negative a, as c2clp writes it: -((-a) mod 4). Z3 keeps a remainder's
    // coefficients in 0..3, so the memo's formula says -(3 * A mod 4); the certificate says
    // -((-A) mod 4), the rule's term, which cvc5 need not relate to another remainder.
    const char* remainder = R"(?- p(0, A, R).
p(0, A, R) :- p(1, A, R), A > -1000, A < 1000.
p(1, A, R) :- p(2, A, R1), A >= 0, R1 = A mod 4.
p(1, A, R) :- p(2, A, R1), A < 0, R1 = -(-A mod 4).
p(2, A, R) :- error, A < 0, R > 0.
p(2, A, R) :- error, R >= 4.
p(2, A, R) :- error, R =< -4.
)";
    Program p = test::must_parse(remainder, "remainder.clp");
    Result r = verify(p, Options{});
    REQUIRE(r.verdict == Verdict::safe);
    REQUIRE(r.certificate.has_value());
    const std::string text = certificate_clp(p, *r.certificate);
    INFO(text);
    CHECK(text.find("R = -((-A) mod 4)") != std::string::npos);
    CHECK(text.find("3 * A") == std::string::npos);
    CertificateCheck check = check_certificate(p, *r.certificate);
    INFO(check.clause << ": " << check.detail);
    CHECK(check.outcome == CertificateCheck::Outcome::valid);
}

TEST_CASE("certificate: a check answered unknown is asked again of a fresh solver") {
    // A solver (a script standing in for one) that answers `unknown` on the check of rule 3
    // when other checks came before it in its run, as a solver led astray by what it learnt
    // on them; first in a run, it answers unsat. Every other check: unsat.
    Program p = test::must_parse(counter, "counter.clp");
    Result r = verify(p, Options{});
    REQUIRE(r.verdict == Verdict::safe);
    REQUIRE(r.certificate.has_value());
    clpi_test::ScratchDirectory dir("clpi-fresh-solver-");
    auto solver = [&](const std::string& name, const std::string& when) {
        std::filesystem::path path = dir.write(name, "#!/bin/sh\n"
                                                     "for f; do file=$f; done\n"
                                                     "awk '/^; rule 3 /{marked=1} /^\\(push 1\\)/{n++} "
                                                     "/\\(check-sat\\)/{print (marked && " + when + ") ? \"unknown\" : \"unsat\"; marked=0}' \"$file\"\n");
        std::filesystem::permissions(path, std::filesystem::perms::owner_all);
        return path.string();
    };
    // Every clause asked (none held at sight): the query, rules 1, 2 and 3.
    std::vector<std::string> names;
    const std::string script = certificate_checks_smtlib(p, *r.certificate, names, nullptr, false);
    REQUIRE(names.size() == 4);
    CertificateCheck astray = check_smtlib_clauses(script, names, solver("astray.sh", "n > 1"));
    INFO(astray.clause << ": " << astray.detail);
    CHECK(astray.outcome == CertificateCheck::Outcome::valid);
    CHECK(astray.clauses == 4);
    CHECK(astray.fresh_retries == 1);
    // A check no solver decides, fresh and with the whole time limit: undecided, named.
    CertificateCheck stuck = check_smtlib_clauses(script, names, solver("stuck.sh", "1"));
    CHECK(stuck.outcome == CertificateCheck::Outcome::undecided);
    CHECK(stuck.clause == "rule 3 (line 4)");
    CHECK(stuck.clauses == 3);
    CHECK(stuck.fresh_retries == 2);  // from rule 3 on, then alone with the full limit
}

namespace {

// n + 1 pigeons in n holes, as a check of its own: unsat, after a search that grows fast with n
// (cvc5: tens of milliseconds for 6 pigeons, about a second for 8).
std::string pigeons_block(int n, const std::string& name) {
    std::string b = "; " + name + "\n(push 1)\n";
    std::string distinct = "(distinct";
    for (int i = 0; i <= n; ++i) {
        b += "(assert (and (>= x" + std::to_string(i) + " 1) (<= x" + std::to_string(i) + " " + std::to_string(n) + ")))\n";
        distinct += " x" + std::to_string(i);
    }
    return b + "(assert " + distinct + "))\n(check-sat)\n(pop 1)\n";
}

const std::string pigeons_prefix = "(set-logic ALL)\n(declare-const x0 Int)\n(declare-const x1 Int)\n"
                                   "(declare-const x2 Int)\n(declare-const x3 Int)\n(declare-const x4 Int)\n"
                                   "(declare-const x5 Int)\n(declare-const x6 Int)\n(declare-const x7 Int)\n";

std::string quick_block(const std::string& name, bool holds) {
    return "; " + name + "\n(push 1)\n(assert (> x0 1))\n" + (holds ? "(assert (< x0 0))\n" : "") +
           "(check-sat)\n(pop 1)\n";
}

}  // namespace

TEST_CASE("certificate: cvc5's checks shared out, a slow one asked again, the first failure named") {
    // Seven pigeons after a quick check on the same solver: far slower than the check before
    // it, it is stopped as suspect and asked again alone, with the whole time limit.
    CertificateCheck slow = check_smtlib_clauses(pigeons_prefix + quick_block("quick", true) + pigeons_block(6, "pigeons"),
                                                 {"quick", "pigeons"}, "cvc5", 60);
    INFO(slow.clause << ": " << slow.detail);
    CHECK(slow.outcome == CertificateCheck::Outcome::valid);
    CHECK(slow.clauses == 2);
    CHECK(slow.fresh_retries == 1);
    // Two clauses fail; whichever solver answers first, the first in the script is named.
    std::string script = pigeons_prefix + pigeons_block(5, "slow");
    for (int k = 0; k < 6; ++k) script += quick_block("clause " + std::to_string(k), k != 2 && k != 4);
    CertificateCheck bad = check_smtlib_clauses(
        script, {"slow", "clause 0", "clause 1", "clause 2", "clause 3", "clause 4", "clause 5"}, "cvc5", 60);
    CHECK(bad.outcome == CertificateCheck::Outcome::invalid);
    CHECK(bad.clause == "clause 2");
    CHECK(bad.clauses == 3);
}

TEST_CASE("certificate: with every clause held at sight, no solver is asked") {
    // Not even started: a solver that is not there cannot make the answer UNKNOWN.
    CertificateCheck none = check_smtlib_clauses("(set-logic ALL)\n", {}, "/nonexistent/solver", 10);
    CHECK(none.outcome == CertificateCheck::Outcome::valid);
    CHECK(none.clauses == 0);
    CHECK(none.fresh_retries == 0);
}

TEST_CASE("certificate: a program point no goal reaches is `false`, still valid") {
    Program p = test::must_parse(R"(?- p(0, X), X = 1.
p(0, X) :- p(1, X), X > 5.
p(0, X) :- p(2, X), X =< 5.
p(1, X) :- error.
p(2, X).
)", "dead.clp");
    Result r = verify(p, Options{});
    REQUIRE(r.verdict == Verdict::safe);
    REQUIRE(r.certificate.has_value());
    CHECK(check_certificate(p, *r.certificate).outcome == CertificateCheck::Outcome::valid);
    std::string text = certificate_clp(p, *r.certificate);
    INFO(text);
    CHECK(text.find("invariant(p(1, X)) :- 0 = 1.") != std::string::npos);
}

namespace {

// b flips each step while x counts up from 0; the query needs b and x < 0. The flag becomes
// two program points; the model must put it back as an argument.
const char* flipping_flag =
    "(set-logic HORN)\n"
    "(declare-fun |p| (Int Bool) Bool)\n"
    "; the facts\n"
    "(assert (forall ((x Int) (u Bool)) (=> (= x 0) (p x true))))\n"
    "(assert (forall ((x Int) (b Bool) (c Bool) (y Int))\n"
    "  (=> (and (p x b) (= c (not b)) (= y (+ x 1))) (p y c))))\n"
    "(assert (forall ((x Int) (b Bool)) (=> (and (p x b) b (< x 0)) false)))\n"
    "(check-sat)\n";

Result verify_chc(const std::string& text, Program& program, ChcOrigin& origin, const ChcImportOptions& o = {}) {
    Diagnostics d;
    auto p = import_chc(text, "flag.smt2", d, o, &origin);
    REQUIRE(p.has_value());
    program = *p;
    return verify(program, Options{});
}

}  // namespace

TEST_CASE("certificate: a CHC problem's SAFE is a model of the problem, checked on its own clauses") {
    for (bool points : {true, false}) {
        INFO("control points " << points);
        Program p;
        ChcOrigin origin;
        Result r = verify_chc(flipping_flag, p, origin, ChcImportOptions{points});
        REQUIRE(r.verdict == Verdict::safe);
        REQUIRE(r.certificate.has_value());
        REQUIRE(origin.predicates.size() == 1);
        CHECK(origin.predicates[0].smt_name == "p");
        CHECK(origin.predicates[0].flags.size() == (points ? 1U : 0U));
        std::string why;
        auto model = chc_model(p, *r.certificate, origin, why);
        REQUIRE_MESSAGE(model.has_value(), why);
        INFO(*model);
        CHECK(model->rfind("(define-fun |p| ((x!0 Int) (x!1 Bool)) Bool", 0) == 0);
        CertificateCheck c = check_chc_model(flipping_flag, *model);
        INFO(c.clause << ": " << c.detail);
        CHECK(c.outcome == CertificateCheck::Outcome::valid);
        CHECK(c.clauses == 3);
    }
    // A model that forgets x >= 0 fails at the query clause, named by its place in the file.
    const std::string weak = "(define-fun |p| ((x!0 Int) (x!1 Bool)) Bool true)\n";
    CertificateCheck bad = check_chc_model(flipping_flag, weak);
    CHECK(bad.outcome == CertificateCheck::Outcome::invalid);
    CHECK(bad.clause == "clause 3 of the problem");
    CHECK(bad.clauses == 2);
}

TEST_CASE("certificate: clauses into `true` and out of `false` hold at sight, without a solver") {
    // x = 1 at p(1); p(2) is reached with it; p(3) is never reached (x = 1 rules it out).
    Program p = test::must_parse(R"(?- p(0, X).
p(0, X) :- p(1, X1), X1 = 1.
p(1, X) :- p(2, X).
p(1, X) :- p(3, X), X > 5.
p(3, X) :- p(2, X).
p(2, X) :- error, X < 0.
)", "sight.clp");
    Result r = verify(p, Options{});
    REQUIRE(r.verdict == Verdict::safe);
    REQUIRE(r.certificate.has_value());
    std::vector<std::string> names;
    std::size_t trivial = 0;
    std::string script = certificate_checks_smtlib(p, *r.certificate, names, &trivial);
    INFO(script);
    // Six clauses (the query and five rules); those into p(0)'s `true` (the query) and out of p(3)'s `false` need no
    // check, and the counts add up.
    CHECK(trivial >= 2);
    CHECK(names.size() + trivial == 6);
    CHECK(script.find("; the query: holds, its point's formula is true") != std::string::npos);
    CHECK(script.find("holds, its point's formula is false") != std::string::npos);
    CertificateCheck c = check_certificate(p, *r.certificate);
    CHECK(c.outcome == CertificateCheck::Outcome::valid);
    CHECK(c.trivial == trivial);
    CHECK(c.clauses == names.size());
}

TEST_CASE("certificate: a variable of one sort in every clause is declared once, one of two sorts in each clause") {
    // A is an integer in the second rule and an array in the third.
    Program p = test::must_parse(R"(?- p(0, X, M).
p(0, X, M) :- p(1, X1, M1), X1 = 0, M1 = store(M, 0, 5).
p(1, X, M) :- p(2, A, M), A = X + 1.
p(2, X, A) :- p(3, X1, A), X1 = X + select(A, 0).
p(3, X, M) :- error, X < 0.
)", "sorts.clp");
    Result r = verify(p, Options{});
    REQUIRE(r.verdict == Verdict::safe);
    REQUIRE(r.certificate.has_value());
    std::vector<std::string> names;
    // Every clause checked (none held at sight), so that each declaration is needed.
    std::string script = certificate_checks_smtlib(p, *r.certificate, names, nullptr, false);
    INFO(script);
    auto count = [&](const std::string& text) {
        std::size_t n = 0;
        for (std::size_t at = script.find(text); at != std::string::npos; at = script.find(text, at + 1)) ++n;
        return n;
    };
    REQUIRE(names.size() >= 3);
    CHECK(count("(declare-const |X| Int)") == 1);
    CHECK(script.find("(declare-const |X| Int)") < script.find("(push 1)"));
    CHECK(count("(declare-const |M| (Array Int Int))") == 1);
    // A: declared inside the checks that use it, once as an integer and once as an array.
    CHECK(count("(declare-const |A| Int)") == 1);
    CHECK(count("(declare-const |A| (Array Int Int))") == 1);
    CHECK(script.find("(declare-const |A| Int)") > script.find("(push 1)"));
    CertificateCheck c = check_certificate(p, *r.certificate);
    CHECK(c.outcome == CertificateCheck::Outcome::valid);
    CHECK(c.clauses + c.trivial == 5);  // the query and rules 1 to 4
    CertificateCheck all = check_smtlib_clauses(script, names);
    CHECK(all.outcome == CertificateCheck::Outcome::valid);
    CHECK(all.clauses == names.size());
}

TEST_CASE("certificate: cvc5 in the process agrees with cvc5's executable") {
    std::string program = cvc5_program();
    if (program.empty()) {
        MESSAGE("no cvc5 executable on the PATH: the comparison is skipped");
        return;
    }
    Program p = test::must_parse(counter, "counter.clp");
    Result r = verify(p, Options{});
    REQUIRE(r.verdict == Verdict::safe);
    REQUIRE(r.certificate.has_value());
    Certificate weak = *r.certificate;
    weak.points[0].smtlib = "(>= $0 0)";
    weak.points[1].smtlib = "(>= $0 0)";
    for (const Certificate* c : {&*r.certificate, &weak}) {
        CertificateCheck inside = check_certificate(p, *c, "cvc5");
        CertificateCheck outside = check_certificate(p, *c, program);
        INFO(inside.clause << ": " << inside.detail << " / " << outside.clause << ": " << outside.detail);
        CHECK(inside.outcome == outside.outcome);
        CHECK(inside.clause == outside.clause);
        CHECK(inside.clauses == outside.clauses);
        CHECK(inside.detail == outside.detail);
        CHECK(inside.solver == "cvc5");
    }
    CHECK(check_certificate(p, weak, "cvc5").outcome == CertificateCheck::Outcome::invalid);

    // A CHC problem's model too: its clauses come with quantifiers and Bool arguments.
    const std::string weak_model = "(define-fun |p| ((x!0 Int) (x!1 Bool)) Bool true)\n";
    CertificateCheck inside = check_chc_model(flipping_flag, weak_model, "cvc5");
    CertificateCheck outside = check_chc_model(flipping_flag, weak_model, program);
    CHECK(inside.outcome == CertificateCheck::Outcome::invalid);
    CHECK(inside.outcome == outside.outcome);
    CHECK(inside.clause == outside.clause);
    CHECK(inside.clauses == outside.clauses);
}

TEST_CASE("certificate: what a loop header's candidates need on entry is asked of the path, not of them") {
    // A rectangle of cells counted by nested loops. The polyhedral analysis offers the outer
    // header Cols + I - Cells =< 1000, which needs Cols =< 1000 on entry. The header's other
    // candidates (I >= 0, I + Cells =< 0 over the loop's renamed I and Cells) imply Cols =< 1000
    // with it: a core that named them would leave Cols =< 1000 out of the interpolant before
    // the header, and that memo entry could cover a state with Cols > 1000. The certificate,
    // made of those interpolants, fails at the loop's entry then.
    Program p = test::must_parse(R"(?- p(0, Rows, Cols, I, J, Cells).
p(0, Rows, Cols, I, J, Cells) :- p(4, Rows, Cols, I, J, Cells1), Cells1 = 0, Rows =< 1000, Cols =< 1000.
p(4, Rows, Cols, I, J, Cells) :- p(5, Rows, Cols, I1, J, Cells), I1 = 0.
p(5, Rows, Cols, I, J, Cells) :- p(6, Rows, Cols, I, J, Cells), I < Rows.
p(5, Rows, Cols, I, J, Cells) :- p(12, Rows, Cols, I, J, Cells), I >= Rows.
p(6, Rows, Cols, I, J, Cells) :- p(7, Rows, Cols, I, J1, Cells), J1 = 0.
p(7, Rows, Cols, I, J, Cells) :- p(8, Rows, Cols, I, J, Cells), J < Cols.
p(7, Rows, Cols, I, J, Cells) :- p(11, Rows, Cols, I, J, Cells), J >= Cols.
p(8, Rows, Cols, I, J, Cells) :- p(9, Rows, Cols, I, J, Cells1), Cells1 = Cells + 1.
p(9, Rows, Cols, I, J, Cells) :- error, I < 0.
p(9, Rows, Cols, I, J, Cells) :- error, I >= 0, J < 0.
p(9, Rows, Cols, I, J, Cells) :- p(10, Rows, Cols, I, J, Cells), I >= 0, J >= 0.
p(10, Rows, Cols, I, J, Cells) :- p(7, Rows, Cols, I, J1, Cells), J1 = J + 1.
p(11, Rows, Cols, I, J, Cells) :- p(5, Rows, Cols, I1, J, Cells), I1 = I + 1.
p(12, Rows, Cols, I, J, Cells) :- error, Cells < 0.
)", "rectangle.clp");
    for (std::uint32_t branches : {0U, 6U}) {
        INFO("polyhedra parts by branch: " << branches);
        Options o;
        o.polyhedra_branches = branches;  // 0: the analysis a short time limit leaves
        o.bmc = o.pdr = false;
        Result r = verify(p, o);
        REQUIRE(r.verdict == Verdict::safe);
        REQUIRE(r.certificate.has_value());
        CertificateCheck c = check_certificate(p, *r.certificate);
        INFO(c.clause << ": " << c.detail << "\n" << certificate_clp(p, *r.certificate));
        CHECK(c.outcome == CertificateCheck::Outcome::valid);
    }
}

TEST_CASE("certificate: a restart at an inner header forgets the outer closures its discarded subtree made") {
    // Nested loops written from the error back to the start (the reversed form of
    // x = y = z = 0; loop { y = x; while (y >= 0) { y--; z++; } x++; } with error z < x).
    // Below the inner header p(4), the outer loop first closes relying on the inner candidate
    // 0 > Y; then the inner loop's way back breaks that candidate, and p(4) drops it and
    // restarts. The outer closure's proof was in the discarded subtree: had it stayed in the
    // header's frame, p(4)'s memo entry, and so the certificate, would claim 0 > Y there.
    Program p = test::must_parse(R"(?- start.
start :- p(7, X, Y, Z), Z - X < 0.
p(1, X1, Y1, Z1) :- p(0, X, Y, Z), X1 = 0, Y1 = 0, Z1 = 0.
p(2, X, Y, Z) :- p(1, X, Y, Z).
p(3, X, Y, Z) :- p(2, X, Y, Z).
p(7, X, Y, Z) :- p(2, X, Y, Z).
p(4, X, Y1, Z) :- p(3, X, Y, Z), Y1 = X.
p(5, X, Y, Z) :- p(4, X, Y, Z), Y >= 0.
p(6, X, Y, Z) :- p(4, X, Y, Z), Y < 0.
p(4, X, Y1, Z1) :- p(5, X, Y, Z), Y1 = Y - 1, Z1 = Z + 1.
p(2, X1, Y, Z) :- p(6, X, Y, Z), X1 = X + 1.
p(0, X, Y, Z) :- error.
)", "nested-backwards.clp");
    Options o;
    o.bmc = o.pdr = o.reverse = false;
    Result r = verify(p, o);
    REQUIRE(r.verdict == Verdict::safe);
    CHECK(r.stats.dropped_candidates >= 1);  // the scenario: a candidate dropped at a way back
    REQUIRE(r.certificate.has_value());
    CertificateCheck c = check_certificate(p, *r.certificate);
    INFO(c.clause << ": " << c.detail << "\n" << certificate_clp(p, *r.certificate));
    CHECK(c.outcome == CertificateCheck::Outcome::valid);
}

TEST_CASE("certificate: checked in cvc5's own thread, set up beforehand, the answers are the same") {
    Program p = test::must_parse(counter, "counter.clp");
    Result r = verify(p, Options{});
    REQUIRE(r.certificate.has_value());
    Certificate weak = *r.certificate;
    weak.points[0].smtlib = "(>= $0 0)";
    weak.points[1].smtlib = "(>= $0 0)";
    const CertificateCheck good_here = check_certificate(p, *r.certificate);
    const CertificateCheck weak_here = check_certificate(p, weak);
    // From here on every check of this process runs on the validator's thread: the first on
    // the solver it set up, the later ones on new solvers there.
    start_validator("cvc5");
    for (int round = 0; round < 2; ++round) {
        INFO("round " << round);
        CertificateCheck good = check_certificate(p, *r.certificate);
        CHECK(good.outcome == CertificateCheck::Outcome::valid);
        CHECK(good.clauses == good_here.clauses);
        CertificateCheck bad = check_certificate(p, weak);
        CHECK(bad.outcome == CertificateCheck::Outcome::invalid);
        CHECK(bad.clause == weak_here.clause);
        CHECK(bad.clauses == weak_here.clauses);
        CHECK(bad.detail == weak_here.detail);
    }
    // A CHC problem's model checks there too.
    const std::string weak_model = "(define-fun |p| ((x!0 Int) (x!1 Bool)) Bool true)\n";
    CHECK(check_chc_model(flipping_flag, weak_model).clause == "clause 3 of the problem");
}

TEST_CASE("certificate: an array that starts as const_array(0), checked by cvc5 through an axiom") {
    // a = all zeros; a[i] = 1 for i = 0 .. 4; a[7] is still 0. The twin runs to i = 9.
    const std::string zeroed = "?- p(0, A, I).\n"
                               "p(0, A, I) :- p(1, A1, I1), A1 = const_array(0), I1 = 0.\n"
                               "p(1, A, I) :- p(1, A1, I1), I < 5, A1 = store(A, I, 1), I1 = I + 1.\n"
                               "p(1, A, I) :- p(2, A, I), I >= 5.\n"
                               "p(2, A, I) :- error, select(A, 7) != 0.\n";
    Program p = test::must_parse(zeroed, "zeroed.clp");
    Result r = verify(p, Options{});
    REQUIRE(r.verdict == Verdict::safe);
    REQUIRE(r.certificate.has_value());
    // cvc5 1.0 refuses stores between two constant arrays, which this certificate has
    // (the states of the loop are exact): the script names the array and states its values.
    std::vector<std::string> names;
    const std::string script = certificate_checks_smtlib(p, *r.certificate, names);
    CHECK(script.find("(declare-const |const_array 1| (Array Int Int))\n"
                      "(assert (forall ((i Int)) (= (select |const_array 1| i) 0)))\n"
                      "(assert (= (select |const_array 1| 0) 0))\n") != std::string::npos);
    CHECK(script.find("(as const") == std::string::npos);
    const CertificateCheck good = check_certificate(p, *r.certificate);
    INFO(good.clause << ": " << good.detail);
    CHECK(good.outcome == CertificateCheck::Outcome::valid);
    CHECK(good.clauses + good.trivial == 5);  // the query and four rules
    // Two constant arrays that no read names: the instance at 0 tells them apart.
    Program two = test::must_parse("?- p(0, A).\np(0, A) :- error, const_array(0) = const_array(1).\n", "two.clp");
    Result r2 = verify(two, Options{});
    REQUIRE(r2.verdict == Verdict::safe);
    CHECK(check_certificate(two, *r2.certificate).outcome == CertificateCheck::Outcome::valid);

    std::string twin = zeroed;
    twin.replace(twin.find("I < 5"), 5, "I < 9");
    twin.replace(twin.find("I >= 5"), 6, "I >= 9");
    Program u = test::must_parse(twin, "zeroed-unsafe.clp");
    Result ru = verify(u, Options{});
    REQUIRE(ru.verdict == Verdict::unsafe);
    REQUIRE(ru.counterexample.has_value());
    CHECK(ru.counterexample->path.size() == 13);  // p(0), p(1) at I = 0 .. 9, p(2), error
    CHECK(ru.counterexample->values.front() == std::pair<std::string, std::string>("A", "{else: 0}"));
    // The path's check must be sat: constant arrays stay (a quantifier would make it unknown).
    const std::string path = counterexample_check_smtlib(u, *ru.counterexample, names);
    CHECK(path.find("((as const (Array Int Int)) 0)") != std::string::npos);
    const CertificateCheck replayed = check_counterexample(u, *ru.counterexample);
    INFO(replayed.clause << ": " << replayed.detail);
    CHECK(replayed.outcome == CertificateCheck::Outcome::valid);
}

namespace {

// The verdict of cvc5 on every clause of `c`, none held at sight but those into `true` or
// out of `false`: "valid" when each check is unsat.
std::string every_clause_checked(const Program& p, const Certificate& c) {
    std::vector<std::string> names;
    std::string script = certificate_checks_smtlib(p, c, names, nullptr, false);
    std::size_t unsat = 0;
    std::string error = run_smtlib_in_cvc5(script, 20, [&](const std::string& a) {
        unsat += a == "unsat";
        return a == "unsat";
    });
    if (!error.empty()) return "unavailable";
    return unsat == names.size() ? "valid" : "invalid";
}

}  // namespace

TEST_CASE("certificate: clauses held by their form, checked against cvc5 on wrong certificates") {
    // Each point's formula replaced by `true`, by `false` and by another point's: the check
    // with clauses held at sight says valid exactly when cvc5 on every clause does.
    std::size_t mutants = 0, valid = 0, held = 0;
    for (const char* file : {"lazy-simple.clp", "rv11-fig1b-lock.clp", "minimax-overview-a.clp", "lazy-diamond.clp",
                             "rv11-fig1c.clp", "hola-flag.clp"}) {
        INFO(file);
        std::ifstream in(std::string(CLPI_SOURCE_DIR "/clp/") + file);
        std::stringstream text;
        text << in.rdbuf();
        Program p = test::must_parse(text.str(), file);
        Result r = verify(p, Options{});
        REQUIRE(r.verdict == Verdict::safe);
        REQUIRE(r.certificate.has_value());
        const std::vector<PointCertificate>& points = r.certificate->points;
        for (std::size_t i = 0; i < points.size(); ++i) {
            std::vector<std::string> replacements{"true", "false"};
            for (std::size_t j = 0; j < points.size(); ++j) {
                if (j != i && p.points.at(points[j].point).state_arity == p.points.at(points[i].point).state_arity) {
                    replacements.push_back(points[j].smtlib);
                }
            }
            for (const std::string& formula : replacements) {
                Certificate mutant = *r.certificate;
                mutant.points[i].smtlib = formula;
                CertificateCheck c = check_certificate(p, mutant);
                INFO("point " << points[i].label << " := " << formula << ": " << c.clause << " " << c.detail);
                CHECK(std::string(to_string(c.outcome)) == every_clause_checked(p, mutant));
                ++mutants;
                valid += c.outcome == CertificateCheck::Outcome::valid;
                held += c.trivial;
            }
        }
    }
    // Not a vacuous comparison: some mutants are right, most are wrong, and clauses were
    // held at sight along the way.
    CHECK(mutants >= 100);
    CHECK(valid >= 5);
    CHECK(valid < mutants / 2);
    CHECK(held > mutants);
}

namespace {

// Random formulas of linear integer arithmetic over X, Y and Z (with reads of an array M,
// after a write at times, and M written from N), for at_sight::implies.
class RandomFormulas {
public:
    explicit RandomFormulas(unsigned seed) : rng_(seed) {}

    int pick(int n) { return static_cast<int>(rng_() % static_cast<unsigned>(n)); }

    std::string number() {
        const int k = pick(7) - 3;
        return k < 0 ? "(- " + std::to_string(-k) + ")" : std::to_string(k);
    }
    std::string divisor() { return std::vector<std::string>{"2", "3", "(- 2)"}[static_cast<std::size_t>(pick(3))]; }
    std::string var() { return std::vector<std::string>{"|X|", "|Y|", "|Z|"}[static_cast<std::size_t>(pick(3))]; }

    std::string term(int depth = 0) {
        switch (depth > 1 ? pick(2) : pick(6)) {
        case 0: return var();
        case 1: return number();
        case 2: return "(+ " + term(depth + 1) + " " + term(depth + 1) + ")";
        case 3: return "(- " + term(depth + 1) + " " + term(depth + 1) + ")";
        case 4: return "(* " + std::to_string(pick(3) + 1) + " " + var() + ")";
        case 5:
            if (pick(2) == 0) return "(- " + var() + ")";
            if (pick(3) == 0) {  // a read of an array, after a write at times, or of a constant array
                const int which = pick(3);
                const std::string array = which == 0   ? "|M|"
                                          : which == 1 ? "(store |M| " + term(depth + 1) + " " + term(depth + 1) + ")"
                                                       : "((as const (Array Int Int)) 1)";
                return "(select " + array + " " + term(depth + 1) + ")";
            }
            return std::string(pick(2) == 0 ? "(mod " : "(div ") + term(depth + 1) + " " + divisor() + ")";
        default: return "(- " + var() + ")";
        }
    }

    std::string atom() {
        static const char* ops[] = {"=", "<=", "<", ">=", ">", "distinct"};
        return std::string("(") + ops[pick(6)] + " " + term() + " " + term() + ")";
    }

    std::string formula(int depth = 0) {
        switch (depth > 1 ? 0 : pick(6)) {
        case 1: return "(not " + formula(depth + 1) + ")";
        case 2: return "(or " + formula(depth + 1) + " " + formula(depth + 1) + ")";
        case 3: return "(and " + formula(depth + 1) + " " + formula(depth + 1) + ")";
        default: return atom();
        }
    }

    // A formula likely to follow from `body`: one of its parts mirrored, negated twice,
    // scaled, or with an equation's side put in; or any formula.
    std::string head_from(const std::vector<std::string>& body) {
        const std::string& b = body[static_cast<std::size_t>(pick(static_cast<int>(body.size())))];
        switch (pick(5)) {
        case 0: return "(not (not " + b + "))";
        case 1: return "(or " + formula(1) + " " + b + ")";
        case 2: return mirrored(b);
        case 3: return "(and " + b + " " + mirrored(b) + ")";
        default: return formula();
        }
    }

private:
    // (op a b) as (op' b a) with the mirrored comparison, or with both sides shifted.
    std::string mirrored(const std::string& f) {
        for (const auto& [op, mirror] : std::vector<std::pair<std::string, std::string>>{
                 {"(<= ", ">="}, {"(< ", ">"}, {"(>= ", "<="}, {"(> ", "<"}, {"(= ", "="}}) {
            if (f.rfind(op, 0) != 0) continue;
            // the two sides, by their parentheses
            std::size_t at = op.size(), depth = 0, split = std::string::npos;
            for (std::size_t i = at; i < f.size(); ++i) {
                if (f[i] == '(') ++depth;
                if (f[i] == ')') --depth;
                if (f[i] == ' ' && depth == 0) {
                    split = i;
                    break;
                }
            }
            if (split == std::string::npos) return f;
            const std::string a = f.substr(at, split - at), b = f.substr(split + 1, f.size() - split - 2);
            if (pick(2) == 0) return "(" + mirror + " " + b + " " + a + ")";
            const std::string c = number();
            return "(" + op.substr(1) + "(+ " + a + " " + c + ") (+ " + c + " " + b + "))";
        }
        return f;
    }

    std::mt19937 rng_;
};

}  // namespace

TEST_CASE("certificate: what holds at sight holds under cvc5 (random formulas of linear arithmetic)") {
    // Bodies of one to three formulas, an equation of a constant among them at times, and a
    // head often made from one of them; each implication found at sight (by form, or refuted
    // by linear arithmetic over the integers) is asked of cvc5 (body and not head: unsat).
    RandomFormulas random(20261206);
    std::string script = "(set-logic ALL)\n(declare-const |X| Int)\n(declare-const |Y| Int)\n(declare-const |Z| Int)\n"
                         "(declare-const |M| (Array Int Int))\n(declare-const |N| (Array Int Int))\n";
    std::vector<std::string> names;
    std::size_t tried = 0, by_form = 0;
    for (; tried < 4000; ++tried) {
        std::vector<std::string> body;
        const int parts = random.pick(3) + 1;
        for (int k = 0; k < parts; ++k) body.push_back(random.formula());
        if (random.pick(2) == 0) body.push_back("(= " + random.var() + " " + random.term() + ")");
        const std::string head = random.head_from(body);
        if (random.pick(4) == 0) body.push_back("(= |M| (store |N| " + random.term() + " " + random.term() + "))");
        if (random.pick(8) == 0) body.push_back("(= |N| ((as const (Array Int Int)) 1))");
        const bool form = at_sight::implies(body, head);
        if (!form && !at_sight::implies(body, head, at_sight::Arithmetic::integers)) continue;
        by_form += form ? 1 : 0;
        names.push_back("case " + std::to_string(tried));
        script += "; case " + std::to_string(tried) + "\n(push 1)\n";
        for (const std::string& b : body) script += "(assert " + b + ")\n";
        script += "(assert (not " + head + "))\n(check-sat)\n(pop 1)\n";
    }
    // Sets of two to five comparisons, or formulas of them, found to have no solution.
    std::size_t refuted = 0;
    for (std::size_t k = 0; k < 3000; ++k) {
        std::vector<std::string> body;
        const int parts = random.pick(4) + 2;
        for (int j = 0; j < parts; ++j) body.push_back(random.pick(2) == 0 ? random.atom() : random.formula(1));
        if (!at_sight::implies(body, "false", at_sight::Arithmetic::integers)) continue;
        ++refuted;
        names.push_back("set " + std::to_string(k));
        script += "; set " + std::to_string(k) + "\n(push 1)\n";
        for (const std::string& b : body) script += "(assert " + b + ")\n";
        script += "(check-sat)\n(pop 1)\n";
    }
    INFO(script);
    MESSAGE((names.size() - refuted) << " of " << tried << " found at sight, " << by_form << " of them by form; "
                                  << refuted << " of 3000 sets refuted");
    CHECK(by_form >= 500);  // not a vacuous comparison
    CHECK(names.size() - refuted >= by_form + 100);
    CHECK(refuted >= 300);
    CertificateCheck c = check_smtlib_clauses(script, names, "cvc5", 20);
    INFO(c.clause << ": " << c.detail);
    CHECK(c.outcome == CertificateCheck::Outcome::valid);
    CHECK(c.clauses == names.size());
}
