#include "engine/bmc_beside.hpp"

#include <exception>
#include <thread>

namespace clpi::engine {

BmcBeside::BmcBeside(const Program& program, double after_s, double timeout_s, std::atomic<bool>& answered)
    : program_(program),
      beside_(
          [this](const std::atomic<bool>& stop, double time_s) {
              BmcLimits limits;
              limits.stop = &stop;
              // On two hardware threads or fewer (often two halves of one core), a second
              // thread that works all the time slows the search as much as it gains: it takes
              // half the time.
              limits.duty = std::thread::hardware_concurrency() <= 2 ? 0.5 : 1.0;
              limits.timeout_s = time_s;
              try {
                  result_ = bounded_model_check(program_, limits);
              } catch (const std::exception& e) {
                  if (!stop.load()) result_.ended = std::string("failed: ") + e.what();
                  throw;
              }
              return result_.counterexample.has_value();
          },
          after_s, timeout_s, answered) {}

BmcResult BmcBeside::finish() {
    beside_.finish();
    BmcResult r = std::move(result_);
    if (!beside_.started()) r.ended = "not started: the search ended first";
    return r;
}

}  // namespace clpi::engine
