#include "chc/control.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "chc/formula.hpp"
#include "chc/simplify.hpp"
#include "solver/own_variables.hpp"

namespace clpi::chc {

namespace {

// A whole analysis that takes longer than this is dropped: import must stay a small part
// of a run.
constexpr double time_budget_s = 2.0;

// Whether `e` is `true`, `false` or neither: one call, where the C++ API's is_true and
// is_false make a declaration each and check for an error after each call (the analysis
// asks it of each target flag for each case and valuation: 24 K times, 7.7 M instructions,
// in conc szymanski's import).
Z3_lbool truth_value(const z3::expr& e) { return Z3_get_bool_value(e.ctx(), e); }

class Analysis {
public:
    Analysis(const std::vector<ClauseShape>& clauses, z3::solver& solver, const ControlLimits& limits)
        // A check Z3 does not decide (import_solver's bound) gives up flags.
        : clauses_(clauses), ctx_(solver.ctx()), limits_(limits), solver_(solver) {
        for (std::size_t k = 0; k < clauses.size(); ++k) {
            for (const auto* app : {&clauses[k].from, &clauses[k].to}) {
                if (!*app) continue;
                z3::func_decl d = (*app)->decl();
                if (preds_.count(d.id()) > 0) continue;
                Pred p;
                for (unsigned i = 0; i < d.arity(); ++i) {
                    if (d.domain(i).is_bool()) p.positions.push_back(i);
                }
                p.enabled = !p.positions.empty() && limits.max_points > 0;
                preds_.emplace(d.id(), std::move(p));
            }
            if (clauses[k].from) by_from_[clauses[k].from->decl().id()].push_back(k);
        }
    }

    Control run() {
        Control out;
        start_ = std::chrono::steady_clock::now();
        while (any_enabled()) {
            if (pass() && !drop_data_flags()) break;
            if (over_budget()) {
                const std::string why = fmt::format("the analysis went over its budget ({} checks, {} s)",
                                                    limits_.max_checks, time_budget_s);
                for (auto& [id, p] : preds_) {
                    if (p.enabled) give_up(p, why);
                }
            }
            out.gave_up = true;
        }
        out.checks = checks_;
        out.models = models_;
        out.decided_at_sight = at_sight_;
        for (const auto& [id, p] : preds_) {
            if (!p.enabled && !p.why.empty()) out.kept_as_integers[id] = p.why;
        }
        if (!any_enabled()) {  // nothing recovered: every clause once, unchecked
            out.steps.assign(clauses_.size(), {{-1, -1}});
            return out;
        }
        out.steps = std::move(steps_);
        for (auto& [id, p] : preds_) {
            if (p.enabled) out.points[id] = Control::Points{p.positions, p.valuations};
        }
        for (std::size_t k = 0; k < clauses_.size(); ++k) {
            const Pred* from = points_of(clauses_[k].from);
            if (from == nullptr) continue;
            for (std::size_t v = 0; v < from->valuations.size(); ++v) {
                auto found = with_source_.find(std::make_pair(k, from->valuations[v]));
                if (found != with_source_.end()) {
                    out.from_fixed.emplace(std::make_pair(k, static_cast<int>(v)), found->second.back());
                }
            }
        }
        return out;
    }

private:
    struct Pred {
        std::vector<unsigned> positions;
        std::vector<std::vector<bool>> valuations;
        std::map<std::vector<bool>, int> index;
        bool enabled = false;
        std::string why;  // why its flags stay integers, once given up
    };

    // Control flags move the program to one or two places from each (a branch), or to
    // one per thread (the interleavings of a concurrent program: szymanski's 144 points
    // have 2 to 4 successors, 2.5 on average); flags that are data (inputs read at each
    // step) fan out to many, and as points they would multiply the derivation tree by that
    // fan-out at every step. A predicate whose points have more than `max_mean_successors`
    // successors on average keeps its flags as 0/1 integers. True when one was dropped (the
    // pass is repeated).
    static constexpr double max_mean_successors = 4.0;
    // A program goes from one location to a few (a branch, a small switch); the flags of
    // a Lustre node, which hold its inputs, go from one valuation to 32 or 128 others, and
    // its initial state to hundreds. More than this many target valuations from one source
    // valuation (or from a fact) and the target's flags are data: given up at once, after
    // that many checks, not after enumerating a predicate's most points.
    static constexpr std::size_t max_fan_out = 16;
    static constexpr const char* data_flags =
        "more than four successors a valuation on average (data, such as inputs read at each step)";

    static std::string fan_out_reason() {
        return fmt::format("more than {} valuations follow one of them or the facts (data, such as inputs "
                           "read at each step)", max_fan_out);
    }

    bool drop_data_flags() {
        std::map<unsigned, std::map<int, std::set<std::pair<unsigned, int>>>> successors;
        for (std::size_t k = 0; k < clauses_.size(); ++k) {
            const ClauseShape& c = clauses_[k];
            if (points_of(c.from) == nullptr) continue;
            unsigned to = c.to ? c.to->decl().id() : 0;
            for (auto [from_val, to_val] : steps_[k]) {
                successors[c.from->decl().id()][from_val].emplace(to, to_val);
            }
        }
        bool dropped = false;
        for (auto& [id, p] : preds_) {
            if (!p.enabled || p.valuations.empty()) continue;
            std::size_t total = 0;
            for (const auto& [val, succ] : successors[id]) total += succ.size();
            double mean = static_cast<double>(total) / static_cast<double>(p.valuations.size());
            if (mean > max_mean_successors) {
                give_up(p, data_flags);
                dropped = true;
            }
        }
        return dropped;
    }

