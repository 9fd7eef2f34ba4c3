#include "engine/watchdog.hpp"

#include <chrono>

namespace clpi::engine {

Watchdog::Watchdog(std::function<bool()> passed, std::function<void()> interrupt)
    : passed_(std::move(passed)), interrupt_(std::move(interrupt)), thread_([this] { watch(); }) {}

Watchdog::~Watchdog() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        done_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

void Watchdog::watch() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!done_) {
        wake_.wait_for(lock, std::chrono::milliseconds(50));
        if (done_) break;
        // Interrupting again at every tick also stops a call that began after the last one.
        if (passed_()) interrupt_();
    }
}

}  // namespace clpi::engine
