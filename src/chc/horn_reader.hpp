// The SMT-LIB text of a CHC problem, read into Z3 terms without Z3's parser for the part of
// the language CHC-COMP's LIA problems are written in. Z3's parser sets up a command
// context of its own at each call, for every theory it knows: about 0.7 M instructions and
// half a millisecond before it reads the first character, which was half of the import of a
// small problem (hopv Fibonacci00: 0.6 of 1.1 ms).
//
// Commands: set-logic HORN, set-info (skipped), declare-fun and declare-const over Int and
// Bool, assert, check-sat, exit (the last command). Terms: numerals, true/false, symbols
// (quoted or not), let, and/or/not/=>/ite/=/distinct, <=/>=/</>, + - * div mod, and the
// declared functions; `forall` only around a whole assertion (each in the one before) and
// `(not (exists ...))` as a whole assertion. The terms are those Z3's parser makes of the
// same text, its quantifiers instantiated with the constants (the same operators and
// arguments; tests/unit/test_horn_reader.cpp compares them), so what the import does with
// them does not depend on which read them.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <z3++.h>

namespace clpi::chc {

// An assertion with its quantifiers' variables replaced by constants: what the import
// takes apart. Read so, the text's variables become constants as they are read, with no
// quantifier made and instantiated after (Z3's substitution of bound variables).
struct HornClause {
    z3::expr matrix;
    bool negated = false;  // the assertion is (not (exists vars matrix))
    // The constants, with their names in the file: for each quantifier from the outermost,
    // its variables from the last declared to the first (the order of their de Bruijn
    // indices).
    std::vector<std::pair<z3::expr, std::string>> vars;
};

// Makes the constant for variable `k` (counted in the order of HornClause::vars) of
// assertion `assertion` (counted from 0).
using ClauseConstant = std::function<z3::expr(unsigned assertion, unsigned k, const z3::sort& sort)>;

// The assertions of `text` as clauses, in order, their variables made by `constant`;
// nothing when the text steps outside the part above (a `forall` that holds a
// `(not (exists` included), and Z3's parser is to read it (it also says what is wrong with a
// text that is not SMT-LIB, or not well sorted).
[[nodiscard]] std::optional<std::vector<HornClause>> read_horn_clauses(z3::context& ctx, std::string_view text,
                                                                      const ClauseConstant& constant);

}  // namespace clpi::chc
