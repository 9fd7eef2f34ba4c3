// Quantifier elimination bounded by a thread of ours (solver/bounded_projection.hpp): an easy
// elimination answers; one past the bound, or interrupted, gives nothing, and the next one
// still answers (in a new context).
#include <doctest/doctest.h>

#include "solver/bounded_projection.hpp"

#include "elimination_chain.hpp"

using namespace clpi::solver;
using clpi::test::elimination_chain;

namespace {

bool quantifier_free_over_x(const z3::expr& e) {
    if (e.is_quantifier()) return false;
    if (e.is_const() && e.decl().decl_kind() == Z3_OP_UNINTERPRETED) return e.decl().name().str() == "x";
    for (unsigned i = 0; e.is_app() && i < e.num_args(); ++i) {
        if (!quantifier_free_over_x(e.arg(i))) return false;
    }
    return true;
}

}  // namespace

TEST_CASE("bounded projection: cut at the bound, then a new context for the next") {
    z3::context c;
    BoundedProjection projection(std::chrono::milliseconds(300));
    CHECK_FALSE(projection.eliminate(elimination_chain(c, 2)).has_value());
    CHECK(projection.cut_short() == 1);
    std::optional<z3::expr> easy = projection.eliminate(elimination_chain(c, 1));
    REQUIRE(easy.has_value());
    CHECK(quantifier_free_over_x(*easy));
    CHECK(projection.cut_short() == 1);
    // The result is equivalent to the existential it replaces: x = 0 satisfies both or neither.
    z3::solver s(c);
    s.add(c.int_const("x") == 0);
    s.add(*easy != elimination_chain(c, 1));
    CHECK(s.check() == z3::unsat);
}

TEST_CASE("bounded projection: an interrupt from another thread stops the elimination") {
    z3::context c;
    BoundedProjection projection(std::chrono::minutes(10));
    CHECK_FALSE(clpi::test::eliminate_interrupted(projection, c).has_value());
    CHECK(projection.cut_short() == 1);
    CHECK(projection.eliminate(elimination_chain(c, 1)).has_value());
}
