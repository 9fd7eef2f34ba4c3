// Linear terms of SMT-LIB arithmetic, read exactly (rationals): what the checks at sight
// compare in a normal form (at_sight.cpp) and what the linear refutation eliminates
// (linear_refutation.cpp).
#pragma once

#include <optional>

#include "chc/sexpr.hpp"

namespace clpi::sexpr {

// Adds factor · n to a linear term: numbers to `constant`, through `+`, `-`, a product with
// numbers, a quotient by a number and `to_real`; any other term (a constant's name, `mod`,
// `select`, a product of unknowns, ...) goes to `unknown(term, factor)`, which says whether
// it takes it. False when a part is not taken.
template <class Unknown>
bool add_linear(const Node& n, const Rational& factor, Rational& constant, const Unknown& unknown) {
    if (std::optional<Rational> v = number(n)) {
        constant += factor * *v;
        return true;
    }
    if (is_apply(n, "+")) {
        for (std::size_t k = 1; k < n.kids.size(); ++k) {
            if (!add_linear(n.kids[k], factor, constant, unknown)) return false;
        }
        return true;
    }
    if (is_apply(n, "-") && n.kids.size() >= 2) {
        for (std::size_t k = 1; k < n.kids.size(); ++k) {
            if (!add_linear(n.kids[k], k == 1 && n.kids.size() > 2 ? factor : -factor, constant, unknown)) return false;
        }
        return true;
    }
    if (is_apply(n, "*")) {
        Rational product = 1;
        const Node* other = nullptr;  // the one factor that is not a number
        bool linear = true;
        for (std::size_t k = 1; k < n.kids.size(); ++k) {
            if (std::optional<Rational> v = number(n.kids[k])) {
                product *= *v;
            } else if (other == nullptr) {
                other = &n.kids[k];
            } else {
                linear = false;
            }
        }
        if (linear && other == nullptr) {
            constant += factor * product;
            return true;
        }
        if (linear) return add_linear(*other, factor * product, constant, unknown);
    }
    if (is_apply(n, "/") && n.kids.size() == 3) {
        std::optional<Rational> by = number(n.kids[2]);
        if (by && *by != 0) return add_linear(n.kids[1], factor / *by, constant, unknown);
    }
    if (is_apply(n, "to_real") && n.kids.size() == 2) return add_linear(n.kids[1], factor, constant, unknown);
    return unknown(n, factor);
}

}  // namespace clpi::sexpr
