// C programs for the commands that run the engine: converted by the c2clp executable (a
// separate program, so that clpi itself does not link Clang).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace clpi::cli {

// How a C file is converted: c2clp's options (--int-semantics, --data-model,
// --large-blocks) and the arguments for Clang (-I, -D, ...).
struct CSourceOptions {
    std::vector<std::string> converter_args;
    std::vector<std::string> clang_args;
};

// True for the names c2clp reads: `.c` sources and `.i` preprocessed sources.
bool is_c_source(const std::string& path);

// The CLP text c2clp made of `path`, or nothing when it failed; its diagnostics
// (`FILE:LINE:COL: error: ...`) reach standard error unchanged. `witness_map`, when given,
// gets c2clp's witness map (JSON: C names, loop heads, the branches each rule decides).
std::optional<std::string> convert_c_source(const std::string& path, const CSourceOptions& options,
                                            std::string* witness_map = nullptr);

}  // namespace clpi::cli
