// Property-directed reachability (pdr.hpp). The solver holds, for good:
//   init    -> the query's states, over the query point's variables $i (frame 0 there)
//   e       -> one step along edge e = (p, q): the disjunction of the rules from p to q, over
//              p's variables $i and q's next-state constants q'i
//   bad_p   -> an error rule of p fires, over p's $i
//   a(p, k) -> a lemma of p at level k (added again at k + 1 when it is pushed)
// and a check names what holds for it: one edge, the frame of its source at some level
// (every a(p, j), j >= k), and a cube (a conjunction of literals) by one proposition per
// literal, so that the unsat core says which literals the blocking needed. Those
// propositions (proxies) are made once per literal and kept, with no scope opened and
// closed per check, so that what Z3 learns stays; past a few thousand of them, the solver is
// made afresh from the facts above.
//
// A predecessor is projected from the implicant of the step that the model picks (one
// disjunct of the rules, the branch of each ite), so that an obligation is a conjunction of
// comparisons over the earlier state, which generalization can weaken literal by literal.
#include "engine/pdr.hpp"

#include <algorithm>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <queue>

#include <fmt/format.h>

#include "clpi/engine.hpp"
#include "engine/counterexample.hpp"
#include "engine/limits.hpp"
#include "engine/point_names.hpp"
#include "engine/reduce.hpp"
#include "engine/watchdog.hpp"
#include "solver/assuming_solver.hpp"
#include "solver/solver.hpp"

namespace clpi::engine {

namespace {

using solver::Answer;

struct Stopped {
    std::string why;
};

class Pdr {
public:
    Pdr(const Program& program, std::function<bool()> over, PdrResult& result)
        : program_(program), over_(std::move(over)), result_(result), a_(s_) {}

    solver::Solver& solver() { return s_; }

    // False (with result_.ended) when the program is out of reach (arrays).
    bool encode() {
        const std::size_t n = program_.points.size();
        types_.resize(n);
        pre_.resize(n);
        post_.resize(n);
        into_.resize(n);
        bad_.resize(n);
        for (PointId p = 0; p < n; ++p) {
            types_[p] = state_types(program_, p);
            for (std::size_t i = 0; i < types_[p].size(); ++i) {
                if (types_[p][i] == Type::array) {
                    result_.ended = "arrays are not supported";
                    return false;
                }
                pre_[p].push_back(s_.point_var(static_cast<std::uint32_t>(i), types_[p][i]));
            }
        }
        query_point_ = program_.query.point;
        Transition t0 = start(s_, program_);
        std::vector<Term> init = t0.constraints;
        for (std::size_t i = 0; i < t0.next_state.size(); ++i) init.push_back(s_.equal(pre_[query_point_][i], t0.next_state[i]));
        init_ = select("init", s_.conjunction(init));

        std::map<std::pair<PointId, PointId>, std::vector<Term>> steps;
        std::vector<std::vector<Term>> errors(n);
        for (std::uint32_t r = 0; r < program_.rules.size(); ++r) {
            const Rule& rule = program_.rules[r];
            if (rule.head_point == no_point) continue;
            const bool error = leads_to_error(rule);
            if (!error && rule.body_kind != BodyKind::atom) continue;  // ends normally
            Transition t = apply_rule(s_, program_, r, pre_[rule.head_point]);
            std::vector<Term> parts = t.constraints;
            if (error) {
                errors[rule.head_point].push_back(s_.substitute_definitions(s_.conjunction(parts), t.fresh));
                continue;
            }
            const PointId q = rule.body_point;
            const std::vector<Term>& next = post(q);
            for (std::size_t i = 0; i < next.size(); ++i) parts.push_back(s_.equal(next[i], t.next_state[i]));
            // The rule's own variables that its equations define, substituted: a CHC clause
            // names every intermediate value, and the solver would carry them all.
            steps[{rule.head_point, q}].push_back(s_.substitute_definitions(s_.conjunction(parts), t.fresh));
        }
        for (auto& [pq, rules] : steps) {
            Edge e{pq.first, pq.second, 0, s_.disjunction(rules)};
            e.select = select(fmt::format("edge{}-{}", pq.first, pq.second), e.formula);
            into_[pq.second].push_back(edges_.size());
            edges_.push_back(e);
        }
        for (PointId p = 0; p < n; ++p) {
            if (errors[p].empty()) continue;
            Term f = s_.disjunction(errors[p]);
            bad_[p] = std::make_pair(select(fmt::format("bad{}", p), f), f);
        }
        return true;
    }