    bool any_enabled() const {
        for (const auto& [id, p] : preds_) {
            if (p.enabled) return true;
        }
        return false;
    }

    bool over_budget() const {
        double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        return checks_ > limits_.max_checks || dt > time_budget_s;
    }

    Pred* points_of(const std::optional<z3::expr>& app) {
        if (!app) return nullptr;
        Pred& p = preds_.at(app->decl().id());
        return p.enabled ? &p : nullptr;
    }

    // One reachability pass with the predicates enabled now; false when one of them had to
    // be disabled (the pass is then repeated without it).
    bool pass() {
        for (auto& [id, p] : preds_) {
            p.valuations.clear();
            p.index.clear();
        }
        steps_.assign(clauses_.size(), {});
        successors_.clear();
        step_count_ = 0;
        work_.clear();
        for (std::size_t k = 0; k < clauses_.size(); ++k) {
            if (points_of(clauses_[k].from) == nullptr && !visit(k, -1)) return false;
        }
        std::map<unsigned, std::pair<std::size_t, std::size_t>> probed;  // valuations, successors
        while (!work_.empty()) {
            auto [pred, val] = work_.front();
            work_.pop_front();
            for (std::size_t k : by_from_[pred]) {
                if (!visit(k, val)) return false;
            }
            if (!probe(pred, val, probed[pred])) return false;
        }
        return true;
    }

    // The first `probe_valuations` valuations of a predicate whose successors are all known
    // (the first the facts and their steps reach): more than `probe_mean_successors`
    // successors each on average (an error clause that can follow counts as one, as in
    // drop_data_flags), and its flags are data, given up then rather than at the end of the
    // pass. Branches and the interleavings of a few threads have one to four successors a
    // valuation (at most 4.75 on average over the first four in CHC-COMP LIA-Lin: conc
    // fib_bench), where the inputs of most Lustre nodes, read at every step, give each of
    // the first valuations 7 to 16; a whole pass over those cost the import 0.2 s on
    // car_all (377 checks), and the flags were given up at its end all the same.
    static constexpr std::size_t probe_valuations = 4;
    static constexpr double probe_mean_successors = 6.0;
    static constexpr const char* data_flags_early =
        "more than six successors a valuation on average over the first four (data, such as "
        "inputs read at each step)";

    bool probe(unsigned pred, int val, std::pair<std::size_t, std::size_t>& probed) {
        Pred* p = &preds_.at(pred);
        if (!p->enabled || probed.first >= probe_valuations) return true;
        for (const auto& step : successors_[pred]) {
            if (std::get<0>(step) == val) ++probed.second;
        }
        if (++probed.first < probe_valuations) return true;
        const double mean = static_cast<double>(probed.second) / static_cast<double>(probe_valuations);
        return mean > probe_mean_successors ? give_up(*p, data_flags_early) : true;
    }

    z3::check_result check() {
        on_solver();
        ++checks_;
        return solver_.check();
    }

    z3::check_result check(const z3::expr_vector& assumed) {
        on_solver();
        ++checks_;
        return solver_.check(assumed);
    }

    // The step visit() is at, put on the solver at its first check: most steps are
    // decided at sight (decided_at_sight), and then Z3 is not asked at all.
    void on_solver() {
        if (level_ || now_ == nullptr) return;
        solver_.push();
        for (const z3::expr& e : *now_) solver_.add(e);
        level_ = true;
    }

    // Whether `reduced` (units propagated: with_source, UnitPropagator) can hold, when
    // that shows without a solver: a `false` left cannot hold; what is left holds when each
    // of its conjuncts falls to a variable of its own in turn (solver/own_variables.hpp). A
    // vmt step from one location, once the flags of both ends are substituted, is a chain of
    // definitions and a guard (`F = E, H = G, 0 > F`): on ctigar pldi08.c, 12 of the 14
    // checks control recovery asked Z3 (each with a push and the step's assertions) are
    // decided so, and its import takes 17% fewer instructions; the other two are the models
    // that order a branch's two targets.
    std::optional<bool> decided_at_sight(const z3::expr& reduced) {
        const std::optional<bool> out = chc::decided_at_sight(reduced, sight_);
        if (out) ++at_sight_;
        return out;
    }

    // Whether `asserted` can hold: at sight, or by Z3.
    z3::check_result decide(const z3::expr_vector& asserted) {
        if (std::optional<bool> seen = decided_at_sight(z3::mk_and(asserted))) {
            return *seen ? z3::sat : z3::unsat;
        }
        return check();
    }

    // The valuations of clause k's target that can follow valuation `from_val` of its
    // source (-1: the source has no points).
    bool visit(std::size_t k, int from_val) {
        const ClauseShape& c = clauses_[k];
        z3::expr_vector asserted(ctx_);
        if (from_val < 0) {
            // Folded and propagated as with_source does (`(= b true)` is the unit `b`).
            asserted.push_back(unit_propagate(substitute_folded(c.constraint, z3::expr_vector(ctx_), z3::expr_vector(ctx_))));
        } else {
            const Pred& p = preds_.at(c.from->decl().id());
            asserted = with_source(k, p.positions, p.valuations[static_cast<std::size_t>(from_val)]);
        }
        // Put on the solver at the first check of this step that needs it (on_solver).
        now_ = &asserted;
        level_ = false;
        struct Leave {
            Analysis& a;
            ~Leave() {
                if (a.level_) a.solver_.pop();
                a.level_ = false;
                a.now_ = nullptr;
            }
        } leave{*this};
        // Target flags that nothing constrains take every value: 2^n valuations. More than
        // a predicate may have, and its flags are given up now, not after a check for each.
        std::set<unsigned> free;
        if (Pred* to = points_of(c.to); to != nullptr) {
            free = free_flags(c, *to, asserted);
            const std::size_t every_value = std::size_t{1} << std::min<std::size_t>(free.size(), 30);
            if (every_value > limits_.max_points) {
                return give_up(*to, fmt::format("some of them take every value whatever the rest, more "
                                                "valuations than the {} a predicate may have", limits_.max_points));
            }
        }
        return targets(k, from_val, asserted, free);
    }

