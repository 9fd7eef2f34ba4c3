// Translation of the constraint part of a CHC clause (a Z3 formula over Int and Bool) into
// CLP constraints. CLP bodies are conjunctions, so a formula becomes a disjunction of
// conjunctions (DNF) where it is small, and otherwise a conjunction whose members may be
// disjunctions (CLP's `(A ; B)`): negations are pushed down to the comparisons, `ite` terms
// split into cases, and Bool variables are integers in {0, 1}.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <z3++.h>

#include "chc/terms.hpp"
#include "solver/own_variables.hpp"

namespace clpi::chc {

// A clause the import cannot translate; the message names what is wrong.
class Refusal : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// One CLP constraint: its text, and what it means as a Z3 formula over the clause's
// variables (a Bool variable stays Bool there), so that the import can drop the cases of
// a clause that cannot hold instead of handing the engine rules it must refute.
struct Literal {
    std::string text;
    z3::expr meaning;
};

// A conjunction of CLP constraints and a disjunction of them.
using Conj = std::vector<Literal>;
using Dnf = std::vector<Conj>;

// A clause's constraint as CLP keeps it: a conjunction of constraints, some of which are
// disjunctions whose cases are again such conjunctions. `or` costs one constraint here, not
// a product of rules; the rules are split only as far as `split` is allowed to.
struct Nested {
    Conj literals;
    std::vector<std::vector<Nested>> disjunctions;  // each: two or more cases

    [[nodiscard]] bool is_true() const { return literals.empty() && disjunctions.empty(); }
};

// The single case `text`, meaning `meaning`.
[[nodiscard]] Dnf dnf_literal(std::string text, const z3::expr& meaning);

// More cases than this in one clause is refused rather than flooding the engine.
inline constexpr std::size_t max_disjuncts = 256;

[[nodiscard]] Dnf dnf_true();
[[nodiscard]] Dnf dnf_and(const Dnf& a, const Dnf& b);
[[nodiscard]] Dnf dnf_or(Dnf a, const Dnf& b);

// The variables of one clause: the quantified variables (Z3 constants made for them) get
// CLP names on first use; helper variables get fresh names.
class ClauseVars {
public:
    // `vars` are the constants that stand for the clause's quantified variables, with the
    // names they had in the file.
    void declare(const z3::expr& var, const std::string& smt_name);
    [[nodiscard]] bool is_var(const z3::expr& e) const;
    [[nodiscard]] bool is_var(unsigned z3_id) const { return declared_ && declared_->names.count(z3_id) > 0; }
    // The declared constants with their names in the file.
    [[nodiscard]] std::vector<std::pair<z3::expr, std::string>> declared() const;
    // The CLP name of a quantified variable (recorded as used, with a range when Bool).
    std::string name(const z3::expr& var);
    // The same, of the variable whose Z3 term has the id `z3_id`.
    std::string name(unsigned z3_id, bool is_bool);
    // Its CLP name when it has been used.
    [[nodiscard]] std::optional<std::string> used_name(const z3::expr& var) const;
    std::string fresh(const std::string& base);
    // `0 <= B, B <= 1` for every Bool variable used so far (true in Z3's reading).
    [[nodiscard]] Conj bool_ranges(z3::context& ctx) const;

private:
    // The declared constants, kept alive: the maps are by ast id, and Z3 gives the id of a
    // freed term (a variable the clause does not use) to the next term it makes. Shared by
    // the copies (each step of a clause writes its rules with a copy, and the declarations
    // are the same for all), made anew by a declaration in a copy.
    struct Declared {
        std::vector<z3::expr> vars;
        std::map<unsigned, std::string> names;  // Z3 ast id -> name in the file
    };
    std::shared_ptr<Declared> declared_;
    std::map<unsigned, std::string> clp_names_;   // Z3 ast id -> CLP name, once used
    std::set<std::string> taken_;
    std::vector<std::string> bools_;
};

// An integer term with its case conditions: `ite` makes several. `value` is the term of
// the case as a Z3 term.
struct TermCase {
    Dnf condition;
    std::string text;
    z3::expr value;
};

class TermsInUse;

// Reads the formulas in the import's own terms (chc/terms.hpp: the FoldingScope's table,
// where the folds left them): the kinds, arguments and sorts it asks for at every node are
// reads of the table, not calls into Z3's API. The meanings of the literals are Z3 terms,
// made by the calls that made them before.
class FormulaTranslator {
public:
    explicit FormulaTranslator(ClauseVars& vars);
    ~FormulaTranslator();
    FormulaTranslator(const FormulaTranslator&) = delete;
    FormulaTranslator& operator=(const FormulaTranslator&) = delete;

