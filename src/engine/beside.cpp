#include "engine/beside.hpp"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>

#include "clpi/engine.hpp"
#include "engine/watchdog.hpp"
#include "solver/solver.hpp"

namespace clpi::engine {

BesideThread::BesideThread(Work work, double after_s, double timeout_s, std::atomic<bool>& answered)
    : work_(std::move(work)), answered_(answered),
      thread_([this, after_s, timeout_s] { run(after_s, timeout_s); }) {}

// Without finish() (the search threw): stopped and joined, its failure dropped, since a
// destructor must not throw.
BesideThread::~BesideThread() {
    if (thread_.joinable()) stop_and_join();
}

void BesideThread::stop_and_join() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        finishing_ = true;
    }
    stop_.store(true);
    wake_.notify_all();
    Watchdog::alert_all();
    thread_.join();
}

namespace {
// The helpers yield to the search where they compete for a processor: alone on two cores
// the search keeps one to itself, and with more runs than cores it keeps most of its
// share (under a higher value the helpers hardly ran there, and lost the answers that only
// they find). Raising one's own nice value needs no privilege; Linux keeps it per thread.
// A search whose projections run past their bound gives way to them in turn
// (solver::give_way_after_cut_short).
constexpr int helper_nice = 5;

void yield_to_the_search() {
    (void)setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), helper_nice);  // advice only
}
}  // namespace

void BesideThread::run(double after_s, double timeout_s) {
    {
        std::unique_lock<std::mutex> lock(mutex_);
        auto delay = std::chrono::duration<double>(after_s);
        if (wake_.wait_for(lock, delay, [this] { return finishing_ || hurry_; }) && finishing_) return;
        started_ = true;
    }
    yield_to_the_search();
    try {
        if (work_(stop_, timeout_s > 0 ? std::max(0.001, timeout_s - after_s) : 0)) {
            answered_.store(true);
            Watchdog::alert_all();  // the search and the other helpers stop now
        }
    } catch (const InternalError&) {
        failure_ = std::current_exception();
    } catch (const std::exception&) {
        // An operation the stop interrupted may throw (Z3 reports a cancelled
        // simplification so); the work's own result says what it found before.
    }
    solver::end_thread();
}

void BesideThread::await_end() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        hurry_ = true;
    }
    wake_.notify_all();
    thread_.join();
    if (failure_) std::rethrow_exception(failure_);
}

void BesideThread::finish() {
    stop_and_join();
    if (failure_) std::rethrow_exception(failure_);
}

}  // namespace clpi::engine
