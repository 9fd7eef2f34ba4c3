#include "solver/assuming_solver.hpp"

#include <chrono>
#include <unordered_map>
#include <unordered_set>

#include "solver/implicant.hpp"
#include "solver/solver_impl.hpp"

namespace clpi::solver {

struct AssumingSolver::Impl {
    Solver::Impl& terms;
    z3::solver solver;
    std::vector<Term> assumed;        // of the last check, by position in Z3's vector
    std::vector<Term> core;           // of the last unsat check
    std::optional<z3::model> model;   // of the last sat check
    std::unordered_map<unsigned, Term> proxies;  // by the formula's Z3 id
    std::vector<z3::expr> facts;      // added so far, for renew()

    explicit Impl(Solver::Impl& t) : terms(t), solver(t.ctx, z3::solver::simple()) {}
};

AssumingSolver::AssumingSolver(Solver& terms) : impl_(std::make_unique<Impl>(*terms.impl())) {}
AssumingSolver::~AssumingSolver() = default;

void AssumingSolver::add(Term fact) {
    Impl& m = *impl_;
    m.solver.add(m.terms.at(fact));
    m.facts.push_back(m.terms.at(fact));
}

void AssumingSolver::renew() {
    Impl& m = *impl_;
    m.solver = z3::solver(m.terms.ctx, z3::solver::simple());
    for (const z3::expr& f : m.facts) m.solver.add(f);
    m.proxies.clear();
    m.model.reset();
    m.core.clear();
}

std::size_t AssumingSolver::proxies() const { return impl_->proxies.size(); }
Term AssumingSolver::proxy(Term formula) {
    Impl& m = *impl_;
    const z3::expr& f = m.terms.at(formula);
    auto [it, made] = m.proxies.try_emplace(f.id(), 0);
    if (made) {
        z3::expr p = m.terms.ctx.bool_const(("proxy!" + std::to_string(m.terms.fresh_counter++)).c_str());
        m.solver.add(z3::implies(p, f));
        it->second = m.terms.add(p);
    }
    return it->second;
}

Answer AssumingSolver::check(std::span<const Term> assumptions) {
    const auto t0 = std::chrono::steady_clock::now();
    Impl& m = *impl_;
    m.model.reset();
    m.core.clear();
    z3::expr_vector lits(m.terms.ctx);
    for (Term a : assumptions) lits.push_back(m.terms.at(a));
    Answer answer = Answer::unknown;
    // After an interrupt (for good: solver_impl.hpp) no call is made.
    if (m.terms.interrupted.load(std::memory_order_relaxed)) return answer;
    try {
        switch (m.solver.check(lits)) {
        case z3::sat:
            answer = Answer::sat;
            m.model = m.solver.get_model();
            break;
        case z3::unsat: {
            answer = Answer::unsat;
            z3::expr_vector core = m.solver.unsat_core();
            std::unordered_set<unsigned> in_core;
            for (unsigned i = 0; i < core.size(); ++i) in_core.insert(core[i].id());
            for (Term a : assumptions) {
                if (in_core.count(m.terms.at(a).id())) m.core.push_back(a);
            }
            break;
        }
        case z3::unknown: break;
        }
    } catch (const z3::exception&) {
        answer = Answer::unknown;  // interrupted, or out of resources
    }
    ++checks_;
    time_s_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return answer;
}

std::vector<Term> AssumingSolver::core() const { return impl_->core; }

namespace {

// The uninterpreted constants of `e` other than the point variables.
void constants_to_eliminate(const z3::expr& e, std::unordered_set<unsigned>& seen, std::vector<z3::expr>& out) {
    if (!seen.insert(e.id()).second || !e.is_app()) return;
    if (e.is_const() && !e.is_numeral() && e.decl().decl_kind() == Z3_OP_UNINTERPRETED) {
        std::string name = e.decl().name().str();
        if (name.empty() || name[0] != '$') out.push_back(e);
        return;
    }
    for (unsigned i = 0; i < e.num_args(); ++i) constants_to_eliminate(e.arg(i), seen, out);
}

// Every uninterpreted constant of `e`.
void all_constants(const z3::expr& e, std::unordered_set<unsigned>& seen, std::vector<z3::expr>& out) {
    if (!seen.insert(e.id()).second || !e.is_app()) return;
    if (e.is_const() && !e.is_numeral() && e.decl().decl_kind() == Z3_OP_UNINTERPRETED) {
        out.push_back(e);
        return;
    }
    for (unsigned i = 0; i < e.num_args(); ++i) all_constants(e.arg(i), seen, out);
}

}  // namespace

std::optional<Term> AssumingSolver::project_by_model(Term formula) {
    Impl& m = *impl_;
    if (!m.model) return std::nullopt;
    z3::context& ctx = m.terms.ctx;
    const auto t0 = std::chrono::steady_clock::now();
    std::optional<Term> result;
    try {
        z3::expr body = m.terms.at(formula);
        std::unordered_set<unsigned> seen;
        std::vector<z3::expr> vars;
        constants_to_eliminate(body, seen, vars);
        // The projection evaluates every constant in the model: those the model leaves
        // open (don't-cares of the check) get the values a completed evaluation gives.
        {
            std::unordered_set<unsigned> seen_all;
            std::vector<z3::expr> all;
            all_constants(body, seen_all, all);
            for (const z3::expr& c : all) {
                z3::func_decl d = c.decl();
                if (m.model->has_interp(d)) continue;
                z3::expr v = m.model->eval(c, true);
                m.model->add_const_interp(d, v);
            }
        }
        // Projected from the literals that make it true in the model: a conjunction of
        // comparisons, not the formula's disjunctions over the earlier state.
        z3::expr_vector lits(ctx);
        for (const z3::expr& l : implicant(body, *m.model)) lits.push_back(l);
        std::vector<Z3_app> apps;
        for (const z3::expr& v : vars) apps.push_back(Z3_to_app(ctx, v));
        Z3_ast projected = Z3_qe_model_project(ctx, *m.model, static_cast<unsigned>(apps.size()),
                                               apps.data(), z3::mk_and(lits));
        ctx.check_error();
        // Interrupted (the run is over), Z3 4.8 may return no term without setting an error.
        if (projected == nullptr) throw z3::exception("model projection interrupted");
        z3::expr out(ctx, projected);
        // The projection may leave a constant it could not eliminate (an array, a
        // non-linear term): then it is no cube over the point variables.
        std::unordered_set<unsigned> seen_out;
        std::vector<z3::expr> left;
        constants_to_eliminate(out, seen_out, left);
        if (left.empty()) result = m.terms.add(out.simplify());
    } catch (const z3::exception&) {
        // no projection
    }
    time_s_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return result;
}

Number AssumingSolver::value(Term t) {
    if (!impl_->model) throw std::logic_error("no model");
    return numeral_number(impl_->model->eval(impl_->terms.at(t), true));
}

}  // namespace clpi::solver
