// Projection without the quantifier-elimination tactic, for the common case.
//
// Most projections only rename: the state equations `$i = x` and the definitions of a path
// (`I1 = I + 4`) say what each variable to eliminate is, and ∃v. (v = t ∧ φ) is φ[t/v] when
// v does not occur in t. Z3's tactic pipeline (simplify, qe-light, qe, simplify) does the
// same, at 200 to 400 µs a call, where this takes 20 to 40 µs. The definitions are chosen
// by the rules of qe-light's equality resolution, so the interpolants are the tactic's
// formulas: on every program of clp/ and examples/ the same up to the order of conjuncts
// (here the order of the constraints they come from); on 3 of the 55 extra-small-lia
// instances also up to the order of summands and a repeated conjunct.
#pragma once

#include <optional>
#include <vector>

#include <z3++.h>

namespace clpi::solver {

// ∃ variables. conjunction, without quantifiers, when every variable is defined by an
// equation of the conjunction (an Int, Real or Bool variable alone on one side and absent
// from the other, or an arithmetic one with coefficient ±1 on its own summand) or occurs in
// no other conjunct; the conjuncts come back substituted, not simplified. Nothing when a
// variable is left (bounds only, inside mod, an array): the caller eliminates it otherwise.
std::optional<z3::expr> eliminate_by_definitions(const z3::expr& conjunction,
                                                 const std::vector<z3::expr>& variables);

// ∃ the array variables among `variables`. conjunction, as a formula over the others and
// fresh element variables (added to `variables`, the arrays removed): an array defined by an
// equation is substituted; `t = store(X, i, v)` becomes `t[i] = v ∧ X = store(t, i, u)`, u
// fresh, which undoes a write; an array left only in reads a[j] has each read replaced by a
// fresh value, equal where the indices are (Ackermann's reduction). Exact, not an
// approximation. Nothing when an array is left in another position.
// The variables of `variables` that equations define, substituted away (as many rounds as
// make progress); `variables` keeps the others. Reads of stores whose indices then
// compare as constants are resolved: after the arrays are gone, `select(store(M, Y, u), X)`
// with Y and X defined as different addresses reads M at X.
z3::expr substitute_definitions(const z3::expr& conjunction, std::vector<z3::expr>& variables);

// Every read of a store, select(store(a, i, v), j), as ite(i = j, v, select(a, j)): what
// quantifier elimination over integers can take apart when v is to be eliminated.
// `cases` counts the ite's made.
z3::expr reads_through_stores(const z3::expr& e, std::size_t& cases);

std::optional<z3::expr> eliminate_arrays(const z3::expr& conjunction, std::vector<z3::expr>& variables);

}  // namespace clpi::solver
