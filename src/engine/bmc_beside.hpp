// Bounded model checking beside the search (Options::bmc; beside.hpp): a counterexample it
// finds ends the run.
#pragma once

#include <atomic>
#include <string>

#include "clpi/program.hpp"
#include "engine/beside.hpp"
#include "engine/bmc.hpp"

namespace clpi::engine {

class BmcBeside {
public:
    BmcBeside(const Program& program, double after_s, double timeout_s, std::atomic<bool>& answered);

    // Stops the checking (if it still runs) and returns what it found. Call once. Throws
    // InternalError when its counterexample did not replay.
    BmcResult finish();

private:
    const Program& program_;
    BmcResult result_;
    Beside beside_;  // last: its thread starts once the members above exist
};

}  // namespace clpi::engine
