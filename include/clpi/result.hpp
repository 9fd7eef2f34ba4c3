// What a verification run returns: verdict, counterexample, statistics.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "clpi/program.hpp"
#include "clpi/tree.hpp"

namespace clpi {

enum class Verdict { safe, unsafe, unknown };

// Why a run ended UNKNOWN.
enum class UnknownReason { none, bound, timeout, memory, solver, interrupted };

struct Stats {
    std::uint64_t nodes = 0;          // every node of the derivation tree, infeasible included
    std::uint64_t infeasible = 0;     // nodes whose store was unsatisfiable
    std::uint64_t subsumed = 0;       // nodes pruned by a memo entry
    std::uint64_t terminal = 0;       // nodes that ended normally
    std::uint64_t errors = 0;         // error nodes reached (feasible)
    std::uint64_t cut_by_bound = 0;   // nodes not expanded because of --unroll
    std::uint64_t restarts = 0;       // minimax: refinements that restarted a loop header
    std::uint64_t loop_closures = 0;  // goals closed by a looping ancestor (its invariant)
    std::uint64_t unrollings = 0;     // goals at a loop header that could not close: unrolled
    std::uint64_t spurious_errors = 0;  // errors reached only through a loop abstraction
    std::uint64_t unexplained_errors = 0;  // of those, the ones no loop candidate refuted
    std::uint64_t forced_subsumptions = 0;  // memo subsumptions that abstracted a candidate
    std::uint64_t slackened = 0;  // interpolant atoms dropped by slackening
    std::uint64_t cells_forgotten = 0;  // slackened interpolants that forgot unaddressed cells
    std::uint64_t weakenings = 0;  // inner-header candidates abstracted with an outer loop's
    std::uint64_t accelerations = 0;    // errors found real by accelerating a loop
    std::uint64_t candidates_kept = 0;        // over the headers when they finished
    std::uint64_t candidates_abstracted = 0;
    // The polyhedral analysis of the loop headers (once per program): its time, the facts
    // it found at headers, and how many of those the headers took as candidates (entailed
    // by the path there), summed over the headers set up.
    double polyhedra_time_s = 0;
    std::uint64_t polyhedra_facts = 0;
    std::uint64_t polyhedra_candidates = 0;
    // Candidates learnt at unrollings: preconditions of the candidates a refutation needs
    // along the way back that broke them.
    std::uint64_t learnt_candidates = 0;
    // Headers whose loops came to try their ways back before their exits, instead of unrolling.
    std::uint64_t reorders = 0;
    // Candidates dropped at unrollings: relied on by proofs, but not kept by a way back.
    std::uint64_t dropped_candidates = 0;
    std::string polyhedra_stopped;  // why the analysis gave up, if it did
    // minimax without a bound: the rounds of deepening, the last round's unroll bound, and
    // where the time went (minimax rounds; bounded probes, which look for deep errors).
    std::uint32_t deepening_rounds = 0;
    std::uint32_t deepening_bound = 0;
    double minimax_time_s = 0;
    std::uint32_t probes = 0;
    double probe_time_s = 0;
    // Bounded model checking beside the search (Options::bmc): whether it ran, the steps it
    // unrolled, its checks and time, and whether its counterexample is the answer.
    bool bmc_ran = false;
    std::uint32_t bmc_depth = 0;
    std::uint64_t bmc_checks = 0;
    double bmc_time_s = 0;
    bool bmc_found = false;
    // Property-directed reachability beside the search (Options::pdr): whether it ran, the
    // levels it made, its lemmas, checks and time, and whether its invariant (proved) or its
    // retraced path to an error (found) is the answer.
    bool pdr_ran = false;
    std::uint32_t pdr_level = 0;
    std::uint64_t pdr_lemmas = 0;
    std::uint64_t pdr_eliminations = 0;  // lemmas made stronger by eliminating a shared variable
    std::uint64_t pdr_eliminations_around = 0;  // of those, the eliminated cube blocked as an obligation first
    std::uint64_t pdr_ctgs = 0;  // states blocked so that a literal could leave a lemma
    std::uint64_t pdr_checks = 0;
    double pdr_time_s = 0;
    bool pdr_proved = false;
    bool pdr_found = false;
    // The search on the reversed program beside this one (Options::reverse): whether it ran,
    // its nodes and time, and whether its proof (proved) or the error it reached (found) is
    // the answer. Its own property-directed reachability counts here too.
    bool reverse_ran = false;
    std::uint64_t reverse_nodes = 0;
    double reverse_time_s = 0;
    bool reverse_proved = false;
    bool reverse_found = false;
    std::uint64_t memo_entries = 0;   // entries stored in the memo tables
    std::uint64_t memo_hits = 0;      // == subsumed, kept apart for later strategies
    std::uint64_t solver_calls = 0;
    double solver_time_s = 0;
    // Solver calls by purpose. Answers given without a call: by the last model, by own
    // variables (steps of core minimisation), by a projection made before.
    std::uint64_t feasibility_calls = 0, core_calls = 0, entailment_calls = 0;
    std::uint64_t projections = 0, model_shortcuts = 0, own_variable_answers = 0;
    std::uint64_t projections_remembered = 0;
    // Projections that gave nothing because Z3 crashed in the helper process running them.
    std::uint64_t projections_lost = 0;
    // Projections that gave nothing because they ran past their bound (2 s), and whether the
    // search and its projections then ran at the lowest priority, giving the processor to
    // the engines beside it.
    std::uint64_t projections_cut_short = 0;
    bool projections_gave_way = false;
    // Solver time by the same purposes; their sum is solver_time_s.
    double feasibility_time_s = 0, core_time_s = 0, entailment_time_s = 0, projection_time_s = 0;
    double upkeep_time_s = 0;  // in Z3 outside checks: asserting, scopes, model evaluation
    std::uint64_t max_depth = 0;
    double time_s = 0;
    double peak_memory_mb = 0;
    // Filled by the command line: reading the input before the search (a CHC problem's
    // import, a C program's conversion, parsing and checking); not part of time_s. The
    // import's wait for the search's Z3 context (solver_setup_wait_s) is in time_s instead.
    double input_time_s = 0;
    // For SAFE: the time to build the certificate from the memo tables (part of time_s).
    double certificate_build_time_s = 0;
    // Filled by the command line with --validate: the certificate's clauses checked, the
    // time of the check, the solver, and whether every clause held.
    std::uint64_t certificate_clauses = 0;
    std::uint64_t certificate_trivial_clauses = 0;  // held at sight, without the solver
    std::uint64_t certificate_fresh_retries = 0;     // runs on a fresh solver after an unknown
    double certificate_time_s = 0;
    std::string certificate_solver;
    bool certificate_validated = false;
    bool counterexample_checked = false;  // for UNSAFE: the check was of the counterexample
};

struct CounterexampleStep {
    PointId point = no_point;
    std::string point_label;          // "p(3)"
    std::optional<std::string> name;  // from `name` directives
    std::optional<std::uint32_t> line;
    std::uint32_t rule = 0;           // 1-based rule applied to leave this step; 0 at the end
    // The state at this step, by the names the applied rule's head gives its arguments.
    std::vector<std::pair<std::string, std::string>> state;
};

struct Counterexample {
    std::vector<CounterexampleStep> path;
    // The query variables by name, then the variables each step introduced (those not in
    // the head of its rule) as `Name@k` for the k-th step.
    std::vector<std::pair<std::string, std::string>> values;  // name, decimal (or fraction)
    std::optional<std::string> label;  // the error label, when the error rule has one
};

// An interpolant stored at a loop header: for SAFE, the invariant it proved there.
struct Invariant {
    std::string point;    // "p(1)"
    std::uint64_t node = 0;
    std::string formula;  // CLP syntax, named by the variables of the point's first rule
};

// A SAFE answer's proof in a form anyone can check: per program point, a formula over the
// point's state such that the query implies the start point's, every rule from a point
// keeps its successor's, and no error rule is enabled from one (an inductive invariant of
// the program, i.e. a model of its Horn clauses). Built from the memo tables: a point's
// formula is the disjunction of the interpolants stored there.
struct PointCertificate {
    PointId point = no_point;
    std::string label;               // "p(1)"
    std::vector<std::string> names;  // of the state positions, from the point's first rule
    std::string clp;                 // the formula in CLP syntax, over `names`
    std::string smtlib;              // the same in SMT-LIB, position i named `$i`
};

struct Certificate {
    std::vector<PointCertificate> points;  // every point of the program, in order
};

// What one loop header occurrence learnt (minimax).
struct HeaderReport {
    std::string point;
    std::uint64_t node = 0;
    std::vector<std::string> kept, abstracted, locked;  // candidates, CLP syntax
};

struct Result {
    Verdict verdict = Verdict::unknown;
    UnknownReason reason = UnknownReason::none;
    std::string reason_text;          // human detail: "unroll bound 10 reached; no error within it"
    std::string strategy;
    Stats stats;
    std::optional<Counterexample> counterexample;
    std::vector<Invariant> invariants;   // memo entries at loop headers (minimax)
    std::vector<HeaderReport> headers;   // loop header occurrences, in order of finishing
    std::optional<Tree> tree;            // with Options::record_tree
    // For SAFE from a strategy that interpolates; otherwise nothing, and for SAFE
    // `no_certificate` says why.
    std::optional<Certificate> certificate;
    std::string no_certificate;
    std::vector<std::string> notes;   // e.g. "program has loops: explored with default bound 20"
};

[[nodiscard]] const char* to_string(Verdict v);        // "safe" / "unsafe" / "unknown"
[[nodiscard]] const char* to_string(UnknownReason r);  // "bound", "timeout", ...

}  // namespace clpi
