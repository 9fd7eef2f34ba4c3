// Values and side effects of C expressions.
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ParentMapContext.h>
#include <llvm/ADT/StringExtras.h>

#include "lowering.hpp"

namespace c2clp {

namespace {

Integer to_integer(const llvm::APSInt& v) { return Integer(llvm::toString(v, 10)); }

std::optional<BinOp> arith_op(clang::BinaryOperatorKind k) {
    using K = clang::BinaryOperatorKind;
    switch (k) {
    case K::BO_Add: case K::BO_AddAssign: return BinOp::add;
    case K::BO_Sub: case K::BO_SubAssign: return BinOp::sub;
    case K::BO_Mul: case K::BO_MulAssign: return BinOp::mul;
    case K::BO_Div: case K::BO_DivAssign: return BinOp::div;
    case K::BO_Rem: case K::BO_RemAssign: return BinOp::rem;
    case K::BO_Shl: case K::BO_ShlAssign: return BinOp::shl;
    case K::BO_Shr: case K::BO_ShrAssign: return BinOp::shr;
    case K::BO_And: case K::BO_AndAssign: return BinOp::band;
    case K::BO_Or: case K::BO_OrAssign: return BinOp::bor;
    case K::BO_Xor: case K::BO_XorAssign: return BinOp::bxor;
    default: return std::nullopt;
    }
}

std::optional<Rel> relation(clang::BinaryOperatorKind k) {
    using K = clang::BinaryOperatorKind;
    switch (k) {
    case K::BO_EQ: return Rel::eq;
    case K::BO_NE: return Rel::ne;
    case K::BO_LT: return Rel::lt;
    case K::BO_LE: return Rel::le;
    case K::BO_GT: return Rel::gt;
    case K::BO_GE: return Rel::ge;
    default: return std::nullopt;
    }
}

// The alternatives of `guards` (terms ignored) with the result `v`.
Values with_result(const std::vector<ExprAlt>& guards, const Integer& v) {
    Values out;
    for (ExprAlt a : guards) {
        a.term = cst(v);
        out.push_back(std::move(a));
    }
    return out;
}

bool is_single_term(const Values& v) {
    return v.size() == 1 && v[0].guards.empty() && v[0].inputs.empty();
}

}  // namespace

bool Lowering::has_effects(const clang::Expr* e) const {
    e = e->IgnoreParens();
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(e); b && b->isAssignmentOp()) {
        return true;
    }
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e);
        u && u->isIncrementDecrementOp()) {
        return true;
    }
    if (llvm::isa<clang::StmtExpr>(e)) return true;
    if (const auto* c = llvm::dyn_cast<clang::CallExpr>(e)) {
        const clang::FunctionDecl* fn = c->getDirectCallee();
        if (!fn) return true;
        std::string name = fn->getNameAsString();
        if (name.rfind("__VERIFIER_nondet_", 0) == 0) return false;
        if (fn->hasBody() || name == "__VERIFIER_assume" || name == "__VERIFIER_assert" ||
            name == "reach_error" || name == "abort" || name == "exit" || name == "assume" ||
            name == "assert" || name.rfind("__assert", 0) == 0 || name == "__VERIFIER_error") {
            return true;
        }
    }
    for (const clang::Stmt* child : e->children()) {
        if (const auto* ce = llvm::dyn_cast_or_null<clang::Expr>(child); ce && has_effects(ce)) {
            return true;
        }
    }
    return false;
}

bool Lowering::is_boolean(const clang::Expr* e) const {
    e = e->IgnoreParenImpCasts();
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(e)) {
        return b->isComparisonOp() || b->isLogicalOp();
    }
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e)) {
        return u->getOpcode() == clang::UO_LNot;
    }
    return e->getType()->isBooleanType();
}

