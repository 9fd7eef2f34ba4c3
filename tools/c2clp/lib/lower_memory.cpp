// Pointers and the memory they point into, after the symbolic heap of TRACER-X: the memory
// is one CLP array `Mem` from addresses to values, and an allocation (`malloc`, a variable
// whose address is taken) takes fresh cells from `MemTop` on. Addresses are therefore
// separated by construction: two objects never share a cell, and an interpolant over the
// memory keeps the cells (and the facts on MemTop) its proof needs. A pointer is an
// address; NULL is 0 and no object has it. Each scalar is one cell, so `p + 1` is the next
// element whatever its size in bytes; freed cells are never handed out again.
#include <functional>

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <llvm/ADT/StringExtras.h>

#include "lowering.hpp"

namespace c2clp {

namespace {

bool is_pure(const Values& v) { return v.size() == 1 && v[0].guards.empty() && v[0].inputs.empty(); }

// Scalars, of whatever type, are one cell each.
constexpr IntType pointer_type{64, false, false};

// Cells a struct or array initialiser may set one by one, as for arrays.
constexpr long long max_initialised_cells = 1024;

// `.f` after `path`; nothing for an anonymous struct or union, whose members C names as
// the enclosing one's.
std::string member_path(const std::string& path, const clang::FieldDecl* f) {
    return f->getName().empty() ? path : path + "." + f->getNameAsString();
}

// `sizeof(T)`: T, or null.
const clang::Type* sizeof_type(const clang::Expr* e) {
    const auto* s = llvm::dyn_cast<clang::UnaryExprOrTypeTraitExpr>(e->IgnoreParenImpCasts());
    if (!s || s->getKind() != clang::UETT_SizeOf) return nullptr;
    return s->getTypeOfArgument().getTypePtr();
}

}  // namespace

VarId Lowering::memory() {
    if (!memory_) {
        ArrayShape shape{{1}, {}, cst(0)};
        Variable m{unique_name("Mem"), "", "memory", IntType{64, true, false}, shape, false};
        flow_.vars.push_back(m);
        memory_ = static_cast<VarId>(flow_.vars.size() - 1);
    }
    return *memory_;
}

VarId Lowering::memory_top() {
    if (!memory_top_) {
        Variable t{unique_name("MemTop"), "", "memory", pointer_type, {}, false};
        flow_.vars.push_back(t);
        memory_top_ = static_cast<VarId>(flow_.vars.size() - 1);
    }
    return *memory_top_;
}

Integer Lowering::cells_of(clang::QualType qt, clang::SourceLocation where) const {
    const clang::Type* t = qt.getCanonicalType().getTypePtr();
    if (t->isPointerType() || t->isIntegerType()) {
        int_type(qt, where);  // refuses function pointers, wide integers
        return 1;
    }
    if (const auto* a = llvm::dyn_cast<clang::ConstantArrayType>(t)) {
        return Integer(llvm::toString(a->getSize(), 10, false)) * cells_of(a->getElementType(), where);
    }
    if (t->isStructureType()) {
        Integer n = 0;
        for (const clang::FieldDecl* f : t->getAsRecordDecl()->fields()) {
            if (f->isBitField()) refuse_at(f->getLocation(), "bit-field `" + f->getNameAsString() + "`");
            n += cells_of(f->getType(), where);
        }
        return n;
    }
    if (t->isUnionType()) {
        if (!t->getAsRecordDecl()->getDefinition()) refuse_at(where, "incomplete union `" + qt.getAsString() + "`");
        return union_cells(t->getAsRecordDecl(), where);
    }
    int_type(qt, where);  // names floats, variable-length arrays
    refuse_at(where, "object of type `" + qt.getAsString() + "` in memory");
}

std::string Lowering::layout_of(clang::QualType qt) {
    const clang::Type* t = qt.getCanonicalType().getTypePtr();
    std::string key = qt.getCanonicalType().getUnqualifiedType().getAsString();
    if (t->isVoidType() || t->isIncompleteType() || t->isFunctionType()) return "";
    if (flow_.layouts.count(key) != 0) return key;
    flow_.layouts[key];  // known from here on: a struct may point to its own type
    std::vector<CellOfType> cells;
    std::function<void(clang::QualType, const std::string&, Integer)> walk =
        [&](clang::QualType ft, const std::string& path, Integer offset) {
            const clang::Type* ct = ft.getCanonicalType().getTypePtr();
            if (const auto* a = llvm::dyn_cast<clang::ConstantArrayType>(ct)) {
                Integer n(llvm::toString(a->getSize(), 10, false));
                Integer step = cells_of(a->getElementType(), {});
                for (Integer k = 0; k < n && k < 8; ++k) walk(a->getElementType(), path + "[" + k.str() + "]", offset + k * step);
            } else if (ct->isStructureType()) {
                for (const clang::FieldDecl* f : ct->getAsRecordDecl()->fields()) {
                    walk(f->getType(), member_path(path, f), offset);
                    offset += cells_of(f->getType(), {});
                }
            } else if (ct->isUnionType()) {
                // A shared cell is named by the first member that has it.
                cells_of(ft, {});  // the members agree, or no layout
                std::size_t before = cells.size();
                for (const clang::FieldDecl* f : ct->getAsRecordDecl()->fields()) {
                    std::size_t from = cells.size();
                    walk(f->getType(), member_path(path, f), offset);
                    std::vector<CellOfType> mine(cells.begin() + static_cast<std::ptrdiff_t>(from), cells.end());
                    cells.resize(from);
                    for (CellOfType& c : mine) {
                        bool taken = false;
                        for (std::size_t k = before; k < cells.size(); ++k) taken = taken || cells[k].offset == c.offset;
                        if (!taken) cells.push_back(std::move(c));
                    }
                }
            } else if (ct->isPointerType()) {
                std::string inner = layout_of(ct->getPointeeType());
                cells.push_back(CellOfType{path, static_cast<std::uint64_t>(offset), inner});
            } else {
                cells.push_back(CellOfType{path, static_cast<std::uint64_t>(offset), ""});
            }
        };
    try {
        walk(qt, "", 0);
    } catch (const LocatedRefusal&) {
        flow_.layouts.erase(key);  // no size: no view
        return "";
    }
    flow_.layouts[key] = std::move(cells);
    return key;
}

Integer Lowering::field_offset(const clang::FieldDecl* f, clang::SourceLocation where) const {
    if (f->getParent()->isUnion()) return 0;  // every member at the union's first cell
    Integer offset = 0;
    for (const clang::FieldDecl* g : f->getParent()->fields()) {
        if (g == f) break;
        offset += cells_of(g->getType(), where);
    }
    return offset;
}

bool Lowering::lives_in_memory(const clang::VarDecl* d) const {
    return in_memory_vars_.count(d->getCanonicalDecl()) != 0;
}

void Lowering::find_variables_in_memory() {
    // A pointer parameter of an inlined function can stand for its argument (&x, an array)
    // as long as the function only goes through it (`*p`, `p[i]`, `p->f`, or passing it on
    // the same way): then x stays a variable. Every other address goes to the memory.
    std::function<bool(const clang::ParmVarDecl*, int)> only_dereferenced;
    std::function<bool(const clang::Stmt*, const clang::ParmVarDecl*, int)> used_through;
    used_through = [&](const clang::Stmt* s, const clang::ParmVarDecl* p, int depth) -> bool {
        if (!s) return true;
        const auto* e = llvm::dyn_cast<clang::Expr>(s);
        auto names_p = [&](const clang::Expr* x) {
            const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(x->IgnoreParenImpCasts());
            return r && r->getDecl() == p;
        };
        if (e) {
            e = e->IgnoreParens();
            if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e);
                u && u->getOpcode() == clang::UO_Deref && names_p(u->getSubExpr())) {
                return true;
            }
            if (const auto* a = llvm::dyn_cast<clang::ArraySubscriptExpr>(e); a && names_p(a->getBase())) {
                return used_through(a->getIdx(), p, depth);
            }
            if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e); m && m->isArrow() && names_p(m->getBase())) {
                return true;
            }
            if (const auto* c = llvm::dyn_cast<clang::CallExpr>(e)) {
                const clang::FunctionDecl* def = nullptr;
                const clang::FunctionDecl* fn = c->getDirectCallee();
                bool ok = true;
                for (unsigned i = 0; i < c->getNumArgs(); ++i) {
                    if (names_p(c->getArg(i))) {
                        ok = ok && fn && fn->hasBody(def) && i < def->getNumParams() && depth < 16 &&
                             only_dereferenced(def->getParamDecl(i), depth + 1);
                    } else {
                        ok = ok && used_through(c->getArg(i), p, depth);
                    }
                }
                return ok;
            }
            if (names_p(e)) return false;  // used as a value
        }
        for (const clang::Stmt* c : s->children()) {
            if (!used_through(c, p, depth)) return false;
        }
        return true;
    };
    only_dereferenced = [&](const clang::ParmVarDecl* p, int depth) {
        const auto* fn = llvm::dyn_cast<clang::FunctionDecl>(p->getDeclContext());
        const clang::FunctionDecl* def = nullptr;
        if (!fn || !fn->hasBody(def)) return false;
        const clang::ParmVarDecl* q = def->getParamDecl(p->getFunctionScopeIndex());
        if (pointee_params_.count(q) != 0) return true;
        bool only = used_through(def->getBody(), q, depth);
        if (only) pointee_params_.insert(q);
        return only;
    };

    std::set<const clang::Expr*> bound;        // arguments a pointer parameter stands for
    std::set<const clang::Expr*> subscripted;  // arrays indexed in place (`a[i]`)
    std::vector<const clang::Expr*> addressed; // `&x`, arrays used as pointers
    std::function<void(const clang::Stmt*)> walk = [&](const clang::Stmt* s) {
        if (!s) return;
        if (const auto* c = llvm::dyn_cast<clang::CallExpr>(s)) {
            const clang::FunctionDecl* def = nullptr;
            const clang::FunctionDecl* fn = c->getDirectCallee();
            if (fn && fn->hasBody(def)) {
                for (unsigned i = 0; i < c->getNumArgs() && i < def->getNumParams(); ++i) {
                    const clang::ParmVarDecl* p = def->getParamDecl(i);
                    if (p->getType()->isPointerType() && only_dereferenced(p, 0)) {
                        bound.insert(c->getArg(i)->IgnoreParenImpCasts());
                    }
                }
            }
            // memset of a named array sets the CLP array itself (array_call).
            if (fn && !fn->hasBody() && c->getNumArgs() == 3 &&
                (fn->getName() == "memset" || fn->getName() == "__builtin_memset")) {
                bound.insert(c->getArg(0)->IgnoreParenImpCasts());
            }
        }
        if (const auto* ds = llvm::dyn_cast<clang::DeclStmt>(s)) {
            for (const clang::Decl* d : ds->decls()) {
                const auto* v = llvm::dyn_cast<clang::VarDecl>(d);
                if (v && contains_union(v->getType())) in_memory_vars_.insert(v->getCanonicalDecl());
            }
        }
        if (const auto* a = llvm::dyn_cast<clang::ArraySubscriptExpr>(s)) subscripted.insert(a->getBase()->IgnoreParens());
        if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(s); u && u->getOpcode() == clang::UO_AddrOf) {
            addressed.push_back(u);
        }
        if (const auto* c = llvm::dyn_cast<clang::ImplicitCastExpr>(s);
            c && c->getCastKind() == clang::CK_ArrayToPointerDecay) {
            addressed.push_back(c);
        }
        for (const clang::Stmt* child : s->children()) walk(child);
    };
    for (const clang::Decl* d : ctx_.getTranslationUnitDecl()->decls()) {
        if (const auto* fn = llvm::dyn_cast<clang::FunctionDecl>(d); fn && fn->hasBody()) walk(fn->getBody());
        if (const auto* v = llvm::dyn_cast<clang::VarDecl>(d); v && v->getInit()) walk(v->getInit());
        // A union's members overlap in memory only (lower_union.cpp).
        if (const auto* v = llvm::dyn_cast<clang::VarDecl>(d); v && contains_union(v->getType())) {
            in_memory_vars_.insert(v->getCanonicalDecl());
        }
    }
    for (const clang::Expr* e : addressed) {
        const clang::Expr* target = nullptr;
        if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e)) {
            if (bound.count(u) != 0) continue;
            target = u->getSubExpr();
        } else {
            target = llvm::cast<clang::ImplicitCastExpr>(e)->getSubExpr();
            if (subscripted.count(e) != 0 || bound.count(target->IgnoreParenImpCasts()) != 0) continue;
        }
        // The variable the lvalue is part of (`x`, `a[i]`, `s.f`), if any.
        for (const clang::Expr* x = target->IgnoreParens();;) {
            if (const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(x)) {
                if (const auto* v = llvm::dyn_cast<clang::VarDecl>(r->getDecl())) {
                    in_memory_vars_.insert(v->getCanonicalDecl());
                }
                break;
            }
            if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(x); m && !m->isArrow()) {
                x = m->getBase()->IgnoreParens();
            } else if (const auto* a = llvm::dyn_cast<clang::ArraySubscriptExpr>(x);
                       a && a->getBase()->IgnoreParenImpCasts()->getType()->isArrayType()) {
                x = a->getBase()->IgnoreParenImpCasts();
            } else {
                break;  // through a pointer: in memory already
            }
        }
    }
}

