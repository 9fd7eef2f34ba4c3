// Satisfiability by own variables: the test core minimisation asks before a solver call. It
// must never call an unsatisfiable set satisfiable; where it says nothing, Z3 decides.
#include <doctest/doctest.h>

#include <vector>

#include "solver/own_variables.hpp"

using namespace clpi::solver;

namespace {

// The test on the conjunction of `positive` and the negations of `negative`; checked
// against Z3 whenever it claims satisfiability.
bool own(const std::vector<z3::expr>& positive, const std::vector<z3::expr>& negative = {}) {
    std::vector<Conjunct> cs;
    for (const auto& e : positive) append_conjuncts(e, true, cs);
    for (const auto& e : negative) append_conjuncts(e, false, cs);
    std::vector<const Conjunct*> ptrs;
    for (const auto& c : cs) ptrs.push_back(&c);
    bool claimed = satisfiable_by_own_variables(ptrs);
    if (claimed) {
        z3::solver s(positive.empty() ? negative.front().ctx() : positive.front().ctx());
        for (const auto& e : positive) s.add(e);
        for (const auto& e : negative) s.add(!e);
        CHECK(s.check() == z3::sat);
    }
    return claimed;
}

}  // namespace

TEST_CASE("own variables: a chain of definitions with a link gone falls apart") {
    z3::context ctx;
    z3::expr s0 = ctx.int_const("s0"), s1 = ctx.int_const("s1"), s2 = ctx.int_const("s2");
    z3::expr s3 = ctx.int_const("s3");
    // s0 = 0, s1 = s0 + 1, s3 = s2 + 1, not (s3 =< 2): s2 = s1 + 1 is missing.
    CHECK(own({s0 == 0, s1 == s0 + 1, s3 == s2 + 1}, {s3 <= 2}));
    // With the link the chain is unsatisfiable, and the test must not claim otherwise.
    CHECK_FALSE(own({s0 == 0, s1 == s0 + 1, s2 == s1 + 1, s3 == s2 + 1}, {s3 <= 3}));
}

TEST_CASE("own variables: an integer equation is solved only for a coefficient of one") {
    z3::context ctx;
    z3::expr x = ctx.int_const("x"), y = ctx.int_const("y");
    CHECK(own({x == 2 * y + 1}));             // x is its own
    CHECK_FALSE(own({2 * x == 2 * y + 1}));   // unsatisfiable: neither solves it
    CHECK(own({2 * x <= 2 * y + 1}));         // an inequation: any coefficient
    z3::expr r = ctx.real_const("r"), q = ctx.real_const("q");
    CHECK(own({2 * r == 2 * q + 1}));         // over the reals it is solvable
}

TEST_CASE("own variables: shared variables, disjunctions and atoms it does not understand") {
    z3::context ctx;
    z3::expr x = ctx.int_const("x"), y = ctx.int_const("y"), z = ctx.int_const("z");
    CHECK_FALSE(own({x >= 1, x <= 0}));                    // one variable, two constraints
    CHECK_FALSE(own({x == y + 1, y == x + 1}));            // a cycle
    CHECK(own({x >= 1 || y == 3, y <= 0}));                // x alone satisfies the disjunction
    CHECK(own({z3::implies(x > 0, y > 0), y <= 0}));       // x can falsify the premise
    CHECK_FALSE(own({x * y == 3, y == 1, x == 2}));        // non-linear: left to the solver
    CHECK_FALSE(own({z3::mod(x, 2) == 1, x == 4}));
    CHECK(own({x == 4, z3::mod(y, 2) == 1 || z >= 0}));    // z is its own
    z3::expr b = ctx.bool_const("b");
    CHECK(own({b, x == 1}));                               // a Boolean variable of its own
    CHECK_FALSE(own({b, !b}));
    CHECK(own({ctx.bool_val(true)}));
    CHECK_FALSE(own({ctx.bool_val(false)}));
    // Negated: not (x >= 1 and y >= 1) is a disjunction, x alone falsifies it.
    CHECK(own({y >= 5}, {x >= 1 && y >= 1}));
}

TEST_CASE("own variables: a coefficient written as a negated number, as SMT-LIB writes -1") {
    z3::context ctx;
    z3::expr x = ctx.int_const("x"), y = ctx.int_const("y");
    // (* (- 1) y): Z3 keeps `(- 1)` as a negation of the numeral 1, not as a numeral.
    z3::expr minus_one = -ctx.int_val(1);
    REQUIRE_FALSE(minus_one.is_numeral());
    CHECK(own({x == minus_one * y, x < 0}));        // y solves the first, then x the second
    CHECK(own({x == 111 + minus_one * y, x < 0}));
    CHECK_FALSE(own({(-ctx.int_val(2)) * y == 1}));  // -2 y = 1: no integer y, and no solver
}

