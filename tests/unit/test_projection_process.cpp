// Quantifier elimination in a helper process (solver/projection_process.hpp): the test
// executable serves as its own helper (tests/unit/main.cpp). An elimination past the bound,
// interrupted, or whose helper dies gives nothing, and the next one answers from a new helper.
#include <doctest/doctest.h>

#include <csignal>
#include <thread>

#include <sys/resource.h>

#include "solver/projection_process.hpp"

#include "elimination_chain.hpp"

using namespace clpi::solver;
using clpi::test::elimination_chain;

namespace {

// Whether `answer` is equivalent to `f` (checked in f's context).
bool equivalent(const z3::expr& answer, const z3::expr& f) {
    z3::solver s(f.ctx());
    s.add(answer != f);
    return s.check() == z3::unsat;
}

bool quantifier_free(const z3::expr& e) {
    if (e.is_quantifier()) return false;
    for (unsigned i = 0; e.is_app() && i < e.num_args(); ++i) {
        if (!quantifier_free(e.arg(i))) return false;
    }
    return true;
}

}  // namespace

TEST_CASE("projection process: a helper answers with an equivalent formula of the caller's context") {
    z3::context c;
    ProjectionProcess projection(std::chrono::seconds(30));
    z3::expr x = c.int_const("x"), y = c.int_const("y"), b = c.bool_const("b");
    z3::expr f = z3::exists(y, y > x && y < 5 && (b || y == 2 * x));
    std::optional<z3::expr> out = projection.eliminate(f);
    REQUIRE(out.has_value());
    CHECK_FALSE(projection.in_process());
    CHECK(projection.started() == 1);
    CHECK(quantifier_free(*out));
    CHECK(equivalent(*out, f));
    // The same helper answers the next one.
    z3::expr g = elimination_chain(c, 1);
    out = projection.eliminate(g);
    REQUIRE(out.has_value());
    CHECK(equivalent(*out, g));
    CHECK(projection.started() == 1);
    CHECK(projection.cut_short() == 0);
    CHECK(projection.lost() == 0);
}

TEST_CASE("projection process: cut at the bound, then a new helper for the next") {
    z3::context c;
    ProjectionProcess projection(std::chrono::milliseconds(300));
    CHECK_FALSE(projection.eliminate(elimination_chain(c, 2)).has_value());
    CHECK(projection.cut_short() == 1);
    CHECK(projection.helper() == -1);
    std::optional<z3::expr> easy = projection.eliminate(elimination_chain(c, 1));
    REQUIRE(easy.has_value());
    CHECK(equivalent(*easy, elimination_chain(c, 1)));
    CHECK(projection.started() == 2);
    CHECK(projection.cut_short() == 1);
}

TEST_CASE("projection process: a lowered priority holds for the helper running and the next ones, until reset") {
    // A bound no elimination here reaches: a helper at the lowest priority can wait long for
    // a processor on a loaded machine (the easy elimination after a cut was cut too, at 300
    // ms, beside two busy processes); the long one is interrupted instead.
    z3::context c;
    ProjectionProcess projection(std::chrono::minutes(10));
    REQUIRE(projection.eliminate(elimination_chain(c, 1)).has_value());
    const pid_t first = projection.helper();
    REQUIRE(first > 0);
    const int ours = ::getpriority(PRIO_PROCESS, 0);  // this thread's nice value, which a helper starts with
    CHECK(::getpriority(PRIO_PROCESS, static_cast<id_t>(first)) == ours);
    projection.lower_priority();
    CHECK(projection.priority_lowered());
    CHECK(::getpriority(PRIO_PROCESS, static_cast<id_t>(first)) == lowest_nice);
    // Cut short: the next elimination starts a helper, at the lowest priority too.
    CHECK_FALSE(clpi::test::eliminate_interrupted(projection, c).has_value());
    CHECK(projection.cut_short() == 1);
    REQUIRE(projection.eliminate(elimination_chain(c, 1)).has_value());
    const pid_t second = projection.helper();
    REQUIRE(second > 0);
    CHECK(second != first);
    CHECK(::getpriority(PRIO_PROCESS, static_cast<id_t>(second)) == lowest_nice);
    // Reset: the lowered helper is stopped, and the next one has this thread's priority.
    projection.reset_priority();
    CHECK_FALSE(projection.priority_lowered());
    CHECK(projection.helper() == -1);
    REQUIRE(projection.eliminate(elimination_chain(c, 1)).has_value());
    REQUIRE(projection.helper() > 0);
    CHECK(::getpriority(PRIO_PROCESS, static_cast<id_t>(projection.helper())) == ours);
    CHECK(projection.started() == 3);
}

TEST_CASE("projection process: an interrupt from another thread stops the elimination") {
    z3::context c;
    ProjectionProcess projection(std::chrono::minutes(10));
    CHECK_FALSE(clpi::test::eliminate_interrupted(projection, c).has_value());
    CHECK(projection.cut_short() == 1);
    CHECK(projection.eliminate(elimination_chain(c, 1)).has_value());
}

TEST_CASE("projection process: a helper that crashes loses one elimination, not the process") {
    z3::context c;
    ProjectionProcess projection(std::chrono::minutes(10));
    REQUIRE(projection.eliminate(elimination_chain(c, 1)).has_value());
    const pid_t first = projection.helper();
    REQUIRE(first > 0);
    // The helper dies of a segmentation fault in the middle of a long elimination.
    std::thread crasher([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        ::kill(first, SIGSEGV);
    });
    CHECK_FALSE(projection.eliminate(elimination_chain(c, 2)).has_value());
    crasher.join();
    CHECK(projection.lost() == 1);
    CHECK(projection.cut_short() == 0);
    std::optional<z3::expr> again = projection.eliminate(elimination_chain(c, 1));
    REQUIRE(again.has_value());
    CHECK(equivalent(*again, elimination_chain(c, 1)));
    CHECK(projection.started() == 2);
    CHECK(projection.helper() != first);
}

TEST_CASE("projection process: names that Z3 prints but does not read back (X', Y') go there and back") {
    z3::context c;
    ProjectionProcess projection(std::chrono::seconds(30));
    z3::expr x = c.int_const("X'"), y = c.int_const("Y'!3"), n = c.int_const("N");
    z3::expr f = z3::exists(y, y > x && y < n && y % 2 == 0);
    std::optional<z3::expr> out = projection.eliminate(f);
    REQUIRE(out.has_value());
    CHECK(quantifier_free(*out));
    CHECK(equivalent(*out, f));  // over the caller's X' and N, not copies of them
    CHECK(projection.lost() == 0);
}
