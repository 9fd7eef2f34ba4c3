// `clpi check FILE...`: parse and check; silent and exit 0 when every file is valid.
#include <iostream>

#include "cli/commands.hpp"
#include "cli/input.hpp"
#include "clpi/parse.hpp"

namespace clpi::cli {

namespace {
// Parses one file, printing its diagnostics to stderr; true when it has no error.
bool check_file(const std::string& path) {
    Diagnostics diags;
    auto text = read_input(path, diags);
    if (text) (void)parse_program(*text, display_name(path), diags);
    std::cerr << format_diagnostics(diags, text ? *text : "");
    return !diags.has_errors();
}
}  // namespace

Runner add_check_command(CLI::App& app) {
    auto files = std::make_shared<std::vector<std::string>>();
    CLI::App* cmd = app.add_subcommand(
        "check", "Parse and check CLP programs: print nothing and exit 0 when they are valid, "
                 "else print FILE:LINE:COL diagnostics and exit 2 (warnings go to stderr)");
    cmd->add_option("FILE", *files, "CLP programs (`-` for standard input)")->required();
    return [files] {
        bool ok = true;
        for (const std::string& f : *files) ok = check_file(f) && ok;
        return ok ? exit_safe : exit_bad_input;
    };
}

}  // namespace clpi::cli
