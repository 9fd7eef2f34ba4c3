// The SMT-LIB printer of certificates (solver/smtlib_text.hpp): what it writes, Z3 reads back
// as the same formula (checked equivalent by Z3), numerals, quoted names and shared subterms
// included; shared subterms are written once.
#include <doctest/doctest.h>

#include "solver/remainders.hpp"
#include "solver/smtlib_text.hpp"

#include <string>

using namespace clpi::solver;

namespace {

// Reads `text` back with the declarations of `decls` and asks Z3 whether it is `e`.
void check_reads_back(const z3::expr& e, const std::string& decls) {
    std::string text = smtlib_text(e);
    z3::context& c = e.ctx();
    z3::expr_vector read = c.parse_string((decls + "(assert " + text + ")").c_str());
    REQUIRE_MESSAGE(read.size() == 1, text);
    z3::solver s(c);
    s.add(read[0] != e);
    CHECK_MESSAGE(s.check() == z3::unsat, text);
}

std::size_t occurrences(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("smtlib text: integer arithmetic, negative numerals, div and mod, quoted names") {
    z3::context c;
    z3::expr x = c.int_const("$0"), y = c.int_const("$1"), q = c.int_const("X'");
    const std::string decls =
        "(declare-const $0 Int)(declare-const $1 Int)(declare-const |X'| Int)";
    z3::expr f = (x + c.int_val(-3) * y <= -7) && (z3::ite(x > y, x % 4, x / c.int_val(-2)) == q - 1) &&
                 !(y >= 0) && (x - y - q == 0 || -x == y);
    check_reads_back(f, decls);
    std::string text = smtlib_text(f);
    CHECK(text.find("|X'|") != std::string::npos);
    CHECK(text.find("(- 7)") != std::string::npos);
    CHECK(text.find('\n') == std::string::npos);
    CHECK(smtlib_text(c.bool_val(true)) == "true");
    CHECK(smtlib_text(c.bool_val(false)) == "false");
}

TEST_CASE("smtlib text: real numerals and conversions") {
    z3::context c;
    z3::expr r = c.real_const("$0"), n = c.int_const("$1");
    const std::string decls = "(declare-const $0 Real)(declare-const $1 Int)";
    check_reads_back(r * c.real_val(7, 2) + c.real_val(-1, 3) >= z3::to_real(n) && r != c.real_val(5), decls);
    check_reads_back(z3::is_int(r) && z3::expr(c, Z3_mk_real2int(c, r)) == n, decls);
    CHECK(smtlib_text(c.real_val(-1, 3)) == "(- (/ 1.0 3.0))");
    CHECK(smtlib_text(c.real_val(2)) == "2.0");
}

TEST_CASE("smtlib text: a long subterm used twice is written once, under a let") {
    z3::context c;
    z3::expr x = c.int_const("$0"), y = c.int_const("$1");
    z3::expr shared = x + 2 * y;
    z3::expr f = shared;
    // 2^20 copies if written as a tree
    for (int i = 0; i < 20; ++i) f = z3::ite(f > 0, f, f + x);
    check_reads_back(f >= y, "(declare-const $0 Int)(declare-const $1 Int)");
    std::string text = smtlib_text(f >= y);
    CHECK(text.size() < 5000);
    CHECK(occurrences(text, "(let ") >= 10);  // every other level: a short ite between
    // a short one is written where it is used: (+ $0 (* 2 $1)) in the first ite, twice
    CHECK(occurrences(text, "(* 2 $1)") == 3);
    CHECK(smtlib_text(z3::ite(shared > 0, shared, x)) == "(ite (> (+ $0 (* 2 $1)) 0) (+ $0 (* 2 $1)) $0)");
}

TEST_CASE("smtlib text: arrays, and what it does not write is left to Z3's printer") {
    z3::context c;
    z3::sort ints = c.int_sort();
    z3::expr a = c.constant("$0a", c.array_sort(ints, ints)), i = c.int_const("$1");
    check_reads_back(z3::select(z3::store(a, i, 3), i + 1) == 4,
                     "(declare-const $0a (Array Int Int))(declare-const $1 Int)");
    z3::expr k = c.int_const("k");
    z3::expr q = z3::forall(k, k * k >= 0 || k < i);
    CHECK(smtlib_text(q) == q.to_string());
}

TEST_CASE("smtlib text: a certificate's remainders with coefficients as a program writes them") {
    // Z3's rewriter keeps a remainder's coefficients in 0..m-1 (`-a mod 4` is `3*a mod 4`);
    // balanced_remainders takes them back to -m/2 < c <= m/2, the same value.
    z3::context c;
    const z3::expr a = c.int_const("a"), b = c.int_const("b");
    const z3::expr four = c.int_val(4);
    auto same_value = [&](const z3::expr& e, const z3::expr& f) {
        z3::solver s(c);
        s.add(e != f);
        return s.check() == z3::unsat;
    };
    const z3::expr three_a = z3::mod(c.int_val(3) * a, four);
    const z3::expr balanced = balanced_remainders(three_a);
    CHECK(smtlib_text(balanced) == "(mod (* (- 1) a) 4)");
    CHECK(same_value(three_a, balanced));
    // A sum: 6 is 2 (the half stays), 5 is 1, 8 is 0 and goes; the number stays.
    const z3::expr sum = z3::mod(c.int_val(6) * a + c.int_val(5) * b + c.int_val(8) * a + c.int_val(7), four);
    const z3::expr sum_balanced = balanced_remainders(sum);
    CHECK(smtlib_text(sum_balanced) == "(mod (+ (* 2 a) b 7) 4)");
    CHECK(same_value(sum, sum_balanced));
    // Inside a formula, and only under `mod`: a quotient depends on its argument itself.
    const z3::expr formula = z3::mod(c.int_val(3) * a, four) == b && z3::operator/(c.int_val(3) * a, four) >= b;
    const z3::expr formula_balanced = balanced_remainders(formula);
    CHECK(smtlib_text(formula_balanced) == "(and (= (mod (* (- 1) a) 4) b) (>= (div (* 3 a) 4) b))");
    CHECK(same_value(formula, formula_balanced));
    const z3::expr untouched = z3::mod(a + c.int_val(2) * b, four) == b;
    CHECK(z3::eq(balanced_remainders(untouched), untouched));
}