    // Clause k's constraint with its source's flags at `values`, as assertions: the flags
    // that are variables substituted and the Boolean structure folded, then their values
    // asserted (a target may pass one on). Equivalent to the constraint and the flags'
    // equations, but the part that can hold from there is all Z3 is given: the constraint
    // of a `vmt` problem is its whole transition relation, an implication per location,
    // and asserting all of it again for each valuation cost more than the check. Kept per
    // clause and valuation (a pass may be repeated with fewer flags).
    const z3::expr_vector& with_source(std::size_t k, const std::vector<unsigned>& positions,
                                      const std::vector<bool>& values) {
        auto key = std::make_pair(k, values);
        auto found = with_source_.find(key);
        if (found != with_source_.end()) return found->second;
        const ClauseShape& c = clauses_[k];
        z3::expr_vector vars(ctx_);
        z3::expr_vector vals(ctx_);
        z3::expr constraint = holding_part(k, positions, values);
        z3::expr_vector out(ctx_);
        for (std::size_t i = 0; i < positions.size(); ++i) {
            z3::expr arg = c.from->arg(positions[i]);
            z3::expr val = ctx_.bool_val(values[i]);
            if (arg.is_const() && arg.decl().decl_kind() == Z3_OP_UNINTERPRETED) {
                vars.push_back(arg);
                vals.push_back(val);
            } else {
                constraint = constraint && arg == val;
            }
            out.push_back(values[i] ? arg : !arg);  // a unit (unit_propagate, fixed_target)
        }
        auto [folder, fresh] = folders_.try_emplace(std::make_pair(k, positions));
        if (fresh) folder->second = std::make_unique<FlagFolder>(vars);
        out.push_back(unit_propagate(folder->second->fold(constraint, vals)));
        return with_source_.emplace(key, out).first->second;
    }

    // `free`: the target flags that take every value (2^n valuations follow each model).
    bool targets(std::size_t k, int from_val, const z3::expr_vector& asserted, const std::set<unsigned>& free) {
        const ClauseShape& c = clauses_[k];
        Pred* to = points_of(c.to);
        if (to == nullptr) {
            if (over_budget()) return false;
            if (may_hold(k, from_val, asserted) != z3::unsat) {
                steps_[k].emplace_back(from_val, -1);
                return successor(k, from_val, -1);
            }
            return true;
        }
        // A step that sets each flag of its target (a branch's or a statement's): the one
        // valuation it can reach is read off the clause, and whether it can hold is one check
        // (often one made already, from another valuation), not a model and a check that no
        // other valuation follows.
        if (std::optional<std::vector<bool>> w = fixed_target(c, *to, asserted)) {
            if (over_budget()) return false;
            const z3::check_result r = may_hold(k, from_val, asserted);
            if (r == z3::unsat) return true;
            if (r == z3::unknown) return give_up(*to, "Z3 did not decide a check within its bound");
            return reached(k, from_val, c, *to, *w);
        }
        std::size_t found = 0;  // target valuations that follow this source valuation
        auto assumed_of = [&](const std::vector<bool>& w) {
            z3::expr_vector assumed(ctx_);
            for (std::size_t i = 0; i < w.size(); ++i) {
                const z3::expr a = c.to->arg(to->positions[i]);
                if (truth_value(a) == Z3_L_UNDEF) assumed.push_back(w[i] ? a : !a);
            }
            return assumed;
        };
        // The valuations the clause's cases allow (a branch: two). Each is asked at sight
        // first, with its values assumed (they decide the branch's guard and its
        // definitions): one that cannot hold goes at once, and one that holds needs no check.
        // (The cases differ in the flags' values only: the rest is folded once for all.)
        std::map<std::vector<bool>, std::uint64_t> first_case;
        std::optional<std::set<std::vector<bool>>> left = target_cases(c, *to, asserted, first_case);
        std::set<std::vector<bool>> seen_to_hold;
        if (left) {
            UnitPropagator propagator(z3::mk_and(asserted));
            for (auto w = left->begin(); w != left->end();) {
                const std::optional<bool> seen = decided_at_sight(propagator.under(assumed_of(*w)));
                if (seen && !*seen) {
                    w = left->erase(w);
                    continue;
                }
                if (seen) seen_to_hold.insert(*w);
                ++w;
            }
        }
        // Free target flags alone make more valuations follow than a branch or a few threads
        // have, once the step can be taken: data, given up without the check that it can
        // (Lustre's inputs, from the facts: that check was all Z3 was asked by 35 imports).
        if ((std::size_t{1} << std::min<std::size_t>(free.size(), 30)) > max_fan_out && !(left && left->empty())) {
            if (decided_at_sight(z3::mk_and(asserted)) == std::optional<bool>(false)) return true;
            return give_up(*to, fan_out_reason());
        }
        // The cases are known: each valuation left follows when it is seen to at sight (a
        // branch whose two sides each hold by variables of their own: no check, no model; a
        // model was all Z3 was asked for on ctigar up-nested.c), or when a check with its
        // values assumed says it can. A check each, not a check and a model each and a last
        // check that nothing else follows: a model costs Z3 more than a check (conc
        // szymanski's import asked for 96, 24 M instructions of Z3's). They are taken in the
        // order Z3's models gave them, which the points, and the search, follow: a solver
        // decides a branch's condition false first (`(<= 10 i)` false: the loop's body before
        // its exit), so the case whose conditions are false comes first.
        if (left) {
            std::vector<std::vector<bool>> ordered(left->begin(), left->end());
            std::stable_sort(ordered.begin(), ordered.end(), [&](const std::vector<bool>& a, const std::vector<bool>& b) {
                return first_case.at(a) < first_case.at(b);
            });
            for (const std::vector<bool>& w : ordered) {
                if (over_budget()) return false;
                const z3::check_result r = seen_to_hold.count(w) > 0 ? z3::sat : check(assumed_of(w));
                if (r == z3::unsat) continue;
                if (r == z3::unknown) return give_up(*to, "Z3 did not decide a check within its bound");
                if (++found > max_fan_out) return give_up(*to, fan_out_reason());
                if (!reached(k, from_val, c, *to, w)) return false;
            }
            return true;
        }
        // Otherwise the models below find them, in the order Z3 gives.
        for (;;) {
            if (over_budget()) return false;
            z3::check_result r = check();
            if (r == z3::unsat) return true;
            if (r == z3::unknown) return give_up(*to, "Z3 did not decide a check within its bound");
            // Once the step can be taken, as many valuations follow as its free target flags
            // can take: more than max_fan_out, and the flags are data without a model for each
            // (the flags of a Lustre node's inputs: 36 of the 63 problems where the loop below
            // gave up, after 17 checks and 16 models, a fifth of DRAGON_7's import).
            if ((std::size_t{1} << std::min<std::size_t>(free.size(), 30)) > max_fan_out) {
                return give_up(*to, fan_out_reason());
            }
            z3::model m = solver_.get_model();
            ++models_;
            std::vector<bool> w;
            z3::expr_vector other(ctx_);  // the next model differs in some flag
            for (unsigned pos : to->positions) {
                z3::expr a = c.to->arg(pos);
                // A variable's value is read from the model (false when it has none: any
                // value will do); a term is evaluated, which costs more.
                bool b = false;
                if (a.is_const() && a.decl().decl_kind() == Z3_OP_UNINTERPRETED) {
                    if (m.has_interp(a.decl())) b = m.get_const_interp(a.decl()).is_true();
                } else {
                    b = m.eval(a, true).is_true();
                }
                w.push_back(b);
                other.push_back(b ? !a : a);
            }
            if (++found > max_fan_out) return give_up(*to, fan_out_reason());
            if (!reached(k, from_val, c, *to, w)) return false;
            solver_.add(z3::mk_or(other));
        }
    }