    void run() {
        for (top_ = 1;; ++top_) {
            if (top_ > max_level_) throw Stopped{fmt::format("level limit {}", max_level_)};
            result_.level = top_;
            for (PointId p = 0; p < bad_.size(); ++p) {
                if (!bad_[p]) continue;
                for (;;) {
                    check_limits();
                    std::vector<Term> assume{bad_[p]->first};
                    frame(p, top_, assume);
                    Answer a = check(assume);
                    if (a == Answer::unsat) break;
                    std::vector<Term> cube = predecessor_cube(p, bad_[p]->second);
                    if (!block(Obligation{p, std::move(cube), top_, 1, nullptr})) return;  // unsafe
                }
            }
            if (propagate()) return;  // safe
        }
    }

    void set_max_level(std::uint32_t m) { max_level_ = m; }

    // After run() reached the query's states: the path it traced, from a state of the
    // query through each obligation's states to an error, made a replayed counterexample.
    // Each step exists: an obligation's cube is an under-approximation (by model-based
    // projection) of the states with a step into the next one's cube, and the first cube
    // meets the query's states. Nothing when a step is not found after all.
    std::optional<Counterexample> counterexample() {
        if (!reached_) return std::nullopt;
        std::vector<const Obligation*> chain;
        for (const Obligation* o = &*reached_; o; o = o->next.get()) chain.push_back(o);
        // The path so far stays asserted: one scope per step taken, all closed at the end.
        std::size_t scopes = 1;
        s_.push();
        auto close = [&] {
            for (; scopes > 0; --scopes) s_.pop();
        };
        auto assert_cube = [&](const Obligation& o, const std::vector<Term>& state) {
            for (Term lit : o.cube) s_.add_cell(s_.instantiate(lit, state, types_[o.point]));
        };
        Transition t0 = start(s_, program_);
        std::vector<PathStep> path{PathStep{true, 0, t0.binding}};
        for (Term c : t0.constraints) s_.add_cell(c);
        std::vector<Term> state = t0.next_state;
        assert_cube(*chain.front(), state);
        for (std::size_t i = 0; i < chain.size(); ++i) {
            const PointId from = chain[i]->point;
            const Obligation* to = i + 1 < chain.size() ? chain[i + 1] : nullptr;
            bool stepped = false;
            for (std::uint32_t r = 0; r < program_.rules.size() && !stepped; ++r) {
                check_limits();
                const Rule& rule = program_.rules[r];
                if (rule.head_point != from) continue;
                if (to ? (leads_to_error(rule) || rule.body_kind != BodyKind::atom || rule.body_point != to->point)
                       : !leads_to_error(rule)) {
                    continue;
                }
                s_.push();
                ++scopes;
                Transition t = apply_rule(s_, program_, r, state);
                for (Term c : t.constraints) s_.add_cell(c);
                if (to) assert_cube(*to, t.next_state);
                ++result_.checks;
                if (s_.check() == Answer::sat) {
                    stepped = true;
                    path.push_back(PathStep{false, r, t.binding});
                    state = t.next_state;
                } else {
                    s_.pop();
                    --scopes;
                }
            }
            if (!stepped) {
                close();
                return std::nullopt;
            }
        }
        std::optional<Counterexample> cex;
        if (s_.ensure_model() == Answer::sat) cex = make_counterexample(s_, program_, path);
        close();
        return cex;
    }

private:
    struct Edge {
        PointId from = 0, to = 0;
        Term select = 0;
        Term formula = 0;
    };
    struct Lemma {
        PointId point = 0;
        std::vector<Term> cube;
        Term formula = 0;  // ¬cube
        std::uint32_t level = 0;
    };
    struct Obligation {
        PointId point = 0;
        std::vector<Term> cube;   // over the point's $i
        std::uint32_t level = 0;
        std::uint32_t steps = 0;  // rules from these states to an error
        // The obligation whose predecessor this is, one step nearer the error; none for
        // states an error rule leaves from.
        std::shared_ptr<const Obligation> next;
    };

