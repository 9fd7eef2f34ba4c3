// A last resort for --timeout: a solver call that ignores the interrupt the engine's watchdog
// sends when the time is up (some of Z3's procedures check it only now and then; a
// projection in the helper process is ended at once) must not make the run overrun its
// limit by more than a grace period. After it, `on_expiry` runs on this object's thread; it
// is expected to end the process.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace clpi::cli {

class HardStop {
public:
    HardStop(double after_s, std::function<void()> on_expiry);
    ~HardStop();  // cancels it, when it has not fired
    HardStop(const HardStop&) = delete;
    HardStop& operator=(const HardStop&) = delete;

private:
    std::mutex mutex_;
    std::condition_variable wake_;
    bool cancelled_ = false;
    std::thread thread_;
};

// How long after the time limit a run is ended when it has not stopped by itself: 2 s, or a
// tenth of the limit when that is longer.
[[nodiscard]] double hard_stop_grace_s(double timeout_s);

}  // namespace clpi::cli
