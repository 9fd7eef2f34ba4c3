// The solver layer: the engine's only door to Z3 (the .cpp files of this folder are the only
// code that includes z3++.h). Terms are small integer handles; the path's constraints are
// "cells" asserted under tracking literals, in scopes that follow the depth-first path, so
// that an unsat core maps back to positions in the constraint vector.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "clpi/program.hpp"

namespace z3 {
class context;
}

namespace clpi::solver {

using Term = std::uint32_t;    // handle of a Z3 expression owned by the Solver
using CellId = std::uint32_t;  // position of a tracked constraint on the current path

enum class Answer { sat, unsat, unknown };

// What a call was for, so statistics can say where the time goes.
// `upkeep` is the time Z3 spends outside checks: asserting cells, opening and closing
// scopes, evaluating terms in the last model, substituting (it counts no calls).
enum class Purpose { feasibility, core, entailment, projection, upkeep, count_ };

struct SolverStats {
    std::uint64_t calls = 0;
    double time_s = 0;
    std::uint64_t calls_by[static_cast<int>(Purpose::count_)] = {};
    double time_by[static_cast<int>(Purpose::count_)] = {};
    std::uint64_t model_shortcuts = 0;  // answers given by the last model, no call made
    std::uint64_t own_variable_answers = 0;  // satisfiable by own variables, no call made
    std::uint64_t projections_remembered = 0;  // a formula projected before, no call made
    std::uint64_t projections_lost = 0;  // Z3 crashed in the helper that ran them
    std::uint64_t projections_cut_short = 0;  // ran past their bound (give nothing)
    bool projections_gave_way = false;  // see give_way_after_cut_short()
};

// A concrete value from a model: an exact number, or an array as a default plus entries.
struct Value {
    bool is_array = false;
    Number number;                                   // when !is_array
    Number array_default;                            // when is_array
    std::vector<std::pair<Number, Number>> entries;  // when is_array, sorted by index_less
};

// The order of array indices. They are integers: compared by numerators, without the
// divisions of a rational comparison (which made a path that writes an array a thousand
// times take seconds to read and replay).
inline bool index_less(const Number& a, const Number& b) {
    using boost::multiprecision::denominator;
    using boost::multiprecision::numerator;
    if (denominator(a) == 1 && denominator(b) == 1) return numerator(a) < numerator(b);
    return a < b;
}

// Solvers share one Z3 context per thread, and Z3's choices (models, cores) follow the order
// in which terms were made in it. A run calls this first: when the context has served an
// earlier run, the Solvers from now on get a new one, so that what a run finds does not
// depend on the runs before it in the same process.
void begin_run();

// For a search with other engines beside it: once a projection of this thread is cut short
// at its bound, this thread and its projections run at the lowest priority (nice 19) until
// the next begin_run(), which ends the setting (the thread takes its own priority back
// where the system lets it: raising a priority needs CAP_SYS_NICE or RLIMIT_NICE). A
// projection that runs past its bound is a sign that the search has met eliminations it
// cannot afford (Lustre DRAGON_all2, one predicate of 135 arguments: 6 projections, 9.6 of
// the search's 12 s, none answered); the engines beside it then get the processor, and the
// search still gets what they leave. (Lowered to the helpers' priority only, the search kept
// too much of it: Lustre at 60 s, 89 of 90 against 90.)
void give_way_after_cut_short(bool on);

// Starts making this thread's next context on another thread: creating a Z3 context takes
// milliseconds (it fills tens of megabytes), which can overlap reading the input (a C
// program's conversion takes longer). The first Solver made afterwards waits for it.
// With `warm`, a first check is made on it there too. Z3's first check in a process costs
// about half a millisecond more than the next ones (it sets up its SMT core, on code not yet
// paged in), and the search's first push paid it. Only for an input that takes longer to
// read than the context and the check take to make (a C program, which c2clp converts
// first): otherwise the search would wait for the check instead (of the CHC problems of
// LIA-Lin answered in under 30 ms, the median run took 0.41 ms longer with it).
void prepare_context(bool warm = false);
// This thread's context, as the next Solver would get it (the one prepare_context() is
// making, or a new one): for a part that reads Z3 terms before the search, such as the CHC
// import, which then pays for no context of its own (making one takes 6 to 20 ms).
std::shared_ptr<z3::context> shared_context();
// Drops this thread's context (and the idle solvers on it): the next Solver, or
// shared_context(), makes a new one. For a context that a failed parse has spoilt: Z3 4.8
// keeps the parser's error there and reports it again at every later parse.
void discard_context();
// The seconds this thread has waited, in all, for a context prepare_context() was making.
double context_wait_s();
// Z3's global parameters, set once per process before its first context is made (the
// projection helper sets the same, so that Z3 behaves there as here).
void configure_z3();
// Frees this thread's context and idle solvers: for a thread that ends before the process
// (the main thread's are left to the end of the process). No Solver of the thread may be alive.
void end_thread();

// How a Solver will be used: along a path (scopes pushed and popped, many small checks), or
// for one check of one large formula without scopes.
enum class Use { path, one_shot };

// A closed interval of numbers, each end possibly absent (unbounded).
struct Interval {
    std::optional<Number> lower, upper;
    friend bool operator==(const Interval&, const Interval&) = default;
};

// A conjunct read as a bound on one point variable (Solver::variable_bound).
struct VariableBound {
    std::uint32_t position = 0;
    Interval bound;
};

class Solver {
public:
    explicit Solver(Domain domain, Use use = Use::path);
    ~Solver();
    Solver(const Solver&) = delete;
    Solver& operator=(const Solver&) = delete;