    void check_limits() {
        if (over_()) throw Stopped{"stopped"};
    }

    Answer check(const std::vector<Term>& assume) {
        Answer a = a_.check(assume);
        ++result_.checks;
        if (a == Answer::unknown) {
            check_limits();
            throw Stopped{"the solver could not decide a step"};
        }
        return a;
    }

    Term implies(Term a, Term b) { return s_.disjunction(std::vector<Term>{s_.negation(a), b}); }

    Term select(const std::string& name, Term formula) {
        Term p = s_.fresh_proposition(name);
        a_.add(implies(p, formula));
        return p;
    }

    const std::vector<Term>& post(PointId q) {
        if (post_[q].empty() && !types_[q].empty()) {
            for (std::size_t i = 0; i < types_[q].size(); ++i) {
                post_[q].push_back(s_.fresh(fmt::format("{}'{}", q, i), types_[q][i]));
            }
        }
        return post_[q];
    }

    Term activation(PointId p, std::uint32_t level) {
        auto [it, made] = activation_.try_emplace({p, level}, 0);
        if (made) it->second = s_.fresh_proposition(fmt::format("a{}-{}", p, level));
        return it->second;
    }

    // The propositions of p's frame at `level`; false when that frame is empty (level 0 away
    // from the query's point).
    bool frame(PointId p, std::uint32_t level, std::vector<Term>& assume) {
        if (level == 0) {
            if (p != query_point_) return false;
            assume.push_back(init_);
            return true;
        }
        for (auto it = activation_.lower_bound({p, level}); it != activation_.end() && it->first.first == p; ++it) {
            assume.push_back(it->second);
        }
        return true;
    }

    // The propositions of the literals of `cube`, at q's next state (`next`) or at its
    // own. Each literal's proposition is made once and kept.
    std::vector<Term> assume_cube(const std::vector<Term>& cube, PointId q, bool next) {
        std::vector<Term> props;
        for (Term lit : cube) props.push_back(a_.proxy(next ? at_next(lit, q) : lit));
        return props;
    }

    // A literal of q's states at q's next state (made once).
    Term at_next(Term lit, PointId q) {
        auto [it, made] = at_next_.try_emplace({lit, q}, 0);
        if (made) it->second = s_.instantiate(lit, post(q), types_[q]);
        return it->second;
    }

    // After a sat check of `formula` (with the frames): states of p, over its $i, that take
    // it; Z3's model-based projection, or the model's state itself when that fails.
    std::vector<Term> predecessor_cube(PointId p, Term formula) {
        if (std::optional<Term> projected = a_.project_by_model(formula)) {
            std::vector<Term> cube;
            for (Term t : s_.conjuncts(*projected)) {
                if (!s_.is_true(t)) cube.push_back(t);
            }
            return cube;
        }
        std::vector<Term> cube;
        for (std::size_t i = 0; i < pre_[p].size(); ++i) {
            cube.push_back(s_.equal(pre_[p][i], s_.numeral(a_.value(pre_[p][i]))));
        }
        return cube;
    }

    Term negated(const std::vector<Term>& cube) { return s_.negation(s_.conjunction(cube)); }

    // Whether no edge into `q` reaches the cube from the frames at `level` (the cube's
    // literals at q's next state): the condition for a lemma ¬cube at level + 1. With
    // `needed`, the literals the proofs used are marked; with `relative`, the lemma ¬cube
    // itself is assumed before a step from q (relative induction); with `predecessor` (and
    // `of`, the obligation), a state that reaches the cube is projected into a new one.
    bool unreachable_from(PointId q, const std::vector<Term>& cube, std::uint32_t level,
                          std::vector<bool>* needed, bool relative = false,
                          std::optional<Obligation>* predecessor = nullptr, const Obligation* of = nullptr) {
        if (into_[q].empty()) return true;
        std::vector<Term> lits = assume_cube(cube, q, true);
        std::optional<Term> itself;  // the proposition of ¬cube before the step
        bool unreachable = true;
        for (std::size_t e : into_[q]) {
            const Edge& edge = edges_[e];
            std::vector<Term> assume{edge.select};
            if (!frame(edge.from, level, assume)) continue;
            if (edge.from == q && level > 0 && relative) {
                // Relative induction: the lemma itself holds before the step.
                if (!itself) itself = a_.proxy(negated(cube));
                assume.push_back(*itself);
            }
            assume.insert(assume.end(), lits.begin(), lits.end());
            Answer a = check(assume);
            if (a == Answer::sat) {
                unreachable = false;
                if (predecessor) {
                    std::vector<Term> inst;
                    for (Term lit : cube) inst.push_back(at_next(lit, q));
                    inst.push_back(edge.formula);
                    *predecessor = Obligation{edge.from, predecessor_cube(edge.from, s_.conjunction(inst)), level,
                                              of ? of->steps + 1 : 0,
                                              of ? std::make_shared<const Obligation>(*of) : nullptr};
                }
                break;
            }
            if (needed) mark(a_.core(), lits, *needed);
        }
        return unreachable;
    }

