// A Z3 solver over the terms of a Solver, for an engine that keeps its own assertions and
// asks under assumptions (property-directed reachability, engine/pdr.hpp): facts are added
// for good, each check names the propositions that hold for it, an unsat answer says which
// of them were needed, and a sat answer's model projects a formula onto the point variables.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "solver/solver.hpp"

namespace clpi::solver {

class AssumingSolver {
public:
    // Checks run in `terms`' context: `terms.interrupt()` stops them too.
    explicit AssumingSolver(Solver& terms);
    ~AssumingSolver();
    AssumingSolver(const AssumingSolver&) = delete;
    AssumingSolver& operator=(const AssumingSolver&) = delete;

    void add(Term fact);  // for good
    // A proposition that implies `formula`, made once per formula (Z3 shares equal terms)
    // and kept for good: assumed in any number of checks with no scope to open and close,
    // so that what the solver learns stays.
    Term proxy(Term formula);
    // Z3 decides every proxy in every check: past a few thousand they slow it down. A
    // fresh Z3 solver with the facts added so far, and no proxies (those made before must
    // not be assumed again).
    void renew();
    [[nodiscard]] std::size_t proxies() const;

    // Satisfiability of the facts with every proposition of `assumptions` true (each a
    // Boolean constant made by Solver::fresh_proposition).
    Answer check(std::span<const Term> assumptions);
    // After unsat: the assumptions Z3 needed (a subset of those given, not minimal).
    [[nodiscard]] std::vector<Term> core() const;
    // After sat: a conjunction of literals over the point variables that implies
    // ∃ (everything else). `formula` and holds in the model (Z3's model-based projection);
    // nothing when the projection keeps other constants or fails.
    std::optional<Term> project_by_model(Term formula);
    // After sat: the value of an integer term in the model, completed.
    Number value(Term t);

    [[nodiscard]] std::uint64_t checks() const { return checks_; }
    [[nodiscard]] double time_s() const { return time_s_; }

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    std::uint64_t checks_ = 0;
    double time_s_ = 0;
};

}  // namespace clpi::solver