    // ---- terms ----
    Term fresh(const std::string& base, Type type);  // a new constant, name made unique
    // A new Boolean constant (a choice among alternatives, for a formula that states them all).
    Term fresh_proposition(const std::string& base);
    Term numeral(const Number& n);
    // The term of a rule expression with its variables bound to `binding[var]`. Division and
    // remainder by a non-constant add "divisor != 0" to `side` (a transition with a division
    // by zero is not enabled, in the solver and in the replay alike).
    Term encode(const Expr& e, std::span<const Term> binding, std::vector<Term>& side);
    Term encode(const Constraint& c, std::span<const Term> binding, std::vector<Term>& side);
    Term equal(Term a, Term b);
    Term select(Term array, Term index);  // the array's element at `index`
    // constant + Σ factor · term (arithmetic terms); `at_least(a, b)` is a >= b, `at_most` a =< b.
    Term linear_sum(std::span<const std::pair<Number, Term>> parts, const Number& constant);
    Term at_least(Term a, Term b);
    Term at_most(Term a, Term b);
    Term conjunction(std::span<const Term> terms);
    Term disjunction(std::span<const Term> terms);
    Term negation(Term t);
    [[nodiscard]] bool is_true(Term t) const;
    // The same formula (Z3 shares equal expressions), whichever handle names it.
    [[nodiscard]] bool same(Term a, Term b) const;
    [[nodiscard]] bool is_false(Term t) const;

