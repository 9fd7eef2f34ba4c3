// Reading and checking a program for the commands that run the engine.
#pragma once

#include <optional>
#include <string>

#include "clpi/program.hpp"

namespace clpi::cli {

// The checked program, or nothing after printing the diagnostics to standard error.
// `.smt2` files are CHC-COMP problems (imported), everything else CLP text.
std::optional<Program> load_program(const std::string& path);
// Whether load_program reads `path` as a CHC-COMP problem.
bool is_chc_file(const std::string& path);

}  // namespace clpi::cli
