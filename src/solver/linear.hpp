// Linear forms over point variables, read off Z3 terms.
#pragma once

#include <cstdint>
#include <map>
#include <optional>

#include <z3++.h>

#include "clpi/program.hpp"

namespace clpi::solver {

// sum of coefficient * point variable + constant
struct Linear {
    std::map<std::uint32_t, Number> coefficients;
    Number constant = 0;

    void add(const Linear& o, const Number& factor) {
        for (const auto& [i, c] : o.coefficients) {
            Number& mine = coefficients[i];
            mine += factor * c;
            if (mine == 0) coefficients.erase(i);
        }
        constant += factor * o.constant;
    }
};

// `e` as a linear form over point variables, or nothing when it is not one.
std::optional<Linear> linear(const z3::expr& e);

// A comparison as `form` (op) 0, op one of =< and =.
struct Row {
    Linear form;
    bool equation = false;
};

// A linear comparison (with `negations`, also the negation of one) as a row; over the
// integers a strict d < 0 becomes d + 1 =< 0. Nothing for anything else, a disequation, or a
// strict comparison over the reals.
std::optional<Row> comparison_row(const z3::expr& t, bool integer, bool negations);

}  // namespace clpi::solver
