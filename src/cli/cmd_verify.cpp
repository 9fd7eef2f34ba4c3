// `clpi verify FILE`: parse, check, verify, print the verdict (contract section 7).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <unistd.h>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/hard_stop.hpp"
#include "cli/input.hpp"
#include "cli/load.hpp"
#include "cli/report.hpp"
#include "cli/sv_task.hpp"
#include "cli/witness_file.hpp"
#include "clpi/certificate.hpp"
#include "clpi/engine.hpp"
#include "clpi/parse.hpp"
#include "clpi/witness.hpp"

namespace clpi::cli {

namespace {

std::atomic<bool> interrupted{false};

// Ctrl-C (SIGINT) and SIGTERM (sent by `timeout`, batch schedulers, benchmark harnesses)
// stop the run with UNKNOWN (interrupted) and the statistics so far.
extern "C" void on_interrupt(int signal) {
    interrupted.store(true);
    std::signal(signal, SIG_DFL);  // a second one ends the process at once
}

struct VerifyArgs {
    std::string file;
    std::string strategy = "minimax";
    std::optional<std::uint32_t> unroll;
    bool slacken = false;
    bool no_polyhedra = false;
    bool no_learn = false;
    bool no_bmc = false;
    bool no_pdr = false;
    bool no_reverse = false;
    double reverse_after_s = Options{}.reverse_after_s;
    double bmc_after_s = Options{}.bmc_after_s;
    bool no_reorder = false;
    bool no_drop = false;
    double timeout_s = 60;  // 0: none
    std::uint64_t memory_mb = 0;
    bool json = false;
    std::string output = "normal";  // or chc-comp: a first line sat / unsat / unknown
    bool stats = false;
    bool quiet = false;
    bool invariants = false;
    std::string certificate;   // where the certificate of a SAFE goes
    std::string witness;       // where the SV-COMP witness of a C program's answer goes
    bool validate = false;
    std::string validator = "cvc5";
    std::string tree;          // text, dot, json, html, svg
    std::string out;           // where the tree goes (default: standard output)
    bool ascii = false;
    std::uint64_t tree_max_nodes = 0;
    // For C programs (passed to c2clp):
    std::string int_semantics;
    std::string data_model;
    bool large_blocks = false;
    std::vector<std::string> checks;  // what else is an error: `bounds`, `memory`
    std::vector<std::string> clang_args;
    // For CHC problems:
    ChcImportOptions chc;

