// Reading a program's text from a file or standard input, for every command.
#pragma once

#include <optional>
#include <string>

#include "clpi/diagnostics.hpp"

namespace clpi::cli {

// The text of `path` (`-`: standard input); nothing, with an error in `diags`, on failure.
std::optional<std::string> read_input(const std::string& path, Diagnostics& diags);
// How a path is named in messages: `<stdin>` for `-`.
std::string display_name(const std::string& path);

}  // namespace clpi::cli
