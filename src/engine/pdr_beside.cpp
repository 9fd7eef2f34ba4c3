#include "engine/pdr_beside.hpp"

namespace clpi::engine {

PdrBeside::PdrBeside(const Program& program, double after_s, double timeout_s, std::atomic<bool>& answered)
    : program_(program),
      beside_(
          [this](const std::atomic<bool>& stop, double time_s) {
              PdrLimits limits;
              limits.stop = &stop;
              limits.timeout_s = time_s;
              result_ = property_directed_reachability(program_, limits);
              // Only a proof ends the search: the path to an error it finds is left to the
              // search and to bounded model checking, which make counterexamples.
              return result_.outcome == PdrResult::Outcome::safe;
          },
          after_s, timeout_s, answered) {}

PdrResult PdrBeside::finish() {
    beside_.finish();
    PdrResult r = std::move(result_);
    if (!beside_.started()) r.ended = "not started: the search ended first";
    return r;
}

}  // namespace clpi::engine
