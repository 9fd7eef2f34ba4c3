// Linear terms of SMT-LIB arithmetic: what the checks at sight compare in a normal form
// (at_sight.cpp) and what the linear refutation eliminates (linear_refutation.cpp). Read in
// 64-bit integers first, the common case (integer numerals, small coefficients), and exactly
// (rationals) where a number does not fit there.
#pragma once

#include <optional>
#include <string>

#include "chc/sexpr.hpp"

namespace clpi::sexpr {

// The numbers a linear term is read in, with their arithmetic. `fits` goes false when a
// value cannot be represented (then the reading stops, and the caller reads again exactly).
template <class Value>
struct Numbers;

template <>
struct Numbers<Rational> {
    bool fits = true;
    std::optional<Rational> number(const Node& n) const { return sexpr::number(n); }
    Rational plus(const Rational& a, const Rational& b) const { return a + b; }
    Rational times(const Rational& a, const Rational& b) const { return a * b; }
    Rational negated(const Rational& a) const { return -a; }
    // a / b, b not 0.
    Rational quotient(const Rational& a, const Rational& b) const { return a / b; }
};

// 64-bit integers. The smallest one does not fit either: it has no negation.
template <>
struct Numbers<long long> {
    bool fits = true;

    std::optional<long long> number(const Node& n) {
        if (!n.list) {
            const std::string& t = n.text;
            if (t.empty() || t[0] < '0' || t[0] > '9') return std::nullopt;
            long long v = 0;
            std::size_t k = 0;
            for (; k < t.size() && t[k] >= '0' && t[k] <= '9'; ++k) {
                if (__builtin_mul_overflow(v, 10LL, &v) || __builtin_add_overflow(v, static_cast<long long>(t[k] - '0'), &v)) {
                    return lost();
                }
            }
            if (k == t.size()) return v;
            // A decimal is an integer when its fraction is zeros (`3.0`, a real's numeral).
            bool zeros = t[k] == '.' && k + 1 < t.size();
            for (std::size_t j = k + 1; zeros && j < t.size(); ++j) zeros = t[j] == '0';
            return zeros ? std::optional<long long>(v) : lost();
        }
        if (n.kids.size() < 2 || n.kids[0].list) return std::nullopt;
        if (n.kids.size() == 2 && n.kids[0].text == "-") {
            if (std::optional<long long> v = number(n.kids[1])) return negated(*v);
            return std::nullopt;
        }
        if (n.kids.size() == 3 && n.kids[0].text == "/") {
            std::optional<long long> a = number(n.kids[1]);
            if (!a) return std::nullopt;
            std::optional<long long> b = number(n.kids[2]);
            if (!b || *b == 0) return std::nullopt;
            return quotient(*a, *b);
        }
        return std::nullopt;
    }
    long long plus(long long a, long long b) {
        long long r = 0;
        return __builtin_add_overflow(a, b, &r) || r == min ? lost() : r;
    }
    long long times(long long a, long long b) {
        long long r = 0;
        return __builtin_mul_overflow(a, b, &r) || r == min ? lost() : r;
    }
    long long negated(long long a) const { return -a; }  // a is never the smallest
    long long quotient(long long a, long long b) { return a % b == 0 ? a / b : lost(); }

private:
    static constexpr long long min = -9223372036854775807LL - 1;
    long long lost() {
        fits = false;
        return 0;
    }
};

// Adds factor · n to a linear term: numbers to `constant`, through `+`, `-`, a product with
// numbers, a quotient by a number and `to_real`; any other term (a constant's name, `mod`,
// `select`, a product of unknowns, ...) goes to `unknown(term, factor)`, which says whether
// it takes it. False when a part is not taken, or a number does not fit (`num.fits` false).
template <class Value, class Unknown>
bool add_linear(const Node& n, const Value& factor, Value& constant, Numbers<Value>& num, const Unknown& unknown) {
    if (std::optional<Value> v = num.number(n)) {
        constant = num.plus(constant, num.times(factor, *v));
        return num.fits;
    }
    if (!num.fits) return false;
    if (is_apply(n, "+")) {
        for (std::size_t k = 1; k < n.kids.size(); ++k) {
            if (!add_linear(n.kids[k], factor, constant, num, unknown)) return false;
        }
        return true;
    }
    if (is_apply(n, "-") && n.kids.size() >= 2) {
        for (std::size_t k = 1; k < n.kids.size(); ++k) {
            const Value f = k == 1 && n.kids.size() > 2 ? factor : num.negated(factor);
            if (!add_linear(n.kids[k], f, constant, num, unknown)) return false;
        }
        return true;
    }
    if (is_apply(n, "*")) {
        Value product = 1;
        const Node* other = nullptr;  // the one factor that is not a number
        bool linear = true;
        for (std::size_t k = 1; k < n.kids.size(); ++k) {
            if (std::optional<Value> v = num.number(n.kids[k])) {
                product = num.times(product, *v);
            } else if (other == nullptr) {
                other = &n.kids[k];
            } else {
                linear = false;
            }
        }
        if (!num.fits) return false;
        if (linear && other == nullptr) {
            constant = num.plus(constant, num.times(factor, product));
            return num.fits;
        }
        if (linear) {
            const Value f = num.times(factor, product);
            return num.fits && add_linear(*other, f, constant, num, unknown);
        }
    }
    if (is_apply(n, "/") && n.kids.size() == 3) {
        std::optional<Value> by = num.number(n.kids[2]);
        if (by && *by != 0) {
            const Value f = num.quotient(factor, *by);
            return num.fits && add_linear(n.kids[1], f, constant, num, unknown);
        }
        if (!num.fits) return false;
    }
    if (is_apply(n, "to_real") && n.kids.size() == 2) return add_linear(n.kids[1], factor, constant, num, unknown);
    return unknown(n, factor) && num.fits;
}

}  // namespace clpi::sexpr
