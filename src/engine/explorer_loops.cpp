// Loops without a bound (minimax; RV'11 Fig. 2 and 3, DESIGN.md sections 3 and 4).
//
// At the first goal of a path that reaches a loop header, the state is renamed: the
// positions the loop may change get fresh variables, tied to the path only by the
// *candidates*, the conjuncts of the path's projection onto the header's state. The subtree
// is explored under the candidates that are on. A goal that comes back to the header closes
// the loop when each candidate is invariant along the path back (tested one by one, so the
// tests stay valid when other candidates go later); the others are abstracted (switched
// off), unless a proof below already relies on them or a refinement locked them: then the
// goal is unrolled instead. Besides the conjuncts, candidates are the differences and sums
// of variables the path defines, the loop's closed conditions, and the remainders modulo the
// steps of variables every rule of the loop moves by a constant.
// An error reached under an abstraction is checked on the concrete
// path; if it is not real, the nearest header whose full candidates refute it locks the
// candidates the refutation needs, and its subtree is explored again (a restart).
//
// Why this is sound: every proof below a header (infeasibility, subsumption, invariance) is
// an unsat core, and the cores' candidates are marked. A marked candidate is never switched
// off afterwards, so no proof is ever undone by a later abstraction; a candidate switched
// off was used by no proof. Closure proofs are cores too, kept per candidate as loop proofs
// (the loop contexts): a memo entry inside the loop is its interpolant ∧ its contexts, each
// projected on its own. A goal that entails the whole entry is subsumed; one in the same copy
// of the loop that entails the interpolant but not some context is subsumed by abstracting
// that context's candidate (forced subsumption), under the same rule as a closure: only a
// candidate no proof relies on, at a header that may abstract. A closure that abstracts an
// outer loop's candidate weakens the headers nested between it and the goal: their
// candidates that no longer follow from the path go too, under the same rule (nested-header
// weakening); those that still follow stay, and every proof that used them stays valid.
// What goes is stale for good: a later restart of the inner loop, or a lock, would
// otherwise assume again what the path no longer implies. And the outer loop may not lean
// on an inner candidate its own loop has not shown invariant yet: that would pin it.
#include <algorithm>
#include <string>
#include <unordered_set>

#include <fmt/format.h>

#include "engine/explorer.hpp"
#include "engine/point_names.hpp"

