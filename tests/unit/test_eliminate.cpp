// Projection by definitions: every result it gives must be equivalent to the existential
// it replaces (checked by Z3 here), and it must refuse what substitution cannot eliminate.
#include <doctest/doctest.h>

#include <functional>
#include <vector>

#include "solver/eliminate.hpp"

using namespace clpi::solver;

namespace {

bool mentions(const z3::expr& e, const z3::expr& v) {
    if (z3::eq(e, v)) return true;
    for (unsigned i = 0; e.is_app() && i < e.num_args(); ++i) {
        if (mentions(e.arg(i), v)) return true;
    }
    return false;
}

// eliminate_by_definitions on `body`, with the result checked against ∃ variables. body.
std::optional<z3::expr> eliminated(const z3::expr& body, const std::vector<z3::expr>& variables) {
    auto out = eliminate_by_definitions(body, variables);
    if (out) {
        z3::expr_vector bound(body.ctx());
        for (const auto& v : variables) bound.push_back(v);
        z3::solver s(body.ctx());
        s.add(*out != z3::exists(bound, body));
        CHECK(s.check() == z3::unsat);
        for (const auto& v : variables) CHECK_FALSE(mentions(*out, v));
    }
    return out;
}

}  // namespace

TEST_CASE("eliminate: renamings and linear definitions with a coefficient of one") {
    z3::context ctx;
    z3::expr s0 = ctx.int_const("s0"), s1 = ctx.int_const("s1");
    z3::expr i = ctx.int_const("i"), i1 = ctx.int_const("i1"), j = ctx.int_const("j");
    // The state equations only rename.
    auto r = eliminated(i >= 0 && s0 == i && s1 == j, {i, j});
    REQUIRE(r);
    CHECK(r->simplify().to_string() == "(>= s0 0)");
    // A path definition, then the state equation: i = s0 - 4 solves `s0 = i + 4`.
    r = eliminated(i >= 0 && i1 == i + 4 && s0 == i1, {i, i1});
    REQUIRE(r);
    CHECK(r->simplify().to_string() == "(>= s0 4)");
    // Minus signs on either side.
    CHECK(eliminated(s0 - i == 3 - s1 && i <= s1, {i}));
    CHECK(eliminated(-i + s0 == 0 && i != 2, {i}));
}

TEST_CASE("eliminate: values reach every conjunct before names do") {
    z3::context ctx;
    z3::expr s0 = ctx.int_const("s0"), s1 = ctx.int_const("s1");
    z3::expr v = ctx.int_const("v"), n = ctx.int_const("n");
    // v = 0 is used, not s0 = v: the bound on s1 says 0, not s0.
    auto r = eliminated(s0 == v && n > v && v == 0 && s1 == n, {v, n});
    REQUIRE(r);
    CHECK(r->simplify().to_string() == "(and (= s0 0) (not (<= s1 0)))");
    // A variable no conjunct mentions is eliminated by dropping it; no variable at all
    // leaves the conjunction as it is; an empty conjunction is true.
    CHECK(eliminated(s0 >= 1, {v}));
    CHECK(eliminated(s0 == v, {v})->simplify().is_true());
    z3::expr w = ctx.int_const("w");
    CHECK(eliminated(s0 == v + w, {v, w})->simplify().is_true());  // w is left unconstrained
}

TEST_CASE("eliminate: a variable bounded above and below by one number is that number") {
    z3::context ctx;
    z3::expr s0 = ctx.int_const("s0"), n = ctx.int_const("n"), v = ctx.int_const("v");
    // As loop candidates come: v =< 4 ∧ v >= 4, and v inside mod.
    auto r = eliminated(v <= 4 && v >= 4 && z3::mod(v, 4) == 0 && n > v - 4 && s0 == n, {v, n});
    REQUIRE(r);
    CHECK(r->simplify().to_string() == "(not (<= s0 0))");
    CHECK(eliminated(4 >= v && 4 <= v && s0 == v, {v}));  // numbers on the left
    CHECK_FALSE(eliminated(v <= 4 && v >= 3 && s0 >= v, {v}));  // two numbers: a range
}

TEST_CASE("eliminate: what substitution cannot eliminate is refused") {
    z3::context ctx;
    z3::expr s0 = ctx.int_const("s0"), v = ctx.int_const("v");
    CHECK_FALSE(eliminated(2 * v == s0, {v}));           // a coefficient of two (s0 odd)
    CHECK_FALSE(eliminated(s0 >= v && v >= 0, {v}));     // bounds, no definition
    CHECK_FALSE(eliminated(v == v + s0, {v}));           // v on both sides
    CHECK_FALSE(eliminated(z3::mod(v, 4) == 0 && s0 == z3::mod(v, 4) + 1, {v}));  // inside mod
    // Arrays are left to the tactic.
    z3::sort a = ctx.array_sort(ctx.int_sort(), ctx.int_sort());
    z3::expr m = ctx.constant("m", a), m0 = ctx.constant("m0", a);
    CHECK_FALSE(eliminated(m0 == m && z3::select(m, 0) == s0, {m}));
}

