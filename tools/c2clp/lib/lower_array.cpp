// C arrays as CLP arrays: one CLP array variable per C array object, indexed by the
// row-major offset of an element; `a[i]` reads `select(A, I)`, `a[i] = v` sets
// `A' = store(A, I, V)`. Inlined functions see the caller's array through their array or
// pointer parameters. Without --check bounds an array is unbounded: an index outside the
// object reads and writes cells of that object's own CLP array, never another variable.
#include <algorithm>

#include <clang/AST/Decl.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/Expr.h>
#include <llvm/ADT/StringExtras.h>

#include "lowering.hpp"

namespace c2clp {

namespace {

// Elements a local or global initialiser may set one by one: the stores of a chunk are
// nested in one CLP term, and a few dozen chunks keep the program readable.

bool is_pure(const Values& v) { return v.size() == 1 && v[0].guards.empty() && v[0].inputs.empty(); }

}  // namespace

std::optional<ArrayShape> Lowering::array_shape(clang::QualType qt, clang::SourceLocation where,
                                                std::optional<VarId> length_var) {
    const clang::Type* t = qt.getCanonicalType().getTypePtr();
    if (!t->isArrayType()) return std::nullopt;
    std::string name = qt.getAsString();
    std::vector<Integer> dims;
    ArrayShape shape;
    while (const clang::ArrayType* at = t->getAsArrayTypeUnsafe()) {
        if (const auto* c = llvm::dyn_cast<clang::ConstantArrayType>(at)) {
            dims.emplace_back(llvm::toString(c->getSize(), 10, false));
        } else if (llvm::isa<clang::VariableArrayType>(at) && dims.empty() && length_var &&
                   !at->getElementType()->isArrayType()) {
            shape.strides = {1};
            shape.dims = {var(*length_var)};
            shape.length = var(*length_var);
            int_type(at->getElementType(), where);
            return shape;
        } else if (llvm::isa<clang::VariableArrayType>(at)) {
            refuse_at(where, "multi-dimensional variable-length array `" + name + "`");
        } else {
            refuse_at(where, "array of unknown size `" + name + "`");
        }
        t = at->getElementType().getCanonicalType().getTypePtr();
    }
    if (t->isStructureType() || t->isUnionType()) refuse_at(where, "array of structs or unions `" + name + "`");
    Integer length = 1;
    for (const Integer& d : dims) length *= d;
    shape.strides.assign(dims.size(), 1);
    for (std::size_t k = dims.size(); k-- > 1;) shape.strides[k - 1] = shape.strides[k] * dims[k];
    for (const Integer& d : dims) shape.dims.push_back(cst(d));
    shape.length = cst(length);
    return shape;
}

VarId Lowering::array_of(const clang::Expr* e) {
    const clang::Expr* base = e->IgnoreParenImpCasts();
    if (const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(base)) {
        if (const auto* v = llvm::dyn_cast<clang::VarDecl>(r->getDecl()); v && v->getType()->isArrayType()) {
            return variable_of(v);
        }
    }
    refuse(e, "pointer `" + text(e) + "` that is not a named array");
}

const Lowering::Pointee* Lowering::pointer_parameter(const clang::Expr* e) const {
    const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts());
    const auto* p = r ? llvm::dyn_cast<clang::ParmVarDecl>(r->getDecl()) : nullptr;
    if (!p || frames_.empty()) return nullptr;
    auto it = frames_.back().pointers.find(p);
    return it == frames_.back().pointers.end() ? nullptr : &it->second;
}

Lowering::Pointee Lowering::pointee_of(const clang::Expr* e) {
    const clang::Expr* x = e->IgnoreParenImpCasts();
    if (const Pointee* p = pointer_parameter(x)) return *p;  // passed along
    Pointee out;
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(x); u && u->getOpcode() == clang::UO_AddrOf) {
        const clang::Expr* target = u->getSubExpr()->IgnoreParens();
        if (target->getType()->isStructureType()) {
            out.structure = struct_ref(target);
            return out;
        }
        if (target->getType()->isIntegerType() || target->getType()->isPointerType()) {
            Place place = lvalue(target);
            out.var = place.var;
            out.offset = place.index;
            return out;
        }
        refuse(e, "address of `" + text(target) + "`");
    }
    if (x->getType()->isArrayType()) {
        if (is_aggregate(x->getType())) {
            out.structure = struct_ref(x);
            out.walks = true;
            return out;
        }
        out.var = array_of(x);
        if (flow_.vars[out.var].array->strides.size() != 1) {
            refuse(e, "multi-dimensional array passed to a function");
        }
        out.offset = cst(0);
        return out;
    }
    refuse(e, "pointer argument `" + text(e) + "` (an inlined function's pointer parameter may be "
              "given &variable, &element, an array or another such parameter)");
}

