// Node counts that show what interpolation buys: linear trees where path enumeration is
// exponential. Counts, never times.
#include "engine_support.hpp"

using namespace clpi;
using clpi::test::diamonds;

namespace {
std::uint64_t nodes(const std::string& text, Strategy s) {
    Result r = clpi::test::run(text, s);
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
