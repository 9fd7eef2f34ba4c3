// clpi: a verifier for programs written as CLP transition rules.
// main() only parses the command line, dispatches, and chooses the exit status.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <map>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "clpi/projection_helper.hpp"

namespace {
// The answer is out once the streams are flushed. The process's memory (Z3's context,
// cvc5's solver, the derivation tree) then goes back to the system at once, rather than
// object by object in destructors, which delayed every answer by half a millisecond, and one
// checked by cvc5 (--validate) by a millisecond. Files a command writes are closed by then,
// and a projection helper ends with its parent. A sanitized build exits the usual way, so
// that its leak checker runs.
int finish(int status) {
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    std::_Exit(status);
#endif
    return status;
}
}  // namespace

int main(int argc, char** argv) {
    // Started again by itself to run Z3's quantifier elimination (see projection_helper.hpp):
    // serves, and never returns.
    clpi::run_as_projection_helper(argc, argv);
    using namespace clpi::cli;
    CLI::App app{"clpi: verify programs written as CLP transition rules (safe / unsafe / unknown)",
                 "clpi"};
    app.set_version_flag("--version", std::string("clpi ") + CLPI_VERSION);
    app.require_subcommand(1);
    app.footer("Run `clpi COMMAND --help` for the options of a command.\n"
               "Exit status of verify: 0 safe, 10 unsafe, 5 unknown, 1 usage error, 2 bad input, "
               "6 internal error.");

    std::map<CLI::App*, Runner> runners;
    auto add = [&](Runner (*make)(CLI::App&)) {
        std::size_t before = app.get_subcommands({}).size();
        Runner r = make(app);
        runners[app.get_subcommands({}).at(before)] = std::move(r);
    };
    add(add_check_command);
    add(add_fmt_command);
    add(add_verify_command);
    add(add_compare_command);
    add(add_explain_command);
    add(add_export_command);

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "clpi: " << e.what() << "\n"
                  << "Run `clpi --help` (or `clpi COMMAND --help`) for usage.\n";
        return exit_usage;
    }
    try {
        for (CLI::App* sub : app.get_subcommands()) return finish(runners.at(sub)());
    } catch (const std::exception& e) {
        std::cerr << "clpi: internal error: " << e.what() << "\n";
        return exit_internal;
    }
    return exit_usage;
}
