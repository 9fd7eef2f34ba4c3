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
    // Loop headers: the targets of back edges of a depth-first search from the query's
    // point (then from every point not reached), so every cycle passes through one.
    std::vector<bool> header;
    // A header that is the only one of its component (no loop nested in its loop).
    std::vector<bool> sole_header;
    // For a header: per state position, whether some rule of its loop (both ends in the
    // header's component) may change the value there. Positions no rule changes keep their
    // terms through the loop: what the path says of them stays true (RV'11's mustInv).
    std::vector<std::vector<bool>> modified;

    [[nodiscard]] bool has_cycle() const;
};

PointGraph build_point_graph(const Program& program);

}  // namespace clpi::engine
