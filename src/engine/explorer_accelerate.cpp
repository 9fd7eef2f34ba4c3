// Deep counterexamples through loops (minimax): an error reached under a loop abstraction
// that is not real on the path as explored may still be real many iterations later — RV'11
// Fig. 1(d) with its error after 10000 iterations. Unrolling one iteration at a time would
// take tens of thousands of nodes (errors within the iterations that deepening unrolls are
// left to it). When the loop of a header is a single cycle and one
// iteration moves every position by a constant (a translation: x' = x + c), k iterations
// take the state s to s + k·c; the accelerated path asks the solver for a k ≥ 1 with the
// cycle feasible at its first iteration and at its last one, the rest of the path concrete.
//
// Only a hint: for a translation with a convex guard, the first and last iterations being
// feasible implies all of them are, but the engine does not rely on it. The path with the
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

void add_cells(solver::Solver& s, const Transition& t) {
    for (Term c : t.constraints) s.add_cell(c);
}

}  // namespace

std::optional<std::vector<std::uint32_t>> Explorer::single_cycle(PointId header) const {
    std::vector<std::uint32_t> cycle;
    std::vector<bool> seen(program_.points.size(), false);
    PointId at = header;
    do {
        if (seen[at]) return std::nullopt;
        seen[at] = true;
        std::optional<std::uint32_t> inside;
        for (std::uint32_t r : program_.points.at(at).rules) {
            const Rule& rule = program_.rules.at(r);
            if (rule.body_kind != BodyKind::atom) continue;
            if (graph_.component[rule.body_point] != graph_.component[header]) continue;
            if (inside) return std::nullopt;  // a branch inside the loop: not one cycle
            inside = r;
        }
        if (!inside) return std::nullopt;
        cycle.push_back(*inside);
        at = program_.rules.at(*inside).body_point;
    } while (at != header);
    return cycle;
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
    // One iteration from the incoming state gives each position its step.
    std::vector<Number> step(types.size());
    solver_.push();
    std::vector<Term> after = run_cycle(h.entry_state);
    bool feasible = solver_.check() == Answer::sat && solver_.ensure_model() == Answer::sat;
    for (std::size_t i = 0; feasible && i < types.size(); ++i) {
        if (!modified[i]) continue;
        if (types[i] == Type::array) feasible = false;
        else step[i] = solver_.value(after[i]).number - solver_.value(h.entry_state[i]).number;
    }
    solver_.pop();
    if (!feasible) return std::nullopt;

    // s + k·c for k iterations, and the renamed state of the header as s + K·c.
    Term k = solver_.fresh("K", Type::integer);
    auto moved = [&](const Number& times_k, const Number& extra) {
        std::vector<Term> s = h.entry_state;
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (!modified[i] || step[i] == 0) continue;
            std::pair<Number, Term> parts[] = {{1, s[i]}, {step[i] * times_k, k}};
            s[i] = solver_.linear_sum(parts, step[i] * extra);
        }
        return s;
    };
    solver_.push();
    solver_.add_cell(solver_.at_least(k, solver_.numeral(1)));
    std::vector<Term> first = run_cycle(h.entry_state);
    std::vector<Term> expected_first = moved(0, 1);
    std::vector<Term> last = run_cycle(moved(1, -1));
    std::vector<Term> expected_last = moved(1, 0);
    for (std::size_t i = 0; i < types.size(); ++i) {
        if (!modified[i]) continue;
        solver_.add_cell(solver_.equal(first[i], expected_first[i]));
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
        auto cycle = single_cycle(hf.point);
        if (!cycle) continue;
        // This header open (neither candidates nor links), the others concrete.
        for (const Candidate& c : h.candidates) solver_.set_active(c.cell, false);
        for (solver::CellId l : h.links) solver_.set_active(l, false);
        std::optional<Integer> iterations = iterations_to_error(hf, *cycle);
        for (const Candidate& c : h.candidates) solver_.set_active(c.cell, !c.stale);
        for (solver::CellId l : h.links) solver_.set_active(l, true);
        if (!iterations) continue;
        if (auto cex = unrolled_error(k, *cycle, *iterations, step)) {
            ++stats_.accelerations;
            return cex;
        }
    }
    return std::nullopt;
}

}  // namespace clpi::engine
