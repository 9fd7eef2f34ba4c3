// Each subcommand of the `clpi` program registers itself on the CLI11 app and returns the
// exit status through `run`. Only main() turns that status into the process's exit code.
#pragma once

#include <functional>

#include <CLI/CLI.hpp>

namespace clpi::cli {

// Exit codes of the contract (clp-language.md section 7), CBMC-compatible.
enum ExitCode : int {
    exit_safe = 0,
    exit_usage = 1,
    exit_bad_input = 2,
    exit_unknown = 5,
    exit_internal = 6,
    exit_unsafe = 10,
};

using Runner = std::function<int()>;

// Each returns the function that runs the subcommand once the arguments are parsed.
Runner add_check_command(CLI::App& app);
Runner add_fmt_command(CLI::App& app);
Runner add_verify_command(CLI::App& app);
Runner add_compare_command(CLI::App& app);
Runner add_explain_command(CLI::App& app);
Runner add_export_command(CLI::App& app);

}  // namespace clpi::cli