    // Notes that valuation w of clause k's target follows valuation `from_val` of its source.
    bool reached(std::size_t k, int from_val, const ClauseShape& c, Pred& to, const std::vector<bool>& w) {
        int wi = valuation(c.to->decl().id(), to, w);
        if (wi < 0) {
            return give_up(to, fmt::format("more than {} valuations can be reached", limits_.max_points));
        }
        if (++step_count_ > limits_.max_steps) {
            return give_up(to, fmt::format("more than {} steps between valuations", limits_.max_steps));
        }
        steps_[k].emplace_back(from_val, wi);
        return successor(k, from_val, wi);
    }

    // The values of the target's flags when `asserted` fixes each of them: a flag written
    // as `true` or `false`, or a variable that a unit conjunct of `asserted` gives a value
    // (`B`, `not B`, `B = true`; a source flag's value is asserted so). Nothing when one is
    // left open.
    std::optional<std::vector<bool>> fixed_target(const ClauseShape& c, const Pred& to,
                                                  const z3::expr_vector& asserted) const {
        std::map<unsigned, bool> literal;  // variable's ast id -> the value a conjunct gives it
        std::vector<z3::expr> parts;
        for (const z3::expr& e : asserted) flatten_and(e, parts);
        for (const z3::expr& part : parts) {
            std::optional<std::pair<z3::expr, z3::expr>> u = unit_of(part);
            if (u && u->first.is_bool()) literal.emplace(u->first.id(), truth_value(u->second) == Z3_L_TRUE);
        }
        std::vector<bool> w;
        for (unsigned pos : to.positions) {
            const z3::expr a = c.to->arg(pos);
            if (const Z3_lbool v = truth_value(a); v != Z3_L_UNDEF) {
                w.push_back(v == Z3_L_TRUE);
                continue;
            }
            auto found = literal.find(a.id());
            if (found == literal.end()) return std::nullopt;
            w.push_back(found->second);
        }
        return w;
    }