bool Lowering::in_memory(const clang::Expr* e) const {
    e = e->IgnoreParenLValueCasts();  // a struct value is its lvalue read
    if (const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
        const auto* v = llvm::dyn_cast<clang::VarDecl>(r->getDecl());
        return v && lives_in_memory(v);
    }
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e); u && u->getOpcode() == clang::UO_Deref) {
        return pointer_parameter(u->getSubExpr()) == nullptr;
    }
    if (const auto* a = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) {
        const clang::Expr* base = a->getBase()->IgnoreParenImpCasts();
        if (base->getType()->isArrayType()) return in_memory(base);
        return pointer_parameter(base) == nullptr;
    }
    if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e)) {
        if (m->isArrow()) return pointer_parameter(m->getBase()) == nullptr;
        return in_memory(m->getBase());
    }
    return false;
}

bool Lowering::stands_for_object(const clang::Expr* arg) const {
    const clang::Expr* x = arg->IgnoreParenImpCasts();
    if (pointer_parameter(x)) return true;
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(x); u && u->getOpcode() == clang::UO_AddrOf) {
        return !in_memory(u->getSubExpr());
    }
    return x->getType()->isArrayType() && !in_memory(x);
}

std::vector<Step> Lowering::constant_memory_steps(const clang::VarDecl* d) {
    const clang::Expr* init = d->getAnyInitializer();
    Integer cells = cells_of(d->getType(), d->getLocation());
    if (cells > max_initialised_cells) {
        refuse_at(d->getLocation(), "global `" + d->getNameAsString() + "` of " + cells.str() +
                                        " cells whose address is taken (at most " +
                                        std::to_string(max_initialised_cells) + ")");
    }
    std::map<Integer, Integer> values;  // by cell; the others are 0
    std::map<Integer, MemoryCell> listed;
    if (init) memory_cells(init, d->getType(), 0, listed);
    for (const auto& [k, c] : listed) {
        if (std::holds_alternative<Integer>(c.value)) {
            values[k] = std::get<Integer>(c.value);
            continue;
        }
        const clang::Expr* e = std::get<const clang::Expr*>(c.value);
        clang::Expr::EvalResult r;
        if (e->isNullPointerConstant(ctx_, clang::Expr::NPC_ValueDependentIsNotNull)) {
            values[k] = 0;
        } else if (e->getType()->isIntegerType() && e->EvaluateAsInt(r, ctx_)) {
            values[k] = Integer(llvm::toString(r.Val.getInt(), 10));
        } else if (std::optional<Term> address = constant_address(e)) {
            values[k] = (*address)->value;
        } else {
            refuse(e, "initialiser of a global that is not an integer constant");
        }
    }
    Term address = addresses_.at(d->getCanonicalDecl());
    VarId mem = memory();
    std::vector<Step> steps;
    if (options_.check_memory) {
        Step s;
        s.updates = register_object(address, cells, 2);
        steps.push_back(std::move(s));
    }
    for (Integer first = 0; first < cells; first += elements_per_chunk) {
        Term m = var(mem);
        for (Integer k = first; k < cells && k < first + elements_per_chunk; ++k) {
            auto it = values.find(k);
            m = store(m, add(address, cst(k)), cst(it == values.end() ? Integer(0) : it->second));
        }
        Step s;
        s.updates.emplace_back(mem, m);
        steps.push_back(std::move(s));
    }
    return steps;
}

