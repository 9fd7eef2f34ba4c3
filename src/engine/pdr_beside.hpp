// Property-directed reachability beside the search (Options::pdr; beside.hpp): an inductive
// invariant it finds ends the run with SAFE, the invariant its certificate.
#pragma once

#include <atomic>

#include "clpi/program.hpp"
#include "engine/beside.hpp"
#include "engine/pdr.hpp"

namespace clpi::engine {

class PdrBeside {
public:
    PdrBeside(const Program& program, double after_s, double timeout_s, std::atomic<bool>& answered);

    // Stops it (if it still runs) and returns what it found. Call once.
    PdrResult finish();

private:
    const Program& program_;
    PdrResult result_;
    Beside beside_;  // last: its thread starts once the members above exist
};

}  // namespace clpi::engine