    // The valuations of the target's flags that `asserted` allows by its form alone: its
    // Boolean structure read as a disjunction of cases (cubes), each giving some atoms a
    // value, the cases that give an atom both dropped. Every model satisfies a case, so its
    // valuation is among those of the cases. Only the target's flags and the atoms that
    // occur both ways (a branch's condition) are kept in a case: the others cannot make one
    // contradict itself. A flag a case leaves open takes both values there: a free flag,
    // or one the case's atoms do not decide (`B = (x > y)` is an atom of its own, and which
    // value of B can hold is the checks' to say, one each, as for the cases). Nothing when
    // a flag is a term, or the cases, the atoms kept or the valuations are too many to be
    // worth it (more than max_cases).
    // `first_case` gets, for each valuation, the values its first case gives the conditions
    // (the atoms kept that are not target flags; one not given counts as false), to order
    // the valuations as a solver deciding each condition false first would find them.
    std::optional<std::set<std::vector<bool>>> target_cases(const ClauseShape& c, const Pred& to,
                                                            const z3::expr_vector& asserted,
                                                            std::map<std::vector<bool>, std::uint64_t>& first_case) const {
        CaseAtoms atoms;
        for (unsigned pos : to.positions) {
            const z3::expr a = c.to->arg(pos);
            if (truth_value(a) != Z3_L_UNDEF) continue;
            if (!a.is_const() || a.decl().decl_kind() != Z3_OP_UNINTERPRETED) return std::nullopt;
            atoms.both_ways.insert(a.id());
        }
        std::size_t budget = max_case_nodes;
        for (const z3::expr& e : asserted) {
            if (!atoms.note(ctx_, e, true, budget)) return std::nullopt;
        }
        if (!atoms.number()) return std::nullopt;
        Cubes all{Cube{}};
        budget = max_case_nodes;
        for (const z3::expr& e : asserted) {
            const std::optional<Cubes> part = cubes(ctx_, e, true, atoms, budget);
            if (!part) return std::nullopt;
            std::optional<Cubes> joined = product(all, *part);
            if (!joined) return std::nullopt;
            all = std::move(*joined);
        }
        std::uint64_t conditions = 0;  // the bits of the atoms kept that are not target flags
        {
            std::set<unsigned> flags;
            for (unsigned pos : to.positions) flags.insert(c.to->arg(pos).id());
            for (const auto& [atom, bit] : atoms.index) {
                if (flags.count(atom) == 0) conditions |= std::uint64_t{1} << bit;
            }
        }
        // (The conditions' values in the order of their atoms' ids, the first most significant.)
        auto conditions_key = [&](const Cube& cube) {
            std::uint64_t key = 0;
            for (const auto& [atom, bit] : atoms.index) {
                const std::uint64_t b = std::uint64_t{1} << bit;
                if ((conditions & b) != 0) key = (key << 1) | ((cube.set & cube.value & b) != 0 ? 1 : 0);
            }
            return key;
        };
        // Each target flag: its value when it is written `true` or `false`, else the bit of
        // its atom.
        struct Flag {
            Z3_lbool value = Z3_L_UNDEF;
            std::uint64_t bit = 0;
        };
        std::vector<Flag> flags;
        for (unsigned pos : to.positions) {
            const z3::expr a = c.to->arg(pos);
            Flag f;
            f.value = truth_value(a);
            if (f.value == Z3_L_UNDEF) f.bit = std::uint64_t{1} << atoms.index.at(a.id());
            flags.push_back(f);
        }
        std::set<std::vector<bool>> out;
        for (const Cube& cube : all) {
            const std::uint64_t key = conditions_key(cube);
            std::vector<bool> w;
            std::vector<std::size_t> open;  // the places of the flags it leaves open in w
            for (const Flag& f : flags) {
                if (f.value != Z3_L_UNDEF) {
                    w.push_back(f.value == Z3_L_TRUE);
                    continue;
                }
                if ((cube.set & f.bit) == 0) open.push_back(w.size());
                w.push_back((cube.value & f.bit) != 0);
            }
            if ((std::size_t{1} << std::min<std::size_t>(open.size(), 30)) > max_cases) return std::nullopt;
            for (std::size_t values = 0; values < (std::size_t{1} << open.size()); ++values) {
                for (std::size_t i = 0; i < open.size(); ++i) w[open[i]] = ((values >> i) & 1) != 0;
                out.insert(w);
                if (out.size() > max_cases) return std::nullopt;
                auto [it, fresh] = first_case.try_emplace(w, key);
                if (!fresh) it->second = std::min(it->second, key);
            }
        }
        return out;
    }

    // A case: the atoms it gives a value (bits by CaseAtoms::index), and their values.
    struct Cube {
        std::uint64_t set = 0;
        std::uint64_t value = 0;
        bool operator<(const Cube& o) const { return std::tie(set, value) < std::tie(o.set, o.value); }
        bool operator==(const Cube& o) const { return set == o.set && value == o.value; }
    };
    using Cubes = std::vector<Cube>;
    static constexpr std::size_t max_cases = 32;
    static constexpr std::size_t max_case_nodes = 4000;

    // What a case reader sees of a term: its connective (Z3_OP_AND, Z3_OP_OR, Z3_OP_NOT,
    // Z3_OP_TRUE, Z3_OP_FALSE) or anything else (Z3_OP_UNINTERPRETED for every other term).
    // Raw Z3 calls, without the C++ API's reference counting: the terms are read many
    // times (a step from each valuation), and each is held by the clause meanwhile.
    static Z3_decl_kind connective(Z3_context ctx, Z3_ast e) {
        if (Z3_get_ast_kind(ctx, e) != Z3_APP_AST) return Z3_OP_UNINTERPRETED;
        const Z3_decl_kind k = Z3_get_decl_kind(ctx, Z3_get_app_decl(ctx, Z3_to_app(ctx, e)));
        switch (k) {
        case Z3_OP_AND:
        case Z3_OP_OR:
        case Z3_OP_NOT:
        case Z3_OP_TRUE:
        case Z3_OP_FALSE:
        case Z3_OP_EQ: return k;
        default: return Z3_OP_UNINTERPRETED;
        }
    }
    static Z3_ast arg(Z3_context ctx, Z3_ast e, unsigned i) { return Z3_get_app_arg(ctx, Z3_to_app(ctx, e), i); }
    static unsigned args(Z3_context ctx, Z3_ast e) { return Z3_get_app_num_args(ctx, Z3_to_app(ctx, e)); }