Term Lowering::pointer_term(const clang::Expr* e, bool dereferenced, const clang::Expr* what) {
    Values v = value(e);
    Term t = is_pure(v) ? v[0].term : spill(v, pointer_type)[0].term;
    if (dereferenced && options_.check_memory && !(is_const(t) && t->value != 0)) {
        at(what, text(what));
        PointId from = here();
        Step null;
        null.guards.push_back(Cond{Rel::eq, t, cst(0)});
        std::string message = "line " + std::to_string(line(what)) + ": NULL dereference in " + text(what);
        transition({null}, Target{Target::Kind::error, 0, message});
        flow_.edges.back().error_place = place_at(what->getBeginLoc());
        cur_ = from;
        Step valid;
        valid.guards.push_back(Cond{Rel::ne, t, cst(0)});
        transition({valid}, Target{Target::Kind::point, new_point(), ""});
        // The object the address is in, freed: an error too.
        from = here();
        Term state = select(var(object_state()), select(var(object_base()), t));
        Step freed;
        freed.guards.push_back(Cond{Rel::eq, state, cst(0)});
        transition({freed}, Target{Target::Kind::error, 0,
                                   "line " + std::to_string(line(what)) + ": use of freed memory in " + text(what)});
        flow_.edges.back().error_place = place_at(what->getBeginLoc());
        cur_ = from;
        Step live;
        live.guards.push_back(Cond{Rel::ne, state, cst(0)});
        transition({live}, Target{Target::Kind::point, new_point(), ""});
    }
    return t;
}

