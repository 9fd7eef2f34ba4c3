// The CHC import's own reader of SMT-LIB (chc/horn_reader.hpp): the terms Z3's parser makes
// of the same text (its quantifiers instantiated), and Z3's parser left to read what is
// outside the reader's part of the language.
#include <filesystem>
#include <string>

#include <doctest/doctest.h>

#include "chc/horn_reader.hpp"
#include "clpi/chc.hpp"
#include "engine_support.hpp"
#include "scratch.hpp"

using namespace clpi;

namespace {

z3::expr test_constant(z3::context& ctx, unsigned assertion, unsigned k, const z3::sort& sort) {
    return ctx.constant(("c!" + std::to_string(assertion) + "!" + std::to_string(k)).c_str(), sort);
}

// Z3's reading of an assertion instantiated as HornClause says: the quantifiers from the
// outermost (only the one of a `not exists`), each one's variables from the last declared.
chc::HornClause instantiated(const z3::expr& assertion, unsigned index) {
    z3::context& ctx = assertion.ctx();
    chc::HornClause h{assertion, false, {}};
    if (h.matrix.is_not() && h.matrix.arg(0).is_exists()) {
        h.matrix = h.matrix.arg(0);
        h.negated = true;
    }
    while (h.matrix.is_quantifier()) {
        const unsigned n = Z3_get_quantifier_num_bound(ctx, h.matrix);
        z3::expr_vector instances(ctx);
        for (unsigned j = 0; j < n; ++j) {  // de Bruijn index j
            const unsigned b = n - 1 - j;
            z3::sort sort(ctx, Z3_get_quantifier_bound_sort(ctx, h.matrix, b));
            const auto k = static_cast<unsigned>(h.vars.size());
            h.vars.emplace_back(test_constant(ctx, index, k, sort),
                                z3::symbol(ctx, Z3_get_quantifier_bound_name(ctx, h.matrix, b)).str());
            instances.push_back(h.vars.back().first);
        }
        h.matrix = h.matrix.body().substitute(instances);
        if (h.negated) break;
    }
    return h;
}

chc::ClauseConstant test_constants(z3::context& ctx) {
    return [&ctx](unsigned a, unsigned k, const z3::sort& sort) { return test_constant(ctx, a, k, sort); };
}

// Reads `text` both ways and checks that the reader took it, each clause Z3's assertion
// with its variables instantiated.
void check_as_z3_reads(const std::string& text) {
    z3::context ctx;
    const z3::expr_vector z3s = ctx.parse_string(text.c_str());
    INFO(text);
    std::optional<std::vector<chc::HornClause>> clauses = chc::read_horn_clauses(ctx, text, test_constants(ctx));
    REQUIRE(clauses.has_value());
    REQUIRE(clauses->size() == z3s.size());
    for (unsigned i = 0; i < z3s.size(); ++i) {
        const chc::HornClause expected = instantiated(z3s[static_cast<int>(i)], i);
        const chc::HornClause& got = (*clauses)[i];
        INFO("clause " << i << ": ours " << got.matrix << ", Z3's instantiated " << expected.matrix);
        CHECK(got.matrix.id() == expected.matrix.id());
        CHECK(got.negated == expected.negated);
        REQUIRE(got.vars.size() == expected.vars.size());
        for (std::size_t k = 0; k < got.vars.size(); ++k) {
            CHECK(got.vars[k].first.id() == expected.vars[k].first.id());
            CHECK(got.vars[k].second == expected.vars[k].second);
        }
    }
}

// Whether the reader leaves `text` to Z3's parser.
bool left_to_z3(const std::string& text) {
    z3::context ctx;
    return !chc::read_horn_clauses(ctx, text, test_constants(ctx)).has_value();
}

const std::string declarations = R"(
(set-logic HORN)
(set-info :source |a problem
over two lines|)
(set-info :status sat)
; a comment ( with | in it
(declare-fun |inv$1:p| (Int Int Bool) Bool)
(declare-fun q (Int) Bool)
(declare-const k Int)
)";

}  // namespace

TEST_CASE("horn reader: the terms Z3's parser makes") {
    check_as_z3_reads(declarations + R"(
(assert (forall ((A Int) (B Int) (C Bool))
  (=> (and (= A 0) (and (>= B k) (not C))) (|inv$1:p| A B C))))
(assert (forall ((A Int) (B Int) (C Bool) (D Int) (E Int) (F Bool))
  (=> (and (|inv$1:p| A B C)
           (or (and C (= D (+ A 1 B)) (= E (- B))) (and (not C) (= D (- A B 1)) (= E (* 2 A B))))
           (= F (not C)) (distinct A B) (< A 10) (> B (- 3)) (<= (div A 2) (mod B 3)))
      (|inv$1:p| D E F))))
(assert (forall ((A Int)) (forall ((B Int)) (=> (and (q A) (= B (ite (> A 0) A 0)) (=> (< A 1) (< B 2) (= A B))) (q B)))))
(assert (forall ((A Int) (B Int) (C Bool))
  (let ((a!1 (+ A 1)) (a!2 (and C true)))
    (let ((a!1 (* a!1 2)) (A B))
      (=> (and (|inv$1:p| A B C) a!2 (= a!1 A) (and (= 0 007))) false)))))
(assert (not (exists ((X Int) (Y Int) (Z Bool)) (and (|inv$1:p| X Y Z) (or (= X Y)) (= k (+ 1)) (< (+ X) Y) (not false)))))
(assert (forall ((x Int)) (=> (q x) (q 12345678901234567890123))))
(assert (q k))
(check-sat)
(exit)
)");
}

