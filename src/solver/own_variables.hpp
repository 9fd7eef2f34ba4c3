// A sufficient test of satisfiability that makes no solver call: satisfiability by
// variables of their own.
//
// A constraint that one of its variables can satisfy whatever the others are (x in
// `x = y + 1`, in `x + y =< 3`, in `x != z`) and that no other constraint mentions can be
// dropped: a model of the rest extends to it by choosing x. Dropping constraints while one
// can, a set that empties is satisfiable. Minimisation of unsat cores meets such sets
// all the time: without one link, a chain of definitions `s1 = s + 1, s2 = s1 + 1, ...`
// ending in a failed test falls apart from its loose end, link by link.
#pragma once

#include <span>
#include <vector>

#include <z3++.h>

namespace clpi::solver {

// One conjunct of a constraint: a disjunction of atoms (often just one).
struct Conjunct {
    std::vector<unsigned> vars;     // every constant it mentions (Z3 ids, sorted, unique)
    std::vector<unsigned> solvers;  // those that can make it true whatever the others are
    bool always = false;            // true whatever the values
    // Satisfied by its `solvers` together, whatever the values of its other variables (a
    // chain `x = y + 1, y = z` with bounds that leave its variables values, and its
    // disequalities with other terms): dropped only when none of them is in another
    // conjunct.
    bool whole = false;
};

// Appends the conjuncts of `e` (of `¬e` when `positive` is false) to `out`. In a linear
// atom, a subterm that is not linear (`c mod 2000`, `x * y`, an array's read) is a value of
// its own: the atom's other variables may solve it, those inside the subterm never do. A
// remainder compared with a number (`b mod 2 = 0`) is solved by its dividend's variables
// of coefficient ±1; two numbers compared hold or fail whatever the values; a Bool
// variable equal to a formula it is not in, or told apart from one (`m = (n or x < 3)`),
// solves it. Atoms the test does not understand otherwise keep their variables and get no
// solver, so they are never dropped: the test then fails, and a solver call decides.
void append_conjuncts(const z3::expr& e, bool positive, std::vector<Conjunct>& out);

// True when dropping conjuncts that a variable of their own satisfies empties the set: the
// conjunction is then satisfiable. False says nothing.
bool satisfiable_by_own_variables(std::span<const Conjunct* const> conjuncts);

}  // namespace clpi::solver
