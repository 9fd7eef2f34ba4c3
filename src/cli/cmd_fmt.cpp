// `clpi fmt FILE`: print the program in canonical form (or rewrite it with --in-place).
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/input.hpp"
#include "cli/load.hpp"
#include "clpi/parse.hpp"

namespace clpi::cli {

namespace {
struct FmtArgs {
    std::string file;
    bool in_place = false;
    ChcImportOptions chc;
};

int run_fmt(const FmtArgs& a) {
    if (is_chc_file(a.file)) {  // a CHC problem: print the CLP program it translates to
        if (a.in_place) {
            std::cerr << "clpi: fmt: --in-place does not apply to a CHC file (" << a.file << ")\n";
            return exit_usage;
        }
        auto program = load_program(a.file, {}, a.chc);
        if (!program) return exit_bad_input;
        std::cout << format_program(*program);
        return exit_safe;
    }
    Diagnostics diags;
    auto text = read_input(a.file, diags);
    std::optional<Program> program;
    if (text) program = parse_program(*text, display_name(a.file), diags);
    std::cerr << format_diagnostics(diags, text ? *text : "");
    if (!program) return exit_bad_input;
    std::string out = format_program(*program);
    if (!a.in_place || a.file == "-") {
        std::cout << out;
        return exit_safe;
    }
    std::ofstream f(a.file, std::ios::binary | std::ios::trunc);
    f << out;
    if (!f) {
        std::cerr << "clpi: fmt: cannot write " << a.file << "\n";
        return exit_bad_input;
    }
    return exit_safe;
}
}  // namespace

Runner add_fmt_command(CLI::App& app) {
    auto args = std::make_shared<FmtArgs>();
    CLI::App* cmd = app.add_subcommand(
        "fmt", "Print a CLP program in canonical form (comments kept); the result parses to "
               "the same program, and formatting it again changes nothing");
    cmd->add_option("FILE", args->file, "CLP program (`-` for standard input), or a CHC-COMP problem (`.smt2`: prints "
                   "the CLP program it translates to)")->required();
    cmd->add_flag("-i,--in-place", args->in_place, "rewrite FILE instead of printing");
    add_chc_flags_option(*cmd, args->chc);
    return [args] { return run_fmt(*args); };
}

}  // namespace clpi::cli
