// The graph of program points (an edge from each rule's head point to its body point), and
// what loops it has.
#pragma once

#include <vector>

#include "clpi/program.hpp"

namespace clpi::engine {

struct PointGraph {
    std::vector<std::vector<PointId>> successors;  // by point
    std::vector<int> component;                    // strongly connected component of each point
    std::vector<bool> on_cycle;                    // the point can reach itself

    [[nodiscard]] bool has_cycle() const;
};

PointGraph build_point_graph(const Program& program);

}  // namespace clpi::engine
