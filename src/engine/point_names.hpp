// Names for a point's state positions, for formulas shown to people (trees, invariants,
// certificates).
#pragma once

#include <string>
#include <vector>

#include "clpi/program.hpp"

namespace clpi::engine {

// The variable names of the point's first rule head (V1, V2, ... where a position holds a
// constant, or where the point has no rules).
[[nodiscard]] std::vector<std::string> point_names(const Program& program, PointId p);

// The names made distinct (a head such as p(1, X, X) names two positions alike): a repeated
// name becomes V<position>, primed until it is new.
[[nodiscard]] std::vector<std::string> distinct_names(std::vector<std::string> names);

}  // namespace clpi::engine
