// `clpi verify --witness FILE`: the SV-COMP witness (format 2.0) of a C program's answer.
#pragma once

#include <string>
#include <vector>

#include "clpi/result.hpp"

namespace clpi::cli {

// Writes the correctness witness of a SAFE or the violation witness of an UNSAFE to
// `path`, from the converter's witness map (`map_json`). An answer without one (UNKNOWN, a
// SAFE without certificate) writes nothing and says why in `notes`, as do loops the
// correctness witness leaves out. False after a message on standard error when the file
// cannot be written or the map cannot be read.
bool write_witness(const std::string& path, const std::string& map_json, const Result& r,
                   std::vector<std::string>& notes);

}  // namespace clpi::cli
