// Time, memory and interrupt limits of a run, and the progress callback's clock.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>

#include "clpi/engine.hpp"
#include "clpi/result.hpp"

namespace clpi::engine {

class Limits {
public:
    explicit Limits(const Options& o);
    // Checked once per node; cheap. Returns why the run must stop, if it must.
    std::optional<UnknownReason> exceeded();
    // The same test without side effects, safe to call from another thread (the watchdog):
    // reads the interrupt flag, the clock and, when a memory limit is set, /proc.
    [[nodiscard]] std::optional<UnknownReason> passed() const;
    [[nodiscard]] double elapsed_s() const;
    // True about twice a second.
    bool progress_due();

private:
    const Options& options_;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point last_progress_;
    std::uint64_t ticks_ = 0;
};

// The limits of an engine beside the search (bounded model checking, property-directed
// reachability): a flag another thread sets to stop it, and a time limit (0: none).
class StopOrDeadline {
public:
    StopOrDeadline(const std::atomic<bool>* stop, double timeout_s)
        : stop_(stop), timeout_s_(timeout_s), start_(std::chrono::steady_clock::now()) {}
    [[nodiscard]] double elapsed_s() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }
    // By the flag (rather than the clock).
    [[nodiscard]] bool stopped() const { return stop_ && stop_->load(std::memory_order_relaxed); }
    // Either; safe to call from another thread (a watchdog).
    [[nodiscard]] bool over() const { return stopped() || (timeout_s_ > 0 && elapsed_s() >= timeout_s_); }
    // Why it ended: "stopped" or "timeout".
    [[nodiscard]] const char* why() const { return stopped() ? "stopped" : "timeout"; }

private:
    const std::atomic<bool>* stop_;
    double timeout_s_;
    std::chrono::steady_clock::time_point start_;
};

// Resident memory of this process now, and its peak, in MB (from /proc/self/status).
double current_memory_mb();
double peak_memory_mb();

}  // namespace clpi::engine
