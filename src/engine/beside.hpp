// A second engine on a thread of its own, beside the search (bounded model checking,
// property-directed reachability): it starts once the search has run a while (a program the
// search answers at once never pays for it); an answer it finds sets a flag that the search
// stops at (Options::cancel), shared by every engine beside the same search.
#pragma once

#include <atomic>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace clpi::engine {

class Beside {
public:
    // What runs on the thread: given the flag that stops it and the seconds it may take
    // (0: no limit), it returns whether it found an answer.
    using Work = std::function<bool(const std::atomic<bool>& stop, double timeout_s)>;

    // Starts the thread, which waits `after_s` seconds, then works until `timeout_s` (0: no
    // limit) from now, an answer (which sets `answered`), or finish().
    Beside(Work work, double after_s, double timeout_s, std::atomic<bool>& answered);
    ~Beside();
    Beside(const Beside&) = delete;
    Beside& operator=(const Beside&) = delete;

    // Stops the work (if it still runs) and waits for it. Call once. Rethrows an
    // InternalError the work threw (a counterexample that does not replay: a bug); any
    // other exception of a stopped work is dropped.
    void finish();
    [[nodiscard]] bool started() const { return started_; }

private:
    void run(double after_s, double timeout_s);
    void stop_and_join();

    Work work_;
    std::atomic<bool>& answered_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool finishing_ = false;
    bool started_ = false;
    std::atomic<bool> stop_{false};
    std::exception_ptr failure_;
    std::thread thread_;  // last: it starts once the members above exist
};

}  // namespace clpi::engine