Term Lowering::index_term(const clang::Expr* e) {
    Values v = value(e);
    if (is_pure(v)) return v[0].term;
    return spill(v, int_type(e->getType(), e->getBeginLoc()))[0].term;
}

Lowering::AccessPath Lowering::access_path(const clang::Expr* e) const {
    AccessPath out;
    out.base = e->IgnoreParenImpCasts();
    while (!out.through_pointer) {
        if (const auto* s = llvm::dyn_cast<clang::ArraySubscriptExpr>(out.base)) {
            out.subscripts.push_back(s->getIdx());
            out.base = s->getBase()->IgnoreParenImpCasts();
        } else if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(out.base)) {
            const auto* f = llvm::dyn_cast<clang::FieldDecl>(m->getMemberDecl());
            if (!f) refuse(m, "member `" + text(m) + "`");
            out.path = "." + f->getNameAsString() + out.path;
            out.through_pointer = m->isArrow();
            out.base = m->getBase()->IgnoreParenImpCasts();
        } else if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(out.base);
                   u && u->getOpcode() == clang::UO_Deref) {
            out.through_pointer = true;
            out.base = u->getSubExpr()->IgnoreParenImpCasts();
        } else {
            break;
        }
    }
    std::reverse(out.subscripts.begin(), out.subscripts.end());
    return out;
}

Lowering::Place Lowering::access(const clang::Expr* e) {
    auto [subscripts, path, through_pointer, base] = access_path(e);
    VarId a = 0;
    std::vector<Term> indices;
    const Pointee* pointer = pointer_parameter(base);
    if (pointer) {
        // p[k] moves the pointer by k elements: the first subscript, when no `->` or `*`.
        std::optional<Term> step;
        if (!through_pointer && !subscripts.empty()) {
            step = index_term(subscripts.front());
            subscripts.erase(subscripts.begin());
        }
        if (!pointer->structure) {
            if (!path.empty() || !subscripts.empty()) refuse(e, "`" + text(e) + "` through an integer pointer");
            a = pointer->var;
            if (!pointer->offset) {
                if (step && !(is_const(*step) && step->get()->value == 0)) {
                    refuse(e, "pointer arithmetic on a pointer to a variable `" + text(e) + "`");
                }
                return Place{a, std::nullopt, std::nullopt};
            }
            indices.push_back(step ? add(*pointer->offset, *step) : *pointer->offset);
        } else {
            const StructRef& s = *pointer->structure;
            indices = s.index;
            if (step && pointer->walks) {
                indices.push_back(*step);
            } else if (step && !indices.empty()) {
                indices.back() = add(indices.back(), *step);
            } else if (step) {
                refuse(e, "pointer arithmetic on a pointer to a single struct `" + text(e) + "`");
            }
            const std::map<std::string, VarId>& fields = fields_of(s.root);
            auto it = fields.find(s.prefix + path);
            if (it == fields.end()) refuse(e, "a whole struct `" + text(e) + "` used as a value");
            a = it->second;
        }
    } else if (through_pointer) {
        refuse(e, "`" + text(e) + "` through a pointer that is not a parameter of an inlined function");
    } else if (path.empty()) {
        a = array_of(base);
    } else {
        const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(base->IgnoreParenImpCasts());
        const auto* d = r ? llvm::dyn_cast<clang::VarDecl>(r->getDecl()) : nullptr;
        if (!d) refuse(e, "member of `" + text(base) + "`, which is not a named struct");
        const std::map<std::string, VarId>& fields = fields_of(d);
        auto it = fields.find(path);
        if (it == fields.end()) refuse(e, "a whole struct `" + text(e) + "` used as a value");
        a = it->second;
    }
    for (const clang::Expr* s : subscripts) indices.push_back(index_term(s));
    if (!flow_.vars[a].array) {
        if (!indices.empty()) refuse(e, "subscript of `" + text(e) + "`");
        return Place{a, std::nullopt, std::nullopt};
    }
    ArrayShape shape = *flow_.vars[a].array;
    if (indices.size() != shape.strides.size()) {
        refuse(e, "part of an array used as a value `" + text(e) + "`");
    }
    Term offset = cst(0);
    for (std::size_t k = 0; k < indices.size(); ++k) {
        offset = add(offset, mul(cst(shape.strides[k]), indices[k]));
    }
    if (options_.check_bounds) {
        // Each subscript within its dimension: the run that breaks it ends in an error.
        std::vector<Step> outside;
        Step inside;
        for (std::size_t k = 0; k < indices.size(); ++k) {
            Cond low{Rel::lt, indices[k], cst(0)};
            Cond high{Rel::ge, indices[k], shape.dims[k]};
            for (const Cond& c : {low, high}) {
                if (const_truth(c) == 0) continue;
                Step s;
                s.guards.push_back(c);
                outside.push_back(std::move(s));
                add_guard(inside.guards, negate(c));
            }
        }
        if (!outside.empty()) {
            at(e, text(e));
            PointId from = here();
            std::string what = "line " + std::to_string(line(e)) + ": array index out of bounds in " +
                               text(e);
            for (char& ch : what) ch = ch == '"' ? '\'' : ch;
            transition(std::move(outside), Target{Target::Kind::error, 0, what});
            flow_.edges.back().error_place = place_at(e->getBeginLoc());
            cur_ = from;
            transition({inside}, Target{Target::Kind::point, new_point(), ""});
        }
    }
    return Place{a, offset, std::nullopt};
}