namespace clpi::engine {

using solver::Answer;
using solver::CellId;

std::vector<std::string> Explorer::point_names(PointId p) const {
    return engine::point_names(program_, p);
}

namespace {

bool mentions_only(const Expr& e, const std::vector<bool>& allowed) {
    if (e.kind == ExprKind::variable) return e.var < allowed.size() && allowed[e.var];
    if (e.kind == ExprKind::select || e.kind == ExprKind::store || e.kind == ExprKind::const_array) return false;
    return std::all_of(e.args.begin(), e.args.end(), [&](const Expr& a) { return mentions_only(a, allowed); });
}

}  // namespace

// The loop conditions of a header, closed: `j < n` on a rule into the loop gives `j =< n`,
// which holds at every iteration when it holds at the entry and j grows by one (the bound a
// counter reaches at the exit). Formulas over the point variables.
std::vector<Term> Explorer::guard_closures(PointId header) {
    std::vector<Term> out;
    const Point& pt = program_.points.at(header);
    const std::vector<Type>& types = types_[header];
    for (std::uint32_t ri : pt.rules) {
        const Rule& r = program_.rules.at(ri);
        if (r.body_kind != BodyKind::atom ||
            graph_.component[r.body_point] != graph_.component[header]) {
            continue;
        }
        std::vector<Term> binding(r.vars.size(), 0);
        std::vector<bool> in_head(r.vars.size(), false);
        for (std::uint32_t i = 0; i < pt.state_arity; ++i) {
            const Arg& a = r.head.args.at(pt.first_state_arg + i);
            if (a.kind != Arg::Kind::variable || types[i] == Type::array) continue;
            in_head[a.var] = true;
            binding[a.var] = solver_.point_var(i, types[i]);
        }
        for (const Constraint& c : r.constraints) {
            if (c.is_disjunction() || c.op == RelOp::eq || c.op == RelOp::ne) continue;
            if (!mentions_only(c.lhs, in_head) || !mentions_only(c.rhs, in_head)) continue;
            Constraint closed = c;
            if (c.op == RelOp::lt) closed.op = RelOp::le;
            if (c.op == RelOp::gt) closed.op = RelOp::ge;
            std::vector<Term> side;
            Term t = solver_.encode(closed, binding, side);
            if (side.empty()) out.push_back(t);
        }
    }
    return out;
}

const std::vector<Integer>& Explorer::step_moduli(PointId header) {
    step_moduli_.resize(program_.points.size());
    std::optional<std::vector<Integer>>& slot = step_moduli_[header];
    if (slot) return *slot;
    const Point& hp = program_.points.at(header);
    const std::vector<Type>& types = types_[header];
    const std::vector<bool>& modified = graph_.modified[header];
    std::vector<Integer> g(hp.state_arity, 0);
    std::vector<bool> open(hp.state_arity, false);  // every rule so far moved it by a constant
    for (std::uint32_t i = 0; i < hp.state_arity; ++i) {
        open[i] = modified[i] && types[i] == Type::integer && program_.domain == Domain::integer;
    }
    auto any_open = [&] { return std::any_of(open.begin(), open.end(), [](bool b) { return b; }); };
    for (std::uint32_t ri = 0; ri < program_.rules.size() && any_open(); ++ri) {
        const Rule& r = program_.rules[ri];
        if (r.body_kind != BodyKind::atom || r.body_point == no_point) continue;
        if (graph_.component[r.head_point] != graph_.component[header] ||
            graph_.component[r.body_point] != graph_.component[header]) {
            continue;
        }
        if (program_.points[r.head_point].pred != hp.pred || program_.points[r.body_point].pred != hp.pred) {
            open.assign(open.size(), false);  // positions of different layouts: no steps
            break;
        }
        // The rule alone, on a fresh state (the path's cells say nothing of it).
        solver_.push();
        std::vector<Term> s;
        for (std::uint32_t i = 0; i < hp.state_arity; ++i) s.push_back(solver_.fresh("step", types[i]));
        Transition t = apply_rule(solver_, program_, ri, s);
        for (Term c : t.constraints) solver_.add_cell(c);
        if (solver_.check() == Answer::sat && solver_.ensure_model() == Answer::sat) {
            // The step each position takes in this model (read before the entailment
            // checks, which replace the model).
            std::vector<Number> step(hp.state_arity);
            for (std::uint32_t i = 0; i < hp.state_arity; ++i) {
                if (open[i] && t.next_state[i] != s[i]) {
                    step[i] = solver_.value(t.next_state[i]).number - solver_.value(s[i]).number;
                }
            }
            for (std::uint32_t i = 0; i < hp.state_arity; ++i) {
                if (!open[i] || t.next_state[i] == s[i]) continue;
                const Number& d = step[i];
                std::pair<Number, Term> moved[] = {{1, s[i]}};
                Term exact = solver_.equal(t.next_state[i], solver_.linear_sum(moved, d));
                if (denominator(d) == 1 && solver_.entails(exact, nullptr) == Answer::unsat) {
                    g[i] = boost::multiprecision::gcd(g[i], boost::multiprecision::abs(numerator(d)));
                    if (g[i] == 1) open[i] = false;
                } else {
                    open[i] = false;
                }
            }
        }  // a rule that is never enabled moves nothing (unknown: no step learnt either)
        solver_.pop();
    }
    for (std::uint32_t i = 0; i < hp.state_arity; ++i) {
        if (!open[i] || g[i] < 2) g[i] = 0;
    }
    slot = std::move(g);
    return *slot;
}

std::vector<Term> Explorer::polyhedra_facts(PointId header, const std::vector<Term>& state) {
    if (!polyhedra_ || !polyhedra_->complete || header >= polyhedra_->at.size()) return {};
    const std::vector<Type>& types = types_[header];
    // The facts as terms, made once per header (every copy of a loop asks again).
    if (polyhedra_terms_.size() <= header) polyhedra_terms_.resize(program_.points.size());
    if (!polyhedra_terms_[header]) polyhedra_terms_[header] = polyhedra_terms(header);
    const std::vector<Term>& out = *polyhedra_terms_[header];
    if (out.empty()) return out;
    // The path entails them all, but where an abstraction above let in more: one check of
    // them together, and only when that fails one by one.
    std::vector<Term> instances;
    for (Term t : out) instances.push_back(solver_.instantiate(t, state, types));
    if (solver_.entails(solver_.conjunction(instances), nullptr) == Answer::unsat) return out;
    std::vector<Term> entailed;
    for (std::size_t k = 0; k < out.size(); ++k) {
        if (solver_.entails(instances[k], nullptr) == Answer::unsat) entailed.push_back(out[k]);
    }
    return entailed;
}

std::vector<Term> Explorer::polyhedra_terms(PointId header) {
    std::vector<Term> out;
    const std::vector<Type>& types = types_[header];
    const std::vector<bool>& modified = graph_.modified[header];
    auto changes = [&](const LinearFact& fact) {
        return std::any_of(fact.terms.begin(), fact.terms.end(), [&](const auto& t) { return modified[t.second]; });
    };
    // In the projection's form, the constant on the right and the first coefficient
    // positive (D =< 1, X - 2*D >= -1), so that a fact the path states already is known.
    auto term = [&](const LinearFact& fact) {
        if (fact.modulus != 0) {  // a remainder a part of the analysis knows, or a congruence
            std::vector<std::pair<Number, Term>> parts;
            for (const auto& [k, i] : fact.terms) parts.emplace_back(Number(k), solver_.point_var(i, types[i]));
            return solver_.congruence(solver_.linear_sum(parts, Number(0)), fact.modulus, fact.constant);
        }
        const bool flip = fact.terms.front().first < 0;
        std::vector<std::pair<Number, Term>> parts;
        for (const auto& [k, i] : fact.terms) {
            parts.emplace_back(Number(flip ? Integer(-k) : k), solver_.point_var(i, types[i]));
        }
        Term sum = solver_.linear_sum(parts, Number(0));
        Term bound = solver_.numeral(Number(flip ? fact.constant : Integer(-fact.constant)));
        if (fact.equality) return solver_.equal(sum, bound);
        return flip ? solver_.at_most(sum, bound) : solver_.at_least(sum, bound);
    };
    for (const LinearFact& fact : polyhedra_->at[header]) {
        if (changes(fact)) out.push_back(term(fact));
    }
    // The partition's disjunction: the phases of the loop, each a conjunction of what it
    // says of the positions the loop changes, and of what tells it from the other phases
    // (c >= 1 in the phase where a switch on a < c has happened, c =< 0 where it has not):
    // what all phases say of the positions the loop keeps, the path keeps saying; leaning
    // on it here would pin the path's candidates of an outer loop in every closure's proof.
    const auto& cases = polyhedra_->cases[header];
    bool disjunction = cases.size() >= 2;
    auto same = [](const LinearFact& a, const LinearFact& b) {
        return a.equality == b.equality && a.constant == b.constant && a.terms == b.terms && a.modulus == b.modulus;
    };
    auto in_every_case = [&](const LinearFact& fact) {
        return std::all_of(cases.begin(), cases.end(), [&](const std::vector<LinearFact>& c) {
            return std::any_of(c.begin(), c.end(), [&](const LinearFact& f) { return same(f, fact); });
        });
    };
    std::vector<Term> disjuncts;
    for (const auto& conjunction : cases) {
        std::vector<Term> conjuncts;
        for (const LinearFact& fact : conjunction) {
            if (changes(fact) || !in_every_case(fact)) conjuncts.push_back(term(fact));
        }
        if (conjuncts.empty()) disjunction = false;  // a case that says nothing
        disjuncts.push_back(solver_.conjunction(conjuncts));
    }
    if (disjunction) out.push_back(solver_.disjunction(disjuncts));
    return out;
}

void Explorer::install_header(Frame& f) {
    const std::vector<Type>& types = types_[f.point];
    // The executed state: every cell that is on (the path, and the candidates of the
    // headers above that are not abstracted).
    // For a copy of the header, the previous copy's candidates say all the path before it
    // says of the positions the loop changes: the projection starts there, and stays small
    // however many copies the path has.
    CellId from = 0;
    if (int prev = header_frame_[f.point]; prev >= 0 && frames_[static_cast<std::size_t>(prev)].header) {
        from = frames_[static_cast<std::size_t>(prev)].header->first_candidate;
    }
    std::vector<CellId> on;
    for (CellId c = from; c < solver_.cell_count(); ++c) {
        if (solver_.is_active(c)) on.push_back(c);
    }
    std::optional<Term> projected = solver_.project(on, f.state, types);
    if (!projected) return;  // nothing to abstract with: the goal stays an ordinary one

    const std::vector<bool>& modified = graph_.modified[f.point];
    std::vector<std::string> names = point_names(f.point);
    std::vector<Term> renamed = f.state;
    for (std::size_t i = 0; i < renamed.size(); ++i) {
        if (modified[i]) renamed[i] = solver_.fresh(names[i] + "_h", types[i]);
    }

    Header h;
    h.first_candidate = static_cast<CellId>(solver_.cell_count());
    std::uint32_t group = 0;
    TreeNode* node = record_ ? rec_node(f.node) : nullptr;
    // The candidates by their printed form: a difference that the projection already
    // states (x - i = y) is not added, and not tested for invariance, a second time.
    std::unordered_set<std::string> printed;
    auto known = [&](Term formula) { return printed.count(solver_.to_clp(formula, names)) > 0; };
    auto add = [&](Term formula, const char* origin) {
        std::string text = solver_.to_clp(formula, names);
        printed.insert(text);
        Candidate c;
        c.formula = formula;
        c.group = group;
        c.cell = solver_.add_switchable_cell(solver_.instantiate(formula, renamed, types), true);
        h.candidates.push_back(c);
        if (node) {
            cell_origin_.resize(solver_.cell_count());
            cell_origin_[c.cell] = {f.node, static_cast<std::uint32_t>(node->constraints.size())};
            node->constraints.push_back({std::move(text), Mark::neutral, true, false, origin});
        }
    };
    std::vector<Term> conjuncts = solver_.conjuncts(*projected);
    for (Term conjunct : conjuncts) {
        std::vector<std::uint32_t> vars = solver_.point_vars_in(conjunct);
        // What speaks only of positions the loop never changes stays true through it, and
        // the path keeps saying it: no candidate needed.
        bool changes = std::any_of(vars.begin(), vars.end(), [&](auto i) { return modified[i]; });
        if (!changes) continue;
        h.groups.push_back(conjunct);
        if (auto halves = solver_.equation_halves(conjunct)) {
            add(halves->first, "path");
            add(halves->second, "path");
        } else {
            add(conjunct, "path");
        }
        ++group;
    }
    for (Term closure : guard_closures(f.point)) {
        std::vector<std::uint32_t> vars = solver_.point_vars_in(closure);
        bool changes = std::any_of(vars.begin(), vars.end(), [&](auto i) { return modified[i]; });
        if (!changes) continue;
        if (solver_.entails(solver_.instantiate(closure, f.state, types), nullptr) != Answer::unsat) continue;
        h.groups.push_back(closure);
        add(closure, "closure");
        ++group;
    }
    // A position the loop moves only by multiples of m keeps its remainder modulo m: when
    // the path fixes that remainder (i = 0, i += 4 gives i mod 4 = 0), it is a candidate,
    // and the only one that survives when the loop's bound is unknown.
    const std::vector<Integer>& moduli = step_moduli(f.point);
    const bool moved_by_multiples = std::any_of(moduli.begin(), moduli.end(), [](const Integer& m) { return m != 0; });
    // Whether a conjunct of the path relates positions i and j (i = o, i = o + 1).
    std::vector<std::vector<std::uint32_t>> conjunct_vars;  // of each conjunct, sorted
    if (moved_by_multiples) {
        for (Term c : conjuncts) conjunct_vars.push_back(solver_.point_vars_in(c));
    }
    auto related = [&](std::uint32_t i, std::uint32_t j) {
        return std::any_of(conjunct_vars.begin(), conjunct_vars.end(), [&](const std::vector<std::uint32_t>& vars) {
            return std::binary_search(vars.begin(), vars.end(), i) && std::binary_search(vars.begin(), vars.end(), j);
        });
    };
    // A position the loop keeps that a remainder below may be taken relative to.
    auto kept_and_related = [&](std::uint32_t j) {
        if (modified[j]) return false;
        for (std::uint32_t i = 0; i < moduli.size(); ++i) {
            if (moduli[i] != 0 && related(i, j)) return true;
        }
        return false;
    };
    // The values of a model of the path (read before the entailment checks, which replace
    // the model), of the positions the loop moves by multiples and of those kept and related.
    std::vector<std::optional<Integer>> value(moduli.size());
    for (std::uint32_t i = 0; i < moduli.size() && moved_by_multiples; ++i) {
        if (types[i] != Type::integer || (moduli[i] == 0 && !kept_and_related(i))) continue;
        if (solver_.ensure_model() != Answer::sat) break;
        Number v = solver_.value(f.state[i]).number;
        if (denominator(v) == 1) value[i] = numerator(v);
    }
    auto residue = [](const Integer& v, const Integer& m) {
        Integer r = v % m;
        return r < 0 ? r + m : r;
    };
    // A remainder is invariant along every path around the loop: a proof may lean on it.
    auto add_remainder = [&](Term congruence) {
        h.groups.push_back(congruence);
        add(congruence, "remainder");
        h.candidates.back().remainder = true;
        ++group;
    };
    std::vector<bool> fixed(moduli.size(), false);  // the path fixes the remainder itself
    for (std::uint32_t i = 0; i < moduli.size(); ++i) {
        if (moduli[i] == 0 || !value[i]) continue;
        const Integer r = residue(*value[i], moduli[i]);
        Term congruence = solver_.congruence(solver_.point_var(i, types[i]), moduli[i], r);
        if (solver_.entails(solver_.instantiate(congruence, f.state, types), nullptr) != Answer::unsat) continue;
        fixed[i] = true;
        for (Candidate& c : h.candidates) {
            if (solver_.point_vars_in(c.formula) == std::vector<std::uint32_t>{i}) c.shadowed = true;
        }
        add_remainder(congruence);
    }
    // A remainder the path leaves open may be kept relative to a position the loop does not
    // change: `i = o; while (i >= 2) i -= 2` keeps (i - o) mod 2 = 0 whatever o is. The
    // first such position whose congruence the path implies gives a candidate, invariant
    // along every path around the loop like the remainder itself. Only positions that a
    // conjunct of the path relates to i are tried (i = o, i = o + 1), and a bounded number,
    // for states of many positions.
    int relative_checks = 16;
    for (std::uint32_t i = 0; i < moduli.size() && relative_checks > 0; ++i) {
        if (moduli[i] == 0 || fixed[i] || !value[i]) continue;
        for (std::uint32_t j = 0; j < moduli.size() && relative_checks > 0; ++j) {
            if (modified[j] || !value[j] || !related(i, j)) continue;
            const std::pair<Number, Term> parts[] = {{Number(1), solver_.point_var(i, types[i])},
                                                     {Number(-1), solver_.point_var(j, types[j])}};
            Term congruence = solver_.congruence(solver_.linear_sum(parts, Number(0)), moduli[i],
                                                 residue(*value[i] - *value[j], moduli[i]));
            --relative_checks;
            if (solver_.entails(solver_.instantiate(congruence, f.state, types), nullptr) != Answer::unsat) continue;
            add_remainder(congruence);
            break;
        }
    }
    // Variables the path defines (x = 0, y = n, with n kept by the loop) also get their
    // differences and sums as candidates: the projection says x = 0 ∧ y = 0, but the
    // invariant may be x >= y (the minimax paper's y >= n, slackened from y = n), y - i = n
    // (a counter i that keeps pace with y) or k + j = n (one goes down as the other goes
    // up). A bounded number, to keep closures cheap.
    std::vector<bool> solvable = modified;
    for (std::size_t i = 0; i < solvable.size(); ++i) solvable[i] = solvable[i] && types[i] != Type::array;
    auto defined = solver_.definitions(conjuncts, solvable);
    constexpr std::size_t max_differences = 24;
    std::size_t differences = 0;
    for (std::size_t a = 0; a < defined.size() && differences < max_differences; ++a) {
        for (std::size_t b = a + 1; b < defined.size() && differences < max_differences; ++b) {
          for (int sign : {-1, 1}) {
            Term eq = solver_.difference_equation(defined[a].first, defined[b].first,
                                                  defined[a].second, defined[b].second, sign);
            auto halves = solver_.equation_halves(eq);
            if (!halves || (known(halves->first) && known(halves->second))) continue;
            h.groups.push_back(eq);
            add(halves->first, "difference");
            add(halves->second, "difference");
            h.candidates[h.candidates.size() - 1].difference = true;
            h.candidates[h.candidates.size() - 2].difference = true;
            ++group;
            ++differences;
          }
        }
    }
    // The polyhedral analysis's facts (j = 2i, y + 3x = 100, x > -c): relations the path's
    // conjuncts and their differences cannot state.
    for (Term fact : polyhedra_facts(f.point, f.state)) {
        auto halves = solver_.equation_halves(fact);
        if (halves ? known(halves->first) && known(halves->second) : known(fact)) continue;
        h.groups.push_back(fact);
        if (halves) {
            add(halves->first, "polyhedra");
            h.candidates.back().polyhedra = true;
            add(halves->second, "polyhedra");
        } else {
            add(fact, "polyhedra");
        }
        h.candidates.back().polyhedra = true;
        ++group;
        ++stats_.polyhedra_candidates;
    }
    // What an unrolling of this loop taught (learn_at_unrolling), where the path entails it.
    for (Term fact : learnt_[f.point]) {
        if (known(fact)) continue;
        if (solver_.entails(solver_.instantiate(fact, f.state, types), nullptr) != Answer::unsat) continue;
        h.groups.push_back(fact);
        add(fact, "learnt");
        ++group;
    }
    h.consecutive = h.candidates.size();
    for (std::size_t i = 0; i < renamed.size(); ++i) {
        if (modified[i]) h.links.push_back(solver_.add_switchable_cell(solver_.equal(renamed[i], f.state[i]), false));
    }
    h.entry_state = f.state;
    h.entry_projection = *projected;
    f.state = std::move(renamed);
    f.header = std::move(h);
}

std::vector<CellId> Explorer::spare_candidates_off() {
    std::vector<CellId> off;
    if (headers_on_path_ == 0) return off;
    for (const Frame& g : frames_) {
        if (!g.header) continue;
        for (const Candidate& c : g.header->candidates) {
            if ((c.difference || c.shadowed || c.polyhedra) && !c.blocked && !c.min && !c.locked &&
                solver_.is_active(c.cell)) {
                solver_.set_active(c.cell, false);
                off.push_back(c.cell);
            }
        }
    }
    return off;
}

void Explorer::switch_on(const std::vector<CellId>& cells) {
    for (CellId c : cells) solver_.set_active(c, true);
}

void Explorer::note_core(const std::vector<CellId>& core, const Candidate* self) {
    if (headers_on_path_ == 0) return;
    for (Frame& g : frames_) {
        if (!g.header) continue;
        Header& h = *g.header;
        for (CellId c : core) {
            auto i = h.candidate_of(c);
            if (!i) continue;
            Candidate& cand = h.candidates[*i];
            cand.max = true;
            if (&cand != self) cand.blocked = true;
        }
    }
}

// A header between the two was set up under the candidates as they are now: abstracting
// one of them could invalidate it. Then the loop closes only without abstraction.
// A copy of the header made by unrolling closes only exactly (every candidate
// invariant): abstracting at every copy would refine each copy again, one restart per
// iteration, where unrolling is the answer already chosen.
bool Explorer::may_abstract(std::size_t hi) const {
    if (frames_[hi].previous_header >= 0) return false;
    for (std::size_t k = hi + 1; k < frames_.size(); ++k) {
        if (frames_[k].header) return false;
    }
    return true;
}

void Explorer::changed_positions(const std::vector<Term>& header, const std::vector<Term>& goal,
                                 std::vector<Term>& from, std::vector<Term>& to) {
    for (std::size_t i = 0; i < goal.size(); ++i) {
        if (header[i] != goal[i]) {
            from.push_back(header[i]);
            to.push_back(goal[i]);
        }
    }
}

bool Explorer::close_loop(std::size_t hi, const std::vector<Term>& state, std::vector<CellId>& core,
                          std::vector<LoopProof>& loop_proofs) {
    Frame& hf = frames_[hi];
    Header& h = *hf.header;
    // An unrolled copy closes only exactly; across headers nested below this one, an
    // abstraction is possible when their candidates can be weakened to match (weaken_inner).
    const bool may_abstract = hf.previous_header < 0;
    std::vector<Term> from, to;  // the header's state, and the goal's where it differs
    changed_positions(hf.state, state, from, to);
    const std::size_t n = h.candidates.size();
    std::vector<Term> goals(n, 0);
    // Checks candidate i at the goal with the candidates in `premises` on at the header.
    auto invariant = [&](std::size_t i, const std::vector<char>& premises, std::vector<CellId>& proof) {
        for (std::size_t k = 0; k < n; ++k) {
            if (!h.candidates[k].min) solver_.set_active(h.candidates[k].cell, premises[k] != 0);
        }
        if (goals[i] == 0) goals[i] = solver_.substitute(solver_.cell_term(h.candidates[i].cell), from, to);
        proof.clear();
        return solver_.entails(goals[i], &proof);
    };
    auto restore = [&] {
        for (std::size_t k = 0; k < n; ++k) {
            if (!h.candidates[k].min) solver_.set_active(h.candidates[k].cell, true);
        }
    };
    // At a copy every candidate must be invariant: the model of the path rules a copy out
    // for free when it falsifies one.
    if (!may_abstract) {
        for (std::size_t i = 0; i < n; ++i) {
            if (h.candidates[i].min) continue;
            goals[i] = solver_.substitute(solver_.cell_term(h.candidates[i].cell), from, to);
            if (solver_.model_falsifies(goals[i])) return false;
        }
        // and one check of them all together, without a core, before the proofs one by one
        std::vector<Term> all;
        for (std::size_t i = 0; i < n; ++i) {
            if (!h.candidates[i].min) all.push_back(goals[i]);
        }
        if (solver_.entails(solver_.conjunction(all), nullptr) != Answer::unsat) return false;
    }
    std::vector<std::vector<CellId>> proofs(n);
    // Houdini: drops from `set` the members of `among` that `set` does not keep invariant,
    // until a pass drops none (so each proof in proofs[] is of the set that stays). False
    // when the solver cannot tell.
    auto houdini = [&](const std::vector<std::size_t>& among, std::vector<char>& set) {
        for (bool changed = true; changed;) {
            changed = false;
            for (std::size_t i : among) {
                if (!set[i]) continue;
                Answer a = invariant(i, set, proofs[i]);
                if (a == Answer::unknown) return false;
                if (a == Answer::sat) {
                    set[i] = 0;
                    changed = true;
                }
            }
        }
        return true;
    };
    // First each candidate alone: c at the header and the path back imply c at the goal.
    // Such a proof stays valid whatever else is abstracted later.
    std::vector<char> proven(n, 0), kept(n, 0);
    std::vector<std::size_t> pending;
    for (std::size_t i = 0; i < n; ++i) {
        if (h.candidates[i].min) continue;
        std::vector<char> alone(n, 0);
        alone[i] = 1;
        Answer a = invariant(i, alone, proofs[i]);
        if (a == Answer::unknown) {
            restore();
            return false;
        }
        kept[i] = 1;
        if (a == Answer::unsat) {
            proven[i] = 1;
        } else {
            pending.push_back(i);
        }
    }
    // The others are abstracted, if they may be. Only when one of them may not (locked by a
    // refinement, relied on by a proof, or across an inner header) are they tried together
    // (Houdini): the largest set of them that, with the proven ones, implies itself along
    // the path. That costs generality: a candidate used as a premise of another's proof is
    // marked (note_core) and never abstracted afterwards, so it is only the second choice,
    // and where the header may abstract, the set is then cut down to what must stay (below).
    bool all_abstractable = may_abstract;
    for (std::size_t i : pending) {
        if (h.candidates[i].locked || h.candidates[i].blocked) all_abstractable = false;
    }
    if (all_abstractable) {
        // A candidate that is invariant given a remainder (a bound that holds because of a
        // parity: i < n ∧ i mod 2 = 0 ∧ n = 128 keeps i + 2 =< n) is kept. The remainder its
        // proof uses is marked, which costs nothing: every path around the loop keeps it.
        std::vector<char> premises(n, 0);
        for (std::size_t k = 0; k < n; ++k) {
            premises[k] = proven[k] && (h.candidates[k].remainder || h.candidates[k].polyhedra);
        }
        // The polyhedral analysis's facts often hold only together (x =< 10 - d needs
        // 0 =< d =< 1): of those not invariant alone, the largest set that implies itself
        // along the path, with the premises above (Houdini). Each proof is of the last pass,
        // which removed none, so it holds of the set kept.
        std::vector<std::size_t> facts;
        for (std::size_t i : pending) {
            if (h.candidates[i].polyhedra) {
                facts.push_back(i);
                premises[i] = 1;
            }
        }
        if (!houdini(facts, premises)) {
            restore();
            return false;
        }
        for (std::size_t i : facts) kept[i] = premises[i];
        const bool helps = std::count(premises.begin(), premises.end(), 1) > 0;
        for (std::size_t i : pending) {
            if (h.candidates[i].polyhedra) continue;
            premises[i] = 1;
            Answer a = helps ? invariant(i, premises, proofs[i]) : Answer::sat;
            premises[i] = 0;
            if (a == Answer::unknown) {
                restore();
                return false;
            }
            kept[i] = a == Answer::unsat ? 1 : 0;
        }
    }
    if (!all_abstractable && !houdini(pending, kept)) {
        restore();
        return false;
    }
    // What must stay: the Houdini proofs lean on whichever kept candidates Z3's core names,
    // and would block them all, so a candidate another way back breaks (x =< 2 where another
    // rule increments x) could never be abstracted and the loop would only unroll. Kept are
    // the candidates locked or blocked already and, transitively, the premises their proofs
    // need, each proof asked first of premises already settled; the other candidates that
    // need premises are abstracted, as at a header with nothing locked.
    if (!all_abstractable && may_abstract) {
        std::vector<char> settled(n, 0), needed(n, 0);
        std::vector<std::size_t> work;
        for (std::size_t i : pending) {
            if (kept[i] && (h.candidates[i].locked || h.candidates[i].blocked)) {
                needed[i] = 1;
                work.push_back(i);
            }
        }
        for (std::size_t k = 0; k < n; ++k) settled[k] = needed[k] || (kept[k] && proven[k]);
        while (!work.empty()) {
            const std::size_t i = work.back();
            work.pop_back();
            // premises that are settled, then those shown invariant alone too, then all kept
            std::vector<CellId> proof;
            Answer a = invariant(i, needed, proof);
            if (a != Answer::unsat) a = invariant(i, settled, proof);
            if (a != Answer::unsat) a = invariant(i, kept, proof);
            if (a != Answer::unsat) {
                restore();
                return false;  // the fixpoint found it invariant, so only an unknown gets here
            }
            for (CellId c : proof) {
                auto premise = h.candidate_of(c);
                if (!premise) continue;
                const std::size_t k = *premise;
                if (!needed[k] && !proven[k]) {
                    needed[k] = settled[k] = 1;  // a premise: it must stay, and be proved too
                    work.push_back(k);
                }
            }
            proofs[i] = std::move(proof);
        }
        for (std::size_t i : pending) {
            if (kept[i] && !needed[i]) kept[i] = 0;
        }
    }
    restore();
    std::vector<std::size_t> abstracted, blocking;
    bool stuck = false, only_blocked = may_abstract;
    for (std::size_t i : pending) {
        if (kept[i]) continue;
        const Candidate& c = h.candidates[i];
        if (c.locked) only_blocked = false;
        if (c.blocked && !c.locked) blocking.push_back(i);
        if (c.locked || c.blocked || !may_abstract) {
            stuck = true;  // all or nothing
        } else {
            abstracted.push_back(i);
        }
    }
    if (stuck) {
        if (only_blocked && !blocking.empty()) blocking_ = Blocking{hi, std::move(blocking), false};
        return false;
    }
    std::vector<CellId> abstracted_cells;
    for (std::size_t i : abstracted) abstracted_cells.push_back(h.candidates[i].cell);
    std::vector<std::vector<CellId>*> kept_proofs;
    for (std::size_t i = 0; i < n; ++i) {
        if (kept[i]) kept_proofs.push_back(&proofs[i]);
    }
    std::vector<std::string> weakened;
    bool inner_only_blocked = false;
    if (!abstracted.empty() && !weaken_inner(hi, abstracted_cells, kept_proofs, weakened, inner_only_blocked)) {
        // The header's own candidates that this way back breaks could go, but inner
        // headers' candidates that follow from them are relied on by proofs below. Dropped
        // instead, and the header restarted, they are no longer there for the inner headers
        // to take from the path.
        if (inner_only_blocked) blocking_ = Blocking{hi, abstracted, true};
        return false;
    }
    last_abstracted_.clear();
    last_kept_.clear();
    for (std::size_t i = 0; i < n && record_; ++i) {
        if (kept[i]) last_kept_.push_back(solver_.to_clp(h.candidates[i].formula, point_names(hf.point)));
    }
    for (std::size_t i : abstracted) {
        h.candidates[i].min = true;
        h.last_abstraction = stats_.nodes;
        solver_.set_active(h.candidates[i].cell, false);
        if (record_) {
            last_abstracted_.push_back(solver_.to_clp(h.candidates[i].formula, point_names(hf.point)));
            rec_mark(h.candidates[i].cell, Mark::min);
            rec_event("abstract", hf.node, last_abstracted_.back());
        }
    }
    last_abstracted_.insert(last_abstracted_.end(), weakened.begin(), weakened.end());
    loop_proofs.clear();
    for (std::size_t i = 0; i < n; ++i) {
        if (!kept[i]) continue;
        h.candidates[i].closed = true;
        note_core(proofs[i], &frames_[hi].header->candidates[i]);
        core.insert(core.end(), proofs[i].begin(), proofs[i].end());
        std::sort(proofs[i].begin(), proofs[i].end());
        loop_proofs.push_back({hf.node, static_cast<std::uint32_t>(i), std::move(proofs[i])});
    }
    std::sort(core.begin(), core.end());
    core.erase(std::unique(core.begin(), core.end()), core.end());
    return true;
}

bool Explorer::weaken_inner(std::size_t hi, const std::vector<CellId>& abstracted,
                            const std::vector<std::vector<CellId>*>& kept_proofs,
                            std::vector<std::string>& weakened_text, bool& only_blocked) {
    only_blocked = false;
    bool relied_on = false;  // a candidate that would go is blocked (a proof relies on it)
    std::vector<std::pair<std::size_t, std::size_t>> weakened;  // (frame, candidate)
    std::vector<Candidate*> stale;  // abstracted already, and no longer following either
    std::vector<std::size_t> touched;  // the frames of the headers those belong to
    std::vector<CellId> off = abstracted;
    for (CellId c : off) solver_.set_active(c, false);
    auto undo = [&] {
        for (CellId c : off) solver_.set_active(c, true);
        return false;
    };
    for (std::size_t k = hi + 1; k < frames_.size(); ++k) {
        if (!frames_[k].header) continue;
        Frame& g = frames_[k];
        Header& gh = *g.header;
        // What the path up to this header says, with the abstractions so far: the live
        // cells before its candidates.
        std::vector<CellId> before;
        for (CellId c = 0; c < gh.first_candidate; ++c) {
            if (solver_.is_active(c)) before.push_back(c);
        }
        for (std::size_t i = 0; i < gh.candidates.size(); ++i) {
            Candidate& d = gh.candidates[i];
            if (d.stale) continue;
            Term holds = solver_.instantiate(d.formula, gh.entry_state, types_[g.point]);
            if (solver_.core_among(before, holds)) continue;
            // One abstracted already must never come back (a restart of its header, a
            // lock): the path no longer implies it.
            if (d.min) {
                stale.push_back(&d);
                touched.push_back(k);
                continue;
            }
            // A proof below relies on it: no weakening. Whether the caller may drop instead
            // depends on every candidate that would go (a locked one forbids that), so the
            // scan goes on as if this one went too.
            if (d.locked) return undo();
            if (d.blocked) relied_on = true;
            weakened.emplace_back(k, i);
            off.push_back(d.cell);
            solver_.set_active(d.cell, false);
        }
    }
    if (relied_on) {
        only_blocked = true;
        return undo();
    }
    // The invariance proofs of the candidates kept must not use what goes, nor a candidate
    // of an inner header that its own loop has not yet shown invariant: the proof would pin
    // it, and the inner loop, whose body may not be explored yet, would have to unroll
    // instead (a loop over the cells of a rectangle would close the outer loop with
    // cells = 0 before the inner loop counts a cell).
    std::vector<CellId> free_inner;
    for (std::size_t k = hi + 1; k < frames_.size(); ++k) {
        if (!frames_[k].header) continue;
        for (const Candidate& d : frames_[k].header->candidates) {
            if (!d.min && !d.blocked && !d.locked && !d.closed) free_inner.push_back(d.cell);
        }
    }
    for (const std::vector<CellId>* proof : kept_proofs) {
        for (CellId c : *proof) {
            if (std::find(off.begin(), off.end(), c) != off.end()) return undo();
            if (std::find(free_inner.begin(), free_inner.end(), c) != free_inner.end()) return undo();
        }
    }
    for (CellId c : abstracted) solver_.set_active(c, true);  // the caller abstracts them
    for (Candidate* d : stale) d->stale = true;
    for (std::size_t k : touched) frames_[k].header->last_stale = stats_.nodes;
    for (auto [k, i] : weakened) {
        Frame& g = frames_[k];
        g.header->last_abstraction = g.header->last_stale = stats_.nodes;
        Candidate& d = g.header->candidates[i];
        d.min = true;
        d.stale = true;
        ++stats_.weakenings;
        if (record_) {
            std::string text = solver_.to_clp(d.formula, point_names(g.point));
            rec_mark(d.cell, Mark::min);
            rec_event("abstract", g.node,
                      fmt::format("{} (weakened: the loop of [{}] abstracted)", text, frames_[hi].node));
            weakened_text.push_back(fmt::format("{} at inner header [{}]", text, g.node));
        }
    }
    return true;
}

void Explorer::settle_loop_proofs(Frame& f) {
    std::erase_if(f.loop_proofs, [&](LoopProof& p) {
        if (f.header && p.header_node == f.node) {
            f.max_cells.insert(f.max_cells.end(), p.cells.begin(), p.cells.end());
            return true;
        }
        for (const Frame& g : frames_) {
            if (g.header && g.node == p.header_node) return g.header->candidates[p.candidate].min;
        }
        return true;  // its header is gone (cannot happen: a proof ends at its header)
    });
    if (f.header) {
        std::sort(f.max_cells.begin(), f.max_cells.end());
        f.max_cells.erase(std::unique(f.max_cells.begin(), f.max_cells.end()), f.max_cells.end());
        drop_abstracted(f.max_cells);
    }
}

bool Explorer::forced_subsumption(const MemoEntry& e, PointId point, const std::vector<Term>& state,
                                  std::vector<CellId>& core, std::vector<LoopProof>& loop_proofs) {
    const std::vector<Type>& types = types_[point];
    if (solver_.model_falsifies_at(*e.plain, state, types)) return false;
    Term plain = solver_.instantiate(*e.plain, state, types);
    // Each context's loop must be open in the same copy; a context the goal does not entail
    // names a candidate to abstract, if that is allowed.
    struct Context {
        std::size_t frame;
        std::uint32_t candidate;
        Term goal;
        bool holds;
    };
    std::vector<Context> contexts;
    bool abstracts = false;
    for (const LoopContext& lc : e.loop_contexts) {
        std::optional<std::size_t> hi;
        for (std::size_t k = 0; k < frames_.size(); ++k) {
            if (frames_[k].header && frames_[k].node == lc.header_node) hi = k;
        }
        if (!hi) return false;  // another copy of the loop: the whole interpolant was needed
        const Candidate& c = frames_[*hi].header->candidates[lc.candidate];
        if (c.min) continue;  // abstracted since: its invariance is no longer needed
        Term goal = solver_.instantiate(lc.formula, state, types);
        bool holds = solver_.entails(goal, nullptr) == Answer::unsat;
        // A fact of the polyhedral analysis holds of every state the program reaches at its
        // header: a subsumption is not worth losing it (it would have to be found again by
        // a restart, if at all).
        if (!holds && (c.locked || c.blocked || c.polyhedra || !may_abstract(*hi))) return false;
        abstracts = abstracts || !holds;
        contexts.push_back({*hi, lc.candidate, goal, holds});
    }
    if (!abstracts) return false;  // then the whole interpolant was entailed, or not at all
    // The candidates to abstract switched off, the rest must still follow: the plain
    // interpolant and the contexts kept, each with the cells its proof uses.
    for (const Context& c : contexts) {
        if (!c.holds) solver_.set_active(frames_[c.frame].header->candidates[c.candidate].cell, false);
    }
    auto undo = [&] {
        for (const Context& c : contexts) {
            if (!c.holds) solver_.set_active(frames_[c.frame].header->candidates[c.candidate].cell, true);
        }
        return false;
    };
    std::vector<CellId> plain_core;
    if (!entailed(plain, plain_core)) return undo();
    std::vector<LoopProof> kept;
    for (const Context& c : contexts) {
        if (!c.holds) continue;
        std::vector<CellId> proof;
        if (!entailed(c.goal, proof)) return undo();
        std::sort(proof.begin(), proof.end());
        kept.push_back({frames_[c.frame].node, c.candidate, std::move(proof)});
    }
    ++stats_.forced_subsumptions;
    last_abstracted_.clear();
    std::size_t next_kept = 0;
    for (const Context& c : contexts) {
        Frame& hf = frames_[c.frame];
        Candidate& cand = hf.header->candidates[c.candidate];
        if (c.holds) {
            note_core(kept[next_kept++].cells, &cand);
            continue;
        }
        cand.min = true;  // its cell is off already
        hf.header->last_abstraction = stats_.nodes;
        if (record_) {
            std::string text = solver_.to_clp(cand.formula, point_names(hf.point));
            rec_mark(cand.cell, Mark::min);
            rec_event("abstract", hf.node, text + " (forced by a memo entry)");
            last_abstracted_.push_back(std::move(text));
            last_forced_header_ = hf.node;
        }
    }
    core = std::move(plain_core);
    loop_proofs = std::move(kept);
    return true;
}

Explorer::Visit Explorer::on_error(std::uint64_t node, PathStep step) {
    std::vector<std::size_t> headers;
    for (std::size_t k = 0; k < frames_.size(); ++k) {
        if (frames_[k].header) headers.push_back(k);
    }
    // Cell activation per header: as explored, with every candidate, or concrete (every
    // candidate and the links that tie the renamed state to the path).
    enum class Mode { explored, full, concrete };
    auto set_mode = [&](std::size_t k, Mode m) {
        Header& h = *frames_[k].header;
        for (const Candidate& c : h.candidates) {
            solver_.set_active(c.cell, m == Mode::explored ? !c.min : !c.stale);
        }
        for (CellId l : h.links) solver_.set_active(l, m == Mode::concrete);
    };
    auto leave_unexplained = [&](bool unknown) {
        if (record_) rec_kind(node, NodeKind::unknown);
        for (std::size_t k : headers) set_mode(k, Mode::explored);
        solver_.pop();
        if (unknown) {
            solver_unknown_ = true;
        } else {
            unexplained_spurious_ = true;
            ++stats_.unexplained_errors;
        }
        return Visit::finished;
    };

    for (std::size_t k : headers) set_mode(k, Mode::concrete);
    Answer concrete = solver_.check();
    if (concrete == Answer::sat && solver_.ensure_model() == Answer::sat) {
        if (record_) rec_kind(node, NodeKind::error_real);
        ++stats_.errors;
        path_.push_back(std::move(step));
        counterexample_ = make_counterexample(solver_, program_, path_);
        return Visit::error;
    }
    if (concrete != Answer::unsat) return leave_unexplained(true);

    if (auto cex = accelerated_error(headers, step)) {
        if (record_) rec_kind(node, NodeKind::error_real);
        ++stats_.errors;
        path_.push_back(std::move(step));
        counterexample_ = std::move(cex);
        return Visit::error;
    }
    ++stats_.spurious_errors;
    // Nearest header first: its full candidates, with the path below it concrete.
    for (std::size_t n = headers.size(); n-- > 0;) {
        const std::size_t k = headers[n];
        for (std::size_t m = 0; m < n; ++m) set_mode(headers[m], Mode::explored);
        set_mode(k, Mode::full);
        Answer a = solver_.check();
        if (a == Answer::unsat) {
            std::vector<CellId> core = solver_.unsat_core();
            Header& h = *frames_[k].header;
            // Lock exactly the abstracted candidates the refutation needs (for an equation,
            // perhaps one half: the other may still be slackened away).
            std::vector<CellId> needed;
            for (CellId c : core) {
                auto i = h.candidate_of(c);
                if (i && h.candidates[*i].min) needed.push_back(c);
            }
            if (!needed.empty()) {
                std::vector<std::string> locks;
                for (Candidate& cand : h.candidates) {
                    if (std::find(needed.begin(), needed.end(), cand.cell) != needed.end()) {
                        cand.locked = true;
                        if (record_) {
                            locks.push_back(solver_.to_clp(cand.formula, point_names(frames_[k].point)));
                            TreeNode* hn = rec_node(cell_origin_[cand.cell].node);
                            hn->constraints[cell_origin_[cand.cell].index].locked = true;
                            rec_event("lock", frames_[k].node, locks.back());
                        }
                    }
                }
                if (record_) {
                    rec_kind(node, NodeKind::error_spurious);
                    rec_node(node)->loop_ancestor = frames_[k].node;
                    rec_node(node)->locks = std::move(locks);
                }
                for (std::size_t hk : headers) set_mode(hk, Mode::explored);
                solver_.pop();
                restart_target_ = k;
                return Visit::restart;
            }
        } else if (a == Answer::unknown) {
            return leave_unexplained(true);
        }
        set_mode(k, Mode::concrete);  // for the headers farther out, this one is concrete
    }
    return leave_unexplained(false);
}

void Explorer::drop_abstracted(std::vector<CellId>& cells) const {
    if (headers_on_path_ == 0) return;
    for (const Frame& g : frames_) {
        if (!g.header) continue;
        const Header& h = *g.header;
        std::erase_if(cells, [&](CellId c) {
            auto i = h.candidate_of(c);
            return i && h.candidates[*i].min;
        });
    }
}

void Explorer::restart(std::size_t hi) {
    while (frames_.size() > hi + 1) {
        const Frame& g = frames_.back();
        if (g.header) {
            header_frame_[g.point] = g.previous_header;
            --headers_on_path_;
        }
        --on_path_[g.point];
        solver_.pop();
        path_.pop_back();
        frames_.pop_back();
    }
    Frame& h = frames_[hi];
    h.next_rule = 0;
    h.deferred.clear();
    h.next_deferred = 0;
    h.second_pass = false;
    h.max_cells.clear();
    // What the children left in the frame goes with them: a loop proof of a discarded
    // closure would otherwise enter the header's memo entry as a context, naming a candidate
    // this restart may have dropped, and the certificate would claim it at the header.
    h.loop_proofs.clear();
    h.escapes.clear();
    h.slack = true;
    h.complete = true;
    for (Candidate& c : h.header->candidates) {
        c.max = c.blocked = c.closed = false;
        if (c.stale) continue;  // an outer loop's abstraction took what implied it: stays off
        if (c.dropped && !c.locked) continue;  // no invariant of the header holds it
        c.min = false;
        solver_.set_active(c.cell, true);
        if (record_) rec_mark(c.cell, Mark::neutral);
    }
    if (record_) {
        for (TreeNode& n : tree_.nodes) {
            if (n.id > h.node) n.discarded = true;
        }
        rec_event("restart", h.node, fmt::format("restart {} at node {}", stats_.restarts + 1, h.node));
    }
    add_learnt(hi);
    memo_.erase_newer_than(h.node);
    std::erase_if(invariants_, [&](const Invariant& i) { return i.node > h.node; });
    std::erase_if(header_reports_, [&](const HeaderReport& r) { return r.node > h.node; });
    solver_.forget_model();
    ++stats_.restarts;
}

bool Explorer::learn_at_unrolling(PointId point, const std::vector<Term>& state, std::uint64_t node,
                                  std::size_t& header) {
    const int first = header_frame_[point];
    if (first < 0) return false;
    const auto hi = static_cast<std::size_t>(first);
    Frame& hf = frames_[hi];
    // Only at the first return to the first copy: farther copies close only exactly, and
    // what they would learn is what the first copy learns on its own way back.
    if (hf.previous_header >= 0 || !hf.header) return false;
    if (learnt_[point].size() >= max_learnt_per_header) return false;
    // and only when the way back is one iteration (a header with loops nested in it has no
    // copies: its way back may run around it several times, and a precondition of several
    // iterations is a weak one).
    if (on_path_[point] != 1 || !may_restart_cleanly(hi)) return false;
    Header& h = *hf.header;
    const std::vector<Type>& types = types_[point];
    const std::vector<bool>& modified = graph_.modified[point];
    std::vector<std::string> names = point_names(point);
    std::vector<Term> from, to;  // the header's state, and the goal's where it differs
    changed_positions(hf.state, state, from, to);
    // The way back: the cells after the header's own, as they are (inner headers' candidates
    // included), without the header's candidates: the precondition is of the way alone.
    std::vector<CellId> way;
    for (CellId c = static_cast<CellId>(hf.cells_end); c < solver_.cell_count(); ++c) {
        if (solver_.is_active(c)) way.push_back(c);
    }
    std::unordered_set<std::string> printed;
    // What must stay at the header whatever else goes: a fact these imply adds nothing.
    std::vector<Term> settled;
    for (const Candidate& c : h.candidates) {
        printed.insert(solver_.to_clp(c.formula, names));
        if (!c.min && (c.locked || c.blocked || c.remainder || c.polyhedra)) settled.push_back(c.formula);
    }
    std::vector<std::string> lines;
    for (const Candidate& c : h.candidates) {
        if (c.min || !(c.locked || c.blocked)) continue;
        Term broken = solver_.negation(solver_.substitute(solver_.cell_term(c.cell), from, to));
        std::optional<Term> pre = solver_.project(way, hf.state, types, broken);
        // No state breaks it this way: it is not what failed.
        if (!pre || solver_.check_alone(*pre, solver::Purpose::entailment) != Answer::sat) continue;
        for (Term atom : solver_.conjuncts(*pre)) {
            if (learnt_[point].size() >= max_learnt_per_header) break;
            std::optional<Term> fact = solver_.complement(atom);
            if (!fact) continue;
            std::vector<std::uint32_t> vars = solver_.point_vars_in(*fact);
            if (std::none_of(vars.begin(), vars.end(), [&](auto v) { return modified[v]; })) continue;
            std::string text = solver_.to_clp(*fact, names);
            if (!printed.insert(text).second) continue;
            // Nothing learnt that those say already (x >= -1 beside x >= 0).
            settled.push_back(solver_.negation(*fact));
            const bool implied =
                solver_.check_alone(solver_.conjunction(settled), solver::Purpose::entailment) == Answer::unsat;
            settled.pop_back();
            if (implied) continue;
            // A candidate holds where the loop is entered: the path up to the header says so
            // (asked of its projection there: the way back is on the solver's path too).
            Term outside = solver_.conjunction(std::vector<Term>{h.entry_projection, solver_.negation(*fact)});
            if (solver_.check_alone(outside, solver::Purpose::entailment) != Answer::unsat) continue;
            learnt_[point].push_back(*fact);
            learnt_pending_.push_back(*fact);
            lines.push_back(fmt::format("{} (from {}, broken on the way back to node {})", text,
                                        solver_.to_clp(c.formula, names), node));
        }
    }
    if (learnt_pending_.empty()) return false;
    if (record_) {
        rec_kind(node, NodeKind::restarted);
        TreeNode* n = rec_node(node);
        n->loop_ancestor = hf.node;
        for (Term fact : learnt_pending_) n->learnt.push_back(solver_.to_clp(fact, names));
        for (std::string& line : lines) rec_event("learn", hf.node, std::move(line));
    }
    header = hi;
    return true;
}

bool Explorer::drop_at_unrolling(PointId point, std::uint64_t node, std::size_t& header) {
    const int first = header_frame_[point];
    if (first < 0 || !blocking_ || blocking_->frame != static_cast<std::size_t>(first)) return false;
    const auto hi = static_cast<std::size_t>(first);
    Frame& hf = frames_[hi];
    if (hf.previous_header >= 0 || !hf.header || on_path_[point] != 1 || !may_restart_cleanly(hi)) return false;
    Header& h = *hf.header;
    std::vector<std::string> dropped;
    for (std::size_t i : blocking_->candidates) {
        Candidate& c = h.candidates[i];
        c.dropped = true;  // off: restart() leaves it off, unless a refutation locks it
        c.min = true;
        solver_.set_active(c.cell, false);
        ++stats_.dropped_candidates;
        if (record_) {
            dropped.push_back(solver_.to_clp(c.formula, point_names(hf.point)));
            rec_mark(c.cell, Mark::min);
            rec_event("abstract", hf.node,
                      fmt::format("{} (dropped: not kept by the way back to node {}, and proofs below relied on {})",
                                  dropped.back(), node,
                                  blocking_->inner ? "what it gave the headers of the loops nested in this one" : "it"));
        }
    }
    blocking_.reset();
    if (record_) {
        rec_kind(node, NodeKind::restarted);
        TreeNode* n = rec_node(node);
        n->loop_ancestor = hf.node;
        n->abstracted = std::move(dropped);
    }
    header = hi;
    return true;
}

bool Explorer::may_restart_cleanly(std::size_t hi) const {
    const std::uint64_t since = frames_[hi].node;
    if (frames_[hi].header->last_stale > since) return false;
    for (std::size_t k = 0; k < hi; ++k) {
        if (frames_[k].header && frames_[k].header->last_abstraction > since) return false;
    }
    return true;
}

bool Explorer::stays_in_loop(std::uint32_t rule) const {
    const Rule& r = program_.rules[rule];
    return r.body_point != no_point && graph_.on_cycle[r.head_point] &&
           graph_.component[r.body_point] == graph_.component[r.head_point];
}

std::uint32_t Explorer::rule_of(const Frame& f, std::size_t k) {
    const std::vector<std::uint32_t>& rules = program_.points[f.point].rules;
    if (!f.body_first) return rules[k];
    std::optional<std::vector<std::uint32_t>>& order = body_first_rules_[f.point];
    if (!order) {
        order.emplace();
        for (std::uint32_t r : rules) {
            if (stays_in_loop(r)) order->push_back(r);
        }
        for (std::uint32_t r : rules) {
            if (!stays_in_loop(r)) order->push_back(r);
        }
    }
    return (*order)[k];
}

bool Explorer::reorder_at_unrolling(PointId point, std::uint64_t node, std::size_t& header) {
    const int first = header_frame_[point];
    if (first < 0) return false;
    const auto hi = static_cast<std::size_t>(first);
    Frame& hf = frames_[hi];
    if (hf.previous_header >= 0 || !hf.header || hf.body_first || on_path_[point] != 1) return false;
    if (!may_restart_cleanly(hi)) return false;
    const bool relied_on = std::any_of(hf.header->candidates.begin(), hf.header->candidates.end(),
                                       [](const Candidate& c) { return !c.min && c.blocked && !c.locked; });
    if (!relied_on) return false;
    // Some point of the loop, from the header up, has tried a way out of the loop already.
    const auto component = graph_.component[point];
    bool left = false;
    for (std::size_t k = hi; k < frames_.size() && !left; ++k) {
        const Frame& g = frames_[k];
        if (graph_.component[g.point] != component) continue;
        for (std::size_t r = 0; r < g.next_rule && !left; ++r) left = !stays_in_loop(rule_of(g, r));
    }
    if (!left) return false;
    if (body_first_.empty()) body_first_.assign(program_.points.size(), 0);
    body_first_[static_cast<std::size_t>(component)] = 1;
    hf.body_first = true;
    ++stats_.reorders;
    if (record_) {
        rec_kind(node, NodeKind::restarted);
        rec_node(node)->loop_ancestor = hf.node;
        rec_event("reorder", hf.node, fmt::format("the loop's points try the rules that stay in it "
                                                  "first (from node {})", node));
    }
    header = hi;
    return true;
}

void Explorer::add_learnt(std::size_t hi) {
    if (learnt_pending_.empty()) return;
    Frame& hf = frames_[hi];
    Header& h = *hf.header;
    const std::vector<Type>& types = types_[hf.point];
    std::vector<std::string> names = point_names(hf.point);
    TreeNode* node = record_ ? rec_node(hf.node) : nullptr;
    for (Term fact : learnt_pending_) {
        Candidate c;
        c.formula = fact;
        c.group = static_cast<std::uint32_t>(h.groups.size());
        c.cell = solver_.add_switchable_cell(solver_.instantiate(fact, hf.state, types), true);
        h.groups.push_back(fact);
        h.candidates.push_back(c);
        ++stats_.learnt_candidates;
        if (node) {
            cell_origin_.resize(solver_.cell_count());
            cell_origin_[c.cell] = {hf.node, static_cast<std::uint32_t>(node->constraints.size())};
            node->constraints.push_back({solver_.to_clp(fact, names), Mark::neutral, true, false, "learnt"});
        }
    }
    learnt_pending_.clear();
    hf.cells_end = solver_.cell_count();
}

// The candidates a proof below used (max) hold at the header because the path up to it
// implies them; the goals above must keep what does, or their interpolants would forget
// the reason (DESIGN.md: across a header, B := ¬(max candidates) on the older segment).
void Explorer::require_candidates_above(Frame& f) {
    const Header& h = *f.header;
    const std::vector<Type>& types = types_[f.point];
    std::vector<Term> used;
    for (const Candidate& c : h.candidates) {
        if (c.max && !c.min) used.push_back(solver_.instantiate(c.formula, h.entry_state, types));
    }
    if (used.empty()) return;
    // Asked of the path alone: the header's own candidates are on, and they speak of the
    // positions the loop keeps too (Cols at the entry and in Cols + I - Cells =< 1000 over the
    // renamed I and Cells), so a core could name them as their own reason, and the goals
    // above, which keep only their cells, would forget it (Cols =< 1000).
    std::vector<CellId> own;
    for (const Candidate& c : h.candidates) {
        if (solver_.is_active(c.cell)) own.push_back(c.cell);
    }
    for (CellId c : own) solver_.set_active(c, false);
    std::vector<CellId> core;
    const Answer entailed = solver_.entails(solver_.conjunction(used), &core);
    for (CellId c : own) solver_.set_active(c, true);
    if (entailed != Answer::unsat) {
        // Cannot happen for candidates projected from the path; if the solver cannot tell,
        // the whole prefix is kept: weaker interpolants, never unsound ones.
        core.clear();
        for (CellId c = 0; c < f.cells_begin; ++c) {
            if (solver_.is_active(c)) core.push_back(c);
        }
    }
    note_core(core);
    f.max_cells.insert(f.max_cells.end(), core.begin(), core.end());
}

void Explorer::finish_header(const Frame& f, std::optional<Term> interpolant) {
    std::vector<std::string> names = point_names(f.point);
    if (interpolant) {
        invariants_.push_back({program_.point_label(f.point), f.node, solver_.to_clp(*interpolant, names)});
    }
    if (!f.header) return;
    header_frame_[f.point] = f.previous_header;
    --headers_on_path_;
    HeaderReport rep;
    rep.point = program_.point_label(f.point);
    rep.node = f.node;
    const Header& h = *f.header;
    std::vector<bool>& abstracted = abstracted_at_finish_[f.node];
    for (const Candidate& c : h.candidates) abstracted.push_back(c.min);
    for (std::size_t i = 0; i < h.candidates.size(); ++i) {
        const Candidate& c = h.candidates[i];
        ++(c.min ? stats_.candidates_abstracted : stats_.candidates_kept);
        // Both halves of an equation alike: report the equation once.
        bool pair = i + 1 < h.candidates.size() && h.candidates[i + 1].group == c.group;
        if (pair && h.candidates[i + 1].min == c.min && h.candidates[i + 1].locked == c.locked) {
            const Candidate& d = h.candidates[i + 1];
            ++(d.min ? stats_.candidates_abstracted : stats_.candidates_kept);
            std::string text = solver_.to_clp(h.groups[c.group], names);
            (c.min ? rep.abstracted : rep.kept).push_back(text);
            if (c.locked) rep.locked.push_back(text);
            ++i;
            continue;
        }
        std::string text = solver_.to_clp(c.formula, names);
        (c.min ? rep.abstracted : rep.kept).push_back(text);
        if (c.locked) rep.locked.push_back(text);
    }
    header_reports_.push_back(std::move(rep));
}

}  // namespace clpi::engine
