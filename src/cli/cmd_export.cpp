// `clpi export --chc FILE`: write a program as a CHC-COMP problem, so that other Horn
// solvers (Z3's Spacer, Eldarica, Golem) can run on exactly what clpi verifies.
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/load.hpp"
#include "clpi/chc.hpp"

namespace clpi::cli {

namespace {
struct ExportArgs {
    std::string file;
    bool chc = false;
    std::string out;
};

int run_export(const ExportArgs& a) {
    if (!a.chc) {
        std::cerr << "clpi: export: choose a format (--chc)\n";
        return exit_usage;
    }
    auto program = load_program(a.file);
    if (!program) return exit_bad_input;
    std::string text = export_chc(*program);
    if (a.out.empty() || a.out == "-") {
        std::cout << text;
        return exit_safe;
    }
    std::ofstream f(a.out, std::ios::binary | std::ios::trunc);
    f << text;
    if (!f) {
        std::cerr << "clpi: export: cannot write " << a.out << "\n";
        return exit_bad_input;
    }
    return exit_safe;
}
}  // namespace

Runner add_export_command(CLI::App& app) {
    auto args = std::make_shared<ExportArgs>();
    CLI::App* cmd = app.add_subcommand(
        "export", "Write a program in another tool's input format: --chc writes a CHC-COMP "
                  "problem (SMT-LIB HORN), sat exactly when the program is safe");
    cmd->add_option("FILE", args->file, "program (`-` for standard input)")->required();
    cmd->add_flag("--chc", args->chc,
                  "CHC-COMP format: one predicate per program point, one clause per rule; "
                  "the query is a fact, error rules are clauses with head false");
    cmd->add_option("-o,--output-file", args->out, "write to this file (default: standard output)");
    return [args] { return run_export(*args); };
}

}  // namespace clpi::cli
