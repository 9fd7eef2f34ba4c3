// Printing a Flow as CLP text: one predicate `p(Point, State...)`, globals first in the
// state, one rule per alternative of each transition, `name` and `line` directives.
#pragma once

#include <string>

#include "c2clp/convert.hpp"
#include "flow.hpp"

namespace c2clp {

std::string emit_clp(const Flow& flow, const std::string& source, const Options& options);

}  // namespace c2clp
