#include "cli/load.hpp"

#include <iostream>

#include "cli/c_source.hpp"
#include "cli/input.hpp"
#include "clpi/chc.hpp"
#include "clpi/parse.hpp"

namespace clpi::cli {

bool is_chc_file(const std::string& path) { return path.ends_with(".smt2"); }

void add_chc_flags_option(CLI::App& cmd, ChcImportOptions& options) {
    cmd.add_option_function<std::string>(
           "--chc-flags",
           [&options](const std::string& how) { options.control_points = how == "points"; },
           "a CHC problem's Bool arguments that act as control flags: `points` (default), one "
           "program point per reachable valuation; `integers`, every Bool a 0/1 variable")
        ->check(CLI::IsMember({"points", "integers"}));
}

std::optional<Program> load_program(const std::string& path, const CSourceOptions& c_options,
                                    const ChcImportOptions& chc_options, ChcOrigin* origin,
                                    std::string* witness_map) {
    Diagnostics diags;
    // A C program is converted by c2clp first; messages then name the .c file.
    auto text = is_c_source(path) ? convert_c_source(path, c_options, witness_map) : read_input(path, diags);
    std::optional<Program> program;
    if (text && is_chc_file(path)) {
        program = import_chc(*text, display_name(path), diags, chc_options, origin);
    } else if (text) {
        program = parse_program(*text, display_name(path), diags);
    }
    if (!diags.all().empty()) std::cerr << format_diagnostics(diags, text ? *text : "");
    return program;
}

}  // namespace clpi::cli