Values Lowering::read(const Place& p) {
    if (!p.index) return single(var(p.var));
    // A cell nobody wrote holds some value of the element type, as C's memory does.
    const IntType t = type_of(p);
    Term cell = select(var(p.var), *p.index);
    return Values{ExprAlt{{Cond{Rel::ge, cell, cst(t.min())}, Cond{Rel::le, cell, cst(t.max())}}, cell, {}}};
}

void Lowering::assign_place(const Place& p, const Values& vals) {
    if (!p.index) {
        assign_values(p.var, vals);
        return;
    }
    std::vector<Step> steps;
    for (const ExprAlt& a : vals) {
        Step s = step_of(a);
        s.updates.emplace_back(p.var, store(var(p.var), *p.index, a.term));
        steps.push_back(std::move(s));
    }
    transition(std::move(steps), Target{Target::Kind::point, new_point(), ""});
}

void Lowering::initial_elements(const clang::Expr* init, clang::QualType t, Integer offset,
                                std::map<Integer, const clang::Expr*>& out) {
    init = init->IgnoreParens();
    const clang::Type* type = t.getCanonicalType().getTypePtr();
    const auto* at = llvm::dyn_cast_or_null<clang::ConstantArrayType>(type->getAsArrayTypeUnsafe());
    if (!at) {
        if (const auto* list = llvm::dyn_cast<clang::InitListExpr>(init)) {  // `int x = {1};`
            if (list->getNumInits() > 0) initial_elements(list->getInit(0), t, offset, out);
            return;
        }
        out[offset] = init;
        return;
    }
    Integer size(llvm::toString(at->getSize(), 10, false));
    Integer stride = 1;
    for (const clang::Type* e = at->getElementType().getCanonicalType().getTypePtr();
         const auto* inner = llvm::dyn_cast_or_null<clang::ConstantArrayType>(e->getAsArrayTypeUnsafe());
         e = inner->getElementType().getCanonicalType().getTypePtr()) {
        stride *= Integer(llvm::toString(inner->getSize(), 10, false));
    }
    if (llvm::isa<clang::StringLiteral>(init)) refuse(init, "string literal inside an array initialiser");
    const auto* list = llvm::dyn_cast<clang::InitListExpr>(init);
    if (!list) refuse(init, "array initialiser `" + text(init) + "`");
    if (list->hasArrayFiller() && !llvm::isa<clang::ImplicitValueInitExpr>(list->getArrayFiller())) {
        refuse(init, "array initialiser with a non-zero filler `" + text(init) + "`");
    }
    for (unsigned k = 0; k < list->getNumInits() && Integer(k) < size; ++k) {
        const clang::Expr* e = list->getInit(k);
        if (llvm::isa<clang::ImplicitValueInitExpr>(e)) continue;
        initial_elements(e, at->getElementType(), offset + stride * k, out);
    }
}