Term Lowering::address_of(const clang::Expr* e) {
    e = e->IgnoreParenLValueCasts();
    if (const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
        const auto* v = llvm::dyn_cast<clang::VarDecl>(r->getDecl());
        auto it = v ? addresses_.find(v->getCanonicalDecl()) : addresses_.end();
        if (it == addresses_.end()) refuse(e, "address of `" + text(e) + "` before its declaration");
        return it->second;
    }
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e); u && u->getOpcode() == clang::UO_Deref) {
        return pointer_term(u->getSubExpr(), true, u);
    }
    if (const auto* a = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) {
        Term base = pointer_term(a->getBase(), true, a);
        Term index = index_term(a->getIdx());
        return add(base, mul(cst(cells_of(a->getType(), a->getBeginLoc())), index));
    }
    if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e)) {
        const auto* f = llvm::dyn_cast<clang::FieldDecl>(m->getMemberDecl());
        if (!f) refuse(m, "member `" + text(m) + "`");
        Term base = m->isArrow() ? pointer_term(m->getBase(), true, m) : address_of(m->getBase());
        return add(base, cst(field_offset(f, m->getBeginLoc())));
    }
    refuse(e, "address of `" + text(e) + "`");
}

std::optional<Term> Lowering::constant_address(const clang::Expr* e) {
    if (!e->getType()->isPointerType() || !e->isConstantInitializer(ctx_, false)) return std::nullopt;
    // Evaluated as at run time; the terms of constant addresses fold to constants.
    std::optional<PointId> saved = cur_;
    Values v = value(e);
    cur_ = saved;
    if (v.size() != 1 || !v[0].guards.empty() || !is_const(v[0].term)) return std::nullopt;
    return v[0].term;
}

