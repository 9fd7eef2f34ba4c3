#include "engine/limits.hpp"

#include <fstream>
#include <string>

namespace clpi::engine {

namespace {
double status_field_mb(const char* field) {
    std::ifstream in("/proc/self/status");
    std::string key;
    while (in >> key) {
        if (key == field) {
            double kb = 0;
            in >> kb;
            return kb / 1024.0;
        }
        std::string rest;
        std::getline(in, rest);
    }
    return 0;
}
}  // namespace

double current_memory_mb() { return status_field_mb("VmRSS:"); }
double peak_memory_mb() { return status_field_mb("VmHWM:"); }

Limits::Limits(const Options& o)
    : options_(o), start_(std::chrono::steady_clock::now()), last_progress_(start_) {}

double Limits::elapsed_s() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

std::optional<UnknownReason> Limits::exceeded() {
    if ((options_.interrupt && options_.interrupt->load(std::memory_order_relaxed)) ||
        (options_.cancel && options_.cancel->load(std::memory_order_relaxed))) {
        return UnknownReason::interrupted;
    }
    if (options_.timeout_s > 0 && elapsed_s() >= options_.timeout_s) return UnknownReason::timeout;
    // Reading /proc costs a few microseconds: look every 64 nodes.
    if (options_.memory_limit_mb > 0 && (++ticks_ % 64) == 0 &&
        current_memory_mb() > static_cast<double>(options_.memory_limit_mb)) {
        return UnknownReason::memory;
    }
    return std::nullopt;
}

std::optional<UnknownReason> Limits::passed() const {
    if ((options_.interrupt && options_.interrupt->load(std::memory_order_relaxed)) ||
        (options_.cancel && options_.cancel->load(std::memory_order_relaxed))) {
        return UnknownReason::interrupted;
    }
    if (options_.timeout_s > 0 && elapsed_s() >= options_.timeout_s) return UnknownReason::timeout;
    if (options_.memory_limit_mb > 0 &&
        current_memory_mb() > static_cast<double>(options_.memory_limit_mb)) {
        return UnknownReason::memory;
    }
    return std::nullopt;
}

bool Limits::progress_due() {
    auto now = std::chrono::steady_clock::now();
    if (now - last_progress_ < std::chrono::milliseconds(500)) return false;
    last_progress_ = now;
    return true;
}

}  // namespace clpi::engine
