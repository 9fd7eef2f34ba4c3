#include "engine/watchdog.hpp"

#include <chrono>
#include <cstdint>
#include <condition_variable>
#include <mutex>

namespace clpi::engine {

namespace {
// One mutex and one condition for all watchdogs, so that alert_all() reaches each of them
// (a handful at most: the search and the engines beside it).
std::mutex& watch_mutex() {
    static std::mutex m;
    return m;
}
std::condition_variable& watch_wake() {
    static std::condition_variable c;
    return c;
}
// Counts the alerts, under the mutex: one that comes while a watchdog looks is not lost.
std::uint64_t alerts = 0;
}  // namespace

Watchdog::Watchdog(std::function<bool()> passed, std::function<void()> interrupt)
    : passed_(std::move(passed)), interrupt_(std::move(interrupt)), thread_([this] { watch(); }) {}

Watchdog::~Watchdog() {
    {
        std::lock_guard<std::mutex> lock(watch_mutex());
        done_ = true;
    }
    watch_wake().notify_all();
    thread_.join();
}

void Watchdog::alert_all() {
    {
        std::lock_guard<std::mutex> lock(watch_mutex());
        ++alerts;
    }
    watch_wake().notify_all();
}

void Watchdog::watch() {
    std::unique_lock<std::mutex> lock(watch_mutex());
    std::uint64_t seen = alerts;
    while (!done_) {
        watch_wake().wait_for(lock, std::chrono::milliseconds(50), [&] { return done_ || alerts != seen; });
        if (done_) break;
        seen = alerts;
        // Interrupting again at every tick also stops a call that began after the last one.
        // (Outside the common mutex: one watchdog's look, which may read /proc for the
        // memory in use, does not hold up the others.)
        lock.unlock();
        if (passed_()) interrupt_();
        lock.lock();
    }
}

}  // namespace clpi::engine
