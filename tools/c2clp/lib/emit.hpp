// Printing a Flow as CLP text: one predicate `p(Point, State...)`, globals first in the
// state, one rule per alternative of each transition, `name` and `line` directives.
#pragma once

#include <string>
#include <vector>

#include "c2clp/convert.hpp"
#include "flow.hpp"

namespace c2clp {

// The state vector: globals first, then the others in the order they appeared.
std::vector<VarId> state_order(const Flow& flow);

// The CLP text. `rules`, when given, gets the transition each rule comes from, in the
// order of the rules (nothing for the rule that ends a path at a point without
// transitions).
std::string emit_clp(const Flow& flow, const std::string& source, const Options& options,
                     std::vector<const Edge*>* rules = nullptr);

// What a witness of the C program needs beyond the CLP text, as JSON (see
// `c2clp --help`, --witness-map): the state's C names, the loop heads with the variables
// in scope there, and per rule the C decisions it makes and the call it fails at.
std::string witness_map_json(const Flow& flow, const std::vector<const Edge*>& rules,
                             const std::string& source, const std::string& source_text,
                             const Options& options);

}  // namespace c2clp
