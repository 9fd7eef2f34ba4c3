// The checked, in-memory form of a CLP program: what every front end (CLP text, C, CHC)
// produces and what the engine consumes. Plain data; no dependency on the parser or solver.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/multiprecision/cpp_int.hpp>

namespace clpi {

// Exact rational numbers: integer constants of any size, and the decimals and fractions of
// real-domain programs. An integer constant has denominator 1.
using Number = boost::multiprecision::cpp_rational;
using Integer = boost::multiprecision::cpp_int;

// A position in the source text; line and column count from 1 (0 means "unknown").
struct SourceLoc {
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    friend bool operator==(const SourceLoc&, const SourceLoc&) = default;
};

// Index of a variable in the variable table of its clause (rule or query).
using VarId = std::uint32_t;
// Index of a predicate in Program::predicates.
using PredId = std::uint32_t;
// Index of a program point in Program::points.
using PointId = std::uint32_t;
inline constexpr PointId no_point = static_cast<PointId>(-1);

enum class Domain { integer, real };
enum class Type { integer, array };  // arrays map integers to integers

// ---- expressions and constraints -----------------------------------------------------

// const_array(V) is the array with V at every index (a C array that starts at zero).
enum class ExprKind { constant, variable, neg, add, sub, mul, div, mod, select, store, const_array };

struct Expr {
    ExprKind kind = ExprKind::constant;
    SourceLoc loc;
    Number value;            // constant
    VarId var = 0;           // variable
    std::vector<Expr> args;  // operands: 1 for neg and const_array, 2 for binary ops and select, 3 for store

    static Expr constant(Number v, SourceLoc l = {}) {
        Expr e;
        e.kind = ExprKind::constant;
        e.value = std::move(v);
        e.loc = l;
        return e;
    }
    static Expr variable(VarId v, SourceLoc l = {}) {
        Expr e;
        e.kind = ExprKind::variable;
        e.var = v;
        e.loc = l;
        return e;
    }
    static Expr op(ExprKind k, std::vector<Expr> a, SourceLoc l = {}) {
        Expr e;
        e.kind = k;
        e.args = std::move(a);
        e.loc = l;
        return e;
    }
    // The operands moved in: a braced list `{a, b}` would copy each operand's whole tree
    // (an initializer list's elements are const), once per enclosing operator.
    template <typename... Operands>
        requires(sizeof...(Operands) >= 1 && (std::is_same_v<std::remove_cvref_t<Operands>, Expr> && ...))
    static Expr op(ExprKind k, SourceLoc l, Operands&&... operands) {
        Expr e;
        e.kind = k;
        e.args.reserve(sizeof...(Operands));
        (e.args.push_back(std::forward<Operands>(operands)), ...);
        e.loc = l;
        return e;
    }
};

enum class RelOp { eq, ne, lt, le, gt, ge };

// A comparison `lhs op rhs`, or a disjunction `(c1, c2 ; c3 ; ...)`: one constraint that
// holds when the constraints of one of its cases all hold. Cases are conjunctions and may
// hold disjunctions again; an empty case is `true`. A disjunction is one cell of the
// path for the engine (one unsat-core member, one annotation), whatever its size, so a
// transition relation written as one big disjunction does not become many rules.
struct Constraint {
    RelOp op = RelOp::eq;       // a comparison (when `cases` is empty)
    Expr lhs;
    Expr rhs;
    SourceLoc loc;
    std::vector<std::vector<Constraint>> cases;  // a disjunction: two or more cases

