// S-expressions as SMT-LIB writes them: what the checks at sight (at_sight.hpp) and the
// linear refutation (linear_refutation.hpp) read a certificate's formulas into.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/multiprecision/cpp_int.hpp>

namespace clpi::sexpr {

// An s-expression: a symbol, number or quoted symbol as text, or a list.
struct Node {
    std::string text;  // an atom's text; empty for a list
    std::vector<Node> kids;
    bool list = false;
    // What at_sight's key_of gives, once asked (never empty); emptied when a term inside is
    // replaced.
    mutable std::string keyed;
};

// `text` as one s-expression; nothing when it is not exactly one (a comment, a string
// literal, unbalanced parentheses, nesting deeper than 256 levels).
[[nodiscard]] std::optional<Node> read(std::string_view text);

// A space or a parenthesis: what ends a symbol.
[[nodiscard]] bool delimiter(char c);

// One text per formula, whatever its layout and the order of a commutative operator's
// operands (see print in sexpr.cpp).
[[nodiscard]] std::string text_of(const Node& n);

// Whether `n` applies the operator `op`; whether it or a term inside it applies one of `ops`.
[[nodiscard]] bool is_apply(const Node& n, std::string_view op);
[[nodiscard]] bool has_apply(const Node& n, std::initializer_list<std::string_view> ops);

// A constant's name: an atom that is not a literal. In a formula without binders (lets put
// in, no quantifier) every such atom that is not an operator is a constant of the problem.
[[nodiscard]] bool is_constant(const Node& n);

using Rational = boost::multiprecision::cpp_rational;
using Integer = boost::multiprecision::cpp_int;

// A numeral, a decimal, their negation `(- n)`, or a quotient of two `(/ n m)`.
[[nodiscard]] std::optional<Rational> number(const Node& n);

}  // namespace clpi::sexpr
