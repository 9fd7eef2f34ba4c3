// Structs (and arrays of structs) by value: one variable per scalar field, one CLP array per
// array field and per field of an array of structs, indexed by the row-major offset of the
// element over the arrays around the field and inside it. `p.x` is the variable P_x;
// `a[i].v[j]` is select(A_v, i * n + j) where v has n elements. A copy of a whole struct
// (assignment, initialiser, argument) copies every field; structs as results are refused
// by name. A struct whose address is stored lives in memory instead (lower_memory.cpp).
#include <algorithm>

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <llvm/ADT/StringExtras.h>

#include "lowering.hpp"

namespace c2clp {

namespace {


Integer product(const std::vector<Integer>& dims) {
    Integer n = 1;
    for (const Integer& d : dims) n *= d;
    return n;
}

}  // namespace

bool Lowering::is_aggregate(clang::QualType t) const {
    const clang::Type* base = ctx_.getBaseElementType(t).getCanonicalType().getTypePtr();
    return base->isStructureType();
}

void Lowering::leaves_of(clang::QualType qt, const std::string& path, std::vector<Integer> dims,
                         clang::SourceLocation where, std::vector<Leaf>& out) const {
    const clang::Type* t = qt.getCanonicalType().getTypePtr();
    if (const auto* at = llvm::dyn_cast_or_null<clang::ConstantArrayType>(t->getAsArrayTypeUnsafe())) {
        dims.emplace_back(llvm::toString(at->getSize(), 10, false));
        leaves_of(at->getElementType(), path, std::move(dims), where, out);
        return;
    }
    if (t->isArrayType()) refuse_at(where, "array of unknown or variable size in a struct `" + qt.getAsString() + "`");
    if (const auto* rt = t->getAs<clang::RecordType>()) {
        const clang::RecordDecl* rd = rt->getDecl()->getDefinition();
        if (!rd) refuse_at(where, "incomplete struct `" + qt.getAsString() + "`");
        if (rd->isUnion()) refuse_at(where, "union type `" + qt.getAsString() + "`");
        for (const clang::FieldDecl* f : rd->fields()) {
            if (f->isBitField()) refuse_at(f->getLocation(), "bit-field `" + f->getNameAsString() + "`");
            if (f->getName().empty()) refuse_at(f->getLocation(), "anonymous struct or union member");
            leaves_of(f->getType(), path + "." + f->getNameAsString(), dims, f->getLocation(), out);
        }
        return;
    }
    out.push_back(Leaf{path, int_type(qt, where), std::move(dims), t->isPointerType()});
}

const std::map<std::string, VarId>& Lowering::fields_of(const clang::VarDecl* d) {
    d = d->getCanonicalDecl();
    if (auto it = fields_.find(d); it != fields_.end()) return it->second;
    std::vector<Leaf> leaves;
    leaves_of(d->getType(), "", {}, d->getLocation(), leaves);
    bool global = d->hasGlobalStorage() && !d->isStaticLocal();
    const auto* fn = llvm::dyn_cast<clang::FunctionDecl>(d->getDeclContext());
    std::string base = d->getNameAsString();
    base[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(base[0])));
    if (!global && fn && !frames_.empty() && fn != frames_.front().fn) {
        std::string prefix = fn->getNameAsString();
        prefix[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(prefix[0])));
        base = prefix + "_" + base;
    }
    std::map<std::string, VarId> ids;
    for (const Leaf& l : leaves) {
        Variable v;
        std::string suffix = l.path;
        for (char& c : suffix) c = c == '.' ? '_' : c;
        v.clp_name = unique_name(base + suffix);
        v.c_name = d->getNameAsString() + (d->getType()->isArrayType() ? "[]" : "") + l.path;
        v.scope = global ? "global" : fn ? fn->getNameAsString() : "global";
        v.type = l.type;
        v.pointer = l.pointer;
        if (!l.dims.empty()) {
            ArrayShape shape;
            shape.strides.assign(l.dims.size(), 1);
            for (std::size_t k = l.dims.size(); k-- > 1;) shape.strides[k - 1] = shape.strides[k] * l.dims[k];
            for (const Integer& n : l.dims) shape.dims.push_back(cst(n));
            shape.length = cst(product(l.dims));
            v.array = shape;
        }
        flow_.vars.push_back(v);
        ids[l.path] = static_cast<VarId>(flow_.vars.size() - 1);
    }
    return fields_[d] = std::move(ids);
}

