// Formulas over point variables, read once off their Z3 terms and then evaluated at a state
// of values without Z3: a memo entry is tried against the last model at every goal of its
// point, and building the instance (a substitution) and evaluating it in Z3 cost more than
// the rest of the test.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include <z3++.h>

#include "solver/linear.hpp"

namespace clpi::solver {

struct PointFormula {
    // Atoms compare `difference` (lhs - rhs) with 0.
    enum class Op { all, any, negation, at_most, below, equal, unequal, truth, falsity };
    Op op = Op::truth;
    std::vector<PointFormula> args;  // of all, any, negation
    Linear difference;               // of the comparisons
};

// `e` as a PointFormula: Boolean connectives over linear comparisons of point variables;
// nothing for anything else (arrays, div and mod, ...).
std::optional<PointFormula> point_formula(const z3::expr& e);

// The truth of `f` where point variable i has the value `value(i)`; nothing when a value
// is missing (`value` returns nullptr).
std::optional<bool> evaluate(const PointFormula& f,
                             const std::function<const Number*(std::uint32_t)>& value);

}  // namespace clpi::solver
