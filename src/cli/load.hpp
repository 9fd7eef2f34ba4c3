// Reading and checking a program for the commands that run the engine.
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/c_source.hpp"
#include "clpi/chc.hpp"
#include "clpi/program.hpp"

namespace clpi::cli {

// The checked program, or nothing after printing the diagnostics to standard error.
// `.c` and `.i` files are C programs, converted with `c_options`; `.smt2` files are CHC-COMP
// problems (imported); everything else is CLP text.
// `origin`, for a CHC problem, gets where its predicates went (for a model of it);
// `witness_map`, for a C program, gets the converter's witness map.
std::optional<Program> load_program(const std::string& path, const CSourceOptions& c_options = {},
                                    const ChcImportOptions& chc_options = {},
                                    ChcOrigin* origin = nullptr, std::string* witness_map = nullptr);
// The option `--chc-flags points|integers` of the commands that read CHC problems.
void add_chc_flags_option(CLI::App& cmd, ChcImportOptions& options);
// Whether load_program reads `path` as a CHC-COMP problem.
bool is_chc_file(const std::string& path);

}  // namespace clpi::cli