namespace {

// eliminate_arrays on `body` must give what ∃ variables. body is, `expected` (worked out by
// hand): the result (its fresh values free) implies it, and it implies that some fresh
// values satisfy the result. Both are checks Z3 decides (no quantifier over arrays).
std::optional<z3::expr> arrays_eliminated(const z3::expr& body, std::vector<z3::expr> variables,
                                          const z3::expr& expected) {
    z3::context& ctx = body.ctx();
    auto out = eliminate_arrays(body, variables);
    if (out) {
        z3::expr_vector fresh(ctx);
        for (const auto& v : variables) {
            CHECK_FALSE(v.is_array());
            if (!mentions(body, v)) fresh.push_back(v);
        }
        z3::params p(ctx);
        p.set("timeout", 10000u);
        z3::solver s(ctx);
        s.set(p);
        s.add(*out && !expected);
        CHECK(s.check() == z3::unsat);
        z3::solver t(ctx);
        t.set(p);
        t.add(expected && (fresh.empty() ? !*out : z3::forall(fresh, !*out)));
        CHECK(t.check() == z3::unsat);
    }
    return out;
}

}  // namespace

TEST_CASE("eliminate: arrays by definitions, undone writes and reads (Ackermann)") {
    z3::context ctx;
    z3::sort ints = ctx.int_sort();
    z3::expr a0 = ctx.constant("$0", ctx.array_sort(ints, ints));  // the point's array
    z3::expr a = ctx.constant("A", ctx.array_sort(ints, ints));
    z3::expr a1 = ctx.constant("A1", ctx.array_sort(ints, ints));
    z3::expr i = ctx.int_const("I"), k = ctx.int_const("$1");
    // A write of the path, a[i] = 5, then the state: the old array is gone, what it said of
    // the cells the write left is said of the new one.
    CHECK(arrays_eliminated(a1 == z3::store(a, i, 5) && a0 == a1 && k == i && z3::select(a, 2) == 7 && i != 2,
                            {a, a1},
                            z3::select(a0, i) == 5 && z3::select(a0, 2) == 7 && k == i && i != 2));
    // Only reads of an array that is not kept: equal indices, equal values.
    CHECK(arrays_eliminated(z3::select(a, i) == 1 && z3::select(a, k) == 2, {a}, i != k));
    // A write whose value reads the array it writes (a[2]++), then another write.
    CHECK(arrays_eliminated(a0 == z3::store(z3::store(a, 2, z3::select(a, 2) + 1), 3, 0) &&
                                z3::select(a, 2) >= 4,
                            {a}, z3::select(a0, 3) == 0 && z3::select(a0, 2) >= 5));
    // An array compared with another as a whole, and not defined: not eliminated.
    std::vector<z3::expr> only_a{a};
    CHECK_FALSE(eliminate_arrays(a != a0, only_a));
}

TEST_CASE("eliminate: definitions substituted where they exist, the rest kept") {
    z3::context ctx;
    z3::expr x = ctx.int_const("x"), y = ctx.int_const("y"), u = ctx.int_const("u");
    z3::expr top = ctx.int_const("top"), n = ctx.int_const("n");
    z3::sort ia = ctx.array_sort(ctx.int_sort(), ctx.int_sort());
    z3::expr m = ctx.constant("m", ia);
    // x and y are defined (addresses from top); u, an old cell's value, is not. After the
    // substitution, the read of the store at y at address x resolves: x != y.
    z3::expr body = x == top - 2 && y == top && top == 5 &&
                    z3::select(z3::store(m, y, u), x) == n && z3::select(m, y) > u;
    std::vector<z3::expr> variables = {x, y, u, top};
    z3::expr out = substitute_definitions(body, variables);
    REQUIRE(variables.size() == 1);
    CHECK(z3::eq(variables[0], u));
    z3::expr_vector all(ctx), left(ctx);
    for (const auto& v : {x, y, u, top}) all.push_back(v);
    left.push_back(u);
    z3::solver s(ctx);
    s.add(z3::exists(left, out) != z3::exists(all, body));
    CHECK(s.check() == z3::unsat);
    CHECK_FALSE(mentions(out, x));
    CHECK_FALSE(mentions(out, top));
}

TEST_CASE("eliminate: a read of a store is a case split on the indices") {
    z3::context ctx;
    z3::expr i = ctx.int_const("i"), j = ctx.int_const("j"), k = ctx.int_const("k");
    z3::expr v = ctx.int_const("v"), w = ctx.int_const("w");
    z3::sort ia = ctx.array_sort(ctx.int_sort(), ctx.int_sort());
    z3::expr m = ctx.constant("m", ia);
    z3::expr read = z3::select(z3::store(z3::store(m, i, v), j, w), k) + z3::select(m, k);
    std::size_t cases = 0;
    z3::expr split = reads_through_stores(read == 3, cases);
    CHECK(cases == 2);
    z3::solver s(ctx);
    s.add((read == 3) != split);
    CHECK(s.check() == z3::unsat);
    // No select of a store is left.
    std::function<bool(const z3::expr&)> store_read = [&](const z3::expr& e) {
        if (!e.is_app()) return false;
        if (e.decl().decl_kind() == Z3_OP_SELECT && e.arg(0).is_app() &&
            e.arg(0).decl().decl_kind() == Z3_OP_STORE) {
            return true;
        }
        for (unsigned a = 0; a < e.num_args(); ++a) {
            if (store_read(e.arg(a))) return true;
        }
        return false;
    };
    CHECK_FALSE(store_read(split));
}
