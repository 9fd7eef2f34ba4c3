#include "engine/reduce.hpp"

#include <optional>

#include <fmt/format.h>

#include "clpi/parse.hpp"

namespace clpi::engine {

namespace {

constexpr Term unbound = static_cast<Term>(-1);

// Terms of a clause's variables, made fresh on first use.
class Binder {
public:
    Binder(solver::Solver& s, const std::vector<Variable>& vars, std::vector<Term>& fresh)
        : solver_(s), vars_(vars), terms_(vars.size(), unbound), fresh_(fresh) {}

    bool bound(VarId v) const { return terms_[v] != unbound; }
    void bind(VarId v, Term t) { terms_[v] = t; }
    Term get(VarId v) {
        if (terms_[v] == unbound) {
            terms_[v] = solver_.fresh(vars_[v].name, vars_[v].type);
            fresh_.push_back(terms_[v]);
        }
        return terms_[v];
    }
    std::vector<Term> finish() {
        for (VarId v = 0; v < terms_.size(); ++v) get(v);
        return std::move(terms_);
    }

private:
    solver::Solver& solver_;
    const std::vector<Variable>& vars_;
    std::vector<Term> terms_;
    std::vector<Term>& fresh_;
};

Term arg_term(solver::Solver& s, Binder& b, const Arg& a) {
    if (a.kind == Arg::Kind::variable) return b.get(a.var);
    return s.numeral(Number(a.integer));
}

void add_constraints(solver::Solver& s, const std::vector<Constraint>& cs,
                     const std::vector<Variable>& vars, Binder& b, Transition& t, bool labels) {
    std::vector<Term> binding = b.finish();
    std::vector<Term> side;
    for (const Constraint& c : cs) {
        side.clear();
        Term ct = s.encode(c, binding, side);
        t.constraints.insert(t.constraints.end(), side.begin(), side.end());
        t.constraints.push_back(ct);
        if (labels) {
            std::string text = format_constraint(c, vars);
            for (std::size_t k = 0; k < side.size(); ++k) t.labels.push_back("divisor != 0 in " + text);
            t.labels.push_back(std::move(text));
        }
    }
    t.binding = std::move(binding);
}

}  // namespace

std::vector<Type> state_types(const Program& program, PointId point) {
    const Point& pt = program.points.at(point);
    const Predicate& pred = program.predicates.at(pt.pred);
    return {pred.arg_types.begin() + pt.first_state_arg, pred.arg_types.end()};
}

Transition start(solver::Solver& s, const Program& program, bool labels) {
    const Query& q = program.query;
    Transition t;
    t.kind = BodyKind::atom;
    t.next_point = q.point;
    Binder b(s, q.vars, t.fresh);
    const Point& pt = program.points.at(q.point);
    for (std::size_t i = pt.first_state_arg; i < q.atom.args.size(); ++i) {
        t.next_state.push_back(arg_term(s, b, q.atom.args[i]));
    }
    add_constraints(s, q.constraints, q.vars, b, t, labels);
    return t;
}

Transition apply_rule(solver::Solver& s, const Program& program, std::uint32_t rule_index,
                      std::span<const Term> state, bool labels) {
    const Rule& r = program.rules.at(rule_index);
    Transition t;
    t.rule = rule_index;
    t.kind = r.body_kind;
    Binder b(s, r.vars, t.fresh);
    const Point& head = program.points.at(r.head_point);
    for (std::size_t i = head.first_state_arg; i < r.head.args.size(); ++i) {
        const Arg& a = r.head.args[i];
        Term st = state[i - head.first_state_arg];
        if (a.kind == Arg::Kind::variable && !b.bound(a.var)) {
            b.bind(a.var, st);  // substitution: no equation needed
        } else {
            t.constraints.push_back(s.equal(arg_term(s, b, a), st));
            if (labels) {
                std::string arg = a.kind == Arg::Kind::variable ? r.vars[a.var].name : a.integer.str();
                t.labels.push_back(fmt::format("head argument {} = {}", i + 1, arg));
            }
        }
    }
    if (r.body_kind == BodyKind::atom) {
        t.next_point = r.body_point;
        const Point& next = program.points.at(r.body_point);
        for (std::size_t i = next.first_state_arg; i < r.body->args.size(); ++i) {
            t.next_state.push_back(arg_term(s, b, r.body->args[i]));
        }
    }
    add_constraints(s, r.constraints, r.vars, b, t, labels);
    return t;
}

}  // namespace clpi::engine
