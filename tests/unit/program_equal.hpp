// Structural equality of programs, ignoring source locations and comments: what
// "parse(fmt(x)) is the same program as x" means.
#pragma once

#include "clpi/program.hpp"

namespace clpi::test {

inline bool same(const Expr& a, const Expr& b) {
    if (a.kind != b.kind || a.value != b.value || a.var != b.var || a.args.size() != b.args.size())
        return false;
    for (std::size_t i = 0; i < a.args.size(); ++i) {
        if (!same(a.args[i], b.args[i])) return false;
    }
    return true;
}

inline bool same(const std::vector<Constraint>& a, const std::vector<Constraint>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].op != b[i].op || !same(a[i].lhs, b[i].lhs) || !same(a[i].rhs, b[i].rhs) ||
            a[i].cases.size() != b[i].cases.size())
            return false;
        for (std::size_t k = 0; k < a[i].cases.size(); ++k) {
            if (!same(a[i].cases[k], b[i].cases[k])) return false;
        }
    }
    return true;
}

inline bool same(const Atom& a, const Atom& b) {
    if (a.pred != b.pred || a.args.size() != b.args.size()) return false;
    for (std::size_t i = 0; i < a.args.size(); ++i) {
        const Arg &x = a.args[i], &y = b.args[i];
        if (x.kind != y.kind || x.var != y.var || x.integer != y.integer || x.symbol != y.symbol)
            return false;
    }
    return true;
}

inline bool same(const std::vector<Variable>& a, const std::vector<Variable>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        bool anon = a[i].name.rfind("_#", 0) == 0 && b[i].name.rfind("_#", 0) == 0;
        if ((!anon && a[i].name != b[i].name) || a[i].type != b[i].type) return false;
    }
    return true;
}

inline bool same_program(const Program& a, const Program& b) {
    if (a.domain != b.domain || a.source != b.source || a.rules.size() != b.rules.size() ||
        a.points.size() != b.points.size() || a.predicates.size() != b.predicates.size())
        return false;
    for (std::size_t i = 0; i < a.predicates.size(); ++i) {
        if (a.predicates[i].name != b.predicates[i].name ||
            a.predicates[i].arity != b.predicates[i].arity)
            return false;
    }
    for (std::size_t i = 0; i < a.points.size(); ++i) {
        const Point &x = a.points[i], &y = b.points[i];
        if (x.pred != y.pred || x.constant != y.constant || x.name != y.name || x.line != y.line ||
            x.rules != y.rules)
            return false;
    }
    if (!same(a.query.atom, b.query.atom) || !same(a.query.constraints, b.query.constraints) ||
        !same(a.query.vars, b.query.vars))
        return false;
    for (std::size_t i = 0; i < a.rules.size(); ++i) {
        const Rule &x = a.rules[i], &y = b.rules[i];
        if (!same(x.head, y.head) || x.body_kind != y.body_kind || x.label != y.label ||
            x.body.has_value() != y.body.has_value() || (x.body && !same(*x.body, *y.body)) ||
            !same(x.constraints, y.constraints) || !same(x.vars, y.vars))
            return false;
    }
    return true;
}

}  // namespace clpi::test
