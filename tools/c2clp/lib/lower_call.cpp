// Calls: the SV-COMP functions, functions without a body, and inlining of the others.
#include <cctype>
#include <functional>

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>

#include "lowering.hpp"

namespace c2clp {

namespace {

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

bool is_error_function(const std::string& n) {
    return n == "reach_error" || n == "__VERIFIER_error" || n == "__assert_fail" ||
           n == "__assert_perror_fail" || n == "__assert" || n == "__assert_rtn";
}

bool is_exit_function(const std::string& n) {
    return n == "abort" || n == "exit" || n == "_exit" || n == "_Exit";
}

// Library functions whose effect cannot be modelled without memory or concurrency.
std::optional<std::string> refused_library_call(const std::string& n) {
    if (n == "setjmp" || n == "_setjmp" || n == "__sigsetjmp" || n == "sigsetjmp" ||
        n == "longjmp" || n == "_longjmp" || n == "siglongjmp") {
        return "setjmp/longjmp (`" + n + "`)";
    }
    if (starts_with(n, "pthread_") || starts_with(n, "thrd_")) return "threads (`" + n + "`)";
    return std::nullopt;
}

}  // namespace

SourcePlace Lowering::failing_call(const clang::CallExpr* c, const clang::FunctionDecl* fn) const {
    // SV-COMP's own `__VERIFIER_assert` calls reach_error() in its body: that call is where
    // the property fails, and where a violation witness's target must stand.
    const clang::CallExpr* inner = nullptr;
    std::function<void(const clang::Stmt*)> find = [&](const clang::Stmt* s) {
        if (!s || inner) return;
        if (const auto* call = llvm::dyn_cast<clang::CallExpr>(s)) {
            const clang::FunctionDecl* callee = call->getDirectCallee();
            if (callee && is_error_function(callee->getNameAsString())) inner = call;
        }
        for (const clang::Stmt* child : s->children()) find(child);
    };
    if (fn && fn->hasBody()) find(fn->getBody());
    if (!inner) return place_at(c->getBeginLoc());
    SourcePlace p = place_at(inner->getBeginLoc());
    p.function = fn->getNameAsString();
    return p;
}

bool Lowering::builtin_call(const clang::CallExpr* c, const std::string& name) {
    const clang::FunctionDecl* fn = c->getDirectCallee();
    if (is_error_function(name)) {
        at(c, text(c));
        std::string what = name + "()";
        if (name == "__assert_fail" && c->getNumArgs() > 0) {
            if (const auto* s = llvm::dyn_cast<clang::StringLiteral>(c->getArg(0)->IgnoreParenImpCasts())) {
                what = "assert(" + s->getString().str() + ")";
            }
        }
        for (char& ch : what) ch = ch == '"' ? '\'' : ch;
        transition({Step{}}, Target{Target::Kind::error, 0, "line " + std::to_string(line(c)) + ": " + what});
        flow_.edges.back().error_place = place_at(c->getBeginLoc());
        return true;
    }
    if (is_exit_function(name)) {
        at(c, text(c));
        transition({Step{}}, Target{Target::Kind::terminal, 0, ""});
        return true;
    }
    bool assume = name == "__VERIFIER_assume" || (name == "assume" && !fn->hasBody());
    bool check = name == "__VERIFIER_assert" || (name == "assert" && !fn->hasBody());
    if ((assume || check) && c->getNumArgs() == 1) {
        at(c, text(c));
        PointId next = new_point();
        std::optional<PointId> failed;
        if (check) {
            failed = new_point();
            flow_.points[*failed] = Point{line(c), text(c) + " fails", {}};
        }
        branch(c->getArg(0), next, failed);
        if (failed) {
            cur_ = failed;
            std::string what = text(c);
            transition({Step{}}, Target{Target::Kind::error, 0, "line " + std::to_string(line(c)) + ": " + what});
            flow_.edges.back().error_place = failing_call(c, fn);
        }
        cur_ = next;
        return true;
    }
    return false;
}

Values Lowering::call(const clang::CallExpr* c) {
    const clang::FunctionDecl* fn = c->getDirectCallee();
    if (!fn) refuse(c, "call through a function pointer");
    std::string name = fn->getNameAsString();
    if (builtin_call(c, name)) return constant(0);
    clang::QualType rt = fn->getReturnType();
    if (starts_with(name, "__VERIFIER_nondet_")) {
        return Values{ExprAlt{{}, input(0), {int_type(c->getType(), c->getBeginLoc())}}};
    }
    if (const clang::FunctionDecl* def = nullptr; fn->hasBody(def)) return inline_call(c, def);
    if (Values allocated; memory_call(c, name, allocated)) return allocated;
    if (array_call(c, name)) return constant(0);
    if (auto why = refused_library_call(name)) refuse(c, *why);
    for (const clang::Expr* arg : c->arguments()) {
        const clang::Expr* bare = arg->IgnoreParenImpCasts();
        if (llvm::isa<clang::StringLiteral>(bare)) continue;
        if (arg->getType()->isPointerType()) {
            refuse(arg, "passing a pointer to `" + name + "`, which has no body");
        }
        int_type(arg->getType(), arg->getBeginLoc());
        if (has_effects(arg)) effect(arg);
    }
    bodiless_.emplace(name, c->getBeginLoc());
    if (rt->isVoidType()) {
        notes_.add(line(c), "`" + name + "` has no body: the call does nothing");
        return constant(0);
    }
    notes_.add(line(c), "`" + name + "` has no body: its result is an arbitrary value of its type");
    return Values{ExprAlt{{}, input(0), {int_type(c->getType(), c->getBeginLoc())}}};
}

Values Lowering::inline_call(const clang::CallExpr* c, const clang::FunctionDecl* fn) {
    for (const Frame& f : frames_) {
        if (f.fn->getCanonicalDecl() == fn->getCanonicalDecl()) {
            refuse(c, "recursion (`" + fn->getNameAsString() + "` calls itself)");
        }
    }
    at(c, text(c));
    // Arguments in order; an earlier one is kept in a temporary when a later one has effects.
    std::vector<std::pair<VarId, Values>> args;
    std::map<const clang::ParmVarDecl*, Pointee> pointers;
    std::vector<std::pair<const clang::ParmVarDecl*, StructRef>> structs;  // copied in
    for (unsigned i = 0; i < c->getNumArgs() && i < fn->getNumParams(); ++i) {
        const clang::ParmVarDecl* p = fn->getParamDecl(i);
        clang::QualType pointee = p->getType()->isPointerType() ? p->getType()->getPointeeType() : clang::QualType();
        if (!pointee.isNull() && pointee_params_.count(p) != 0 && stands_for_object(c->getArg(i)) &&
            (pointee->isIntegerType() || pointee->isStructureType() || pointee->isPointerType())) {
            // `int *p`, `int a[]`, `struct point *q`: the callee works on what the caller
            // passed (&x, an array, &a[i], &s, ...), fixed for this activation.
            Pointee target = pointee_of(c->getArg(i));
            if (pointee->isStructureType() != target.structure.has_value()) {
                refuse(c->getArg(i), "pointer argument `" + text(c->getArg(i)) + "` of another type than `" +
                                         p->getType().getAsString() + "`");
            }
            pointers[p] = std::move(target);
            continue;
        }
        if (contains_union(p->getType())) refuse(c->getArg(i), "union passed by value `" + text(c->getArg(i)) + "`");
        if (is_aggregate(p->getType())) {
            structs.emplace_back(p, struct_ref(c->getArg(i)));
            continue;
        }
        VarId v = variable_of(p);
        IntType from = int_type(c->getArg(i)->getType(), c->getArg(i)->getBeginLoc());
        Values a = arith_.convert(value(c->getArg(i)), from, flow_.vars[v].type, line(c));
        bool later_effects = false;
        for (unsigned j = i + 1; j < c->getNumArgs(); ++j) later_effects |= has_effects(c->getArg(j));
        if (later_effects) a = spill(a, flow_.vars[v].type);
        args.emplace_back(v, std::move(a));
    }
    std::vector<Step> steps{Step{}};
    for (const auto& [v, vals] : args) {
        std::vector<Step> next;
        for (const Step& s : steps) {
            for (const ExprAlt& a : vals) {
                Step n = s;
                auto offset = static_cast<std::uint32_t>(n.inputs.size());
                bool ok = true;
                for (const Cond& g : a.guards) ok = ok && add_guard(n.guards, shift_inputs(g, offset));
                if (!ok) continue;
                n.inputs.insert(n.inputs.end(), a.inputs.begin(), a.inputs.end());
                n.updates.emplace_back(v, shift_inputs(a.term, offset));
                next.push_back(std::move(n));
            }
        }
        steps = std::move(next);
    }
    transition(std::move(steps), Target{Target::Kind::point, new_point(), ""});
    for (const auto& [p, from] : structs) copy_struct(StructRef{p, "", {}}, from, c);
    flow_.points[here()] = Point{line_at(fn->getBeginLoc()), "entry of " + fn->getNameAsString(), {}};
    Frame f;
    f.fn = fn;
    f.exit = new_point();
    f.pointers = std::move(pointers);
    if (!fn->getReturnType()->isVoidType()) {
        std::string n = fn->getNameAsString();
        n[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(n[0])));
        Variable r{unique_name(n + "_result"), "return value of " + fn->getNameAsString(),
                   fn->getNameAsString(), int_type(fn->getReturnType(), fn->getBeginLoc()), {},
                   fn->getReturnType()->isPointerType()};
        auto [it, fresh] = results_.emplace(fn->getCanonicalDecl(), 0);
        if (fresh) {
            flow_.vars.push_back(r);
            it->second = static_cast<VarId>(flow_.vars.size() - 1);
        } else {
            names_.erase(r.clp_name);
        }
        f.result = it->second;
    }
    body(fn, f);
    return f.result ? single(var(*f.result)) : constant(0);
}

void Lowering::body(const clang::FunctionDecl* fn, Frame frame) {
    bool entry = frames_.empty();
    frames_.push_back(std::move(frame));
    if (entry) {
        // The entry function's parameters are inputs of their types.
        Step inputs;
        for (const clang::ParmVarDecl* p : fn->parameters()) {
            if (p->isReferenced()) inputs.havocs.push_back(variable_of(p));
        }
        if (!inputs.havocs.empty()) {
            transition({inputs}, Target{Target::Kind::point, new_point(), ""});
        }
    }
    statement(fn->getBody());
    jump(frames_.back().exit);
    cur_ = frames_.back().exit;
    frames_.pop_back();
}

}  // namespace c2clp