void Lowering::struct_cells(const clang::Expr* init, clang::QualType qt, const std::string& path,
                            std::vector<Integer> index, Cells& out) {
    init = init->IgnoreParens();
    const clang::Type* t = qt.getCanonicalType().getTypePtr();
    if (llvm::isa<clang::ImplicitValueInitExpr>(init)) return;  // zeros
    const auto* list = llvm::dyn_cast<clang::InitListExpr>(init);
    if (const auto* at = llvm::dyn_cast_or_null<clang::ConstantArrayType>(t->getAsArrayTypeUnsafe())) {
        Integer size(llvm::toString(at->getSize(), 10, false));
        if (const auto* str = llvm::dyn_cast<clang::StringLiteral>(init->IgnoreParenImpCasts())) {
            IntType element = int_type(at->getElementType(), init->getBeginLoc());
            index.emplace_back(0);
            for (const auto& [k, c] : string_elements(str, element)) {
                if (k >= size) break;
                index.back() = k;
                out[path][index] = c;
            }
            return;
        }
        if (!list) refuse(init, "array initialiser `" + text(init) + "` in a struct");
        index.emplace_back(0);
        for (unsigned k = 0; k < list->getNumInits() && index.back() < size; ++k, ++index.back()) {
            struct_cells(list->getInit(k), at->getElementType(), path, index, out);
        }
        return;
    }
    if (const auto* rt = t->getAs<clang::RecordType>()) {
        if (!list) refuse(init, "a whole struct `" + text(init) + "` used as a value");
        unsigned k = 0;
        for (const clang::FieldDecl* f : rt->getDecl()->getDefinition()->fields()) {
            if (k >= list->getNumInits()) break;
            struct_cells(list->getInit(k++), f->getType(), path + "." + f->getNameAsString(), index, out);
        }
        return;
    }
    if (list) {  // `{1}` for a scalar
        if (list->getNumInits() > 0) struct_cells(list->getInit(0), qt, path, index, out);
        return;
    }
    out[path][index] = init;
}

std::map<Integer, Lowering::CellValue> Lowering::cells_by_offset(const Cells& cells, const std::string& path,
                                                                 const Variable& v) const {
    std::map<Integer, CellValue> out;
    auto it = cells.find(path);
    if (it == cells.end()) return out;
    for (const auto& [index, e] : it->second) {
        Integer offset = 0;
        for (std::size_t k = 0; k < index.size() && v.array; ++k) offset += index[k] * v.array->strides[k];
        out[offset] = e;
    }
    return out;
}

void Lowering::initialise_struct(const clang::VarDecl* d, const clang::Expr* init) {
    const std::map<std::string, VarId> fields = fields_of(d);
    if (!init) {
        Step any;
        for (const auto& [path, id] : fields) any.havocs.push_back(id);
        transition({any}, Target{Target::Kind::point, new_point(), ""});
        return;
    }
    if (!llvm::isa<clang::InitListExpr>(init->IgnoreParenImpCasts())) {
        copy_struct(StructRef{d, "", {}}, struct_ref(init), init);  // `struct point q = p;`
        return;
    }
    Cells cells;
    struct_cells(init, d->getType(), "", {}, cells);
    for (const auto& [path, id] : fields) {
        const Variable v = flow_.vars[id];
        const std::map<Integer, CellValue> set = cells_by_offset(cells, path, v);
        auto value_at = [&](const Integer& k) {
            auto it = set.find(k);
            if (it == set.end()) return constant(0);
            if (const auto* e = std::get_if<const clang::Expr*>(&it->second)) return value(*e);
            return constant(std::get<Integer>(it->second));
        };
        if (!v.array) {
            assign_values(id, value_at(0));
            continue;
        }
        std::vector<Integer> listed;
        for (const auto& entry : set) listed.push_back(entry.first);
        store_elements(id, v.array->length->value, listed, init->getBeginLoc(), value_at);
    }
}

std::vector<Step> Lowering::constant_struct_steps(const clang::VarDecl* d) {
    const std::map<std::string, VarId> fields = fields_of(d);
    const clang::VarDecl* def = d->getDefinition() ? d->getDefinition() : d;
    Cells cells;
    if (const clang::Expr* init = def->getAnyInitializer()) struct_cells(init, d->getType(), "", {}, cells);
    auto constant_of = [&](const CellValue& c) {
        if (const Integer* n = std::get_if<Integer>(&c)) return *n;
        const clang::Expr* e = std::get<const clang::Expr*>(c);
        clang::Expr::EvalResult r;
        if (!e->EvaluateAsInt(r, ctx_)) refuse(e, "initialiser of a global that is not an integer constant");
        return Integer(llvm::toString(r.Val.getInt(), 10));
    };
    std::vector<Step> steps;
    Step scalars;
    for (const auto& [path, id] : fields) {
        const Variable v = flow_.vars[id];
        const std::map<Integer, CellValue> set = cells_by_offset(cells, path, v);
        if (!v.array) {
            auto it = set.find(0);
            scalars.updates.emplace_back(id, cst(it == set.end() ? Integer(0) : constant_of(it->second)));
            continue;
        }
        std::vector<Integer> listed;
        for (const auto& entry : set) listed.push_back(entry.first);
        for (Step& s : constant_elements(id, v.array->length->value, listed, d->getLocation(), [&](const Integer& k) {
                 auto it = set.find(k);
                 return it == set.end() ? Integer(0) : constant_of(it->second);
             })) {
            steps.push_back(std::move(s));
        }
    }
    steps.insert(steps.begin(), std::move(scalars));
    return steps;
}

