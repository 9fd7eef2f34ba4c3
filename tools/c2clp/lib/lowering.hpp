// The translation of a C translation unit (Clang AST) into a Flow: one point per
// statement, one transition per way a statement can execute. Calls with bodies are inlined
// at each call site; the variables of a function are shared by its call sites (no
// recursion, so no two activations are alive at once).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include "arith.hpp"
#include "flow.hpp"

namespace c2clp {

// A refusal at a place in the source.
struct LocatedRefusal {
    clang::SourceLocation loc;
    std::string message;
};

class Lowering {
public:
    Lowering(clang::ASTContext& ctx, const Options& options, Notes& notes);
    // The flow of the program that starts at `entry`. Throws LocatedRefusal.
    Flow run(const clang::FunctionDecl* entry);
    // Functions called without a body, for the warning that names them.
    [[nodiscard]] const std::map<std::string, clang::SourceLocation>& bodiless() const {
        return bodiless_;
    }

private:
    // A whole struct in memory: a variable's fields under `prefix`, in the element of the
    // arrays on the way that `index` gives (their subscripts, outermost first).
    struct StructRef {
        const clang::VarDecl* root = nullptr;
        std::string prefix;
        std::vector<Term> index;
    };
    // What a pointer parameter of an inlined function points to, fixed by the call: a
    // scalar variable (`&x`), an element of an array (`a`, `&a[i]`: `offset` is its index),
    // or a struct (`&s`, `&pts[i]`; `walks` when the pointer was an array of structs, `pts`,
    // so that p[k] is its k-th element).
    struct Pointee {
        VarId var = 0;
        std::optional<Term> offset;
        std::optional<StructRef> structure;
        bool walks = false;
    };

    // One inlined activation of a function.
    struct Frame {
        const clang::FunctionDecl* fn = nullptr;
        std::string prefix;  // "" for the entry function, "F_" for an inlined f
        PointId exit = 0;
        std::optional<VarId> result;
        std::map<const clang::LabelDecl*, PointId> labels;
        std::map<const clang::SwitchCase*, PointId> cases;
        std::vector<PointId> breaks, continues;
        // Pointer parameters (`int a[]`, `int *p`, `struct point *p`) of this activation.
        std::map<const clang::ParmVarDecl*, Pointee> pointers;
    };
    // What an assignment writes: a variable, or an element of an array variable (`index` a
    // term without inputs, the row-major offset of the element), or a cell of the memory
    // (`var` the memory array, `index` the address, `type` the C type of the cell).
    struct Place {
        VarId var = 0;
        std::optional<Term> index;
        std::optional<IntType> type;
    };
    [[nodiscard]] IntType type_of(const Place& p) const {
        return p.type ? *p.type : flow_.vars[p.var].type;
    }

    // ---- lowering.cpp: variables, points, transitions
    [[noreturn]] void refuse(const clang::Stmt* s, const std::string& what) const;
    [[noreturn]] void refuse_at(clang::SourceLocation loc, const std::string& what) const;
    IntType int_type(clang::QualType t, clang::SourceLocation where) const;
    unsigned line(const clang::Stmt* s) const;
    unsigned line_at(clang::SourceLocation loc) const;
    std::string text(const clang::Stmt* s) const;
    std::string unique_name(const std::string& base);
    VarId variable_of(const clang::VarDecl* d);
    VarId temporary(const IntType& t);
    PointId new_point();
    PointId here();  // the current point, created when the code is unreachable
    void at(const clang::Stmt* s, const std::string& name);
    // Where `loc` is, in the function being lowered (for witnesses).
    SourcePlace place_at(clang::SourceLocation loc) const;
    // The C variables in scope at `s` (in the function `fn`), among those the flow has.
    std::vector<VarId> visible_at(const clang::Stmt* s, const clang::FunctionDecl* fn) const;
    void transition(std::vector<Step> alts, Target to);
    void jump(PointId to);
    Step step_of(const ExprAlt& a) const;

    // ---- lower_expr.cpp: values and side effects
    Values value(const clang::Expr* e);
    void effect(const clang::Expr* e);
    bool has_effects(const clang::Expr* e) const;
    bool is_boolean(const clang::Expr* e) const;
    Values value_of_binary(const clang::BinaryOperator* b);
    Values value_of_unary(const clang::UnaryOperator* u);
    Values value_of_cast(const clang::CastExpr* c);
    Values value_of_choice(const clang::Expr* e);  // ?:, &&, || with side effects
    Values spill(const Values& v, const IntType& t);
    Place lvalue(const clang::Expr* e);
    Values assign(const clang::BinaryOperator* b);
    Values increment(const clang::UnaryOperator* u, bool need_value = true);
    void assign_values(VarId v, const Values& vals);