Values Lowering::value(const clang::Expr* e) {
    e = e->IgnoreParens();
    clang::Expr::EvalResult folded;
    if (e->getType()->isIntegerType() && !has_effects(e) &&
        e->EvaluateAsInt(folded, ctx_, clang::Expr::SE_NoSideEffects)) {
        return constant(to_integer(folded.Val.getInt()));
    }
    if (const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
        if (const auto* v = llvm::dyn_cast<clang::VarDecl>(r->getDecl())) {
            if (lives_in_memory(v)) return read(memory_place(e));
            if (pointer_parameter(e)) {
                refuse(e, "pointer parameter `" + text(e) + "` used as a value, where it stands for its argument");
            }
            return single(var(variable_of(v)));
        }
        refuse(e, "reference to `" + r->getDecl()->getNameAsString() + "` as a value");
    }
    if (const auto* c = llvm::dyn_cast<clang::CastExpr>(e)) return value_of_cast(c);
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(e)) return value_of_binary(b);
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e)) return value_of_unary(u);
    if (const auto* c = llvm::dyn_cast<clang::CallExpr>(e)) return call(c);
    if (const auto* c = llvm::dyn_cast<clang::ConditionalOperator>(e)) {
        if (has_effects(c->getTrueExpr()) || has_effects(c->getFalseExpr())) {
            return value_of_choice(c);
        }
        Truth t = truth(value(c->getCond()));
        auto pick = [](const Term&, const Term& y) { return Choices{{{}, y}}; };
        Values out = combine(t.when_true, value(c->getTrueExpr()), pick);
        Values no = combine(t.when_false, value(c->getFalseExpr()), pick);
        out.insert(out.end(), no.begin(), no.end());
        return out;
    }
    if (llvm::isa<clang::ArraySubscriptExpr>(e) || llvm::isa<clang::MemberExpr>(e)) {
        if (!e->getType()->isIntegerType()) int_type(e->getType(), e->getBeginLoc());  // names it
        return read(in_memory(e) ? memory_place(e) : access(e));
    }
    if (llvm::isa<clang::StringLiteral>(e)) refuse(e, "string literal used as a value");
    if (llvm::isa<clang::FloatingLiteral>(e)) refuse(e, "floating point constant");
    refuse(e, std::string("expression `") + e->getStmtClassName() + "`");
}

Values Lowering::value_of_cast(const clang::CastExpr* c) {
    const clang::Expr* sub = c->getSubExpr();
    switch (c->getCastKind()) {
    case clang::CK_LValueToRValue:
    case clang::CK_NoOp:
        return value(sub);
    case clang::CK_IntegralCast:
    case clang::CK_IntegralToBoolean: {
        IntType from = int_type(sub->getType(), sub->getBeginLoc());
        IntType to = int_type(c->getType(), c->getBeginLoc());
        return arith_.convert(value(sub), from, to, line(c));
    }
    case clang::CK_ToVoid:
        effect(sub);
        return constant(0);
    case clang::CK_NullToPointer:
        if (has_effects(sub)) effect(sub);
        return constant(0);
    case clang::CK_ArrayToPointerDecay:
        if (in_memory(sub)) return single(address_of(sub));
        if (llvm::isa<clang::StringLiteral>(sub->IgnoreParens())) refuse(sub, "string literal used as a pointer");
        refuse(sub, "array `" + text(sub) + "` used as a pointer");
    case clang::CK_BitCast: {
        if (std::optional<Values> outer = container_of(c)) return *outer;
        // Between `void *` and another pointer (malloc's result, say), or adding or dropping
        // `const`: the same address. Other pointer conversions reinterpret cells, which the
        // memory cannot.
        bool from_void = sub->getType()->isPointerType() && sub->getType()->getPointeeType()->isVoidType();
        bool to_void = c->getType()->isPointerType() && c->getType()->getPointeeType()->isVoidType();
        bool same = sub->getType()->isPointerType() && c->getType()->isPointerType() &&
                    ctx_.hasSameUnqualifiedType(sub->getType()->getPointeeType(), c->getType()->getPointeeType());
        // Only compared (`p != (struct node *)head`): an address is an address.
        bool compared = false;
        for (const clang::Stmt* at = c;;) {
            auto parents = ctx_.getParents(*at);
            if (parents.size() != 1) break;
            const clang::Stmt* up = parents[0].get<clang::Stmt>();
            if (up && (llvm::isa<clang::ParenExpr>(up) || llvm::isa<clang::ImplicitCastExpr>(up))) {
                at = up;
                continue;
            }
            const auto* cmp = llvm::dyn_cast_or_null<clang::BinaryOperator>(up);
            compared = cmp && cmp->isEqualityOp();
            break;
        }
        if (!from_void && !to_void && !same && !compared) {
            refuse(c, "conversion from `" + sub->getType().getAsString() + "` to `" + c->getType().getAsString() + "`");
        }
        return value(sub);
    }
    case clang::CK_PointerToBoolean: {
        Truth t = truth(value(sub));
        Values out;
        for (ExprAlt a : t.when_true) out.push_back(ExprAlt{a.guards, cst(1), a.inputs});
        for (ExprAlt a : t.when_false) out.push_back(ExprAlt{a.guards, cst(0), a.inputs});
        return out;
    }
    case clang::CK_IntegralToPointer:
    case clang::CK_PointerToIntegral:
        refuse(c, "conversion between a pointer and an integer `" + text(c) + "`");
    default:
        break;
    }
    int_type(sub->getType(), sub->getBeginLoc());  // names pointers, floats, ... precisely
    refuse(c, std::string("conversion `") + c->getCastKindName() + "`");
}

