// Counterexamples: concrete values for a path to an error, taken from a solver model and
// replayed through the rules with exact arithmetic before anyone sees them.
#pragma once

#include <cstdint>
#include <vector>

#include "clpi/program.hpp"
#include "clpi/result.hpp"
#include "solver/solver.hpp"

namespace clpi::engine {

// One reduction on the path: the query (first) or a rule, with the terms of its variables.
struct PathStep {
    bool is_query = false;
    std::uint32_t rule = 0;                 // index into Program::rules
    std::vector<solver::Term> binding;      // term of each clause variable
};

// Builds the counterexample from the solver's current model (of the whole path) and replays
// it. Throws InternalError when the replay fails: that would be a bug, never an answer.
Counterexample make_counterexample(solver::Solver& s, const Program& program,
                                   const std::vector<PathStep>& path);

// Evaluates the path on the given values of each step's variables; returns an empty string
// when every head, constraint and body checks, else what failed.
std::string replay(const Program& program, const std::vector<PathStep>& path,
                   const std::vector<std::vector<solver::Value>>& values);

std::string value_text(const solver::Value& v);

}  // namespace clpi::engine
