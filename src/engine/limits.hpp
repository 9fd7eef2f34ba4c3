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

// Resident memory of this process now, and its peak, in MB (from /proc/self/status).
double current_memory_mb();
double peak_memory_mb();

}  // namespace clpi::engine