Values Lowering::spill(const Values& v, const IntType& t) {
    if (is_single_term(v) && is_const(v[0].term)) return v;
    VarId tmp = temporary(t);
    assign_values(tmp, v);
    return single(var(tmp));
}

Values Lowering::value_of_binary(const clang::BinaryOperator* b) {
    if (b->isAssignmentOp()) return assign(b);
    if (b->getOpcode() == clang::BO_Comma) {
        effect(b->getLHS());
        return value(b->getRHS());
    }
    if (b->isLogicalOp()) {
        if (has_effects(b->getRHS())) return value_of_choice(b);
        Truth l = truth(value(b->getLHS()));
        Truth r = truth(value(b->getRHS()));
        auto both = [](const std::vector<ExprAlt>& x, const std::vector<ExprAlt>& y) {
            return combine(x, y, [](const Term& s, const Term&) { return Choices{{{}, s}}; });
        };
        bool is_and = b->getOpcode() == clang::BO_LAnd;
        Values out = with_result(is_and ? l.when_false : l.when_true, is_and ? 0 : 1);
        for (ExprAlt& a : with_result(both(is_and ? l.when_true : l.when_false, r.when_true), 1)) {
            out.push_back(a);
        }
        for (ExprAlt& a : with_result(both(is_and ? l.when_true : l.when_false, r.when_false), 0)) {
            out.push_back(a);
        }
        return out;
    }
    if ((b->getOpcode() == clang::BO_Add || b->getOpcode() == clang::BO_Sub) &&
        (b->getLHS()->getType()->isPointerType() || b->getRHS()->getType()->isPointerType())) {
        return pointer_arithmetic(b);
    }
    IntType lt = int_type(b->getLHS()->getType(), b->getLHS()->getBeginLoc());
    Values lhs = value(b->getLHS());
    if (has_effects(b->getRHS())) lhs = spill(lhs, lt);  // C order: left operand first
    Values rhs = value(b->getRHS());
    if (auto rel = relation(b->getOpcode())) {
        return combine(lhs, rhs, [&](const Term& x, const Term& y) {
            Cond c{*rel, x, y};
            return Choices{{{c}, cst(1)}, {{negate(c)}, cst(0)}};
        });
    }
    auto op = arith_op(b->getOpcode());
    if (!op) refuse(b, std::string("operator `") + b->getOpcodeStr().str() + "`");
    IntType t = int_type(b->getType(), b->getBeginLoc());
    try {
        return arith_.binary(*op, t, lhs, rhs, is_boolean(b->getLHS()) && is_boolean(b->getRHS()),
                             line(b));
    } catch (const Refusal& r) {
        refuse(b, r.message);
    }
}

Values Lowering::value_of_unary(const clang::UnaryOperator* u) {
    const clang::Expr* sub = u->getSubExpr();
    switch (u->getOpcode()) {
    case clang::UO_Plus:
    case clang::UO_Extension: return value(sub);
    case clang::UO_Minus: return arith_.negate(int_type(u->getType(), u->getBeginLoc()), value(sub), line(u));
    case clang::UO_Not: return arith_.complement(int_type(u->getType(), u->getBeginLoc()), value(sub));
    case clang::UO_LNot: {
        Truth t = truth(value(sub));
        Values out = with_result(t.when_true, 0);
        for (ExprAlt& a : with_result(t.when_false, 1)) out.push_back(a);
        return out;
    }
    case clang::UO_PreInc:
    case clang::UO_PreDec:
    case clang::UO_PostInc:
    case clang::UO_PostDec: return increment(u);
    case clang::UO_AddrOf:
        if (in_memory(sub)) return single(address_of(sub));
        refuse(u, "address `" + text(u) + "` used as a value");
    case clang::UO_Deref:
        if (!u->getType()->isIntegerType()) int_type(u->getType(), u->getBeginLoc());  // names it
        return read(in_memory(u) ? memory_place(u) : access(u));
    default: refuse(u, std::string("operator `") + clang::UnaryOperator::getOpcodeStr(u->getOpcode()).str() + "`");
    }
}

