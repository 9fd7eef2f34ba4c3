// SMT-LIB text of a term, for the checks a second solver runs and the models printed for
// CHC problems. Z3's own printer lays a term out for reading (line breaks, indentation,
// `let` for long subterms) and took 90% of building a certificate; this one writes a line,
// with a `let` only for a long subterm that occurs more than once (so that the text stays
// linear in the term's size).
#pragma once

#include <string>

#include <z3++.h>

namespace clpi::solver {

// The term in SMT-LIB 2.6 syntax. Operators outside those it knows (quantifiers, Z3's own
// internal operators) leave the term to Z3's printer.
[[nodiscard]] std::string smtlib_text(const z3::expr& e);

}  // namespace clpi::solver