Lowering::Place Lowering::memory_place(const clang::Expr* e) {
    Term address = address_of(e);
    return Place{memory(), address, int_type(e->getType(), e->getBeginLoc())};
}

std::optional<Integer> Lowering::member_offset(const clang::Expr* e) {
    e = e->IgnoreParenCasts();
    if (const auto* o = llvm::dyn_cast<clang::OffsetOfExpr>(e)) {
        Integer offset = 0;
        clang::QualType t = o->getTypeSourceInfo()->getType();
        for (unsigned k = 0; k < o->getNumComponents(); ++k) {
            const clang::OffsetOfNode& n = o->getComponent(k);
            if (n.getKind() == clang::OffsetOfNode::Field) {
                offset += field_offset(n.getField(), e->getBeginLoc());
                t = n.getField()->getType();
            } else if (n.getKind() == clang::OffsetOfNode::Array) {
                clang::Expr::EvalResult r;
                const auto* at = ctx_.getAsArrayType(t);
                if (!at || !o->getIndexExpr(n.getArrayExprIndex())->EvaluateAsInt(r, ctx_)) return std::nullopt;
                t = at->getElementType();
                offset += Integer(llvm::toString(r.Val.getInt(), 10)) * cells_of(t, e->getBeginLoc());
            } else {
                return std::nullopt;
            }
        }
        return offset;
    }
    const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e);
    if (!u || u->getOpcode() != clang::UO_AddrOf) return std::nullopt;
    Integer offset = 0;
    const clang::Expr* x = u->getSubExpr()->IgnoreParens();
    while (const auto* m = llvm::dyn_cast<clang::MemberExpr>(x)) {
        const auto* f = llvm::dyn_cast<clang::FieldDecl>(m->getMemberDecl());
        if (!f) return std::nullopt;
        offset += field_offset(f, e->getBeginLoc());
        if (m->isArrow()) {
            // The base must be a null pointer constant: `((T *)0)->f`.
            if (!m->getBase()->IgnoreParenCasts()->isNullPointerConstant(ctx_, clang::Expr::NPC_ValueDependentIsNotNull) &&
                !m->getBase()->isNullPointerConstant(ctx_, clang::Expr::NPC_ValueDependentIsNotNull)) {
                return std::nullopt;
            }
            return offset;
        }
        x = m->getBase()->IgnoreParens();
    }
    return std::nullopt;
}

std::optional<Values> Lowering::container_of(const clang::CastExpr* c) {
    if (!c->getType()->isPointerType()) return std::nullopt;
    const auto* b = llvm::dyn_cast<clang::BinaryOperator>(c->getSubExpr()->IgnoreParens());
    if (!b || b->getOpcode() != clang::BO_Sub || !b->getLHS()->getType()->isPointerType()) return std::nullopt;
    const auto* to_char = llvm::dyn_cast<clang::CastExpr>(b->getLHS()->IgnoreParens());
    if (!to_char || !to_char->getType()->getPointeeType()->isCharType()) return std::nullopt;
    const clang::Expr* p = to_char->getSubExpr();
    if (!p->getType()->isPointerType()) return std::nullopt;
    std::optional<Integer> offset = member_offset(b->getRHS());
    if (!offset) return std::nullopt;
    return map(value(p), [&](const Term& x) { return Choices{{{}, sub(x, cst(*offset))}}; });
}

Values Lowering::pointer_arithmetic(const clang::BinaryOperator* b) {
    const clang::Expr* l = b->getLHS();
    const clang::Expr* r = b->getRHS();
    bool lp = l->getType()->isPointerType();
    bool rp = r->getType()->isPointerType();
    const clang::Expr* pointer = lp ? l : r;
    Integer cells = cells_of(pointer->getType()->getPointeeType(), b->getBeginLoc());
    Values lv = value(l);
    if (has_effects(r)) lv = spill(lv, lp ? pointer_type : int_type(l->getType(), l->getBeginLoc()));
    Values rv = value(r);
    if (lp && rp) {  // the distance between two elements of one object
        return combine(lv, rv, [&](const Term& x, const Term& y) {
            return Choices{{{}, cells == 1 ? sub(x, y) : ediv(sub(x, y), cst(cells))}};
        });
    }
    bool minus = b->getOpcode() == clang::BO_Sub;
    return combine(lv, rv, [&](const Term& x, const Term& y) {
        const Term& p = lp ? x : y;
        Term k = mul(cst(cells), lp ? y : x);
        return Choices{{{}, minus ? sub(p, k) : add(p, k)}};
    });
}

