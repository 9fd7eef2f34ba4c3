#include "flow.hpp"

#include <algorithm>
#include <map>
#include <optional>

namespace c2clp {

namespace {

bool is_empty(const Step& s) {
    return s.guards.empty() && s.updates.empty() && s.havocs.empty() && s.inputs.empty();
}

bool is_skip(const Edge& e) {
    return e.alts.size() == 1 && std::all_of(e.alts[0].begin(), e.alts[0].end(), is_empty);
}

bool goes_to(const Edge& e, PointId p) {
    return e.to.kind == Target::Kind::point && e.to.point == p;
}

std::vector<std::vector<std::size_t>> edges_by_source(const Flow& flow) {
    std::vector<std::vector<std::size_t>> out(flow.points.size());
    for (std::size_t i = 0; i < flow.edges.size(); ++i) out[flow.edges[i].from].push_back(i);
    return out;
}

void erase_marked(Flow& flow, const std::vector<bool>& dead) {
    std::vector<Edge> kept;
    for (std::size_t i = 0; i < flow.edges.size(); ++i) {
        if (!dead[i]) kept.push_back(std::move(flow.edges[i]));
    }
    flow.edges = std::move(kept);
}

}  // namespace

void remove_skips(Flow& flow) {
    auto out = edges_by_source(flow);
    // forward[p]: where control goes from p when p's only transition does nothing.
    std::vector<std::optional<std::size_t>> forward(flow.points.size());
    for (PointId p = 0; p < flow.points.size(); ++p) {
        if (p == flow.start || out[p].size() != 1) continue;
        const Edge& e = flow.edges[out[p][0]];
        if (is_skip(e) && !goes_to(e, p)) forward[p] = out[p][0];
    }
    // A cycle of skips (`while (1);`) keeps one of its transitions.
    for (PointId p = 0; p < flow.points.size(); ++p) {
        std::vector<PointId> walk;
        PointId q = p;
        while (forward[q]) {
            if (std::find(walk.begin(), walk.end(), q) != walk.end()) {
                forward[q].reset();
                break;
            }
            walk.push_back(q);
            const Target& t = flow.edges[*forward[q]].to;
            if (t.kind != Target::Kind::point) break;
            q = t.point;
        }
    }
    auto resolve = [&](Target t) {
        while (t.kind == Target::Kind::point && forward[t.point]) t = flow.edges[*forward[t.point]].to;
        return t;
    };
    std::vector<bool> dead(flow.edges.size(), false);
    for (PointId p = 0; p < flow.points.size(); ++p) {
        if (!forward[p]) continue;
        dead[*forward[p]] = true;
        // A loop head that only jumps (`while (1)`, `for (;;)`) is where its target is.
        Target t = resolve(flow.edges[*forward[p]].to);
        std::vector<LoopHead>& loops = flow.points[p].loops;
        if (t.kind == Target::Kind::point) {
            auto& into = flow.points[t.point].loops;
            into.insert(into.end(), loops.begin(), loops.end());
        }
        loops.clear();
    }
    for (std::size_t i = 0; i < flow.edges.size(); ++i) {
        if (dead[i]) continue;
        Edge& e = flow.edges[i];
        // Sent on to an error: the failing call is the forwarded transition's.
        for (Target t = e.to; t.kind == Target::Kind::point && forward[t.point];) {
            const Edge& f = flow.edges[*forward[t.point]];
            if (f.error_place) e.error_place = f.error_place;
            t = f.to;
        }
        e.to = resolve(e.to);
    }
    erase_marked(flow, dead);
    // Without globals to initialise, the query starts at the first statement.
    out = edges_by_source(flow);
    if (out[flow.start].size() == 1) {
        const Edge& e = flow.edges[out[flow.start][0]];
        if (is_skip(e) && e.to.kind == Target::Kind::point && e.to.point != flow.start) {
            PointId first = e.to.point;
            flow.edges.erase(flow.edges.begin() + static_cast<std::ptrdiff_t>(out[flow.start][0]));
            flow.start = first;
        }
    }
}

void merge_blocks(Flow& flow) {
    constexpr std::size_t max_alternatives = 16;
    for (bool changed = true; changed;) {
        changed = false;
        auto out = edges_by_source(flow);
        std::vector<std::size_t> incoming(flow.points.size(), 0);
        std::vector<std::size_t> into(flow.points.size(), 0);
        for (std::size_t i = 0; i < flow.edges.size(); ++i) {
            if (flow.edges[i].to.kind != Target::Kind::point) continue;
            ++incoming[flow.edges[i].to.point];
            into[flow.edges[i].to.point] = i;
        }
        for (PointId p = 0; p < flow.points.size(); ++p) {
            if (p == flow.start || incoming[p] != 1 || out[p].empty()) continue;
            const Edge& first = flow.edges[into[p]];
            if (first.from == p) continue;
            bool fits = std::all_of(out[p].begin(), out[p].end(), [&](std::size_t i) {
                return !goes_to(flow.edges[i], p) &&
                       first.alts.size() * flow.edges[i].alts.size() <= max_alternatives;
            });
            if (!fits) continue;
            std::vector<bool> dead(flow.edges.size(), false);
            std::vector<Edge> merged;
            for (std::size_t i : out[p]) {
                Edge e{first.from, flow.edges[i].to, {}, first.branchings, flow.edges[i].error_place};
                e.branchings.insert(e.branchings.end(), flow.edges[i].branchings.begin(),
                                    flow.edges[i].branchings.end());
                for (const Path& a : first.alts) {
                    for (const Path& b : flow.edges[i].alts) {
                        Path ab = a;
                        ab.insert(ab.end(), b.begin(), b.end());
                        e.alts.push_back(std::move(ab));
                    }
                }
                merged.push_back(std::move(e));
                dead[i] = true;
            }
            dead[into[p]] = true;
            erase_marked(flow, dead);
            flow.edges.insert(flow.edges.end(), merged.begin(), merged.end());
            changed = true;
            break;
        }
    }
    // Keep the rules of a point in the order the points were created.
    std::stable_sort(flow.edges.begin(), flow.edges.end(),
                     [](const Edge& a, const Edge& b) { return a.from < b.from; });
}

void compact(Flow& flow) {
    // Points are numbered in depth-first order from the start, following the transitions
    // in the order they were made: the numbers then read like the C program.
    auto out = edges_by_source(flow);
    constexpr PointId unreached = static_cast<PointId>(-1);
    std::vector<PointId> renumber(flow.points.size(), unreached);
    std::vector<bool> reached(flow.points.size(), false);
    std::vector<Point> points;
    std::vector<PointId> stack{flow.start};
    while (!stack.empty()) {
        PointId p = stack.back();
        stack.pop_back();
        if (reached[p]) continue;
        reached[p] = true;
        renumber[p] = static_cast<PointId>(points.size());
        points.push_back(flow.points[p]);
        for (auto it = out[p].rbegin(); it != out[p].rend(); ++it) {
            const Edge& e = flow.edges[*it];
            if (e.to.kind == Target::Kind::point && !reached[e.to.point]) stack.push_back(e.to.point);
        }
    }
    std::vector<Edge> edges;
    for (Edge& e : flow.edges) {
        if (!reached[e.from]) continue;
        e.from = renumber[e.from];
        if (e.to.kind == Target::Kind::point) e.to.point = renumber[e.to.point];
        edges.push_back(std::move(e));
    }
    std::stable_sort(edges.begin(), edges.end(),
                     [](const Edge& a, const Edge& b) { return a.from < b.from; });
    for (Point& p : points) {
        for (LoopHead& l : p.loops) {
            std::vector<PointId> also;
            for (PointId q : l.also_at) {
                if (renumber[q] == unreached) l.bypassed = true;  // merged into a block
                else also.push_back(renumber[q]);
            }
            l.also_at = std::move(also);
        }
    }
    flow.start = renumber[flow.start];
    flow.points = std::move(points);
    flow.edges = std::move(edges);
}

}  // namespace c2clp
