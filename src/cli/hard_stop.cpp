#include "cli/hard_stop.hpp"

#include <algorithm>
#include <chrono>

namespace clpi::cli {

HardStop::HardStop(double after_s, std::function<void()> on_expiry)
    : thread_([this, after_s, fire = std::move(on_expiry)] {
          std::unique_lock<std::mutex> lock(mutex_);
          auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                              std::chrono::duration<double>(after_s));
          if (!wake_.wait_until(lock, deadline, [this] { return cancelled_; })) fire();
      }) {}

HardStop::~HardStop() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        cancelled_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

double hard_stop_grace_s(double timeout_s) { return std::max(2.0, timeout_s / 10); }

}  // namespace clpi::cli
