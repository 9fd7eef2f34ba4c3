// Definitions eliminated for a decision (chc/elimination.hpp), then values tried
// (chc/values_tried.hpp): what is left must be satisfiable exactly when the conjunction
// is, and `false` only when it cannot hold; Z3 checks both on every case here.
#include <doctest/doctest.h>

#include <optional>
#include <random>
#include <unordered_set>
#include <vector>

#include "chc/elimination.hpp"
#include "chc/formula.hpp"

using namespace clpi;

namespace {

bool satisfiable(z3::context& ctx, const std::vector<z3::expr>& parts) {
    z3::solver s(ctx);
    for (const z3::expr& p : parts) s.add(p);
    const z3::check_result r = s.check();
    REQUIRE(r != z3::unknown);
    return r == z3::sat;
}

// The elimination of `conjunction`, checked against Z3: false only when it cannot hold,
// and the rest satisfiable exactly when it is. Returns the rest, or nothing for false.
std::optional<std::vector<z3::expr>> eliminated(const z3::expr& conjunction) {
    z3::context& ctx = conjunction.ctx();
    std::vector<z3::expr> rest;
    const bool can_hold = chc::eliminate_definitions(conjunction, rest);
    const bool holds = satisfiable(ctx, {conjunction});
    if (!can_hold) {
        CHECK_FALSE(holds);
        return std::nullopt;
    }
    CHECK(satisfiable(ctx, rest) == holds);
    return rest;
}

bool mentions(const std::vector<z3::expr>& parts, const z3::expr& v) {
    for (const z3::expr& p : parts) {
        std::vector<z3::expr> stack{p};
        while (!stack.empty()) {
            const z3::expr e = stack.back();
            stack.pop_back();
            if (z3::eq(e, v)) return true;
            if (e.is_app()) {
                for (unsigned i = 0; i < e.num_args(); ++i) stack.push_back(e.arg(i));
            }
        }
    }
    return false;
}

std::optional<bool> at_sight(const z3::expr& conjunction) {
    chc::SightConjuncts sight;
    return chc::decided_at_sight(conjunction, sight);
}

}  // namespace

TEST_CASE("elimination: a Boolean widened to an integer and compared with a number") {
    // An LLVM `zext` of a Boolean (`x = ite(b, 1, 0)`) that a unit compares with 0, and the
    // Boolean defined by a comparison: no conjunct has a variable of its own until x and b
    // are eliminated, and then `y != 5` is y's own.
    z3::context ctx;
    const z3::expr b = ctx.bool_const("b"), x = ctx.int_const("x"), y = ctx.int_const("y");
    const z3::expr c = b == (y == 5) && x == z3::ite(b, ctx.int_val(1), ctx.int_val(0)) && x == 0;
    const auto rest = eliminated(c);
    REQUIRE(rest);
    CHECK_FALSE(mentions(*rest, x));
    CHECK_FALSE(mentions(*rest, b));
    CHECK(at_sight(c) == std::optional<bool>(true));
    // With y = 5 as well, it cannot hold, and that shows too.
    CHECK_FALSE(eliminated(c && y == 5));
    CHECK(at_sight(c && y == 5) == std::optional<bool>(false));
}

TEST_CASE("elimination: a chain of copies carries a number into a parity test") {
    // `c6 = 1, c4 = c6, c4 != c3, c3 = c5 mod 2`: once the copies are substituted, the
    // remainder compared with 1 is c5's own.
    z3::context ctx;
    const z3::expr c3 = ctx.int_const("c3"), c4 = ctx.int_const("c4"), c5 = ctx.int_const("c5"),
                   c6 = ctx.int_const("c6");
    const z3::expr c = c6 == 1 && c4 == c6 && c4 != c3 && c3 == z3::mod(c5, 2);
    REQUIRE(eliminated(c));
    CHECK(at_sight(c) == std::optional<bool>(true));
}

TEST_CASE("elimination: a linear equation is solved for a variable of coefficient one") {
    z3::context ctx;
    const z3::expr x = ctx.int_const("x"), y = ctx.int_const("y"), z = ctx.int_const("z");
    // 2y - x = 0 defines x; y = x + 1, y < x cannot hold once y is x + 1.
    const auto rest = eliminated(2 * y - x == 0 && x + z >= 3 && z <= y);
    REQUIRE(rest);
    CHECK_FALSE(mentions(*rest, x));
    CHECK_FALSE(eliminated(y == x + 1 && y < x));
    CHECK(at_sight(y == x + 1 && y < x) == std::optional<bool>(false));
    // No coefficient of one: nothing is divided, and nothing eliminated.
    const auto even = eliminated(2 * x == 2 * y + 1 || z > 0);
    REQUIRE(even);
}