    // The atom of a literal that is not a connective or a constant, by ast id: `b` of
    // `b = true` (with the value it gives b), or the literal itself.
    static std::pair<unsigned, bool> atom_of(Z3_context ctx, Z3_ast e, bool positive) {
        if (connective(ctx, e) == Z3_OP_EQ) {
            for (unsigned i = 0; i < 2; ++i) {
                const Z3_decl_kind side = connective(ctx, arg(ctx, e, i));
                const Z3_ast other = arg(ctx, e, 1 - i);
                if ((side == Z3_OP_TRUE || side == Z3_OP_FALSE) &&
                    connective(ctx, other) == Z3_OP_UNINTERPRETED && Z3_is_eq_sort(ctx, Z3_get_sort(ctx, other), Z3_get_sort(ctx, e))) {
                    return {Z3_get_ast_id(ctx, other), (side == Z3_OP_TRUE) == positive};
                }
            }
        }
        return {Z3_get_ast_id(ctx, e), positive};
    }

    // The atoms a case keeps: the target's flags and those that occur both ways.
    struct CaseAtoms {
        std::set<unsigned> both_ways;
        std::map<unsigned, int> ways;  // atom -> 1 positive, 2 negative, 3 both
        std::map<unsigned, unsigned> index;  // kept atom -> its bit

        bool note(Z3_context ctx, Z3_ast e, bool positive, std::size_t& budget) {
            if (budget == 0) return false;
            --budget;
            switch (connective(ctx, e)) {
            case Z3_OP_TRUE:
            case Z3_OP_FALSE: return true;
            case Z3_OP_NOT: return note(ctx, arg(ctx, e, 0), !positive, budget);
            case Z3_OP_AND:
            case Z3_OP_OR:
                for (unsigned i = 0, n = args(ctx, e); i < n; ++i) {
                    if (!note(ctx, arg(ctx, e, i), positive, budget)) return false;
                }
                return true;
            default: {
                const auto [atom, value] = atom_of(ctx, e, positive);
                if ((ways[atom] |= value ? 1 : 2) == 3) both_ways.insert(atom);
                return true;
            }
            }
        }
        bool number() {
            if (both_ways.size() > 64) return false;
            for (unsigned id : both_ways) index.emplace(id, static_cast<unsigned>(index.size()));
            return true;
        }
    };

    // The cases of `e` (of its negation, when `positive` is false).
    static std::optional<Cubes> cubes(Z3_context ctx, Z3_ast e, bool positive, const CaseAtoms& atoms,
                                      std::size_t& budget) {
        if (budget == 0) return std::nullopt;
        --budget;
        const Z3_decl_kind k = connective(ctx, e);
        if (k == Z3_OP_TRUE || k == Z3_OP_FALSE) return (k == Z3_OP_TRUE) == positive ? Cubes{Cube{}} : Cubes{};
        if (k == Z3_OP_NOT) return cubes(ctx, arg(ctx, e, 0), !positive, atoms, budget);
        if (k == Z3_OP_AND || k == Z3_OP_OR) {
            // A conjunction's cases are the products of its parts' (of a negated
            // disjunction's, of its negated parts'); a disjunction's, their union.
            const bool product_of_parts = (k == Z3_OP_AND) == positive;
            Cubes out = product_of_parts ? Cubes{Cube{}} : Cubes{};
            for (unsigned i = 0, n = args(ctx, e); i < n; ++i) {
                std::optional<Cubes> part = cubes(ctx, arg(ctx, e, i), positive, atoms, budget);
                if (!part) return std::nullopt;
                if (product_of_parts) {
                    if (!(part = product(out, *part))) return std::nullopt;
                    out = std::move(*part);
                } else {
                    out.insert(out.end(), part->begin(), part->end());
                    if (!distinct_within_limit(out)) return std::nullopt;
                }
            }
            return out;
        }
        const auto [atom, value] = atom_of(ctx, e, positive);
        auto kept = atoms.index.find(atom);
        if (kept == atoms.index.end()) return Cubes{Cube{}};  // true as far as the cases go
        const std::uint64_t bit = std::uint64_t{1} << kept->second;
        return Cubes{Cube{bit, value ? bit : 0}};
    }

    // Drops repeated cases; false when more than max_cases are left.
    static bool distinct_within_limit(Cubes& cs) {
        std::sort(cs.begin(), cs.end());
        cs.erase(std::unique(cs.begin(), cs.end()), cs.end());
        return cs.size() <= max_cases;
    }

    // The cases of a conjunction of `a` and `b`: a case of each, when they agree.
    static std::optional<Cubes> product(const Cubes& a, const Cubes& b) {
        Cubes out;
        for (const Cube& x : a) {
            for (const Cube& y : b) {
                if ((x.set & y.set & (x.value ^ y.value)) != 0) continue;
                out.push_back(Cube{x.set | y.set, x.value | y.value});
            }
        }
        if (!distinct_within_limit(out)) return std::nullopt;
        return out;
    }