    // The formula (positive) or its negation, as DNF.
    Dnf formula(const z3::expr& f, bool positive);
    // The cases of an Int term.
    std::vector<TermCase> term(const z3::expr& t);
    // The formula (positive) or its negation, with `or` kept as disjunctions: no case
    // split beyond those inside a comparison (an `ite` term).
    Nested nested(const z3::expr& f, bool positive);

private:
    // A TermCase whose value is a term of the table.
    struct Case {
        Dnf condition;
        std::string text;
        Term value;
    };
    Terms& terms(z3::context& ctx);  // the table, taken at the first call
    [[nodiscard]] bool is_var(Term t) const;
    std::string name(Term t);
    z3::expr meaning(Term t) { return t_->expr(t); }
    Dnf formula(Term f, bool positive);
    Nested nested(Term f, bool positive);
    std::vector<Case> cases(Term t);
    Dnf connective(Term f, bool positive);
    Dnf comparison(Term f, bool positive);
    Dnf compare(Z3_decl_kind op, const char* text, Term a, Term b);
    Dnf bool_equal(Term a, Term b, bool positive);
    std::vector<Case> arithmetic(Term t);

    ClauseVars& vars_;
    std::unique_ptr<TermsInUse> in_use_;
    Terms* t_ = nullptr;
};

[[nodiscard]] Nested nested_false(z3::context& ctx);
[[nodiscard]] Nested nested_of(Dnf dnf, z3::context& ctx);
void nested_and(Nested& into, const Nested& part);
void nested_and(Nested& into, Nested&& part);  // moves part's constraints in
// The disjunction of `cases` (true when one is true, the one case when there is one).
[[nodiscard]] Nested nested_or(std::vector<Nested> cases, z3::context& ctx);
// CLP text: `A, B, (C ; D, E)`; `true` for the empty conjunction.
[[nodiscard]] std::string nested_text(const Nested& n);
[[nodiscard]] z3::expr nested_meaning(const Nested& n, z3::context& ctx);
// The rules a constraint becomes: its top-level disjunctions expanded, smallest first, as
// long as the number of rules stays at most `max_rules`, then the disjunctions the cases
// brought, within each rule's share; the others stay disjunctions.
[[nodiscard]] std::vector<Nested> split(const Nested& n, std::size_t max_rules);

// The import's checks: Z3's plain SMT solver (no pre-processing is needed, and its set-up
// is the cheapest: a solver for a logic, QF_LIA, took 1.4 ms at its first push; the default
// one 6 ms), each check bounded by Z3's resource count rather than by time. A time limit
// arms Z3's timer thread at every check, and its end waits for that thread to run: on a
// loaded machine each check then waited several milliseconds for it (an import of 3 ms
// took 90 ms beside two busy processes). The count is also the same on every machine and
// under any load, so what a check gives up on depends on the problem alone.
[[nodiscard]] z3::solver import_solver(z3::context& ctx);
// About a second of Z3's work on one check: a check that needs more is not decided.
constexpr unsigned import_check_rlimit = 3'000'000;

// The constraint without repeated top-level constraints.
[[nodiscard]] Nested without_repeats(Nested n);

// What the test without a solver (solver/own_variables.hpp) read of each literal, kept for
// the next call of satisfiable: the cases of a split repeat the clause's literals (a Lustre
// step has hundreds), and reading them is most of what that test costs.
struct SightConjuncts {
    // By a literal's meaning, kept here so that its place (and its id) stays its own.
    std::unordered_map<Z3_ast, std::pair<z3::expr, std::vector<solver::Conjunct>>> of;
    // The conjuncts of `e` (solver::append_conjuncts), read once.
    const std::vector<solver::Conjunct>& read(const z3::expr& e) {
        auto [it, fresh] = of.try_emplace(static_cast<Z3_ast>(e), e, std::vector<solver::Conjunct>{});
        if (fresh) solver::append_conjuncts(e, true, it->second.second);
        return it->second.second;
    }
    // Z3's answers to the cases without disjunctions it was asked, by the sorted ids of
    // their literals (held in `of`): whether the case can hold.
    std::map<std::vector<unsigned>, bool> answers;
};

// Whether a conjunction whose units were propagated (unit_propagate) can hold, when that
// shows without a solver: false when a conjunct is `false`, or when what is left once the
// variables that conjuncts define are eliminated (elimination.hpp) is `false`; true when each
// conjunct in turn falls to a variable of its own (solver/own_variables.hpp), before or after
// the elimination, or when values tried make what is left true (values_tried.hpp); nothing
// otherwise. `own_variables_tried`: the caller has just tried variables of their own on the
// same conjuncts, so that test starts after the elimination.
[[nodiscard]] std::optional<bool> decided_at_sight(const z3::expr& reduced, SightConjuncts& sight,
                                                   bool own_variables_tried = false);

class UnitShapes;

// The constraint without repeated top-level constraints (without_repeats), when it can hold
// (or Z3 cannot tell; checked on an import_solver, made once per problem: making one costs
// more than the checks of a clause). Asked first without a solver: when each constraint in
// turn that a variable no other one mentions can satisfy is dropped and none is left
// (solver/own_variables.hpp), it holds. Most cases of a split that can hold (a chain of
// definitions ending in a test) are shown so, and Z3 is not asked. Then by the ranges its
// comparisons of single variables with numbers leave them (`x >= 3, x <= 0` cannot hold;
// read off the literals' shapes, `shapes`, as propagate_units reads them), also across the
// equations that join two variables shifted by a number (`s = r, r = o + 1, s =< 99,
// 100 =< o` cannot hold), by the ranges of other terms (`b mod 2 = 0, b mod 2 != 0`) and of
// the differences of two terms (`d = e, d != e`) — and, when those ranges keep integers, by
// variables of their own again, each class of variables so joined, with its bounds, taken
// as one constraint its variables satisfy together — and by Z3's answer to the same case
// before.
// `before_check` runs just before Z3 is asked: there the caller may assert on `solver` what
// `n` implies (never more, or a case that can hold would be dropped).
[[nodiscard]] std::optional<Nested> satisfiable(Nested n, z3::solver& solver,
                                                SightConjuncts& sight, UnitShapes& shapes,
                                                const std::function<void()>& before_check = {});

// Whether `n` is seen not to hold without a solver, as satisfiable() sees it: by the ranges
// the comparisons of single variables with numbers among its literals leave them (its
// disjunctions are not looked at).
[[nodiscard]] bool cannot_hold_at_sight(const Nested& n, z3::context& ctx, SightConjuncts& sight,
                                        UnitShapes& shapes);

// A unit constraint, as its variable and value: a Bool variable (true), its negation
// (false), a Bool variable equal to `true` or `false`, or an Int variable equal to a number.
[[nodiscard]] std::optional<std::pair<z3::expr, z3::expr>> unit_of(const z3::expr& m);

// Takes out of `n` what its top-level unit constraints decide: a unit is a Bool variable or
// its negation (`B = 1`, `B = 0`) or an Int variable equal to a number (`X = 3`); a
// constraint they make false empties a case of a disjunction, or the whole (false is
// returned then: `n` cannot hold, and is left half reduced), one they make true goes, a disjunction with a case left
// true goes, and one with a single case left becomes that case (whose units count next).
// `n` stays equivalent; decided without a solver: the rules a split makes repeat the units
// of one case beside the other disjunctions (`D = 1, ..., (D = 0 ; E = 0)`). Two Bool
// variables equated or told apart (`S = R`) are decided once units give both a value, and
// top-level chains of them (`L = J, M = L`) whose units contradict (`J = 0, M = 1`) make `n`
// fail (the chain itself stays).
//
// `shapes` keeps what is read off each formula (its kind, its variables and numbers) for the
// next calls: the rules of one clause repeat its literals, and reading them off Z3 again
// cost most of this.
class UnitShapes {
public:
    UnitShapes();
    ~UnitShapes();
    UnitShapes(const UnitShapes&) = delete;
    UnitShapes& operator=(const UnitShapes&) = delete;
    struct Table;
    Table& table() { return *table_; }

private:
    std::unique_ptr<Table> table_;
};
[[nodiscard]] bool propagate_units(Nested& n, UnitShapes& shapes);

// A short, one-line rendering of a Z3 term for messages.
[[nodiscard]] std::string show(const z3::expr& e);

// The sorts of predicate arguments and variables the import reads: Int, Bool, and arrays
// from Int to Int (CLP's `select`/`store`).
[[nodiscard]] inline bool supported_sort(const z3::sort& s) {
    return s.is_int() || s.is_bool() ||
           (s.is_array() && s.array_domain().is_int() && s.array_range().is_int());
}

}  // namespace clpi::chc
