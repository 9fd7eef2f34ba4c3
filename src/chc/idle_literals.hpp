// What a rule of the CHC import keeps of a case of its clause: a case of a split keeps the
// literals of the whole clause, among them what only the other cases read (a compiler's
// flags, `I1 = 0` of a branch not taken, and the copies along another path, `Z = V,
// G1 = Z`). Here a rule's copies of variables its atoms do not show are merged, and the
// literals that say nothing of its atoms go: each holds for some value of a variable that
// nothing else of the rule reads. Read off the rule's text, Z3 asked only of the literals
// that may go.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "chc/formula.hpp"

namespace clpi::chc {

// (FNV-1a: names are a few characters, shorter than what std::hash reads at once.)
struct NameHash {
    std::size_t operator()(std::string_view name) const noexcept {
        std::uint64_t h = 14695981039346656037ULL;
        for (const char c : name) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
        return static_cast<std::size_t>(h);
    }
};
// How many times variables stand in a text, by views into strings that outlive the counts.
using NameCounts = std::unordered_map<std::string_view, int, NameHash>;

// The 0..1 ranges of a clause's Bool variables (`B >= 0`, `B =< 1`), which each rule of the
// clause carries: a range literal's variable, by the literal's text.
class RangeIndex {
public:
    explicit RangeIndex(const Conj& ranges);  // (they outlive this)
    [[nodiscard]] std::optional<std::string_view> variable(std::string_view text) const;

private:
    std::unordered_map<std::string_view, std::string_view> variable_of_;  // views into the ranges
};

// The counts of the names that the rules of one step of a clause drop literals by, kept
// from rule to rule: the step's atoms, the same for all its rules, and its disjunctions,
// the same for most (a Lustre step's hundred flags, kept as disjunctions beside the few
// split), are read once, and no table is made anew for each rule.
class StepNames {
public:
    explicit StepNames(std::string atoms);
    // How many times `name` stands in the atoms.
    [[nodiscard]] int in_atoms(std::string_view name) const;
    // Whether `name` is not a variable's, or one that the atoms or this rule's disjunctions
    // mention.
    [[nodiscard]] bool shared(std::string_view name) const;
    // A rule starts, with these disjunctions: the counts of the names it asks for start
    // from the atoms' and the disjunctions'.
    void start(const std::string& disjunctions);
    // The count of `name` in this rule: the atoms', the disjunctions', and what add()
    // adds of the literals.
    int& count(std::string_view name);
    // Adds the names of `text` (`by` 1) or takes them away (-1), for the names asked for in
    // this rule (the others' counts are left as they were, stale until asked for).
    void add(std::string_view text, int by);

private:
    struct Count {
        int n = 0;
        std::uint64_t rule = 0;  // the rule it was last asked for in
    };

    std::string atoms_;
    NameCounts in_atoms_;  // views into atoms_
    std::string disjunctions_;
    NameCounts in_disjunctions_;  // views into disjunctions_
    std::deque<std::string> names_;  // what the keys below view
    std::unordered_map<std::string_view, Count, NameHash> counts_;
    std::uint64_t rule_ = 0;
};

// A rule's copies, `X = Y` of two variables, with X not in its atoms: X is Y everywhere else
// in the rule (its other literals, its disjunctions), and the copy and X's ranges go.
void merge_copies(Conj& literals, std::string& disjunctions, const RangeIndex& ranges, const StepNames& names,
                  const ClauseVars& vars);

// What a rule's literals say of nothing but variables the rest does not read goes:
// - a literal that only defines or bounds a variable nothing else of the rule mentions (not
//   its atoms, not its other constraints, not its disjunctions) holds for some value of it,
//   whatever the rest is (a disequality stays: idle_literals.cpp, defined_by, says why);
// - the range of a Bool variable nothing else mentions, or that a literal fixes (`B = 1`).
void drop_idle_literals(Conj& literals, const std::string& disjunctions, const RangeIndex& ranges,
                        StepNames& names, const ClauseVars& vars);

}  // namespace clpi::chc
