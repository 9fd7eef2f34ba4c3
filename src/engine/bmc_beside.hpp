// Bounded model checking on a thread of its own, beside the search (Options::bmc): it starts
// once the search has run a while (a program the search answers at once never pays for it),
// and a counterexample it finds sets a flag the search stops at (Options::cancel).
#pragma once

#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

#include "clpi/program.hpp"
#include "engine/bmc.hpp"

namespace clpi::engine {

class BmcBeside {
public:
    // Starts the thread, which waits `after_s` seconds, then checks until `timeout_s` (0: no
    // limit) from now, a counterexample, or finish().
    BmcBeside(const Program& program, double after_s, double timeout_s);
    ~BmcBeside();
    BmcBeside(const BmcBeside&) = delete;
    BmcBeside& operator=(const BmcBeside&) = delete;

    // Set when a counterexample is found: the search's Options::cancel.
    [[nodiscard]] const std::atomic<bool>* found_flag() const { return &found_; }

    // Stops the checking (if it still runs) and returns what it found. Call once. Throws
    // InternalError when its counterexample did not replay.
    BmcResult finish();

private:
    void run(double after_s, double timeout_s);
    void stop_and_join();

    const Program& program_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool finishing_ = false;
    bool started_ = false;
    std::atomic<bool> stop_{false};
    std::atomic<bool> found_{false};
    BmcResult result_;
    std::exception_ptr failure_;
    std::thread thread_;  // last: it starts once the members above exist
};

}  // namespace clpi::engine
