// Internal to the solver layer: the Z3 objects behind Solver's handles.
#pragma once

#include <algorithm>
#include <atomic>
#include <memory>
#include <chrono>
#include <deque>
#include <unordered_map>

#include <z3++.h>

#include "solver/projection_process.hpp"
#include "solver/own_variables.hpp"
#include "solver/point_formula.hpp"
#include "solver/solver.hpp"

namespace clpi::solver {

// `$i` (or `$ia` for an array): the canonical variable of state position i.
bool is_point_var(const z3::expr& e, std::uint32_t& index);
// An arithmetic numeral, exactly (integer or fraction).
Number numeral_number(const z3::expr& e);
// Whether give_way_after_cut_short() is on for this thread's run.
bool gives_way_after_cut_short();
// Lowers this thread to the lowest priority until the next begin_run().
void lower_this_thread();

// The first base of Impl, so that the context is freed last: bases are destroyed after the
// members, in reverse order, and everything else of an Impl is made in the context.
// Shared by the Solvers of a thread (see thread_context in solver.cpp).
struct SharedContext {
    std::shared_ptr<z3::context> context_owner;
};

// What one search builds up in a path solver, each field with its starting value here
// only: Impl::reset() starts a reused Impl afresh by assigning a new RunState, so a field
// added here cannot carry state from one search into the next.
struct RunState {
    // Term -> expression; a deque so that a reference from at() survives a later add()
    // (an expression like `at(point_var(..)) == at(t)` may add between the two look-ups).
    std::deque<z3::expr> terms;
    std::vector<z3::expr> cell_lits;      // CellId -> tracking literal
    std::vector<Term> cell_terms;         // CellId -> constraint
    std::vector<char> switchable;         // CellId -> asserted under its literal in both solvers
    std::vector<char> active;             // CellId -> on (always, for plain cells)
    std::size_t active_switchables = 0;
    std::vector<std::size_t> scope_marks; // cell count at each push
    std::unordered_map<std::string, Term> point_vars;
    std::optional<z3::model> model;
    // Counts changes of `model` (set, dropped, extended), so values read from it are known
    // to be current.
    std::uint64_t model_generation = 0;
    // For model_falsifies_at: terms read as point formulas (nothing when one is not), and
    // values of terms in the model of generation `model_values_generation`.
    std::unordered_map<Term, std::optional<PointFormula>> point_formulas;
    std::unordered_map<Term, std::optional<Number>> model_values;
    std::uint64_t model_values_generation = 0;
    // The projections made by Impl::projector, by the id of the formula projected.
    std::unordered_map<unsigned, std::optional<std::pair<z3::expr, std::optional<Term>>>> projections;
    // Fetching a model costs as much as a check on long paths, and it pays off only when
    // later constraints are answered by it (guards over known variables, memo entries it
    // falsifies). Models are fetched while they earn their keep: each answer a model gives
    // earns a credit, each fetch spends one; without credit only every 32nd is fetched,
    // to probe. Counts only: the search is the same on every machine.
    int model_credit = 8;
    std::uint64_t models_skipped = 0;
    std::uint64_t fresh_counter = 0;
    SolverStats stats;
    Term true_term = 0;  // both added first, by the constructor and by Impl::reset()
    Term false_term = 0;
    // Conjuncts of a term, or of its negation (key: term * 2 + positive), for the test of
    // satisfiability by own variables in minimise (see Impl::conjuncts_of).
    std::unordered_map<std::uint64_t, std::vector<Conjunct>> conjunct_cache;
    // Entailments in a row that held (see Impl::entailment_credit_direct).
    int entailment_credit = 0;
};

struct Solver::Impl : SharedContext, RunState {
    Impl(Domain d, Use u);
    ~Impl();
    // Back to the state of a new Impl, keeping Z3's solvers (set up once: see idle_impls in
    // solver.cpp). False, with nothing changed, when something was asserted outside every
    // scope: then only a new Impl is clean.
    bool reset();

    z3::context& ctx;  // *context_owner
    std::atomic<bool> interrupted{false};  // the context is cancelled for good
    // Two solvers in lock-step over the path's scopes: `solver` holds the cells as plain
    // assertions and answers the frequent satisfiable checks incrementally, without
    // assumptions; `tracked` holds them under tracking literals and is asked only when an
    // unsat core is needed (so the cost of thousands of assumptions is paid only then).
    z3::solver solver;
    z3::solver tracked;
    // A third solver, empty between calls, for cores among a few chosen cells: a check in
    // `tracked` costs in proportion to everything asserted there, whatever is assumed.
    z3::solver scratch;
    // The solver timed_check and minimise ask: `tracked`, or `scratch` during core_among.
    z3::solver* core_solver = &tracked;
    Domain domain;
    Use use;
    // The bounded quantifier elimination of project(), shared by the Solvers of a thread
    // (the projections it made are in RunState).
    std::shared_ptr<ProjectionProcess> projection;
    void set_model(z3::model m) {
        model = std::move(m);
        ++model_generation;
    }
    void drop_model() {
        model.reset();
        ++model_generation;
    }
    const Number* model_value(Term t);
    bool fetch_model_now() {
        if (model_credit > 0) {
            --model_credit;
            return true;
        }
        return ++models_skipped % 32 == 0;
    }
    void model_answered() {
        ++stats.model_shortcuts;
        model_credit = std::min(model_credit + 1, 64);
    }

    // Adds the time of its scope to `upkeep`.
    struct UpkeepTimer {
        SolverStats& stats;
        std::chrono::steady_clock::time_point t0 = std::chrono::steady_clock::now();
        ~UpkeepTimer() {
            double dt =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            stats.time_by[static_cast<int>(Purpose::upkeep)] += dt;
            stats.time_s += dt;
        }
    };
    UpkeepTimer upkeep() { return UpkeepTimer{stats}; }

    Term add(const z3::expr& e) {
        terms.push_back(e);
        return static_cast<Term>(terms.size() - 1);
    }
    const z3::expr& at(Term t) const { return terms.at(t); }
    z3::sort sort_of(Type type);
    z3::expr number(const Number& n);
    z3::expr_vector live_literals() const;
    z3::expr_vector switch_assumptions() const;  // literals of the switchable cells that are on
    z3::expr_vector literals(std::span<const CellId> cells) const;
    const std::vector<Conjunct>& conjuncts_of(Term t, bool positive);
    // An assumption kept through minimisation: a literal that stands for ¬goal.
    struct NegatedGoal {
        z3::expr literal;
        Term goal;
    };
    // One timed call of `tracked` under the given assumptions (cores, minimisation).
    Answer timed_check(const z3::expr_vector& assumptions, Purpose why, bool keep_model);
    // One timed call of the plain solver: all live cells, nothing assumed.
    Answer timed_plain_check(Purpose why, bool force_model = false);
    // After an unsat plain check, or with `extra` assumed: the core among the live cells.
    std::vector<CellId> core_of_live_cells(const NegatedGoal* extra);
    // The cells of the core of the last unsat timed_check.
    std::vector<CellId> core_cells(const NegatedGoal* extra);
    // Entailments with a core asked for go to `tracked` at once after this many in a row
    // held (the plain check would only confirm them); one that fails resets the count
    // (RunState::entailment_credit). Counts only: the search is the same on every machine.
    static constexpr int entailment_credit_direct = 4;
    std::vector<CellId> minimise(std::vector<CellId> core, const NegatedGoal* extra);
};

// Maps a literal of an unsat core back to its cell.
CellId cell_of_literal(const z3::expr& lit);

}  // namespace clpi::solver