Integer Lowering::initialised_length(const Variable& v, const clang::Expr* init) const {
    if (!is_const(v.array->length)) refuse(init, "initialiser of a variable-length array");
    return v.array->length->value;
}

std::vector<Integer> Lowering::indices_set(const Integer& length, const std::vector<Integer>& listed,
                                           clang::SourceLocation where) const {
    if (listed.size() > static_cast<std::size_t>(max_initialised_elements)) {
        refuse_at(where, "initialiser that lists " + std::to_string(listed.size()) + " elements of an array of " +
                             length.str() + " (at most " + std::to_string(max_initialised_elements) +
                             " are set one by one)");
    }
    return listed;
}

namespace {
template <typename Map>
std::vector<Integer> keys(const Map& m) {
    std::vector<Integer> out;
    for (const auto& entry : m) out.push_back(entry.first);
    return out;
}
}  // namespace

std::map<Integer, Integer> Lowering::string_elements(const clang::StringLiteral* s,
                                                     const IntType& element) const {
    std::map<Integer, Integer> out;
    Integer index = 0;
    for (unsigned k = 0; k < s->getLength(); ++k, ++index) {
        Integer c = s->getCodeUnit(k);
        if (element.is_signed && c > element.max()) c -= element.modulus();
        out[index] = c;
    }
    return out;
}

void Lowering::initialise_array(VarId a, const clang::Expr* init) {
    const Variable v = flow_.vars[a];  // a copy: lowering the values adds temporaries
    const Integer length = initialised_length(v, init);
    std::map<Integer, const clang::Expr*> listed;
    std::map<Integer, Integer> chars;
    if (const auto* str = llvm::dyn_cast<clang::StringLiteral>(init->IgnoreParenImpCasts())) {
        chars = string_elements(str, v.type);  // `char s[] = "ab"`: its characters, then zeros
    } else {
        initial_elements(init, init->getType(), 0, listed);
    }
    // A listed constant 0 is what the array starts with.
    std::erase_if(listed, [&](const auto& entry) {
        clang::Expr::EvalResult r;
        return entry.second->EvaluateAsInt(r, ctx_) && r.Val.getInt() == 0;
    });
    std::vector<Integer> given = keys(listed);
    for (const auto& [k, c] : chars) {
        if (c != 0) given.push_back(k);
    }
    std::sort(given.begin(), given.end());
    store_elements(a, length, given, init->getBeginLoc(), [&](const Integer& k) {
        auto it = listed.find(k);
        auto c = chars.find(k);
        return it != listed.end() ? value(it->second) : c != chars.end() ? constant(c->second) : constant(0);
    });
}

void Lowering::store_elements(VarId a, const Integer& length, const std::vector<Integer>& listed,
                              clang::SourceLocation where, const std::function<Values(const Integer&)>& value_at) {
    const std::vector<Integer> indices = indices_set(length, listed, where);
    if (indices.empty()) assign_values(a, single(const_array(0)));
    for (std::size_t first = 0; first < indices.size(); first += elements_per_chunk) {
        Values acc = single(first == 0 ? const_array(0) : var(a));
        for (std::size_t i = first; i < indices.size() && i < first + elements_per_chunk; ++i) {
            const Integer& k = indices[i];
            acc = combine(acc, value_at(k), [&](const Term& x, const Term& y) {
                return Choices{{{}, store(x, cst(k), y)}};
            });
        }
        assign_values(a, acc);
    }
}

std::vector<Step> Lowering::constant_elements(VarId a, const Integer& length, const std::vector<Integer>& listed,
                                              clang::SourceLocation where,
                                              const std::function<Integer(const Integer&)>& value_at) const {
    const std::vector<Integer> indices = indices_set(length, listed, where);
    std::vector<Step> steps;
    if (indices.empty()) {
        Step zero;
        zero.updates.emplace_back(a, const_array(0));
        steps.push_back(std::move(zero));
    }
    for (std::size_t first = 0; first < indices.size(); first += elements_per_chunk) {
        Term t = first == 0 ? const_array(0) : var(a);
        for (std::size_t i = first; i < indices.size() && i < first + elements_per_chunk; ++i) {
            t = store(t, cst(indices[i]), cst(value_at(indices[i])));
        }
        Step s;
        s.updates.emplace_back(a, t);
        steps.push_back(std::move(s));
    }
    return steps;
}

