// The checks' SMT-LIB read into cvc5 in the process (certificate/smtlib_reader.hpp).
#include "certificate/smtlib_reader.hpp"
#include "clpi/certificate.hpp"
#include "engine_support.hpp"

#include <fmt/format.h>

using namespace clpi;

namespace {

struct Run {
    std::vector<std::string> answers;
    std::string error;
};

Run run(const std::string& script, double timeout_s = 20, bool suspect_slow = false) {
    Run r;
    r.error = run_smtlib_in_cvc5(
        script, timeout_s,
        [&](const std::string& a) {
            r.answers.push_back(a);
            return true;
        },
        suspect_slow);
    return r;
}

}  // namespace

TEST_CASE("smtlib reader: let, define-fun, push/pop and quoted symbols") {
    Run r = run(R"((set-logic ALL)
(set-option :produce-models true)
; a comment, with ( and | in it
(define-fun |the point| (($0 Int) ($1a (Array Int Int))) Bool
  (let ((a!1 (+ $0 1)) (a!2 (select $1a 0))) (and (<= a!1 a!2) (>= $0 0))))
(define-fun half () Real (/ 1.0 2.0))
(push 1)
(declare-const |x y| Int)
(declare-const a (Array Int Int))
(assert (|the point| |x y| a))
(assert (not (< |x y| (select a 0))))
(check-sat)
(pop 1)
(push 1)
(declare-const |x y| Int)
(declare-fun f (Int Bool) Int)
(assert (= (f |x y| true) (ite (> |x y| 2) (div |x y| 2) (mod |x y| 3))))
(assert (=> (distinct |x y| 7) (>= (to_real |x y|) half) (= (abs |x y|) (- 4))))
(check-sat)
(pop 1)
(assert (exists ((k Int)) (= (* 2 k) 5)))
(check-sat)
)");
    INFO(r.error);
    CHECK(r.error.empty());
    CHECK(r.answers == std::vector<std::string>{"unsat", "sat", "unsat"});
}

TEST_CASE("smtlib reader: a defined function is put in at each application") {
    // One definition applied to others' terms, inside a quantifier whose variable has the
    // parameter's name, to an Int where it takes a Real, and inside another definition.
    Run r = run(R"((set-logic ALL)
(define-fun pos ((x Real)) Bool (> x 0.0))
(define-fun both ((x Int) (y Int)) Bool (and (pos x) (pos y)))
(declare-const x Int)
(push 1)
(assert (both x 3))
(assert (<= x 0))
(check-sat)
(pop 1)
(push 1)
(assert (forall ((x Int)) (=> (both x x) (pos (+ x 1)))))
(check-sat)
(pop 1)
(assert (not (forall ((y Int)) (=> (pos y) (both y 1)))))
(check-sat)
)");
    INFO(r.error);
    CHECK(r.error.empty());
    CHECK(r.answers == std::vector<std::string>{"unsat", "sat", "unsat"});
    Run arity = run("(set-logic ALL)\n(define-fun p ((x Int)) Bool (> x 0))\n(assert (p 1 2))\n(check-sat)\n");
    CHECK(arity.error == "the in-process cvc5 check does not read `p` with 2 arguments");
    Run sort = run("(set-logic ALL)\n(define-fun p ((x Int)) Bool (> x 0))\n(assert (p true))\n(check-sat)\n");
    CHECK(sort.error == "the in-process cvc5 check does not read `p` with an argument of another sort");
}

TEST_CASE("smtlib reader: constant arrays") {
    Run r = run(R"((set-logic ALL)
(declare-const a (Array Int Int))
(assert (= a (store ((as const (Array Int Int)) (- 2)) 1 5)))
(push 1)
(assert (= (select a 7) (- 2)))
(check-sat)
(pop 1)
(assert (= (select a 1) 4))
(check-sat)
)");
    CHECK(r.error == "");
    CHECK(r.answers == std::vector<std::string>{"sat", "unsat"});
    Run x = run("(set-logic ALL)\n(declare-const k Int)\n(assert (= 0 (select ((as const (Array Int Int)) k) 0)))\n(check-sat)\n");
    CHECK(x.error == "the in-process cvc5 check does not read a constant array whose value is not a number: `k`");
}

TEST_CASE("smtlib reader: `-3` is a number, as Z3's parser reads it, unless it is a name") {
    // SMT-LIB writes (- 3); Z3 reads the symbol -3 as the number, and clpi imports a CHC
    // problem so written: its model is checked against the same clauses.
    Run r = run("(set-logic ALL)\n(declare-const x Int)\n(assert (= x -3))\n(assert (< x (- 2)))\n(check-sat)\n"
                "(assert (> x -3))\n(check-sat)\n");
    INFO(r.error);
    CHECK(r.error.empty());
    CHECK(r.answers == std::vector<std::string>{"sat", "unsat"});
    // Leading zeros, as Z3 reads them.
    Run zeros = run("(set-logic ALL)\n(assert (= -007 (- 7)))\n(assert (= -0 0))\n(assert (= -00 0))\n(check-sat)\n");
    INFO(zeros.error);
    CHECK(zeros.error.empty());
    CHECK(zeros.answers == std::vector<std::string>{"sat"});
    // A name that is declared or bound is that name.
    Run named = run("(set-logic ALL)\n(declare-const -3 Int)\n(assert (= -3 5))\n(check-sat)\n"
                    "(assert (forall ((-4 Int)) (= -4 -4)))\n(check-sat)\n");
    INFO(named.error);
    CHECK(named.error.empty());
    CHECK(named.answers == std::vector<std::string>{"sat", "sat"});
    const std::string problem =
        "(set-logic HORN)\n(declare-fun |p| (Int) Bool)\n"
        "(assert (forall ((x Int)) (=> (= x 0) (p x))))\n"
        "(assert (forall ((x Int)) (=> (and (p x) (<= x -3)) false)))\n";
    CHECK(check_chc_model(problem, "(define-fun |p| ((x!0 Int)) Bool (>= x!0 0))\n").outcome ==
          CertificateCheck::Outcome::valid);
    CHECK(check_chc_model(problem, "(define-fun |p| ((x!0 Int)) Bool (>= x!0 -5))\n").outcome ==
          CertificateCheck::Outcome::invalid);
}

TEST_CASE("smtlib reader: what it does not read stops the run, named") {
    Run bv = run("(set-logic ALL)\n(declare-const x Int)\n(check-sat)\n(assert (bvult x x))\n(check-sat)\n");
    CHECK(bv.answers == std::vector<std::string>{"sat"});
    CHECK(bv.error.find("`bvult`") != std::string::npos);

    // A symbol declared inside a push is gone after the pop.
    Run popped = run("(push 1)\n(declare-const x Int)\n(pop 1)\n(assert (> x 0))\n(check-sat)\n");
    CHECK(popped.answers.empty());
    CHECK(popped.error.find("`x`") != std::string::npos);

    CHECK(run("(declare-const s String)\n").error.find("`String`") != std::string::npos);
    CHECK(run("(declare-datatypes ((L 0)) (((nil))))\n").error.find("`declare-datatypes`") != std::string::npos);
    CHECK(run("(declare-const x Int)\n(assert (! (> x 0) :named p))\n").error.find("`!`") != std::string::npos);
    CHECK(run("(assert (= #x0f #x0f))\n").error.find("`#x0f`") != std::string::npos);
    CHECK(run("(get-model)\n").error.find("`get-model`") != std::string::npos);
    // cvc5's own objections (here a sort mismatch) stop the run as well.
    CHECK(run("(declare-const b Bool)\n(assert (+ b 1))\n").error.rfind("cvc5: ", 0) == 0);

    // Through the checks: unavailable, naming the construct and the check it stopped at.
    const std::string problem =
        "(set-logic HORN)\n(declare-fun |p| (Int) Bool)\n"
        "(assert (forall ((x Int)) (=> (= x 0) (p x))))\n"
        "(assert (forall ((x Int)) (=> (and (p x) (bvult x x)) false)))\n";
    CertificateCheck c = check_chc_model(problem, "(define-fun |p| ((x!0 Int)) Bool (>= x!0 0))\n");
    CHECK(c.outcome == CertificateCheck::Outcome::unavailable);
    CHECK(c.clause == "clause 2 of the problem");
    CHECK(c.clauses == 1);
    CHECK(c.detail.find("`bvult`") != std::string::npos);
}

TEST_CASE("smtlib reader: the time limit per check-sat gives unknown, not an answer") {
    // x^3 + y^3 + z^3 = 33 has a solution of 17 digits: far beyond 100 ms.
    Run r = run("(set-logic ALL)\n(declare-const x Int)\n(declare-const y Int)\n(declare-const z Int)\n"
                "(assert (= (+ (* x x x) (* y y y) (* z z z)) 33))\n(check-sat)\n", 0.1);
    CHECK(r.error.empty());
    REQUIRE(r.answers.size() == 1);
    CHECK(r.answers[0].rfind("unknown", 0) == 0);
}

TEST_CASE("smtlib reader: a check far slower than those before it is stopped when suspect") {
    // Seven pigeons in six holes: unsat, but only after a search of about a second, where
    // the check before it takes cvc5 well under a millisecond. With suspect_slow, the second
    // check may take at most 20 ms (4 times the first, at least 20 ms): it comes back
    // undecided, for the caller to ask a fresh solver. Without, the same script decides it.
    std::string script = "(set-logic ALL)\n";
    std::string distinct = "(distinct";
    for (int i = 0; i <= 6; ++i) {
        script += fmt::format("(declare-const x{} Int)\n", i);
        distinct += fmt::format(" x{}", i);
    }
    script += "(push 1)\n(assert (> x0 0))\n(assert (< x0 0))\n(check-sat)\n(pop 1)\n(push 1)\n";
    for (int i = 0; i <= 6; ++i) script += fmt::format("(assert (and (>= x{} 1) (<= x{} 6)))\n", i, i);
    script += "(assert " + distinct + "))\n(check-sat)\n(pop 1)\n";

    Run suspect = run(script, 20, true);
    CHECK(suspect.error.empty());
    REQUIRE(suspect.answers.size() == 2);
    CHECK(suspect.answers[0] == "unsat");
    CHECK(suspect.answers[1].rfind("unknown", 0) == 0);

    Run whole = run(script, 20, false);
    CHECK(whole.error.empty());
    CHECK(whole.answers == std::vector<std::string>{"unsat", "unsat"});
}

namespace {

// A script's checks as run_smtlib_blocks_in_cvc5 takes them: the prefix, and each block.
struct Shared {
    std::string prefix;
    std::vector<std::string> blocks;

    std::vector<std::string> answers(std::string* error = nullptr) const {
        const std::vector<std::string_view> views(blocks.begin(), blocks.end());
        std::vector<std::string> out;
        std::string e = run_smtlib_blocks_in_cvc5(prefix, views, 20, false, 0, out);
        if (error) *error = e;
        return out;
    }
};

// Twelve checks: every third one six pigeons in five holes (unsat after a search of tens of
// milliseconds, long enough for a second solver to join), the others sat and unsat at once.
Shared pigeons_and_quick_checks(std::vector<std::string>& expected) {
    Shared s;
    s.prefix = "(set-logic ALL)\n; six pigeons\n";
    std::string distinct = "(distinct";
    for (int i = 0; i <= 5; ++i) {
        s.prefix += fmt::format("(declare-const x{} Int)\n", i);
        distinct += fmt::format(" x{}", i);
    }
    for (int k = 0; k < 12; ++k) {
        std::string b = fmt::format("; check {}\n(push 1)\n", k);
        if (k % 3 == 2) {
            for (int i = 0; i <= 5; ++i) b += fmt::format("(assert (and (>= x{} 1) (<= x{} 5)))\n", i, i);
            b += "(assert " + distinct + "))\n";
        } else {
            b += fmt::format("(assert (> x0 {}))\n", k);
            if (k % 3 == 1) b += "(assert (< x0 0))\n";
        }
        b += "(check-sat)\n(pop 1)\n";
        s.blocks.push_back(b);
        expected.push_back(k % 3 == 0 ? "sat" : "unsat");
    }
    return s;
}

}  // namespace

TEST_CASE("smtlib reader: checks shared out among solvers are answered in the script's order") {
    std::vector<std::string> expected;
    const Shared s = pigeons_and_quick_checks(expected);
    // On a solver of this thread if the solvers beside are not started yet (the order of the
    // test cases decides), then on them: the first time on the solver set up beforehand, and
    // the second on new ones.
    std::string error;
    CHECK(s.answers(&error) == expected);
    CHECK(error.empty());
    warm_up_cvc5();
    for (int round = 0; round < 2; ++round) {
        INFO("round " << round);
        CHECK(s.answers(&error) == expected);
        CHECK(error.empty());
    }
}

TEST_CASE("smtlib reader: a check shared out that cannot be read stops the run, named") {
    std::vector<std::string> expected;
    Shared s = pigeons_and_quick_checks(expected);
    s.blocks[4] = "(push 1)\n(assert (frobnicate x0))\n(check-sat)\n(pop 1)\n";
    std::string error;
    std::vector<std::string> answers = s.answers(&error);
    REQUIRE(answers.size() == 12);
    for (std::size_t k = 0; k < 4; ++k) CHECK(answers[k] == expected[k]);  // taken before it
    CHECK(answers[4].empty());
    CHECK(error.find("the function `frobnicate`") != std::string::npos);

    // The prefix is for declarations: a check there is not one of the blocks'.
    s = pigeons_and_quick_checks(expected);
    s.prefix += "(check-sat)\n";
    answers = s.answers(&error);
    CHECK(answers == std::vector<std::string>(12, ""));
    CHECK(error.find("`check-sat` before the first `(push 1)`") != std::string::npos);
}
