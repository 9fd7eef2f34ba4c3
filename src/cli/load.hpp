// Reading and checking a program for the commands that run the engine.
#pragma once

#include <optional>
#include <string>

#include "clpi/program.hpp"

namespace clpi::cli {

// The checked program, or nothing after printing the diagnostics to standard error.
std::optional<Program> load_program(const std::string& path);

}  // namespace clpi::cli