std::vector<Step> Lowering::constant_array_steps(VarId a, const clang::Expr* init,
                                                 clang::SourceLocation where) {
    const Variable v = flow_.vars[a];
    const Integer length = initialised_length(v, init);
    std::map<Integer, Integer> values;
    if (init) {
        if (const auto* str = llvm::dyn_cast<clang::StringLiteral>(init->IgnoreParenImpCasts())) {
            values = string_elements(str, v.type);
        } else {
            std::map<Integer, const clang::Expr*> listed;
            initial_elements(init, init->getType(), 0, listed);
            for (const auto& [k, e] : listed) {
                clang::Expr::EvalResult r;
                if (!e->EvaluateAsInt(r, ctx_)) refuse(e, "initialiser of a global that is not an integer constant");
                values[k] = Integer(llvm::toString(r.Val.getInt(), 10));
            }
        }
    }
    std::vector<Integer> given;
    for (const auto& [k, value] : values) {
        if (value != 0) given.push_back(k);
    }
    return constant_elements(a, length, given, where, [&](const Integer& k) {
        auto it = values.find(k);
        return it == values.end() ? Integer(0) : it->second;
    });
}

bool Lowering::array_call(const clang::CallExpr* c, const std::string& name) {
    if ((name != "memset" && name != "__builtin_memset") || c->getNumArgs() != 3) return false;
    const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(c->getArg(0)->IgnoreParenImpCasts());
    const auto* d = ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
    if (!d || !d->getType()->isArrayType() || lives_in_memory(d)) return false;  // refused as before
    // Its result is the array's address, which a CLP array does not have.
    for (const auto& parent : ctx_.getParents(*c)) {
        const clang::Stmt* up = parent.get<clang::Stmt>();
        if (!up || llvm::isa<clang::Expr>(up)) refuse(c, "the result of `memset` used as a value");
    }
    clang::Expr::EvalResult byte_r, size_r;
    if (!c->getArg(1)->EvaluateAsInt(byte_r, ctx_) || !c->getArg(2)->EvaluateAsInt(size_r, ctx_)) {
        refuse(c, "`memset` with a value or a size that is not a constant");
    }
    const VarId a = variable_of(d);
    const Variable v = flow_.vars[a];
    if (!is_const(v.array->length)) refuse(c, "`memset` of a variable-length array");
    // The element: c's byte in each of its bytes, read as its type.
    const Integer bytes_per = Integer(ctx_.getTypeSizeInChars(ctx_.getBaseElementType(d->getType())).getQuantity());
    const Integer byte = Integer(llvm::toString(byte_r.Val.getInt(), 10)) & 0xFF;
    Integer pattern = 0;
    for (Integer k = 0; k < bytes_per; ++k) pattern = pattern * 256 + byte;
    if (v.type.is_bool && pattern > 1) refuse(c, "`memset` of a `_Bool` array with a byte other than 0 or 1");
    const Integer value = v.type.is_signed && pattern > v.type.max() ? Integer(pattern - v.type.modulus()) : pattern;
    const Integer size(llvm::toString(size_r.Val.getInt(), 10));
    const Integer whole = v.array->length->value * bytes_per;
    if (size > whole) refuse(c, "`memset` of " + size.str() + " bytes, past the end of `" + d->getNameAsString() + "`");
    if (size % bytes_per != 0) refuse(c, "`memset` of part of an element");
    at(c, text(c));
    if (size == whole) {
        assign_values(a, single(const_array(value)));
        return true;
    }
    std::vector<Integer> first;
    for (Integer k = 0; k < size / bytes_per; ++k) first.push_back(k);
    const std::vector<Integer> indices = indices_set(v.array->length->value, first, c->getBeginLoc());
    for (std::size_t from = 0; from < indices.size(); from += elements_per_chunk) {
        Term t = var(a);
        for (std::size_t i = from; i < indices.size() && i < from + elements_per_chunk; ++i) t = store(t, cst(indices[i]), cst(value));
        assign_values(a, single(t));
    }
    return true;
}

}  // namespace c2clp