    // The canonical variable of state position i: interpolants are formulas over these.
    Term point_var(std::uint32_t i, Type type);
    // `formula` (over point variables) with point variable i replaced by state[i].
    Term instantiate(Term formula, std::span<const Term> state, std::span<const Type> types);
    // `t` with each from[i] replaced by to[i] (simultaneously).
    Term substitute(Term t, std::span<const Term> from, std::span<const Term> to);
    // The conjuncts of `t` (nested conjunctions flattened; `true` has none).
    std::vector<Term> conjuncts(Term t);
    // `conjunction` with those of `variables` that its equations define substituted away
    // (x = t, x not in t), simplified; the others stay. An equivalent formula under ∃ variables.
    Term substitute_definitions(Term conjunction, std::span<const Term> variables);
    // `t` with each remainder's argument written with coefficients in -m/2 < c <= m/2
    // (`3*a mod 4` is `-a mod 4`), as a program writes it: a certificate's formulas then
    // meet the rules' remainders as they are (solver/remainders.hpp).
    Term balanced_remainders(Term t);
    // For an arithmetic equation a = b: the two halves a <= b and a >= b.
    std::optional<std::pair<Term, Term>> equation_halves(Term t);
    // For an arithmetic comparison (a =< b, a < b, a >= b, a > b, or the negation of one):
    // the comparison that holds exactly when it does not. Nothing for any other formula.
    std::optional<Term> complement(Term t);
    // ∃ point variable v. (the conjunction of `conjuncts`), by Fourier-Motzkin: the
    // conjuncts without v as they are, then the combinations that cancel v (an equation
    // solved for it and substituted, or each lower bound added to each upper bound). Exact
    // over the rationals, implied by the conjunction over the integers. Nothing when v
    // occurs in a conjunct that is not a linear comparison (nor its negation), or in a
    // strict one over the reals.
    std::optional<std::vector<Term>> eliminate_linear(std::span<const Term> conjuncts, std::uint32_t v);
    // The positions i with solve_for[i] that the equations among `conjuncts` fix as
    // `point_var(i) = t`, t linear over the other positions: (i, t), for the differences of
    // loop-header candidates. Inequalities and non-linear equations are ignored.
    std::vector<std::pair<std::uint32_t, Term>> definitions(std::span<const Term> conjuncts,
                                                            const std::vector<bool>& solve_for);
    // point_var(i) - point_var(j) = ti - tj, or with sign +1 the sum: x_i + x_j = ti + tj.
    Term difference_equation(std::uint32_t i, std::uint32_t j, Term ti, Term tj, int sign = -1);
    // x mod modulus = residue (integers; modulus > 0, 0 <= residue < modulus).
    Term congruence(Term x, const Integer& modulus, const Integer& residue);
    // For a comparison of one point variable with a number (`X = 3`, `2 < X`, `not(X >= 5)`):
    // the interval it confines that variable to. Over the integers a strict bound becomes
    // the weak one next to it; over the reals a strict bound gives nothing, as does any
    // other formula.
    std::optional<VariableBound> variable_bound(Term t);
    // The comparisons that say point variable `position` lies in `bound` (an equation when
    // its ends meet; nothing for an interval without ends).
    std::vector<Term> bound_conjuncts(std::uint32_t position, const Interval& bound);
    // A number that names the formula: the same for the same formula, whatever its handle.
    [[nodiscard]] unsigned identity(Term t) const;
    // The positions i of the point variables that occur in `t`, sorted.
    std::vector<std::uint32_t> point_vars_in(Term t);
    // The integer point variables that address an array's cells in `t`: in an index of a
    // select, or fixed by a conjunct to a constant that is such an index (`X = 3` beside
    // select(M, 3)). Sorted.
    std::vector<std::uint32_t> addressing_vars(Term t);
    // `t` (over point variables) in CLP syntax, point variable i printed as names[i].
    std::string to_clp(Term t, std::span<const std::string> names);
    // The same in the rule language's own syntax (`A, B`, `(A ; B)`, `0 = 1` for false), as
    // a rule body or a certificate takes it.
    std::string to_clp_source(Term t, std::span<const std::string> names);

    // ---- the path ----
    void push();
    void pop();
    CellId add_cell(Term constraint);             // in the current scope
    // A cell that can be switched off and on again (loop-header candidates, the links of a
    // header's renamed state): when off, no check sees it.
    CellId add_switchable_cell(Term constraint, bool on);
    void set_active(CellId c, bool on);
    [[nodiscard]] bool is_active(CellId c) const;
    // Drops the kept model (for instance after a cell was switched back on).
    void forget_model();
    [[nodiscard]] std::size_t cell_count() const;  // live cells
    [[nodiscard]] Term cell_term(CellId c) const;

