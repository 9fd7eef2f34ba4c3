// Internal to the solver layer: the Z3 objects behind Solver's handles.
#pragma once

#include <chrono>
#include <unordered_map>

#include <z3++.h>

#include "solver/solver.hpp"

namespace clpi::solver {

struct Solver::Impl {
    explicit Impl(Domain d);

    z3::context ctx;
    z3::solver solver;
    Domain domain;
    std::vector<z3::expr> terms;          // Term -> expression
    std::vector<z3::expr> cell_lits;      // CellId -> tracking literal
    std::vector<Term> cell_terms;         // CellId -> constraint
    std::vector<std::size_t> scope_marks; // cell count at each push
    std::unordered_map<std::string, Term> point_vars;
    std::optional<z3::model> model;
    std::uint64_t fresh_counter = 0;
    SolverStats stats;
    Term true_term = 0;
    Term false_term = 0;

    Term add(const z3::expr& e) {
        terms.push_back(e);
        return static_cast<Term>(terms.size() - 1);
    }
    const z3::expr& at(Term t) const { return terms.at(t); }
    z3::sort sort_of(Type type);
    z3::expr number(const Number& n);
    z3::expr_vector live_literals() const;
    z3::expr_vector literals(std::span<const CellId> cells) const;
    // One timed solver call under the given assumptions.
    // keep_model: the assumptions include every live cell, so a model found is one of the path.
    Answer timed_check(const z3::expr_vector& assumptions, Purpose why, bool keep_model);
    std::vector<CellId> minimise(std::vector<CellId> core, const z3::expr* extra);
};

// Maps a literal of an unsat core back to its cell.
CellId cell_of_literal(const z3::expr& lit);

}  // namespace clpi::solver