TEST_CASE("own variables: a remainder compared with a number, solved by its dividend's variable") {
    z3::context ctx;
    z3::expr b = ctx.int_const("b"), d = ctx.int_const("d"), e = ctx.int_const("e");
    // A parity test and a definition that uses the same variable: d goes first, then b.
    CHECK(own({d == b + 1, z3::mod(b, 2) == 0}));
    CHECK(own({d == b + 1}, {z3::mod(b, 2) == 0}));      // b mod 2 != 0
    CHECK(own({z3::mod(b + e, 3) == 2}));                // either variable of the dividend
    CHECK(own({z3::mod(b, -3) < 1}));                   // a negative divisor: remainders 0 .. 2
    CHECK(own({ctx.int_val(0) < z3::mod(b, 2)}));       // the remainder on the right
    CHECK(own({}, {z3::mod(b, 4) >= 1}));               // b mod 4 < 1
    // No remainder can do it: the test must not claim it.
    CHECK_FALSE(own({z3::mod(b, 2) == 2}));
    CHECK_FALSE(own({z3::mod(b, 2) < 0}));
    CHECK_FALSE(own({z3::mod(b, 1) != 0}));              // every remainder of 1 is 0
    CHECK_FALSE(own({z3::mod(b, 2) > 1}));
    CHECK_FALSE(own({}, {z3::mod(b, 3) <= 2}));
    // A coefficient other than one does not reach every remainder (2b mod 2 is 0).
    CHECK_FALSE(own({z3::mod(2 * b, 2) == 1}));
    // Two constraints on the same remainder are left to the solver.
    CHECK_FALSE(own({z3::mod(b, 2) == 0, z3::mod(b, 2) == 1}));
    // A remainder by a variable is not understood.
    CHECK_FALSE(own({z3::mod(b, e) == 0}));
}

TEST_CASE("own variables: a term that is not linear is a value of its own, and no variable in it solves") {
    z3::context ctx;
    z3::expr c = ctx.int_const("c"), e = ctx.int_const("e"), x = ctx.int_const("x"), y = ctx.int_const("y");
    CHECK(own({e == z3::mod(c + 1, 2000), c >= 1000}));     // e, then c
    CHECK(own({e + x * y <= 3, x == y + 1}));                // e solves the first
    CHECK(own({e == c / 50 - 1}, {c >= 0}));                 // e, then c < 0 (integer division)
    CHECK_FALSE(own({e == c / 50 - 1}, {e >= 0}));           // e twice, c only inside: no one solves
    // x = x mod 2 + 1 has no integer solution: x, inside the remainder, does not solve it.
    CHECK_FALSE(own({x == z3::mod(x, 2) + 1}));
    CHECK_FALSE(own({x * y == x * y + 1}));
}

TEST_CASE("own variables: two numbers compared hold or fail whatever the values") {
    z3::context ctx;
    z3::expr x = ctx.int_const("x"), zero = ctx.int_val(0), one = ctx.int_val(1);
    CHECK(own({zero == zero, x >= 3}));
    CHECK(own({x >= 3}, {zero == one}));
    CHECK(own({zero < one}));
    CHECK_FALSE(own({zero == one, x >= 3}));
    CHECK_FALSE(own({}, {zero <= one}));
}

TEST_CASE("own variables: a Bool variable equal to a formula it is not in, or told apart from one") {
    z3::context ctx;
    z3::expr x = ctx.int_const("x"), m = ctx.bool_const("m"), n = ctx.bool_const("n");
    CHECK(own({m == (n || x < 3), n, x >= 5}));          // m takes the formula's value
    CHECK(own({m != (n && x < 3), x == 0}));              // or the other one
    CHECK(own({m == n, n == (x > 0), x == 2}));           // a chain: m, then n
    CHECK_FALSE(own({m == (m || x < 3), x >= 5, !m}));     // m in its own formula: no solver
    CHECK_FALSE(own({m == (x < 3), m, x >= 5}));           // m in two constraints, x in two
}


TEST_CASE("own variables: coefficients beyond 64 bits are summed exactly") {
    // Read in 64-bit integers first, and again in exact numbers when a sum overflows: x's
    // coefficient is 3 * 2^62 - (3 * 2^62 - 1) = 1, so x solves the equation (the partial
    // sum does not fit in 64 bits); with the last term 3 * 2^62 - 2 it is 2, and x does not.
    z3::context ctx;
    const z3::expr x = ctx.int_const("x"), y = ctx.int_const("y");
    const z3::expr big = ctx.int_val("4611686018427387904");  // 2^62
    const z3::expr sum = big * x + big * x + big * x;
    CHECK(own({sum - ctx.int_val("13835058055282163711") * x == 2 * y + 1}));
    CHECK_FALSE(own({sum - ctx.int_val("13835058055282163710") * x == 2 * y + 1}));
    // A numeral beyond 64 bits as a coefficient, and as a constant term.
    CHECK_FALSE(own({ctx.int_val("100000000000000000000") * x == 2 * y + 1}));
    CHECK(own({x + ctx.int_val("100000000000000000000") == 2 * y + 1}));
}
