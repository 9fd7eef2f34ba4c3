// From the AST of a rule to Z3 terms, under a binding of the rule's variables.
#include <stdexcept>

#include "solver/solver_impl.hpp"

namespace clpi::solver {

namespace {

struct Encoder {
    Solver::Impl& impl;
    std::span<const Term> binding;
    std::vector<Term>& side;

    z3::expr divisor_checked(const Expr& e) {
        z3::expr d = encode(e);
        // A transition that divides by zero is not enabled: a non-constant divisor gets the
        // side condition d != 0, the constant 0 makes the transition infeasible outright.
        if (e.kind != ExprKind::constant) {
            side.push_back(impl.add(d != impl.ctx.int_val(0)));
        } else if (e.value == 0) {
            side.push_back(impl.false_term);
        }
        return d;
    }

    z3::expr encode(const Expr& e) {
        switch (e.kind) {
        case ExprKind::constant: return impl.number(e.value);
        case ExprKind::variable: return impl.at(binding[e.var]);
        case ExprKind::neg: return -encode(e.args[0]);
        case ExprKind::add: return encode(e.args[0]) + encode(e.args[1]);
        case ExprKind::sub: return encode(e.args[0]) - encode(e.args[1]);
        case ExprKind::mul: return encode(e.args[0]) * encode(e.args[1]);
        case ExprKind::div: {
            z3::expr a = encode(e.args[0]);
            return z3::expr(impl.ctx, Z3_mk_div(impl.ctx, a, divisor_checked(e.args[1])));
        }
        case ExprKind::mod: {
            z3::expr a = encode(e.args[0]);
            return z3::mod(a, divisor_checked(e.args[1]));
        }
        case ExprKind::select: return z3::select(encode(e.args[0]), encode(e.args[1]));
        case ExprKind::store:
            return z3::store(encode(e.args[0]), encode(e.args[1]), encode(e.args[2]));
        case ExprKind::const_array: {
            z3::expr v = encode(e.args[0]);
            return z3::const_array(v.get_sort(), v);  // indices and elements have one sort
        }
        }
        throw std::logic_error("unknown expression kind");
    }
};

}  // namespace

Term Solver::encode(const Expr& e, std::span<const Term> binding, std::vector<Term>& side) {
    Encoder enc{*impl_, binding, side};
    return impl_->add(enc.encode(e));
}

Term Solver::encode(const Constraint& c, std::span<const Term> binding, std::vector<Term>& side) {
    if (c.is_disjunction()) {
        // One formula for the whole disjunction; the side conditions of a case ("divisor
        // != 0") belong to that case only, so they are conjoined inside it.
        std::vector<Term> cases;
        for (const std::vector<Constraint>& conj : c.cases) {
            std::vector<Term> parts;
            for (const Constraint& d : conj) {
                std::vector<Term> case_side;
                Term t = encode(d, binding, case_side);
                parts.insert(parts.end(), case_side.begin(), case_side.end());
                parts.push_back(t);
            }
            cases.push_back(conjunction(parts));
        }
        return disjunction(cases);
    }
    Encoder enc{*impl_, binding, side};
    z3::expr l = enc.encode(c.lhs);
    z3::expr r = enc.encode(c.rhs);
    switch (c.op) {
    case RelOp::eq: return impl_->add(l == r);
    case RelOp::ne: return impl_->add(l != r);
    case RelOp::lt: return impl_->add(l < r);
    case RelOp::le: return impl_->add(l <= r);
    case RelOp::gt: return impl_->add(l > r);
    case RelOp::ge: return impl_->add(l >= r);
    }
    throw std::logic_error("unknown relation");
}

}  // namespace clpi::solver
