#include "engine/certificate_cases.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <unordered_map>

namespace clpi::engine {

namespace {

using solver::Interval;
using solver::Term;

// A case read as the conjuncts that bound one variable each (intersected per variable) and
// the others.
struct Case {
    std::vector<Term> original;
    std::vector<Term> others;
    std::vector<unsigned> other_ids;  // sorted
    std::map<std::uint32_t, Interval> bounds;
    bool changed = false;
    bool empty = false;  // contradictory bounds: the case is false
};

bool below(const std::optional<Number>& a, const std::optional<Number>& b) {  // lower ends
    if (!a) return b.has_value();
    return b && *a < *b;
}

Interval intersection(const Interval& a, const Interval& b) {
    Interval r = a;
    if (b.lower && (!r.lower || *b.lower > *r.lower)) r.lower = b.lower;
    if (b.upper && (!r.upper || *b.upper < *r.upper)) r.upper = b.upper;
    return r;
}

bool within(const Interval& inner, const Interval& outer) {
    if (outer.lower && (!inner.lower || *inner.lower < *outer.lower)) return false;
    if (outer.upper && (!inner.upper || *inner.upper > *outer.upper)) return false;
    return true;
}

Case read_case(solver::Solver& s, std::vector<Term> conjuncts) {
    Case c;
    for (Term t : conjuncts) {
        if (auto vb = s.variable_bound(t)) {
            auto [it, fresh] = c.bounds.emplace(vb->position, vb->bound);
            if (!fresh) it->second = intersection(it->second, vb->bound);
            const Interval& i = it->second;
            if (i.lower && i.upper && *i.lower > *i.upper) c.empty = true;
        } else {
            c.others.push_back(t);
            c.other_ids.push_back(s.identity(t));
        }
    }
    std::sort(c.other_ids.begin(), c.other_ids.end());
    c.other_ids.erase(std::unique(c.other_ids.begin(), c.other_ids.end()), c.other_ids.end());
    c.original = std::move(conjuncts);
    return c;
}

// Whether every state of `a` is one of `b`, judged by their conjuncts.
bool implies(const Case& a, const Case& b) {
    if (!std::includes(a.other_ids.begin(), a.other_ids.end(), b.other_ids.begin(), b.other_ids.end())) {
        return false;
    }
    for (const auto& [position, bound] : b.bounds) {
        auto it = a.bounds.find(position);
        if (it == a.bounds.end() || !within(it->second, bound)) return false;
    }
    return true;
}

// Drops the cases another case's conjuncts imply (of two equal ones, the later).
bool drop_implied(std::vector<Case>& cases) {
    std::vector<bool> gone(cases.size(), false);
    bool any = false;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        for (std::size_t j = 0; j < cases.size() && !gone[i]; ++j) {
            if (j == i || gone[j] || !implies(cases[i], cases[j])) continue;
            // Equivalent cases: the first stays.
            if (j > i && implies(cases[j], cases[i])) continue;
            gone[i] = true;
            any = true;
        }
    }
    std::size_t kept = 0;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        if (gone[i]) continue;
        if (kept != i) cases[kept] = std::move(cases[i]);
        ++kept;
    }
    cases.resize(kept);
    return any;
}

// What a case says besides its bound on `position`: cases with the same key differ only
// there.
std::string key_without(const Case& c, std::uint32_t position) {
    std::string key;
    for (unsigned id : c.other_ids) key += std::to_string(id) + ",";
    key += "|";
    for (const auto& [p, bound] : c.bounds) {
        if (p == position) continue;
        key += std::to_string(p) + ":" + (bound.lower ? bound.lower->str() : "-") + ":" +
               (bound.upper ? bound.upper->str() : "+") + ";";
    }
    return key;
}

// Joins the cases that differ only in the interval of one variable when their intervals
// overlap or, over the integers, touch: their union is then that one interval.
bool join_intervals(std::vector<Case>& cases, bool integers) {
    std::vector<std::uint32_t> positions;
    for (const Case& c : cases) {
        for (const auto& [p, _] : c.bounds) positions.push_back(p);
    }
    std::sort(positions.begin(), positions.end());
    positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
    bool any = false;
    for (std::uint32_t position : positions) {
        std::unordered_map<std::string, std::vector<std::size_t>> groups;
        for (std::size_t i = 0; i < cases.size(); ++i) {
            if (cases[i].bounds.count(position)) groups[key_without(cases[i], position)].push_back(i);
        }
        std::vector<bool> gone(cases.size(), false);
        for (auto& [_, members] : groups) {
            if (members.size() < 2) continue;
            std::sort(members.begin(), members.end(), [&](std::size_t a, std::size_t b) {
                const Interval& x = cases[a].bounds.at(position);
                const Interval& y = cases[b].bounds.at(position);
                return below(x.lower, y.lower) || (x.lower == y.lower && a < b);
            });
            std::size_t into = members[0];
            for (std::size_t k = 1; k < members.size(); ++k) {
                Interval& acc = cases[into].bounds.at(position);
                const Interval& next = cases[members[k]].bounds.at(position);
                // next.lower >= acc.lower: they join when next starts by acc's end (or the
                // integer after it).
                bool joins = !acc.upper || !next.lower ||
                             *next.lower <= *acc.upper + (integers ? Number(1) : Number(0));
                if (!joins) {
                    into = members[k];
                    continue;
                }
                if (!next.upper) acc.upper.reset();
                else if (acc.upper && *next.upper > *acc.upper) acc.upper = next.upper;
                cases[into].changed = true;
                gone[members[k]] = true;
                any = true;
            }
        }
        std::size_t kept = 0;
        for (std::size_t i = 0; i < cases.size(); ++i) {
            if (gone[i]) continue;
            Case& c = cases[i];
            auto it = c.bounds.find(position);
            if (it != c.bounds.end() && !it->second.lower && !it->second.upper) c.bounds.erase(it);
            if (kept != i) cases[kept] = std::move(c);
            ++kept;
        }
        cases.resize(kept);
    }
    return any;
}

}  // namespace

std::vector<std::vector<Term>> fewer_cases(solver::Solver& solver, std::vector<std::vector<Term>> given,
                                           bool integers) {
    if (given.size() < 2) return given;
    std::vector<Case> cases;
    std::set<std::vector<unsigned>> seen;  // each case's conjuncts: repeats go, however many cases
    for (std::vector<Term>& conjuncts : given) {
        std::vector<unsigned> ids;
        for (Term t : conjuncts) ids.push_back(solver.identity(t));
        std::sort(ids.begin(), ids.end());
        ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
        if (!seen.insert(std::move(ids)).second) continue;
        Case c = read_case(solver, std::move(conjuncts));
        if (!c.empty) cases.push_back(std::move(c));
    }
    // Implication is tested pair by pair, which is quadratic in the number of cases (200:
    // 40000 tests); past that many it is left out. Joining intervals sorts groups of cases
    // instead, so it always runs; each join removes a case, so the loop ends.
    constexpr std::size_t most_compared = 200;
    if (cases.size() <= most_compared) drop_implied(cases);
    while (join_intervals(cases, integers)) {
        if (cases.size() <= most_compared) drop_implied(cases);
    }
    std::vector<std::vector<Term>> out;
    for (Case& c : cases) {
        if (!c.changed) {
            out.push_back(std::move(c.original));
            continue;
        }
        std::vector<Term> conjuncts = c.others;
        for (const auto& [position, bound] : c.bounds) {
            for (Term t : solver.bound_conjuncts(position, bound)) conjuncts.push_back(t);
        }
        out.push_back(std::move(conjuncts));
    }
    return out;
}

}  // namespace clpi::engine
