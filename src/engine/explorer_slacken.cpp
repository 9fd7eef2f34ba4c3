// Slackening (TRACER-X; DESIGN.md section 5, "Beyond unsat cores"), an option.
//
// A core interpolant is the projection of the path constraints a proof used: it repeats
// their equations, so `t = 3` at one goal says nothing about a sibling path that arrives
// with `t = 2`, although the subtree is just as safe from there. After a goal's children
// are done, each one is summarised by its way out: the step to it together with the
// negation of the interpolant its subtree was proved safe from (or the step alone when it
// was infeasible). Any formula over the goal's state that rules out every way out is an
// interpolant of the goal: every child is then infeasible or lands in its own interpolant.
// The core interpolant's atoms (equations split into halves) are dropped one by one while
// that still holds, so `t = 3` becomes `t =< 3` when only an upper bound matters below.
//
// Only goals with no loop header on their path and none among their children take part:
// there a child's interpolant is a plain memo entry, safe for any state that satisfies it.
//
// Memory first (TRACER-X's interpolants are the part of the heap the proof reads): a core
// interpolant over an array repeats the history of its cells (`select(M, 3) = select(M, 1)
// + 1 ∧ select(M, 1) = N ∧ Y = 3`), so a sibling that wrote other values into cells no
// variable points to any more is not covered. When the interpolant reads an array, it is
// first projected onto the state's integers and the cells they address (select(M, Y) =
// N + 1 ∧ Y = 3); that weaker formula replaces it when it too rules out every escape, and
// its atoms are then dropped and loosened like any others (select(M, Y) >= N + 1). (Done
// alone on every program with arrays, the extra projections cost 13 s of a bounded probe on
// TRACER-X's Figure 1 with --large-blocks, for little: it stays part of slackening.)
#include <vector>

#include <fmt/format.h>

#include "engine/explorer.hpp"

