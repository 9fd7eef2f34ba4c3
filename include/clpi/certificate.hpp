// A SAFE answer's certificate (result.hpp), written out and checked by a solver other than
// the engine's: the check needs neither the engine nor Z3.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "clpi/chc.hpp"
#include "clpi/program.hpp"
#include "clpi/result.hpp"

namespace clpi {

// The certificate as CLP text: one line `invariant(p(K, X1, ..., Xn)) :- Formula.` per program
// point, the formula a rule body over the atom's variables (`,` and `(A ; B)`).
[[nodiscard]] std::string certificate_clp(const Program& program, const Certificate& certificate);

// An SMT-LIB script (logic ALL, incremental) that defines each point's predicate by its
// certificate formula and then checks each clause of the program in turn (the query, then
// each rule that does not end a path normally: `(check-sat)` per clause, unsat when the
// clause holds). `clause_names` gets one name per check, in order ("the query", "rule 7").
// A clause into a point whose formula is `true`, or from one whose formula is `false`,
// holds at sight, and so does one whose formulas and constraints make it true by their
// connectives alone (chc/at_sight.hpp; unless `by_form` is false): it gets a comment
// instead of a check, and is counted in `trivial`.
[[nodiscard]] std::string certificate_checks_smtlib(const Program& program,
                                                    const Certificate& certificate,
                                                    std::vector<std::string>& clause_names,
                                                    std::size_t* trivial = nullptr,
                                                    bool by_form = true);

struct CertificateCheck {
    enum class Outcome {
        valid,        // every clause holds
        invalid,      // a clause fails: the certificate (and the proof it came from) is wrong
        undecided,    // the solver answered unknown (or ran out of time) on a clause
        unavailable,  // the solver could not be run, or did not understand the script
    };
    Outcome outcome = Outcome::unavailable;
    std::string clause;        // the first clause that failed or was not decided
    std::string detail;        // what went wrong, in words
    std::size_t clauses = 0;   // clauses checked
    std::size_t trivial = 0;   // clauses that hold at sight (into `true`, out of `false`)
    // Runs on a fresh solver after a check answered unknown (run_checks in check.cpp).
    std::size_t fresh_retries = 0;
    double time_s = 0;
    std::string solver;        // the command that checked
    // Undecided because the checks' budget (the run's time limit) ran out, not because the
    // solver could not tell.
    bool out_of_time = false;
};

// Gets `solver` ready while the search runs: for cvc5 in this process, a first trivial
// check in a thread of its own (its first check costs about 7 ms, more than a small
// certificate's). Optional; the checks wait for it.
void start_validator(const std::string& solver);

// Runs `solver` on certificate_checks_smtlib, with `timeout_s` per clause: `cvc5` (the
// default) in this process through cvc5's C++ library, any other SMT-LIB solver command (z3,
// a path) as a program reading the script from a file. With `budget_s` > 0, the checks
// together take about that long at most (a command run as a program: each check): what is
// not decided by then leaves the outcome undecided, with `out_of_time` set. The same holds
// of the budget_s of the checks below.
[[nodiscard]] CertificateCheck check_certificate(const Program& program, const Certificate& certificate,
                                                 const std::string& solver = "cvc5",
                                                 double timeout_s = 20, double budget_s = 0);

// Runs `solver` on any script of certificate_checks_smtlib's form (one `(push 1) ...
// (check-sat) (pop 1)` block per name in `clause_names`, each expected unsat), as
// check_certificate does: the checks share a solver, and one answered unknown there is
// asked again, with those after it, of a fresh solver. With no names (every clause held at
// sight) no solver is run, nor waited for.
[[nodiscard]] CertificateCheck check_smtlib_clauses(const std::string& script,
                                                    const std::vector<std::string>& clause_names,
                                                    const std::string& solver = "cvc5",
                                                    double timeout_s = 20, double budget_s = 0);

// For a program imported from a CHC problem: the certificate as a model of the problem in
// CHC-COMP's form, one `(define-fun P ((x!0 Int) ...) Bool ...)` per predicate of `origin`
// (flags that became points as cases, Bool arguments read as 0/1). Nothing, with the reason
// in `why`, when a predicate was inlined at its uses (the certificate does not cover it).
[[nodiscard]] std::optional<std::string> chc_model(const Program& program, const Certificate& certificate,
                                                   const ChcOrigin& origin, std::string& why);

// An SMT-LIB script that checks `model` against the CHC problem's own text, clause by
// clause (each assertion negated under the model's definitions): no part of the import is
// trusted. `clause_names` gets "clause K of the problem" per check.
[[nodiscard]] std::string chc_model_checks_smtlib(std::string_view problem, const std::string& model,
                                                  std::vector<std::string>& clause_names);

// check_certificate's run for a model of a CHC problem (the problem's text and the model).
[[nodiscard]] CertificateCheck check_chc_model(std::string_view problem, const std::string& model,
                                               const std::string& solver = "cvc5",
                                               double timeout_s = 20, double budget_s = 0);

// An UNSAFE answer's check: the counterexample's path as SMT-LIB (each step's rule over
// its own copies `V@k` of the rule's variables, linked through the states) with the values
// the counterexample gives; one check-sat per piece of at most 100 steps (a piece starts
// from the state the counterexample gives there), each sat when the path is real.
// `check_names` gets one name per check-sat.
[[nodiscard]] std::string counterexample_check_smtlib(const Program& program, const Counterexample& cex,
                                                      std::vector<std::string>& check_names);

// Runs `solver` on counterexample_check_smtlib: valid when it answers sat, invalid on
// unsat (clause: "the counterexample").
[[nodiscard]] CertificateCheck check_counterexample(const Program& program, const Counterexample& cex,
                                                    const std::string& solver = "cvc5",
                                                    double timeout_s = 20, double budget_s = 0);

[[nodiscard]] const char* to_string(CertificateCheck::Outcome o);

}  // namespace clpi
