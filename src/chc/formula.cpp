#include "chc/formula.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>

#include <fmt/format.h>

#include "chc/elimination.hpp"
#include "chc/simplify.hpp"
#include "chc/values_tried.hpp"
#include "solver/own_variables.hpp"

namespace clpi::chc {

// ---- DNF algebra ---------------------------------------------------------------------

Dnf dnf_true() { return Dnf{Conj{}}; }

Dnf dnf_literal(std::string text, const z3::expr& meaning) {
    return Dnf{Conj{Literal{std::move(text), meaning}}};
}

namespace {
void check_size(std::size_t n) {
    if (n > max_disjuncts) {
        throw Refusal(fmt::format("the constraint has more than {} cases in disjunctive normal "
                                  "form (or and ite split into cases)",
                                  max_disjuncts));
    }
}
}  // namespace

Dnf dnf_and(const Dnf& a, const Dnf& b) {
    check_size(a.size() * b.size());
    Dnf out;
    for (const Conj& x : a) {
        for (const Conj& y : b) {
            Conj c = x;
            c.insert(c.end(), y.begin(), y.end());
            out.push_back(std::move(c));
        }
    }
    return out;
}

Dnf dnf_or(Dnf a, const Dnf& b) {
    check_size(a.size() + b.size());
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

z3::solver import_solver(z3::context& ctx) {
    z3::solver solver(ctx, z3::solver::simple());
    z3::params limits(ctx);
    limits.set("rlimit", import_check_rlimit);
    solver.set(limits);
    return solver;
}

Nested without_repeats(Nested n) {
    std::vector<bool> repeat(n.literals.size(), false);
    {
        std::set<std::string_view> seen;  // views of the texts, which stay where they are here
        for (std::size_t i = 0; i < n.literals.size(); ++i) repeat[i] = !seen.insert(n.literals[i].text).second;
    }
    std::size_t kept = 0;
    for (std::size_t i = 0; i < n.literals.size(); ++i) {
        if (repeat[i]) continue;
        if (kept != i) n.literals[kept] = std::move(n.literals[i]);
        ++kept;
    }
    n.literals.erase(n.literals.begin() + static_cast<std::ptrdiff_t>(kept), n.literals.end());
    return n;
}

// Through Z3's C API (the subterms are held by `m` meanwhile): asked of every literal of
// every rule and of every conjunct control recovery reads, where the C++ API's reference
// counts and error checks cost more than the answer.
std::optional<std::pair<z3::expr, z3::expr>> unit_of(const z3::expr& m) {
    z3::context& z3ctx = m.ctx();
    const Z3_context c = z3ctx;
    // The declaration's kind of an application, a number's included (Z3_OP_ANUM).
    auto kind = [&](Z3_ast e) {
        const Z3_ast_kind k = Z3_get_ast_kind(c, e);
        if (k != Z3_APP_AST && k != Z3_NUMERAL_AST) return Z3_OP_INTERNAL;
        return Z3_get_decl_kind(c, Z3_get_app_decl(c, Z3_to_app(c, e)));
    };
    auto sort = [&](Z3_ast e) { return Z3_get_sort_kind(c, Z3_get_sort(c, e)); };
    auto arg = [&](Z3_ast e, unsigned i) { return Z3_get_app_arg(c, Z3_to_app(c, e), i); };
    auto is_var = [&](Z3_ast e) {
        return kind(e) == Z3_OP_UNINTERPRETED && Z3_get_app_num_args(c, Z3_to_app(c, e)) == 0 &&
               (sort(e) == Z3_BOOL_SORT || sort(e) == Z3_INT_SORT);
    };
    const Z3_decl_kind k = kind(m);
    if (k == Z3_OP_UNINTERPRETED && is_var(m) && sort(m) == Z3_BOOL_SORT) return std::make_pair(m, z3ctx.bool_val(true));
    if (k == Z3_OP_NOT) {
        const Z3_ast a = arg(m, 0);
        if (is_var(a) && sort(a) == Z3_BOOL_SORT) return std::make_pair(z3::expr(z3ctx, a), z3ctx.bool_val(false));
    }
    if (k == Z3_OP_EQ && Z3_get_app_num_args(c, Z3_to_app(c, m)) == 2) {
        for (unsigned side = 0; side < 2; ++side) {
            const Z3_ast v = arg(m, side);
            const Z3_ast value = arg(m, 1 - side);
            const bool constant = sort(v) == Z3_INT_SORT ? Z3_get_ast_kind(c, value) == Z3_NUMERAL_AST
                                                         : kind(value) == Z3_OP_TRUE || kind(value) == Z3_OP_FALSE;
            if (is_var(v) && constant) return std::make_pair(z3::expr(z3ctx, v), z3::expr(z3ctx, value));
        }
    }
    return std::nullopt;
}

struct UnitShapes::Table {
    // What a literal's formula is, read off Z3 once: each round asks again of every
    // literal, and Z3's API, a call and an error check per question, cost more than the
    // answers (a Lustre problem's rules ask of thousands).
    struct Side {  // an Int term: a number, or a constant a unit may give a value
        bool number = false;
        std::int64_t value = 0;
        std::optional<unsigned> constant;
        // A constant, or a constant plus a number (`99 + o`): the constant, and the number.
        std::optional<unsigned> shifted;
        std::int64_t shift = 0;
        // Any Int term but a number (a constant, `B mod 2`, `x + y`): its id.
        std::optional<unsigned> term;
    };
    struct Shape {
        // bool_equal: `a = b` or `a != b` (op) of two Bool constants (lhs.constant, rhs.constant).
        enum class Kind { open, negation, unit, comparison, bool_equal } kind = Kind::open;
        std::optional<std::pair<z3::expr, z3::expr>> unit;  // unit_of the formula
        const Shape* negated = nullptr;                     // of a negation
        Z3_decl_kind op = Z3_OP_UNINTERPRETED;              // of a comparison
        Side lhs, rhs;
    };
    static bool is_bool_constant(const z3::expr& t) {
        return t.is_const() && t.is_bool() && t.decl().decl_kind() == Z3_OP_UNINTERPRETED;
    }
    // A number, or the negation of one (SMT-LIB writes -1 as `(- 1)`).
    static bool int_value(const z3::expr& t, std::int64_t& v) {
        if (t.is_numeral_i64(v)) return true;
        if (!t.is_app() || t.decl().decl_kind() != Z3_OP_UMINUS || !t.arg(0).is_numeral_i64(v)) return false;
        if (v == std::numeric_limits<std::int64_t>::min()) return false;
        v = -v;
        return true;
    }
    static Side side(const z3::expr& t) {
        Side s;
        std::int64_t v = 0;
        if (int_value(t, v)) {
            s.number = true;
            s.value = v;
            return s;
        }
        if (!t.is_numeral()) s.term = t.id();
        if (t.is_const()) {
            s.constant = t.id();
            s.shifted = t.id();
        } else if (t.is_app() && t.decl().decl_kind() == Z3_OP_ADD && t.num_args() == 2) {
            for (unsigned i = 0; i < 2; ++i) {
                const z3::expr other = t.arg(1 - i);
                if (int_value(t.arg(i), v) && other.is_const() && !other.is_numeral()) {
                    s.shifted = other.id();
                    s.shift = v;
                }
            }
        } else if (t.is_app() && t.decl().decl_kind() == Z3_OP_SUB && t.num_args() == 2 && t.arg(0).is_const() &&
                   !t.arg(0).is_numeral() && int_value(t.arg(1), v) && v != std::numeric_limits<std::int64_t>::min()) {
            s.shifted = t.arg(0).id();  // `x - 1`
            s.shift = -v;
        }
        return s;
    }

    const Shape& shape(const z3::expr& m) {
        // By the term itself, which the table keeps alive: no call to Z3 for its id (a
        // lookup for each literal in each round of unit propagation).
        const Z3_ast key = m;
        if (auto found = shapes.find(key); found != shapes.end()) return found->second.second;
        Shape s;
        s.unit = unit_of(m);
        if (m.is_not()) {
            s.kind = Shape::Kind::negation;
            s.negated = &shape(m.arg(0));  // the map's elements stay where they are
        } else if (s.unit) {
            s.kind = Shape::Kind::unit;
        } else if (m.is_app() && m.num_args() == 2 && m.arg(0).is_bool() && is_bool_constant(m.arg(0)) &&
                   is_bool_constant(m.arg(1)) &&
                   (m.decl().decl_kind() == Z3_OP_EQ || m.decl().decl_kind() == Z3_OP_DISTINCT)) {
            s.kind = Shape::Kind::bool_equal;
            s.op = m.decl().decl_kind();
            s.lhs.constant = m.arg(0).id();
            s.rhs.constant = m.arg(1).id();
        } else if (m.is_app() && m.num_args() == 2 && m.arg(0).is_int()) {
            switch (m.decl().decl_kind()) {
            case Z3_OP_LE: case Z3_OP_LT: case Z3_OP_GE: case Z3_OP_GT: case Z3_OP_EQ: case Z3_OP_DISTINCT:
                s.kind = Shape::Kind::comparison;
                s.op = m.decl().decl_kind();
                s.lhs = side(m.arg(0));
                s.rhs = side(m.arg(1));
                break;
            default: break;
            }
        }
        return shapes.emplace(key, std::make_pair(m, std::move(s))).first->second.second;
    }

    // A formula -> the formula (kept alive, so that no other takes its place or its id,
    // nor the id of a constant or value its shape names) and its shape.
    std::unordered_map<Z3_ast, std::pair<z3::expr, Shape>> shapes;
};

namespace {

using Shape = UnitShapes::Table::Shape;

// The shape under a literal's negations, and whether they leave it positive.
std::pair<const Shape*, bool> under_negations(const Shape& shape) {
    const Shape* s = &shape;
    bool positive = true;
    while (s->kind == Shape::Kind::negation) {
        positive = !positive;
        s = s->negated;
    }
    return {s, positive};
}

// `a op b` of two numbers, op one of < =< > >= = != (nothing for another).
std::optional<bool> compare_numbers(Z3_decl_kind op, std::int64_t a, std::int64_t b) {
    switch (op) {
    case Z3_OP_LE: return a <= b;
    case Z3_OP_LT: return a < b;
    case Z3_OP_GE: return a >= b;
    case Z3_OP_GT: return a > b;
    case Z3_OP_EQ: return a == b;
    case Z3_OP_DISTINCT: return a != b;
    default: return std::nullopt;
    }
}

// Bool variables that literals equate or tell apart (`L = J`, `M = L`, `E != D`): each class
// of them is one variable up to negation, a variable's value fixing the others'. A
// union-find with a parity on its links, and the value the units give each class.
class BoolClasses {
public:
    // Joins the variables of `s` (a bool_equal shape, `positive` as under_negations says);
    // false when they are joined already the other way (`L = J, M = L, M != J`).
    bool join(const Shape& s, bool positive) {
        const bool differs = positive == (s.op == Z3_OP_DISTINCT);
        const auto [ra, pa] = find(*s.lhs.constant);
        const auto [rb, pb] = find(*s.rhs.constant);
        const bool apart = differs != (pa != pb);  // ra and rb differ by this
        if (ra == rb) return !apart;
        parent_[ra] = {rb, apart};
        ++links_;
        return true;
    }
    // Variable v takes `value` (a unit); false when its class has the other value already.
    bool take(unsigned v, bool value) {
        const auto [r, p] = find(v);
        auto [it, fresh] = root_value_.try_emplace(r, value != p);
        return fresh || it->second == (value != p);
    }
    // v's root, and whether v is the root's negation.
    std::pair<unsigned, bool> find(unsigned v) const {
        bool parity = false;
        for (auto it = parent_.find(v); it != parent_.end(); it = parent_.find(v)) {
            parity = parity != it->second.second;
            v = it->second.first;
        }
        return std::make_pair(v, parity);
    }
    std::size_t links() const { return links_; }

private:
    std::unordered_map<unsigned, std::pair<unsigned, bool>> parent_;  // var -> (parent, differs)
    std::unordered_map<unsigned, bool> root_value_;
    std::size_t links_ = 0;
};

class UnitPropagation {
public:
    explicit UnitPropagation(UnitShapes::Table& table) : table_(table) {}

    // Reduces `n` under the units (its own added first); false when it cannot hold.
    bool run(Nested& n) {
        for (bool first = true;; first = false) {
            const std::size_t known = known_.size();
            for (const Literal& l : n.literals) {
                if (!learn(l.meaning)) return false;
            }
            if (known_.size() == known && !first) return true;  // no unit came from a lone case
            if (known_.empty()) return true;                    // nothing to decide by
            if (!bool_classes_hold(n)) return false;
            if (!reduce(n)) return false;
        }
    }

private:
    enum class Truth { open, holds, fails };

    struct Known {  // a variable's value, and the number it is
        z3::expr value;
        std::optional<std::int64_t> number;
    };

    using Shape = UnitShapes::Table::Shape;
    using Side = UnitShapes::Table::Side;

    const Shape& shape(const z3::expr& m) { return table_.shape(m); }
    const std::optional<std::pair<z3::expr, z3::expr>>& unit(const z3::expr& m) { return shape(m).unit; }

    // Whether the Bool variables that `n`'s literals equate or tell apart (`L = J`, `M = L`,
    // `E != D`) can take the values the units give them: each class of them, a variable's
    // value fixing the others', gets one value from all its units (J = 0 and M = 1 above
    // cannot both hold). Only says when the literals cannot hold: the equations stay in
    // the rule, as they are.
    bool bool_classes_hold(const Nested& n) {
        BoolClasses classes;
        for (const Literal& l : n.literals) {
            const auto [s, positive] = under_negations(shape(l.meaning));
            if (s->kind == Shape::Kind::bool_equal && !classes.join(*s, positive)) return false;
        }
        if (classes.links() == 0) return true;
        for (const auto& [var, k] : known_) {
            if (k.value.is_bool() && !classes.take(var, k.value.is_true())) return false;
        }
        return true;
    }

    // Adds a unit; false when it contradicts one known.
    bool learn(const z3::expr& meaning) {
        const std::optional<std::pair<z3::expr, z3::expr>>& u = unit(meaning);
        if (!u) return true;
        const unsigned var = u->first.id();
        if (auto it = known_.find(var); it != known_.end()) {
            return it->second.value.id() == u->second.id();  // numerals and true/false are shared terms
        }
        std::int64_t v = 0;
        const bool number = u->second.is_numeral_i64(v);
        known_.emplace(var, Known{u->second, number ? std::optional<std::int64_t>(v) : std::nullopt});
        return true;
    }

    // An Int term's value when it is a number, or a variable a unit gives one.
    std::optional<std::int64_t> number(const Side& s) const {
        if (s.number) return s.value;
        if (s.constant) {
            auto it = known_.find(*s.constant);
            if (it != known_.end()) return it->second.number;
        }
        return std::nullopt;
    }

    // What the units make of a literal: a unit on a variable they give a value, its
    // negation, or a comparison of two numbers once they are substituted; open otherwise.
    // (Decided by hand: Z3's simplifier, made anew at each call, tripled the import's time
    // on Lustre problems.)
    Truth truth(const z3::expr& m) {
        if (known_.empty()) return Truth::open;
        return truth(shape(m));
    }

    Truth truth(const Shape& s) const {
        switch (s.kind) {
        case Shape::Kind::open: return Truth::open;
        case Shape::Kind::negation: {
            const Truth t = truth(*s.negated);
            return t == Truth::holds ? Truth::fails : t == Truth::fails ? Truth::holds : Truth::open;
        }
        case Shape::Kind::unit: {
            auto it = known_.find(s.unit->first.id());
            if (it == known_.end()) return Truth::open;
            return it->second.value.id() == s.unit->second.id() ? Truth::holds : Truth::fails;
        }
        case Shape::Kind::bool_equal: {
            // Two Bool variables the units both give a value (`s = r`, `r`, `not s`).
            auto a = known_.find(*s.lhs.constant), b = known_.find(*s.rhs.constant);
            if (a == known_.end() || b == known_.end()) return Truth::open;
            const bool same = a->second.value.id() == b->second.value.id();
            return same == (s.op == Z3_OP_EQ) ? Truth::holds : Truth::fails;
        }
        case Shape::Kind::comparison: break;
        }
        const std::optional<std::int64_t> a = number(s.lhs), b = number(s.rhs);
        if (!a || !b) return Truth::open;
        const std::optional<bool> r = compare_numbers(s.op, *a, *b);
        if (!r) return Truth::open;
        return *r ? Truth::holds : Truth::fails;
    }

    // The literals that the units leave open and the disjunctions reduced; the cases that
    // single disjunctions leave are merged in (their units are learnt at the next round).
    // At the top the units stay, as what the rest was reduced by; a case's units are its own
    // and only decide it (by the units outside it).
    // Reduced in place (its constraints moved, not copied); false when it cannot hold, and
    // `n` is then left in some valid state.
    bool reduce(Nested& n, bool top = true) {
        std::size_t kept = 0;
        for (Literal& l : n.literals) {
            if (!(top && unit(l.meaning))) {
                const Truth t = truth(l.meaning);
                if (t == Truth::fails) return false;
                if (t == Truth::holds) continue;
            }
            if (&n.literals[kept] != &l) n.literals[kept] = std::move(l);
            ++kept;
        }
        n.literals.erase(n.literals.begin() + static_cast<std::ptrdiff_t>(kept), n.literals.end());
        std::vector<std::vector<Nested>> disjunctions = std::move(n.disjunctions);
        n.disjunctions.clear();
        n.disjunctions.reserve(disjunctions.size());
        for (std::vector<Nested>& cases : disjunctions) {
            // The cases left, kept in place (a case that cannot hold goes; one that holds
            // makes the disjunction true): most rounds change none of them, and a vector made
            // anew for each disjunction at each round was a fifth of unit propagation's
            // instructions on hcai O3 terminator_02 (1.60 M, 1.28 M without).
            std::size_t left = 0;
            bool holds = false;
            for (std::size_t i = 0; i < cases.size(); ++i) {
                if (!reduce(cases[i], false)) continue;
                holds = cases[i].is_true();
                if (holds) break;
                if (left != i) cases[left] = std::move(cases[i]);
                ++left;
            }
            if (holds) continue;
            if (left == 0) return false;
            cases.erase(cases.begin() + static_cast<std::ptrdiff_t>(left), cases.end());
            if (left == 1) {
                nested_and(n, std::move(cases[0]));
            } else {
                n.disjunctions.push_back(std::move(cases));
            }
        }
        return true;
    }

    // A variable's ast id -> its value. The variables stay alive in the literals' meanings,
    // so no other term takes their ids.
    std::map<unsigned, Known> known_;
    UnitShapes::Table& table_;
};

}  // namespace

// The largest conjunction (in distinct terms) whose definitions decided_at_sight eliminates.
constexpr std::size_t max_eliminated_nodes = 400;

std::optional<bool> decided_at_sight(const z3::expr& reduced, SightConjuncts& sight, bool own_variables_tried) {
    std::vector<z3::expr> parts;
    flatten_and(reduced, parts);
    const Z3_context c = reduced.ctx();
    if (std::any_of(parts.begin(), parts.end(), [&](const z3::expr& e) { return Z3_get_bool_value(c, e) == Z3_L_FALSE; })) {
        return false;
    }
    auto own_variables = [&sight](const std::vector<z3::expr>& conjuncts) {
        // A conjunct said twice is read once: a repeated unit (`not l`, the step's and the
        // flag's) has its variable in two conjuncts, its own in neither (of the 16 checks
        // Lustre hysteresis_3's import asked Z3 before, this settles 4; the elimination
        // below, the other 12).
        std::vector<unsigned> seen;
        std::vector<const solver::Conjunct*> refs;
        for (const z3::expr& part : conjuncts) {
            const unsigned id = part.id();
            if (std::find(seen.begin(), seen.end(), id) != seen.end()) continue;
            seen.push_back(id);
            for (const solver::Conjunct& conjunct : sight.read(part)) refs.push_back(&conjunct);
        }
        return solver::satisfiable_by_own_variables(refs);
    };
    if (!own_variables_tried && own_variables(parts)) return true;
    // Then once the variables that conjuncts define are eliminated (elimination.hpp): a
    // check Z3 would be asked costs more, the first of a process a millisecond and more.
    // Not for a large conjunction (a Lustre program's step with its disjunctions): each
    // round runs Z3's simplifier on the whole of it, and Z3's checks after the first cost
    // a few tenths of a millisecond (on Lustre hysteresis_3, eliminations that save 16
    // checks cost about what those did).
    std::size_t terms = 0;
    if (!each_term(reduced, [&](Z3_ast) { return ++terms <= max_eliminated_nodes; })) return std::nullopt;
    std::vector<z3::expr> rest;
    if (!eliminate_definitions(reduced, rest)) return false;
    if (own_variables(rest) || satisfied_by_values_tried(rest, sight)) return true;
    return std::nullopt;
}

UnitShapes::UnitShapes() : table_(std::make_unique<Table>()) {}
UnitShapes::~UnitShapes() = default;

bool propagate_units(Nested& n, UnitShapes& shapes) {
    return UnitPropagation(shapes.table()).run(n);
}

namespace {

// Whether the literals and disjunctions of `n` hold together by variables of their own: the
// literals are read one by one, so that no formula of the whole is made for what this
// decides. The literals `left_out` marks are not counted; with `literals_only`, nor are the
// disjunctions.
bool satisfiable_at_sight(const Nested& n, z3::context& ctx, SightConjuncts& sight,
                          const std::vector<bool>* left_out = nullptr, bool literals_only = false) {
    std::vector<const solver::Conjunct*> refs;
    for (std::size_t i = 0; i < n.literals.size(); ++i) {
        if (left_out != nullptr && (*left_out)[i]) continue;
        for (const solver::Conjunct& c : sight.read(n.literals[i].meaning)) refs.push_back(&c);
    }
    std::vector<solver::Conjunct> parts;  // of the disjunctions, read each time
    for (const std::vector<Nested>& cases : n.disjunctions) {
        if (literals_only) break;
        Nested one;
        one.disjunctions.push_back(cases);
        solver::append_conjuncts(nested_meaning(one, ctx), true, parts);
    }
    for (const solver::Conjunct& c : parts) refs.push_back(&c);
    return solver::satisfiable_by_own_variables(refs);
}

// A literal that compares an Int variable with a number: `var op number`, op one of
// Z3_OP_LT, LE, GT, GE, EQ, DISTINCT.
struct Comparison {
    unsigned var = 0;
    Z3_decl_kind op = Z3_OP_EQ;
    std::int64_t number = 0;
};

// The integers an Int variable may take, by the literals that compare it with numbers
// (`x < 3`, `0 != x`, `x = 0`): an interval, with holes.
struct Range {
    std::optional<std::int64_t> lo, hi;
    std::set<std::int64_t> holes;

    void at_least(std::int64_t v) {
        if (!lo || v > *lo) lo = v;
    }
    void at_most(std::int64_t v) {
        if (!hi || v < *hi) hi = v;
    }
    void take(const Comparison& c) {
        switch (c.op) {
        case Z3_OP_LT: at_most(c.number - 1); break;  // (c.number is not the least: comparison_of)
        case Z3_OP_LE: at_most(c.number); break;
        case Z3_OP_GT: at_least(c.number + 1); break;
        case Z3_OP_GE: at_least(c.number); break;
        case Z3_OP_EQ:
            at_least(c.number);
            at_most(c.number);
            break;
        default: holes.insert(c.number); break;
        }
    }
    // Whether more than `n` integers are left. (Unbounded on a side, infinitely many are.)
    bool more_than(std::size_t n) const {
        if (!lo || !hi) return true;
        if (*lo > *hi) return false;
        const std::uint64_t width = static_cast<std::uint64_t>(*hi) - static_cast<std::uint64_t>(*lo);
        const auto inside = static_cast<std::uint64_t>(std::distance(holes.lower_bound(*lo), holes.upper_bound(*hi)));
        // width + 1 - inside integers: more than n when width - inside >= n
        return width >= inside && width - inside >= n;
    }
    // No integer left. (Unbounded on a side, infinitely many are, and finitely many holes.)
    bool empty() const {
        if (!lo || !hi) return false;
        if (*lo > *hi) return true;
        const auto inside = std::distance(holes.lower_bound(*lo), holes.upper_bound(*hi));
        // hi - lo, exact in unsigned arithmetic (it is at most 2^64 - 1)
        const std::uint64_t width = static_cast<std::uint64_t>(*hi) - static_cast<std::uint64_t>(*lo);
        return width < static_cast<std::uint64_t>(inside);
    }
};

// The comparison that holds when `a op b` does not (op one of < =< > >= = !=).
Z3_decl_kind negated_op(Z3_decl_kind op) {
    switch (op) {
    case Z3_OP_LT: return Z3_OP_GE;
    case Z3_OP_LE: return Z3_OP_GT;
    case Z3_OP_GT: return Z3_OP_LE;
    case Z3_OP_GE: return Z3_OP_LT;
    case Z3_OP_EQ: return Z3_OP_DISTINCT;
    default: return Z3_OP_EQ;  // of distinct
    }
}

// The comparison `b op' a` that says what `a op b` does.
Z3_decl_kind mirrored_op(Z3_decl_kind op) {
    switch (op) {
    case Z3_OP_LT: return Z3_OP_GT;
    case Z3_OP_LE: return Z3_OP_GE;
    case Z3_OP_GT: return Z3_OP_LT;
    case Z3_OP_GE: return Z3_OP_LE;
    default: return op;  // = and != are symmetric
    }
}

// A literal's shape (UnitShapes::Table) as `x op number`, x an Int variable (with
// `any_term`, any Int term: `B mod 2`), op one of < =< > >= = !=; nothing when it is not one.
std::optional<Comparison> comparison_of(const Shape& shape, bool any_term = false) {
    const auto [s, positive] = under_negations(shape);
    Comparison c{};
    if (s->kind == Shape::Kind::unit) {  // `x = number` (or a Bool unit: not a comparison)
        if (!s->unit->first.is_int() || !s->unit->second.is_numeral_i64(c.number)) return std::nullopt;
        c.var = s->unit->first.id();
        c.op = Z3_OP_EQ;
    } else if (s->kind == Shape::Kind::comparison && (any_term ? s->lhs.term : s->lhs.constant) && s->rhs.number) {
        c = Comparison{any_term ? *s->lhs.term : *s->lhs.constant, s->op, s->rhs.value};
    } else if (s->kind == Shape::Kind::comparison && (any_term ? s->rhs.term : s->rhs.constant) && s->lhs.number) {
        // number op x is x op' number
        c = Comparison{any_term ? *s->rhs.term : *s->rhs.constant, mirrored_op(s->op), s->lhs.value};
    } else {
        return std::nullopt;
    }
    if (!positive) c.op = negated_op(c.op);
    if ((c.op == Z3_OP_LT && c.number == std::numeric_limits<std::int64_t>::min()) ||
        (c.op == Z3_OP_GT && c.number == std::numeric_limits<std::int64_t>::max())) {
        return std::nullopt;
    }
    return c;
}

// A literal's shape as a comparison of two Int terms but numbers, `a op b`, said of their
// difference: the pair (a, b) with a the term of the smaller id, and `a - b op 0`.
std::optional<std::pair<std::pair<unsigned, unsigned>, Comparison>> difference_of(const Shape& shape) {
    const auto [s, positive] = under_negations(shape);
    if (s->kind != Shape::Kind::comparison || !s->lhs.term || !s->rhs.term) return std::nullopt;
    Comparison c{0, s->op, 0};
    if (!positive) c.op = negated_op(c.op);
    unsigned a = *s->lhs.term, b = *s->rhs.term;
    if (a > b) {  // b op' a
        std::swap(a, b);
        c.op = mirrored_op(c.op);
    }
    return std::make_pair(std::make_pair(a, b), c);
}

// A comparison of two numbers, evaluated; nothing for any other shape.
std::optional<bool> numbers_compared(const Shape& shape) {
    const auto [s, positive] = under_negations(shape);
    if (s->kind != Shape::Kind::comparison || !s->lhs.number || !s->rhs.number) return std::nullopt;
    const std::optional<bool> r = compare_numbers(s->op, s->lhs.value, s->rhs.value);
    if (!r) return std::nullopt;
    return *r == positive;
}

// Int variables joined by equations `x + a = y + b` (a, b numbers): each is its class's
// root variable plus a number. A union-find with those numbers on its links.
class Shifts {
public:
    // Joins by `x + a = y + b`; false when the two are joined already with another
    // difference (`x = y + 1, y = x`: no integers satisfy both). An equation whose numbers
    // would overflow is left out (a fact fewer: nothing is concluded from it).
    // `kept` says whether the equation is now one of the links (or follows from them).
    bool join(unsigned x, std::int64_t a, unsigned y, std::int64_t b, bool& kept) {
        kept = false;
        const auto fx = find(x), fy = find(y);
        if (!fx || !fy) return true;
        const auto [rx, ox] = *fx;  // x = rx + ox
        const auto [ry, oy] = *fy;  // y = ry + oy
        // rx + ox + a = ry + oy + b, so rx = ry + (oy + b - ox - a)
        std::int64_t d = 0;
        if (__builtin_add_overflow(oy, b, &d) || __builtin_sub_overflow(d, ox, &d) ||
            __builtin_sub_overflow(d, a, &d)) {
            return true;
        }
        kept = true;
        if (rx == ry) return d == 0;
        parent_[rx] = {ry, d};
        return true;
    }
    // x's root (x itself when no link leaves it); nothing when the offset overflows.
    std::optional<unsigned> root(unsigned x) const {
        const auto f = find(x);
        if (!f) return std::nullopt;
        return f->first;
    }
    // `c` said of its variable's root: `x op k` with x = r + o is `r op k - o`.
    std::optional<Comparison> of_root(Comparison c) const {
        const auto f = find(c.var);
        if (!f) return std::nullopt;
        const auto [r, o] = *f;
        std::int64_t k = 0;
        if (__builtin_sub_overflow(c.number, o, &k)) return std::nullopt;
        if ((c.op == Z3_OP_LT && k == std::numeric_limits<std::int64_t>::min()) ||
            (c.op == Z3_OP_GT && k == std::numeric_limits<std::int64_t>::max())) {
            return std::nullopt;  // (as comparison_of: Range::take needs k - 1 or k + 1)
        }
        return Comparison{r, c.op, k};
    }

private:
    // x's root and x - root; nothing when that overflows. (No path compression: a case
    // has tens of equations.)
    std::optional<std::pair<unsigned, std::int64_t>> find(unsigned x) const {
        std::int64_t offset = 0;
        for (auto it = parent_.find(x); it != parent_.end(); it = parent_.find(x)) {
            if (__builtin_add_overflow(offset, it->second.second, &offset)) return std::nullopt;
            x = it->second.first;
        }
        return std::make_pair(x, offset);
    }
    std::unordered_map<unsigned, std::pair<unsigned, std::int64_t>> parent_;  // x = p + d
};

// Whether `n`'s literals (read by satisfiable_at_sight; its disjunctions are not read) hold,
// when their comparisons of single variables with numbers decide it: false when they
// leave a variable no integer (`x >= 3, x =< 0`; `x = 0, 0 != x`), or a term, or the
// difference of two terms (below); true when the rest holds by variables of their own, each
// variable's bounds taken as one constraint it satisfies alone (a value of its range).
// Nothing when neither shows. The cases of a split are
// often so: a branch's condition on a variable beside the guard of the block it goes to
// (hopv inductive6-3 asked Z3 of 8 such cases, two of them twice).
std::optional<bool> decided_by_ranges(const Nested& n, SightConjuncts& sight,
                                      UnitShapes& shapes) {
    // Equations of two variables, one shifted by a number (`x = y`, `f = 99 + o`: a
    // compiler's copies and increments), make the variables they join one variable shifted,
    // and their bounds bounds of one range: `s = r, r = o, s =< 99, 100 =< o` cannot hold
    // (hcai O3 terminator_02's import asked Z3 six such cases, none of which could).
    Shifts shifts;
    std::vector<char> linked(n.literals.size(), 0);  // the equations that are links
    for (std::size_t i = 0; i < n.literals.size(); ++i) {
        const UnitShapes::Table::Shape& s = shapes.table().shape(n.literals[i].meaning);
        if (s.kind != UnitShapes::Table::Shape::Kind::comparison || s.op != Z3_OP_EQ) continue;
        if (!s.lhs.shifted || !s.rhs.shifted) continue;
        bool kept = false;
        if (!shifts.join(*s.lhs.shifted, s.lhs.shift, *s.rhs.shifted, s.rhs.shift, kept)) return false;
        linked[i] = kept ? 1 : 0;
    }
    std::map<unsigned, Range> ranges;
    std::map<unsigned, Range> joined;  // by the variable each is shifted from
    std::vector<std::optional<Comparison>> compared(n.literals.size());
    for (std::size_t i = 0; i < n.literals.size(); ++i) {
        compared[i] = comparison_of(shapes.table().shape(n.literals[i].meaning));
        if (!compared[i]) continue;
        ranges[compared[i]->var].take(*compared[i]);
        if (std::optional<Comparison> c = shifts.of_root(*compared[i])) joined[c->var].take(*c);
    }
    // A term other than a variable (`B mod 2`) compared with numbers both ways (a case of a
    // split taken from two `ite`s on the same condition, `B mod 2 = 0, B mod 2 != 0`) has a
    // range too: empty, and the case cannot hold.
    // Two terms compared both ways (`D = E, D != E`; `x < y, y =< x`) leave their
    // difference no integer; a comparison of two numbers left by a translation (`0 = 1`)
    // decides itself.
    std::map<unsigned, Range> terms;
    std::map<std::pair<unsigned, unsigned>, Range> differences;  // of lhs - rhs, by (lhs, rhs)
    for (const Literal& l : n.literals) {
        const UnitShapes::Table::Shape& s = shapes.table().shape(l.meaning);
        if (std::optional<Comparison> c = comparison_of(s, true)) {
            Range& r = terms[c->var];
            r.take(*c);
            if (r.empty()) return false;
        } else if (std::optional<std::pair<std::pair<unsigned, unsigned>, Comparison>> d = difference_of(s)) {
            Range& r = differences[d->first];
            r.take(d->second);
            if (r.empty()) return false;
        } else if (std::optional<bool> v = numbers_compared(s); v && !*v) {
            return false;
        }
    }
    for (const auto& [var, range] : joined) {
        if (range.empty()) return false;
    }
    for (const auto& [var, range] : ranges) {
        if (range.empty()) return false;
    }
    // The variables that links join, with their links and their bounds, hold together when
    // the range of their root keeps an integer (the root takes one, each variable its shift
    // of it): one conjunct that its variables satisfy together, once no other mentions them
    // (`X != 0, X = N, N = H, H = D - 1, D > 0`: D = 2). A variable's bounds alone are such a
    // conjunct of one variable (`A >= 7500, A >= 12500` beside `C = 1 + A`: C, then A). With
    // the other literals, read as satisfiable_at_sight reads them, the test of variables of
    // their own then decides.
    std::map<unsigned, std::vector<unsigned>> classes;  // root -> the variables it holds here
    std::vector<char> in_class(n.literals.size(), 0);
    for (std::size_t i = 0; i < n.literals.size(); ++i) {
        std::vector<unsigned> vars;
        if (linked[i]) {
            const UnitShapes::Table::Shape& s = shapes.table().shape(n.literals[i].meaning);
            vars = {*s.lhs.shifted, *s.rhs.shifted};
        } else if (compared[i] && shifts.of_root(*compared[i])) {  // (a bound its root's range took)
            vars = {compared[i]->var};
        } else {
            continue;
        }
        const std::optional<unsigned> r = shifts.root(vars[0]);
        if (!r) continue;  // (an offset that overflows: read as it is)
        in_class[i] = 1;
        classes[*r].insert(classes[*r].end(), vars.begin(), vars.end());
    }
    // Bool variables that literals equate or tell apart (`L = J`, `M = L`) are one
    // variable up to negation: with their units (`J`, `M`), one conjunct that the class's
    // variables satisfy whatever the rest, when the units give its root one value (else the
    // case cannot hold).
    BoolClasses bools;
    std::set<unsigned> bool_members;
    for (std::size_t i = 0; i < n.literals.size(); ++i) {
        const auto [s, positive] = under_negations(shapes.table().shape(n.literals[i].meaning));
        if (s->kind != UnitShapes::Table::Shape::Kind::bool_equal) continue;
        if (!bools.join(*s, positive)) return false;
        bool_members.insert({*s->lhs.constant, *s->rhs.constant});
        in_class[i] = 1;
    }
    for (std::size_t i = 0; i < n.literals.size() && !bool_members.empty(); ++i) {
        const auto& u = shapes.table().shape(n.literals[i].meaning).unit;
        if (!u || !u->first.is_bool() || bool_members.count(u->first.id()) == 0) continue;
        if (!bools.take(u->first.id(), u->second.is_true())) return false;
        in_class[i] = 1;
    }
    if (classes.empty() && bool_members.empty()) return std::nullopt;
    for (unsigned v : bool_members) classes[bools.find(v).first].push_back(v);
    for (auto& [root, vars] : classes) {
        std::sort(vars.begin(), vars.end());
        vars.erase(std::unique(vars.begin(), vars.end()), vars.end());
    }
    // A disequality `x != t` (`D != E` beside `0 =< D`; `x + 1 != t`) of a variable of a
    // class, t free of the class's variables, takes at most one value of the root away,
    // whatever t is: the class holds it with its links and bounds when its root's range
    // keeps more integers than such disequalities. They join its conjunct, which the class's
    // variables then satisfy whatever the values of the t's (hcai's `B != C, C = A mod 2,
    // 0 =< B`: B's class first, then C, then A).
    std::map<unsigned, std::vector<unsigned>> others;  // root -> the variables of its t's
    std::map<unsigned, std::size_t> taken;              // root -> its disequalities
    for (std::size_t i = 0; i < n.literals.size(); ++i) {
        if (in_class[i]) continue;
        const auto [s, positive] = under_negations(shapes.table().shape(n.literals[i].meaning));
        if (s->kind != UnitShapes::Table::Shape::Kind::comparison) continue;
        if (s->op != (positive ? Z3_OP_DISTINCT : Z3_OP_EQ)) continue;
        z3::expr atom = n.literals[i].meaning;
        while (atom.is_not()) atom = atom.arg(0);
        for (int side = 0; side < 2; ++side) {
            const std::optional<unsigned>& x = (side == 0 ? s->lhs : s->rhs).shifted;
            if (!x) continue;
            const std::optional<unsigned> r = shifts.root(*x);
            auto cls = r ? classes.find(*r) : classes.end();
            if (cls == classes.end()) continue;
            std::set<unsigned> in_t;  // the constants of the other side (simplify.hpp)
            constants_of(atom.arg(side == 0 ? 1u : 0u), in_t);
            const bool apart = std::none_of(in_t.begin(), in_t.end(), [&](unsigned v) {
                return std::binary_search(cls->second.begin(), cls->second.end(), v);
            });
            auto range = joined.find(*r);
            const bool room = range == joined.end() || range->second.more_than(taken[*r] + 1);
            if (!apart || !room) continue;
            ++taken[*r];
            others[*r].insert(others[*r].end(), in_t.begin(), in_t.end());
            in_class[i] = 1;
            break;
        }
    }
    std::vector<const solver::Conjunct*> refs;
    for (std::size_t i = 0; i < n.literals.size(); ++i) {
        if (in_class[i]) continue;
        for (const solver::Conjunct& c : sight.of.at(static_cast<Z3_ast>(n.literals[i].meaning)).second) refs.push_back(&c);
    }
    std::vector<solver::Conjunct> groups;
    groups.reserve(classes.size());
    for (auto& [root, vars] : classes) {
        // Satisfied by the class's variables, whatever the values of the t's.
        std::vector<unsigned> all = vars;
        if (auto o = others.find(root); o != others.end()) {
            all.insert(all.end(), o->second.begin(), o->second.end());
            std::sort(all.begin(), all.end());
            all.erase(std::unique(all.begin(), all.end()), all.end());
        }
        groups.push_back(solver::Conjunct{all, vars, false, true});
    }
    for (const solver::Conjunct& c : groups) refs.push_back(&c);
    if (solver::satisfiable_by_own_variables(refs)) return true;
    return std::nullopt;
}

}  // namespace

std::optional<Nested> satisfiable(Nested n, z3::solver& solver, SightConjuncts& sight,
                                  UnitShapes& shapes, const std::function<void()>& before_check) {
    Nested unique = without_repeats(std::move(n));
    if (satisfiable_at_sight(unique, solver.ctx(), sight)) return unique;
    std::vector<unsigned> key;
    if (unique.disjunctions.empty()) {
        if (std::optional<bool> holds = decided_by_ranges(unique, sight, shapes)) {
            if (!*holds) return std::nullopt;
            return unique;
        }
        // The same case again (two splits of a clause can leave it): Z3's answer before.
        for (const Literal& l : unique.literals) key.push_back(l.meaning.id());  // held by sight.of
        std::sort(key.begin(), key.end());
        if (auto found = sight.answers.find(key); found != sight.answers.end()) {
            if (!found->second) return std::nullopt;
            return unique;
        }
    }
    // (satisfiable_at_sight above has tried variables of their own on these conjuncts.)
    const z3::expr meaning = nested_meaning(unique, solver.ctx());
    if (std::optional<bool> seen = decided_at_sight(meaning, sight, true)) {
        if (!key.empty()) sight.answers.emplace(std::move(key), *seen);
        if (!*seen) return std::nullopt;
        return unique;
    }
    if (before_check) before_check();
    solver.push();
    solver.add(meaning);
    bool holds = solver.check() != z3::unsat;
    solver.pop();
    if (!key.empty()) sight.answers.emplace(std::move(key), holds);
    if (!holds) return std::nullopt;
    return unique;
}

bool cannot_hold_at_sight(const Nested& n, z3::context& ctx, SightConjuncts& sight, UnitShapes& shapes) {
    // The literals alone (what cannot hold without the disjunctions cannot with them; the
    // ranges read the literals only).
    if (satisfiable_at_sight(n, ctx, sight, nullptr, true)) return false;
    const std::optional<bool> holds = decided_by_ranges(n, sight, shapes);
    return holds && !*holds;
}

std::string show(const z3::expr& e) {
    std::string s = e.to_string();
    for (char& c : s) {
        if (c == '\n') c = ' ';
    }
    std::string out;
    for (char c : s) {  // collapse the pretty printer's indentation
        if (c == ' ' && !out.empty() && out.back() == ' ') continue;
        out += c;
    }
    if (out.size() > 300) out = out.substr(0, 297) + "...";
    return out;
}

// ---- variables -----------------------------------------------------------------------

void ClauseVars::declare(const z3::expr& var, const std::string& smt_name) {
    if (!declared_) {
        declared_ = std::make_shared<Declared>();
    } else if (declared_.use_count() > 1) {
        declared_ = std::make_shared<Declared>(*declared_);  // this copy's own from now on
    }
    declared_->vars.push_back(var);
    declared_->names[var.id()] = smt_name;
}

std::vector<std::pair<z3::expr, std::string>> ClauseVars::declared() const {
    std::vector<std::pair<z3::expr, std::string>> out;
    if (!declared_) return out;
    for (const z3::expr& v : declared_->vars) out.emplace_back(v, declared_->names.at(v.id()));
    return out;
}

bool ClauseVars::is_var(const z3::expr& e) const {
    // The declared constants are kept alive (declared_): no other term has their ids.
    return is_var(Z3_get_ast_id(e.ctx(), e));
}

namespace {
// A CLP variable name from an SMT-LIB symbol: upper-case first letter, other characters
// than letters, digits and `_` become `_`.
std::string clp_variable_name(const std::string& smt) {
    std::string s;
    for (char c : smt) {
        s += std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' ? c : '_';
    }
    if (s.empty() || std::isalpha(static_cast<unsigned char>(s[0])) == 0) return "V" + s;
    s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    return s;
}
}  // namespace

std::string ClauseVars::fresh(const std::string& base) {
    std::string name = base;
    for (int n = 1; taken_.count(name) > 0; ++n) name = fmt::format("{}_{}", base, n);
    taken_.insert(name);
    return name;
}

std::string ClauseVars::name(const z3::expr& var) {
    auto found = clp_names_.find(var.id());
    if (found != clp_names_.end()) return found->second;
    return name(var.id(), var.is_bool());
}

std::string ClauseVars::name(unsigned z3_id, bool is_bool) {
    auto found = clp_names_.find(z3_id);
    if (found != clp_names_.end()) return found->second;
    if (!declared_) throw std::out_of_range("not a declared variable");
    std::string n = fresh(clp_variable_name(declared_->names.at(z3_id)));
    clp_names_[z3_id] = n;
    if (is_bool) bools_.push_back(n);
    return n;
}

std::optional<std::string> ClauseVars::used_name(const z3::expr& var) const {
    auto found = clp_names_.find(var.id());
    if (found == clp_names_.end()) return std::nullopt;
    return found->second;
}

Conj ClauseVars::bool_ranges(z3::context& ctx) const {
    Conj c;
    for (const std::string& b : bools_) {
        c.push_back(Literal{b + " >= 0", ctx.bool_val(true)});
        c.push_back(Literal{b + " =< 1", ctx.bool_val(true)});
    }
    return c;
}

// ---- formulas ------------------------------------------------------------------------

FormulaTranslator::FormulaTranslator(ClauseVars& vars) : vars_(vars) {}
FormulaTranslator::~FormulaTranslator() = default;

Terms& FormulaTranslator::terms(z3::context& ctx) {
    if (t_ == nullptr) {
        in_use_ = std::make_unique<TermsInUse>(ctx);
        t_ = &in_use_->terms();
    }
    return *t_;
}

// A declared variable is a constant: a leaf of the table, known by its Z3 term's id.
bool FormulaTranslator::is_var(Term t) const {
    return t_->is_app(t) && t_->num_args(t) == 0 && !t_->is_numeral(t) && vars_.is_var(t_->leaf_id(t));
}

std::string FormulaTranslator::name(Term t) { return vars_.name(t_->leaf_id(t), t_->is_bool(t)); }

Dnf FormulaTranslator::formula(const z3::expr& f, bool positive) { return formula(terms(f.ctx()).of(f), positive); }

std::vector<TermCase> FormulaTranslator::term(const z3::expr& t) {
    std::vector<TermCase> out;
    for (Case& c : cases(terms(t.ctx()).of(t))) {
        out.push_back(TermCase{std::move(c.condition), std::move(c.text), meaning(c.value)});
    }
    return out;
}

Nested FormulaTranslator::nested(const z3::expr& f, bool positive) { return nested(terms(f.ctx()).of(f), positive); }

Dnf FormulaTranslator::formula(Term f, bool positive) {
    const Terms& t = *t_;
    if (t.is_true(f)) return positive ? dnf_true() : Dnf{};
    if (t.is_false(f)) return positive ? Dnf{} : dnf_true();
    if (t.is_quantifier(f)) throw Refusal("a quantifier inside a clause body: " + show(meaning(f)));
    if (!t.is_bool(f) || !t.is_app(f)) throw Refusal("unsupported formula: " + show(meaning(f)));
    if (is_var(f)) {
        const z3::expr m = meaning(f);
        return dnf_literal(name(f) + (positive ? " = 1" : " = 0"), positive ? m : !m);
    }
    switch (t.kind(f)) {
    case Z3_OP_LE: case Z3_OP_LT: case Z3_OP_GE: case Z3_OP_GT: case Z3_OP_EQ:
    case Z3_OP_DISTINCT:
        return comparison(f, positive);
    case Z3_OP_UNINTERPRETED:
        throw Refusal("a predicate application inside a constraint (under not, or, ite or "
                      "an equality): " + show(meaning(f)));
    default:
        return connective(f, positive);
    }
}

// and, or, not, =>, xor and Bool ite, with negations pushed through them.
Dnf FormulaTranslator::connective(Term f, bool positive) {
    const Terms& t = *t_;
    const unsigned n = t.num_args(f);
    switch (t.kind(f)) {
    case Z3_OP_NOT: return formula(t.arg(f, 0), !positive);
    case Z3_OP_AND:
    case Z3_OP_OR: {
        // and under positive polarity (or under negative) is a conjunction of the parts.
        bool conjunction = (t.kind(f) == Z3_OP_AND) == positive;
        Dnf acc = conjunction ? dnf_true() : Dnf{};
        for (unsigned i = 0; i < n; ++i) {
            Dnf part = formula(t.arg(f, i), positive);
            acc = conjunction ? dnf_and(acc, part) : dnf_or(std::move(acc), part);
        }
        return acc;
    }
    case Z3_OP_IMPLIES:  // a => b  is  not a or b
        if (positive) return dnf_or(formula(t.arg(f, 0), false), formula(t.arg(f, 1), true));
        return dnf_and(formula(t.arg(f, 0), true), formula(t.arg(f, 1), false));
    case Z3_OP_XOR: return bool_equal(t.arg(f, 0), t.arg(f, 1), !positive);
    case Z3_OP_ITE:
        return dnf_or(dnf_and(formula(t.arg(f, 0), true), formula(t.arg(f, 1), positive)),
                      dnf_and(formula(t.arg(f, 0), false), formula(t.arg(f, 2), positive)));
    default: throw Refusal("unsupported Boolean operator: " + show(meaning(f)));
    }
}

Dnf FormulaTranslator::bool_equal(Term a, Term b, bool positive) {
    if (is_var(a) && is_var(b)) {
        const z3::expr x = meaning(a);
        const z3::expr y = meaning(b);
        return dnf_literal(name(a) + (positive ? " = " : " != ") + name(b), positive ? x == y : x != y);
    }
    // a <=> b is (a and b) or (not a and not b); its negation (a and not b) or (not a and b).
    return dnf_or(dnf_and(formula(a, true), formula(b, positive)),
                  dnf_and(formula(a, false), formula(b, !positive)));
}

Dnf FormulaTranslator::comparison(Term f, bool positive) {
    Terms& t = *t_;
    const Z3_decl_kind kind = t.kind(f);
    if (t.num_args(f) != 2) {
        if (kind == Z3_OP_DISTINCT && positive) {  // pairwise different
            Dnf acc = dnf_true();
            for (unsigned i = 0; i < t.num_args(f); ++i) {
                for (unsigned j = i + 1; j < t.num_args(f); ++j) {
                    const Term differ = t.of(meaning(t.arg(f, i)) != meaning(t.arg(f, j)));
                    acc = dnf_and(acc, formula(differ, true));
                }
            }
            return acc;
        }
        if (kind == Z3_OP_DISTINCT) {  // not pairwise different: two of them equal
            Dnf acc;
            for (unsigned i = 0; i < t.num_args(f); ++i) {
                for (unsigned j = i + 1; j < t.num_args(f); ++j) {
                    acc = dnf_or(std::move(acc), formula(t.mk_eq(t.arg(f, i), t.arg(f, j)), true));
                }
            }
            return acc;
        }
        throw Refusal("a comparison with more than two operands: " + show(meaning(f)));
    }
    const Term a = t.arg(f, 0);
    const Term b = t.arg(f, 1);
    if (t.is_bool(a)) return bool_equal(a, b, (kind == Z3_OP_EQ) == positive);
    const z3::sort sort = t.is_int(a) ? z3::sort(t.ctx()) : meaning(a).get_sort();  // arrays, refusals
    if (!t.is_int(a) && sort.is_array() && supported_sort(sort) && (kind == Z3_OP_EQ) == positive) {
        // An array equation (`A1 = store(A, I, V)`): CLP has equality of arrays, not its
        // negation.
        Dnf out;  // no case yet: false
        for (const Case& x : cases(a)) {
            for (const Case& y : cases(b)) {
                Dnf lit = dnf_literal(x.text + " = " + y.text, meaning(x.value) == meaning(y.value));
                out = dnf_or(std::move(out), dnf_and(dnf_and(x.condition, y.condition), lit));
            }
        }
        return out;
    }
    if (!t.is_int(a)) {
        throw Refusal(fmt::format("a comparison of sort {}; Int and Bool are compared, arrays by `=` only: {}",
                                  sort.to_string(), show(meaning(f))));
    }
    // The comparison, or the one that holds when it does not.
    switch (kind) {
    case Z3_OP_LE: return positive ? compare(Z3_OP_LE, "=<", a, b) : compare(Z3_OP_GT, ">", a, b);
    case Z3_OP_LT: return positive ? compare(Z3_OP_LT, "<", a, b) : compare(Z3_OP_GE, ">=", a, b);
    case Z3_OP_GE: return positive ? compare(Z3_OP_GE, ">=", a, b) : compare(Z3_OP_LT, "<", a, b);
    case Z3_OP_GT: return positive ? compare(Z3_OP_GT, ">", a, b) : compare(Z3_OP_LE, "=<", a, b);
    case Z3_OP_EQ: return positive ? compare(Z3_OP_EQ, "=", a, b) : compare(Z3_OP_DISTINCT, "!=", a, b);
    default: return positive ? compare(Z3_OP_DISTINCT, "!=", a, b) : compare(Z3_OP_EQ, "=", a, b);  // distinct
    }
}

namespace {
// The comparison `op` of a and b as a Z3 formula, as z3++'s operators make it.
z3::expr relation(Z3_decl_kind op, const z3::expr& a, const z3::expr& b) {
    switch (op) {
    case Z3_OP_LE: return a <= b;
    case Z3_OP_LT: return a < b;
    case Z3_OP_GE: return a >= b;
    case Z3_OP_GT: return a > b;
    case Z3_OP_DISTINCT: return a != b;
    default: return a == b;
    }
}
}  // namespace

Dnf FormulaTranslator::compare(Z3_decl_kind op, const char* text, Term a, Term b) {
    const std::vector<Case> xs = cases(a);
    const std::vector<Case> ys = cases(b);
    // One case on each side without a condition (no `ite`: nearly every comparison): the
    // literal itself, without the products and unions of the general case below.
    auto unconditional = [](const std::vector<Case>& cs) {
        return cs.size() == 1 && cs[0].condition.size() == 1 && cs[0].condition[0].empty();
    };
    if (unconditional(xs) && unconditional(ys)) {
        return dnf_literal(xs[0].text + " " + text + " " + ys[0].text,
                           relation(op, meaning(xs[0].value), meaning(ys[0].value)));
    }
    Dnf out;
    for (const Case& x : xs) {
        for (const Case& y : ys) {
            Dnf both = dnf_and(x.condition, y.condition);
            Dnf lit = dnf_literal(x.text + " " + text + " " + y.text, relation(op, meaning(x.value), meaning(y.value)));
            out = dnf_or(std::move(out), dnf_and(both, lit));
        }
    }
    return out;
}

// ---- terms ---------------------------------------------------------------------------

std::vector<FormulaTranslator::Case> FormulaTranslator::cases(Term v) {
    Terms& t = *t_;
    if (!t.is_int(v)) {
        const z3::sort sort = meaning(v).get_sort();
        if (sort.is_array() && supported_sort(sort)) {
            if (is_var(v)) return {Case{dnf_true(), name(v), v}};
            const bool store = t.is(v, Z3_OP_STORE) && t.num_args(v) == 3;
            const bool constant = t.is(v, Z3_OP_CONST_ARRAY) && t.num_args(v) == 1;
            if (!store && !constant) {
                throw Refusal("an array term other than a variable, store(...) or a constant array: " +
                              show(meaning(v)));
            }
        } else {
            throw Refusal(fmt::format("a term of sort {}; only Int and Bool are supported: {}", sort.to_string(),
                                      show(meaning(v))));
        }
    }
    // (An Int select(A, I) goes on to its cases of the array and of the index, below.)
    if (t.is_numeral(v)) {
        std::int64_t value = 0;
        std::string n = t.int64_value(v, value) ? std::to_string(value) : meaning(v).get_decimal_string(0);
        return {Case{dnf_true(), n[0] == '-' ? "(" + n + ")" : n, v}};
    }
    if (is_var(v)) return {Case{dnf_true(), name(v), v}};
    if (t.is(v, Z3_OP_ITE)) {
        std::vector<Case> out;
        for (unsigned branch = 1; branch <= 2; ++branch) {
            Dnf cond = formula(t.arg(v, 0), branch == 1);
            for (Case& c : cases(t.arg(v, branch))) {
                out.push_back(Case{dnf_and(cond, c.condition), std::move(c.text), c.value});
            }
        }
        check_size(out.size());
        return out;
    }
    return arithmetic(v);
}

std::vector<FormulaTranslator::Case> FormulaTranslator::arithmetic(Term v) {
    Terms& t = *t_;
    if (!t.is_app(v)) throw Refusal("unsupported term: " + show(meaning(v)));
    const Z3_decl_kind kind = t.kind(v);
    const unsigned n = t.num_args(v);
    if (kind == Z3_OP_SELECT || kind == Z3_OP_STORE || kind == Z3_OP_CONST_ARRAY) {
        // select(A, I), store(A, I, V) and const_array(V), as CLP writes them: cases of
        // every argument.
        std::vector<Case> acc{Case{dnf_true(), "", v}};
        std::vector<Term> args;
        for (unsigned i = 0; i < n; ++i) {
            std::vector<Case> next;
            for (const Case& sofar : acc) {
                for (const Case& arg : cases(t.arg(v, i))) {
                    args.clear();
                    for (unsigned k = 0; k < i; ++k) args.push_back(t.arg(sofar.value, k));
                    args.push_back(arg.value);
                    for (unsigned k = i + 1; k < n; ++k) args.push_back(t.arg(v, k));
                    next.push_back(Case{dnf_and(sofar.condition, arg.condition),
                                        sofar.text + (i == 0 ? "" : ", ") + arg.text, t.apply(v, args)});
                }
            }
            check_size(next.size());
            acc = std::move(next);
        }
        const char* name = kind == Z3_OP_SELECT ? "select(" : kind == Z3_OP_STORE ? "store(" : "const_array(";
        for (Case& c : acc) c.text = name + c.text + ")";
        return acc;
    }
    const char* op = nullptr;
    switch (kind) {
    case Z3_OP_ADD: op = " + "; break;
    case Z3_OP_SUB: op = " - "; break;
    case Z3_OP_MUL: op = " * "; break;
    case Z3_OP_IDIV: op = " div "; break;
    case Z3_OP_MOD: op = " mod "; break;
    case Z3_OP_UMINUS: op = "-"; break;
    case Z3_OP_UNINTERPRETED:
        throw Refusal("an uninterpreted function or undeclared constant: " + show(meaning(v)));
    default: throw Refusal("unsupported operator (only + - * div mod ite on Int): " + show(meaning(v)));
    }
    // Cross product of the operands' cases.
    std::vector<Case> acc;
    for (unsigned i = 0; i < n; ++i) {
        std::vector<Case> next;
        for (Case& arg : cases(t.arg(v, i))) {
            if (i == 0) {
                next.push_back(std::move(arg));
                continue;
            }
            for (const Case& sofar : acc) {  // n-ary + - * as nested binary ones
                next.push_back(Case{dnf_and(sofar.condition, arg.condition), sofar.text + op + arg.text,
                                    t.apply(v, {sofar.value, arg.value})});
            }
        }
        check_size(next.size());
        acc = std::move(next);
    }
    for (Case& c : acc) {
        c.text = (n == 1 ? std::string(op) : "") + "(" + c.text + ")";
        if (n == 1) c.value = t.apply(v, {c.value});
    }
    return acc;
}

}  // namespace clpi::chc

namespace clpi::chc {

// ---- constraints with disjunctions kept ----------------------------------------------

namespace {
bool is_false_literal(const Nested& n) {
    return n.disjunctions.empty() && n.literals.size() == 1 && n.literals[0].meaning.is_false();
}
}  // namespace

Nested nested_false(z3::context& ctx) {
    Nested n;
    n.literals.push_back(Literal{"0 = 1", ctx.bool_val(false)});
    return n;
}

Nested nested_of(Dnf dnf, z3::context& ctx) {
    if (dnf.empty()) return nested_false(ctx);
    if (dnf.size() == 1) return Nested{std::move(dnf[0]), {}};
    std::vector<Nested> cases;
    for (Conj& c : dnf) cases.push_back(Nested{std::move(c), {}});
    return nested_or(std::move(cases), ctx);
}

void nested_and(Nested& into, const Nested& part) {
    into.literals.insert(into.literals.end(), part.literals.begin(), part.literals.end());
    into.disjunctions.insert(into.disjunctions.end(), part.disjunctions.begin(),
                             part.disjunctions.end());
}

void nested_and(Nested& into, Nested&& part) {
    if (into.is_true()) {
        into = std::move(part);
        return;
    }
    into.literals.insert(into.literals.end(), std::make_move_iterator(part.literals.begin()),
                         std::make_move_iterator(part.literals.end()));
    into.disjunctions.insert(into.disjunctions.end(), std::make_move_iterator(part.disjunctions.begin()),
                             std::make_move_iterator(part.disjunctions.end()));
}

Nested nested_or(std::vector<Nested> cases, z3::context& ctx) {
    std::vector<Nested> kept;
    for (Nested& c : cases) {
        if (c.is_true()) return Nested{};
        if (is_false_literal(c)) continue;
        if (c.literals.empty() && c.disjunctions.size() == 1) {  // (A ; (B ; C)) is (A ; B ; C)
            for (Nested& inner : c.disjunctions[0]) kept.push_back(std::move(inner));
            continue;
        }
        kept.push_back(std::move(c));
    }
    if (kept.empty()) return nested_false(ctx);
    if (kept.size() == 1) return std::move(kept[0]);
    Nested n;
    n.disjunctions.push_back(std::move(kept));
    return n;
}

std::string nested_text(const Nested& n) {
    std::string out;
    auto add = [&](const std::string& part) { out += (out.empty() ? "" : ", ") + part; };
    for (const Literal& l : n.literals) add(l.text);
    for (const std::vector<Nested>& d : n.disjunctions) {
        std::string cases;
        for (const Nested& c : d) cases += (cases.empty() ? "" : " ; ") + nested_text(c);
        add("(" + cases + ")");
    }
    return out.empty() ? "true" : out;
}

z3::expr nested_meaning(const Nested& n, z3::context& ctx) {
    z3::expr_vector parts(ctx);
    for (const Literal& l : n.literals) parts.push_back(l.meaning);
    for (const std::vector<Nested>& d : n.disjunctions) {
        z3::expr_vector cases(ctx);
        for (const Nested& c : d) cases.push_back(nested_meaning(c, ctx));
        parts.push_back(z3::mk_or(cases));
    }
    return z3::mk_and(parts);
}

std::vector<Nested> split(const Nested& n, std::size_t max_rules) {
    std::vector<std::size_t> order(n.disjunctions.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return n.disjunctions[a].size() < n.disjunctions[b].size();
    });
    std::vector<bool> expand(order.size(), false);
    std::size_t rules = 1;
    for (std::size_t i : order) {
        if (rules * n.disjunctions[i].size() > max_rules) break;
        rules *= n.disjunctions[i].size();
        expand[i] = true;
    }
    std::vector<Nested> out(1);  // (not a braced list, whose element is copied again)
    out[0].literals = n.literals;
    for (std::size_t i = 0; i < n.disjunctions.size(); ++i) {
        if (!expand[i]) continue;
        std::vector<Nested> next;
        for (const Nested& sofar : out) {
            for (const Nested& c : n.disjunctions[i]) {
                Nested both = sofar;
                nested_and(both, c);
                next.push_back(std::move(both));
            }
        }
        out = std::move(next);
    }
    for (std::size_t i = 0; i < n.disjunctions.size(); ++i) {
        if (expand[i]) continue;
        for (Nested& r : out) r.disjunctions.push_back(n.disjunctions[i]);
    }
    // A case may bring disjunctions of its own (an `ite` inside one case of an `or`): each
    // rule is split again, within its share of the limit. The share halves at least at each
    // level, so this ends.
    if (out.size() < 2 || max_rules / out.size() < 2) return out;
    std::vector<Nested> all;
    for (const Nested& r : out) {
        std::vector<Nested> parts = split(r, max_rules / out.size());
        all.insert(all.end(), std::make_move_iterator(parts.begin()), std::make_move_iterator(parts.end()));
    }
    return all;
}

Nested FormulaTranslator::nested(Term f, bool positive) {
    const Terms& t = *t_;
    z3::context& ctx = t.ctx();
    if (t.is_app(f) && t.is_bool(f) && !is_var(f)) {
        const Z3_decl_kind kind = t.kind(f);
        auto both = [&](Nested a, Nested b) {
            nested_and(a, std::move(b));
            return a;
        };
        // The cases `first` and then `second`, moved in (a braced list's elements are
        // copied out of it: every literal of both cases, at each `ite` and `<=>`).
        std::vector<Nested> two;
        auto either = [&](Nested second) {
            two.push_back(std::move(second));
            return nested_or(std::move(two), ctx);
        };
        switch (kind) {
        case Z3_OP_NOT: return nested(t.arg(f, 0), !positive);
        case Z3_OP_AND:
        case Z3_OP_OR: {
            std::vector<Nested> parts;
            for (unsigned i = 0; i < t.num_args(f); ++i) parts.push_back(nested(t.arg(f, i), positive));
            if ((kind == Z3_OP_AND) != positive) return nested_or(std::move(parts), ctx);
            Nested acc;
            for (Nested& p : parts) {
                if (is_false_literal(p)) return std::move(p);
                nested_and(acc, std::move(p));
            }
            return acc;
        }
        case Z3_OP_IMPLIES:
            if (positive) {
                two.push_back(nested(t.arg(f, 0), false));
                return either(nested(t.arg(f, 1), true));
            }
            return both(nested(t.arg(f, 0), true), nested(t.arg(f, 1), false));
        case Z3_OP_ITE:
            two.push_back(both(nested(t.arg(f, 0), true), nested(t.arg(f, 1), positive)));
            return either(both(nested(t.arg(f, 0), false), nested(t.arg(f, 2), positive)));
        case Z3_OP_EQ:
        case Z3_OP_XOR:
            if (t.num_args(f) == 2 && t.is_bool(t.arg(f, 0)) && !(is_var(t.arg(f, 0)) && is_var(t.arg(f, 1)))) {
                // a <=> b is (a and b) or (not a and not b); xor is its negation.
                bool same = (kind == Z3_OP_EQ) == positive;
                two.push_back(both(nested(t.arg(f, 0), true), nested(t.arg(f, 1), same)));
                return either(both(nested(t.arg(f, 0), false), nested(t.arg(f, 1), !same)));
            }
            break;
        default: break;
        }
    }
    return nested_of(formula(f, positive), ctx);
}

}  // namespace clpi::chc