    static void mark(const std::vector<Term>& core, const std::vector<Term>& lits, std::vector<bool>& needed) {
        for (std::size_t i = 0; i < lits.size(); ++i) {
            if (std::find(core.begin(), core.end(), lits[i]) != core.end()) needed[i] = true;
        }
    }

    // Whether the cube meets the query's states; with `needed`, marks the literals that
    // keep it apart when it does not.
    bool meets_init(PointId p, const std::vector<Term>& cube, std::vector<bool>* needed) {
        if (p != query_point_) return false;
        std::vector<Term> lits = assume_cube(cube, p, false);
        std::vector<Term> assume{init_};
        assume.insert(assume.end(), lits.begin(), lits.end());
        const bool meets = check(assume) == Answer::sat;
        if (!meets && needed) mark(a_.core(), lits, *needed);
        return meets;
    }

    // Whether p's frame at `level` already excludes the cube.
    bool blocked(PointId p, const std::vector<Term>& cube, std::uint32_t level) {
        std::vector<Term> assume;
        frame(p, level, assume);
        std::vector<Term> lits = assume_cube(cube, p, false);
        assume.insert(assume.end(), lits.begin(), lits.end());
        return check(assume) == Answer::unsat;
    }

    // A fresh solver once the proxies are many (each check decides them all); called only
    // where no proxy is held.
    void renew_when_crowded() {
        if (a_.proxies() > max_proxies) a_.renew();
    }

    void add_lemma(PointId p, std::vector<Term> cube, std::uint32_t level) {
        Lemma l{p, std::move(cube), 0, level};
        l.formula = negated(l.cube);
        a_.add(implies(activation(p, level), l.formula));
        lemmas_.push_back(std::move(l));
        ++result_.lemmas;
    }

    // Blocks the obligation and every predecessor it leads to; false when one of them is a
    // state of the query (the error is reachable).
    bool block(Obligation first) {
        auto later = [](const Obligation& a, const Obligation& b) { return a.level > b.level; };
        std::priority_queue<Obligation, std::vector<Obligation>, decltype(later)> queue(later);
        // Whether an obligation's states meet the query's is asked once, when it is made: it
        // is looked at again after each predecessor it led to is blocked.
        if (meets_init(first.point, first.cube, nullptr)) {
            result_.steps = first.steps;
            reached_ = std::move(first);
            return false;
        }
        queue.push(std::move(first));
        while (!queue.empty()) {
            check_limits();
            renew_when_crowded();
            if (nested_budget_ > 0 && --nested_budget_ == 0) throw OutOfBudget{};
            Obligation ob = queue.top();
            ++result_.obligations;
            if (blocked(ob.point, ob.cube, ob.level)) {
                queue.pop();
                continue;
            }
            std::vector<bool> needed(ob.cube.size(), false);
            std::optional<Obligation> predecessor;
            if (!unreachable_from(ob.point, ob.cube, ob.level - 1, &needed, true, &predecessor, &ob)) {
                if (predecessor->level == 0 || meets_init(predecessor->point, predecessor->cube, nullptr)) {
                    result_.steps = predecessor->steps;
                    reached_ = std::move(*predecessor);
                    return false;
                }
                queue.push(std::move(*predecessor));
                continue;
            }
            queue.pop();
            meets_init(ob.point, ob.cube, &needed);
            const std::uint32_t level =
                add_lemma_as_high_as_it_holds(ob.point, generalize(ob.point, kept(ob.cube, needed), ob.level), ob.level);
            // The same states again one level up, where they may still need blocking.
            if (level < top_) queue.push(Obligation{ob.point, std::move(ob.cube), level + 1, ob.steps, ob.next});
        }
        return true;
    }

