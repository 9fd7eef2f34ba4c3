// Bounded model checking (bmc.hpp). Step k of the unrolling has a point variable pc_k (the
// point's index), and one state vector per predicate whose points step k can reach. The
// transition from step k to k + 1 is one of the rules of those points that lead to another
// point, chosen by a proposition r@k per rule:
//     r@k  ->  pc_k = head(r) /\ constraints(r) /\ pc_{k+1} = body(r) /\ S_{k+1} = args
// with the rule's variables renamed apart for that step, and one of the r@k holds. Two may
// hold at once: then each of their rules makes the same step, and the path takes either.
// The error query of step k is the same for the error rules of those points, under an
// assumption (not in a scope: what the solver learns stays for the next steps). Terminal
// rules are left out: a path that ends there reaches no error.
#include "engine/bmc.hpp"

#include <algorithm>
#include <chrono>
#include <thread>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "clpi/engine.hpp"
#include "engine/counterexample.hpp"
#include "engine/limits.hpp"
#include "engine/reduce.hpp"
#include "engine/watchdog.hpp"
#include "solver/solver.hpp"

namespace clpi::engine {

namespace {

class Unroller {
public:
    Unroller(const Program& program, solver::Solver& s) : program_(program), s_(s) {}

    // Step 0: the query's state at its point.
    void begin() {
        Transition t = start(s_, program_);
        query_binding_ = t.binding;
        for (Term c : t.constraints) s_.add_cell(c);
        pc_.push_back(point_value(program_.query.point));
        states_.emplace_back();
        states_.back()[pred_of(program_.query.point)] = t.next_state;
        reach_.push_back({program_.query.point});
    }

    std::size_t steps() const { return pc_.size() - 1; }
    std::uint64_t rule_instances() const { return rule_instances_; }

    // Adds the transition from the last step to a new one. False when no rule leads on from
    // the points the last step can reach: every path ends there.
    bool add_step() {
        const std::size_t k = steps();
        Term next_pc = s_.fresh("pc@" + std::to_string(k + 1), Type::integer);
        std::map<PredId, std::vector<Term>> next_states;
        std::set<PointId> next_reach;
        std::vector<Term> choices;
        Bindings bindings;
        for (PointId p : reach_[k]) {
            for (std::uint32_t r : program_.points.at(p).rules) {
                const Rule& rule = program_.rules.at(r);
                if (rule.body_kind != BodyKind::atom || leads_to_error(rule)) continue;
                PointId q = rule.body_point;
                std::vector<Term> binding(rule.vars.size(), unbound);
                std::vector<Term> then{s_.equal(next_pc, point_value(q))};
                bind(rule.head, states_[k].at(pred_of(p)), binding, then);
                bind(*rule.body, state_vector(next_states, q), binding, then);
                next_reach.insert(q);
                choices.push_back(choose(r, p, rule, binding, then));
                bindings.emplace_back(choices.back(), r, std::move(binding));
            }
        }
        if (choices.empty()) return false;
        s_.add_cell(s_.disjunction(choices));
        bindings_.push_back(std::move(bindings));
        pc_.push_back(next_pc);
        states_.push_back(std::move(next_states));
        reach_.push_back(std::move(next_reach));
        return true;
    }

    // That an error rule fires at the last step; nothing when no error rule is reachable there.
    std::optional<Term> error_at_last_step() {
        const std::size_t k = steps();
        std::vector<Term> choices;
        error_bindings_.clear();
        for (PointId p : reach_[k]) {
            for (std::uint32_t r : program_.points.at(p).rules) {
                const Rule& rule = program_.rules.at(r);
                if (!leads_to_error(rule)) continue;
                std::vector<Term> binding(rule.vars.size(), unbound);
                std::vector<Term> then;
                bind(rule.head, states_[k].at(pred_of(p)), binding, then);
                choices.push_back(choose(r, p, rule, binding, then));
                error_bindings_.emplace_back(choices.back(), r, std::move(binding));
            }
        }
        if (choices.empty()) return std::nullopt;
        return s_.disjunction(choices);
    }

    // After a satisfiable error query: the path of the model, replayed.
    Counterexample counterexample() {
        if (s_.ensure_model() != solver::Answer::sat) throw InternalError("bounded model checking: no model of a satisfiable query");
        std::vector<PathStep> path{PathStep{true, 0, query_binding_}};
        for (const Bindings& step : bindings_) path.push_back(taken(step));
        path.push_back(taken(error_bindings_));
        return make_counterexample(s_, program_, path);
    }

private:
    static constexpr Term unbound = static_cast<Term>(-1);
    // The rules of a step: each one's proposition, index, and its variables' terms.
    using Bindings = std::vector<std::tuple<Term, std::uint32_t, std::vector<Term>>>;

    // Binds the variables of `atom` (the rule's head, or its body atom) to the state terms of
    // its step: a variable met first here is that term, so that the rules of a point state
    // the same step with the same atoms (`x@3 = x@2 + 1` in both branches of a loop body:
    // the solver learns it once, not once per combination of branches); anything else is an
    // equation.
    void bind(const Atom& atom, const std::vector<Term>& state, std::vector<Term>& binding,
              std::vector<Term>& then) {
        const std::size_t first = program_.predicates.at(atom.pred).pointed ? 1 : 0;
        for (std::size_t i = first; i < atom.args.size(); ++i) {
            const Arg& a = atom.args[i];
            Term st = state.at(i - first);
            if (a.kind == Arg::Kind::variable && binding[a.var] == unbound) {
                binding[a.var] = st;
            } else {
                Term value = a.kind == Arg::Kind::variable ? binding[a.var] : s_.numeral(Number(a.integer));
                then.push_back(s_.equal(st, value));
            }
        }
    }

