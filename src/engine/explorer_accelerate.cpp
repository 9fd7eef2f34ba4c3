// Deep counterexamples through loops (minimax): an error reached under a loop abstraction
// that is not real on the path as explored may still be real many iterations later — RV'11
// Fig. 1(d) with its error after 10000 iterations. Unrolling one iteration at a time would
// take tens of thousands of nodes (errors within the iterations that deepening unrolls are
// left to it). When a cycle of the loop through its header moves every position by a
// constant from its second iteration on (a translation, x' = x + c, or a reset, x' = 5,
// which the first iteration sets and the later ones keep), k iterations take the state s1
// after the first to s1 + (k - 1)·c; the accelerated path asks the solver for a k with the
// cycle feasible at its first, second and last iterations, the rest of the path concrete
// (an array the loop writes is left open there: the count rests on the numbers).
// A loop with branches has several cycles (a C counter of unsigned type has two: with and
// without wrap-around); each simple cycle is tried, up to max_cycles.
//
// Only a hint: for a translation with a convex guard, the second and last iterations being
// feasible implies all between are, but the engine does not rely on it. The path with the
// cycle written out k times is built in a solver of its own, checked, and replayed through
// the rules like every counterexample; if any of that fails, the error is treated as
// spurious as before (refinement and restart).
#include <fmt/format.h>

#include "engine/explorer.hpp"

namespace clpi::engine {

using solver::Answer;
using solver::Term;

namespace {

// A counterexample this long is not worth building: the limit keeps memory in hand.
constexpr std::size_t max_unrolled_steps = 400000;
// The simple cycles through a header tried: a loop of b two-way branches has up to 2^b.
constexpr std::size_t max_cycles = 8;

void add_cells(solver::Solver& s, const Transition& t) {
    for (Term c : t.constraints) s.add_cell(c);
}

}  // namespace

std::vector<std::vector<std::uint32_t>> Explorer::simple_cycles(PointId header) const {
    std::vector<std::vector<std::uint32_t>> cycles;
    std::vector<std::uint32_t> path;
    std::vector<bool> on_path(program_.points.size(), false);
    // Depth first from the header along the loop's rules, each point at most once per cycle.
    auto walk = [&](auto&& self, PointId at) -> void {
        for (std::uint32_t r : program_.points.at(at).rules) {
            if (cycles.size() >= max_cycles) return;
            const Rule& rule = program_.rules.at(r);
            if (rule.body_kind != BodyKind::atom) continue;
            if (graph_.component[rule.body_point] != graph_.component[header]) continue;
            path.push_back(r);
            if (rule.body_point == header) {
                cycles.push_back(path);
            } else if (!on_path[rule.body_point]) {
                on_path[rule.body_point] = true;
                self(self, rule.body_point);
                on_path[rule.body_point] = false;
            }
            path.pop_back();
        }
    };
    on_path[header] = true;
    walk(walk, header);
    return cycles;
}

std::optional<Integer> Explorer::iterations_to_error(const Frame& hf,
                                                     const std::vector<std::uint32_t>& cycle) {
    const Header& h = *hf.header;
    const std::vector<bool>& modified = graph_.modified[hf.point];
    const std::vector<Type>& types = types_[hf.point];
    auto run_cycle = [&](std::vector<Term> s) {
        for (std::uint32_t r : cycle) {
            Transition t = apply_rule(solver_, program_, r, s);
            add_cells(solver_, t);
            s = std::move(t.next_state);
        }
        return s;
    };
    // Two iterations from the incoming state: the second gives each position its step (the
    // first may have reset it to a value of its own, which the later ones keep).
    std::vector<Number> step(types.size());
    solver_.push();
    std::vector<Term> once = run_cycle(h.entry_state);
    std::vector<Term> twice = run_cycle(once);
    bool feasible = solver_.check() == Answer::sat && solver_.ensure_model() == Answer::sat;
    for (std::size_t i = 0; feasible && i < types.size(); ++i) {
        if (modified[i] && types[i] != Type::array) {
            step[i] = solver_.value(twice[i]).number - solver_.value(once[i]).number;
        }
    }
    solver_.pop();
    if (!feasible) return std::nullopt;

    // After k >= 2 iterations the state is s1 + (k - 1)·c, s1 the state after the first;
    // the header's renamed state is that for k = K.
    Term k = solver_.fresh("K", Type::integer);
    solver_.push();
    solver_.add_cell(solver_.at_least(k, solver_.numeral(2)));
    once = run_cycle(h.entry_state);
    // An array the loop writes has no step: it is left open (a new array at each use), so
    // the count K rests on the numbers alone, and the path written out decides.
    auto moved = [&](const Number& times_k, const Number& extra) {
        std::vector<Term> s = once;
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (modified[i] && types[i] == Type::array) s[i] = solver_.fresh("A", Type::array);
            if (!modified[i] || step[i] == 0) continue;
            std::pair<Number, Term> parts[] = {{1, s[i]}, {step[i] * times_k, k}};
            s[i] = solver_.linear_sum(parts, step[i] * extra);
        }
        return s;
    };
    std::vector<Term> second = run_cycle(once);
    std::vector<Term> expected_second = moved(0, 1);
    std::vector<Term> last = run_cycle(moved(1, -2));
    std::vector<Term> expected_last = moved(1, -1);
    for (std::size_t i = 0; i < types.size(); ++i) {
        if (!modified[i] || types[i] == Type::array) continue;
        solver_.add_cell(solver_.equal(second[i], expected_second[i]));
        solver_.add_cell(solver_.equal(last[i], expected_last[i]));
        solver_.add_cell(solver_.equal(hf.state[i], expected_last[i]));
    }
    // An error within the iterations that deepening unrolls is left to it: refinement and
    // unrolling find it as the papers do, with the shortest counterexample.
    solver_.push();
    solver_.add_cell(solver_.at_least(solver_.numeral(Options::max_deepening), k));
    bool shallow = solver_.check() != Answer::unsat;
    solver_.pop();
    std::optional<Integer> iterations;
    if (!shallow && solver_.check() == Answer::sat && solver_.ensure_model() == Answer::sat) {
        iterations = numerator(solver_.value(k).number);
    }
    solver_.pop();
    return iterations;
}