    // Whether clause k can hold from valuation `from_val` of its source, `asserted` on the
    // solver. When its source flags are distinct variables, the rest of `asserted` is the
    // constraint with their values substituted, which speaks of them no more: whether it
    // holds is the same from every valuation that leaves the same constraint, and is asked
    // once.
    z3::check_result may_hold(std::size_t k, int from_val, const z3::expr_vector& asserted) {
        if (from_val < 0 || !distinct_source_flags(k)) return decide(asserted);
        const unsigned rest = asserted[asserted.size() - 1].id();
        auto [it, fresh] = holds_.try_emplace(std::make_pair(k, rest), z3::unknown);
        if (fresh) it->second = decide(asserted);
        return it->second;
    }

    // Whether clause k's source flags are distinct variables (each flag's equation in
    // with_source then holds whatever the others say).
    bool distinct_source_flags(std::size_t k) {
        auto [it, fresh] = distinct_flags_.try_emplace(k, true);
        if (!fresh) return it->second;
        const ClauseShape& c = clauses_[k];
        std::set<unsigned> seen;
        for (unsigned pos : preds_.at(c.from->decl().id()).positions) {
            const z3::expr a = c.from->arg(pos);
            if (!a.is_const() || a.decl().decl_kind() != Z3_OP_UNINTERPRETED || !seen.insert(a.id()).second) {
                it->second = false;
            }
        }
        return it->second;
    }

    // Notes a successor of clause k's source valuation. Once a predicate's valuations have
    // more successors than max_mean_successors times the most valuations it may have, its
    // flags are data whatever the rest of the pass finds (drop_data_flags would drop them):
    // they are given up at once, rather than after enumerating every successor (the flags
    // of a Lustre program, its inputs and streams, have hundreds).
    bool successor(std::size_t k, int from_val, int to_val) {
        const ClauseShape& c = clauses_[k];
        Pred* from = points_of(c.from);
        if (from == nullptr) return true;
        const unsigned to = c.to ? c.to->decl().id() : 0;
        auto& seen = successors_[c.from->decl().id()];
        seen.emplace(from_val, to, to_val);
        if (static_cast<double>(seen.size()) > max_mean_successors * static_cast<double>(limits_.max_points)) {
            return give_up(*from, data_flags);
        }
        return true;
    }

    static bool give_up(Pred& p, const std::string& why) {
        if (p.why.empty()) p.why = why;
        p.enabled = false;
        return false;
    }

    // The index of valuation w of a predicate, added (and queued) when new; -1 when the
    // predicate has too many.
    int valuation(unsigned id, Pred& p, const std::vector<bool>& w) {
        auto found = p.index.find(w);
        if (found != p.index.end()) return found->second;
        if (p.valuations.size() >= limits_.max_points) return -1;
        int i = static_cast<int>(p.valuations.size());
        p.valuations.push_back(w);
        p.index.emplace(w, i);
        work_.emplace_back(id, i);
        return i;
    }

    // The distinct target flags of clause c that are variables occurring nowhere else: not
    // in `asserted`, not in the source's arguments, not twice among the target's.
    std::set<unsigned> free_flags(const ClauseShape& c, const Pred& to, const z3::expr_vector& asserted) const {
        // Through Z3's C API (the terms are held by `asserted` and the clause meanwhile): the
        // walk reads every node of a step's constraint, once per source valuation.
        const Z3_context x = ctx_;
        auto args = [&](Z3_ast e) {  // an application's (a number's: none), or -1
            const Z3_ast_kind k = Z3_get_ast_kind(x, e);
            if (k != Z3_APP_AST && k != Z3_NUMERAL_AST) return -1;
            return static_cast<int>(Z3_get_app_num_args(x, Z3_to_app(x, e)));
        };
        // (Sets as sorted vectors, and the nodes seen marked in a table by ast id kept from
        // call to call: the nodes of a set or a map for each constant, at each valuation,
        // were most of the walk's work.)
        std::vector<unsigned> outside;  // the target's arguments that are leaves: their ids, once per occurrence
        std::vector<Z3_ast>& todo = free_todo_;
        todo.clear();
        for (const z3::expr& e : asserted) todo.push_back(e);
        if (c.from) todo.push_back(*c.from);
        std::vector<bool>& seen = free_seen_;
        std::vector<unsigned>& marked = free_marked_;
        marked.clear();
        std::vector<unsigned> bound;  // constants in `asserted` or the source's arguments
        while (!todo.empty()) {
            const Z3_ast e = todo.back();
            todo.pop_back();
            const unsigned id = Z3_get_ast_id(x, e);
            if (id >= seen.size()) seen.resize(std::max<std::size_t>(id + 1, 2 * seen.size()), false);
            if (seen[id]) continue;
            seen[id] = true;
            marked.push_back(id);
            const int n = args(e);
            if (n == 0) bound.push_back(id);
            for (int i = 0; i < n; ++i) todo.push_back(Z3_get_app_arg(x, Z3_to_app(x, e), static_cast<unsigned>(i)));
        }
        for (const unsigned id : marked) seen[id] = false;
        const Z3_app target = Z3_to_app(x, *c.to);
        for (unsigned i = 0, count = Z3_get_app_num_args(x, target); i < count; ++i) {
            const Z3_ast a = Z3_get_app_arg(x, target, i);
            if (args(a) == 0) {
                outside.push_back(Z3_get_ast_id(x, a));
            } else {
                todo.assign(1, a);  // a term's constants are not free
                while (!todo.empty()) {
                    const Z3_ast t = todo.back();
                    todo.pop_back();
                    const int n = args(t);
                    if (n == 0) bound.push_back(Z3_get_ast_id(x, t));
                    for (int j = 0; j < n; ++j) todo.push_back(Z3_get_app_arg(x, Z3_to_app(x, t), static_cast<unsigned>(j)));
                }
            }
        }
        std::sort(bound.begin(), bound.end());
        std::set<unsigned> free;
        for (unsigned pos : to.positions) {
            const Z3_ast a = Z3_get_app_arg(x, target, pos);
            const unsigned id = Z3_get_ast_id(x, a);
            if (args(a) == 0 && Z3_get_decl_kind(x, Z3_get_app_decl(x, Z3_to_app(x, a))) == Z3_OP_UNINTERPRETED &&
                !std::binary_search(bound.begin(), bound.end(), id) &&
                std::count(outside.begin(), outside.end(), id) == 1) {
                free.insert(id);
            }
        }
        return free;
    }

