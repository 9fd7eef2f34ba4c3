#include "lowering.hpp"

#include <algorithm>
#include <cctype>

#include <clang/AST/Decl.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>
#include <llvm/ADT/StringExtras.h>

namespace c2clp {

Lowering::Lowering(clang::ASTContext& ctx, const Options& options, Notes& notes)
    : ctx_(ctx), options_(options), notes_(notes), arith_(options.semantics, notes) {}

void Lowering::refuse(const clang::Stmt* s, const std::string& what) const {
    refuse_at(s ? s->getBeginLoc() : clang::SourceLocation(), what);
}

void Lowering::refuse_at(clang::SourceLocation loc, const std::string& what) const {
    throw LocatedRefusal{loc, "unsupported: " + what};
}

IntType Lowering::int_type(clang::QualType qt, clang::SourceLocation where) const {
    const clang::Type* t = qt.getCanonicalType().getTypePtr();
    std::string name = qt.getAsString();
    if (t->isPointerType()) {
        if (t->getPointeeType()->isFunctionType()) refuse_at(where, "function pointer `" + name + "`");
        return IntType{64, false, false};  // an address of the memory (lower_memory.cpp)
    }
    if (t->isVariableArrayType()) refuse_at(where, "variable-length array `" + name + "`");
    if (t->isArrayType()) refuse_at(where, "array type `" + name + "`");
    if (t->isStructureType()) refuse_at(where, "struct type `" + name + "`");
    if (t->isUnionType()) refuse_at(where, "union type `" + name + "`");
    if (t->isRealFloatingType() || t->isComplexType()) {
        refuse_at(where, "floating point type `" + name + "`");
    }
    if (!t->isIntegerType()) refuse_at(where, "type `" + name + "`");
    IntType it;
    it.bits = static_cast<unsigned>(ctx_.getIntWidth(qt));
    it.is_bool = t->isBooleanType();
    it.is_signed = !it.is_bool && t->isSignedIntegerOrEnumerationType();
    if (it.bits > 64) refuse_at(where, "integer type wider than 64 bits `" + name + "`");
    return it;
}

unsigned Lowering::line_at(clang::SourceLocation loc) const {
    return loc.isValid() ? ctx_.getSourceManager().getExpansionLineNumber(loc) : 0;
}

unsigned Lowering::line(const clang::Stmt* s) const { return line_at(s->getBeginLoc()); }

// The source text of a statement on one line, short enough for a point name, without
// double quotes (CLP strings have no escapes).
std::string Lowering::text(const clang::Stmt* s) const {
    const auto& sm = ctx_.getSourceManager();
    auto range = clang::CharSourceRange::getTokenRange(
        sm.getExpansionRange(s->getSourceRange()).getAsRange());
    std::string raw =
        clang::Lexer::getSourceText(range, sm, ctx_.getLangOpts()).str();
    std::string out;
    for (char c : raw) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            if (!out.empty() && out.back() != ' ') out += ' ';
        } else {
            out += c == '"' ? '\'' : c;
        }
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    constexpr std::size_t max_length = 60;
    if (out.size() > max_length) out = out.substr(0, max_length - 3) + "...";
    return out;
}

std::string Lowering::unique_name(const std::string& base) {
    std::string name = base;
    for (int k = 2; names_.count(name) != 0; ++k) name = base + "_" + std::to_string(k);
    names_.insert(name);
    return name;
}

VarId Lowering::variable_of(const clang::VarDecl* d) {
    d = d->getCanonicalDecl();
    if (is_aggregate(d->getType()) && !vars_.count(d)) {
        refuse_at(d->getLocation(), "a whole struct `" + d->getNameAsString() + "` used as a value (a function result, say)");
    }
    if (auto it = vars_.find(d); it != vars_.end()) return it->second;
    if (lives_in_memory(d)) refuse_at(d->getLocation(), "`" + d->getNameAsString() + "` read as a variable, but it lives in memory");
    bool global = d->hasGlobalStorage() && !d->isStaticLocal();
    Variable v;
    v.c_name = d->getNameAsString();
    if (d->getType()->isArrayType()) {
        // A variable-length array's length, fixed where it is declared, is state too.
        std::optional<VarId> length;
        if (const auto* vla = ctx_.getAsVariableArrayType(d->getType())) {
            const clang::Expr* size = vla->getSizeExpr();
            Variable n{"", "length of " + v.c_name, "", int_type(size->getType(), size->getBeginLoc()), {}, false};
            n.scope = global ? "global" : "temporary";
            flow_.vars.push_back(n);
            length = static_cast<VarId>(flow_.vars.size() - 1);
        }
        v.array = array_shape(d->getType(), d->getLocation(), length);
        v.type = int_type(ctx_.getBaseElementType(d->getType()), d->getLocation());
    } else {
        v.type = int_type(d->getType(), d->getLocation());
        v.pointer = d->getType()->isPointerType();
    }
    const auto* fn = llvm::dyn_cast<clang::FunctionDecl>(d->getDeclContext());
    v.scope = global ? "global" : fn ? fn->getNameAsString() : "global";
    std::string base = v.c_name.empty() ? "V" : v.c_name;
    base[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(base[0])));
    if (!global && fn && fn != frames_.front().fn) {
        std::string prefix = fn->getNameAsString();
        prefix[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(prefix[0])));
        base = prefix + "_" + v.c_name;
    }
    v.clp_name = unique_name(base);
    if (v.array && !is_const(v.array->length)) {
        Variable& n = flow_.vars[v.array->length->id];
        n.clp_name = unique_name(v.clp_name + "_length");
        n.scope = v.scope;
    }
    flow_.vars.push_back(v);
    auto id = static_cast<VarId>(flow_.vars.size() - 1);
    vars_[d] = id;
    if (v.pointer) flow_.addresses[id] = Flow::Addressed{layout_of(d->getType()->getPointeeType()), ""};
    return id;
}