TEST_CASE("horn reader: what it leaves to Z3's parser") {
    // Its own language: the reader says nothing of it.
    CHECK(left_to_z3(declarations + "(assert (forall ((x Real)) (q 0)))"));
    CHECK(left_to_z3(declarations + "(define-fun f ((x Int)) Int (+ x 1))"));
    CHECK(left_to_z3(declarations + "(assert (q (abs k)))"));
    CHECK(left_to_z3(declarations + "(assert (< 1 2 k))"));  // chained
    CHECK(left_to_z3(declarations + "(assert (= 1 2 k))"));
    CHECK(left_to_z3(declarations + "(assert (q -5))"));  // a symbol, which Z3 reads as a number
    CHECK(left_to_z3(declarations + "(assert (! (q 0) :named a))"));
    CHECK(left_to_z3(declarations + "(assert (=> (q 0) (forall ((x Int)) (q x))))"));  // a nested quantifier
    CHECK(left_to_z3(declarations + "(assert (exists ((x Int)) (q x)))"));
    CHECK(left_to_z3(declarations + "(declare-fun q (Bool) Bool)"));  // overloaded
    CHECK(left_to_z3(declarations + "(declare-fun and (Int) Bool)"));
    CHECK(left_to_z3(declarations + "(assert (forall ((true Int)) (q true)))"));
    CHECK(left_to_z3(declarations + "(set-option :produce-models true)"));
    CHECK(left_to_z3(declarations + "(push 1)"));
    CHECK(left_to_z3(declarations + "(exit) (assert (q 0))"));
    CHECK(left_to_z3("(set-logic QF_LIA)"));
    // What Z3's parser refuses, with its own message: not well sorted, not declared, not
    // SMT-LIB at all.
    CHECK(left_to_z3(declarations + "(assert (q true))"));
    CHECK(left_to_z3(declarations + "(assert (+ k 1))"));
    CHECK(left_to_z3(declarations + "(assert (q x))"));
    CHECK(left_to_z3(declarations + "(assert (q 0)"));
    CHECK(left_to_z3(declarations + "(assert (q 0)))"));
    CHECK(left_to_z3(declarations + "(assert (q |0))"));
    CHECK(left_to_z3(std::string(5000, '(') + std::string(5000, ')')));
    std::string deep = declarations + "(assert ";
    for (int i = 0; i < 5000; ++i) deep += "(forall ((x Int)) ";
    deep += "(q x)" + std::string(5001, ')');
    CHECK(left_to_z3(deep));
}

TEST_CASE("horn reader: a `not exists` inside a `forall` is left to Z3's parser") {
    // The import takes apart the outer quantifier only, and refuses what is left: Z3's
    // reading goes the same way.
    const std::string text = declarations + "(assert (forall ((x Int)) (not (exists ((y Int)) (q y)))))";
    z3::context ctx;
    CHECK(ctx.parse_string(text.c_str()).size() == 1);
    CHECK(left_to_z3(text));
}

TEST_CASE("horn reader: a problem outside its part is still imported, and Z3's errors still said") {
    // The same problem with a Real-free define-fun: Z3's parser reads it.
    const std::string with_definition = R"((set-logic HORN)
(declare-fun p (Int) Bool)
(define-fun start ((x Int)) Bool (= x 0))
(assert (forall ((x Int)) (=> (start x) (p x))))
(assert (forall ((x Int)) (=> (and (p x) (< x 0)) false)))
(check-sat)
)";
    Diagnostics d;
    std::optional<Program> p = import_chc(with_definition, "t.smt2", d);
    INFO(format_diagnostics(d, ""));
    REQUIRE(p.has_value());
    CHECK(verify(*p, Options{}).verdict == Verdict::safe);

    Diagnostics bad;
    CHECK_FALSE(chc_to_clp("(set-logic HORN)\n(declare-fun p (Int) Bool)\n(assert (p true))\n", "t.smt2", bad).has_value());
    CHECK(format_diagnostics(bad, "").find("the SMT-LIB parser rejected the file") != std::string::npos);
}

TEST_CASE("horn reader: the CHC problems clpi writes of the CLP programs of clp/") {
    // Each program's problem is read both ways; those with arrays are left to Z3's parser.
    int read = 0, left = 0;
    for (const auto& entry : std::filesystem::directory_iterator(CLPI_SOURCE_DIR "/clp")) {
        if (entry.path().extension() != ".clp") continue;
        Diagnostics d;
        std::optional<Program> p = parse_program(clpi_test::slurp(entry.path()), entry.path().string(), d);
        REQUIRE(p.has_value());
        const std::string smt = export_chc(*p);
        if (left_to_z3(smt)) {
            INFO(entry.path().string());
            CHECK(smt.find("Array") != std::string::npos);
            ++left;
            continue;
        }
        check_as_z3_reads(smt);
        ++read;
    }
    MESSAGE(read << " read, " << left << " left to Z3's parser");
    CHECK(read > 0);
}
