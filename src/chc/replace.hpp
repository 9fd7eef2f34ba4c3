// Replacing subterms of a quantifier-free Z3 term, as Z3's substitute and substitute_vars
// make the result (each application whose arguments changed made again over the new ones,
// nothing rewritten), without them. They run Z3's rewriter, set up afresh at each call and
// on code the import touches nowhere else: in a fresh process their first calls cost about
// a tenth of the import of a small problem (hopv zip01: 0.92 against 0.78 ms with them
// called once before), and the import calls them for every clause and round of
// definitions.
#pragma once

#include <z3++.h>

namespace clpi::chc {

// `e` with each term of `from` replaced by the term at the same place in `to` (a replaced
// term's own subterms are not looked at, nor is what replaces it).
[[nodiscard]] z3::expr replace(const z3::expr& e, const z3::expr_vector& from, const z3::expr_vector& to);

// `body` with its free variable of de Bruijn index i replaced by `instances[i]` (the
// matrix of a quantifier, its variables instantiated).
[[nodiscard]] z3::expr replace_bound(const z3::expr& body, const z3::expr_vector& instances);

}  // namespace clpi::chc