    [[nodiscard]] bool is_disjunction() const { return !cases.empty(); }
};

// ---- atoms and clauses ---------------------------------------------------------------

// An argument of an atom: a variable, or a constant (integer or symbol). A constant in the
// first position of a "pointed" predicate names a program point; elsewhere an integer
// constant is an equality on that argument.
struct Arg {
    enum class Kind { variable, integer, symbol } kind = Kind::variable;
    VarId var = 0;        // variable
    Integer integer;      // integer constant
    std::string symbol;   // symbol constant
    SourceLoc loc;
};

struct Atom {
    PredId pred = 0;
    std::vector<Arg> args;
    SourceLoc loc;
};

struct Variable {
    std::string name;  // as written (`X`, `X'`, `_Tmp`); anonymous `_` gets `_#N`
    Type type = Type::integer;
    SourceLoc loc;     // first occurrence
};

// What the body of a rule leads to.
enum class BodyKind {
    atom,      // one body atom: a transition to another point
    terminal,  // no atom: normal end once the constraints hold
    error,     // `error` / `error(Label)` / an atom at point `error`
};

// Comments around a clause, kept so that `clpi fmt` does not lose them.
struct Trivia {
    std::vector<std::string> leading;  // whole-line comments before the clause, as written
    std::string trailing;              // a comment on the clause's last line, as written
};

struct Rule {
    Atom head;
    BodyKind body_kind = BodyKind::terminal;
    std::optional<Atom> body;           // when body_kind == atom (or an `p(error, ...)` atom)
    std::optional<std::string> label;   // error label as written (integer, string or symbol)
    std::vector<Constraint> constraints;
    std::vector<Variable> vars;         // the rule's variable table (VarId indexes it)
    SourceLoc loc;
    std::uint32_t index = 0;            // 1-based position among the rules, for messages
    Trivia trivia;

    // Filled by the checker:
    PointId head_point = no_point;
    PointId body_point = no_point;      // no_point for terminal and error bodies
};

struct Query {
    Atom atom;
    std::vector<Constraint> constraints;
    std::vector<Variable> vars;
    SourceLoc loc;
    Trivia trivia;
    PointId point = no_point;           // filled by the checker
};

// A directive as written (`:- name(p(6), "after the loop").`); its effect is also recorded
// in Program (domain, source) and Point (name, line) by the checker.
struct Directive {
    std::string name;                  // domain, name, source, line
    std::vector<std::string> args;     // arguments as canonical text (`p(6)`, `"x"`, `9`)
    SourceLoc loc;
    Trivia trivia;
};

// The order of clauses in the file, so that `clpi fmt` keeps it.
struct ClauseRef {
    enum class Kind { directive, query, rule } kind = Kind::rule;
    std::uint32_t index = 0;  // into Program::directives or Program::rules
};

// ---- predicates and points -----------------------------------------------------------

struct Predicate {
    std::string name;
    std::uint32_t arity = 0;
    SourceLoc first_use;
    // True when the first argument is a constant at every occurrence: then a program point
    // is (predicate, first argument) and the state is the remaining arguments.
    bool pointed = false;
    std::vector<Type> arg_types;  // one per argument (the first is integer when pointed)
};

struct Point {
    PredId pred = 0;
    std::optional<std::string> constant;  // the point constant as written, when pointed
    std::optional<std::string> name;      // from `:- name(p(6), "...")`
    std::optional<std::uint32_t> line;    // from `:- line(p(6), 9)`
    std::vector<std::uint32_t> rules;     // indices into Program::rules whose head is here
    std::uint32_t state_arity = 0;        // number of state arguments
    std::uint32_t first_state_arg = 0;    // 1 when pointed, else 0
};

struct Program {
    std::string file;                     // for messages; "<stdin>" for standard input
    Domain domain = Domain::integer;
    std::optional<std::string> source;    // from `:- source("lock.c")`
    std::vector<Predicate> predicates;
    std::vector<Rule> rules;
    Query query;
    std::vector<Point> points;            // filled by the checker
    std::vector<Directive> directives;
    std::vector<ClauseRef> order;         // clauses in file order
    std::vector<std::string> final_comments;  // comments after the last clause

    // "p(6)" for a pointed point, "p" otherwise: how points are named in output.
    [[nodiscard]] std::string point_label(PointId p) const;
    [[nodiscard]] std::optional<PointId> find_point(const std::string& label) const;
};

[[nodiscard]] const char* to_string(RelOp op);

// A point's label from its predicate's name and its constant (none when the predicate is not
// pointed): "p(6)" or "p". Program::point_label gives it of a point; the checker makes each
// point under it, and a directive names its point by it.
[[nodiscard]] std::string point_label(const std::string& pred, const std::optional<std::string>& constant);

}  // namespace clpi
