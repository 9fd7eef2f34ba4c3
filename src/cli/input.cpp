#include "cli/input.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

namespace clpi::cli {

std::string display_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

std::optional<std::string> read_input(const std::string& path, Diagnostics& diags) {
    std::ostringstream buf;
    if (path == "-") {
        buf << std::cin.rdbuf();
        return buf.str();
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        diags.error(path, {}, std::string("cannot read the file: ") + std::strerror(errno));
        return std::nullopt;
    }
    buf << in.rdbuf();
    return buf.str();
}

}  // namespace clpi::cli
