// A thread that enforces the limits of a run while the engine is inside one long solver
// call: the engine looks at its limits once per node, but a single Z3 call (a projection,
// a non-linear check) can run far past a timeout. The watchdog looks every 50 ms, and at once
// when woken by alert_all() (an engine beside the search answered, or a run is being
// stopped), and, once a limit is passed, interrupts the solver until the run ends. It is the
// only limit inside a call: Z3's own per-call timeout arms a timer at every check, which
// doubled the time of runs made of thousands of small checks.
#pragma once

#include <functional>
#include <thread>

namespace clpi::engine {

class Watchdog {
public:
    // `passed` is called from the watchdog's thread and must be safe to call there;
    // `interrupt` likewise (Z3's context interrupt is).
    Watchdog(std::function<bool()> passed, std::function<void()> interrupt);
    ~Watchdog();
    Watchdog(const Watchdog&) = delete;
    Watchdog& operator=(const Watchdog&) = delete;

    // Makes every watchdog of the process look at its limits now: called where a flag that
    // they watch has just been set, so that the engines it stops do not run on for a tick.
    static void alert_all();

private:
    void watch();

    std::function<bool()> passed_;
    std::function<void()> interrupt_;
    bool done_ = false;  // under the watchdogs' common mutex
    std::thread thread_;
};

}  // namespace clpi::engine
