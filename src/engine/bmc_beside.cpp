#include "engine/bmc_beside.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <thread>

#include "clpi/engine.hpp"
#include "solver/solver.hpp"

namespace clpi::engine {

BmcBeside::BmcBeside(const Program& program, double after_s, double timeout_s)
    : program_(program), thread_([this, after_s, timeout_s] { run(after_s, timeout_s); }) {}

// Without finish() (the search threw): stopped and joined, its failure dropped, since a
// destructor must not throw.
BmcBeside::~BmcBeside() {
    if (thread_.joinable()) stop_and_join();
}

void BmcBeside::stop_and_join() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        finishing_ = true;
    }
    stop_.store(true);
    wake_.notify_all();
    thread_.join();
}

void BmcBeside::run(double after_s, double timeout_s) {
    {
        std::unique_lock<std::mutex> lock(mutex_);
        auto delay = std::chrono::duration<double>(after_s);
        if (wake_.wait_for(lock, delay, [this] { return finishing_; })) return;
        started_ = true;
    }
    BmcLimits limits;
    limits.stop = &stop_;
    // On two hardware threads or fewer (often two halves of one core), a second thread that
    // works all the time slows the search as much as it gains: it takes half the time.
    limits.duty = std::thread::hardware_concurrency() <= 2 ? 0.5 : 1.0;
    limits.timeout_s = timeout_s > 0 ? std::max(0.001, timeout_s - after_s) : 0;
    try {
        result_ = bounded_model_check(program_, limits);
        if (result_.counterexample) found_.store(true);
    } catch (const InternalError&) {
        failure_ = std::current_exception();  // a counterexample that does not replay: a bug
    } catch (const std::exception& e) {
        // An operation the stop interrupted may throw (Z3 reports a cancelled simplification
        // so); then nothing was found.
        if (!stop_.load()) result_.ended = std::string("failed: ") + e.what();
    }
    solver::end_thread();
}

BmcResult BmcBeside::finish() {
    stop_and_join();
    if (failure_) std::rethrow_exception(failure_);
    BmcResult r = std::move(result_);
    if (!started_) r.ended = "not started: the search ended first";
    return r;
}

}  // namespace clpi::engine
