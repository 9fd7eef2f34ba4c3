// CHC (constrained Horn clauses in the SMT-LIB `HORN` logic, the CHC-COMP format): import
// into a CLP program and export of any program. The public API knows nothing of Z3.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "clpi/diagnostics.hpp"
#include "clpi/program.hpp"

namespace clpi {

// How a CHC-COMP problem is read.
struct ChcImportOptions {
    // Bool arguments that act as control flags become program points, one per reachable
    // valuation (control recovery); false keeps every Bool argument as a 0/1 integer.
    bool control_points = true;
};

// Where the CLP predicates of an imported problem came from: what a model of the CHC
// problem (one `define-fun` per predicate) is written from.
struct ChcPredicate {
    std::string smt_name;                       // as the file spells it (unquoted)
    std::vector<std::string> sorts;             // "Int", "Bool" or "(Array Int Int)", one per argument
    std::optional<std::string> clp_name;        // its CLP predicate, when it got rules
    std::vector<unsigned> flags;                // argument positions that became points
    std::vector<std::vector<bool>> valuations;  // their values, by point constant
    bool inlined = false;                       // replaced by its definition where applied
};

struct ChcOrigin {
    std::vector<ChcPredicate> predicates;  // every predicate a clause applies, in file order
};

// The CLP text that a CHC-COMP problem translates to, or nothing after an error in `diags`
// (`FILE: error: clause N: ...`, since the SMT-LIB parser gives no positions).
//
// Each CHC predicate becomes a CLP predicate of its own (one program point); facts become
// rules of a fresh point `start`, the query is `?- start.`, and clauses with head `false`
// become error rules. A CHC clause `P(x) /\ c -> Q(y)` moves from P to Q, so it is the CLP
// rule `p(X) :- q(Y), c`. A constraint's top-level disjunctions are split into a few rules
// (at most 8 for one clause step), the rest stay CLP disjunctions `(A ; B)`; Bool values
// are the integers 0 and 1, and control flags become program points (see above). Only
// non-linear clauses (two predicate applications in a body), quantifiers inside a body and
// sorts other than Int, Bool and (Array Int Int) are refused.
// `origin`, when given, gets where each predicate went.
[[nodiscard]] std::optional<std::string> chc_to_clp(std::string_view text, const std::string& file,
                                                    Diagnostics& diags,
                                                    const ChcImportOptions& options = {},
                                                    ChcOrigin* origin = nullptr);

// chc_to_clp, then the CLP parser and checker: the program `clpi verify FILE.smt2` runs.
[[nodiscard]] std::optional<Program> import_chc(std::string_view text, const std::string& file,
                                                Diagnostics& diags,
                                                const ChcImportOptions& options = {},
                                                ChcOrigin* origin = nullptr);

// The program as a CHC-COMP problem: one predicate per program point, one clause per rule,
// the query as a fact of the start point, error rules as clauses with head `false`.
// The problem is sat exactly when the program is safe.
[[nodiscard]] std::string export_chc(const Program& program);

}  // namespace clpi
