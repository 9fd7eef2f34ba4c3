// Quantifier elimination bounded by a thread of ours (solver/bounded_projection.hpp): an easy
// elimination answers; one past the bound, or interrupted, gives nothing, and the next one
// still answers (in a new context).
#include <doctest/doctest.h>

#include <atomic>
#include <thread>

#include "solver/bounded_projection.hpp"

using namespace clpi::solver;

namespace {

// ∃ y_1 .. y_n. a chain of bounds and remainders from x: n = 1 takes Z3's qe tactic
// milliseconds, n = 2 minutes (the cases of the remainders multiply).
z3::expr chain(z3::context& c, int n) {
    z3::expr_vector ys(c);
    z3::expr x = c.int_const("x");
    z3::expr body = c.bool_val(true);
    z3::expr prev = x;
    for (int i = 0; i < n; ++i) {
        z3::expr y = c.int_const(("y" + std::to_string(i)).c_str());
        ys.push_back(y);
        body = body && (3 * y >= prev + i) && (5 * y <= 2 * prev + 7 * i + 11) &&
               ((y % (i + 2)) == 1 || y > 2 * prev);
        prev = y;
    }
    return z3::exists(ys, body && prev < x + 100);
}

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
    CHECK_FALSE(projection.eliminate(chain(c, 2)).has_value());
    CHECK(projection.cut_short() == 1);
    std::optional<z3::expr> easy = projection.eliminate(chain(c, 1));
    REQUIRE(easy.has_value());
    CHECK(quantifier_free_over_x(*easy));
    CHECK(projection.cut_short() == 1);
    // The result is equivalent to the existential it replaces: x = 0 satisfies both or neither.
    z3::solver s(c);
    s.add(c.int_const("x") == 0);
    s.add(*easy != chain(c, 1));
    CHECK(s.check() == z3::unsat);
}

TEST_CASE("bounded projection: an interrupt from another thread stops the elimination") {
    z3::context c;
    BoundedProjection projection(std::chrono::minutes(10));
    std::atomic<bool> returned{false};
    // Again and again until it returns: an interrupt before the elimination starts is moot.
    std::thread interrupter([&] {
        while (!returned.load()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            projection.interrupt();
        }
    });
    CHECK_FALSE(projection.eliminate(chain(c, 2)).has_value());
    returned.store(true);
    interrupter.join();
    CHECK(projection.cut_short() == 1);
    CHECK(projection.eliminate(chain(c, 1)).has_value());
}
