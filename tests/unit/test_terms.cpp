// The import's own terms (chc/terms.hpp): a Z3 term read and made again is itself, and the
// terms made are those Z3's API makes, each once. (Replacing: test_replace.cpp.)
#include <vector>

#include <doctest/doctest.h>

#include "chc/terms.hpp"
#include "sample_terms.hpp"

using namespace clpi;
using chc::Term;

using test::sample_terms;

TEST_CASE("terms: a Z3 term read is itself, its subterms are its arguments") {
    z3::context ctx;
    chc::Terms terms(ctx);
    for (const z3::expr& e : sample_terms(ctx)) {
        const Term t = terms.of(e);
        INFO(e);
        CHECK(terms.of(e) == t);  // read once
        CHECK(terms.expr(t).id() == e.id());
        CHECK(terms.is_bool(t) == e.is_bool());
        CHECK(terms.is_quantifier(t) == e.is_quantifier());
        if (e.is_app()) {
            REQUIRE(terms.num_args(t) == e.num_args());
            CHECK(terms.kind(t) == e.decl().decl_kind());
            for (unsigned i = 0; i < e.num_args(); ++i) CHECK(terms.arg(t, i) == terms.of(e.arg(i)));
        }
    }
    CHECK(terms.is_true(terms.of(ctx.bool_val(true))));
    CHECK(terms.is_false(terms.of(ctx.bool_val(false))));
    CHECK(terms.expr(terms.truth(false)).is_false());
}

TEST_CASE("terms: made as Z3's API makes them, each once") {
    z3::context ctx;
    chc::Terms terms(ctx);
    const z3::expr x = ctx.int_const("x"), y = ctx.int_const("y");
    const z3::expr b = ctx.bool_const("b"), c = ctx.bool_const("c");
    const Term tb = terms.of(b), tc = terms.of(c), lt = terms.of(x < y);
    const std::size_t before = terms.size();
    const Term conj = terms.mk_and({tb, lt, tc});
    CHECK(terms.mk_and({tb, lt, tc}) == conj);  // hash-consed: nothing new the second time
    const std::size_t after = terms.size();
    CHECK(after == before + 1);
    z3::expr_vector parts(ctx);
    parts.push_back(b);
    parts.push_back(x < y);
    parts.push_back(c);
    CHECK(terms.expr(conj).id() == z3::mk_and(parts).id());
    CHECK(terms.expr(terms.mk_or({tb, tc})).id() == (b || c).id());
    CHECK(terms.expr(terms.mk_not(lt)).id() == (!(x < y)).id());
    CHECK(terms.expr(terms.mk_eq(tb, tc)).id() == (b == c).id());
    CHECK(terms.expr(terms.mk_ite(tb, lt, tc)).id() == z3::ite(b, x < y, c).id());
    CHECK(terms.is_bool(terms.mk_ite(tb, lt, tc)));
    CHECK_FALSE(terms.is_bool(terms.mk_ite(tb, terms.of(x), terms.of(y))));
    // A term made in the table and then read from Z3 is the same term.
    const Term made = terms.mk_or({lt, terms.mk_not(tb)});
    CHECK(terms.of((x < y) || !b) == made);
    // An `and` of one part is Z3's to make, whatever Z3 makes of it.
    z3::expr_vector one(ctx);
    one.push_back(b);
    CHECK(terms.expr(terms.mk_and({tb})).id() == z3::mk_and(one).id());
}
