// Point formulas: memo entries evaluated at a state without Z3. Every evaluation must agree
// with Z3's own evaluation of the instance; what they cannot read is left to Z3.
#include <doctest/doctest.h>


#include "solver/point_formula.hpp"

using namespace clpi;
using namespace clpi::solver;

namespace {

// f evaluated with point variable i = values[i], by PointFormula and by Z3 (substituting
// numerals and simplifying); both must agree.
std::optional<bool> both(const z3::expr& f, const std::vector<int>& values) {
    auto pf = point_formula(f);
    if (!pf) return std::nullopt;
    std::vector<Number> numbers(values.begin(), values.end());
    auto mine = evaluate(*pf, [&](std::uint32_t i) {
        return i < numbers.size() ? &numbers[i] : nullptr;
    });
    REQUIRE(mine.has_value());
    z3::expr_vector from(f.ctx()), to(f.ctx());
    for (std::size_t i = 0; i < values.size(); ++i) {
        from.push_back(f.ctx().int_const(("$" + std::to_string(i)).c_str()));
        to.push_back(f.ctx().int_val(values[i]));
    }
    z3::expr copy = f;
    z3::expr z = copy.substitute(from, to).simplify();
    CHECK(z.is_true() == *mine);
    CHECK(z.is_false() == !*mine);
    return mine;
}

}  // namespace

TEST_CASE("point formulas: linear comparisons and connectives agree with Z3") {
    z3::context ctx;
    z3::expr x = ctx.int_const("$0"), y = ctx.int_const("$1"), z = ctx.int_const("$2");
    CHECK(both(x == 0 && y == 3, {0, 3}) == true);
    CHECK(both(x == 0 && y == 3, {0, 4}) == false);
    CHECK(both(2 * x - y <= 1 || z > 5, {1, 0, 0}) == false);
    CHECK(both(2 * x - y <= 1 || z > 5, {1, 1, 0}) == true);
    CHECK(both(!(x < y) && x != z, {3, 2, 1}) == true);
    CHECK(both(z3::implies(x >= 1, y + z >= x), {2, 1, 0}) == false);
    CHECK(both(-x + 3 * (y - 1) == z, {1, 2, 2}) == true);
    CHECK(both(ctx.bool_val(true), {}) == true);
}

TEST_CASE("point formulas: what they cannot read is left to Z3") {
    z3::context ctx;
    z3::expr x = ctx.int_const("$0"), y = ctx.int_const("$1");
    CHECK_FALSE(point_formula(z3::mod(x, 2) == 1).has_value());
    CHECK_FALSE(point_formula(x * y == 1).has_value());
    CHECK_FALSE(point_formula(ctx.int_const("other") == 1).has_value());  // not a point variable
    // A missing value leaves the truth open unless another argument decides it.
    auto pf = point_formula(x == 1 || y == 2);
    REQUIRE(pf.has_value());
    Number one = 1;
    auto only_x = [&](std::uint32_t i) { return i == 0 ? &one : nullptr; };
    CHECK(evaluate(*pf, only_x) == true);
    auto pf2 = point_formula(x == 2 || y == 2);
    CHECK_FALSE(evaluate(*pf2, only_x).has_value());
}