    static std::vector<Term> kept(const std::vector<Term>& cube, const std::vector<bool>& needed) {
        std::vector<Term> out;
        for (std::size_t i = 0; i < cube.size(); ++i) {
            if (needed[i]) out.push_back(cube[i]);
        }
        return out;
    }

    // Inductive generalization: drops each literal in turn while the smaller cube stays
    // apart from the query's states and unreachable from the frames at level - 1 (its own
    // lemma assumed), keeping only what the proofs then needed. Fewer literals: a lemma
    // that excludes more states.
    std::vector<Term> generalize(PointId q, std::vector<Term> cube, std::uint32_t level) {
        auto holds = [&](const std::vector<Term>& c) {
            std::vector<bool> needed(c.size(), false);
            return !meets_init(q, c, &needed) && unreachable_from(q, c, level - 1, &needed, true);
        };
        // An equation a = b first becomes a =< b or a >= b where that still holds: a lemma
        // x < 0 where the model gave x = -1, so that a counter's states are not excluded one
        // value at a time.
        for (Term& lit : cube) {
            std::optional<std::pair<Term, Term>> halves = s_.equation_halves(lit);
            if (!halves) continue;
            check_limits();
            for (Term weaker : {halves->first, halves->second}) {  // a =< b, a >= b
                std::vector<Term> trial = cube;
                trial[static_cast<std::size_t>(&lit - cube.data())] = weaker;
                if (holds(trial)) {
                    lit = weaker;
                    break;
                }
            }
        }
        std::size_t ctgs_left = max_ctgs;
        for (std::size_t i = 0; i < cube.size() && cube.size() > 1;) {
            check_limits();
            std::vector<Term> smaller = cube;
            smaller.erase(smaller.begin() + static_cast<std::ptrdiff_t>(i));
            if (may_replace(q, smaller, level, ctgs_left)) {
                cube = std::move(smaller);
                if (cube.empty()) break;
            } else {
                ++i;
            }
        }
        eliminate_shared(q, cube, level);
        return cube;
    }

    // Whether `smaller` still makes a lemma at q at `level` (apart from the query's states,
    // unreachable from the frames at level - 1); if so, it keeps the literals the proofs
    // needed. A state of those frames that still reaches it (a counterexample to the
    // generalization: Hassan, Bradley and Somenzi, "Better Generalization in IC3", FMCAD
    // 2013) is not the end of the attempt: where that state, at the edge's source point, is
    // itself unreachable one level down, a lemma there blocks it, and `smaller` is tried
    // again; at most max_ctgs such states per generalization (`ctgs_left`; 3 per literal, as
    // in the paper, made PDR alone two to three times slower on Lustre problems, whose cubes
    // have tens of literals). Without them, a literal that only a state the frames do not
    // exclude yet keeps in the lemma stays in it, and the lemma excludes states one at a
    // time.
    bool may_replace(PointId q, std::vector<Term>& smaller, std::uint32_t level, std::size_t& ctgs_left) {
        for (;;) {
            std::vector<bool> needed(smaller.size(), false);
            if (meets_init(q, smaller, &needed)) return false;
            std::optional<Obligation> ctg;
            const bool look = ctgs_left > 0 && level >= 2;
            if (unreachable_from(q, smaller, level - 1, &needed, true, look ? &ctg : nullptr)) {
                smaller = kept(smaller, needed);
                return true;
            }
            if (!ctg) return false;
            --ctgs_left;
            if (!block_ctg(*ctg, level - 1)) return false;
        }
    }

