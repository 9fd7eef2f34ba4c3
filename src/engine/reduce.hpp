// One step of goal reduction: a rule applied to a goal, renamed apart (DESIGN.md section 2).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "clpi/program.hpp"
#include "solver/solver.hpp"

namespace clpi::engine {

using solver::Term;

// The result of applying a rule (or the query) to a goal's state.
struct Transition {
    std::uint32_t rule = 0;               // index into Program::rules; unused for the query
    BodyKind kind = BodyKind::atom;
    PointId next_point = no_point;        // for atom bodies
    std::vector<Term> binding;            // the term of each rule variable (VarId)
    std::vector<Term> constraints;        // the new cells: head matching, rule constraints,
                                          // "divisor != 0" side conditions
    std::vector<Term> next_state;         // for atom bodies: the child's state terms
    std::vector<Term> fresh;              // the new variables this step introduced
    std::vector<std::string> labels;      // with `labels`: each constraint in CLP syntax
};

// Whether taking the rule reaches an error: an `error` body, or an atom of a point that
// does not exist.
inline bool leads_to_error(const Rule& r) {
    return r.body_kind == BodyKind::error || (r.body_kind == BodyKind::atom && r.body_point == no_point);
}

// The state variables' types of a point, in state order.
std::vector<Type> state_types(const Program& program, PointId point);

// The root goal: the query's variables are fresh; its constraints are the root's cells.
Transition start(solver::Solver& s, const Program& program, bool labels = false);

// Applies rule `rule_index` to a goal at the rule's head point with state `state`. Head
// arguments are matched by substitution where the variable is new, by equations otherwise.
Transition apply_rule(solver::Solver& s, const Program& program, std::uint32_t rule_index,
                      std::span<const Term> state, bool labels = false);

}  // namespace clpi::engine
