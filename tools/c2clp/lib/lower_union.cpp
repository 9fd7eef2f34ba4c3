// Unions. Every member of a union starts at its first cell, so the members overlap in the
// memory as their bytes do in C; a union (and whatever holds one) therefore always lives in
// the memory (lower_memory.cpp). The model has one cell per scalar, not bytes: writing one
// member and reading another is faithful only when both see the same kind of scalar in each
// cell they share (an int and an int, a pointer and a pointer). A union whose members
// disagree on a shared cell (an int and a char, a pointer and a long) would need bytes, and
// is refused with the two members named.
#include <clang/AST/Decl.h>
#include <llvm/ADT/StringExtras.h>

#include "lowering.hpp"

namespace c2clp {

namespace {

// Cells a union's member may span for the check, as for initialisers.
constexpr std::size_t max_checked_cells = 1 << 16;

}  // namespace

bool Lowering::contains_union(clang::QualType qt) const {
    const clang::Type* t = ctx_.getBaseElementType(qt).getCanonicalType().getTypePtr();
    if (t->isUnionType()) return true;
    if (!t->isStructureType()) return false;
    const clang::RecordDecl* rd = t->getAsRecordDecl()->getDefinition();
    if (!rd) return false;
    for (const clang::FieldDecl* f : rd->fields()) {
        if (contains_union(f->getType())) return true;
    }
    return false;
}

void Lowering::cell_kinds(clang::QualType qt, clang::SourceLocation where, std::vector<CellKind>& out) const {
    const clang::Type* t = qt.getCanonicalType().getTypePtr();
    if (out.size() > max_checked_cells) refuse_at(where, "union of more than " + std::to_string(max_checked_cells) + " cells");
    if (t->isPointerType()) {
        std::string pointee = t->getPointeeType().getCanonicalType().getUnqualifiedType().getAsString();
        out.push_back(CellKind{int_type(qt, where), true, pointee, qt.getAsString()});
        return;
    }
    if (t->isIntegerType()) {
        out.push_back(CellKind{int_type(qt, where), false, "", qt.getAsString()});
        return;
    }
    if (const auto* a = llvm::dyn_cast<clang::ConstantArrayType>(t)) {
        Integer n(llvm::toString(a->getSize(), 10, false));
        std::vector<CellKind> element;
        cell_kinds(a->getElementType(), where, element);
        if (n * element.size() > max_checked_cells) {
            refuse_at(where, "union of more than " + std::to_string(max_checked_cells) + " cells");
        }
        for (Integer k = 0; k < n; ++k) out.insert(out.end(), element.begin(), element.end());
        return;
    }
    if (const auto* rt = t->getAs<clang::RecordType>()) {
        const clang::RecordDecl* rd = rt->getDecl()->getDefinition();
        if (!rd) refuse_at(where, "incomplete type `" + qt.getAsString() + "`");
        if (rd->isUnion()) {
            auto agree = [](const CellKind& a, const CellKind& b) {
                if (!(a.type == b.type) || a.pointer != b.pointer) return false;
                return !a.pointer || a.pointee == b.pointee || a.pointee == "void" || b.pointee == "void";
            };
            std::vector<CellKind> merged;
            std::vector<const clang::FieldDecl*> owner;  // whose kind merged[k] is
            for (const clang::FieldDecl* f : rd->fields()) {
                if (f->isBitField()) refuse_at(f->getLocation(), "bit-field `" + f->getNameAsString() + "`");
                std::vector<CellKind> mine;
                cell_kinds(f->getType(), f->getLocation(), mine);
                for (std::size_t k = 0; k < mine.size(); ++k) {
                    if (k == merged.size()) {
                        merged.push_back(mine[k]);
                        owner.push_back(f);
                    } else if (!agree(merged[k], mine[k])) {
                        refuse_at(f->getLocation(),
                                  "union `" + qt.getAsString() + "` whose members `" + owner[k]->getNameAsString() +
                                      "` and `" + f->getNameAsString() + "` share a cell as `" + merged[k].c_type +
                                      "` and `" + mine[k].c_type +
                                      "` (reading one through the other would need its bytes)");
                    }
                }
            }
            out.insert(out.end(), merged.begin(), merged.end());
            return;
        }
        for (const clang::FieldDecl* f : rd->fields()) {
            if (f->isBitField()) refuse_at(f->getLocation(), "bit-field `" + f->getNameAsString() + "`");
            cell_kinds(f->getType(), f->getLocation(), out);
        }
        return;
    }
    int_type(qt, where);  // names floats, variable-length arrays, ...
    refuse_at(where, "object of type `" + qt.getAsString() + "` in memory");
}

Integer Lowering::union_cells(const clang::RecordDecl* u, clang::SourceLocation where) const {
    u = u->getDefinition() ? u->getDefinition() : u;
    if (auto it = union_cells_.find(u); it != union_cells_.end()) return it->second;
    std::vector<CellKind> kinds;
    cell_kinds(ctx_.getRecordType(u), where, kinds);
    return union_cells_[u] = Integer(kinds.size());
}

}  // namespace c2clp
