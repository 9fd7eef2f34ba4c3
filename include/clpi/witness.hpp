// SV-COMP witnesses (format 2.0) for programs that came from C: a correctness witness (an
// `invariant_set` of loop invariants in C syntax) for SAFE, a violation witness (a
// `violation_sequence` of the branches taken, then the failing call) for UNSAFE.
//
// The CLP program knows nothing of C columns, functions or variable names; the converter
// says them in its witness map (`c2clp --witness-map FILE`, JSON), read here.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "clpi/program.hpp"
#include "clpi/result.hpp"
#include "clpi/tree.hpp"

namespace clpi {

struct CPlace {
    std::uint32_t line = 0;
    std::uint32_t column = 0;  // 1-based
    std::string function;
};

struct CStateVariable {
    std::string clp_name;  // `X`, `F_i`, `Tmp1`
    std::string c_name;    // empty for the converter's temporaries
    std::string scope;     // "global", a function's name, or "temporary"
    std::uint32_t bits = 32;
    bool is_signed = true;
    // An address: the key of the type in `CSourceMap::layouts` it points to; `object` names
    // the C variable when this is the address of one kept in memory (`&x`).
    std::string points_to;
    std::string object;
};

// One cell of an object in memory, as C names it from the object: `.next`, `[2]`, "".
struct CCell {
    std::string path;
    std::uint64_t offset = 0;
    std::string points_to;  // a pointer cell: the type it points to
};

struct CLoopHead {
    std::uint32_t point = 0;           // the constant K of its CLP point p(K)
    CPlace place;                      // the loop's keyword
    std::vector<std::size_t> visible;  // state positions in scope at the loop
    // Points that runs skipping this one reach with the same state (the converter's jump
    // threading): the loop's invariant is also theirs.
    std::vector<std::uint32_t> also_at;
    bool bypassed = false;             // some runs skip the point untracked: claim nothing
};

struct CBranching {
    CPlace place;
    bool taken = true;
};

struct CRule {
    std::vector<CBranching> branchings;  // the C decisions the rule makes, in order
    std::optional<CPlace> error;         // for a rule into error: the call that fails
};

struct CSourceMap {
    std::string source;      // the C file, as the converter was given it
    std::string sha256;      // of its text
    std::string data_model;  // "ILP32" or "LP64"
    std::vector<CStateVariable> state;
    std::vector<CLoopHead> loops;
    std::vector<CRule> rules;  // rule k (1-based) is rules[k - 1]
    std::map<std::string, std::vector<CCell>> layouts;  // by type, for a C view of memory
};

// The memory of a counterexample's state as C: `p->next->value = 3`, `x = 5`, one line
// each, following pointers two levels deep from the state's pointer variables. `state` is
// the step's (name, value) pairs, the memory array's value as `{1: 5, 3: 0, else: 7}`.
// Empty when the program has no memory.
[[nodiscard]] std::vector<std::string> memory_as_c(const CSourceMap& map,
                                                   const std::vector<std::pair<std::string, std::string>>& state);

// The conjuncts of a formula over the state's positions (SMT-LIB; `$k`, `$ka` for an array)
// that C can say, in the model's terms: `head->next == 4`, `i <= n`, `p->data == 3`. A cell
// of memory is named from a pointer variable, from a pointer cell, or from a constant
// address the formula itself ties to a pointer variable; atoms that cannot be said are left
// out; a false formula is {"0"}.
[[nodiscard]] std::vector<std::string> facts_as_c(const std::string& smtlib, const CSourceMap& map);

// Fills the C views of the tree's nodes whose summary or interpolant reads memory or an
// array (TreeNode::summary_c, interpolant_c).
void describe_tree_in_c(Tree& tree, const CSourceMap& map);

// The map, or nothing with the reason in `error` when the JSON is not one.
[[nodiscard]] std::optional<CSourceMap> parse_c_source_map(std::string_view json, std::string& error);

// Who made a witness, for its metadata.
struct WitnessProducer {
    std::string name = "clpi";
    std::string version;
    std::string command_line;
};

// A point's certificate formula (SMT-LIB over `$0`, `$1`, ... the state positions) as a C
// expression over the C variables of `visible`. Parts that C cannot say exactly (other
// variables, `div` and `mod`, sums that could overflow `long long`) are weakened to `1`
// where the formula is in negation normal form, so the result is implied by the formula.
[[nodiscard]] std::string certificate_as_c(const std::string& smtlib, const CSourceMap& map,
                                           const std::vector<std::size_t>& visible);

// The correctness witness of a SAFE answer: one loop invariant per C loop whose heads are
// all covered (the disjunction of their certificate formulas). `notes` gets the loops left
// out, and why.
[[nodiscard]] std::string correctness_witness(const Certificate& certificate, const CSourceMap& map,
                                              const WitnessProducer& producer,
                                              std::vector<std::string>& notes);

// The violation witness of an UNSAFE answer: a segment per C branch the counterexample
// decides (`branching` waypoints), the last ending at the failing call (`target`). Nothing,
// with the reason in `why`, when the counterexample's error rule names no C call.
[[nodiscard]] std::optional<std::string> violation_witness(const Counterexample& cex,
                                                           const CSourceMap& map,
                                                           const WitnessProducer& producer,
                                                           std::string& why);

}  // namespace clpi