VarId Lowering::temporary(const IntType& t) {
    if (temps_in_use_ == temps_.size()) {
        Variable v{unique_name("Tmp" + std::to_string(temps_.size() + 1)), "", "temporary", t, {}, false};
        flow_.vars.push_back(v);
        temps_.push_back(static_cast<VarId>(flow_.vars.size() - 1));
    }
    VarId id = temps_[temps_in_use_++];
    flow_.vars[id].type = t;
    return id;
}

PointId Lowering::new_point() {
    flow_.points.emplace_back();
    return static_cast<PointId>(flow_.points.size() - 1);
}

PointId Lowering::here() {
    if (!cur_) cur_ = new_point();
    return *cur_;
}

void Lowering::at(const clang::Stmt* s, const std::string& name) {
    Point& p = flow_.points[here()];
    if (p.line) return;
    p.line = line(s);
    std::string where = frames_.size() > 1 ? frames_.back().fn->getNameAsString() + ": " : "";
    p.name = where + name;
}

SourcePlace Lowering::place_at(clang::SourceLocation loc) const {
    SourcePlace p;
    if (loc.isValid()) {
        const auto& sm = ctx_.getSourceManager();
        p.line = sm.getExpansionLineNumber(loc);
        p.column = sm.getExpansionColumnNumber(loc);
    }
    if (!frames_.empty()) p.function = frames_.back().fn->getNameAsString();
    return p;
}