    // A conjunct of a clause's constraint, and the source flags whose value makes it true
    // by one of its disjuncts: (position among the flags, the value).
    struct Conjunct {
        z3::expr formula;
        std::vector<std::pair<std::size_t, bool>> true_when;
    };

    // The conjuncts of clause k's constraint that `values` of its source's flags (at
    // `positions`) do not make true: the part that folding would leave. A `vmt` transition
    // relation is a conjunction of one implication per location; from one location all
    // but one or two are true by a flag, and are not walked again.
    z3::expr holding_part(std::size_t k, const std::vector<unsigned>& positions, const std::vector<bool>& values) {
        auto [it, fresh] = conjuncts_.try_emplace(std::make_pair(k, positions));
        std::vector<Conjunct>& conjuncts = it->second;
        const ClauseShape& c = clauses_[k];
        if (fresh) {
            std::map<unsigned, std::size_t> flag_at;  // variable's ast id -> flag
            for (std::size_t i = 0; i < positions.size(); ++i) {
                z3::expr arg = c.from->arg(positions[i]);
                if (arg.is_const() && arg.decl().decl_kind() == Z3_OP_UNINTERPRETED) flag_at.emplace(arg.id(), i);
            }
            std::vector<z3::expr> parts;
            flatten_and(c.constraint, parts);
            for (const z3::expr& part : parts) {
                Conjunct conj{part, {}};
                std::vector<z3::expr> disjuncts{part};
                if (part.is_or()) {
                    disjuncts.clear();
                    for (unsigned j = 0; j < part.num_args(); ++j) disjuncts.push_back(part.arg(j));
                }
                for (const z3::expr& d : disjuncts) {
                    const bool negated = d.is_not();
                    const z3::expr atom = negated ? d.arg(0) : d;
                    auto flag = flag_at.find(atom.id());
                    if (flag != flag_at.end()) conj.true_when.emplace_back(flag->second, !negated);
                }
                conjuncts.push_back(std::move(conj));
            }
        }
        // (The conjuncts left gathered as Z3 terms, held by `conjuncts`, and joined by Z3's
        // C API: an expr_vector's push is a call into Z3 and a reference for each.)
        std::vector<Z3_ast>& left = left_;
        left.clear();
        for (const Conjunct& conj : conjuncts) {
            const bool holds = std::any_of(conj.true_when.begin(), conj.true_when.end(),
                                           [&](const auto& tw) { return values[tw.first] == tw.second; });
            if (!holds) left.push_back(conj.formula);
        }
        if (left.size() == 1) return z3::expr(ctx_, left[0]);
        const Z3_ast all = Z3_mk_and(ctx_, static_cast<unsigned>(left.size()), left.data());
        ctx_.check_error();
        return z3::expr(ctx_, all);
    }

    const std::vector<ClauseShape>& clauses_;
    z3::context& ctx_;
    ControlLimits limits_;
    z3::solver& solver_;
    std::map<unsigned, Pred> preds_;
    std::map<unsigned, std::vector<std::size_t>> by_from_;
    std::vector<std::vector<std::pair<int, int>>> steps_;
    std::map<unsigned, std::set<std::tuple<int, unsigned, int>>> successors_;  // by source predicate
    std::size_t step_count_ = 0;
    std::deque<std::pair<unsigned, int>> work_;
    std::size_t checks_ = 0;
    std::size_t models_ = 0;
    std::size_t at_sight_ = 0;
    const z3::expr_vector* now_ = nullptr;  // what the step visit() is at asserts
    std::vector<Z3_ast> left_;                // holding_part()'s, kept for its capacity
    // free_flags()'s walk, kept for their capacity: its stack, the nodes it has seen (by ast
    // id, all false between calls), and the ids it marked.
    mutable std::vector<Z3_ast> free_todo_;
    mutable std::vector<bool> free_seen_;
    mutable std::vector<unsigned> free_marked_;
    bool level_ = false;                    // whether it is on the solver, at a level of its own
    // What decided_at_sight read of each conjunct: the steps from one location share their
    // definitions.
    SightConjuncts sight_;
    std::map<std::pair<std::size_t, std::vector<bool>>, z3::expr_vector> with_source_;
    std::map<std::pair<std::size_t, std::vector<unsigned>>, std::vector<Conjunct>> conjuncts_;
    // By clause and flag positions: the source flags that are variables are the same for
    // every valuation, and what holds none of them is folded once.
    std::map<std::pair<std::size_t, std::vector<unsigned>>, std::unique_ptr<FlagFolder>> folders_;
    std::map<std::pair<std::size_t, unsigned>, z3::check_result> holds_;  // may_hold's answers
    std::map<std::size_t, bool> distinct_flags_;
    std::chrono::steady_clock::time_point start_;
};

}  // namespace

Control recover_control(const std::vector<ClauseShape>& clauses, z3::solver& solver,
                        const ControlLimits& limits) {
    return Analysis(clauses, solver, limits).run();
}

}  // namespace clpi::chc