VarId Lowering::object_base() {
    if (!object_base_) {
        Variable b{unique_name("MemBase"), "", "memory", pointer_type, ArrayShape{{1}, {}, cst(0)}, false};
        flow_.vars.push_back(b);
        object_base_ = static_cast<VarId>(flow_.vars.size() - 1);
    }
    return *object_base_;
}

VarId Lowering::object_state() {
    if (!object_state_) {
        Variable l{unique_name("MemLive"), "", "memory", IntType{8, false, false}, ArrayShape{{1}, {}, cst(0)}, false};
        flow_.vars.push_back(l);
        object_state_ = static_cast<VarId>(flow_.vars.size() - 1);
    }
    return *object_state_;
}

std::vector<std::pair<VarId, Term>> Lowering::register_object(const Term& address, const Integer& cells,
                                                              int state) {
    if (!options_.check_memory) return {};
    VarId base = object_base();
    Term b = var(base);
    for (Integer k = 0; k < cells; ++k) b = store(b, add(address, cst(k)), address);
    VarId live = object_state();
    return {{base, b}, {live, store(var(live), address, cst(state))}};
}

Term Lowering::allocate(const Term& cells, const clang::Expr* where) {
    // The object takes MemTop .. MemTop + cells - 1; one cell more keeps the address one
    // past its end apart from the next object. After the step, its address is
    // MemTop - cells - 1.
    VarId top = memory_top();
    Term gap = add(cells, cst(1));
    Step s;
    s.updates.emplace_back(top, add(var(top), gap));
    if (options_.check_memory) {
        // Each cell names its object, so the cells themselves are set one by one.
        if (!is_const(cells) || cells->value > max_initialised_cells) {
            refuse(where, "with --check memory, an allocation of other than a constant size of at most " +
                              std::to_string(max_initialised_cells) + " cells");
        }
        for (auto& u : register_object(var(top), cells->value, 1)) s.updates.push_back(std::move(u));
    }
    transition({s}, Target{Target::Kind::point, new_point(), ""});
    return sub(var(top), gap);
}

bool Lowering::memory_call(const clang::CallExpr* c, const std::string& name, Values& result) {
    if (name == "free") {
        if (c->getNumArgs() != 1) return false;
        at(c, text(c));
        result = constant(0);
        if (!options_.check_memory) {
            effect(c->getArg(0));
            notes_.add(line(c), "`free` does nothing: freed cells are never allocated again");
            return true;
        }
        // free(NULL) does nothing; otherwise the pointer must be the start of an allocated,
        // not yet freed object, which is then freed.
        Term p = pointer_term(c->getArg(0), false, c);
        Term base = select(var(object_base()), p);
        Term state = select(var(object_state()), base);
        PointId from = here(), next = new_point();
        std::string what = "line " + std::to_string(line(c)) + ": free of memory that malloc did not return or that is freed already in " + text(c);
        for (const Cond& bad : {Cond{Rel::ne, state, cst(1)}, Cond{Rel::ne, base, p}}) {
            cur_ = from;
            Step s;
            s.guards = {Cond{Rel::ne, p, cst(0)}, bad};
            transition({s}, Target{Target::Kind::error, 0, what});
            flow_.edges.back().error_place = place_at(c->getBeginLoc());
        }
        cur_ = from;
        Step null, ok;
        null.guards = {Cond{Rel::eq, p, cst(0)}};
        ok.guards = {Cond{Rel::ne, p, cst(0)}, Cond{Rel::eq, state, cst(1)}, Cond{Rel::eq, base, p}};
        ok.updates.emplace_back(object_state(), store(var(object_state()), p, cst(0)));
        transition({null, ok}, Target{Target::Kind::point, next, ""});
        return true;
    }
    if (name == "realloc") refuse(c, "`realloc` (the old object's size is not kept)");
    if (name != "malloc" && name != "calloc" && name != "alloca" && name != "__builtin_alloca") return false;
    at(c, text(c));
    // The size in cells: `sizeof(T)`, `n * sizeof(T)` or `sizeof(T) * n` count T's cells;
    // another size is counted in bytes, which is at least the cells it can hold.
    auto cells_in = [&](const clang::Expr* bytes) -> Values {
        if (const clang::Type* t = sizeof_type(bytes)) return constant(cells_of(clang::QualType(t, 0), bytes->getBeginLoc()));
        if (const auto* m = llvm::dyn_cast<clang::BinaryOperator>(bytes->IgnoreParenImpCasts());
            m && m->getOpcode() == clang::BO_Mul) {
            for (auto [size, count] : {std::pair{m->getLHS(), m->getRHS()}, std::pair{m->getRHS(), m->getLHS()}}) {
                if (const clang::Type* t = sizeof_type(size)) {
                    Integer per = cells_of(clang::QualType(t, 0), bytes->getBeginLoc());
                    return map(value(count), [&](const Term& n) { return Choices{{{}, mul(cst(per), n)}}; });
                }
            }
        }
        notes_.add(line(bytes), "`" + text(bytes) + "` bytes allocated as as many cells");
        return value(bytes);
    };
    Values cells;
    if (name == "calloc") {
        if (c->getNumArgs() != 2) return false;
        Values n = value(c->getArg(0));
        Values per = cells_in(c->getArg(1));
        cells = combine(n, per, [](const Term& x, const Term& y) { return Choices{{{}, mul(x, y)}}; });
    } else {
        if (c->getNumArgs() != 1) return false;
        cells = cells_in(c->getArg(0));
    }
    Term size = is_pure(cells) ? cells[0].term : spill(cells, pointer_type)[0].term;
    Term address = allocate(size, c);
    if (name == "calloc") {
        // Zeroed cells: as many stores, so the size must be a small constant.
        if (!is_const(size) || size->value > max_initialised_cells) {
            refuse(c, "`calloc` of a size that is not a constant of at most " +
                          std::to_string(max_initialised_cells) + " cells");
        }
        VarId mem = memory();
        for (Integer first = 0; first < size->value; first += elements_per_chunk) {
            Term m = var(mem);
            for (Integer k = first; k < size->value && k < first + elements_per_chunk; ++k) {
                m = store(m, add(address, cst(k)), cst(0));
            }
            Step s;
            s.updates.emplace_back(mem, m);
            transition({s}, Target{Target::Kind::point, new_point(), ""});
        }
    }
    result = single(address);
    return true;
}

