// The program read backwards: a derivation of the reversed program from its query is a
// derivation of the original from an error back to the query, step by step. The original
// is safe exactly when the reversed one is, and an invariant of one is the complement of
// an invariant of the other.
//
// Why: the search follows the rules from the query, and its interpolants and loop
// candidates describe the states reached from there. Where the property is simple seen
// from the error and the reachable states are not (a program encoded as the continuation
// of each point, where the rules run from the program's end to its start; a disequality
// kept by a loop, which no convex candidate states), the reversed search finds the
// invariant that the forward one cannot.
#pragma once

#include <optional>
#include <string>

#include "clpi/program.hpp"
#include "clpi/result.hpp"

namespace clpi::engine {

// The reversed program: query `?- <start>.` with `<start>` a new predicate (no arguments);
// every error rule `p(X) :- error, C` becomes `<start> :- p(X), C`; every rule
// `p(X) :- q(Y), C` becomes `q(Y) :- p(X), C`; the query `?- p(X), C` becomes the error
// rule `p(X) :- error, C`. Rules that end a path normally cannot lead to an error and are
// left out. Point names and lines are kept. Nothing when the reversed program fails the
// checks (which a checked program's reverse passes).
[[nodiscard]] std::optional<Program> reverse_program(const Program& program);

// The original's certificate from a SAFE of the reversed program: at each point, the
// negation of the reversed program's formula there (the states from which an error can be
// reached lie within that formula), and `true` at a point the reversed program lacks (no
// error can be reached from it). Nothing, with the reason in `why`, when a formula cannot
// be read back.
[[nodiscard]] std::optional<Certificate> certificate_from_reverse(const Program& original,
                                                                  const Program& reversed,
                                                                  const Certificate& certificate,
                                                                  std::string& why);

}  // namespace clpi::engine
