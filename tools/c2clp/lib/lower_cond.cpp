// Branching on a C condition: `&&`, `||` and `!` whose operands have side effects become
// control flow (short-circuit); other conditions become the guards of two transitions.
#include "lowering.hpp"

namespace c2clp {

void Lowering::branch(const clang::Expr* e, std::optional<PointId> yes,
                      std::optional<PointId> no) {
    e = e->IgnoreParens();
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e); u && u->getOpcode() == clang::UO_LNot) {
        branch(u->getSubExpr(), no, yes);
        return;
    }
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(e);
        b && b->isLogicalOp() && has_effects(b->getRHS())) {
        PointId rhs = new_point();
        if (b->getOpcode() == clang::BO_LAnd) {
            branch(b->getLHS(), rhs, no);
        } else {
            branch(b->getLHS(), yes, rhs);
        }
        cur_ = rhs;
        branch(b->getRHS(), yes, no);
        return;
    }
    branch_on(truth(value(e)), yes, no);
}

void Lowering::branch_on(const Truth& t, std::optional<PointId> yes, std::optional<PointId> no) {
    PointId from = here();
    for (auto [alts, to] : {std::pair{&t.when_true, yes}, std::pair{&t.when_false, no}}) {
        if (!to) continue;
        std::vector<Step> steps;
        for (const ExprAlt& a : *alts) steps.push_back(step_of(a));
        cur_ = from;
        transition(std::move(steps), Target{Target::Kind::point, *to, ""});
    }
    cur_.reset();
}

}  // namespace c2clp
