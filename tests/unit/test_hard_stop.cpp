// The CLI's last resort against a solver call that ignores the time limit's interrupt.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "cli/hard_stop.hpp"

using clpi::cli::HardStop;
using clpi::cli::hard_stop_grace_s;

TEST_CASE("hard stop: a run that ends in time cancels it, and it never fires") {
    std::atomic<bool> fired{false};
    {
        HardStop stop(3600, [&] { fired = true; });
    }  // destroyed at once: the wait is cancelled, not sat out
    CHECK(!fired);
}

TEST_CASE("hard stop: a run still going after the grace period meets it once") {
    std::atomic<int> fired{0};
    {
        HardStop stop(0.01, [&] { ++fired; });
        for (int i = 0; i < 1000 && fired == 0; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    }
    CHECK(fired == 1);
}

TEST_CASE("hard stop: the grace is 2 s, or a tenth of a longer limit") {
    CHECK(hard_stop_grace_s(1) == 2.0);
    CHECK(hard_stop_grace_s(20) == 2.0);
    CHECK(hard_stop_grace_s(60) == doctest::Approx(6.0));
}
