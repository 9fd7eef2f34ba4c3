// The entry points of clpi's cvc5 module (libclpi_cvc5.so, built from src/cvc5/): the
// checks' SMT-LIB scripts run by cvc5's C++ API (certificate/smtlib_reader.hpp says what
// they do). Only `--validate` needs cvc5, and a process that links its library pays for it
// at every start, checks or not: about 2 ms of relocations and static initialisers (cvc5,
// CLN, CryptoMiniSat), a fifth of a small program's run. clpi loads the module the first
// time a check is asked for (certificate/cvc5_loader.cpp).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace clpi::cvc5_module {

// The module's file name, found next to the executable, or by the dynamic loader's search.
inline constexpr const char* file_name = "libclpi_cvc5.so";

// What the loader looks up (C names: no mangling to spell). Both have C++ parameters, for
// the same compiler on both sides.
inline constexpr const char* warm_up_symbol = "clpi_cvc5_warm_up";
inline constexpr const char* run_symbol = "clpi_cvc5_run";
inline constexpr const char* run_blocks_symbol = "clpi_cvc5_run_blocks";

// The time limit of each check of a script shared out among the module's solvers (a
// certificate's checks): a check gone astray on a shared solver runs to it before a fresh
// solver is asked (certificate/check.cpp). The module's solvers are set up with it.
inline constexpr double shared_check_limit_s = 0.05;

// The error of checks shared out that were not all taken within their budget.
inline constexpr const char* out_of_time_error = "the time limit was reached before this check";

using WarmUp = void();
// Runs `script`; `error` gets why it could not go on, or stays empty (run_smtlib_in_cvc5).
using Run = void(std::string_view script, double timeout_s, bool suspect_slow,
                 const std::function<bool(const std::string&)>& on_answer, std::string& error);
// Runs the checks `blocks` after `prefix`, several at once; `answers` and `error` as
// run_smtlib_blocks_in_cvc5 gives them.
using RunBlocks = void(std::string_view prefix, const std::vector<std::string_view>& blocks, double timeout_s,
                       bool suspect_slow, double budget_s, std::vector<std::string>& answers,
                       std::string& error);

}  // namespace clpi::cvc5_module

extern "C" {
void clpi_cvc5_warm_up();
void clpi_cvc5_run(std::string_view script, double timeout_s, bool suspect_slow,
                   const std::function<bool(const std::string&)>& on_answer, std::string& error);
void clpi_cvc5_run_blocks(std::string_view prefix, const std::vector<std::string_view>& blocks, double timeout_s,
                          bool suspect_slow, double budget_s, std::vector<std::string>& answers,
                          std::string& error);
}