    // ---- lower_array.cpp: C arrays as CLP arrays
    // The shape of an array type (nullopt for other types); refuses arrays of what is not
    // an integer. A variable-length array's length is kept in `length_var`.
    std::optional<ArrayShape> array_shape(clang::QualType t, clang::SourceLocation where,
                                          std::optional<VarId> length_var);
    // The array variable an expression of array type names.
    VarId array_of(const clang::Expr* e);
    // What a pointer argument points to (`&x`, `a`, `&a[i]`, `&s`, `pts`, a pointer parameter).
    Pointee pointee_of(const clang::Expr* e);
    // The pointer parameter an expression names, in the running activation (or null).
    const Pointee* pointer_parameter(const clang::Expr* e) const;
    // `a[i].f.v[j]` taken apart: the subscripts from the outermost in, the fields as a path
    // (".f.v"), and what they apply to; `->` or `*` stops the walk at the pointer
    // (`p->f`, `(*p).f`, `*p`), with `through_pointer` set.
    struct AccessPath {
        std::vector<const clang::Expr*> subscripts;
        std::string path;
        bool through_pointer = false;
        const clang::Expr* base = nullptr;
    };
    AccessPath access_path(const clang::Expr* e) const;
    // An element of an array, a struct's field, or both (`a[i].f.v[j]`), also through a
    // pointer parameter (`p->f`, `*p`, `p[k]`).
    Place access(const clang::Expr* e);
    // The index as a term without inputs (spilled into a temporary when it needs one).
    Term index_term(const clang::Expr* e);
    Values read(const Place& p);
    void assign_place(const Place& p, const Values& vals);
    // Elements an initialiser sets one by one, at most; and per step, so that the nested
    // stores of one CLP term stay readable. An initialised array starts as `const_array(0)`
    // (its cells outside the object read 0 as well) and gets the elements its initialiser
    // lists: a global `int a[1000];` is one term, not a thousand stores that every path
    // formula after it carries.
    static constexpr long long max_initialised_elements = 1024;
    static constexpr long long elements_per_chunk = 16;
    // The indices set one by one in an array of `length` elements of which `listed` are
    // given (in increasing order): those; refused at `where` when they are too many.
    std::vector<Integer> indices_set(const Integer& length, const std::vector<Integer>& listed,
                                     clang::SourceLocation where) const;
    // Every element of array `a` (of `length` elements) set to `value_at(k)`, those not
    // `listed` being 0: transitions from here for a local, `steps` of the start transition
    // for a global's constants.
    void store_elements(VarId a, const Integer& length, const std::vector<Integer>& listed,
                        clang::SourceLocation where, const std::function<Values(const Integer&)>& value_at);
    std::vector<Step> constant_elements(VarId a, const Integer& length, const std::vector<Integer>& listed,
                                        clang::SourceLocation where,
                                        const std::function<Integer(const Integer&)>& value_at) const;
    // `a = {...}` or `a = "..."`: every element, those not listed 0.
    void initialise_array(VarId a, const clang::Expr* init);
    // `memset(a, c, n)` on a named array (not one in memory) with constants c and n: the
    // whole array becomes const_array of c's bytes read as an element, or its first n
    // bytes' elements are stored one by one. False for another call.
    bool array_call(const clang::CallExpr* c, const std::string& name);
    // The same for a global (or static) array, whose initialiser is constant: steps of
    // the start transition. `init` may be null (all zeros).
    std::vector<Step> constant_array_steps(VarId a, const clang::Expr* init,
                                           clang::SourceLocation where);
    Integer initialised_length(const Variable& v, const clang::Expr* init) const;
    std::map<Integer, Integer> string_elements(const clang::StringLiteral* s,
                                               const IntType& element) const;
    // The elements' values of an initialiser, in row-major order (unlisted ones absent).
    void initial_elements(const clang::Expr* init, clang::QualType t, Integer offset,
                          std::map<Integer, const clang::Expr*>& out);