Lowering::StructRef Lowering::struct_ref(const clang::Expr* e) {
    auto [subscripts, path, through_pointer, base] = access_path(e);
    if (const Pointee* p = pointer_parameter(base); p && p->structure) {
        StructRef out = *p->structure;
        out.prefix += path;
        std::size_t first = 0;
        if (!through_pointer && !subscripts.empty()) {  // p[k]
            Term step = index_term(subscripts.front());
            first = 1;
            if (p->walks) {
                out.index.push_back(step);
            } else if (!out.index.empty()) {
                out.index.back() = add(out.index.back(), step);
            } else {
                refuse(e, "pointer arithmetic on a pointer to a single struct `" + text(e) + "`");
            }
        }
        for (std::size_t k = first; k < subscripts.size(); ++k) out.index.push_back(index_term(subscripts[k]));
        return out;
    }
    const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(base);
    const auto* d = r ? llvm::dyn_cast<clang::VarDecl>(r->getDecl()) : nullptr;
    if (through_pointer || !d || !is_aggregate(d->getType())) {
        refuse(e, "a struct `" + text(e) + "` that is not a named variable");
    }
    StructRef out{d, path, {}};
    for (const clang::Expr* s : subscripts) out.index.push_back(index_term(s));
    return out;
}

void Lowering::copy_struct(const StructRef& to, const StructRef& from, const clang::Expr* where) {
    const std::map<std::string, VarId> target = fields_of(to.root);
    const std::map<std::string, VarId> source = fields_of(from.root);
    // The first cell of the element, and the cells one element holds, in a field's array.
    auto element = [&](const Variable& v, const std::vector<Term>& index) {
        Term offset = cst(0);
        Integer cells = 1;
        if (v.array) {
            if (index.size() > v.array->dims.size()) refuse(where, "subscript of a struct");
            for (std::size_t k = 0; k < index.size(); ++k) {
                offset = add(offset, mul(cst(v.array->strides[k]), index[k]));
            }
            for (std::size_t k = index.size(); k < v.array->dims.size(); ++k) cells *= v.array->dims[k]->value;
        }
        return std::pair{offset, cells};
    };
    Step copy;
    for (const auto& [path, to_var] : target) {
        if (path.compare(0, to.prefix.size(), to.prefix) != 0) continue;
        auto from_it = source.find(from.prefix + path.substr(to.prefix.size()));
        if (from_it == source.end()) refuse(where, "a copy between structs of different types");
        const Variable tv = flow_.vars[to_var];
        const Variable fv = flow_.vars[from_it->second];
        auto [to_offset, cells] = element(tv, to.index);
        auto [from_offset, from_cells] = element(fv, from.index);
        if (cells != from_cells) refuse(where, "a copy between structs of different types");
        if (cells > max_initialised_elements) {
            refuse(where, "a copy of a struct with " + cells.str() + " elements in one field");
        }
        auto cell = [&](const Variable& v, VarId id, const Term& offset, const Integer& k) {
            if (!v.array) return var(id);
            Term t = select(var(id), add(offset, cst(k)));
            // A cell nobody wrote holds some value of its type, as in read().
            copy.guards.push_back(Cond{Rel::ge, t, cst(v.type.min())});
            copy.guards.push_back(Cond{Rel::le, t, cst(v.type.max())});
            return t;
        };
        if (!tv.array) {
            copy.updates.emplace_back(to_var, cell(fv, from_it->second, from_offset, 0));
            continue;
        }
        Term t = var(to_var);
        for (Integer k = 0; k < cells; ++k) {
            t = store(t, add(to_offset, cst(k)), cell(fv, from_it->second, from_offset, k));
        }
        copy.updates.emplace_back(to_var, t);
    }
    transition({copy}, Target{Target::Kind::point, new_point(), ""});
}

}  // namespace c2clp
