// `clpi compare FILE`: every strategy on the same program, side by side — the comparison the
// papers make by hand (nodes by kind, restarts, solver calls, time) — and minimax once more
// with slackened interpolants.
#include <iostream>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/load.hpp"
#include "clpi/engine.hpp"

namespace clpi::cli {

namespace {

struct CompareArgs {
    std::string file;
    std::optional<std::uint32_t> unroll;
    double timeout_s = 60;
};

int run_compare(const CompareArgs& a) {
    auto program = load_program(a.file);
    if (!program) return exit_bad_input;
    std::cout << fmt::format("{:<17} {:<28} {:>7} {:>7} {:>7} {:>7} {:>7} {:>6} {:>8} {:>8}\n",
                             "strategy", "verdict", "nodes", "infeas", "subsum", "closed", "cut",
                             "restrt", "calls", "time s");
    struct Run {
        Strategy strategy;
        bool slacken;
    };
    for (Run run : {Run{Strategy::dse, false}, Run{Strategy::bounded, false},
                    Run{Strategy::minimax, false}, Run{Strategy::minimax, true}}) {
        Options o;
        o.strategy = run.strategy;
        o.slacken = run.slacken;
        o.unroll = a.unroll;
        o.timeout_s = a.timeout_s;
        Result r = verify(*program, o);
        std::string verdict = to_string(r.verdict);
        for (char& c : verdict) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        if (r.verdict == Verdict::unknown) verdict += fmt::format(" ({})", to_string(r.reason));
        const Stats& st = r.stats;
        std::string name = to_string(run.strategy);
        if (run.slacken) name += " --slacken";
        std::cout << fmt::format("{:<17} {:<28} {:>7} {:>7} {:>7} {:>7} {:>7} {:>6} {:>8} {:>8.3f}\n",
                                 name, verdict, st.nodes, st.infeasible, st.subsumed,
                                 st.loop_closures, st.cut_by_bound, st.restarts, st.solver_calls,
                                 st.time_s);
    }
    std::cout << "(dse and bounded explore loops up to the unroll bound, 20 unless --unroll; "
                 "minimax closes them with invariants. Each run stops after --timeout.)\n";
    return exit_safe;
}

}  // namespace

Runner add_compare_command(CLI::App& app) {
    auto args = std::make_shared<CompareArgs>();
    CLI::App* cmd = app.add_subcommand(
        "compare", "Run every strategy (dse, bounded, minimax, and minimax --slacken) on one "
                   "program and print one table of verdicts, nodes by kind, restarts, solver "
                   "calls and time");
    cmd->add_option("FILE", args->file, "CLP program (`-` for standard input)")->required();
    cmd->add_option("--unroll", args->unroll, "the unroll bound for every strategy");
    cmd->add_option("--timeout", args->timeout_s, "seconds per strategy")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    return [args] { return run_compare(*args); };
}

}  // namespace clpi::cli
