// Node counts that show what interpolation buys: linear trees where path enumeration is
// exponential. Counts, never times.
#include "engine_support.hpp"

using namespace clpi;
using clpi::test::diamonds;

namespace {
std::uint64_t nodes(const std::string& text, Strategy s,
                    std::optional<std::uint32_t> unroll = std::nullopt) {
    Result r = clpi::test::run(text, s, unroll);
    CHECK(r.verdict == Verdict::safe);
    return r.stats.nodes;
}
}  // namespace

TEST_CASE("diamonds: bounded is linear in n") {
    std::uint64_t n20 = nodes(diamonds(20), Strategy::bounded);
    std::uint64_t n40 = nodes(diamonds(40), Strategy::bounded);
    INFO("nodes(20) = " << n20 << ", nodes(40) = " << n40);
    CHECK(static_cast<double>(n40) / static_cast<double>(n20) <= 2.2);
}

TEST_CASE("diamonds: dse doubles per diamond") {
    for (int n = 6; n <= 9; ++n) {
        std::uint64_t a = nodes(diamonds(n), Strategy::dse);
        std::uint64_t b = nodes(diamonds(n + 1), Strategy::dse);
        INFO("n = " << n << ": " << a << " -> " << b);
        CHECK(static_cast<double>(b) / static_cast<double>(a) >= 1.9);
    }
}

TEST_CASE("TRACER-X motivating example without the heap: SAFE, linear in MAX") {
    using clpi::test::tracerx;
    std::uint64_t n15 = nodes(tracerx(15), Strategy::bounded, 16u);
    std::uint64_t n30 = nodes(tracerx(30), Strategy::bounded, 31u);
    std::uint64_t n60 = nodes(tracerx(60), Strategy::bounded, 61u);
    INFO("nodes(15) = " << n15 << ", nodes(30) = " << n30 << ", nodes(60) = " << n60);
    CHECK(static_cast<double>(n30) / static_cast<double>(n15) <= 2.2);
    CHECK(static_cast<double>(n60) / static_cast<double>(n30) <= 2.2);
}
