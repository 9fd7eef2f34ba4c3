// The entry point of the engine: picks a strategy by name and runs it.
#include "clpi/engine.hpp"

#include <algorithm>
#include <chrono>
#include <functional>
#include <limits>

#include <fmt/format.h>

#include "engine/beside.hpp"
#include "engine/bmc.hpp"
#include "engine/explorer.hpp"
#include "engine/limits.hpp"
#include "engine/pdr.hpp"
#include "engine/point_graph.hpp"
#include "engine/reverse.hpp"

namespace clpi {

std::optional<Strategy> strategy_from_string(const std::string& name) {
    if (name == "minimax") return Strategy::minimax;
    if (name == "bounded") return Strategy::bounded;
    if (name == "dse") return Strategy::dse;
    if (name == "pdr") return Strategy::pdr;
    return std::nullopt;
}

const char* to_string(Strategy s) {
    switch (s) {
    case Strategy::minimax: return "minimax";
    case Strategy::bounded: return "bounded";
    case Strategy::dse: return "dse";
    case Strategy::pdr: return "pdr";
    }
    return "?";
}

namespace {
engine::StrategyTraits traits_of(Strategy s) {
    engine::StrategyTraits t;
    t.strategy = s;
    t.interpolate = s != Strategy::dse;  // dse: plain path enumeration, the KLEE-like baseline
    t.loops = s == Strategy::minimax;
    return t;
}
}  // namespace

namespace {

void add_stats(Stats& total, const Stats& s) {
    total.nodes += s.nodes;
    total.infeasible += s.infeasible;
    total.subsumed += s.subsumed;
    total.terminal += s.terminal;
    total.errors += s.errors;
    total.cut_by_bound += s.cut_by_bound;
    total.restarts += s.restarts;
    total.loop_closures += s.loop_closures;
    total.unrollings += s.unrollings;
    total.spurious_errors += s.spurious_errors;
    total.unexplained_errors += s.unexplained_errors;
    total.accelerations += s.accelerations;
    total.forced_subsumptions += s.forced_subsumptions;
    total.weakenings += s.weakenings;
    total.slackened += s.slackened;
    total.cells_forgotten += s.cells_forgotten;
    total.candidates_kept += s.candidates_kept;
    total.candidates_abstracted += s.candidates_abstracted;
    total.polyhedra_candidates += s.polyhedra_candidates;
    total.learnt_candidates += s.learnt_candidates;
    total.reorders += s.reorders;
    total.dropped_candidates += s.dropped_candidates;
    total.certificate_build_time_s += s.certificate_build_time_s;
    total.memo_entries += s.memo_entries;
    total.memo_hits += s.memo_hits;
    total.solver_calls += s.solver_calls;
    total.solver_time_s += s.solver_time_s;
    total.feasibility_calls += s.feasibility_calls;
    total.core_calls += s.core_calls;
    total.entailment_calls += s.entailment_calls;
    total.projections += s.projections;
    total.model_shortcuts += s.model_shortcuts;
    total.own_variable_answers += s.own_variable_answers;
    total.projections_remembered += s.projections_remembered;
    total.projections_lost += s.projections_lost;
    total.projections_cut_short += s.projections_cut_short;
    total.projections_gave_way = total.projections_gave_way || s.projections_gave_way;
    total.feasibility_time_s += s.feasibility_time_s;
    total.core_time_s += s.core_time_s;
    total.entailment_time_s += s.entailment_time_s;
    total.projection_time_s += s.projection_time_s;
    total.upkeep_time_s += s.upkeep_time_s;
    total.max_depth = std::max(total.max_depth, s.max_depth);
    total.peak_memory_mb = std::max(total.peak_memory_mb, s.peak_memory_mb);
}

// An error many iterations deep in a loop whose body branches (acceleration needs a single
// cycle) costs every round of deepening a refinement per unrolled copy of the header; plain
// bounded exploration with interpolation reaches it with a fraction of the nodes. So after a
// round that meets a spurious error, bounded probes run at unroll bounds 4 and then 32, on a
// node budget shared between them: a few times the nodes of the minimax rounds so far (a
// bounded node costs a fraction of a minimax one). An UNSAFE a probe finds (replayed like
// every counterexample) or a SAFE without a cut ends the run; anything else is forgotten (its
// work still counts in the statistics).
double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// How many bounded probes ran, and their time (for --stats).
struct ProbeLog {
    std::uint32_t count = 0;
    double time_s = 0;
};

// One bounded probe: interpolation, no loop abstraction, unroll bound `bound`, at most
// `max_nodes` nodes and `timeout_s` seconds (0: none). Its statistics go into `spent`;
// `after` ends the note that an answer gets.
Result bounded_probe(const Program& program, const Options& options, std::uint32_t bound,
                     std::uint64_t max_nodes, double timeout_s, Stats& spent, ProbeLog& log,
                     const std::string& after) {
    Options probe = options;
    probe.strategy = Strategy::bounded;
    probe.unroll = bound;
    probe.max_nodes = max_nodes;
    probe.timeout_s = timeout_s;
    auto t0 = std::chrono::steady_clock::now();
    engine::Explorer explorer(program, probe, traits_of(Strategy::bounded));
    Result r = explorer.run();
    log.time_s += seconds_since(t0);
    ++log.count;
    add_stats(spent, r.stats);
    if (r.verdict != Verdict::unknown) {
        // A SAFE from a probe means every loop ended within the bound on every path.
        r.notes.push_back(fmt::format("{} by a bounded probe (unroll bound {}, interpolation, "
                                      "no loop abstraction) after {}",
                                      r.verdict == Verdict::safe ? "proved" : "found", bound, after));
    }
    return r;
}

struct Probe {
    std::uint64_t last_budget = 0;
    static constexpr std::uint64_t nodes_per_minimax_node = 8, min_budget = 200;
    static constexpr std::uint32_t bounds[] = {4, Options::max_deepening};

