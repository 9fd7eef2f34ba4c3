#include "clpi/program.hpp"

namespace clpi {

std::string point_label(const std::string& pred, const std::optional<std::string>& constant) {
    return constant ? pred + "(" + *constant + ")" : pred;
}

std::string Program::point_label(PointId p) const {
    const Point& pt = points.at(p);
    return clpi::point_label(predicates.at(pt.pred).name, pt.constant);
}

std::optional<PointId> Program::find_point(const std::string& label) const {
    for (PointId p = 0; p < points.size(); ++p) {
        if (point_label(p) == label) return p;
    }
    return std::nullopt;
}

const char* to_string(RelOp op) {
    switch (op) {
    case RelOp::eq: return "=";
    case RelOp::ne: return "!=";
    case RelOp::lt: return "<";
    case RelOp::le: return "<=";
    case RelOp::gt: return ">";
    case RelOp::ge: return ">=";
    }
    return "?";
}

}  // namespace clpi
