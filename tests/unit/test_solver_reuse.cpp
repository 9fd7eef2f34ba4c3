// A Solver whose Z3 solvers were used by a finished one (solver.cpp keeps them for the next
// run of a verification) must start as clean as a new one: no cells, no statistics, nothing
// of the old path asserted.
#include <thread>

#include <doctest/doctest.h>

#include "solver/solver.hpp"

using namespace clpi;
using namespace clpi::solver;

namespace {

// position 0 = value, as a cell of the current scope
CellId pin(Solver& s, int value) {
    return s.add_cell(s.equal(s.point_var(0, Type::integer), s.numeral(Number(value))));
}

}  // namespace

TEST_CASE("solver reuse: a Solver after a finished one sees nothing of its path") {
    {
        Solver first(Domain::integer);
        first.push();
        pin(first, 1);
        first.push();  // left open: the next Solver must not inherit either scope
        pin(first, 3);
        CHECK(first.check() == Answer::unsat);
    }
    Solver second(Domain::integer);
    CHECK(second.cell_count() == 0);
    CHECK(second.stats().calls == 0);
    second.push();
    pin(second, 2);
    CHECK(second.check() == Answer::sat);
    CHECK(second.cell_count() == 1);
    pin(second, 4);
    CHECK(second.check() == Answer::unsat);
    second.pop();
    CHECK(second.check() == Answer::sat);
}

TEST_CASE("solver reuse: cells asserted outside every scope are not carried over") {
    {
        Solver first(Domain::integer);
        pin(first, 1);  // no scope: this Solver's Z3 solvers cannot be cleaned, only dropped
        CHECK(first.check() == Answer::sat);
    }
    Solver second(Domain::integer);
    CHECK(second.cell_count() == 0);
    second.push();
    pin(second, 2);
    CHECK(second.check() == Answer::sat);
}

TEST_CASE("solver reuse: a Solver of the other domain gets its own") {
    {
        Solver ints(Domain::integer);
        ints.push();
        pin(ints, 1);
    }
    Solver reals(Domain::real);
    reals.push();
    Term half = reals.numeral(Number(1, 2));
    reals.add_cell(reals.equal(reals.point_var(0, Type::integer), half));
    CHECK(reals.check() == Answer::sat);  // 1/2 is a value of a real position
}

TEST_CASE("solver reuse: a context prepared with a first check serves a Solver as a new one does") {
    // On a thread of its own: its context is the one prepared here, not one a test before made.
    std::thread([] {
        prepare_context(true);  // made, and checked once, on another thread
        {
            Solver s(Domain::integer);
            CHECK(s.cell_count() == 0);
            CHECK(s.stats().calls == 0);  // the warm-up's check is not the Solver's
            s.push();
            pin(s, 2);
            CHECK(s.check() == Answer::sat);
            pin(s, 4);
            CHECK(s.check() == Answer::unsat);
            s.pop();
            CHECK(s.check() == Answer::sat);
            CHECK(s.stats().calls == 3);
        }
        end_thread();
    }).join();
}
