// SV-COMP task definitions (format 2.0, https://gitlab.com/sosy-lab/benchmarking/task-definition-format):
// the YAML file that names a benchmark's C input, its properties with their expected
// verdicts, and its data model. clpi checks the property unreach-call.
#pragma once

#include <optional>
#include <string>

namespace clpi::cli {

struct SvTask {
    std::string file;                   // the task file, as given
    std::string input_file;             // its one input file, relative to the task's folder
    std::optional<bool> expected;       // expected_verdict of unreach-call, when given
    std::string data_model;             // "ilp32" or "lp64" when the options name one
};

// Whether `path` names a task definition (.yml or .yaml).
[[nodiscard]] bool is_sv_task(const std::string& path);

// The task, or nothing after printing `FILE:LINE:COL: error: ...` to standard error: an
// unreadable file, a line this reader does not understand, no input file or several, a
// language other than C, or no unreach-call property among the properties.
[[nodiscard]] std::optional<SvTask> read_sv_task(const std::string& path);

}  // namespace clpi::cli