void Lowering::declare_in_memory(const clang::VarDecl* d) {
    if (ctx_.getAsVariableArrayType(d->getType())) {
        refuse_at(d->getLocation(), "variable-length array `" + d->getNameAsString() + "` whose address is taken");
    }
    Integer cells = cells_of(d->getType(), d->getLocation());
    auto [it, fresh] = addresses_.emplace(d->getCanonicalDecl(), nullptr);
    if (fresh) {
        std::string base = d->getNameAsString();
        base[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(base[0])));
        const auto* fn = llvm::dyn_cast<clang::FunctionDecl>(d->getDeclContext());
        if (fn && fn != frames_.front().fn) {
            std::string prefix = fn->getNameAsString();
            prefix[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(prefix[0])));
            base = prefix + "_" + d->getNameAsString();
        }
        Variable a{unique_name(base + "_addr"), "&" + d->getNameAsString(), fn ? fn->getNameAsString() : "global",
                   pointer_type, {}, true};
        flow_.vars.push_back(a);
        auto id = static_cast<VarId>(flow_.vars.size() - 1);
        it->second = var(id);
        flow_.addresses[id] = Flow::Addressed{layout_of(d->getType()), d->getNameAsString()};
    }
    // Fresh cells at each execution of the declaration: a loop's body gets a new object
    // each time round, as C's block-scoped variables are.
    VarId addr = it->second->id;
    VarId top = memory_top();
    Step s;
    s.updates.emplace_back(addr, var(top));
    s.updates.emplace_back(top, add(var(top), cst(cells + 1)));
    for (auto& u : register_object(var(top), cells, 2)) s.updates.push_back(std::move(u));
    transition({s}, Target{Target::Kind::point, new_point(), ""});
    const clang::Expr* init = d->getInit();
    if (!init) return;
    if (cells > max_initialised_cells) refuse(init, "initialiser of more than " + std::to_string(max_initialised_cells) + " cells whose address is taken");
    if (d->getType()->isIntegerType() || d->getType()->isPointerType()) {  // `int x = e;`
        IntType t = int_type(d->getType(), d->getLocation());
        Values v = value(init);
        if (init->getType()->isIntegerType()) v = arith_.convert(v, int_type(init->getType(), init->getBeginLoc()), t, line(init));
        assign_place(Place{memory(), var(addr), t}, v);
        return;
    }
    if (d->getType()->isRecordType() && !llvm::isa<clang::InitListExpr>(init->IgnoreParenImpCasts())) {
        copy_cells(nullptr, init, init, var(addr));  // `union pair r = q;`
        return;
    }
    std::map<Integer, MemoryCell> listed;
    memory_cells(init, d->getType(), 0, listed);
    VarId mem = memory();
    for (Integer first = 0; first < cells; first += elements_per_chunk) {
        Values acc = single(var(mem));
        for (Integer k = first; k < cells && k < first + elements_per_chunk; ++k) {
            auto cell = listed.find(k);
            Values v = constant(0);
            if (cell != listed.end() && std::holds_alternative<Integer>(cell->second.value)) {
                v = constant(std::get<Integer>(cell->second.value));
            } else if (cell != listed.end()) {
                const clang::Expr* e = std::get<const clang::Expr*>(cell->second.value);
                v = value(e);
                if (e->getType()->isIntegerType()) {
                    v = arith_.convert(v, int_type(e->getType(), e->getBeginLoc()), cell->second.type, line(e));
                }
            }
            acc = combine(acc, v, [&](const Term& m, const Term& x) {
                return Choices{{{}, store(m, add(var(addr), cst(k)), x)}};
            });
        }
        assign_values(mem, acc);
    }
}