std::optional<Counterexample> Explorer::unrolled_error(std::size_t k,
                                                       const std::vector<std::uint32_t>& cycle,
                                                       const Integer& iterations,
                                                       const PathStep& step) {
    std::size_t rest = path_.size() + 1;
    if (iterations * cycle.size() + rest > max_unrolled_steps) return std::nullopt;
    std::vector<std::uint32_t> rules;
    for (std::size_t j = 1; j <= k; ++j) rules.push_back(path_[j].rule);
    for (Integer n = 0; n < iterations; ++n) rules.insert(rules.end(), cycle.begin(), cycle.end());
    for (std::size_t j = k + 1; j < path_.size(); ++j) rules.push_back(path_[j].rule);
    rules.push_back(step.rule);

    solver::Solver own(program_.domain, solver::Use::one_shot);
    std::vector<PathStep> path;
    std::vector<Term> constraints;  // one cell for them all: no core is ever asked of it
    Transition root = start(own, program_);
    constraints = root.constraints;
    path.push_back(PathStep{true, 0, root.binding});
    std::vector<Term> state = root.next_state;
    for (std::uint32_t r : rules) {
        Transition t = apply_rule(own, program_, r, state);
        constraints.insert(constraints.end(), t.constraints.begin(), t.constraints.end());
        path.push_back(PathStep{false, r, t.binding});
        state = std::move(t.next_state);
    }
    own.add_cell(own.conjunction(constraints));
    if (own.check() != Answer::sat || own.ensure_model() != Answer::sat) return std::nullopt;
    return make_counterexample(own, program_, path);
}

std::optional<Counterexample> Explorer::accelerated_error(const std::vector<std::size_t>& headers,
                                                          const PathStep& step) {
    for (std::size_t n = headers.size(); n-- > 0;) {
        const std::size_t k = headers[n];
        const Frame& hf = frames_[k];
        const Header& h = *hf.header;
        for (const std::vector<std::uint32_t>& cycle : simple_cycles(hf.point)) {
            // This header open (neither candidates nor links), the others concrete.
            for (const Candidate& c : h.candidates) solver_.set_active(c.cell, false);
            for (solver::CellId l : h.links) solver_.set_active(l, false);
            std::optional<Integer> iterations = iterations_to_error(hf, cycle);
            for (const Candidate& c : h.candidates) solver_.set_active(c.cell, !c.stale);
            for (solver::CellId l : h.links) solver_.set_active(l, true);
            if (!iterations) continue;
            if (auto cex = unrolled_error(k, cycle, *iterations, step)) {
                ++stats_.accelerations;
                return cex;
            }
        }
    }
    return std::nullopt;
}

}  // namespace clpi::engine
