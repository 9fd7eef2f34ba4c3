// The CHC import's own reader of SMT-LIB (chc/horn_reader.hpp): the terms Z3's parser makes
// of the same text, and Z3's parser left to read what is outside its part of the language.
#include <filesystem>
#include <string>

#include <doctest/doctest.h>

#include "chc/horn_reader.hpp"
#include "clpi/chc.hpp"
#include "engine_support.hpp"
#include "scratch.hpp"

using namespace clpi;

namespace {

// The same term: the same node (Z3 shares equal terms), or quantifiers that bind the same
// variables (names, sorts, order) around the same body. Only the quantifiers' identifiers
// differ: Z3's parser names each by its line.
bool same(const z3::expr& a, const z3::expr& b) {
    if (a.is_quantifier() != b.is_quantifier()) return false;
    if (!a.is_quantifier()) return a.id() == b.id();
    z3::context& ctx = a.ctx();
    if (a.is_forall() != b.is_forall()) return false;
    const unsigned n = Z3_get_quantifier_num_bound(ctx, a);
    if (n != Z3_get_quantifier_num_bound(ctx, b)) return false;
    for (unsigned i = 0; i < n; ++i) {
        if (z3::symbol(ctx, Z3_get_quantifier_bound_name(ctx, a, i)).str() !=
                z3::symbol(ctx, Z3_get_quantifier_bound_name(ctx, b, i)).str() ||
            !z3::eq(z3::sort(ctx, Z3_get_quantifier_bound_sort(ctx, a, i)),
                    z3::sort(ctx, Z3_get_quantifier_bound_sort(ctx, b, i)))) {
            return false;
        }
    }
    return same(a.body(), b.body());
}

// Reads `text` both ways and checks that the reader took it and made Z3's terms.
void check_as_z3_reads(const std::string& text) {
    z3::context ctx;
    std::optional<z3::expr_vector> ours = chc::read_horn_smtlib(ctx, text);
    INFO(text);
    REQUIRE(ours.has_value());
    z3::expr_vector z3s = ctx.parse_string(text.c_str());
    REQUIRE(ours->size() == z3s.size());
    for (unsigned i = 0; i < z3s.size(); ++i) {
        INFO("assertion " << i << ": ours " << (*ours)[static_cast<int>(i)] << ", Z3's "
                          << z3s[static_cast<int>(i)]);
        CHECK(same((*ours)[static_cast<int>(i)], z3s[static_cast<int>(i)]));
    }
}

bool left_to_z3(const std::string& text) {
    z3::context ctx;
    return !chc::read_horn_smtlib(ctx, text).has_value();
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
        z3::context ctx;
        if (!chc::read_horn_smtlib(ctx, smt)) {
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
