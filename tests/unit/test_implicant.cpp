// The literals that make a formula true in a model (solver/implicant.hpp): one disjunct of a
// disjunction, the branch an ite takes, disequalities as the strict comparison the model
// takes, and always a conjunction that is true in the model and implies the formula.
#include <doctest/doctest.h>

#include <algorithm>

#include "solver/implicant.hpp"

using namespace clpi::solver;

namespace {

struct Case {
    z3::context c;
    z3::expr x = c.int_const("x"), y = c.int_const("y"), z = c.int_const("z");
    z3::expr b = c.bool_const("b");

    // A model of `f` with x, y, z, b fixed by `pins`.
    z3::model model_of(const z3::expr& f, const z3::expr& pins) {
        z3::solver s(c);
        s.add(f && pins);
        REQUIRE(s.check() == z3::sat);
        return s.get_model();
    }
};

// The conjunction of `lits` holds in `m` and implies `f`.
void check_implicant(z3::context& c, const std::vector<z3::expr>& lits, const z3::expr& f, z3::model& m) {
    z3::expr_vector v(c);
    for (const z3::expr& l : lits) {
        CHECK(m.eval(l, true).is_true());
        v.push_back(l);
    }
    z3::solver s(c);
    s.add(z3::mk_and(v) && !f);
    CHECK(s.check() == z3::unsat);
}

bool has(const std::vector<z3::expr>& lits, const z3::expr& e) {
    return std::any_of(lits.begin(), lits.end(), [&](const z3::expr& l) { return z3::eq(l, e); });
}

}  // namespace

TEST_CASE("implicant: a disjunction keeps only a disjunct the model makes true") {
    Case k;
    // The shape of a CHC step: one disjunct per case of the transition.
    z3::expr f = (k.x == 0 && k.y == 1) || (k.x == 1 && k.y == k.z + 2) || (k.x >= 2 && k.y == 0);
    z3::model m = k.model_of(f, k.x == 1 && k.z == 5);
    std::vector<z3::expr> lits = implicant(f, m);
    CHECK(lits.size() == 2);
    CHECK(has(lits, k.x == 1));
    CHECK(has(lits, k.y == k.z + 2));
    check_implicant(k.c, lits, f, m);
}

TEST_CASE("implicant: an ite keeps its condition and the branch taken, negations become comparisons") {
    Case k;
    z3::expr f = z3::ite(k.x > k.y, k.z == 1, k.z == 2) && !(k.x == k.y) && !(k.z >= 7) && !(k.b && k.x == 3);
    z3::model m = k.model_of(f, k.x == 4 && k.y == 9 && k.b);
    std::vector<z3::expr> lits = implicant(f, m);
    CHECK(has(lits, k.x <= k.y));  // the condition, false in the model
    CHECK(has(lits, k.z == 2));    // the else branch
    CHECK_FALSE(has(lits, k.z == 1));
    CHECK(has(lits, k.x < k.y));   // x ≠ y, as the model has it
    CHECK(has(lits, k.z < 7));
    CHECK(has(lits, k.x < 3) != has(lits, k.x > 3));  // ¬(b ∧ x = 3) by x ≠ 3 (b is true)
    CHECK_FALSE(has(lits, !k.b));
    for (const z3::expr& l : lits) CHECK(l.decl().decl_kind() != Z3_OP_NOT);
    check_implicant(k.c, lits, f, m);
}

TEST_CASE("implicant: Boolean equations keep both sides at their values, shared parts once") {
    Case k;
    z3::expr shared = k.x + k.y >= 3;
    z3::expr f = (k.b == shared) && (shared || k.z == 0) && z3::implies(k.b, k.z > 0);
    z3::model m = k.model_of(f, k.x == 2 && k.y == 2 && k.z == 1);
    std::vector<z3::expr> lits = implicant(f, m);
    CHECK(has(lits, k.b));
    CHECK(has(lits, shared));
    CHECK(std::count_if(lits.begin(), lits.end(), [&](const z3::expr& l) { return z3::eq(l, shared); }) == 1);
    CHECK(has(lits, k.z > 0));
    CHECK_FALSE(has(lits, k.z == 0));
    check_implicant(k.c, lits, f, m);
}
