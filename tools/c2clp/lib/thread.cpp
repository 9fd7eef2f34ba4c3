// Jump threading: a transition that leaves a variable at a known constant and then reaches
// a dispatch on that variable (the `switch (state)` of a state machine, an `if (state ==
// X)`) goes straight to the branch the constant selects. The dispatch's rules only test
// the state, so skipping them changes no run; but without it every state of a machine is
// one program point, the loop head of the `switch`, where an invariant would have to be a
// disjunction over the states. Threaded, each cycle of the machine is a loop of its own.
// The constants are those the transition sets or tests, and those its source point is
// reached with on every run (constant propagation over the flow).
#include <map>
#include <optional>
#include <set>

#include "flow.hpp"

namespace c2clp {

namespace {

using Known = std::map<VarId, Integer>;

// The value of a term when every variable in it is known; inputs and divisions are not
// evaluated (the dispatches this is for compare variables with constants).
std::optional<Integer> eval(const Term& t, const Known& known) {
    switch (t->op) {
    case Op::constant: return t->value;
    case Op::var: {
        auto it = known.find(t->id);
        if (it == known.end()) return std::nullopt;
        return it->second;
    }
    case Op::neg: {
        auto a = eval(t->a, known);
        if (!a) return std::nullopt;
        return Integer(-*a);
    }
    case Op::add:
    case Op::sub:
    case Op::mul: {
        auto a = eval(t->a, known), b = eval(t->b, known);
        if (!a || !b) return std::nullopt;
        if (t->op == Op::add) return Integer(*a + *b);
        if (t->op == Op::sub) return Integer(*a - *b);
        return Integer(*a * *b);
    }
    default: return std::nullopt;
    }
}

// Whether the condition holds: 1 or 0, or nullopt when it depends on unknown values.
std::optional<bool> holds(const Cond& c, const Known& known) {
    auto l = eval(c.lhs, known), r = eval(c.rhs, known);
    if (!l || !r) return std::nullopt;
    switch (c.rel) {
    case Rel::eq: return *l == *r;
    case Rel::ne: return *l != *r;
    case Rel::lt: return *l < *r;
    case Rel::le: return *l <= *r;
    case Rel::gt: return *l > *r;
    case Rel::ge: return *l >= *r;
    }
    return std::nullopt;
}

// The variables whose values are constants at the end of a path that starts with the
// values `known`: set to a constant expression, or tested for equality with a constant, and
// not changed since. Nothing when the path contradicts itself (a test of a known value
// fails: no run takes it).
std::optional<Known> known_after(const Path& path, Known known) {
    for (const Step& s : path) {
        for (const Cond& g : s.guards) {
            if (holds(g, known) == std::optional<bool>(false)) return std::nullopt;
            if (g.rel != Rel::eq) continue;
            if (g.lhs->op == Op::var && is_const(g.rhs)) known[g.lhs->id] = g.rhs->value;
            if (g.rhs->op == Op::var && is_const(g.lhs)) known[g.rhs->id] = g.lhs->value;
        }
        // A parallel assignment: every new value is computed from the state before it.
        std::vector<std::pair<VarId, std::optional<Integer>>> values;
        values.reserve(s.updates.size());
        for (const auto& [v, t] : s.updates) values.emplace_back(v, eval(t, known));
        for (auto& [v, value] : values) {
            if (value) {
                known[v] = std::move(*value);
            } else {
                known.erase(v);
            }
        }
        for (VarId v : s.havocs) known.erase(v);
    }
    return known;
}

// The constants each point is reached with on every run (constant propagation): the
// values every transition into the point agrees on. Nothing for a point no run reaches.
std::vector<std::optional<Known>> constants_at_points(
    const Flow& flow, const std::vector<std::vector<std::size_t>>& out) {
    std::vector<std::optional<Known>> at(flow.points.size());
    at[flow.start] = Known{};
    // Points in the order they were made (close to the program's order), each waiting at
    // most once; a point's map only loses entries once it is set, so this ends.
    std::set<PointId> work{flow.start};
    while (!work.empty()) {
        PointId p = *work.begin();
        work.erase(work.begin());
        for (std::size_t i : out[p]) {
            const Edge& e = flow.edges[i];
            if (e.to.kind != Target::Kind::point) continue;
            for (const Path& alt : e.alts) {
                std::optional<Known> after = known_after(alt, *at[p]);
                if (!after) continue;
                std::optional<Known>& into = at[e.to.point];
                bool changed = !into;
                if (!into) {
                    into = std::move(*after);
                } else {
                    for (auto it = into->begin(); it != into->end();) {
                        auto other = after->find(it->first);
                        bool agree = other != after->end() && other->second == it->second;
                        changed = changed || !agree;
                        it = agree ? std::next(it) : into->erase(it);
                    }
                }
                if (changed) work.insert(e.to.point);
            }
        }
    }
    return at;
}

bool only_guards(const Path& path) {
    return path.size() == 1 && path[0].updates.empty() && path[0].havocs.empty() &&
           path[0].inputs.empty();
}

// The transition taken from a point whose rules the known values decide: the one rule that
// is enabled, when every rule of the point only tests the state.
std::optional<std::size_t> decided_edge(const Flow& flow, const std::vector<std::size_t>& out,
                                        const Known& known) {
    if (out.empty()) return std::nullopt;
    std::optional<std::size_t> taken;
    unsigned enabled = 0;
    for (std::size_t i : out) {
        const Edge& e = flow.edges[i];
        for (const Path& alt : e.alts) {
            if (!only_guards(alt)) return std::nullopt;
            bool all = true;
            for (const Cond& g : alt[0].guards) {
                auto truth = holds(g, known);
                if (!truth) return std::nullopt;
                all = all && *truth;
            }
            if (!all) continue;
            if (++enabled > 1 || e.to.kind != Target::Kind::point) return std::nullopt;
            taken = i;
        }
    }
    return enabled == 1 ? taken : std::nullopt;
}

// The transitions an edge becomes: its alternatives that can fire, each sent to where
// the values it leaves decide, grouped by target in their order. The decisions skipped are
// the transitions' own (so that a witness still names them), and each point gone past is
// added to `bypassed` with where the runs went instead.
std::vector<Edge> thread_edge(const Flow& flow, const Edge& e,
                              const std::vector<std::vector<std::size_t>>& out,
                              const Known& before, std::map<PointId, std::set<PointId>>& bypassed) {
    std::vector<Edge> parts;
    for (const Path& alt : e.alts) {
        std::optional<Known> known = known_after(alt, before);
        if (!known) continue;  // never enabled (merged blocks make such combinations)
        Target to = e.to;
        std::vector<Branching> branchings = e.branchings;
        if (to.kind == Target::Kind::point) {
            std::set<PointId> seen{to.point};
            std::vector<PointId> passed;
            while (auto taken = decided_edge(flow, out[to.point], *known)) {
                const Edge& next = flow.edges[*taken];
                if (!seen.insert(next.to.point).second) break;  // a cycle of tests: keep the last
                passed.push_back(to.point);
                branchings.insert(branchings.end(), next.branchings.begin(), next.branchings.end());
                to.point = next.to.point;
            }
            for (PointId p : passed) bypassed[p].insert(to.point);
        }
        bool same = !parts.empty() && parts.back().to.kind == to.kind && parts.back().to.point == to.point &&
                    parts.back().branchings == branchings;
        if (!same) parts.push_back(Edge{e.from, to, {}, branchings, e.error_place});
        parts.back().alts.push_back(alt);
    }
    return parts;
}

}  // namespace

void thread_known_dispatches(Flow& flow) {
    std::vector<std::vector<std::size_t>> out(flow.points.size());
    for (std::size_t i = 0; i < flow.edges.size(); ++i) out[flow.edges[i].from].push_back(i);
    // Computed against the unchanged flow, then put in place.
    std::vector<std::optional<Known>> at = constants_at_points(flow, out);
    std::vector<std::vector<Edge>> parts(flow.edges.size());
    std::vector<bool> fires(flow.points.size(), false);
    std::map<PointId, std::set<PointId>> bypassed;
    for (std::size_t i = 0; i < flow.edges.size(); ++i) {
        // A point no run reaches keeps its transitions (compact removes it if nothing
        // leads there).
        const std::optional<Known>& before = at[flow.edges[i].from];
        if (!before) continue;
        parts[i] = thread_edge(flow, flow.edges[i], out, *before, bypassed);
        if (!parts[i].empty()) fires[flow.edges[i].from] = true;
    }
    std::vector<Edge> threaded;
    threaded.reserve(flow.edges.size());
    for (std::size_t i = 0; i < flow.edges.size(); ++i) {
        // A point none of whose rules can fire keeps them: without rules it would read as
        // a normal end of the program.
        if (!fires[flow.edges[i].from]) {
            threaded.push_back(flow.edges[i]);
            continue;
        }
        threaded.insert(threaded.end(), parts[i].begin(), parts[i].end());
    }
    flow.edges = std::move(threaded);
    for (const auto& [p, targets] : bypassed) {
        for (LoopHead& l : flow.points[p].loops) l.also_at.insert(l.also_at.end(), targets.begin(), targets.end());
    }
}

}  // namespace c2clp
