// The certificate as CLP text (certificate.hpp).
#include <fmt/format.h>

#include "clpi/certificate.hpp"

namespace clpi {

std::string certificate_clp(const Program& program, const Certificate& certificate) {
    std::string out = "% Certificate of SAFE";
    if (!program.file.empty()) out += " for " + program.file;
    out += ": an inductive invariant per program point.\n"
           "% The query implies its point's formula; for each rule  p(K, X) :- p(J, Y), C  the\n"
           "% formula of K and C imply the formula of J at Y; no error rule is enabled from a\n"
           "% state that satisfies its point's formula. `0 = 1` marks a point never reached.\n"
           "% Each line reads: the states at the point are among those that satisfy the body.\n";
    for (const PointCertificate& pc : certificate.points) {
        const Point& point = program.points.at(pc.point);
        std::vector<std::string> args;
        if (point.constant) args.push_back(*point.constant);
        args.insert(args.end(), pc.names.begin(), pc.names.end());
        std::string atom = program.predicates.at(point.pred).name;
        if (!args.empty()) atom += fmt::format("({})", fmt::join(args, ", "));
        out += fmt::format("invariant({}) :- {}.\n", atom, pc.clp);
    }
    return out;
}

}  // namespace clpi