Values Lowering::value_of_choice(const clang::Expr* e) {
    IntType t = int_type(e->getType(), e->getBeginLoc());
    VarId tmp = temporary(t);
    PointId yes = new_point(), no = new_point(), join = new_point();
    const auto* c = llvm::dyn_cast<clang::ConditionalOperator>(e);
    branch(c ? c->getCond() : e, yes, no);
    cur_ = yes;
    assign_values(tmp, c ? value(c->getTrueExpr()) : constant(1));
    jump(join);
    cur_ = no;
    assign_values(tmp, c ? value(c->getFalseExpr()) : constant(0));
    jump(join);
    cur_ = join;
    return single(var(tmp));
}

void Lowering::effect(const clang::Expr* e) {
    e = e->IgnoreParens();
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(e)) {
        if (b->getOpcode() == clang::BO_Comma) {
            effect(b->getLHS());
            effect(b->getRHS());
            return;
        }
        if (b->isLogicalOp() && has_effects(b->getRHS())) {
            PointId rhs = new_point(), join = new_point();
            bool is_and = b->getOpcode() == clang::BO_LAnd;
            branch(b->getLHS(), is_and ? rhs : join, is_and ? join : rhs);
            cur_ = rhs;
            effect(b->getRHS());
            jump(join);
            cur_ = join;
            return;
        }
    }
    if (const auto* c = llvm::dyn_cast<clang::ConditionalOperator>(e); c && has_effects(c)) {
        PointId yes = new_point(), no = new_point(), join = new_point();
        branch(c->getCond(), yes, no);
        cur_ = yes;
        effect(c->getTrueExpr());
        jump(join);
        cur_ = no;
        effect(c->getFalseExpr());
        jump(join);
        cur_ = join;
        return;
    }
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e); u && u->isIncrementDecrementOp()) {
        increment(u, false);  // the old value is not needed: no temporary
        return;
    }
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e); u && u->getOpcode() == clang::UO_Extension) {
        effect(u->getSubExpr());
        return;
    }
    if (const auto* se = llvm::dyn_cast<clang::StmtExpr>(e)) {
        // A GNU statement expression (glibc's assert uses one): its statements, in order.
        for (const clang::Stmt* s : se->getSubStmt()->body()) statement(s);
        return;
    }
    if (const auto* c = llvm::dyn_cast<clang::CastExpr>(e); c && c->getCastKind() == clang::CK_ToVoid) {
        effect(c->getSubExpr());
        return;
    }
    if (const auto* c = llvm::dyn_cast<clang::CallExpr>(e)) {
        call(c);
        return;
    }
    value(e);  // checks that it is supported; a value without effects changes nothing
}

Lowering::Place Lowering::lvalue(const clang::Expr* e) {
    e = e->IgnoreParens();
    if (const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
        if (const auto* v = llvm::dyn_cast<clang::VarDecl>(r->getDecl())) {
            if (v->getType()->isArrayType()) refuse(e, "assignment to a whole array `" + text(e) + "`");
            if (lives_in_memory(v)) return memory_place(e);
            return Place{variable_of(v), std::nullopt, std::nullopt};
        }
    }
    if (llvm::isa<clang::ArraySubscriptExpr>(e) || llvm::isa<clang::MemberExpr>(e)) {
        if (!e->getType()->isIntegerType()) {
            if (e->getType()->isRecordType()) refuse(e, "assignment of a whole struct `" + text(e) + "`");
            int_type(e->getType(), e->getBeginLoc());
        }
        return in_memory(e) ? memory_place(e) : access(e);
    }
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e); u && u->getOpcode() == clang::UO_Deref) {
        if (u->getType()->isRecordType()) refuse(e, "assignment of a whole struct `" + text(e) + "`");
        return in_memory(u) ? memory_place(u) : access(u);
    }
    refuse(e, "assignment to `" + text(e) + "`");
}

void Lowering::assign_values(VarId v, const Values& vals) {
    std::vector<Step> steps;
    for (const ExprAlt& a : vals) {
        Step s = step_of(a);
        // `x = __VERIFIER_nondet_T()` of x's own type: x takes any value of its type.
        bool havoc = vals.size() == 1 && a.guards.empty() && a.inputs.size() == 1 &&
                     a.term->op == Op::input && a.inputs[0] == flow_.vars[v].type;
        if (havoc) {
            s.inputs.clear();
            s.havocs.push_back(v);
        } else {
            s.updates.emplace_back(v, a.term);
        }
        steps.push_back(std::move(s));
    }
    transition(std::move(steps), Target{Target::Kind::point, new_point(), ""});
}