    [[nodiscard]] CSourceOptions c_options() const {
        CSourceOptions c;
        if (!int_semantics.empty()) c.converter_args.insert(c.converter_args.end(), {"--int-semantics", int_semantics});
        if (!data_model.empty()) c.converter_args.insert(c.converter_args.end(), {"--data-model", data_model});
        if (large_blocks) c.converter_args.emplace_back("--large-blocks");
        for (const std::string& what : checks) c.converter_args.insert(c.converter_args.end(), {"--check", what});
        c.clang_args = clang_args;
        return c;
    }
};

// Writes the tree where asked. Returns false (with a message) when it cannot.
bool write_tree(const VerifyArgs& a, const Program& program, const Result& r) {
    if (!r.tree) return true;
    TreeFormat f;
    f.ascii = a.ascii;
    f.max_nodes = a.tree_max_nodes;
    std::string text;
    if (a.tree == "text") text = tree_text(*r.tree, f);
    if (a.tree == "dot" || a.tree == "svg") text = tree_dot(*r.tree, f);
    if (a.tree == "json") text = tree_json(*r.tree, tree_result_json(program, r));
    if (a.tree == "html") text = tree_html(*r.tree, tree_result_json(program, r));
    if (a.tree == "svg") {
        if (std::system("command -v dot >/dev/null 2>&1") != 0) {
            std::cerr << "clpi: error: --tree svg needs Graphviz's `dot` (Debian package graphviz); "
                         "--tree dot writes the graph it would render\n";
            return false;
        }
        std::string cmd = "dot -Tsvg" + (a.out.empty() ? std::string() : " -o '" + a.out + "'");
        FILE* pipe = popen(cmd.c_str(), "w");
        if (!pipe) return false;
        std::fwrite(text.data(), 1, text.size(), pipe);
        return pclose(pipe) == 0;
    }
    if (a.out.empty()) {
        std::cout << text;
        return true;
    }
    std::ofstream file(a.out, std::ios::binary);
    file << text;
    if (!file) {
        std::cerr << "clpi: error: cannot write " << a.out << "\n";
        return false;
    }
    return true;
}

// A status line on stderr, refreshed in place, only when stderr is a terminal.
void show_progress(const Progress& p) {
    std::cerr << fmt::format("\r\033[K[clpi] nodes {}  depth {}  subsumed {}  memo {}  {:.1f}s",
                             p.nodes, p.depth, p.subsumed, p.memo_entries, p.elapsed_s)
              << std::flush;
}

// The CHC-COMP answer: the Horn clauses are satisfiable (an invariant exists) exactly when
// the error is unreachable, so sat means SAFE and unsat means UNSAFE.
const char* chc_comp_answer(Verdict v) {
    switch (v) {
    case Verdict::safe: return "sat";
    case Verdict::unsafe: return "unsat";
    case Verdict::unknown: return "unknown";
    }
    return "unknown";
}

// The SV-COMP answer for the property unreach-call: `true` when no call of the error
// function is reachable, `false(unreach-call)` when one is.
const char* sv_comp_answer(Verdict v) {
    switch (v) {
    case Verdict::safe: return "true";
    case Verdict::unsafe: return "false(unreach-call)";
    case Verdict::unknown: return "unknown";
    }
    return "unknown";
}

// The first line --output asks for, if any.
void print_answer_line(const std::string& output, Verdict v) {
    if (output == "chc-comp") std::cout << chc_comp_answer(v) << "\n";
    if (output == "sv-comp") std::cout << sv_comp_answer(v) << "\n";
}

// The run did not stop within `grace` seconds of its time limit (a solver call went on
// after it was interrupted): UNKNOWN (timeout) is printed as the run would have printed it,
// without the statistics the engine has not handed back, and the process ends here.
[[noreturn]] void report_overrun(const VerifyArgs& a, const Program& program, double input_time_s,
                                 double grace) {
    Result r;
    r.verdict = Verdict::unknown;
    r.reason = UnknownReason::timeout;
    r.reason_text = to_string(UnknownReason::timeout);
    r.strategy = a.strategy;
    r.stats.input_time_s = input_time_s;
    r.stats.time_s = a.timeout_s + grace;
    r.notes.push_back(fmt::format(
        "a solver call went on after the time limit interrupted it; the run was ended {:g} s "
        "after the limit, without the search's statistics", grace));
    bool tree_on_stdout = !a.tree.empty() && a.tree != "text" && a.out.empty();
    if (tree_on_stdout) {  // no tree was recorded to the end: the verdict goes where it would
        std::cerr << result_text(program, r);
    } else if (a.json) {
        std::cout << result_json(program, r).dump(2) << "\n";
    } else {
        print_answer_line(a.output, r.verdict);
        std::cout << result_text(program, r);
    }
    for (const std::string& n : r.notes) std::cerr << "clpi: note: " << n << "\n";
    std::cout.flush();
    std::cerr.flush();
    std::_Exit(exit_unknown);
}

int run_verify(const VerifyArgs& a) {
    // An SV-COMP task's input is a C program: converted, as a .c file is.
    prepare_verify(is_c_source(a.file) || is_sv_task(a.file));
    const auto read_start = std::chrono::steady_clock::now();
    // An SV-COMP task names the C file, its data model and the verdict it expects.
    std::string file = a.file;
    CSourceOptions c_options = a.c_options();
    std::optional<SvTask> task;
    if (is_sv_task(a.file)) {
        task = read_sv_task(a.file);
        if (!task) return exit_bad_input;
        file = task->input_file;
        if (a.data_model.empty() && !task->data_model.empty()) {
            c_options.converter_args.insert(c_options.converter_args.end(), {"--data-model", task->data_model});
        }
    }
    if (!a.tree.empty() && a.strategy == "pdr") {
        std::cerr << "clpi: error: --tree needs a strategy that builds a derivation tree (minimax, "
                     "bounded, dse): pdr learns lemmas per point, not a tree\n";
        return exit_usage;
    }
    if (!a.witness.empty() && !is_c_source(file)) {
        std::cerr << "clpi: error: --witness needs a C program (.c, .i) or an SV-COMP task: an "
                     "SV-COMP witness speaks of the C source\n";
        return exit_usage;
    }
    // The second solver's first check costs it several milliseconds however small it is:
    // started now, that cost overlaps reading the input and the search.
    if (a.validate) start_validator(a.validator);
    ChcOrigin origin;
    const bool chc_input = is_chc_file(file);
    std::string witness_map;
    // A C program's map also says what its memory holds, for the counterexample's C view.
    const double wait_before = solver_setup_wait_s();
    auto program = load_program(file, c_options, a.chc, &origin, is_c_source(file) ? &witness_map : nullptr);
    if (!program) return exit_bad_input;
    // The CHC import reads the problem into the search's Z3 context, and waits for it to be
    // made first: that wait is the search's set-up (a CLP program's search waits for the
    // same context at its first solver), counted with the search, not with the input.
    const double setup_wait_s = solver_setup_wait_s() - wait_before;
    const double input_time_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - read_start).count() - setup_wait_s;

