#include "engine/point_graph.hpp"

#include <algorithm>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>

namespace clpi::engine {

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
    return g;
}

}  // namespace clpi::engine