Values Lowering::assign(const clang::BinaryOperator* b) {
    if (b->getOpcode() == clang::BO_Assign && b->getType()->isRecordType()) {
        // `p = q`: every field. The value of the assignment is not a number: it may only be
        // thrown away (a statement), which is where effect() sends it.
        if (in_memory(b->getLHS()) || in_memory(b->getRHS())) {
            copy_cells(b->getLHS(), b->getRHS(), b);
        } else {
            copy_struct(struct_ref(b->getLHS()), struct_ref(b->getRHS()), b);
        }
        return constant(0);
    }
    if (b->getOpcode() == clang::BO_Assign) {
        // C leaves the order of the two sides open; the right one is lowered first here, so
        // that an element's index is read after what the right side changes, as GCC does.
        Values rhs = value(b->getRHS());
        if (llvm::isa<clang::ArraySubscriptExpr>(b->getLHS()->IgnoreParens()) && has_effects(b->getLHS())) {
            rhs = spill(rhs, int_type(b->getType(), b->getBeginLoc()));
        }
        Place p = lvalue(b->getLHS());
        assign_place(p, rhs);
        return read(p);
    }
    Place p = lvalue(b->getLHS());
    if (b->getLHS()->getType()->isPointerType()) {  // `p += k`, `p -= k`: k elements on
        Integer cells = cells_of(b->getLHS()->getType()->getPointeeType(), b->getBeginLoc());
        bool minus = b->getOpcode() == clang::BO_SubAssign;
        Values moved = combine(read(p), value(b->getRHS()), [&](const Term& x, const Term& k) {
            Term step = mul(cst(cells), k);
            return Choices{{{}, minus ? sub(x, step) : add(x, step)}};
        });
        assign_place(p, moved);
        return read(p);
    }
    const auto* ca = llvm::cast<clang::CompoundAssignOperator>(b);
    IntType vt = type_of(p);
    IntType lt = int_type(ca->getComputationLHSType(), b->getBeginLoc());
    IntType rt = int_type(ca->getComputationResultType(), b->getBeginLoc());
    Values rhs = value(b->getRHS());
    Values lhs = arith_.convert(read(p), vt, lt, line(b));
    Values result;
    try {
        result = arith_.binary(*arith_op(b->getOpcode()), rt, lhs, rhs, false, line(b));
    } catch (const Refusal& r) {
        refuse(b, r.message);
    }
    assign_place(p, arith_.convert(result, rt, vt, line(b)));
    return read(p);
}

Values Lowering::increment(const clang::UnaryOperator* u, bool need_value) {
    Place p = lvalue(u->getSubExpr());
    IntType t = type_of(p);
    if (t.is_bool) refuse(u, "`++` or `--` on a _Bool");
    Values current = read(p);
    Values r;
    if (u->getSubExpr()->getType()->isPointerType()) {  // the next (or previous) element
        Integer cells = cells_of(u->getSubExpr()->getType()->getPointeeType(), u->getBeginLoc());
        r = map(current, [&](const Term& x) {
            return Choices{{{}, u->isIncrementOp() ? add(x, cst(cells)) : sub(x, cst(cells))}};
        });
    } else {
        IntType promoted = t.bits < 32 ? IntType{32, true, false} : t;
        Values x = arith_.convert(current, t, promoted, line(u));
        r = arith_.binary(u->isIncrementOp() ? BinOp::add : BinOp::sub, promoted, x,
                          constant(1), false, line(u));
        r = arith_.convert(r, promoted, t, line(u));
    }
    if (u->isPrefix() || !need_value) {
        assign_place(p, r);
        return read(p);
    }
    VarId old = temporary(t);
    std::vector<Step> steps;
    for (const ExprAlt& a : r) {
        Step s = step_of(a);
        Term written = p.index ? store(var(p.var), *p.index, a.term) : a.term;
        s.updates = {{old, current[0].term}, {p.var, written}};
        steps.push_back(std::move(s));
    }
    transition(std::move(steps), Target{Target::Kind::point, new_point(), ""});
    return single(var(old));
}

}  // namespace c2clp
