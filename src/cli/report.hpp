// How a Result is shown: text for people, JSON for scripts (member names of the contract).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "clpi/program.hpp"
#include "clpi/result.hpp"

namespace clpi::cli {

// The verdict line (`SAFE`, `UNSAFE`, `UNKNOWN (reason)`), then the counterexample if any.
std::string result_text(const Program& program, const Result& r);
std::string stats_text(const Stats& s);
// For SAFE: the interpolants stored at loop headers; otherwise a line saying there are none.
std::string invariants_text(const Result& r);
// The result without times and memory, for documents that must be the same on every run.
std::string tree_result_json(const Program& program, const Result& r);
nlohmann::json result_json(const Program& program, const Result& r);
nlohmann::json stats_json(const Stats& s);

}  // namespace clpi::cli