TEST_CASE("elimination: definitions that mention each other, or a variable twice") {
    z3::context ctx;
    const z3::expr x = ctx.int_const("x"), y = ctx.int_const("y"), b = ctx.bool_const("b"),
                   d = ctx.bool_const("d");
    // A cycle: one of the two is taken in a round, and the other becomes `true`.
    const auto cycle = eliminated(x == y + 1 && y == x - 1 && x > 3);
    REQUIRE(cycle);
    // Two values for one variable, or for a class of copies: false.
    CHECK_FALSE(eliminated(x == 1 && x == 2));
    const z3::expr z = ctx.int_const("z");
    CHECK_FALSE(eliminated(x == y && y == z && z == 1 && x == 2));
    CHECK_FALSE(eliminated(x == y && y == z && x != z));
    // A chain of copies ending in a number is taken in one round: nothing of it is left.
    const auto chain = eliminated(x == y && y == z && z == 1 && x + y + z >= 2);
    REQUIRE(chain);
    CHECK(chain->empty());
    CHECK_FALSE(eliminated(b && !b));
    CHECK_FALSE(eliminated(b == !d && d == b));
    // A variable in its own term defines nothing there.
    REQUIRE(eliminated(x == x * y && y > 2));
    // A Bool defined through its negation: `not b = d`.
    const auto negated = eliminated((!b) == d && (b || d) && x == y);
    REQUIRE(negated);
    CHECK_FALSE(mentions(*negated, b));
}

TEST_CASE("values tried: a few variables that no variable of their own satisfies") {
    z3::context ctx;
    const z3::expr x = ctx.int_const("x"), y = ctx.int_const("y"), z = ctx.int_const("z"),
                   w = ctx.int_const("w");
    // A loop's bound and a parity test of one counter, and the rest on other variables.
    CHECK(at_sight(x >= 5000 && z3::mod(x, 2) == 0 && y == z + 1) == std::optional<bool>(true));
    CHECK(at_sight(x >= 5000 && z3::mod(x, 2) != 0 && x <= 5001) == std::optional<bool>(true));
    // Two bounds of one difference (an outer and an inner loop's counters).
    CHECK(at_sight(x - y >= 1 && !(x - y <= 1) && z != w) == std::optional<bool>(true));
    // Quotients and remainders as SMT-LIB has them (0 <= x mod k < |k|): -3 div 2 is -2,
    // -1 mod -3 is 2, 4 div -2 is -2 (C++'s division would say -1 and -1 of the first two).
    const z3::expr minus_three = x <= -3 && x >= -3;
    CHECK(at_sight(minus_three && x / 2 == -2 && z != w) == std::optional<bool>(true));
    CHECK(at_sight(minus_three && x / 2 == -1 && z != w) == std::nullopt);
    CHECK(at_sight(x <= -1 && x >= -1 && z3::mod(x, -3) == 2) == std::optional<bool>(true));
    CHECK(at_sight(x >= 3 && x / ctx.int_val(-2) <= -2) == std::optional<bool>(true));
    CHECK_FALSE(satisfiable(ctx, {minus_three, x / 2 == -1}));
    // Values tried never show what cannot hold, and a class of more than three variables
    // is left for Z3 (here it holds: x = 2, y = 1, z = w = 0).
    CHECK(at_sight(x >= 5000 && z3::mod(x, 2) == 0 && x <= 5000 && z3::mod(x, 4) != 0) == std::nullopt);
    const z3::expr c = x - y >= 1 && x - y <= 4 && 2 * x + 3 * y + 2 * z + 2 * w == 7;
    REQUIRE(eliminated(c));
    CHECK(at_sight(c) == std::nullopt);
}

TEST_CASE("elimination and values tried: what they decide agrees with Z3 (random cases)") {
    // Random conjunctions of what an LLVM step leaves: Booleans widened to integers, copies,
    // sums, remainders and quotients, bounds and Bool definitions by comparisons.
    z3::context ctx;
    std::mt19937 rng(1207);
    auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    const std::vector<z3::expr> ints{ctx.int_const("x"), ctx.int_const("y"), ctx.int_const("z"), ctx.int_const("w")};
    const std::vector<z3::expr> bools{ctx.bool_const("p"), ctx.bool_const("q")};
    int decided_sat = 0, decided_unsat = 0;
    for (int round = 0; round < 2000; ++round) {
        z3::expr_vector parts(ctx);
        const int count = 1 + pick(6);
        for (int i = 0; i < count; ++i) {
            const z3::expr a = ints[static_cast<std::size_t>(pick(4))], b = ints[static_cast<std::size_t>(pick(4))];
            const z3::expr p = bools[static_cast<std::size_t>(pick(2))];
            const z3::expr k = ctx.int_val(pick(9) - 4);
            switch (pick(10)) {
            case 0: parts.push_back(a == z3::ite(p, ctx.int_val(1), ctx.int_val(0))); break;
            case 1: parts.push_back(a == k); break;
            case 2: parts.push_back(a == b + k); break;
            case 3: parts.push_back(pick(2) != 0 ? a <= k : a > k); break;
            case 4: parts.push_back(z3::mod(a, 2) == ctx.int_val(pick(2))); break;
            case 5: parts.push_back(a == b / 2); break;
            case 6: parts.push_back(p == (a == k)); break;
            case 7: parts.push_back(pick(2) != 0 ? a - b >= k : a + b != k); break;
            case 8: parts.push_back(2 * a - b == k); break;
            default: parts.push_back(pick(2) != 0 ? p : !p); break;
            }
        }
        const z3::expr c = z3::mk_and(parts);
        CAPTURE(c.to_string());
        const std::optional<bool> seen = at_sight(c);
        if (!seen) continue;
        CHECK(satisfiable(ctx, {c}) == *seen);
        ++(*seen ? decided_sat : decided_unsat);
    }
    // Most are decided, both ways (this seed: 1403 sat, 461 unsat of 2000).
    CHECK(decided_sat > 1200);
    CHECK(decided_unsat > 400);
}