    // ---- lower_struct.cpp: structs as one variable per scalar or array field
    // A scalar or array inside a struct (or an array of structs): its path of fields, its
    // type, and the dimensions of the arrays around and inside it.
    struct Leaf {
        std::string path;  // ".pos.x"
        IntType type;
        std::vector<Integer> dims;
        bool pointer = false;
    };
    [[nodiscard]] bool is_aggregate(clang::QualType t) const;  // a struct, or an array of them
    void leaves_of(clang::QualType t, const std::string& path, std::vector<Integer> dims,
                   clang::SourceLocation where, std::vector<Leaf>& out) const;
    // The variables of a struct (or array of structs) variable, by path; made at first use.
    const std::map<std::string, VarId>& fields_of(const clang::VarDecl* d);
    // The elements an initialiser sets, by field path and the indices of the arrays on the
    // way (outermost first), and the same by row-major offset in the field's variable.
    // A cell's initial value: an expression, or a character of a string literal.
    using CellValue = std::variant<const clang::Expr*, Integer>;
    using Cells = std::map<std::string, std::map<std::vector<Integer>, CellValue>>;
    void struct_cells(const clang::Expr* init, clang::QualType t, const std::string& path,
                      std::vector<Integer> index, Cells& out);
    std::map<Integer, CellValue> cells_by_offset(const Cells& cells, const std::string& path,
                                                 const Variable& v) const;
    // A local struct's declaration: every field set from `init`, or any values without one.
    void initialise_struct(const clang::VarDecl* d, const clang::Expr* init);
    // A global's: steps of the start transition (constants).
    std::vector<Step> constant_struct_steps(const clang::VarDecl* d);
    StructRef struct_ref(const clang::Expr* e);
    // `to = from`, field by field, in one transition.
    void copy_struct(const StructRef& to, const StructRef& from, const clang::Expr* where);

    // ---- lower_union.cpp: unions, whose members share the cells of the memory
    // Does a value of type `t` hold a union (itself, in a field, in an element)? Such a
    // variable lives in the memory, where its members can overlap.
    [[nodiscard]] bool contains_union(clang::QualType t) const;
    // What each cell of a value of `t` holds, in order: its integer type, and for a pointer
    // the type it points to. A union's members must agree on every cell they share (C's
    // bytes there mean the same to each): otherwise it is refused, naming both members.
    struct CellKind {
        IntType type;
        bool pointer = false;
        std::string pointee;  // canonical; "void" matches every pointee
        std::string c_type;   // as the program spells it, for messages
    };
    void cell_kinds(clang::QualType t, clang::SourceLocation where, std::vector<CellKind>& out) const;
    // Cells of a union: its largest member's, after checking that the members agree.
    Integer union_cells(const clang::RecordDecl* u, clang::SourceLocation where) const;
    mutable std::map<const clang::RecordDecl*, Integer> union_cells_;  // checked once each

    // ---- lower_memory.cpp: pointers and the memory they point into
    // The memory is one CLP array `Mem` from addresses to values, and `MemTop` the first
    // address no object has: an allocation takes the cells from MemTop on, so every object is
    // separated from every other. Each scalar (an integer or a pointer) is one cell; a
    // struct is its fields' cells in order; an array its elements'. 0 is NULL.
    VarId memory();
    VarId memory_top();
    // Cells of a value of type `t` (refuses what has no constant size).
    Integer cells_of(clang::QualType t, clang::SourceLocation where) const;
    // Cells before field f in its struct.
    Integer field_offset(const clang::FieldDecl* f, clang::SourceLocation where) const;
    // The key of `t` in the flow's layouts, recorded with its cells (and those of what its
    // pointer cells point to) at first use; "" for what has no layout (void, incomplete).
    std::string layout_of(clang::QualType t);
    // The C variables whose address is stored, compared or computed with (not only passed
    // to an inlined function's pointer parameter): they live in the memory.
    void find_variables_in_memory();
    [[nodiscard]] bool lives_in_memory(const clang::VarDecl* d) const;
    // Can a pointer parameter stand for this argument's object (not in memory: `&x`, an
    // array, another such parameter)?
    [[nodiscard]] bool stands_for_object(const clang::Expr* arg) const;
    // A global in memory: its initial cells, as steps of the start transition.
    std::vector<Step> constant_memory_steps(const clang::VarDecl* d);
    // Does the lvalue `e` denote cells of the memory (through a pointer, or a part of a
    // variable that lives there)?
    [[nodiscard]] bool in_memory(const clang::Expr* e) const;
    // The address of the lvalue `e`, which is in memory: a term without inputs.
    Term address_of(const clang::Expr* e);
    // A pointer value as a term without inputs (spilled into a temporary when needed);
    // with --check memory, a NULL pointer here is an error of the statement `what`.
    Term pointer_term(const clang::Expr* e, bool dereferenced, const clang::Expr* what);
    Place memory_place(const clang::Expr* e);
    // A global pointer's constant initialiser (`&g`, `a + 2`, `&s.f`): globals in memory
    // have constant addresses. Nothing when it is not one.
    std::optional<Term> constant_address(const clang::Expr* e);
    // `(T *)((char *)p - offsetof(T, f))`, Linux's container_of: the T whose field f p
    // points to, at p minus f's offset in cells. Nothing when `c` is not that.
    std::optional<Values> container_of(const clang::CastExpr* c);
    // The offset in cells of `&((T *)0)->f.g` or `__builtin_offsetof(T, f.g)`, if `e` is one.
    std::optional<Integer> member_offset(const clang::Expr* e);
    // Pointer arithmetic and pointer values.
    Values pointer_arithmetic(const clang::BinaryOperator* b);
    // `malloc`, `calloc`, `alloca`, `free`, `realloc`: true when `name` is one of them.
    bool memory_call(const clang::CallExpr* c, const std::string& name, Values& result);
    // A fresh object of `cells` cells: its address. `where` names the allocation in a
    // refusal (--check memory needs a constant size).
    Term allocate(const Term& cells, const clang::Expr* where);
    // --check memory: each cell's object (`MemBase`, the address of its first cell) and each
    // object's state (`MemLive`: 1 allocated, 2 a variable, 0 freed). The updates that
    // register an object of `cells` cells at `address` (a term over the state before).
    VarId object_base();
    VarId object_state();
    std::vector<std::pair<VarId, Term>> register_object(const Term& address, const Integer& cells,
                                                        int state);
    // A local variable that lives in memory: cells allocated at its declaration.
    void declare_in_memory(const clang::VarDecl* d);
    // The cells an initialiser sets (by offset), with their C types.
    struct MemoryCell {
        CellValue value;
        IntType type;
    };
    void memory_cells(const clang::Expr* init, clang::QualType t, Integer offset,
                      std::map<Integer, MemoryCell>& out);
    // `p = q` where a side is in memory: cell by cell.
    // `to` null: into the cells from `to_cells` on (a declaration's initialiser).
    void copy_cells(const clang::Expr* to, const clang::Expr* from, const clang::Expr* where,
                    Term to_cells = nullptr);

