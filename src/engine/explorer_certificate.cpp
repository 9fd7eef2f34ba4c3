// The certificate of a SAFE answer (result.hpp): the memo tables read as an inductive
// invariant. Each stored interpolant I(n) of a goal n at point p is implied by n's state, and
// for each rule from p, I(n) and the rule's constraints imply the interpolant of the child
// (or of the entry or looping header that covered it), or are unsatisfiable: that is how the
// interpolant was made, from the cores of the proofs below n. The disjunction of the
// entries at each point is then closed under every rule, contains the query, and meets no
// error rule. The engine does not check this itself: an independent solver does
// (certificate.hpp), so a flaw in the argument or in the engine shows there, not as a SAFE.
#include <algorithm>
#include <unordered_map>

#include <fmt/format.h>

#include "engine/certificate_cases.hpp"
#include "engine/explorer.hpp"
#include "engine/point_names.hpp"

namespace clpi::engine {


std::optional<Certificate> Explorer::certificate(std::string& why) {
    if (!traits_.interpolate) {
        why = fmt::format("the {} strategy learns no interpolants to build one from",
                          to_string(traits_.strategy));
        return std::nullopt;
    }
    if (goals_without_entry_ > 0) {
        why = fmt::format("{} goal(s) finished without a memo entry (an interpolant could not "
                          "be projected)", goals_without_entry_);
        return std::nullopt;
    }
    // Per loop header node: what its interpolant says of the positions its loop never
    // changes. A goal inside the loop keeps those values, but its own interpolant need not
    // say so (the path before the header does): without them a point inside the loop would
    // not lead back to the header's formula.
    std::unordered_map<std::uint64_t, std::vector<Term>> kept_by_loop;
    for (PointId p = 0; p < program_.points.size(); ++p) {
        if (!graph_.header[p]) continue;
        const std::vector<bool>& modified = graph_.modified[p];
        for (const MemoEntry& e : memo_.at(p)) {
            std::vector<Term>& kept = kept_by_loop[e.node];
            for (Term t : solver_.conjuncts(e.interpolant)) {
                std::vector<std::uint32_t> vars = solver_.point_vars_in(t);
                if (std::none_of(vars.begin(), vars.end(), [&](std::uint32_t i) { return modified[i]; })) {
                    kept.push_back(t);
                }
            }
        }
    }
    Certificate c;
    for (PointId p = 0; p < program_.points.size(); ++p) {
        std::vector<std::vector<Term>> cases;  // each a conjunction
        for (const MemoEntry& e : memo_.at(p)) {
            // Inside a loop: the plain interpolant and the contexts of the candidates their
            // header kept (a forced subsumption may have abstracted the others).
            std::vector<Term> parts{e.plain ? *e.plain : e.interpolant};
            for (const LoopContext& lc : e.loop_contexts) {
                auto it = abstracted_at_finish_.find(lc.header_node);
                bool moot = it != abstracted_at_finish_.end() && lc.candidate < it->second.size() &&
                            it->second[lc.candidate];
                if (!moot) parts.push_back(lc.formula);
            }
            for (std::uint64_t h : e.in_loops_of) {
                auto it = kept_by_loop.find(h);
                if (it != kept_by_loop.end()) parts.insert(parts.end(), it->second.begin(), it->second.end());
            }
            std::vector<Term> flat;  // without `true` and repeats, so that it reads well
            for (Term part : parts) {
                for (Term t : solver_.conjuncts(part)) {
                    if (std::none_of(flat.begin(), flat.end(), [&](Term u) { return solver_.same(t, u); })) flat.push_back(t);
                }
            }
            cases.push_back(std::move(flat));
        }
        cases = fewer_cases(solver_, std::move(cases), program_.domain == Domain::integer);
        std::vector<Term> disjuncts;
        for (const std::vector<Term>& flat : cases) disjuncts.push_back(solver_.conjunction(flat));
        // A point without rules ends every path normally: any state may be there. Otherwise
        // false when no goal reached p.
        // (Its remainders as the rules write them: solver/remainders.hpp.)
        Term formula = program_.points[p].rules.empty() ? solver_.conjunction({})
                                                         : solver_.balanced_remainders(solver_.disjunction(disjuncts));
        PointCertificate pc;
        pc.point = p;
        pc.label = program_.point_label(p);
        pc.names = distinct_names(point_names(p));
        pc.clp = solver_.to_clp_source(formula, pc.names);
        pc.smtlib = solver_.to_smtlib(formula);
        c.points.push_back(std::move(pc));
    }
    return c;
}

}  // namespace clpi::engine