    Options opt;
    opt.strategy = *strategy_from_string(a.strategy);
    opt.unroll = a.unroll;
    opt.slacken = a.slacken;
    opt.polyhedra = !a.no_polyhedra;
    opt.learn = !a.no_learn;
    opt.bmc = !a.no_bmc;
    opt.pdr = !a.no_pdr;
    opt.bmc_after_s = a.bmc_after_s;
    opt.reverse = !a.no_reverse;
    opt.reverse_after_s = a.reverse_after_s;
    opt.reorder = !a.no_reorder;
    opt.drop = !a.no_drop;
    opt.timeout_s = a.timeout_s;
    opt.memory_limit_mb = a.memory_mb;
    opt.interrupt = &interrupted;
    opt.record_tree = !a.tree.empty();
    bool live = !a.quiet && !a.json && isatty(STDERR_FILENO);
    if (live) opt.on_progress = show_progress;

    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);
    std::optional<HardStop> hard_stop;
    const auto search_start = std::chrono::steady_clock::now();
    constexpr double check_limit_s = 20;  // each of --validate's checks, as certificate.hpp's default
    // --timeout bounds the whole run: the second solver's checks get what the search left of
    // the limit and its grace (a counterexample of 30000 steps takes cvc5 over a second).
    auto validation_budget_s = [&] {
        if (a.timeout_s <= 0) return 0.0;  // no limit
        const double used_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - search_start).count();
        return std::max(a.timeout_s + hard_stop_grace_s(a.timeout_s) - used_s, 1e-6);
    };
    if (a.timeout_s > 0) {
        double grace = hard_stop_grace_s(a.timeout_s);
        hard_stop.emplace(a.timeout_s + grace, [&a, &program, input_time_s, grace] {
            report_overrun(a, *program, input_time_s, grace);
        });
    }
    Result r = verify(*program, opt);
    hard_stop.reset();
    r.stats.input_time_s = input_time_s;
    r.stats.time_s += setup_wait_s;
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    if (live) std::cerr << "\r\033[K" << std::flush;

    // A SAFE is only as good as its proof: with --validate a second solver checks the
    // certificate first, and the answer is SAFE only when every clause holds.
    std::optional<CertificateCheck> check;
    if (r.verdict == Verdict::safe && a.validate) {
        if (!r.certificate) {
            r.verdict = Verdict::unknown;
            r.reason = UnknownReason::solver;
            r.reason_text = "the search proved the program safe, but built no certificate to "
                            "validate: " + r.no_certificate;
        } else {
            check = check_certificate(*program, *r.certificate, a.validator, check_limit_s, validation_budget_s());
            r.stats.certificate_clauses = check->clauses;
            r.stats.certificate_trivial_clauses = check->trivial;
            r.stats.certificate_fresh_retries = check->fresh_retries;
            r.stats.certificate_time_s = check->time_s;
            r.stats.certificate_solver = a.validator;
            if (check->outcome == CertificateCheck::Outcome::invalid) {
                std::cerr << fmt::format(
                    "clpi: internal error: the search answered SAFE, but its certificate fails "
                    "at {} under {}: {}. This is a bug; please report it with the program.\n",
                    check->clause, a.validator, check->detail);
                if (!a.certificate.empty()) std::ofstream(a.certificate) << certificate_clp(*program, *r.certificate);
                return exit_internal;
            }
            if (check->outcome != CertificateCheck::Outcome::valid) {
                r.verdict = Verdict::unknown;
                r.reason = check->out_of_time ? UnknownReason::timeout : UnknownReason::solver;
                r.reason_text = fmt::format("the certificate of SAFE was not validated{}: {}",
                                            check->clause.empty() ? "" : " at " + check->clause,
                                            check->detail);
            } else {
                r.stats.certificate_validated = true;
            }
        }
    }
    // An UNSAFE was replayed on concrete values already; the second solver checks the path
    // with those values as well.
    if (r.verdict == Verdict::unsafe && a.validate && r.counterexample) {
        CertificateCheck cc = check_counterexample(*program, *r.counterexample, a.validator, check_limit_s, validation_budget_s());
        r.stats.certificate_clauses = cc.clauses;
        r.stats.certificate_time_s = cc.time_s;
        r.stats.certificate_solver = a.validator;
        r.stats.certificate_validated = cc.outcome == CertificateCheck::Outcome::valid;
        r.stats.counterexample_checked = true;
        if (cc.outcome == CertificateCheck::Outcome::invalid) {
            std::cerr << fmt::format("clpi: internal error: the counterexample replays, but {} finds "
                                     "{} infeasible with its values. This is a bug; please report "
                                     "it with the program.\n", a.validator, cc.clause);
            return exit_internal;
        }
        if (cc.outcome != CertificateCheck::Outcome::valid) {
            r.notes.push_back(fmt::format("the counterexample was replayed, but not checked by {}: {}",
                                          a.validator, cc.detail));
        }
    }
    // A CHC problem's SAFE is also a model of the problem: checked against the file itself,
    // so that the import is not trusted either.
    std::optional<std::string> model;
    if (r.verdict == Verdict::safe && chc_input && r.certificate) {
        std::string why;
        model = chc_model(*program, *r.certificate, origin, why);
        if (!model) r.notes.push_back("no CHC-COMP model: " + why);
    }
    if (model && a.validate) {
        Diagnostics unused;
        std::optional<std::string> problem = read_input(file, unused);
        CertificateCheck mc;
        if (problem) {
            mc = check_chc_model(*problem, *model, a.validator, check_limit_s, validation_budget_s());
        } else {
            mc.detail = "cannot read " + file;
        }
        r.stats.certificate_clauses += mc.clauses;
        r.stats.certificate_time_s += mc.time_s;
        if (mc.outcome == CertificateCheck::Outcome::invalid) {
            std::cerr << fmt::format(
                "clpi: internal error: the search answered SAFE, but the model made of its "
                "certificate fails at {} under {}: {}. This is a bug; please report it with the "
                "problem.\n", mc.clause, a.validator, mc.detail);
            return exit_internal;
        }
        if (mc.outcome != CertificateCheck::Outcome::valid) {
            r.verdict = Verdict::unknown;
            r.reason = mc.out_of_time ? UnknownReason::timeout : UnknownReason::solver;
            r.reason_text = fmt::format("the model of the CHC problem was not validated{}: {}",
                                        mc.clause.empty() ? "" : " at " + mc.clause, mc.detail);
            r.stats.certificate_validated = false;
        }
    }
    if (task && task->expected && r.verdict != Verdict::unknown &&
        (r.verdict == Verdict::safe) != *task->expected) {
        r.notes.push_back(fmt::format("the task {} expects {} for unreach-call", task->file,
                                      *task->expected ? "true" : "false"));
    }
    if (!a.certificate.empty()) {
        if (r.verdict == Verdict::safe && r.certificate) {
            std::ofstream out(a.certificate, std::ios::binary);
            // A CHC problem's certificate as CHC-COMP solvers give it: sat, then the model.
            if (model) {
                out << "sat\n" << *model;
            } else {
                out << certificate_clp(*program, *r.certificate);
            }
            if (!out) {
                std::cerr << "clpi: error: cannot write " << a.certificate << "\n";
                return exit_usage;
            }
        } else if (r.verdict == Verdict::safe) {
            r.notes.push_back("no certificate written: " + r.no_certificate);
        } else {
            r.notes.push_back("no certificate written: only a SAFE answer has one");
        }
    }

    if (!a.witness.empty() && !write_witness(a.witness, witness_map, r, r.notes)) return exit_usage;

    // A tree in a machine format on standard output leaves the verdict to standard error
    // (and to the exit status), so that the output stays one document.
    bool tree_on_stdout = !a.tree.empty() && a.tree != "text" && a.out.empty();
    if (tree_on_stdout) {
        std::cerr << result_text(*program, r);
    } else if (a.json) {
        std::cout << result_json(*program, r).dump(2) << "\n";
    } else {
        print_answer_line(a.output, r.verdict);
        std::cout << result_text(*program, r);
        if (r.counterexample && !r.counterexample->path.empty() && !witness_map.empty()) {
            std::string error;
            if (std::optional<CSourceMap> map = parse_c_source_map(witness_map, error)) {
                // The last state before the error: what the failing check read.
                const auto& path = r.counterexample->path;
                const CounterexampleStep& last = path.size() > 1 ? path[path.size() - 2] : path.back();
                std::vector<std::string> lines = memory_as_c(*map, last.state);
                if (!lines.empty()) {
                    std::cout << "Memory before the error, in C (pointers followed two levels; an address is a "
                                 "cell number, NULL is 0):\n";
                    for (const std::string& l : lines) std::cout << "  " << l << "\n";
                }
            }
        }
        // A run stopped by a limit shows how far it got, asked or not.
        bool stopped = r.reason == UnknownReason::timeout || r.reason == UnknownReason::memory ||
                       r.reason == UnknownReason::interrupted;
        if (a.invariants) std::cout << invariants_text(r);
        if (a.stats || stopped) std::cout << stats_text(r.stats);
        for (const std::string& n : r.notes) std::cerr << "clpi: note: " << n << "\n";
    }
    if (r.tree && !witness_map.empty()) {
        std::string error;
        if (std::optional<CSourceMap> map = parse_c_source_map(witness_map, error)) describe_tree_in_c(*r.tree, *map);
    }
    if (!a.tree.empty() && !write_tree(a, *program, r)) return exit_usage;
    switch (r.verdict) {
    case Verdict::safe: return exit_safe;
    case Verdict::unsafe: return exit_unsafe;
    case Verdict::unknown: return exit_unknown;
    }
    return exit_internal;
}

}  // namespace