    // Nothing when no probe was run or none answered; `spent` gets the probes' statistics.
    // `time_left` is asked before each probe: a probe's time is taken from the next one's.
    std::optional<Result> run(const Program& program, const Options& options,
                              std::uint64_t minimax_nodes, const std::function<double()>& time_left,
                              Stats& spent, ProbeLog& log) {
        std::uint64_t budget = std::max(min_budget, nodes_per_minimax_node * minimax_nodes);
        if (budget < 2 * last_budget) return std::nullopt;  // not worth probing again yet
        last_budget = budget;
        for (std::uint32_t bound : bounds) {
            Result r = bounded_probe(program, options, bound, budget, time_left(), spent, log,
                                     "minimax met an error that its loop abstraction made spurious");
            if (r.verdict != Verdict::unknown) return r;
            if (r.reason != UnknownReason::bound || r.stats.nodes >= budget) return std::nullopt;
            budget -= r.stats.nodes;
        }
        return std::nullopt;
    }
};

// After a minimax round left an error its abstraction could not explain: bounded probes at
// 4 and max_deepening unrollings on a node budget, and, with a time limit, at doubling bounds
// on half the time left each, until one answers. Nothing when none does.
std::optional<Result> unroll_instead(const Program& program, const Options& options,
                                     std::uint64_t minimax_nodes,
                                     const std::function<double()>& time_left, Stats& spent,
                                     ProbeLog& log) {
    const bool to_the_limit = options.timeout_s > 0;
    Probe probe;
    if (auto found = probe.run(program, options, minimax_nodes, time_left, spent, log)) return found;
    if (!to_the_limit) return std::nullopt;
    for (std::uint32_t bound = 2 * Options::max_deepening;
         bound < std::numeric_limits<std::uint32_t>::max() / 2; bound *= 2) {
        Result p = bounded_probe(program, options, bound, 0, time_left() / 2, spent, log,
                                 "minimax met an error that its loop abstraction could not explain");
        if (p.verdict != Verdict::unknown) return p;
        if (p.reason != UnknownReason::bound || time_left() <= 0.001) break;
    }
    return std::nullopt;
}

// Minimax with no bound given: a goal at a loop header that cannot close is unrolled, and
// a depth-first search could unroll one loop forever while an error waits behind a loop
// exit. So the unrolling is deepened: rounds with bounds 1, 2, 4, ... until a round needs
// no cut (SAFE), finds a real error (UNSAFE), or the largest bound is reached (UNKNOWN).
// With a time limit the search does not give up at the largest bound: it goes on doubling
// the bound, each round led by a bounded probe at four times that bound (an error hundreds
// of steps deep behind a loop with branches takes it a few hundred nodes), until an answer
// or the limit.
Result verify_deepening(const Program& program, const Options& options,
                        const engine::PointInvariants* invariants) {
    auto t0 = std::chrono::steady_clock::now();
    auto elapsed = [&] { return seconds_since(t0); };
    const bool to_the_limit = options.timeout_s > 0;
    auto time_left = [&] { return to_the_limit ? std::max(0.001, options.timeout_s - elapsed()) : 0.0; };
    Stats total;
    Options round = options;
    std::uint32_t rounds = 0;
    std::uint64_t minimax_nodes = 0;
    double minimax_time = 0;
    ProbeLog probes;
    Probe probe;
    auto finish = [&](Result r, std::uint32_t bound) {
        total.time_s = elapsed();
        total.deepening_rounds = rounds;
        total.deepening_bound = bound;
        total.minimax_time_s = minimax_time;
        total.probes = probes.count;
        total.probe_time_s = probes.time_s;
        r.stats = total;
        return r;
    };
    for (std::uint32_t bound = 1;; bound *= 2) {
        if (bound > Options::max_deepening) {
            // Past the largest bound (only with a time limit): a bounded probe first, at four
            // times the minimax round's bound and on half the time left, so that a deep error
            // (a nested loop's: outer times inner iterations) is found before the costlier
            // rounds, and a safe program still gets rounds.
            Result r = bounded_probe(program, options, 4 * bound, 0, time_left() / 2, total, probes,
                                     fmt::format("minimax rounds up to {} unrollings", bound / 2));
            if (r.verdict != Verdict::unknown) return finish(r, bound / 2);
            const bool limit = r.reason != UnknownReason::bound && r.reason != UnknownReason::timeout;
            if (limit || elapsed() >= options.timeout_s) {  // memory, solver, interrupted, time
                if (r.reason == UnknownReason::bound) {
                    r.reason = UnknownReason::timeout;
                    r.reason_text = to_string(UnknownReason::timeout);
                }
                return finish(r, bound / 2);
            }
        }
        round.unroll = bound;
        round.timeout_s = time_left();
        auto m0 = std::chrono::steady_clock::now();
        engine::Explorer explorer(program, round, traits_of(options.strategy), invariants);
        Result r = explorer.run();
        minimax_time += seconds_since(m0);
        ++rounds;
        add_stats(total, r.stats);
        minimax_nodes += r.stats.nodes;
        bool deeper = r.verdict == Verdict::unknown && r.reason == UnknownReason::bound &&
                      r.stats.cut_by_bound > 0 &&
                      (bound < Options::max_deepening || to_the_limit) &&
                      bound < std::numeric_limits<std::uint32_t>::max() / 2;
        if (!deeper && r.verdict == Verdict::unknown && r.stats.unexplained_errors > 0 &&
            r.reason == UnknownReason::solver) {
            // The loop abstraction met an error that no candidate can refute (what the loop
            // does to an array's cells, say): deepening the same abstraction cannot help, so
            // the loops are unrolled instead, by bounded probes without abstraction; with a
            // time limit their bound keeps doubling until an answer or the limit.
            if (auto found = unroll_instead(program, options, minimax_nodes, time_left, total, probes)) {
                return finish(*found, bound);
            }
            if (to_the_limit && elapsed() >= options.timeout_s) {
                r.reason = UnknownReason::timeout;
                r.reason_text = to_string(UnknownReason::timeout);
            }
        }
        if (!deeper) {
            if (r.tree && rounds > 1) {
                r.tree->note = fmt::format("the last of {} rounds of deepening, unroll bound {}",
                                           rounds, bound);
            }
            if (rounds > 1) {
                r.notes.push_back(fmt::format(
                    "loops that no invariant closed were unrolled by iterative deepening: {} "
                    "rounds, up to {} unrollings (the statistics add up all rounds)",
                    rounds, bound));
            }
            return finish(r, bound);
        }
        if (r.stats.spurious_errors > 0 && bound <= Options::max_deepening) {
            if (auto found = probe.run(program, options, minimax_nodes, time_left, total, probes)) {
                return finish(*found, bound);
            }
        }
    }
}

}  // namespace

void prepare_verify(bool input_is_converted) { solver::prepare_context(input_is_converted); }

double solver_setup_wait_s() { return solver::context_wait_s(); }

namespace {
// The polyhedral analysis gets a tenth of the time limit, and at most a second: its facts
// save unrollings, but a loop the path's own candidates close does not need them.
engine::PolyhedraLimits polyhedra_limits(const Options& options) {
    engine::PolyhedraLimits limits;
    limits.max_branches_remembered = options.polyhedra_branches;
    limits.widening_delay = options.polyhedra_widening_delay;
    // Sanitizers: the same analysis as a normal build, in slower time. The share of a time
    // limit is scaled too (up to half the limit): cut at a tenth, the analysis with branch
    // parts would end early under sanitizers where it completes in a normal build, and the
    // search would go another way than the one the tests check.
#ifdef CLPI_INSTRUMENTED_BUILD
    constexpr double slower = 20;
#else
    constexpr double slower = 1;
#endif
    limits.time_s *= slower;
    if (options.timeout_s > 0) {
        limits.time_s = std::min(limits.time_s, std::min(slower * options.timeout_s / 10, options.timeout_s / 2));
    }
    return limits;
}
}  // namespace

namespace {
// The search's head start over a helper (Options::bmc_after_s, reverse_after_s).
double head_start(double seconds) {
#ifdef CLPI_INSTRUMENTED_BUILD
    return seconds * 20;  // sanitizers: the same race as a normal build, in slower time
#else
    return seconds;
#endif
}

// Makes `r` the UNSAFE answer of an engine beside the search, with its counterexample.
void answer_unsafe(Result& r, Counterexample cex, std::string note) {
    r.verdict = Verdict::unsafe;
    r.reason = UnknownReason::none;
    r.reason_text.clear();
    r.counterexample = std::move(cex);
    r.notes.push_back(std::move(note));
}

// What the search on the reversed program found (Options::reverse).
struct ReverseOutcome {
    Result result;
    std::string ended;
};

ReverseOutcome search_reversed(const Program& reversed, const Options& options, const std::atomic<bool>& stop,
                               double time_s) {
    Options o = options;
    o.reverse = false;
    // Bounded model checking of the reversed program goes as deep as the program's own;
    // property-directed reachability beside it took the processor from the search and the
    // helpers (all 279 vmt and hcai problems at 60 s, two at a time: it answered none that
    // the others did not, and 6 answered after 40 s by the others ran out of time).
    o.bmc = false;
    o.pdr = false;
    o.timeout_s = time_s;
    o.interrupt = &stop;
    o.cancel = nullptr;
    o.record_tree = false;
    o.on_progress = nullptr;
    ReverseOutcome out;
    out.result = verify(reversed, o);
    if (out.result.verdict == Verdict::unknown) out.ended = to_string(out.result.reason);
    return out;
}

// The search's result, or the reversed program's answer when the search had not answered:
// the complement of its invariant as the certificate, or a counterexample found by bounded
// model checking to the depth of the error path it found.
Result with_reverse(Result r, ReverseOutcome o, const Program& program, const Program& reversed,
                    const Options& options) {
    const Result& back = o.result;
    r.stats.reverse_ran = back.stats.nodes > 0 || back.stats.pdr_ran;
    r.stats.reverse_nodes = back.stats.nodes;
    r.stats.reverse_time_s = back.stats.time_s;
    if (back.verdict == Verdict::unknown) return r;
    if (r.verdict != Verdict::unknown && r.verdict != back.verdict) {
        throw InternalError(r.verdict == Verdict::unsafe
                                ? "the search found a counterexample that replays, but the search on the "
                                  "reversed program proved it safe"
                                : "the search answered SAFE, but the search on the reversed program reached "
                                  "the query from an error");
    }
    if (r.verdict != Verdict::unknown) return r;
    if (back.verdict == Verdict::safe) {
        r.verdict = Verdict::safe;
        r.reason = UnknownReason::none;
        r.reason_text.clear();
        r.stats.reverse_proved = true;
        r.certificate.reset();
        if (back.certificate) {
            std::string why;
            r.certificate = engine::certificate_from_reverse(program, reversed, *back.certificate, why);
            if (!r.certificate) r.no_certificate = why;
        } else {
            r.no_certificate = "the search on the reversed program proved it without a certificate: " +
                               back.no_certificate;
        }
        r.notes.push_back(fmt::format("proved by the search on the reversed program (from the errors back to "
                                      "the query) beside the search: {} nodes, {:.3f} s; the search stopped "
                                      "there",
                                      back.stats.nodes, back.stats.time_s));
        if (r.tree) r.tree->note = "the search stopped here: the search on the reversed program proved it safe";
        return r;
    }
    // Its path, read forwards, is a path of this program to an error: bounded model checking
    // to that depth finds one, which replays.
    const std::size_t steps = back.counterexample ? back.counterexample->path.size() : 0;
    engine::BmcLimits bmc;
    bmc.max_depth = static_cast<std::uint32_t>(steps + 1);
    bmc.stop = options.interrupt;
    bmc.timeout_s = options.timeout_s > 0 ? std::max(1.0, options.timeout_s - r.stats.time_s) : 0;
    engine::BmcResult found = engine::bounded_model_check(program, bmc);
    if (!found.counterexample) {
        r.notes.push_back(fmt::format("the search on the reversed program reached the query from an error in "
                                      "{} steps, but bounded model checking found no path of this program "
                                      "there ({})",
                                      steps, found.ended));
        return r;
    }
    r.stats.reverse_found = true;
    answer_unsafe(r, std::move(*found.counterexample),
                  fmt::format("found by the search on the reversed program beside the search: a path of {} steps "
                              "from an error back to the query, made a counterexample by bounded model checking; "
                              "the search stopped there",
                              steps));
    if (r.tree) r.tree->note = "the search stopped here: the search on the reversed program found an error path";
    return r;
}

// The search's result, or bounded model checking's counterexample when the search had not
// answered (it stopped at the counterexample, or gave up). Both answering, differently, is
// a bug: the counterexample was replayed, so the SAFE was wrong.
Result with_bmc(Result r, engine::BmcResult bmc) {
    r.stats.bmc_ran = bmc.checks > 0;
    r.stats.bmc_depth = bmc.depth;
    r.stats.bmc_checks = bmc.checks;
    r.stats.bmc_time_s = bmc.time_s;
    if (!bmc.counterexample || r.verdict == Verdict::unsafe) return r;
    if (r.verdict == Verdict::safe) {
        throw InternalError(fmt::format("the search answered SAFE, but bounded model checking found a "
                                        "counterexample of {} steps that replays", bmc.depth));
    }
    r.stats.bmc_found = true;
    answer_unsafe(r, std::move(*bmc.counterexample),
                  fmt::format("found by bounded model checking beside the search: every path of {} steps in one "
                              "solver query ({} checks, {:.3f} s); the search stopped there",
                              bmc.depth, bmc.checks, bmc.time_s));
    if (r.tree) {
        r.tree->note = fmt::format("the search stopped here: bounded model checking beside it found "
                                   "the counterexample, {} steps deep", bmc.depth);
    }
    return r;
}

// What property-directed reachability did, beside the search or alone.
void count_pdr(Stats& s, const engine::PdrResult& p) {
    s.pdr_ran = p.checks > 0;
    s.pdr_level = p.level;
    s.pdr_lemmas = p.lemmas;
    s.pdr_eliminations = p.eliminations;
    s.pdr_eliminations_around = p.eliminations_around;
    s.pdr_ctgs = p.ctgs;
    s.pdr_checks = p.checks;
    s.pdr_time_s = p.time_s;
}

// The search's result, or property-directed reachability's answer when the search had not
// answered: its proof, or its counterexample (replayed). An invariant against a replayed
// counterexample is a bug.
Result with_pdr(Result r, engine::PdrResult pdr) {
    count_pdr(r.stats, pdr);
    const bool proof = pdr.outcome == engine::PdrResult::Outcome::safe;
    const bool path = pdr.outcome == engine::PdrResult::Outcome::unsafe && pdr.counterexample;
    if (!proof && !path) return r;
    if ((proof && r.verdict == Verdict::unsafe) || (path && r.verdict == Verdict::safe)) {
        throw InternalError(proof ? "the search found a counterexample that replays, but property-directed "
                                    "reachability found an inductive invariant"
                                  : "the search answered SAFE, but property-directed reachability found a "
                                    "counterexample that replays");
    }
    if (r.verdict != Verdict::unknown) return r;
    r.reason = UnknownReason::none;
    r.reason_text.clear();
    if (proof) {
        r.verdict = Verdict::safe;
        r.certificate = std::move(pdr.certificate);
        r.no_certificate.clear();
        r.stats.pdr_proved = true;
        r.notes.push_back(fmt::format("proved by property-directed reachability beside the search: an "
                                      "inductive invariant at level {} ({} lemmas learnt, {} checks, {:.3f} s); "
                                      "the search stopped there",
                                      pdr.level, pdr.lemmas, pdr.checks, pdr.time_s));
    } else {
        r.verdict = Verdict::unsafe;
        r.counterexample = std::move(pdr.counterexample);
        r.stats.pdr_found = true;
        r.notes.push_back(fmt::format("found by property-directed reachability beside the search: a path "
                                      "of {} steps to an error, retraced and replayed ({} lemmas learnt, {} "
                                      "checks, {:.3f} s); the search stopped there",
                                      pdr.steps, pdr.lemmas, pdr.checks, pdr.time_s));
    }
    if (r.tree) {
        r.tree->note = proof ? "the search stopped here: property-directed reachability beside it found an "
                               "inductive invariant"
                             : "the search stopped here: property-directed reachability beside it found a "
                               "counterexample";
    }
    return r;
}
}  // namespace

namespace {
// Property-directed reachability alone (Strategy::pdr). Its SAFE carries the inductive frame
// as the certificate; the path to an error it finds is made a counterexample (replayed) by
// bounded model checking to that depth.
Result verify_pdr(const Program& program, const Options& options) {
    auto t0 = std::chrono::steady_clock::now();
    engine::PdrLimits limits;
    limits.timeout_s = options.timeout_s;
    limits.stop = options.interrupt;
    engine::PdrResult p = engine::property_directed_reachability(program, limits);
    Result r;
    r.strategy = to_string(Strategy::pdr);
    r.notes.push_back(fmt::format("property-directed reachability: {} levels, {} lemmas, {} states "
                                  "blocked or traced back, {} solver checks",
                                  p.level, p.lemmas, p.obligations, p.checks));
    r.stats.solver_calls = p.checks;
    count_pdr(r.stats, p);
    if (p.outcome == engine::PdrResult::Outcome::safe) {
        r.verdict = Verdict::safe;
        r.certificate = std::move(p.certificate);
        r.stats.pdr_proved = true;
    } else if (p.outcome == engine::PdrResult::Outcome::unsafe && p.counterexample) {
        r.verdict = Verdict::unsafe;
        r.stats.pdr_found = true;
        r.counterexample = std::move(p.counterexample);
        r.notes.push_back(fmt::format("the error it reached, {} steps deep, retraced through its "
                                      "obligations and replayed", p.steps));
    } else if (p.outcome == engine::PdrResult::Outcome::unsafe) {
        engine::BmcLimits bmc;
        bmc.max_depth = p.steps + 1;
        bmc.stop = options.interrupt;
        if (options.timeout_s > 0) bmc.timeout_s = std::max(0.001, options.timeout_s - seconds_since(t0));
        engine::BmcResult found = engine::bounded_model_check(program, bmc);
        if (found.counterexample) {
            r.verdict = Verdict::unsafe;
            r.counterexample = std::move(found.counterexample);
            r.notes.push_back(fmt::format("the error it reached, {} steps deep, made a counterexample by "
                                          "bounded model checking", p.steps));
        } else {
            r.reason = UnknownReason::solver;
            r.reason_text = fmt::format("property-directed reachability reached an error {} steps deep, "
                                        "but bounded model checking found no path there ({})",
                                        p.steps, found.ended);
        }
    } else {
        r.reason = p.ended == "timeout" ? UnknownReason::timeout
                   : p.ended == "stopped" ? UnknownReason::interrupted
                                          : UnknownReason::solver;
        r.reason_text = p.ended;
    }
    r.stats.time_s = seconds_since(t0);
    r.stats.peak_memory_mb = engine::peak_memory_mb();
    return r;
}
}  // namespace

Result verify(const Program& program, const Options& options) {
    solver::begin_run();
    if (options.strategy == Strategy::pdr) return verify_pdr(program, options);
    const bool loops = options.strategy == Strategy::minimax;
    const engine::PointGraph graph = engine::build_point_graph(program);
    // Bounded model checking and property-directed reachability beside the search, after
    // the search's head start: a search about to succeed ends alone, without them taking
    // the processor.
    const auto run_start = std::chrono::steady_clock::now();
    const bool beside = loops && !options.unroll && graph.has_cycle() && (options.bmc || options.pdr);
    solver::give_way_after_cut_short(beside);
    std::atomic<bool> answered{false};
    std::optional<engine::Beside<engine::BmcResult>> bmc;
    std::optional<engine::Beside<engine::PdrResult>> pdr;
    auto start_beside = [&](double after_s) {
        double timeout_s = 0;
        if (options.timeout_s > 0) timeout_s = std::max(0.001, options.timeout_s - seconds_since(run_start));
        if (options.bmc) {
            bmc.emplace([&program](const std::atomic<bool>& stop,
                                   double time_s) { return engine::bounded_model_check_beside(program, stop, time_s); },
                        [](const engine::BmcResult& b) { return b.counterexample.has_value(); },
                        after_s, timeout_s, answered);
        }
        if (options.pdr) {
            pdr.emplace(
                [&program](const std::atomic<bool>& stop, double time_s) {
                    engine::PdrLimits limits;
                    limits.stop = &stop;
                    limits.timeout_s = time_s;
                    return engine::property_directed_reachability(program, limits);
                },
                // A proof, or a path to an error retraced into a counterexample.
                [](const engine::PdrResult& p) {
                    return p.outcome == engine::PdrResult::Outcome::safe || p.counterexample.has_value();
                },
                after_s, timeout_s, answered);
        }
    };
    // The head start counts from here: the polyhedral analysis is the search's first part.
    if (beside) start_beside(head_start(options.bmc_after_s));
    // The reversed program (made now: the helper's thread only reads it).
    std::optional<Program> reversed;
    std::optional<engine::Beside<ReverseOutcome>> reverse;
    if (beside && options.reverse) {
        reversed = engine::reverse_program(program);
        if (reversed) {
            // A third of the time limit: the programs it proves take it seconds, and past
            // that it only takes the processor from the search and the other helpers.
            double timeout_s = options.timeout_s;
            if (timeout_s > 0) {
                timeout_s = std::max(0.001, std::min(options.timeout_s / 3 + options.reverse_after_s,
                                                     options.timeout_s - seconds_since(run_start)));
            }
            reverse.emplace(
                [&reversed, &options](const std::atomic<bool>& stop, double time_s) {
                    return search_reversed(*reversed, options, stop, time_s);
                },
                [](const ReverseOutcome& o) { return o.result.verdict != Verdict::unknown; },
                head_start(options.reverse_after_s), timeout_s, answered);
        }
    }
    std::optional<engine::PointInvariants> invariants;
    if (loops && options.polyhedra && graph.has_cycle()) {
        engine::PolyhedraLimits limits = polyhedra_limits(options);
        // The helpers' answer stops the analysis: its facts are of no use then.
        if (beside) limits.stop = &answered;
        limits.interrupt = options.interrupt;
        invariants = engine::analyse_polyhedra(program, graph, limits);
        // Parts by the branches taken multiply the work on loops with many branches: out of
        // time, the analysis is made again with parts by entering rule only, rather than
        // none at all (its time is added).
        if (!invariants->complete && limits.max_branches_remembered > 0 && !answered) {
            const double first = invariants->time_s;
            limits.max_branches_remembered = 0;
            invariants = engine::analyse_polyhedra(program, graph, limits);
            invariants->time_s += first;
        }
    }
    const engine::PointInvariants* inv = invariants ? &*invariants : nullptr;
    // The polyhedral facts save unrollings, but a candidate can also lead the search astray
    // (HOLA 31: SAFE in 0.3 s and 170 nodes without them, UNKNOWN after 60 s and 21777 nodes
    // with them). With a time limit, the search with them gets half the time, and, out of
    // it, a search without them gets the rest.
    const bool split = inv && inv->complete && inv->header_facts > 0 && options.timeout_s > 0;
    auto search = [&](const Options& rest) {
        if (!split) return verify_deepening(program, rest, inv);
        Options first = rest;
        first.timeout_s = rest.timeout_s / 2;
        Result r = verify_deepening(program, first, inv);
        const bool cancelled = rest.cancel && rest.cancel->load();
        if (r.verdict != Verdict::unknown || r.reason != UnknownReason::timeout || cancelled) return r;
        Options second = rest;
        second.polyhedra = false;
        second.timeout_s = std::max(0.001, rest.timeout_s - r.stats.time_s);
        Result again = verify_deepening(program, second, nullptr);
        Stats both = r.stats;
        add_stats(both, again.stats);
        // The schedule of both (add_stats leaves it to the deepening that sets it).
        both.time_s = r.stats.time_s + again.stats.time_s;
        both.deepening_rounds = r.stats.deepening_rounds + again.stats.deepening_rounds;
        both.deepening_bound = again.stats.deepening_bound;
        both.minimax_time_s = r.stats.minimax_time_s + again.stats.minimax_time_s;
        both.probes = r.stats.probes + again.stats.probes;
        both.probe_time_s = r.stats.probe_time_s + again.stats.probe_time_s;
        again.stats = both;
        again.notes.insert(again.notes.begin(),
                           fmt::format("the search with the polyhedral candidates ran out of its half of the "
                                       "time ({:.1f} s); it was made again without them (the statistics add "
                                       "up both)",
                                       r.stats.time_s));
        return again;
    };
    auto with_analysis = [&](Result r) {
        if (inv) {
            r.stats.polyhedra_time_s = inv->time_s;
            r.stats.polyhedra_facts = inv->header_facts;
            r.stats.polyhedra_stopped = inv->stopped;
            r.stats.time_s += inv->time_s;
        }
        return r;
    };
    if (loops && !options.unroll && graph.has_cycle()) {
        Options rest = options;
        if (inv && options.timeout_s > 0) rest.timeout_s = std::max(0.001, options.timeout_s - inv->time_s);
        if (!beside) return with_analysis(search(rest));
        rest.cancel = &answered;
        // A run cancelled from outside stops too: its flag stands in for the interrupt, which
        // a run given a cancel flag (a test, a run nested in another) does not have.
        if (options.cancel && !rest.interrupt) rest.interrupt = options.cancel;
        Result r = search(rest);
        if (bmc) r = with_bmc(std::move(r), bmc->finish());
        if (pdr) r = with_pdr(std::move(r), pdr->finish());
        if (reverse) {
            // A search that reached its unrolling bound without a time limit ends on its own,
            // and so does the search on the reversed program: it gets its run (from now,
            // if it had not started) rather than being stopped when it could answer.
            const bool own_end = r.verdict == Verdict::unknown && r.reason == UnknownReason::bound &&
                                 options.timeout_s == 0;
            r = with_reverse(std::move(r), own_end ? reverse->await_end() : reverse->finish(), program,
                             *reversed, options);
        }
        return with_analysis(std::move(r));
    }
    engine::Explorer explorer(program, options, traits_of(options.strategy), inv);
    return with_analysis(explorer.run());
}

}  // namespace clpi
