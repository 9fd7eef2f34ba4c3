#include "cli/report.hpp"

#include <fmt/format.h>

namespace clpi::cli {

namespace {

std::string step_text(std::size_t k, const CounterexampleStep& st) {
    std::string out = fmt::format("  {:>3}. {}", k, st.point_label);
    if (st.name) out += fmt::format(" \"{}\"", *st.name);
    if (st.line) out += fmt::format(" (line {})", *st.line);
    if (!st.state.empty()) {
        out += ":";
        for (std::size_t i = 0; i < st.state.size(); ++i) {
            out += fmt::format("{} {} = {}", i ? "," : "", st.state[i].first, st.state[i].second);
        }
    }
    if (st.rule) out += fmt::format("   [rule {}]", st.rule);
    return out + "\n";
}

}  // namespace

std::string result_text(const Program& /*program*/, const Result& r) {
    switch (r.verdict) {
    case Verdict::safe: return "SAFE\n";
    case Verdict::unknown: return fmt::format("UNKNOWN ({})\n", r.reason_text);
    case Verdict::unsafe: break;
    }
    std::string out = "UNSAFE\n";
    if (!r.counterexample) return out;
    const Counterexample& c = *r.counterexample;
    out += fmt::format("Counterexample: {} steps from the query to error", c.path.size() - 1);
    if (c.label) out += fmt::format(" (label {})", *c.label);
    out += "\n";
    // A path thousands of iterations long is shown by its two ends; --json has it all.
    constexpr std::size_t shown_end = 25;
    const std::size_t n = c.path.size();
    const bool elide = n > 4 * shown_end;
    auto shown = [&](std::size_t k) { return !elide || k < shown_end || k >= n - shown_end; };
    for (std::size_t k = 0; k < n; ++k) {
        if (shown(k)) out += step_text(k, c.path[k]);
        else if (k == shown_end) out += fmt::format("  ... {} steps not shown (--json lists them all)\n", n - 2 * shown_end);
    }
    out += "Values (query variables, then the variables of step k as Name@k):\n";
    std::size_t hidden = 0;
    for (const auto& [name, value] : c.values) {
        std::size_t at = name.rfind('@');
        if (at != std::string::npos && !shown(std::stoul(name.substr(at + 1)))) {
            ++hidden;
            continue;
        }
        out += fmt::format("  {} = {}\n", name, value);
    }
    if (hidden > 0) out += fmt::format("  ... {} values of the steps not shown\n", hidden);
    return out;
}

std::string stats_text(const Stats& s) {
    std::string out = "Statistics:\n";
    auto row = [&](const char* name, auto value) { out += fmt::format("  {:<16} {}\n", name, value); };
    row("nodes", s.nodes);
    row("infeasible", s.infeasible);
    row("subsumed", fmt::format("{} ({} forced: by abstracting a loop candidate)",
                                s.subsumed, s.forced_subsumptions));
    row("terminal", s.terminal);
    row("cut by bound", s.cut_by_bound);
    row("restarts", s.restarts);
    row("loop closures", fmt::format("{} ({} candidates of inner loops weakened with them)",
                                     s.loop_closures, s.weakenings));
    row("unrollings", fmt::format("{} ({} avoided by trying a loop's way back before its exits)",
                                  s.unrollings, s.reorders));
    row("spurious errors", fmt::format("{} ({} that no loop candidate refuted)", s.spurious_errors, s.unexplained_errors));
    row("accelerated", s.accelerations);
    row("candidates", fmt::format("{} kept, {} abstracted; {} learnt at unrollings, {} dropped there",
                                  s.candidates_kept, s.candidates_abstracted, s.learnt_candidates,
                                  s.dropped_candidates));
    if (!s.polyhedra_stopped.empty()) {
        row("polyhedra", fmt::format("gave up after {:.3f} s ({})", s.polyhedra_time_s,
                                     s.polyhedra_stopped));
    } else if (s.polyhedra_time_s > 0) {
        row("polyhedra", fmt::format("{} facts at loop headers in {:.3f} s; {} taken as candidates",
                                     s.polyhedra_facts, s.polyhedra_time_s, s.polyhedra_candidates));
    }
    if (s.deepening_rounds > 0) {
        row("deepening", fmt::format("{} rounds, unroll bounds 1 to {}: {:.3f} s; {} bounded probes: "
                                     "{:.3f} s; polyhedra: {:.3f} s",
                                     s.deepening_rounds, s.deepening_bound, s.minimax_time_s,
                                     s.probes, s.probe_time_s, s.polyhedra_time_s));
    }
    if (s.bmc_ran) {
        row("bmc", fmt::format("{} steps unrolled beside the search, {} checks in {:.3f} s{}", s.bmc_depth,
                               s.bmc_checks, s.bmc_time_s, s.bmc_found ? ": found the counterexample" : ""));
    }
    if (s.pdr_ran) {
        row("pdr", fmt::format("{} levels of property-directed reachability, {} lemmas ({} made stronger "
                               "by eliminating a variable{}{}), {} checks in {:.3f} s{}",
                               s.pdr_level, s.pdr_lemmas, s.pdr_eliminations,
                               s.pdr_eliminations_around > 0
                                   ? fmt::format(", {} of them once their states were blocked around a loop",
                                                 s.pdr_eliminations_around)
                                   : "",
                               s.pdr_ctgs > 0
                                   ? fmt::format("; {} learnt to block a state that kept a literal in another lemma",
                                                 s.pdr_ctgs)
                                   : "",
                               s.pdr_checks,
                               s.pdr_time_s,
                               s.pdr_proved  ? ": proved the program safe"
                               : s.pdr_found ? ": found the counterexample"
                                             : ""));
    }
    if (s.reverse_ran) {
        row("reversed", fmt::format("{} nodes of the search on the reversed program (from the errors back to "
                                    "the query) in {:.3f} s{}",
                                    s.reverse_nodes, s.reverse_time_s,
                                    s.reverse_proved  ? ": proved the program safe"
                                    : s.reverse_found ? ": reached the query from an error"
                                                      : ""));
    }
    if (s.slackened > 0 || s.cells_forgotten > 0) {
        std::string forgot = s.cells_forgotten == 0 ? ""
            : fmt::format(", {} forgot the cells no variable addresses", s.cells_forgotten);
        row("memo entries", fmt::format("{} ({} interpolant bounds slackened{})", s.memo_entries, s.slackened, forgot));
    } else {
        row("memo entries", s.memo_entries);
    }
    row("solver calls", fmt::format("{} (feasibility {}, core {}, entailment {}, projection {}; "
                                    "{} answered by the last model, {} by own variables, "
                                    "{} projections remembered)",
                                    s.solver_calls, s.feasibility_calls, s.core_calls,
                                    s.entailment_calls, s.projections, s.model_shortcuts,
                                    s.own_variable_answers, s.projections_remembered));
    if (s.projections_lost > 0) {
        row("projections lost", fmt::format("{} (Z3 crashed in the helper process that ran them; "
                                            "each gave no interpolant, as a failed projection)",
                                            s.projections_lost));
    }
    if (s.projections_cut_short > 0) {
        row("projections cut short",
            fmt::format("{} (ran past their bound; each gave no interpolant, as a failed projection){}",
                        s.projections_cut_short,
                        s.projections_gave_way ? "; from the first on, the search and its projections ran at "
                                                 "the lowest priority, giving the processor to the engines beside it"
                                               : ""));
    }
    row("solver time", fmt::format("{:.3f} s (feasibility {:.3f}, core {:.3f}, entailment {:.3f}, "
                                   "projection {:.3f}, upkeep {:.3f})",
                                   s.solver_time_s, s.feasibility_time_s, s.core_time_s,
                                   s.entailment_time_s, s.projection_time_s, s.upkeep_time_s));
    if (!s.certificate_solver.empty()) {
        if (s.counterexample_checked) {
            row("counterexample", fmt::format("its path checked by {} in {:.3f} s: {}",
                                              s.certificate_solver, s.certificate_time_s,
                                              s.certificate_validated ? "feasible" : "not validated"));
        } else {
            std::string more;
            if (s.certificate_trivial_clauses > 0) more += fmt::format("{} more hold at sight", s.certificate_trivial_clauses);
            if (s.certificate_fresh_retries > 0) {
                more += fmt::format("{}{} asked again of a fresh solver after `unknown`", more.empty() ? "" : "; ",
                                    s.certificate_fresh_retries == 1
                                        ? std::string("1 check")
                                        : fmt::format("{} checks", s.certificate_fresh_retries));
            }
            row("certificate", fmt::format("built in {:.3f} s; {} checked by {} in {:.3f} s{}: {}",
                                       s.certificate_build_time_s,
                                       s.certificate_clauses == 1 ? std::string("1 clause")
                                                                  : fmt::format("{} clauses", s.certificate_clauses),
                                       s.certificate_solver, s.certificate_time_s,
                                       more.empty() ? std::string() : " (" + more + ")",
                                       s.certificate_validated ? "valid" : "not validated"));
        }
    }
    row("max depth", s.max_depth);
    row("wall time", fmt::format("{:.3f} s (reading the input before it: {:.3f} s)", s.time_s,
                                 s.input_time_s));
    row("peak memory", fmt::format("{:.1f} MB", s.peak_memory_mb));
    return out;
}

std::string tree_result_json(const Program& program, const Result& r) {
    nlohmann::json j = result_json(program, r);
    for (const char* k : {"solver_time_s", "solver_time_s_by_purpose", "time_s", "input_time_s",
                          "peak_memory_mb"}) {
        j["stats"].erase(k);
    }
    j["stats"]["polyhedra"].erase("time_s");
    j["stats"]["deepening"].erase("minimax_time_s");
    j["stats"]["deepening"].erase("probe_time_s");
    j["stats"].erase("bmc");  // how far it got depends on the machine's speed
    if (j["stats"].contains("certificate")) {
        j["stats"]["certificate"].erase("build_time_s");
        j["stats"]["certificate"].erase("time_s");
    }
    return j.dump();
}

std::string invariants_text(const Result& r) {
    if (r.verdict != Verdict::safe) return "Invariants: none (only a SAFE result proves them)\n";
    if (r.invariants.empty()) return "Invariants: none (no loop header was explored)\n";
    std::string out = "Invariants (interpolants stored at loop headers):\n";
    for (const Invariant& i : r.invariants) {
        out += fmt::format("  {} [node {}]: {}\n", i.point, i.node, i.formula);
    }
    return out;
}

nlohmann::json stats_json(const Stats& s) {
    nlohmann::json j = {{"nodes", s.nodes},
            {"infeasible", s.infeasible},
            {"subsumed", s.subsumed},
            {"forced_subsumptions", s.forced_subsumptions},
            {"weakenings", s.weakenings},
            {"slackened", s.slackened},
            {"cells_forgotten", s.cells_forgotten},
            {"terminal", s.terminal},
            {"cut_by_bound", s.cut_by_bound},
            {"restarts", s.restarts},
            {"loop_closures", s.loop_closures},
            {"unrollings", s.unrollings},
            {"reorders", s.reorders},
            {"dropped_candidates", s.dropped_candidates},
            {"spurious_errors", s.spurious_errors},
            {"unexplained_errors", s.unexplained_errors},
            {"accelerations", s.accelerations},
            {"candidates_kept", s.candidates_kept},
            {"candidates_abstracted", s.candidates_abstracted},
            {"candidates_learnt", s.learnt_candidates},
            {"polyhedra", {{"time_s", s.polyhedra_time_s},
                           {"facts", s.polyhedra_facts},
                           {"candidates", s.polyhedra_candidates},
                           {"stopped", s.polyhedra_stopped}}},
            {"deepening", {{"rounds", s.deepening_rounds},
                           {"bound", s.deepening_bound},
                           {"minimax_time_s", s.minimax_time_s},
                           {"probes", s.probes},
                           {"probe_time_s", s.probe_time_s}}},
            {"bmc", {{"ran", s.bmc_ran},
                     {"depth", s.bmc_depth},
                     {"checks", s.bmc_checks},
                     {"time_s", s.bmc_time_s},
                     {"found", s.bmc_found}}},
            {"pdr", {{"ran", s.pdr_ran},
                     {"level", s.pdr_level},
                     {"lemmas", s.pdr_lemmas},
                     {"eliminations", s.pdr_eliminations},
                     {"eliminations_around", s.pdr_eliminations_around},
                     {"ctgs", s.pdr_ctgs},
                     {"checks", s.pdr_checks},
                     {"time_s", s.pdr_time_s},
                     {"proved", s.pdr_proved},
                     {"found", s.pdr_found}}},
            {"reverse", {{"ran", s.reverse_ran},
                         {"nodes", s.reverse_nodes},
                         {"time_s", s.reverse_time_s},
                         {"proved", s.reverse_proved},
                         {"found", s.reverse_found}}},
            {"memo_entries", s.memo_entries},
            {"solver_calls", s.solver_calls},
            {"solver_calls_by_purpose", {{"feasibility", s.feasibility_calls},
                                         {"core", s.core_calls},
                                         {"entailment", s.entailment_calls},
                                         {"projection", s.projections}}},
            {"model_shortcuts", s.model_shortcuts},
            {"own_variable_answers", s.own_variable_answers},
            {"projections_remembered", s.projections_remembered},
            {"projections_lost", s.projections_lost},
            {"projections_cut_short", s.projections_cut_short},
            {"projections_gave_way", s.projections_gave_way},
            {"solver_time_s", s.solver_time_s},
            {"solver_time_s_by_purpose", {{"feasibility", s.feasibility_time_s},
                                          {"core", s.core_time_s},
                                          {"entailment", s.entailment_time_s},
                                          {"projection", s.projection_time_s},
                                          {"upkeep", s.upkeep_time_s}}},
            {"max_depth", s.max_depth},
            {"time_s", s.time_s},
            {"input_time_s", s.input_time_s},
            {"peak_memory_mb", s.peak_memory_mb}};
    if (!s.certificate_solver.empty()) {
        j["certificate"] = {{"build_time_s", s.certificate_build_time_s},
                            {"solver", s.certificate_solver},
                            {"clauses", s.certificate_clauses},
                            {"trivial_clauses", s.certificate_trivial_clauses},
                            {"fresh_retries", s.certificate_fresh_retries},
                            {"time_s", s.certificate_time_s},
                            {"validated", s.certificate_validated},
                            {"of", s.counterexample_checked ? "counterexample" : "certificate"}};
    }
    return j;
}

nlohmann::json result_json(const Program& program, const Result& r) {
    nlohmann::json j;
    j["file"] = program.file;
    j["verdict"] = to_string(r.verdict);
    if (r.verdict == Verdict::unknown) {
        j["reason"] = to_string(r.reason);
        j["reason_text"] = r.reason_text;
    }
    j["strategy"] = r.strategy;
    j["stats"] = stats_json(r.stats);
    if (r.counterexample) {
        nlohmann::json path = nlohmann::json::array();
        for (const CounterexampleStep& st : r.counterexample->path) {
            nlohmann::json step{{"point", st.point_label}};
            if (st.name) step["name"] = *st.name;
            if (st.line) step["line"] = *st.line;
            if (st.rule) step["rule"] = st.rule;
            if (!st.state.empty()) {
                nlohmann::json state = nlohmann::json::object();
                for (const auto& [n, v] : st.state) state[n] = v;
                step["state"] = state;
            }
            path.push_back(std::move(step));
        }
        nlohmann::json values = nlohmann::json::object();
        for (const auto& [n, v] : r.counterexample->values) values[n] = v;
        j["counterexample"] = {{"path", path}, {"values", values}};
        if (r.counterexample->label) j["counterexample"]["label"] = *r.counterexample->label;
    }
    if (r.verdict == Verdict::safe && !r.invariants.empty()) {
        nlohmann::json inv = nlohmann::json::array();
        for (const Invariant& i : r.invariants) {
            inv.push_back({{"point", i.point}, {"node", i.node}, {"formula", i.formula}});
        }
        j["invariants"] = inv;
    }
    if (r.certificate) {
        nlohmann::json points = nlohmann::json::array();
        for (const PointCertificate& pc : r.certificate->points) {
            points.push_back({{"point", pc.label}, {"variables", pc.names}, {"formula", pc.clp}});
        }
        j["certificate"] = points;
    }
    if (!r.headers.empty()) {
        nlohmann::json hs = nlohmann::json::array();
        for (const HeaderReport& h : r.headers) {
            hs.push_back({{"point", h.point},
                          {"node", h.node},
                          {"kept", h.kept},
                          {"abstracted", h.abstracted},
                          {"locked", h.locked}});
        }
        j["loop_headers"] = hs;
    }
    if (!r.notes.empty()) j["notes"] = r.notes;
    return j;
}

}  // namespace clpi::cli