Runner add_verify_command(CLI::App& app) {
    auto args = std::make_shared<VerifyArgs>();
    CLI::App* cmd = app.add_subcommand(
        "verify", "Prove that no derivation from the query reaches `error` (SAFE), find one "
                  "(UNSAFE, with a replayed counterexample), or say why not (UNKNOWN)");
    cmd->add_option("FILE", args->file,
                    "CLP program (`-` for standard input), a C program (.c, .i) that c2clp "
                    "converts first, a CHC-COMP problem (.smt2), or an SV-COMP task definition "
                    "(.yml: its C input file and data model, the property unreach-call)")
        ->required();
    cmd->add_option("CLANG_ARGS", args->clang_args,
                    "for a C program, after `--`: arguments for Clang (-I, -D, ...)");
    cmd->add_option("--int-semantics", args->int_semantics,
                    "for a C program: math (default; signed overflow does not happen) or wrap "
                    "(two's complement everywhere); unsigned arithmetic wraps in both")
        ->check(CLI::IsMember({"math", "wrap"}));
    cmd->add_option("--data-model", args->data_model,
                    "for a C program: ilp32 (default) or lp64, the widths of the integer types")
        ->check(CLI::IsMember({"ilp32", "lp64"}));
    cmd->add_option("--check", args->checks,
                    "for a C program, what else is an error: `bounds`, an array index out of "
                    "bounds (otherwise an array is unbounded, as the README says); `memory`, a "
                    "dereference of NULL or of freed memory, or a bad free; repeat the option for both")
        ->check(CLI::IsMember({"bounds", "memory"}))->type_name("WHAT")
        ->allow_extra_args(false);
    add_chc_flags_option(*cmd, args->chc);
    cmd->add_flag("--large-blocks", args->large_blocks,
                  "for a C program: one rule per straight-line block instead of one per statement");
    cmd->add_option("--strategy", args->strategy,
                    "minimax: interpolation, memo tables, subsumption, and loops closed by "
                    "path-based invariants with refinement and restart (no bound needed); "
                    "bounded: the same without loop abstraction, loops unrolled up to --unroll; "
                    "dse: plain path enumeration (no learning), the baseline; "
                    "pdr: property-directed reachability (IC3), lemmas per point learnt from "
                    "whole steps, no derivation tree")
        ->check(CLI::IsMember({"minimax", "bounded", "dse", "pdr"}))
        ->capture_default_str();
    cmd->add_option("--unroll", args->unroll,
                    "let a goal repeat the point of an ancestor at most N times; a path cut "
                    "there makes the verdict UNKNOWN unless an error is found. Default: no "
                    "bound (minimax, and loop-free programs); 20 for bounded and dse on "
                    "programs with loops")
        ->check(CLI::NonNegativeNumber);
    cmd->add_flag("--slacken", args->slacken,
                  "weaken interpolants of loop-free code as far as the proofs below allow "
                  "(t = 3 becomes t =< 20 when all that follows is a check t > 20): fewer "
                  "nodes where many paths differ only by a counter; over memory, interpolants "
                  "forget the cells no variable addresses");
    cmd->add_flag("--no-polyhedra", args->no_polyhedra,
                  "minimax: loop headers get only the candidates of the path (as in the RV'11 "
                  "paper), not also the linear invariants (j = 2*i, y + 3*x = 100) of a polyhedral "
                  "abstract interpretation of the program, made once before the search");
    cmd->add_flag("--no-learn", args->no_learn,
                  "minimax: when a loop would be unrolled because a candidate a refutation needs "
                  "breaks on the way back, do not first learn that candidate's precondition along "
                  "that way (x + y >= 1 for x >= 1 where x grows by y) as a new candidate");
    cmd->add_flag("--no-reorder", args->no_reorder,
                  "minimax: when a loop would be unrolled because the proofs of a way out of it, "
                  "explored before its way back, rely on what only its first iterations say, do "
                  "not first restart its header with the ways back tried first");
    cmd->add_flag("--no-drop", args->no_drop,
                  "minimax: when a loop would be unrolled only because candidates that proofs below "
                  "its header rely on break on the way back (with everything else it keeps), or "
                  "because its own that break gave such candidates to the headers of loops nested "
                  "in it, do not first drop its own for good and restart the header");
    cmd->add_flag("--no-bmc", args->no_bmc,
                  "minimax: do not look for errors by bounded model checking on a second thread "
                  "beside the search (every path of k steps in one solver query, k = 1, 2, ...: "
                  "deep errors behind loops whose bodies branch, or behind one large disjunctive "
                  "transition); it starts once the search has run --bmc-after seconds");
    cmd->add_flag("--no-pdr", args->no_pdr,
                  "minimax: do not look for an inductive invariant by property-directed "
                  "reachability (IC3) on a third thread beside the search (lemmas learnt from "
                  "whole steps: invariants that relate many flags); it starts with bounded model "
                  "checking");
    cmd->add_option("--bmc-after", args->bmc_after_s,
                    "the seconds the search (its polyhedral analysis first) runs alone before "
                    "bounded model checking and property-directed reachability start beside it, at "
                    "a lower priority (a program answered sooner never pays for them); their "
                    "answer also stops the analysis")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    cmd->add_flag("--no-reverse", args->no_reverse,
                  "minimax: do not run the search also on the reversed program (from the errors "
                  "back to the query) on a thread beside the search; it starts once the search has "
                  "run --reverse-after seconds, runs for a third of --timeout, and proves programs whose invariant is simple seen "
                  "from the error (a program encoded from its end to its start, a loop that keeps "
                  "a disequality)");
    cmd->add_option("--reverse-after", args->reverse_after_s,
                    "the seconds the search runs before the search on the reversed program starts "
                    "beside it, at a lower priority")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    cmd->add_option("--timeout", args->timeout_s,
                    "stop after SECONDS (default 60): UNKNOWN (timeout); minimax keeps deepening "
                    "the unrolling of loops no invariant closes (bounded probes past 32 unrollings) "
                    "until then; a solver call that ignores the interrupt is cut 2 s (or a tenth of "
                    "SECONDS) later, and --validate's checks get what is left of both (a SAFE they "
                    "do not finish is UNKNOWN (timeout)). 0: no limit, and deepening stops at 32 "
                    "unrollings with UNKNOWN (unroll bound 32 reached)")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    cmd->add_option("--memory-limit", args->memory_mb, "stop above MB of memory: UNKNOWN (memory)")
        ->check(CLI::PositiveNumber);
    CLI::Option* json =
        cmd->add_flag("--json", args->json, "print the result as one JSON object on standard output");
    cmd->add_option("--output", args->output,
                    "normal: the verdict first; chc-comp: first a line `sat` (SAFE: the Horn "
                    "clauses have a model, no error is reachable), `unsat` (UNSAFE: the "
                    "clauses are contradictory, an error is reachable) or `unknown`, as "
                    "CHC-COMP solvers answer; sv-comp: first a line `true` (SAFE), "
                    "`false(unreach-call)` (UNSAFE) or `unknown`, as SV-COMP verifiers answer "
                    "for the property unreach-call; then the normal output. Exit status unchanged")
        ->check(CLI::IsMember({"normal", "chc-comp", "sv-comp"}))
        ->excludes(json)
        ->capture_default_str();
    cmd->add_flag("--stats", args->stats, "print statistics after the verdict");
    cmd->add_flag("--invariants", args->invariants,
                  "for SAFE, print the interpolant stored at each loop header (the invariant "
                  "it proved), in CLP syntax");
    cmd->add_option("--certificate", args->certificate,
                    "for SAFE, write the proof to FILE: a formula per program point that holds "
                    "at the query, is kept by every rule and excludes every error rule (an "
                    "inductive invariant), in CLP syntax; for a CHC problem, the model CHC-COMP "
                    "solvers print (`sat`, then a define-fun per predicate)")
        ->type_name("FILE");
    cmd->add_option("--witness", args->witness,
                    "for a C program, write the SV-COMP witness (format 2.0, YAML) to FILE: for "
                    "SAFE the loop invariants of the certificate in C (invariant_set), for UNSAFE "
                    "the branches the counterexample takes and the failing call (violation_sequence)")
        ->type_name("FILE");
    cmd->add_flag("--validate", args->validate,
                  "for SAFE, check the certificate clause by clause with a second solver (cvc5, "
                  "independent of the engine's Z3) before answering (for a CHC problem, also the "
                  "model against the problem's own clauses): SAFE only when every clause holds; "
                  "UNKNOWN when the solver cannot tell; a failing clause is an internal error "
                  "(exit 6). For UNSAFE, the counterexample's path is checked with its values too");
    cmd->add_option("--validator", args->validator,
                    "the solver --validate runs: cvc5 (in clpi's process, through its C++ library), "
                    "or an SMT-LIB solver command run as a program (z3, or a path)")
        ->capture_default_str();
    cmd->add_flag("-q,--quiet", args->quiet, "no progress line on the terminal");
    cmd->add_option("--tree", args->tree,
                    "write the derivation tree: text (a terminal tree), dot (Graphviz), json "
                    "(versioned schema), html (a page that replays the search), svg (needs "
                    "Graphviz)")
        ->check(CLI::IsMember({"text", "dot", "json", "html", "svg"}));
    cmd->add_option("-o,--output-file", args->out, "write the tree to this file");
    cmd->add_flag("--ascii", args->ascii, "text tree without Unicode box drawing");
    cmd->add_option("--tree-max-nodes", args->tree_max_nodes,
                    "show at most N nodes of the tree (a marker says how many more)");
    cmd->footer("Exit status: 0 SAFE, 10 UNSAFE, 5 UNKNOWN, 1 usage error, 2 bad input, "
                "6 internal error.");
    return [args] { return run_verify(*args); };
}

}  // namespace clpi::cli