    // Blocks the states of `ctg` at its point with a lemma at `level` (as high as it holds)
    // when the frames at level - 1 do not reach them and they are apart from the query's;
    // false when they are not.
    bool block_ctg(const Obligation& ctg, std::uint32_t level) {
        check_limits();
        std::vector<bool> needed(ctg.cube.size(), false);
        if (meets_init(ctg.point, ctg.cube, &needed) ||
            !unreachable_from(ctg.point, ctg.cube, level - 1, &needed, true)) {
            return false;
        }
        add_lemma_as_high_as_it_holds(ctg.point, kept(ctg.cube, needed), level);
        ++result_.ctgs;
        return true;
    }

    // Adds `lemma`, blocked at `level`, at the highest level up to top_ where the frames below
    // do not reach it either; returns that level.
    std::uint32_t add_lemma_as_high_as_it_holds(PointId q, std::vector<Term> lemma, std::uint32_t level) {
        while (level < top_ && unreachable_from(q, lemma, level, nullptr)) ++level;
        add_lemma(q, std::move(lemma), level);
        return level;
    }

    // A variable that two or more literals of the cube share, eliminated (Fourier-Motzkin:
    // the sums of its lower and upper bounds): a cube the old one implies, so a lemma that
    // excludes more states, where that cube is still blocked. A counter's lemmas
    // `k =< x ∧ y - x > z - k`, one per value k, become `y > z` at once.
    void eliminate_shared(PointId q, std::vector<Term>& cube, std::uint32_t level) {
        if (cube.size() < 2) return;
        std::map<std::uint32_t, std::size_t> occurrences;
        for (Term lit : cube) {
            for (std::uint32_t v : s_.point_vars_in(lit)) ++occurrences[v];
        }
        for (const auto& [v, n] : occurrences) {
            if (n < 2 || cube.size() < 2) continue;
            // The cube may have lost literals to an elimination before.
            const auto mentions = [&](Term lit) {
                std::vector<std::uint32_t> in = s_.point_vars_in(lit);
                return std::binary_search(in.begin(), in.end(), v);
            };
            if (std::count_if(cube.begin(), cube.end(), mentions) < 2) continue;
            check_limits();
            std::optional<std::vector<Term>> trial = s_.eliminate_linear(cube, v);
            // (A cube of states is satisfiable, and so is what eliminating gives; a `false`
            // there would make a lemma that blocks nothing.)
            if (!trial || trial->empty() || trial->size() > cube.size() ||
                std::any_of(trial->begin(), trial->end(), [&](Term t) { return s_.is_false(t); })) {
                continue;
            }
            std::vector<bool> needed(trial->size(), false);
            if (meets_init(q, *trial, &needed)) continue;
            bool holds = unreachable_from(q, *trial, level - 1, &needed, true);
            const bool around = !holds && blocked_around(q, *trial, level);
            if (around) {
                needed.assign(trial->size(), false);
                holds = unreachable_from(q, *trial, level - 1, &needed, true);
            }
            if (holds) {
                cube = kept(*trial, needed);
                ++result_.eliminations;
                if (around) ++result_.eliminations_around;
            }
        }
    }

    // Whether the states of `cube` at q, which the frames before `level` do not keep out of
    // q yet, can be kept out of q's frame at `level` by blocking them as an obligation of
    // their own: a bound that eliminating a variable found (`c >= n` out of
    // `i >= n - 2 ∧ c > i + 1`) holds around a loop of several points only once each point's
    // frame has it, which the obligations along the loop, down to the query, teach them. For
    // a single literal (a cube of more is specific enough already: on LIA-Lin, trying those
    // too made ctigar svd3.c's proof take 9 times as long), at most nested_obligations
    // obligations, and not from within another such attempt; the lemmas learnt on the way
    // hold whatever the outcome. Counterexamples met there are not the run's: such a cube is
    // only a generalization tried.
    bool blocked_around(PointId q, const std::vector<Term>& cube, std::uint32_t level) {
        if (nested_budget_ > 0 || level == 0 || cube.size() != 1) return false;
        // What block() leaves of a run's counterexample, put back however the attempt ends.
        struct Restore {
            Pdr& pdr;
            std::uint32_t steps;
            std::optional<Obligation> reached;
            ~Restore() {
                pdr.nested_budget_ = 0;
                pdr.result_.steps = steps;
                pdr.reached_ = std::move(reached);
            }
        } restore{*this, result_.steps, std::move(reached_)};
        reached_.reset();
        nested_budget_ = nested_obligations + 1;
        try {
            return block(Obligation{q, cube, level, 0, nullptr});
        } catch (const OutOfBudget&) {
            return false;
        }
    }