void Lowering::memory_cells(const clang::Expr* init, clang::QualType qt, Integer offset,
                            std::map<Integer, MemoryCell>& out) {
    init = init->IgnoreParens();
    if (llvm::isa<clang::ImplicitValueInitExpr>(init)) return;  // zeros
    const clang::Type* t = qt.getCanonicalType().getTypePtr();
    const auto* list = llvm::dyn_cast<clang::InitListExpr>(init);
    if (const auto* at = llvm::dyn_cast_or_null<clang::ConstantArrayType>(t->getAsArrayTypeUnsafe())) {
        Integer size(llvm::toString(at->getSize(), 10, false));
        Integer stride = cells_of(at->getElementType(), init->getBeginLoc());
        if (const auto* str = llvm::dyn_cast<clang::StringLiteral>(init->IgnoreParenImpCasts())) {
            IntType element = int_type(at->getElementType(), init->getBeginLoc());
            for (const auto& [k, c] : string_elements(str, element)) {
                if (k < size) out[offset + k] = MemoryCell{c, element};
            }
            return;
        }
        if (!list) refuse(init, "array initialiser `" + text(init) + "`");
        for (unsigned k = 0; k < list->getNumInits() && Integer(k) < size; ++k) {
            memory_cells(list->getInit(k), at->getElementType(), offset + stride * k, out);
        }
        return;
    }
    if (t->isStructureType()) {
        if (!list) refuse(init, "a whole struct `" + text(init) + "` as the initialiser of one whose address is taken");
        unsigned k = 0;
        for (const clang::FieldDecl* f : t->getAsRecordDecl()->fields()) {
            if (k < list->getNumInits()) memory_cells(list->getInit(k++), f->getType(), offset, out);
            offset += cells_of(f->getType(), init->getBeginLoc());
        }
        return;
    }
    if (t->isUnionType()) {  // `{5}` or `{.c = 5}`: one member, the rest zero
        const clang::FieldDecl* f = list ? list->getInitializedFieldInUnion() : nullptr;
        if (!list) refuse(init, "a whole union `" + text(init) + "` as an initialiser");
        if (f && list->getNumInits() > 0) memory_cells(list->getInit(0), f->getType(), offset, out);
        return;
    }
    if (list) {  // `int x = {1};`
        if (list->getNumInits() > 0) memory_cells(list->getInit(0), qt, offset, out);
        return;
    }
    out[offset] = MemoryCell{init, int_type(qt, init->getBeginLoc())};
}

void Lowering::copy_cells(const clang::Expr* to, const clang::Expr* from, const clang::Expr* where,
                          Term to_cells) {
    // The scalars of the struct, with their cells and field paths.
    struct Cell {
        std::string path;
        Integer offset;
    };
    std::vector<Cell> cells;
    std::function<void(clang::QualType, const std::string&, Integer)> walk =
        [&](clang::QualType t, const std::string& path, Integer offset) {
            const clang::Type* ct = t.getCanonicalType().getTypePtr();
            if (ct->isStructureType()) {
                for (const clang::FieldDecl* f : ct->getAsRecordDecl()->fields()) {
                    walk(f->getType(), path + "." + f->getNameAsString(), offset);
                    offset += cells_of(f->getType(), where->getBeginLoc());
                }
            } else if (ct->isUnionType()) {
                // Both sides are in memory (a union always is): its cells, whichever member
                // wrote them.
                Integer n = cells_of(t, where->getBeginLoc());
                for (Integer k = 0; k < n; ++k) cells.push_back(Cell{path, offset + k});
            } else if (ct->isArrayType()) {
                refuse(where, "copy of a struct with an array field through a pointer `" + text(where) + "`");
            } else {
                cells.push_back(Cell{path, offset});
            }
        };
    walk(to ? to->getType() : from->getType(), "", 0);
    bool to_memory = !to || in_memory(to);
    bool from_memory = in_memory(from);
    Term from_address = from_memory ? address_of(from) : nullptr;
    Term to_address = !to ? to_cells : to_memory ? address_of(to) : nullptr;
    StructRef from_ref = from_memory ? StructRef{} : struct_ref(from);
    StructRef to_ref = to_memory ? StructRef{} : struct_ref(to);
    auto field = [&](const StructRef& r, const std::string& path) {
        if (!r.index.empty()) refuse(where, "copy between memory and an element of an array of structs `" + text(where) + "`");
        VarId v = fields_of(r.root).at(r.prefix + path);
        return v;
    };
    at(where, text(where));
    Step s;
    Term mem = to_memory ? var(memory()) : nullptr;
    for (const Cell& c : cells) {
        Term v = from_memory ? select(var(memory()), add(from_address, cst(c.offset))) : var(field(from_ref, c.path));
        if (to_memory) {
            mem = store(mem, add(to_address, cst(c.offset)), v);
        } else {
            s.updates.emplace_back(field(to_ref, c.path), v);
        }
    }
    if (to_memory) s.updates.emplace_back(memory(), mem);
    transition({s}, Target{Target::Kind::point, new_point(), ""});
}

}  // namespace c2clp
