// Helpers for the engine tests: parse a program from text, run a strategy, generate the
// scaling families of the engine benchmarks.
#pragma once

#include <string>
#include <string_view>

#include <doctest/doctest.h>

#include "clpi/engine.hpp"
#include "clpi/parse.hpp"

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

}  // namespace clpi::test