    // ---- lower_cond.cpp: branching on a condition
    void branch(const clang::Expr* e, std::optional<PointId> yes, std::optional<PointId> no);
    void branch_on(const Truth& t, std::optional<PointId> yes, std::optional<PointId> no);

    // ---- lower_stmt.cpp: statements
    void statement(const clang::Stmt* s);
    void declaration(const clang::DeclStmt* d);
    void if_statement(const clang::IfStmt* s);
    void loop(const clang::Stmt* s, const clang::Stmt* init, const clang::Expr* cond,
              const clang::Expr* inc, const clang::Stmt* body);
    void do_statement(const clang::DoStmt* s);
    void switch_statement(const clang::SwitchStmt* s);
    void return_statement(const clang::ReturnStmt* s);
    PointId label_point(const clang::LabelDecl* l);

    // ---- lower_call.cpp: calls
    Values call(const clang::CallExpr* c);
    bool builtin_call(const clang::CallExpr* c, const std::string& name);
    // Where a failing `__VERIFIER_assert(c)` (or assert) fails: the error call in the
    // function's body when it has one, else the call itself.
    SourcePlace failing_call(const clang::CallExpr* c, const clang::FunctionDecl* fn) const;
    Values inline_call(const clang::CallExpr* c, const clang::FunctionDecl* fn);
    void body(const clang::FunctionDecl* fn, Frame frame);

    clang::ASTContext& ctx_;
    const Options& options_;
    Notes& notes_;
    Arith arith_;
    Flow flow_;
    std::optional<PointId> cur_;
    std::map<const clang::VarDecl*, VarId> vars_;
    // Variables in memory: the address of each (a constant for a global, a variable set at
    // the declaration for a local).
    std::set<const clang::VarDecl*> in_memory_vars_;
    std::set<const clang::ParmVarDecl*> pointee_params_;  // only dereferenced in the body
    std::map<const clang::VarDecl*, Term> addresses_;
    std::optional<VarId> memory_, memory_top_, object_base_, object_state_;
    Integer global_cells_ = 0;  // addresses 1.. hold the globals in memory
    std::map<const clang::VarDecl*, std::map<std::string, VarId>> fields_;
    std::set<std::string> names_;
    std::vector<VarId> temps_;
    std::size_t temps_in_use_ = 0;
    std::vector<Frame> frames_;
    std::map<std::string, clang::SourceLocation> bodiless_;
    std::map<const clang::FunctionDecl*, VarId> results_;
    // The C branching statement whose condition is being lowered: the transitions to its
    // two targets record which way it went (for violation witnesses).
    struct BranchContext {
        SourcePlace place;
        std::optional<PointId> yes, no;
    };
    std::optional<BranchContext> branching_;
    // Loop heads met so far; their visible variables are known once lowering is done.
    struct PendingLoop {
        PointId head;
        const clang::Stmt* stmt;
        const clang::FunctionDecl* fn;
        SourcePlace place;
    };
    std::vector<PendingLoop> loops_;
    void branch_at(const clang::Stmt* s, const clang::Expr* cond, PointId yes, PointId no);
    void loop_head(PointId head, const clang::Stmt* s);
};

}  // namespace c2clp
