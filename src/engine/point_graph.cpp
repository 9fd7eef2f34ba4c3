#include "engine/point_graph.hpp"

#include <algorithm>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>

namespace clpi::engine {

namespace {

// Iterative depth-first search; an edge to a point on the stack is a back edge.
void find_headers(PointGraph& g, PointId root) {
    const std::size_t n = g.successors.size();
    g.header.assign(n, false);
    enum : char { unseen, on_stack, done };
    std::vector<char> state(n, unseen);
    auto search = [&](PointId start) {
        std::vector<std::pair<PointId, std::size_t>> stack{{start, 0}};
        state[start] = on_stack;
        while (!stack.empty()) {
            auto& [p, next] = stack.back();
            if (next == g.successors[p].size()) {
                state[p] = done;
                stack.pop_back();
                continue;
            }
            PointId q = g.successors[p][next++];
            if (state[q] == on_stack) {
                g.header[q] = true;
            } else if (state[q] == unseen) {
                state[q] = on_stack;
                stack.emplace_back(q, 0);
            }
        }
    };
    if (root != no_point && root < n) search(root);
    for (PointId p = 0; p < n; ++p) {
        if (state[p] == unseen) search(p);
    }
}

void find_modified(PointGraph& g, const Program& program) {
    const std::size_t n = g.successors.size();
    g.modified.assign(n, {});
    for (PointId h = 0; h < n; ++h) {
        if (!g.header[h]) continue;
        const Point& hp = program.points[h];
        std::vector<bool> changed(hp.state_arity, false);
        for (const Rule& r : program.rules) {
            if (r.body_kind != BodyKind::atom || r.body_point == no_point) continue;
            if (g.component[r.head_point] != g.component[h] ||
                g.component[r.body_point] != g.component[h]) {
                continue;
            }
            const Point& from = program.points[r.head_point];
            const Point& to = program.points[r.body_point];
            // Positions are comparable only within one predicate's layout.
            if (from.pred != hp.pred || to.pred != hp.pred) {
                changed.assign(hp.state_arity, true);
                break;
            }
            for (std::uint32_t i = 0; i < hp.state_arity; ++i) {
                const Arg& a = r.head.args[hp.first_state_arg + i];
                const Arg& b = r.body->args[hp.first_state_arg + i];
                bool same = a.kind == Arg::Kind::variable && b.kind == Arg::Kind::variable &&
                            a.var == b.var;
                if (!same) changed[i] = true;
            }
        }
        g.modified[h] = std::move(changed);
    }
}

}  // namespace

bool PointGraph::has_cycle() const {
    return std::any_of(on_cycle.begin(), on_cycle.end(), [](bool b) { return b; });
}

PointGraph build_point_graph(const Program& program) {
    const std::size_t n = program.points.size();
    PointGraph g;
    g.successors.resize(n);
    boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS> bg(n);
    std::vector<bool> self_loop(n, false);
    for (const Rule& r : program.rules) {
        if (r.body_kind != BodyKind::atom || r.body_point == no_point) continue;
        g.successors[r.head_point].push_back(r.body_point);
        boost::add_edge(r.head_point, r.body_point, bg);
        if (r.head_point == r.body_point) self_loop[r.head_point] = true;
    }
    g.component.assign(n, 0);
    if (n > 0) boost::strong_components(bg, g.component.data());
    std::vector<int> size(n, 0);
    for (std::size_t p = 0; p < n; ++p) ++size[static_cast<std::size_t>(g.component[p])];
    g.on_cycle.resize(n);
    for (std::size_t p = 0; p < n; ++p) {
        g.on_cycle[p] = self_loop[p] || size[static_cast<std::size_t>(g.component[p])] > 1;
    }
    find_headers(g, program.query.point);
    find_modified(g, program);
    std::vector<int> headers_in(n, 0);
    for (std::size_t p = 0; p < n; ++p) {
        if (g.header[p]) ++headers_in[static_cast<std::size_t>(g.component[p])];
    }
    g.sole_header.resize(n);
    for (std::size_t p = 0; p < n; ++p) {
        g.sole_header[p] = g.header[p] && headers_in[static_cast<std::size_t>(g.component[p])] == 1;
    }
    return g;
}

}  // namespace clpi::engine
