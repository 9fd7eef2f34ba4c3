#include "solver/point_formula.hpp"

#include "solver/solver_impl.hpp"

namespace clpi::solver {

namespace {

std::optional<PointFormula> comparison(const z3::expr& lhs, const z3::expr& rhs,
                                       PointFormula::Op op) {
    if (!lhs.is_arith()) return std::nullopt;
    auto l = linear(lhs);
    auto r = linear(rhs);
    if (!l || !r) return std::nullopt;
    PointFormula f;
    f.op = op;
    f.difference = std::move(*l);
    f.difference.add(*r, -1);
    return f;
}

}  // namespace

std::optional<PointFormula> point_formula(const z3::expr& e) {
    if (!e.is_app()) return std::nullopt;
    using Op = PointFormula::Op;
    PointFormula f;
    auto connective = [&](Op op) -> std::optional<PointFormula> {
        f.op = op;
        for (unsigned k = 0; k < e.num_args(); ++k) {
            auto arg = point_formula(e.arg(k));
            if (!arg) return std::nullopt;
            f.args.push_back(std::move(*arg));
        }
        return f;
    };
    switch (e.decl().decl_kind()) {
    case Z3_OP_TRUE: f.op = Op::truth; return f;
    case Z3_OP_FALSE: f.op = Op::falsity; return f;
    case Z3_OP_AND: return connective(Op::all);
    case Z3_OP_OR: return connective(Op::any);
    case Z3_OP_NOT: return connective(Op::negation);
    case Z3_OP_IMPLIES: {  // ¬a ∨ b
        auto a = point_formula(e.arg(0));
        auto b = point_formula(e.arg(1));
        if (!a || !b) return std::nullopt;
        PointFormula not_a;
        not_a.op = Op::negation;
        not_a.args.push_back(std::move(*a));
        f.op = Op::any;
        f.args.push_back(std::move(not_a));
        f.args.push_back(std::move(*b));
        return f;
    }
    case Z3_OP_LE: return comparison(e.arg(0), e.arg(1), Op::at_most);
    case Z3_OP_GE: return comparison(e.arg(1), e.arg(0), Op::at_most);
    case Z3_OP_LT: return comparison(e.arg(0), e.arg(1), Op::below);
    case Z3_OP_GT: return comparison(e.arg(1), e.arg(0), Op::below);
    case Z3_OP_EQ:
        if (e.num_args() != 2) return std::nullopt;
        return comparison(e.arg(0), e.arg(1), Op::equal);
    case Z3_OP_DISTINCT:
        if (e.num_args() != 2) return std::nullopt;
        return comparison(e.arg(0), e.arg(1), Op::unequal);
    default: return std::nullopt;
    }
}

std::optional<bool> evaluate(const PointFormula& f,
                             const std::function<const Number*(std::uint32_t)>& value) {
    using Op = PointFormula::Op;
    switch (f.op) {
    case Op::truth: return true;
    case Op::falsity: return false;
    case Op::negation: {
        auto a = evaluate(f.args[0], value);
        if (!a) return std::nullopt;
        return !*a;
    }
    case Op::all:
    case Op::any: {
        // The value a decided argument gives, even when another is missing a value.
        const bool decisive = f.op == Op::any;
        bool missing = false;
        for (const PointFormula& a : f.args) {
            auto v = evaluate(a, value);
            if (!v) missing = true;
            else if (*v == decisive) return decisive;
        }
        if (missing) return std::nullopt;
        return !decisive;
    }
    default: break;
    }
    Number d = f.difference.constant;
    for (const auto& [i, c] : f.difference.coefficients) {
        const Number* v = value(i);
        if (!v) return std::nullopt;
        d += c * *v;
    }
    switch (f.op) {
    case Op::at_most: return d <= 0;
    case Op::below: return d < 0;
    case Op::equal: return d == 0;
    default: return d != 0;  // unequal
    }
}

}  // namespace clpi::solver
