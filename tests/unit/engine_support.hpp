// Helpers for the engine tests: parse a program from text, run a strategy, generate the
// scaling families of the engine benchmarks.
#pragma once

#include <string>
#include <string_view>

#include <doctest/doctest.h>

#include "clpi/engine.hpp"
#include "clpi/parse.hpp"

namespace doctest {
template <>
struct StringMaker<clpi::Verdict> {
    static String convert(clpi::Verdict v) { return clpi::to_string(v); }
};
template <>
struct StringMaker<clpi::UnknownReason> {
    static String convert(clpi::UnknownReason r) { return clpi::to_string(r); }
};
}  // namespace doctest

namespace clpi::test {

inline Program must_parse(std::string_view text, const std::string& name = "test.clp") {
    Diagnostics diags;
    auto p = parse_program(text, name, diags);
    if (!p) FAIL_CHECK(format_diagnostics(diags, text));
    REQUIRE(p.has_value());
    return std::move(*p);
}

inline Result run(std::string_view text, Strategy s = Strategy::bounded,
                  std::optional<std::uint32_t> unroll = std::nullopt) {
    Program p = must_parse(text);
    Options o;
    o.strategy = s;
    o.unroll = unroll;
    return verify(p, o);
}

// q = 1; n times: if (*) x = x + 1 else x = x + 2; if (q == 0) error
// The property does not depend on x: with interpolation the tree is linear in n.
inline std::string diamonds(int n) {
    std::string s = "?- p(0, Q, X).\np(0, Q, X) :- p(1, Q1, X), Q1 = 1.\n";
    for (int k = 1; k <= n; ++k) {
        std::string from = std::to_string(k), to = std::to_string(k + 1);
        s += "p(" + from + ", Q, X) :- p(" + to + ", Q, X1), X1 = X + 1.\n";
        s += "p(" + from + ", Q, X) :- p(" + to + ", Q, X1), X1 = X + 2.\n";
    }
    s += "p(" + std::to_string(n + 1) + ", Q, X) :- error, Q = 0.\n";
    return s;
}

// The TRACER-X motivating example without the heap, MAX = n (two identical branches per
// iteration): x = input(); for (i = 0; i < MAX; i++) { if (*) y = x + 1; else y = x + 1;
// x = y; } assert(y >= MAX + x0). Safe; its loop needs an unroll bound above n.
inline std::string tracerx(int n) {
    std::string m = std::to_string(n);
    return "?- p(0, N, X, Y, I).\n"
           "p(0, N, X, Y, I) :- p(1, N, X1, Y1, I1), X1 = N, Y1 = N, I1 = 0.\n"
           "p(1, N, X, Y, I) :- p(2, N, X, Y, I), I < " + m + ".\n"
           "p(1, N, X, Y, I) :- p(3, N, X, Y, I), I >= " + m + ".\n"
           "p(2, N, X, Y, I) :- p(4, N, X, Y1, I), Y1 = X + 1.\n"
           "p(2, N, X, Y, I) :- p(4, N, X, Y1, I), Y1 = X + 1.\n"
           "p(4, N, X, Y, I) :- p(1, N, Y, Y, I1), I1 = I + 1.\n"
           "p(3, N, X, Y, I) :- error, Y < " + m + " + N.\n";
}

}  // namespace clpi::test
