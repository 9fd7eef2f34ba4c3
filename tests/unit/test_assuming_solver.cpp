// The solver that property-directed reachability asks under assumptions
// (solver/assuming_solver.hpp): a proxy per distinct formula, kept across checks; a renewal
// keeps the facts and forgets the proxies.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "solver/assuming_solver.hpp"

using namespace clpi;
using namespace clpi::solver;

TEST_CASE("assuming solver: one proxy per formula, and a renewal keeps the facts") {
    Solver s(Domain::integer);
    AssumingSolver a(s);
    Term x = s.fresh("x", Type::integer);
    Term p = s.fresh_proposition("p");
    a.add(s.disjunction(std::vector<Term>{s.negation(p), s.at_least(x, s.numeral(5))}));  // p -> x >= 5

    Term low = a.proxy(s.at_most(x, s.numeral(3)));
    // The same formula built again (another handle) has the same proxy.
    CHECK(a.proxy(s.at_most(x, s.numeral(3))) == low);
    CHECK(a.proxies() == 1);
    CHECK(a.check(std::vector<Term>{p, low}) == Answer::unsat);
    std::vector<Term> core = a.core();
    CHECK(std::find(core.begin(), core.end(), low) != core.end());
    CHECK(std::find(core.begin(), core.end(), p) != core.end());
    CHECK(a.check(std::vector<Term>{low}) == Answer::sat);

    a.renew();
    CHECK(a.proxies() == 0);
    Term again = a.proxy(s.at_most(x, s.numeral(3)));
    CHECK(a.proxies() == 1);
    CHECK(a.check(std::vector<Term>{p, again}) == Answer::unsat);  // the fact p -> x >= 5 stayed
    CHECK(a.check(std::vector<Term>{p}) == Answer::sat);
}

// Property-directed reachability is stopped by interrupting the context, from the search's
// thread, at any moment: a projection under way then gives nothing (Z3 may return no term at
// all), and nothing is read from a term that is not there.
TEST_CASE("assuming solver: a projection after an interrupt gives nothing, without a crash") {
    Solver s(Domain::integer);
    AssumingSolver a(s);
    Term x = s.point_var(0, Type::integer);
    Term y = s.fresh("y", Type::integer);
    Term step = s.conjunction(std::vector<Term>{s.at_least(y, s.numeral(0)), s.at_least(x, y)});
    a.add(step);
    REQUIRE(a.check(std::vector<Term>{}) == Answer::sat);
    s.interrupt();
    CHECK_FALSE(a.project_by_model(step).has_value());
}

// An interrupt ends the run for good: the checks an engine makes before it next looks at its
// limits answer `unknown` without reaching Z3 (otherwise each ran until the watchdog's next
// interrupt, and the run ended a tick or more after the answer of an engine beside it).
TEST_CASE("after an interrupt, checks answer unknown without a solver call") {
    Solver s(Domain::integer);
    AssumingSolver a(s);
    Term x = s.fresh("x", Type::integer);
    s.add_cell(s.at_least(x, s.numeral(1)));
    REQUIRE(s.check() == Answer::sat);
    REQUIRE(a.check(std::vector<Term>{a.proxy(s.at_most(x, s.numeral(0)))}) == Answer::sat);
    const std::uint64_t calls = s.stats().calls;
    const std::uint64_t checks = a.checks();
    s.interrupt();
    CHECK(s.check() == Answer::unknown);
    CHECK(a.check(std::vector<Term>{}) == Answer::unknown);
    CHECK(s.stats().calls == calls);
    CHECK(a.checks() == checks);
}
