// Replacing subterms without Z3's substitution (chc/replace.hpp, and the import's own terms,
// chc/terms.hpp): the very terms Z3's substitute and substitute_vars make.
#include <random>
#include <vector>

#include <doctest/doctest.h>

#include "chc/replace.hpp"
#include "chc/terms.hpp"
#include "sample_terms.hpp"

using namespace clpi;

using test::sample_terms;

TEST_CASE("replace: the terms Z3's substitute makes") {
    z3::context ctx;
    chc::Terms terms(ctx);
    const z3::expr x = ctx.int_const("x"), y = ctx.int_const("y"), z = ctx.int_const("z");
    const z3::expr b = ctx.bool_const("b"), c = ctx.bool_const("c");
    std::mt19937 random(7);
    const std::vector<z3::expr> ints{x, y, z, ctx.int_val(0), x + 1, y * z};
    const std::vector<z3::expr> bools{b, c, ctx.bool_val(true), ctx.bool_val(false), x < y};
    int changed = 0;
    for (const z3::expr& t : sample_terms(ctx)) {
        for (int round = 0; round < 20; ++round) {
            z3::expr_vector from(ctx), to(ctx);
            // Some variables, and a subterm (x + 2 * y) now and then, each by a term of its sort.
            if (random() % 2 == 0) { from.push_back(x); to.push_back(ints[random() % ints.size()]); }
            if (random() % 2 == 0) { from.push_back(z); to.push_back(ints[random() % ints.size()]); }
            if (random() % 2 == 0) { from.push_back(b); to.push_back(bools[random() % bools.size()]); }
            if (random() % 4 == 0) { from.push_back(x + 2 * y); to.push_back(ints[random() % ints.size()]); }
            z3::expr copy = t;
            const z3::expr expected = from.empty() ? t : copy.substitute(from, to);
            const z3::expr got = chc::replace(t, from, to);
            INFO(t << " with " << from << " := " << to << ": " << got << ", Z3's " << expected);
            CHECK(got.id() == expected.id());
            if (got.id() != t.id()) ++changed;
            // The same replacement in the import's own terms.
            const chc::Term own = terms.replace(terms.of(t), terms.of(from), terms.of(to));
            CHECK(terms.expr(own).id() == expected.id());
        }
    }
    CHECK(changed > 50);  // the rounds did replace something
}

TEST_CASE("replace: bound variables, as Z3's substitute_vars replaces them") {
    z3::context ctx;
    const z3::expr_vector parsed = ctx.parse_string(
        "(declare-fun p (Int Int Bool) Bool)"
        "(assert (forall ((x Int) (y Int) (b Bool)) (=> (and (p x y b) (= (+ x y) 3) (or b (< x y))) (p y x (not b)))))");
    const z3::expr body = parsed[0].body();
    z3::expr_vector instances(ctx);  // de Bruijn index i: b, y, x
    instances.push_back(ctx.bool_const("B"));
    instances.push_back(ctx.int_const("Y"));
    instances.push_back(ctx.int_const("X"));
    z3::expr copy = body;
    const z3::expr expected = copy.substitute(instances);
    const z3::expr got = chc::replace_bound(body, instances);
    CHECK(got.id() == expected.id());
    CHECK(got.to_string().find("(p Y X (not B))") != std::string::npos);
}

TEST_CASE("replace: a term with a quantifier inside is left to Z3") {
    z3::context ctx;
    const z3::expr_vector parsed = ctx.parse_string(
        "(declare-fun q (Int) Bool) (declare-const k Int)"
        "(assert (and (q k) (forall ((x Int)) (=> (q x) (q (+ x k))))))");
    z3::expr_vector from(ctx), to(ctx);
    from.push_back(ctx.int_const("k"));
    to.push_back(ctx.int_val(5));
    z3::expr copy = parsed[0];
    CHECK(chc::replace(parsed[0], from, to).id() == copy.substitute(from, to).id());
}
