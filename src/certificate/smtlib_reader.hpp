// The SMT-LIB scripts of the checks (certificate.hpp) run in this process by cvc5's C++ API.
// cvc5 1.0.3 (Debian 12) has no public parser, so this reads the subset the scripts are
// written in: the certificate and counterexample checks (chc/export.cpp) and a CHC problem's
// model checks (certificate/chc_model.cpp), which pass the problem's own clauses through.
//
// Commands: set-logic, set-option and set-info (ignored: the checker sets its own options),
// declare-const, declare-fun, define-fun, push, pop, assert, check-sat, exit.
// Sorts: Int, Real, Bool, (Array S T). Terms: numerals, decimals, true/false, symbols
// (quoted or not), let, forall, exists, and/or/not/=>/xor/ite/=/distinct, <=/>=/</>,
// + - * / div mod abs to_real to_int is_int, select, store, and the declared and defined
// functions. Anything else stops the run with a message naming it: never a guess.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace clpi {

// Runs `script` on a fresh cvc5 solver (incremental, `timeout_s` per check-sat). Each
// check-sat's answer goes to `on_answer` as cvc5's executable would print it ("sat",
// "unsat", "unknown", or "unknown (timeout)" and the like with cvc5's explanation);
// the run stops when `on_answer` returns false. Returns the empty string when the run
// ended that way or at the script's end; otherwise why it could not go on (a construct
// outside the subset, or cvc5's own error), and no further answer is given.
// With `suspect_slow`, `timeout_s` is the first check's limit only: a later check that runs
// far longer than the slowest before it (4 times, and 20 ms) is stopped as undecided, for
// the caller to ask again of a fresh solver.
[[nodiscard]] std::string run_smtlib_in_cvc5(std::string_view script, double timeout_s,
                                             const std::function<bool(const std::string&)>& on_answer,
                                             bool suspect_slow = false);

// Runs the checks `blocks` (each `(push 1) ... (check-sat) ... (pop 1)`, with its comment
// lines) after `prefix` (the script's logic and declarations) on warm_up_cvc5's solvers, all
// at once, each solver taking the next block left (in turn on a solver of the caller's thread
// when they are not started). `answers[k]` gets block k's answer as run_smtlib_in_cvc5 gives
// it, `timeout_s` and `suspect_slow` apply per solver as there. Returns the empty string, or
// why a block could not be read; then the blocks not yet taken, and that one, have no answer.
// With `budget_s` > 0, no block is taken once that long has passed since the call: the
// error is then cvc5_module::out_of_time_error.
[[nodiscard]] std::string run_smtlib_blocks_in_cvc5(std::string_view prefix, const std::vector<std::string_view>& blocks,
                                                    double timeout_s, bool suspect_slow, double budget_s,
                                                    std::vector<std::string>& answers);

// Starts threads of their own for cvc5 (one per core, up to two), each of which sets a solver
// up while the search runs: the first touch of cvc5's library, its per-thread state and the
// solver's set-up (several milliseconds, more than checking a small certificate).
// run_smtlib_in_cvc5 then runs its script on one of them (the caller waits), and
// run_smtlib_blocks_in_cvc5 its checks on all; without this, or while they are busy with
// another caller's script, on a new solver in the caller's thread.
void warm_up_cvc5();

// Why cvc5's checks cannot run in this process (its module was not found or is not clpi's),
// or the empty string when they can.
[[nodiscard]] std::string cvc5_unavailable();

}  // namespace clpi
