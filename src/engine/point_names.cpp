#include "engine/point_names.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace clpi::engine {

std::vector<std::string> point_names(const Program& program, PointId p) {
    const Point& pt = program.points.at(p);
    std::vector<std::string> names;
    for (std::uint32_t i = 0; i < pt.state_arity; ++i) names.push_back(fmt::format("V{}", i + 1));
    if (pt.rules.empty()) return names;
    const Rule& r = program.rules.at(pt.rules.front());
    for (std::uint32_t i = 0; i < pt.state_arity; ++i) {
        const Arg& a = r.head.args.at(pt.first_state_arg + i);
        if (a.kind == Arg::Kind::variable) names[i] = r.vars[a.var].name;
    }
    return names;
}

std::vector<std::string> distinct_names(std::vector<std::string> names) {
    for (std::size_t i = 0; i < names.size(); ++i) {
        auto taken = [&](const std::string& n) {
            return std::find(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(i), n) !=
                   names.begin() + static_cast<std::ptrdiff_t>(i);
        };
        if (!taken(names[i])) continue;
        std::string n = fmt::format("V{}", i + 1);
        while (taken(n) || std::find(names.begin() + static_cast<std::ptrdiff_t>(i) + 1, names.end(), n) != names.end()) n += "'";
        names[i] = n;
    }
    return names;
}

}  // namespace clpi::engine
