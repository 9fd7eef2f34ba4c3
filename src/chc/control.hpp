// Control recovery: the Bool arguments of a CHC predicate that encode a program's control
// location (the `vmt` and `lustre` problems keep the whole program in one predicate whose
// Bool arguments say where it is) become program points, one per valuation that can be
// reached. The derivation tree then branches where the program does, and loop headers are
// its loops, instead of every step being one big disjunction over the flags.
//
// Which valuations can be reached is found from the clauses alone, with the integers left
// free (an over-approximation: a valuation is kept whenever some integers allow it), so
// nothing the program can do is lost. Whether a step can hold is seen without a solver when
// its units, propagated, leave `false` or constraints that variables of their own satisfy
// (most steps of a program's locations); Z3 decides the others, and its models order the
// targets of a branch. A predicate with too many valuations, one the solver
// cannot enumerate, or one whose flags behave as data (from a valuation, more than 16
// successors, or more than four on average: inputs read at every step) keeps its Bool
// arguments as 0/1 integers.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <z3++.h>

namespace clpi::chc {

// A linear clause `from(...) /\ constraint -> to(...)`, as Z3 terms over its variables.
struct ClauseShape {
    std::optional<z3::expr> from;  // none for a fact
    std::optional<z3::expr> to;    // none for a query
    z3::expr constraint;
};

struct ControlLimits {
    std::size_t max_points = 256;     // valuations of one predicate
    std::size_t max_steps = 4096;    // (from, to) valuation pairs over all clauses
    std::size_t max_checks = 20000;  // solver calls of the whole analysis
};

struct Control {
    // The Bool argument positions of a predicate whose flags became points, and its
    // reachable valuations (in the order found: the point constants are their indices).
    struct Points {
        std::vector<unsigned> positions;
        std::vector<std::vector<bool>> valuations;
    };
    std::map<unsigned, Points> points;  // by the predicate's func_decl id
    // For each clause: the (from valuation, to valuation) pairs that can hold; -1 where that
    // side has no points (a fact, a query, or a predicate without recovered flags).
    std::vector<std::vector<std::pair<int, int>>> steps;
    // Clause k's constraint from valuation v of its source, by (k, v): the flags that are
    // constants replaced by their values, the Boolean structure folded and units propagated
    // (simplify.hpp). What is left of a `vmt` problem's transition relation from one
    // location; the rules of its steps start from it.
    std::map<std::pair<std::size_t, int>, z3::expr> from_fixed;
    // The predicates whose flags were given up, by id, each with the reason, in words.
    std::map<unsigned, std::string> kept_as_integers;
    std::size_t checks = 0;            // solver calls made
    std::size_t models = 0;            // models asked for (a step whose cases do not say its targets)
    std::size_t decided_at_sight = 0;  // steps decided without one (their units, own variables)
    bool gave_up = false;    // some predicate kept its flags (too many valuations, unknown)
};

// `solver` (an import_solver, at no assertion level) decides the steps; it is left as it
// was given. The import's case checks share it: a solver's first check sets it up, which
// costs more than the checks of a small problem.
[[nodiscard]] Control recover_control(const std::vector<ClauseShape>& clauses, z3::solver& solver,
                                      const ControlLimits& limits = {});

}  // namespace clpi::chc
