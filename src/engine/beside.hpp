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
#include <string>
#include <thread>

namespace clpi::engine {

// The thread: waits, works, and is stopped and joined by finish().
class BesideThread {
public:
    // What runs on the thread: given the flag that stops it and the seconds it may take
    // (0: no limit), it returns whether it found an answer.
    using Work = std::function<bool(const std::atomic<bool>& stop, double timeout_s)>;

    // Starts the thread, which waits `after_s` seconds, then works until `timeout_s` (0: no
    // limit) from now, an answer (which sets `answered`), or finish().
    BesideThread(Work work, double after_s, double timeout_s, std::atomic<bool>& answered);
    ~BesideThread();
    BesideThread(const BesideThread&) = delete;
    BesideThread& operator=(const BesideThread&) = delete;

    // Stops the work (if it still runs) and waits for it. Call once. Rethrows an
    // InternalError the work threw (a counterexample that does not replay: a bug); any
    // other exception of a stopped work is dropped.
    void finish();
    // Lets the work run to its own end (starting it now if it still waits) and waits for
    // it: for a search that ended without an answer and without a time limit, so that the
    // work is not stopped the moment it could help. Call instead of finish().
    void await_end();
    [[nodiscard]] bool started() const { return started_; }

private:
    void run(double after_s, double timeout_s);
    void stop_and_join();

    Work work_;
    std::atomic<bool>& answered_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool finishing_ = false;
    bool hurry_ = false;  // await_end(): start now
    bool started_ = false;
    std::atomic<bool> stop_{false};
    std::exception_ptr failure_;
    std::thread thread_;  // last: it starts once the members above exist
};

// An engine beside the search and what it found. `Outcome` has a member `ended` (why it
// ended without an answer).
template <class Outcome>
class Beside {
public:
    using Run = std::function<Outcome(const std::atomic<bool>& stop, double timeout_s)>;
    using Answers = bool (*)(const Outcome&);

    Beside(Run run, Answers answers, double after_s, double timeout_s, std::atomic<bool>& answered)
        : run_(std::move(run)),
          thread_(
              [this, answers](const std::atomic<bool>& stop, double time_s) {
                  outcome_ = run_(stop, time_s);
                  return answers(outcome_);
              },
              after_s, timeout_s, answered) {}

    // Stops the engine (if it still runs) and returns what it found. Call once.
    Outcome finish() {
        thread_.finish();
        Outcome o = std::move(outcome_);
        if (!thread_.started()) o.ended = "not started: the search ended first";
        return o;
    }

    // What the engine found once it ended by itself (BesideThread::await_end). Call once,
    // instead of finish().
    Outcome await_end() {
        thread_.await_end();
        return std::move(outcome_);
    }

private:
    Run run_;
    Outcome outcome_;
    BesideThread thread_;  // last: its thread starts once the members above exist
};

}  // namespace clpi::engine