    // `r@k -> pc = p /\ then /\ constraints(r)` as a cell; its proposition r@k, for the
    // disjunction that makes one rule the step. The rule's other variables get fresh terms.
    Term choose(std::uint32_t r, PointId p, const Rule& rule, std::vector<Term>& binding,
                std::vector<Term>& then) {
        then.push_back(s_.equal(pc_.back(), point_value(p)));
        for (VarId v = 0; v < binding.size(); ++v) {
            if (binding[v] == unbound) binding[v] = s_.fresh(rule.vars[v].name, rule.vars[v].type);
        }
        std::vector<Term> side;
        for (const Constraint& c : rule.constraints) {
            Term ct = s_.encode(c, binding, side);
            then.insert(then.end(), side.begin(), side.end());
            side.clear();
            then.push_back(ct);
        }
        ++rule_instances_;
        Term chosen = s_.fresh_proposition(fmt::format("r{}@{}", r + 1, steps()));
        s_.add_cell(s_.disjunction(std::vector<Term>{s_.negation(chosen), s_.conjunction(then)}));
        return chosen;
    }

    // The step of a rule whose proposition the model makes true.
    PathStep taken(const Bindings& rules) {
        for (const auto& [chosen, r, binding] : rules) {
            if (s_.holds(chosen)) return PathStep{false, r, binding};
        }
        throw InternalError("bounded model checking: a model that takes no rule at a step");
    }

    PredId pred_of(PointId p) const { return program_.points.at(p).pred; }
    Term point_value(PointId p) { return s_.numeral(Number(static_cast<std::int64_t>(p))); }

    // The state vector of q's predicate at the next step, made on first use.
    std::vector<Term>& state_vector(std::map<PredId, std::vector<Term>>& states, PointId q) {
        auto [it, made] = states.try_emplace(pred_of(q));
        if (made) {
            const std::size_t k = pc_.size();
            std::vector<Type> types = state_types(program_, q);
            for (std::size_t i = 0; i < types.size(); ++i) {
                it->second.push_back(s_.fresh("s" + std::to_string(i) + "@" + std::to_string(k), types[i]));
            }
        }
        return it->second;
    }

    const Program& program_;
    solver::Solver& s_;
    std::vector<Term> query_binding_;
    std::vector<Term> pc_;                                     // per step
    std::vector<std::map<PredId, std::vector<Term>>> states_;  // per step
    std::vector<std::set<PointId>> reach_;                     // per step
    std::vector<Bindings> bindings_;                           // per transition
    Bindings error_bindings_;
    std::uint64_t rule_instances_ = 0;
};

}  // namespace

BmcResult bounded_model_check(const Program& program, const BmcLimits& limits) {
    const StopOrDeadline deadline(limits.stop, limits.timeout_s);
    auto elapsed = [&] { return deadline.elapsed_s(); };
    auto over = [&] { return deadline.over(); };
    BmcResult result;
    solver::Solver s(program.domain);
    Watchdog watchdog(over, [&s] { s.interrupt(); });
    Unroller u(program, s);
    u.begin();
    double step_start = 0;
    // Step k's error query, then the transition to step k + 1; the depth of an error at step
    // k is k + 1 rules.
    for (;;) {
        if (over()) {
            result.ended = deadline.why();
            break;
        }
        if (u.steps() + 1 > limits.max_depth) {
            result.ended = "depth limit";
            break;
        }
        if (u.rule_instances() > limits.max_rule_instances) {
            result.ended = "size limit";
            break;
        }
        if (std::optional<Term> error = u.error_at_last_step()) {
            // Under an assumption rather than in a scope: what the solver learns about the
            // unrolling while answering stays for the next steps (a pop would forget it).
            solver::CellId query = s.add_switchable_cell(*error, true);
            solver::Answer a = s.check();
            ++result.checks;
            if (a == solver::Answer::sat) {
                result.counterexample = u.counterexample();
                result.depth = static_cast<std::uint32_t>(u.steps() + 1);
            }
            s.set_active(query, false);
            if (a == solver::Answer::unknown) {
                result.ended = over() ? deadline.why() : "the solver could not decide a step";
                break;
            }
        }
        if (result.counterexample) break;
        if (limits.duty < 1) {
            // Its share of the time: a pause in short slices, so that a stop ends it at once.
            const double step_s = elapsed() - step_start;
            const auto until = std::chrono::steady_clock::now() +
                               std::chrono::duration<double>(step_s * (1 / std::max(0.05, limits.duty) - 1));
            while (!over() && std::chrono::steady_clock::now() < until) {
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            }
        }
        step_start = elapsed();
        if (!u.add_step()) {
            result.ended = "every path ends before this depth";
            break;
        }
    }
    if (!result.counterexample) result.depth = static_cast<std::uint32_t>(u.steps());
    result.time_s = elapsed();
    return result;
}

BmcResult bounded_model_check_beside(const Program& program, const std::atomic<bool>& stop, double timeout_s) {
    BmcLimits limits;
    limits.stop = &stop;
    // On two hardware threads or fewer (often two halves of one core), a second thread that
    // works all the time slows the search as much as it gains: it takes half the time.
    limits.duty = std::thread::hardware_concurrency() <= 2 ? 0.5 : 1.0;
    limits.timeout_s = timeout_s;
    try {
        return bounded_model_check(program, limits);
    } catch (const InternalError&) {
        throw;
    } catch (const std::exception& e) {
        // An operation the stop interrupted may throw (Z3 reports a cancelled
        // simplification so); then nothing was found.
        BmcResult r;
        if (!stop.load()) r.ended = std::string("failed: ") + e.what();
        return r;
    }
}

}  // namespace clpi::engine