    // Pushes each lemma to the next level where it holds there; true (and the certificate)
    // when a level is left without lemmas of its own: its frame is inductive.
    bool propagate() {
        for (std::uint32_t k = 1; k <= top_; ++k) {
            bool left = false;
            for (std::size_t i = 0; i < lemmas_.size(); ++i) {
                if (lemmas_[i].level != k) continue;
                check_limits();
                renew_when_crowded();
                if (unreachable_from(lemmas_[i].point, lemmas_[i].cube, k, nullptr)) {
                    lemmas_[i].level = k + 1;
                    a_.add(implies(activation(lemmas_[i].point, k + 1), lemmas_[i].formula));
                } else {
                    left = true;
                }
            }
            if (!left) {
                certify(k + 1);
                return true;
            }
        }
        return false;
    }

    void certify(std::uint32_t level) {
        Certificate c;
        for (PointId p = 0; p < program_.points.size(); ++p) {
            std::vector<Term> parts;
            for (const Lemma& l : lemmas_) {
                if (l.point == p && l.level >= level) parts.push_back(l.formula);
            }
            Term formula = s_.balanced_remainders(s_.conjunction(parts));
            PointCertificate pc;
            pc.point = p;
            pc.label = program_.point_label(p);
            pc.names = distinct_names(point_names(program_, p));
            pc.clp = s_.to_clp_source(formula, pc.names);
            pc.smtlib = s_.to_smtlib(formula);
            c.points.push_back(std::move(pc));
        }
        result_.certificate = std::move(c);
    }

    const Program& program_;
    std::function<bool()> over_;
    PdrResult& result_;
    solver::Solver s_{program_.domain};
    solver::AssumingSolver a_;
    PointId query_point_ = no_point;
    std::vector<std::vector<Type>> types_;
    std::vector<std::vector<Term>> pre_, post_;
    std::vector<Edge> edges_;
    std::vector<std::vector<std::size_t>> into_;
    Term init_ = 0;
    std::vector<std::optional<std::pair<Term, Term>>> bad_;  // per point: selector, formula
    std::vector<Lemma> lemmas_;
    std::map<std::pair<PointId, std::uint32_t>, Term> activation_;
    std::map<std::pair<Term, PointId>, Term> at_next_;
    std::uint32_t top_ = 1;
    std::uint32_t max_level_ = 10'000;
    static constexpr std::size_t max_proxies = 2000;
    std::optional<Obligation> reached_;  // an obligation that meets the query's states
    // Obligations left to an attempt of blocked_around (0: none under way).
    std::size_t nested_budget_ = 0;
    static constexpr std::size_t nested_obligations = 200;
    static constexpr std::size_t max_ctgs = 3;  // per generalization
    struct OutOfBudget {};
};

}  // namespace

PdrResult property_directed_reachability(const Program& program, const PdrLimits& limits) {
    const StopOrDeadline deadline(limits.stop, limits.timeout_s);
    auto over = [&] { return deadline.over(); };
    PdrResult result;
    {
        Pdr pdr(program, over, result);
        pdr.set_max_level(limits.max_level);
        Watchdog watchdog(over, [&pdr] { pdr.solver().interrupt(); });
        try {
            if (pdr.encode()) {
                pdr.run();
                if (result.certificate) {
                    result.outcome = PdrResult::Outcome::safe;
                } else if (result.ended.empty()) {
                    result.outcome = PdrResult::Outcome::unsafe;
                    result.counterexample = pdr.counterexample();
                }
            }
        } catch (const Stopped& s) {
            result.ended = s.why == "stopped" ? deadline.why() : s.why;
        } catch (const InternalError&) {
            throw;  // a retraced path that does not replay: a bug, never an answer
        } catch (const std::exception& e) {
            // An operation the stop interrupted may throw (Z3 reports a cancelled
            // simplification so); otherwise a failure of the solver.
            if (!over()) result.ended = std::string("failed: ") + e.what();
            else result.ended = deadline.why();
        }
    }
    result.time_s = deadline.elapsed_s();
    return result;
}

}  // namespace clpi::engine