namespace clpi::engine {

using solver::Answer;
using solver::Purpose;

void Explorer::note_escape(Term step, std::span<const Term> child_state, PointId child_point,
                           std::optional<Term> child_interpolant) {
    if (frames_.empty()) return;
    Frame& parent = frames_.back();
    if (!parent.slack) return;
    if (!child_interpolant) {
        parent.escapes.push_back(step);
        return;
    }
    if (solver_.is_true(*child_interpolant)) return;  // no way out of `true`
    Term reached = solver_.instantiate(*child_interpolant, child_state, types_[child_point]);
    Term escape[] = {step, solver_.negation(reached)};
    parent.escapes.push_back(solver_.conjunction(escape));
}

void Explorer::no_escape_known() {
    if (frames_.empty()) return;
    Frame& parent = frames_.back();
    parent.slack = false;
    parent.escapes.clear();
}

std::optional<Explorer::ReadsProjection> Explorer::project_onto_reads(Term formula, std::span<const Type> types,
                                                                      std::size_t max_reads) {
    std::vector<std::uint32_t> arrays, integers;
    for (std::uint32_t v : solver_.point_vars_in(formula)) {
        if (types[v] == Type::array) arrays.push_back(v);
    }
    for (std::uint32_t v : solver_.addressing_vars(formula)) {
        if (types[v] == Type::integer) integers.push_back(v);
    }
    // Each read is a variable of the projection: a few, or it costs more than it saves.
    if (arrays.empty() || integers.empty() || arrays.size() * integers.size() > max_reads) return std::nullopt;
    // The formula over fresh names; the projection keeps the integers, and each read
    // select(M, P) as one more integer position after the state's.
    std::vector<Term> renamed;
    for (std::size_t k = 0; k < types.size(); ++k) renamed.push_back(solver_.fresh("forget", types[k]));
    std::vector<Term> kept_terms;
    std::vector<Type> kept_types;
    for (std::size_t k = 0; k < types.size(); ++k) {
        kept_terms.push_back(types[k] == Type::array ? solver_.fresh("unused", Type::integer) : renamed[k]);
        kept_types.push_back(Type::integer);
    }
    ReadsProjection out;
    for (std::uint32_t a : arrays) {
        for (std::uint32_t p : integers) {
            kept_terms.push_back(solver_.select(renamed[a], renamed[p]));
            kept_types.push_back(Type::integer);
            out.positions.push_back(solver_.point_var(static_cast<std::uint32_t>(kept_terms.size() - 1), Type::integer));
            out.reads.push_back(solver_.select(solver_.point_var(a, Type::array), solver_.point_var(p, Type::integer)));
        }
    }
    std::optional<Term> projected =
        solver_.project({}, kept_terms, kept_types, solver_.instantiate(formula, renamed, types));
    if (!projected) return std::nullopt;
    out.formula = *projected;
    return out;
}

std::optional<Term> Explorer::forget_cells(Term itp, const Frame& f, Term escape) {
    std::span<const Type> types = types_[f.point];
    std::optional<ReadsProjection> p = project_onto_reads(itp, types, 8);
    if (!p) return std::nullopt;
    Term general = solver_.substitute(p->formula, p->positions, p->reads);
    if (solver_.same(general, itp)) return std::nullopt;
    // Weaker than the interpolant by construction; an interpolant still if it rules out
    // every escape.
    Term both[] = {solver_.instantiate(general, f.state, types), escape};
    if (solver_.check_alone(solver_.conjunction(both), Purpose::entailment) != Answer::unsat) return std::nullopt;
    ++stats_.cells_forgotten;
    return general;
}

Term Explorer::slacken(Term itp, const Frame& f) {
    if (!f.escapes.empty()) {
        if (std::optional<Term> general = forget_cells(itp, f, solver_.disjunction(f.escapes))) itp = *general;
    }
    std::vector<Term> atoms;
    for (Term c : solver_.conjuncts(itp)) {
        if (auto halves = solver_.equation_halves(c)) {
            atoms.push_back(halves->first);
            atoms.push_back(halves->second);
        } else {
            atoms.push_back(c);
        }
    }
    if (atoms.empty()) return itp;
    if (f.escapes.empty()) {  // every child ended normally: safe from anywhere
        stats_.slackened += atoms.size();
        return solver_.conjunction({});
    }
    // A long conjunction costs a check per atom: the few-variable interpolants of
    // branching code are where slackening pays.
    constexpr std::size_t max_atoms = 12;
    if (atoms.size() > max_atoms) return itp;
    const Term escape = solver_.disjunction(f.escapes);
    std::vector<Term> kept = atoms;
    std::size_t dropped = 0;
    for (std::size_t i = 0; i < kept.size();) {
        std::vector<Term> trial = kept;
        trial.erase(trial.begin() + static_cast<std::ptrdiff_t>(i));
        Term at_goal = solver_.instantiate(solver_.conjunction(trial), f.state, types_[f.point]);
        Term both[] = {at_goal, escape};
        if (solver_.check_alone(solver_.conjunction(both), Purpose::entailment) == Answer::unsat) {
            kept = std::move(trial);  // not needed below
            ++dropped;
        } else {
            ++i;  // needed (or unknown: keeping it is always sound)
        }
    }
    // Loosening starts from a set of atoms that rules out every escape: shown by the last
    // drop, or else checked here (a core interpolant always does; this is the proof).
    if (dropped == 0) {
        Term both[] = {solver_.instantiate(itp, f.state, types_[f.point]), escape};
        if (solver_.check_alone(solver_.conjunction(both), Purpose::entailment) != Answer::unsat) return itp;
    }
    // Then each bound that stays is moved out as far as the others allow: what it must
    // avoid is every escape that satisfies the other atoms.
    std::size_t loosened = 0;
    for (std::size_t i = 0; i < kept.size(); ++i) {
        std::vector<Term> others = kept;
        others.erase(others.begin() + static_cast<std::ptrdiff_t>(i));
        Term avoid[] = {solver_.instantiate(solver_.conjunction(others), f.state, types_[f.point]), escape};
        std::optional<Term> looser = solver_.loosest_bound(kept[i], f.state, types_[f.point], solver_.conjunction(avoid));
        if (!looser || solver_.same(*looser, kept[i])) continue;
        kept[i] = *looser;
        ++loosened;
    }
    if (dropped + loosened == 0) return itp;
    stats_.slackened += dropped + loosened;
    std::erase_if(kept, [&](Term t) { return solver_.is_true(t); });
    return solver_.conjunction(kept);
}

}  // namespace clpi::engine