    // Satisfiability of all live cells (switchable ones only when on). On sat the model is kept for shortcuts and values.
    Answer check(Purpose why = Purpose::feasibility);
    // A model of the current cells, by a new check when the last one kept none.
    Answer ensure_model();
    // True when the last model, completed, satisfies `t`: a cheap proof of satisfiability of
    // (live cells ∧ t) when the model satisfied the live cells. No solver call.
    [[nodiscard]] bool model_satisfies(Term t);
    // True when the last model, extended by values for the `fresh` constants defined by an
    // equation `v = e` among `cells`, satisfies every cell: a proof that the live cells and
    // the new cells are satisfiable together, with no solver call. The model keeps the
    // extension (it stays a model of the path).
    [[nodiscard]] bool model_extends(std::span<const Term> cells, std::span<const Term> fresh);
    // True when the last model, completed, falsifies `t`: (live cells ⊭ t) for free.
    [[nodiscard]] bool model_falsifies(Term t);
    // model_falsifies(instantiate(formula, state, types)), without building the instance
    // when `formula` is linear arithmetic over the point variables.
    [[nodiscard]] bool model_falsifies_at(Term formula, std::span<const Term> state,
                                          std::span<const Type> types);
    // After check() == unsat: a minimal set of live cells that is unsatisfiable
    // (deletion-based from Z3's core, in increasing cell order, so deterministic).
    std::vector<CellId> unsat_core();
    // Does the conjunction of the live cells entail `f`? On unsat of (cells ∧ ¬f), `core`
    // gets a minimal set of cells that entails f.
    Answer entails(Term f, std::vector<CellId>* core);
    // A core found among `among` only (a few cells: one check under few assumptions, however
    // long the path): a minimal subset of `among` that is unsatisfiable, or, with `goal`, that
    // entails `goal`. Nothing when `among` alone does not suffice (or the solver cannot tell).
    std::optional<std::vector<CellId>> core_among(std::span<const CellId> among,
                                                  std::optional<Term> goal = std::nullopt);
    // Satisfiability of `f` alone, without the path's cells (in a scratch scope).
    Answer check_alone(Term f, Purpose why);
    // For an integer comparison `atom` over point variables, saying e =< 0: the weakest
    // e =< k (k >= 0) whose instance at `state` is inconsistent with `avoid` (over the terms
    // of the path), found by minimising e over `avoid`; `true` when `avoid` is unsatisfiable;
    // nothing when no bound works, the atom is of another shape, or the solver cannot tell.
    std::optional<Term> loosest_bound(Term atom, std::span<const Term> state,
                                      std::span<const Type> types, Term avoid);

    // ∃ (everything but the point variables). (context ∧ ∧ cells ∧ point_var(i) = state[i]),
    // as a quantifier-free formula over the point variables; nothing when elimination
    // failed. `context` is a formula over the terms of the path (true when absent).
    std::optional<Term> project(std::span<const CellId> cells, std::span<const Term> state,
                                std::span<const Type> types,
                                std::optional<Term> context = std::nullopt);

    // ---- models ----
    [[nodiscard]] bool has_model() const;
    Value value(Term t);  // of the last model, completed
    [[nodiscard]] bool holds(Term proposition);  // true in the last model, completed

    // ---- output and limits ----
    [[nodiscard]] std::string to_smtlib(Term t) const;
    // Stops the call running now (a check, a projection) with `unknown`; the only member
    // that may be called from another thread.
    void interrupt();
    [[nodiscard]] const SolverStats& stats() const;

    struct Impl;  // defined in solver_impl.hpp, for this folder's files only
    // For the helpers of this folder that share the Solver's terms (AssumingSolver).
    [[nodiscard]] Impl* impl() { return impl_.get(); }

private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace clpi::solver