std::vector<VarId> Lowering::visible_at(const clang::Stmt* s, const clang::FunctionDecl* fn) const {
    const auto& sm = ctx_.getSourceManager();
    clang::SourceLocation at = s->getBeginLoc();
    auto before = [&](clang::SourceLocation l) { return sm.isBeforeInTranslationUnit(l, at); };
    auto encloses = [&](const clang::Stmt* scope) {
        return !sm.isBeforeInTranslationUnit(at, scope->getBeginLoc()) &&
               !sm.isBeforeInTranslationUnit(scope->getEndLoc(), s->getEndLoc());
    };
    auto in_scope = [&](const clang::VarDecl* d) {
        if (!before(d->getLocation())) return false;
        bool visible = false;
        if (d->hasGlobalStorage() && !d->isStaticLocal()) {
            visible = true;
        } else if (d->getDeclContext() != fn->getCanonicalDecl() && d->getDeclContext() != fn) {
            visible = false;
        } else if (llvm::isa<clang::ParmVarDecl>(d)) {
            visible = true;
        } else {
            // A local is in scope in the statement around its declaration (a block, or the
            // `for` that declares it), from the declaration on.
            for (const auto& decl_parent : const_cast<clang::ASTContext&>(ctx_).getParents(*d)) {
                const auto* ds = decl_parent.get<clang::DeclStmt>();
                if (!ds) continue;
                for (const auto& scope : const_cast<clang::ASTContext&>(ctx_).getParents(*ds)) {
                    if (const auto* st = scope.get<clang::Stmt>()) visible = visible || encloses(st);
                }
            }
        }
        return visible;
    };
    std::vector<VarId> out;
    for (const auto& [d, id] : vars_) {
        if (in_scope(d) && !flow_.vars[id].pointer) out.push_back(id);
    }
    // A struct's scalar fields too: `p.x` is a C expression an invariant may use.
    for (const auto& [d, fields] : fields_) {
        if (!in_scope(d)) continue;
        for (const auto& [path, id] : fields) {
            if (!flow_.vars[id].array && !flow_.vars[id].pointer) out.push_back(id);
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

void Lowering::branch_at(const clang::Stmt* s, const clang::Expr* cond, PointId yes, PointId no) {
    std::optional<BranchContext> outer = branching_;
    branching_ = BranchContext{place_at(s->getBeginLoc()), yes, no};
    branch(cond, yes, no);
    branching_ = outer;
}

void Lowering::loop_head(PointId head, const clang::Stmt* s) {
    loops_.push_back(PendingLoop{head, s, frames_.back().fn, place_at(s->getBeginLoc())});
}

void Lowering::transition(std::vector<Step> alts, Target to) {
    Edge e{here(), std::move(to), {}, {}, {}};
    if (branching_ && e.to.kind == Target::Kind::point) {
        if (e.to.point == branching_->yes) e.branchings.push_back(Branching{branching_->place, true});
        if (e.to.point == branching_->no) e.branchings.push_back(Branching{branching_->place, false});
    }
    for (Step& s : alts) e.alts.push_back(Path{std::move(s)});
    if (!e.alts.empty()) flow_.edges.push_back(std::move(e));
    cur_.reset();
    if (to.kind == Target::Kind::point) cur_ = to.point;
}

void Lowering::jump(PointId to) {
    if (!cur_) return;
    transition({Step{}}, Target{Target::Kind::point, to, ""});
}

Step Lowering::step_of(const ExprAlt& a) const {
    Step s;
    s.guards = a.guards;
    s.inputs = a.inputs;
    return s;
}

Flow Lowering::run(const clang::FunctionDecl* entry) {
    flow_.start = new_point();
    flow_.points[flow_.start] = Point{line_at(entry->getBeginLoc()), "start: globals initialised", {}};
    PointId first = new_point();
    find_variables_in_memory();
    Frame f;
    f.fn = entry;
    frames_.push_back(f);
    // Globals first in the state vector, in the order of the file.
    for (const clang::Decl* d : ctx_.getTranslationUnitDecl()->decls()) {
        const auto* v = llvm::dyn_cast<clang::VarDecl>(d);
        if (v && v->isReferenced() && v == v->getCanonicalDecl()) {
            if (lives_in_memory(v)) {  // at the next free addresses, from 1 on
                addresses_[v] = cst(global_cells_ + 1);
                global_cells_ += cells_of(v->getType(), v->getLocation()) + 1;
            } else if (is_aggregate(v->getType())) {
                fields_of(v);
            } else {
                variable_of(v);
            }
        }
    }
    frames_.clear();
    cur_ = first;
    Frame main_frame;
    main_frame.fn = entry;
    main_frame.exit = new_point();
    flow_.points[main_frame.exit].name = "end of " + entry->getNameAsString();
    body(entry, main_frame);
    // The globals' (and static locals') initial values: 0 unless initialised.
    Step init;
    std::vector<std::pair<VarId, const clang::VarDecl*>> global_arrays;
    std::vector<Step> global_arrays_steps;  // of the fields of structs
    for (const auto& [decl, id] : vars_) {
        if (!decl->hasGlobalStorage()) continue;
        const clang::VarDecl* def = decl->getDefinition() ? decl->getDefinition() : decl;
        const clang::Expr* e = def->getAnyInitializer();
        clang::Expr::EvalResult r;
        if (flow_.vars[id].array) {
            global_arrays.emplace_back(id, def);
        } else if (!e || e->isNullPointerConstant(ctx_, clang::Expr::NPC_ValueDependentIsNotNull)) {
            init.updates.emplace_back(id, cst(0));
        } else if (e->EvaluateAsInt(r, ctx_)) {
            init.updates.emplace_back(id, cst(Integer(llvm::toString(r.Val.getInt(), 10))));
        } else if (std::optional<Term> address = constant_address(e)) {
            init.updates.emplace_back(id, *address);  // `int *p = &g;`, `= a + 2`
        } else {
            refuse(e, "initialiser of a global that is not an integer constant");
        }
    }
    for (const auto& [decl, fields] : fields_) {
        if (!decl->hasGlobalStorage()) continue;
        std::vector<Step> steps = constant_struct_steps(decl);
        for (const auto& u : steps.front().updates) init.updates.push_back(u);
        for (std::size_t k = 1; k < steps.size(); ++k) global_arrays_steps.push_back(std::move(steps[k]));
    }
    std::vector<Step> memory_steps;
    for (const clang::Decl* d : ctx_.getTranslationUnitDecl()->decls()) {
        const auto* v = llvm::dyn_cast<clang::VarDecl>(d);
        if (!v || v != v->getCanonicalDecl() || !addresses_.count(v)) continue;
        const clang::VarDecl* def = v->getDefinition() ? v->getDefinition() : v;
        for (Step& s : constant_memory_steps(def)) memory_steps.push_back(std::move(s));
    }
    if (memory_top_ || global_cells_ > 0) init.updates.emplace_back(memory_top(), cst(global_cells_ + 1));
    std::sort(init.updates.begin(), init.updates.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    Path start{init};
    for (Step& s : global_arrays_steps) start.push_back(std::move(s));
    for (Step& s : memory_steps) start.push_back(std::move(s));
    std::sort(global_arrays.begin(), global_arrays.end());
    for (const auto& [id, def] : global_arrays) {
        for (Step& s : constant_array_steps(id, def->getAnyInitializer(), def->getLocation())) {
            start.push_back(std::move(s));
        }
    }
    flow_.edges.insert(flow_.edges.begin(),
                       Edge{flow_.start, Target{Target::Kind::point, first, ""}, {start}, {}, {}});
    for (const PendingLoop& l : loops_) {
        flow_.points[l.head].loops.push_back(LoopHead{l.place, visible_at(l.stmt, l.fn), {}, false});
    }
    return std::move(flow_);
}

}  // namespace c2clp
