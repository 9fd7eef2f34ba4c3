#include "solver/solver_impl.hpp"

#include "solver/context_memory.hpp"
#include "solver/smtlib_text.hpp"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <future>
#include <mutex>
#include <optional>
#include <stdexcept>

namespace clpi::solver {

namespace {
constexpr const char* cell_prefix = "cell!";

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
}  // namespace

CellId cell_of_literal(const z3::expr& lit) {
    std::string name = lit.decl().name().str();
    return static_cast<CellId>(std::stoul(name.substr(std::string(cell_prefix).size())));
}

namespace {
// A Z3 context costs milliseconds to create and more to destroy: as much as the whole search
// of a small program, and once per round of deepening. So the Solvers of a thread share one:
// the first run of a process keeps it to the end (never destroyed: the end of the process
// frees it), a later run gets a new one (begin_run). An interrupt cancels a context for
// good; the Solver it interrupted gives it up.
// The thread's context, and its path solvers of finished runs, reset, for the next Solver:
// Z3 sets up its solver core at the first push (~0.5 ms for the three solvers of an Impl, as
// much as a dozen nodes), and a verification makes one per round of deepening and per probe.
// Leaked at the end of the process (freeing them would only cost time); a thread that ends
// before the process frees its own (end_thread).
struct ThreadState {
    std::shared_ptr<ProjectionProcess> projection;  // made at the first Solver
    std::shared_ptr<z3::context> context;
    std::vector<std::unique_ptr<Solver::Impl>> idle;  // after `context`: freed before it
};
thread_local ThreadState* thread_state = nullptr;
ThreadState& state_of_thread() {
    if (!thread_state) thread_state = new ThreadState();
    return *thread_state;
}
std::shared_ptr<z3::context>& thread_context() { return state_of_thread().context; }
// Whether a Solver has used the thread's context since the last begin_run().
thread_local bool context_used = false;
std::vector<std::unique_ptr<Solver::Impl>>& idle_impls() { return state_of_thread().idle; }
constexpr std::size_t max_idle_impls = 4;
// The time one projection by Z3's tactics may take.
constexpr std::chrono::milliseconds max_projection_time{2000};
std::shared_ptr<ProjectionProcess> thread_projection() {
    auto& projection = state_of_thread().projection;
    if (!projection) projection = std::make_shared<ProjectionProcess>(max_projection_time);
    return projection;
}
// A context being made on another thread (prepare_context). A thread_local, not a leaked
// pointer: at exit its destructor waits for the maker, which must not outlive Z3's globals.
thread_local std::future<std::shared_ptr<z3::context>> prepared;
thread_local double prepared_wait_s = 0;

// A first check on a new context, of the shape the search makes (a push, constraints on
// integers, a model), under names nothing else uses: prepare_context says when.
void warm_up(z3::context& ctx) {
    z3::solver s(ctx, z3::solver::simple());
    const z3::expr x = ctx.int_const("warm-up!x");
    const z3::expr y = ctx.int_const("warm-up!y");
    s.push();
    s.add(x >= 0 && y == x + 1);
    if (s.check() == z3::sat) (void)s.get_model();
    s.pop();
}

std::shared_ptr<z3::context> new_context() {
    if (prepared.valid()) {
        const auto start = std::chrono::steady_clock::now();
        std::shared_ptr<z3::context> c = prepared.get();
        prepared_wait_s += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return c;
    }
    configure_z3();
    prepare_context_memory();
    prepare_thread_heap();
    return std::make_shared<z3::context>();
}
}  // namespace

// Z3's global parameters, set before the first context is made. A model is fetched after
// most satisfiable checks, and by default Z3 compacts each one (merging the definitions
// of auxiliary symbols, which a path solver's models hardly have): a quarter of the time
// of a fetch, ~15 us of ~55. The values of the constants are the same either way.
void configure_z3() {
    static std::once_flag once;
    std::call_once(once, [] { z3::set_param("model.compact", false); });
}

void prepare_context(bool warm) {
    if (thread_context() || prepared.valid()) return;
    prepare_context_memory();
    prepare_thread_heap();  // for the search's own blocks, on this thread
    configure_z3();
    prepared = std::async(std::launch::async, [warm] {
        prepare_thread_heap();  // the context's tables go to the maker's own heap
        auto c = std::make_shared<z3::context>();
        if (warm) {
            try {
                warm_up(*c);
            } catch (const z3::exception&) {
                // Only a head start: the search makes its first check itself.
            }
        }
        return c;
    });
}

std::shared_ptr<z3::context> shared_context() {
    std::shared_ptr<z3::context>& context = thread_context();
    if (!context) context = new_context();
    return context;
}

double context_wait_s() { return prepared_wait_s; }

void discard_context() {
    idle_impls().clear();
    thread_context().reset();  // freed with the last Solver still on it
}

void end_thread() {
    delete thread_state;
    thread_state = nullptr;
    context_used = false;
}

namespace {
thread_local bool give_way = false;
// The thread's nice value before it gave way, if it did.
thread_local std::optional<int> nice_before_giving_way;
pid_t this_thread() { return static_cast<pid_t>(::syscall(SYS_gettid)); }
}  // namespace

void give_way_after_cut_short(bool on) { give_way = on; }
bool gives_way_after_cut_short() { return give_way; }

void lower_this_thread() {
    if (nice_before_giving_way) return;
    errno = 0;
    const int now = ::getpriority(PRIO_PROCESS, static_cast<id_t>(this_thread()));
    if (errno != 0) return;
    nice_before_giving_way = now;
    (void)::setpriority(PRIO_PROCESS, static_cast<id_t>(this_thread()), lowest_nice);  // advice only
}

void begin_run() {
    give_way = false;
    if (nice_before_giving_way) {
        // Taking a priority back needs a privilege (CAP_SYS_NICE) or RLIMIT_NICE: without
        // them the thread keeps the lowest.
        (void)::setpriority(PRIO_PROCESS, static_cast<id_t>(this_thread()), *nice_before_giving_way);
        nice_before_giving_way.reset();
    }
    if (state_of_thread().projection) state_of_thread().projection->reset_priority();
    if (context_used) {
        idle_impls().clear();
        thread_context().reset();  // freed with the last Solver still on it
    }
    context_used = false;
}

Solver::Impl::~Impl() {
    if (interrupted && thread_context() == context_owner) thread_context().reset();
}

// Z3's default solver runs a tactic pipeline (simplification, equation solving) before a
// check that is made without scopes, and switches to its incremental SMT core at the first
// push: right for one large formula (a loop written out 10000 times is solved by
// propagation), but setting up the pipeline costs milliseconds that a path solver, whose
// first act is a push, never uses. The path solvers are that SMT core directly.
Solver::Impl::Impl(Domain d, Use u)
    : SharedContext{thread_context() ? thread_context() : (thread_context() = new_context())},
      ctx((context_used = true, *context_owner)),
      solver(u == Use::one_shot ? z3::solver(ctx) : z3::solver(ctx, z3::solver::simple())),
      tracked(ctx, z3::solver::simple()),
      scratch(ctx, z3::solver::simple()),
      domain(d),
      use(u),
      projection(thread_projection()) {
    z3::params p(ctx);
    // Cores are minimised by minimise(), deterministically. (Z3's own minimisation runs
    // when the core is fetched and costs as much as deletion on long cores.)
    p.set("core.minimize", false);
    tracked.set(p);
    scratch.set(p);
    true_term = add(ctx.bool_val(true));
    false_term = add(ctx.bool_val(false));
}

z3::sort Solver::Impl::sort_of(Type type) {
    z3::sort scalar = domain == Domain::real ? ctx.real_sort() : ctx.int_sort();
    return type == Type::array ? ctx.array_sort(scalar, scalar) : scalar;
}

z3::expr Solver::Impl::number(const Number& n) {
    if (domain == Domain::integer) {
        if (denominator(n) != 1) throw std::invalid_argument("fraction in an integer program");
        return ctx.int_val(numerator(n).str().c_str());
    }
    std::string text = numerator(n).str() + "/" + denominator(n).str();
    return ctx.real_val(text.c_str());
}

z3::expr_vector Solver::Impl::live_literals() const {
    z3::expr_vector v(const_cast<z3::context&>(ctx));
    for (std::size_t c = 0; c < cell_lits.size(); ++c) {
        if (active[c]) v.push_back(cell_lits[c]);
    }
    return v;
}

z3::expr_vector Solver::Impl::switch_assumptions() const {
    z3::expr_vector v(const_cast<z3::context&>(ctx));
    if (active_switchables == 0) return v;
    for (std::size_t c = 0; c < cell_lits.size(); ++c) {
        if (switchable[c] && active[c]) v.push_back(cell_lits[c]);
    }
    return v;
}

z3::expr_vector Solver::Impl::literals(std::span<const CellId> cells) const {
    z3::expr_vector v(const_cast<z3::context&>(ctx));
    for (CellId c : cells) v.push_back(cell_lits.at(c));
    return v;
}

Answer Solver::Impl::timed_plain_check(Purpose why, bool force_model) {
    // An interrupt is for good: the run is over, and each call made before the engine next
    // looks at its limits would otherwise run until the watchdog interrupts it again.
    if (interrupted.load(std::memory_order_relaxed)) return Answer::unknown;
    auto t0 = std::chrono::steady_clock::now();
    z3::check_result r =
        active_switchables == 0 ? solver.check() : solver.check(switch_assumptions());
    double dt = seconds_since(t0);
    auto k = static_cast<int>(why);
    ++stats.calls;
    ++stats.calls_by[k];
    stats.time_s += dt;
    stats.time_by[k] += dt;
    if (r == z3::sat) {
        if (force_model || fetch_model_now()) {
            auto timer = upkeep();
            set_model(solver.get_model());
        } else {
            drop_model();
        }
        return Answer::sat;
    }
    return r == z3::unsat ? Answer::unsat : Answer::unknown;
}

std::vector<CellId> Solver::Impl::core_of_live_cells(const NegatedGoal* extra) {
    z3::expr_vector lits = live_literals();
    if (extra) lits.push_back(extra->literal);
    std::vector<CellId> core;
    if (timed_check(lits, Purpose::core, false) != Answer::unsat) {
        // The plain solver said unsat; if the tracked one cannot confirm it (unknown under
        // a time limit), every live cell is kept: a larger core is always sound.
        for (CellId c = 0; c < cell_lits.size(); ++c) {
            if (active[c]) core.push_back(c);
        }
        return core;
    }
    return minimise(core_cells(extra), extra);
}

std::vector<CellId> Solver::Impl::core_cells(const NegatedGoal* extra) {
    std::vector<CellId> core;
    for (const auto& lit : core_solver->unsat_core()) {
        if (!extra || !z3::eq(lit, extra->literal)) core.push_back(cell_of_literal(lit));
    }
    return core;
}

Answer Solver::Impl::timed_check(const z3::expr_vector& assumptions, Purpose why,
                                 bool keep_model) {
    if (interrupted.load(std::memory_order_relaxed)) return Answer::unknown;  // for good
    auto t0 = std::chrono::steady_clock::now();
    z3::check_result r = core_solver->check(assumptions);
    double dt = seconds_since(t0);
    auto k = static_cast<int>(why);
    ++stats.calls;
    ++stats.calls_by[k];
    stats.time_s += dt;
    stats.time_by[k] += dt;
    if (r == z3::sat) {
        if (keep_model) set_model(core_solver->get_model());
        return Answer::sat;
    }
    return r == z3::unsat ? Answer::unsat : Answer::unknown;
}

const std::vector<Conjunct>& Solver::Impl::conjuncts_of(Term t, bool positive) {
    auto [it, fresh] = conjunct_cache.try_emplace(std::uint64_t{t} * 2 + (positive ? 1 : 0));
    if (fresh) append_conjuncts(at(t), positive, it->second);
    return it->second;
}

// Deletion-based minimisation: try dropping each cell in increasing order; keep it only if
// the rest becomes satisfiable. `extra` is an assumption that stays (a negated goal).
std::vector<CellId> Solver::Impl::minimise(std::vector<CellId> core, const NegatedGoal* extra) {
    std::sort(core.begin(), core.end());
    // Deletion costs one call per cell, each over the whole core: cubic on the long
    // definition chains of loops, so a long core is kept as Z3 gave it (sound, perhaps not
    // minimal). Asking for the core of the core did not shrink a single core of the
    // programs in clp/ or of the benchmark families, and doubled the time of core
    // extraction on long paths.
    constexpr std::size_t deletion_limit = 16;
    if (core.size() > deletion_limit) return core;  // sound, perhaps not minimal
    std::vector<const Conjunct*> rest;
    for (std::size_t i = 0; i < core.size();) {
        std::vector<CellId> trial = core;
        trial.erase(trial.begin() + static_cast<std::ptrdiff_t>(i));
        // Nearly always the cell is needed, and the rest is seen to be satisfiable without a
        // call (a chain of definitions with one link gone falls apart from its loose end).
        // The answer is the one the call would give, so the core is the same.
        bool needed = false;
        {
            auto timer = upkeep();
            rest.clear();
            for (CellId c : trial) {
                for (const Conjunct& k : conjuncts_of(cell_terms[c], true)) rest.push_back(&k);
            }
            if (extra) {
                for (const Conjunct& k : conjuncts_of(extra->goal, false)) rest.push_back(&k);
            }
            needed = satisfiable_by_own_variables(rest);
        }
        if (needed) {
            ++stats.own_variable_answers;
            ++i;
            continue;
        }
        z3::expr_vector lits = literals(trial);
        if (extra) lits.push_back(extra->literal);
        if (timed_check(lits, Purpose::core, false) == Answer::unsat) {
            core = std::move(trial);  // not needed
        } else {
            ++i;  // needed (or unknown: keeping it is always sound)
        }
    }
    return core;
}

bool Solver::Impl::reset() {
    std::size_t unscoped = scope_marks.empty() ? cell_lits.size() : scope_marks.front();
    if (unscoped > 0) return false;
    // Every scope of the three, counted by Z3 (an exception may have left one of the
    // scratch solver's or an entailment's open).
    for (z3::solver* s : {&solver, &tracked, &scratch}) {
        unsigned depth = Z3_solver_get_num_scopes(ctx, *s);
        if (depth > 0) s->pop(depth);
    }
    static_cast<RunState&>(*this) = RunState{};
    core_solver = &tracked;  // an exception may have left it on `scratch`
    true_term = add(ctx.bool_val(true));
    false_term = add(ctx.bool_val(false));
    return true;
}

namespace {
std::unique_ptr<Solver::Impl> take_idle_impl(Domain domain) {
    auto& idle = idle_impls();
    for (auto it = idle.begin(); it != idle.end(); ++it) {
        if ((*it)->domain == domain && (*it)->context_owner == thread_context()) {
            std::unique_ptr<Solver::Impl> impl = std::move(*it);
            idle.erase(it);
            context_used = true;
            return impl;
        }
    }
    return nullptr;
}
}  // namespace

Solver::Solver(Domain domain, Use use) {
    if (use == Use::path) impl_ = take_idle_impl(domain);
    if (!impl_) impl_ = std::make_unique<Impl>(domain, use);
}

Solver::~Solver() {
    if (impl_->use != Use::path || impl_->interrupted || impl_->context_owner != thread_context() ||
        idle_impls().size() >= max_idle_impls) {
        return;
    }
    try {
        if (impl_->reset()) idle_impls().push_back(std::move(impl_));
    } catch (const z3::exception&) {
        // not clean, then: freed as if never kept
    }
}

Term Solver::fresh(const std::string& base, Type type) {
    std::string name = base + "!" + std::to_string(impl_->fresh_counter++);
    return impl_->add(impl_->ctx.constant(name.c_str(), impl_->sort_of(type)));
}

Term Solver::fresh_proposition(const std::string& base) {
    std::string name = base + "!" + std::to_string(impl_->fresh_counter++);
    return impl_->add(impl_->ctx.bool_const(name.c_str()));
}

bool Solver::holds(Term proposition) {
    auto timer = impl_->upkeep();
    return impl_->model && impl_->model->eval(impl_->at(proposition), true).is_true();
}

Term Solver::numeral(const Number& n) { return impl_->add(impl_->number(n)); }

Term Solver::equal(Term a, Term b) { return impl_->add(impl_->at(a) == impl_->at(b)); }

Term Solver::select(Term array, Term index) { return impl_->add(z3::select(impl_->at(array), impl_->at(index))); }

Term Solver::conjunction(std::span<const Term> ts) {
    if (ts.empty()) return impl_->true_term;
    if (ts.size() == 1) return ts[0];
    z3::expr_vector v(impl_->ctx);
    for (Term t : ts) v.push_back(impl_->at(t));
    return impl_->add(z3::mk_and(v));
}

Term Solver::disjunction(std::span<const Term> ts) {
    if (ts.empty()) return impl_->false_term;  // not Z3's `(or)`, which SMT-LIB does not have
    if (ts.size() == 1) return ts[0];
    z3::expr_vector v(impl_->ctx);
    for (Term t : ts) v.push_back(impl_->at(t));
    return impl_->add(z3::mk_or(v));
}

Term Solver::negation(Term t) { return impl_->add(!impl_->at(t)); }

bool Solver::is_true(Term t) const { return impl_->at(t).is_true(); }
bool Solver::same(Term a, Term b) const { return z3::eq(impl_->at(a), impl_->at(b)); }
bool Solver::is_false(Term t) const { return impl_->at(t).is_false(); }

Term Solver::point_var(std::uint32_t i, Type type) {
    std::string name = "$" + std::to_string(i) + (type == Type::array ? "a" : "");
    auto it = impl_->point_vars.find(name);
    if (it != impl_->point_vars.end()) return it->second;
    Term t = impl_->add(impl_->ctx.constant(name.c_str(), impl_->sort_of(type)));
    impl_->point_vars.emplace(name, t);
    return t;
}

Term Solver::instantiate(Term formula, std::span<const Term> state, std::span<const Type> types) {
    auto timer = impl_->upkeep();
    z3::expr_vector from(impl_->ctx), to(impl_->ctx);
    for (std::uint32_t i = 0; i < state.size(); ++i) {
        from.push_back(impl_->at(point_var(i, types[i])));
        to.push_back(impl_->at(state[i]));
    }
    z3::expr f = impl_->at(formula);
    return impl_->add(f.substitute(from, to));
}

void Solver::push() {
    auto timer = impl_->upkeep();
    impl_->scope_marks.push_back(impl_->cell_lits.size());
    impl_->solver.push();
    impl_->tracked.push();
}

void Solver::pop() {
    auto timer = impl_->upkeep();
    impl_->solver.pop();
    impl_->tracked.pop();
    std::size_t mark = impl_->scope_marks.back();
    impl_->scope_marks.pop_back();
    for (std::size_t c = mark; c < impl_->cell_lits.size(); ++c) {
        if (impl_->switchable[c] && impl_->active[c]) --impl_->active_switchables;
    }
    impl_->switchable.resize(mark);
    impl_->active.resize(mark);
    impl_->cell_lits.resize(mark, impl_->ctx.bool_val(true));
    impl_->cell_terms.resize(mark);
}

CellId Solver::add_cell(Term constraint) {
    auto timer = impl_->upkeep();
    auto id = static_cast<CellId>(impl_->cell_lits.size());
    std::string name = cell_prefix + std::to_string(id);
    z3::expr lit = impl_->ctx.bool_const(name.c_str());
    impl_->solver.add(impl_->at(constraint));
    impl_->tracked.add(z3::implies(lit, impl_->at(constraint)));
    impl_->cell_lits.push_back(lit);
    impl_->cell_terms.push_back(constraint);
    impl_->switchable.push_back(0);
    impl_->active.push_back(1);
    return id;
}

CellId Solver::add_switchable_cell(Term constraint, bool on) {
    auto timer = impl_->upkeep();
    auto id = static_cast<CellId>(impl_->cell_lits.size());
    std::string name = cell_prefix + std::to_string(id);
    z3::expr lit = impl_->ctx.bool_const(name.c_str());
    z3::expr guarded = z3::implies(lit, impl_->at(constraint));
    impl_->solver.add(guarded);
    impl_->tracked.add(guarded);
    impl_->cell_lits.push_back(lit);
    impl_->cell_terms.push_back(constraint);
    impl_->switchable.push_back(1);
    impl_->active.push_back(on ? 1 : 0);
    if (on) {
        ++impl_->active_switchables;
        impl_->drop_model();  // the model need not satisfy the new cell
    }
    return id;
}

void Solver::set_active(CellId c, bool on) {
    if (!impl_->switchable.at(c) || (impl_->active[c] != 0) == on) return;
    impl_->active[c] = on ? 1 : 0;
    if (on) {
        ++impl_->active_switchables;
        // The model stays a model of the live cells if it satisfies the one switched on.
        if (impl_->model && !impl_->model->eval(impl_->at(impl_->cell_terms[c]), true).is_true()) {
            impl_->drop_model();
        }
    } else {
        --impl_->active_switchables;
    }
}

bool Solver::is_active(CellId c) const { return impl_->active.at(c) != 0; }

void Solver::forget_model() { impl_->drop_model(); }

std::size_t Solver::cell_count() const { return impl_->cell_lits.size(); }
Term Solver::cell_term(CellId c) const { return impl_->cell_terms.at(c); }

Answer Solver::check(Purpose why) { return impl_->timed_plain_check(why); }

Answer Solver::ensure_model() {
    if (impl_->model) return Answer::sat;
    return impl_->timed_plain_check(Purpose::feasibility, true);
}

bool Solver::model_satisfies(Term t) {
    auto timer = impl_->upkeep();
    if (!impl_->model) return false;
    z3::expr v = impl_->model->eval(impl_->at(t), true);
    if (v.is_true()) {
        impl_->model_answered();
        return true;
    }
    return false;
}

bool Solver::model_extends(std::span<const Term> cells, std::span<const Term> fresh) {
    if (!impl_->model) return false;
    auto timer = impl_->upkeep();
    z3::model& m = *impl_->model;
    auto definable = [&](const z3::expr& v) {
        if (!v.is_const() || v.decl().decl_kind() != Z3_OP_UNINTERPRETED) return false;
        if (!(v.is_int() || v.is_real()) || m.has_interp(v.decl())) return false;
        return std::any_of(fresh.begin(), fresh.end(),
                           [&](Term f) { return z3::eq(impl_->at(f), v); });
    };
    for (Term c : cells) {
        const z3::expr& e = impl_->at(c);
        if (e.is_app() && e.decl().decl_kind() == Z3_OP_EQ && e.num_args() == 2) {
            for (unsigned side = 0; side < 2; ++side) {
                z3::expr v = e.arg(side);
                if (!definable(v)) continue;
                z3::expr value = m.eval(e.arg(1 - side), true);
                if (!value.is_numeral()) continue;
                z3::func_decl d = v.decl();
                m.add_const_interp(d, value);
                ++impl_->model_generation;
                break;
            }
        }
        if (!m.eval(e, true).is_true()) return false;
    }
    impl_->model_answered();
    return true;
}

bool Solver::model_falsifies(Term t) {
    auto timer = impl_->upkeep();
    if (!impl_->model) return false;
    if (impl_->model->eval(impl_->at(t), true).is_false()) {
        impl_->model_answered();
        return true;
    }
    return false;
}

const Number* Solver::Impl::model_value(Term t) {
    if (model_values_generation != model_generation) {
        model_values.clear();
        model_values_generation = model_generation;
    }
    auto [it, fresh] = model_values.try_emplace(t);
    if (fresh) {
        z3::expr v = model->eval(at(t), true);
        if (v.is_numeral()) it->second = numeral_number(v);
    }
    return it->second ? &*it->second : nullptr;
}

bool Solver::model_falsifies_at(Term formula, std::span<const Term> state,
                                std::span<const Type> types) {
    if (!impl_->model) return false;
    std::optional<bool> truth;
    {
        auto timer = impl_->upkeep();
        auto [it, fresh] = impl_->point_formulas.try_emplace(formula);
        if (fresh) it->second = point_formula(impl_->at(formula));
        if (it->second) {
            truth = evaluate(*it->second,
                             [&](std::uint32_t i) { return impl_->model_value(state[i]); });
        }
    }
    if (!truth) return model_falsifies(instantiate(formula, state, types));
    if (*truth) return false;
    impl_->model_answered();
    return true;
}

std::vector<CellId> Solver::unsat_core() { return impl_->core_of_live_cells(nullptr); }

std::optional<std::vector<CellId>> Solver::core_among(std::span<const CellId> among,
                                                      std::optional<Term> goal) {
    z3::solver& scratch = impl_->scratch;
    {
        auto timer = impl_->upkeep();
        scratch.push();
        for (CellId c : among) {
            scratch.add(z3::implies(impl_->cell_lits.at(c), impl_->at(impl_->cell_terms.at(c))));
        }
    }
    z3::expr_vector lits = impl_->literals(among);
    std::optional<Impl::NegatedGoal> goal_lit;
    if (goal) {
        goal_lit.emplace(impl_->ctx.bool_const("core_among!goal"), *goal);
        scratch.add(z3::implies(goal_lit->literal, !impl_->at(*goal)));
        lits.push_back(goal_lit->literal);
    }
    impl_->core_solver = &scratch;
    std::optional<std::vector<CellId>> core;
    Purpose why = goal ? Purpose::entailment : Purpose::core;
    if (impl_->timed_check(lits, why, false) == Answer::unsat) {
        const Impl::NegatedGoal* extra = goal_lit ? &*goal_lit : nullptr;
        core = impl_->minimise(impl_->core_cells(extra), extra);
    }
    impl_->core_solver = &impl_->tracked;
    {
        auto timer = impl_->upkeep();
        scratch.pop();
    }
    return core;
}

Answer Solver::check_alone(Term f, Purpose why) {
    z3::solver& scratch = impl_->scratch;
    {
        auto timer = impl_->upkeep();
        scratch.push();
        scratch.add(impl_->at(f));
    }
    impl_->core_solver = &scratch;
    Answer a = impl_->timed_check(z3::expr_vector(impl_->ctx), why, false);
    impl_->core_solver = &impl_->tracked;
    {
        auto timer = impl_->upkeep();
        scratch.pop();
    }
    return a;
}

Answer Solver::entails(Term f, std::vector<CellId>* core) {
    // A model of the live cells that falsifies f shows they do not entail it, without a
    // call. (Switching cells off keeps the model one of them.)
    if (model_falsifies(f)) return Answer::sat;
    // (cells ∧ ¬f) unsat  ⇔  cells ⊨ f. For a core, ¬f goes into `tracked` under a literal
    // of its own, kept through minimisation.
    Impl::NegatedGoal goal{impl_->ctx.bool_const("entailment!goal"), f};
    if (core && impl_->entailment_credit >= Impl::entailment_credit_direct) {
        // Entailment has been the rule: `tracked` is asked at once, and its answer gives the
        // core too. The plain solver's check is saved, and with it the assertion there of
        // the path's new cells, which its push would force.
        impl_->tracked.push();
        impl_->tracked.add(z3::implies(goal.literal, !impl_->at(f)));
        z3::expr_vector lits = impl_->live_literals();
        lits.push_back(goal.literal);
        Answer a = impl_->timed_check(lits, Purpose::entailment, false);
        if (a == Answer::unsat) *core = impl_->minimise(impl_->core_cells(&goal), &goal);
        impl_->tracked.pop();
        if (a != Answer::unsat) impl_->entailment_credit = 0;
        return a;
    }
    impl_->solver.push();
    impl_->solver.add(!impl_->at(f));
    Answer a = impl_->timed_plain_check(Purpose::entailment);
    impl_->solver.pop();
    if (core) {
        int& credit = impl_->entailment_credit;
        credit = a == Answer::unsat ? std::min(credit + 1, Impl::entailment_credit_direct) : 0;
    }
    if (a == Answer::unsat && core) {
        impl_->tracked.push();
        impl_->tracked.add(z3::implies(goal.literal, !impl_->at(f)));
        *core = impl_->core_of_live_cells(&goal);
        impl_->tracked.pop();
    }
    return a;
}

std::string Solver::to_smtlib(Term t) const { return smtlib_text(impl_->at(t)); }

void Solver::interrupt() {
    impl_->interrupted = true;
    impl_->ctx.interrupt();
    impl_->projection->interrupt();
}

const SolverStats& Solver::stats() const { return impl_->stats; }

}  // namespace clpi::solver
