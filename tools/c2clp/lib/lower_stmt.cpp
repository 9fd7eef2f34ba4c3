// C statements: one point before each, control flow by transitions between points.
#include <clang/AST/Decl.h>
#include <clang/AST/Stmt.h>
#include <llvm/ADT/StringExtras.h>

#include "lowering.hpp"

namespace c2clp {

namespace {

// Does `e` read one of `decls`? (Declarators of one declaration run in order.)
bool reads(const clang::Stmt* s, const std::set<const clang::VarDecl*>& decls) {
    if (!s) return false;
    if (const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(s)) {
        const auto* v = llvm::dyn_cast<clang::VarDecl>(r->getDecl());
        return v && decls.count(v) != 0;
    }
    for (const clang::Stmt* c : s->children()) {
        if (reads(c, decls)) return true;
    }
    return false;
}

}  // namespace

void Lowering::statement(const clang::Stmt* s) {
    std::size_t temps_mark = temps_in_use_;  // temporaries live within one statement
    if (const auto* c = llvm::dyn_cast<clang::CompoundStmt>(s)) {
        for (const clang::Stmt* child : c->body()) statement(child);
    } else if (llvm::isa<clang::NullStmt>(s)) {
    } else if (const auto* d = llvm::dyn_cast<clang::DeclStmt>(s)) {
        declaration(d);
    } else if (const auto* e = llvm::dyn_cast<clang::Expr>(s)) {
        at(s, text(s));
        effect(e);
    } else if (const auto* i = llvm::dyn_cast<clang::IfStmt>(s)) {
        if_statement(i);
    } else if (const auto* w = llvm::dyn_cast<clang::WhileStmt>(s)) {
        loop(s, nullptr, w->getCond(), nullptr, w->getBody());
    } else if (const auto* f = llvm::dyn_cast<clang::ForStmt>(s)) {
        loop(s, f->getInit(), f->getCond(), f->getInc(), f->getBody());
    } else if (const auto* dw = llvm::dyn_cast<clang::DoStmt>(s)) {
        do_statement(dw);
    } else if (const auto* sw = llvm::dyn_cast<clang::SwitchStmt>(s)) {
        switch_statement(sw);
    } else if (const auto* sc = llvm::dyn_cast<clang::SwitchCase>(s)) {
        PointId p = frames_.back().cases.at(sc);
        jump(p);  // fall-through from the case above
        cur_ = p;
        statement(sc->getSubStmt());
    } else if (llvm::isa<clang::BreakStmt>(s) || llvm::isa<clang::ContinueStmt>(s)) {
        at(s, llvm::isa<clang::BreakStmt>(s) ? "break" : "continue");
        auto& targets = llvm::isa<clang::BreakStmt>(s) ? frames_.back().breaks : frames_.back().continues;
        jump(targets.back());
        cur_.reset();
    } else if (const auto* g = llvm::dyn_cast<clang::GotoStmt>(s)) {
        at(s, text(s));
        jump(label_point(g->getLabel()));
        cur_.reset();
    } else if (const auto* l = llvm::dyn_cast<clang::LabelStmt>(s)) {
        PointId p = label_point(l->getDecl());
        jump(p);
        cur_ = p;
        at(s, std::string(l->getName()) + ":");
        statement(l->getSubStmt());
    } else if (const auto* r = llvm::dyn_cast<clang::ReturnStmt>(s)) {
        return_statement(r);
    } else if (llvm::isa<clang::AsmStmt>(s)) {
        refuse(s, "inline assembly");
    } else if (llvm::isa<clang::IndirectGotoStmt>(s)) {
        refuse(s, "computed goto");
    } else {
        refuse(s, std::string("statement `") + s->getStmtClassName() + "`");
    }
    temps_in_use_ = temps_mark;
}

void Lowering::declaration(const clang::DeclStmt* d) {
    at(d, text(d));
    std::vector<Step> group{Step{}};
    std::set<const clang::VarDecl*> declared;
    bool pending = false;
    auto flush = [&] {
        if (pending) transition(std::move(group), Target{Target::Kind::point, new_point(), ""});
        group = {Step{}};
        declared.clear();
        pending = false;
    };
    for (const clang::Decl* decl : d->decls()) {
        const auto* v = llvm::dyn_cast<clang::VarDecl>(decl);
        if (!v) continue;  // typedefs, enums, struct definitions, function declarations
        if (v->hasGlobalStorage() || v->hasExternalStorage()) {
            // a static local: initialised with the globals
            if (lives_in_memory(v)) {
                refuse_at(v->getLocation(), "static local `" + v->getNameAsString() + "` whose address is taken" +
                                                (contains_union(v->getType()) ? " or that holds a union" : ""));
            } else if (is_aggregate(v->getType())) {
                fields_of(v);
            } else {
                variable_of(v);
            }
            continue;
        }
        if (lives_in_memory(v)) {
            flush();
            declare_in_memory(v);
            continue;
        }
        if (is_aggregate(v->getType())) {
            flush();
            initialise_struct(v, v->getInit());
            continue;
        }
        VarId id = variable_of(v);
        const clang::Expr* init = v->getInit();
        if (std::optional<ArrayShape> shape = flow_.vars[id].array) {
            flush();
            if (!is_const(shape->length)) {
                // `int a[n]`: the length is taken once, here; a non-positive one is undefined.
                const clang::Expr* size = ctx_.getAsVariableArrayType(v->getType())->getSizeExpr();
                assign_values(shape->length->id, value(size));
            }
            if (init) {
                initialise_array(id, init);
            } else {
                for (Step& s : group) s.havocs.push_back(id);  // any contents
                pending = true;
            }
            declared.insert(v);
            continue;
        }
        if (init && (has_effects(init) || reads(init, declared))) flush();
        if (!init) {
            for (Step& s : group) s.havocs.push_back(id);
        } else if (has_effects(init)) {
            assign_values(id, value(init));
            continue;
        } else {
            Values vals = value(init);
            // `int x = __VERIFIER_nondet_int();`: x takes any value of its type.
            if (vals.size() == 1 && vals[0].guards.empty() && vals[0].inputs.size() == 1 &&
                vals[0].term->op == Op::input && vals[0].inputs[0] == flow_.vars[id].type) {
                for (Step& s : group) s.havocs.push_back(id);
                declared.insert(v);
                pending = true;
                continue;
            }
            std::vector<Step> next;
            for (const Step& s : group) {
                for (const ExprAlt& a : vals) {
                    Step n = s;
                    auto offset = static_cast<std::uint32_t>(n.inputs.size());
                    bool ok = true;
                    for (const Cond& g : a.guards) ok = ok && add_guard(n.guards, shift_inputs(g, offset));
                    if (!ok) continue;
                    n.inputs.insert(n.inputs.end(), a.inputs.begin(), a.inputs.end());
                    n.updates.emplace_back(id, shift_inputs(a.term, offset));
                    next.push_back(std::move(n));
                }
            }
            group = std::move(next);
        }
        declared.insert(v);
        pending = true;
    }
    flush();
}

void Lowering::if_statement(const clang::IfStmt* s) {
    at(s, "if (" + text(s->getCond()) + ")");
    PointId yes = new_point(), join = new_point();
    PointId no = s->getElse() ? new_point() : join;
    branch_at(s, s->getCond(), yes, no);
    cur_ = yes;
    statement(s->getThen());
    jump(join);
    if (s->getElse()) {
        cur_ = no;
        statement(s->getElse());
        jump(join);
    }
    cur_ = join;
}

void Lowering::loop(const clang::Stmt* s, const clang::Stmt* init, const clang::Expr* cond,
                    const clang::Expr* inc, const clang::Stmt* body) {
    // An expression's text ends before its `;`, a declaration's includes it.
    std::string init_text = init ? text(init) : "";
    if (init_text.empty() || init_text.back() != ';') init_text += ';';
    std::string head_text = llvm::isa<clang::ForStmt>(s)
        ? "for (" + init_text + " " + (cond ? text(cond) : "") + "; " + (inc ? text(inc) : "") + ")"
        : "while (" + text(cond) + ")";
    at(s, head_text);
    if (init) statement(init);
    PointId head = here();
    at(s, head_text);
    loop_head(head, s);
    PointId exit = new_point(), start = new_point();
    PointId next = inc ? new_point() : head;
    if (cond) {
        branch_at(s, cond, start, exit);
    } else {
        jump(start);
    }
    cur_ = start;
    frames_.back().breaks.push_back(exit);
    frames_.back().continues.push_back(next);
    statement(body);
    frames_.back().breaks.pop_back();
    frames_.back().continues.pop_back();
    jump(next);
    if (inc) {
        cur_ = next;
        at(inc, text(inc));
        effect(inc);
        jump(head);
    }
    cur_ = exit;
}

void Lowering::do_statement(const clang::DoStmt* s) {
    PointId start = here();
    at(s, "do");
    loop_head(start, s);
    PointId test = new_point(), exit = new_point();
    frames_.back().breaks.push_back(exit);
    frames_.back().continues.push_back(test);
    statement(s->getBody());
    frames_.back().breaks.pop_back();
    frames_.back().continues.pop_back();
    jump(test);
    cur_ = test;
    at(s->getCond(), "while (" + text(s->getCond()) + ")");
    branch_at(s, s->getCond(), start, exit);
    cur_ = exit;
}

void Lowering::switch_statement(const clang::SwitchStmt* s) {
    at(s, "switch (" + text(s->getCond()) + ")");
    const clang::Expr* cond = s->getCond();
    Values v = value(cond);
    if (v.size() != 1 || !v[0].guards.empty() || !v[0].inputs.empty()) {
        v = spill(v, int_type(cond->getType(), cond->getBeginLoc()));
    }
    Term x = v[0].term;
    std::vector<const clang::SwitchCase*> cases;
    for (const clang::SwitchCase* c = s->getSwitchCaseList(); c; c = c->getNextSwitchCase()) {
        cases.insert(cases.begin(), c);  // the list runs backwards
    }
    PointId from = here(), exit = new_point();
    std::optional<PointId> default_point;
    Step otherwise;
    for (const clang::SwitchCase* c : cases) {
        PointId p = new_point();
        frames_.back().cases[c] = p;
        const auto* cs = llvm::dyn_cast<clang::CaseStmt>(c);
        if (!cs) {
            default_point = p;
            continue;
        }
        if (cs->getRHS()) refuse(cs, "case range `case a ... b`");
        llvm::APSInt k = cs->getLHS()->EvaluateKnownConstInt(ctx_);
        Cond is{Rel::eq, x, cst(Integer(llvm::toString(k, 10)))};
        Step match;
        cur_ = from;
        if (add_guard(match.guards, is)) {
            transition({match}, Target{Target::Kind::point, p, ""});
        }
        if (!add_guard(otherwise.guards, negate(is))) otherwise.guards.push_back(negate(is));
    }
    cur_ = from;
    transition({otherwise}, Target{Target::Kind::point, default_point.value_or(exit), ""});
    frames_.back().breaks.push_back(exit);
    cur_.reset();  // code before the first case label is unreachable
    statement(s->getBody());
    frames_.back().breaks.pop_back();
    jump(exit);
    cur_ = exit;
}

void Lowering::return_statement(const clang::ReturnStmt* s) {
    at(s, text(s));
    // A copy: a call in the returned expression pushes frames, which may move this one.
    std::optional<VarId> result = frames_.back().result;
    if (const clang::Expr* e = s->getRetValue()) {
        if (result) {
            Values v = value(e);
            assign_values(*result, v);
        } else {
            effect(e);
        }
    }
    jump(frames_.back().exit);
    cur_.reset();
}

PointId Lowering::label_point(const clang::LabelDecl* l) {
    auto& labels = frames_.back().labels;
    if (auto it = labels.find(l); it != labels.end()) return it->second;
    PointId p = new_point();
    labels[l] = p;
    return p;
}

}  // namespace c2clp
