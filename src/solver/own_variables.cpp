#include "solver/own_variables.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <type_traits>

#include "solver/solver_impl.hpp"

namespace clpi::solver {

namespace {

// (Through Z3's C API: the C++ API makes a reference-counted object of each node's
// declaration and checks for an error after each call, for every node of every conjunct.)
bool is_constant(Z3_context c, Z3_ast a) {
    if (Z3_get_ast_kind(c, a) != Z3_APP_AST) return false;
    const Z3_app app = Z3_to_app(c, a);
    return Z3_get_app_num_args(c, app) == 0 && Z3_get_decl_kind(c, Z3_get_app_decl(c, app)) == Z3_OP_UNINTERPRETED;
}

bool is_constant(const z3::expr& e) { return is_constant(e.ctx(), e); }

unsigned id_of(const z3::expr& e) { return Z3_get_ast_id(e.ctx(), e); }

void collect_constants(Z3_context c, Z3_ast a, std::vector<unsigned>& out) {
    if (Z3_get_ast_kind(c, a) != Z3_APP_AST) return;
    const Z3_app app = Z3_to_app(c, a);
    const unsigned n = Z3_get_app_num_args(c, app);
    if (n == 0) {
        if (Z3_get_decl_kind(c, Z3_get_app_decl(c, app)) == Z3_OP_UNINTERPRETED) out.push_back(Z3_get_ast_id(c, a));
        return;
    }
    for (unsigned k = 0; k < n; ++k) collect_constants(c, Z3_get_app_arg(c, app, k), out);
}

// Every constant in `e`.
void collect_constants(const z3::expr& e, std::vector<unsigned>& out) { collect_constants(e.ctx(), e, out); }

// An integer of 64 bits that notes an overflow (it is then `big`, its value of no use). The
// coefficients of linear atoms nearly always fit; Number's rational arithmetic, which
// normalises at each step, took a tenth of a small CHC import's instructions (hopv
// binomial01) in reading conjuncts here.
struct Checked {
    std::int64_t value = 0;
    bool big = false;
    Checked() = default;
    Checked(std::int64_t v) : value(v) {}  // NOLINT(google-explicit-constructor): as Number's
    Checked operator-() const {
        Checked r;
        r.big = big || __builtin_sub_overflow(std::int64_t{0}, value, &r.value);
        return r;
    }
    Checked& operator+=(const Checked& o) {
        big = big || o.big || __builtin_add_overflow(value, o.value, &value);
        return *this;
    }
    Checked& operator*=(const Checked& o) {
        big = big || o.big || __builtin_mul_overflow(value, o.value, &value);
        return *this;
    }
    friend bool operator==(const Checked& a, std::int64_t b) { return !a.big && a.value == b; }
};

// The value of a numeral, or of a numeral's negation (`(- 1)`, as SMT-LIB writes -1). As a
// Checked, a numeral that is not an integer of 64 bits is `big`.
template <typename Num>
std::optional<Num> constant_value(const z3::expr& e) {
    if (e.is_numeral()) {
        if constexpr (std::is_same_v<Num, Checked>) {
            std::int64_t num = 0, den = 0;
            Checked v;
            if (Z3_get_numeral_rational_int64(e.ctx(), e, &num, &den) && den == 1) {
                v.value = num;
            } else {
                v.big = true;
            }
            return v;
        } else {
            return numeral_number(e);
        }
    }
    if (e.is_app() && e.decl().decl_kind() == Z3_OP_UMINUS) {
        if (std::optional<Num> v = constant_value<Num>(e.arg(0))) return -*v;
    }
    return std::nullopt;
}

std::optional<Number> constant_value(const z3::expr& e) { return constant_value<Number>(e); }

// `factor * e` added into `coefficients` (constant id -> coefficient); false when `e` is not
// a linear term over constants. With `opaque`, a subterm that is not linear (`x mod 2`,
// `x * y`, `select(a, i)`) is put there instead, as a value of its own.
template <typename Num>
bool add_linear(const z3::expr& e, const Num& factor, std::map<unsigned, Num>& coefficients,
                std::vector<z3::expr>* opaque = nullptr) {
    auto other = [&] {
        if (opaque == nullptr || !e.is_arith()) return false;
        opaque->push_back(e);
        return true;
    };
    if (e.is_numeral()) return true;
    if (is_constant(e)) {
        if (!e.is_arith()) return false;
        coefficients[id_of(e)] += factor;
        return true;
    }
    if (!e.is_app()) return other();
    switch (e.decl().decl_kind()) {
    case Z3_OP_ADD:
        for (unsigned k = 0; k < e.num_args(); ++k) {
            if (!add_linear<Num>(e.arg(k), factor, coefficients, opaque)) return false;
        }
        return true;
    case Z3_OP_SUB:
        for (unsigned k = 0; k < e.num_args(); ++k) {
            if (!add_linear<Num>(e.arg(k), k == 0 ? factor : Num(-factor), coefficients, opaque)) return false;
        }
        return true;
    case Z3_OP_UMINUS:
        return add_linear<Num>(e.arg(0), Num(-factor), coefficients, opaque);
    case Z3_OP_MUL: {
        // A product is linear when all factors but one are numerals.
        Num scale = factor;
        std::optional<z3::expr> term;
        for (unsigned k = 0; k < e.num_args(); ++k) {
            z3::expr a = e.arg(k);
            if (std::optional<Num> v = constant_value<Num>(a)) {
                scale *= *v;
            } else if (term) {
                return other();
            } else {
                term = a;
            }
        }
        return !term || add_linear<Num>(*term, scale, coefficients, opaque);
    }
    default:
        return other();
    }
}

enum class Relation { equal, other };  // `other`: =<, <, >=, >, != (any coefficient solves)

// The variables of an arithmetic atom `lhs REL rhs` that can satisfy it alone, added to
// `solvers`; false when the atom is not linear. In Checked numbers first, in Number when a
// coefficient does not fit.
template <typename Num = Checked>
bool linear_solvers(const z3::expr& lhs, const z3::expr& rhs, Relation rel,
                    std::vector<unsigned>& solvers) {
    std::map<unsigned, Num> coefficients;
    // Subterms that are not linear are values of their own (`e = (c + 1) mod 2000`: e
    // solves it): a variable solves the atom when it is in none of them.
    std::vector<z3::expr> opaque;
    if (!add_linear<Num>(lhs, 1, coefficients, &opaque) || !add_linear<Num>(rhs, -1, coefficients, &opaque)) {
        return false;
    }
    if constexpr (std::is_same_v<Num, Checked>) {
        for (const auto& entry : coefficients) {
            if (entry.second.big) return linear_solvers<Number>(lhs, rhs, rel, solvers);
        }
    }
    std::vector<unsigned> inside;
    for (const z3::expr& t : opaque) collect_constants(t, inside);
    // An integer equation is solved for a variable of coefficient ±1 only (2x = y is not,
    // for odd y); reals and inequalities for any variable that stays.
    bool integer = lhs.is_int();
    for (const auto& [v, c] : coefficients) {
        if (c == 0) continue;
        if (rel == Relation::equal && integer && c != 1 && c != -1) continue;
        if (std::find(inside.begin(), inside.end(), v) != inside.end()) continue;
        solvers.push_back(v);
    }
    return true;
}

// A remainder compared with a number, `(mod t k) REL n` (k a nonzero numeral, n a numeral;
// either side): the variables of t with coefficient ±1 can make the remainder any value of
// 0 .. |k|-1 whatever the rest of t, so they solve the atom when one of those values does
// (`B mod 2 = 0`, `B mod 2 != 0`: a parity test of a loop counter). Nothing otherwise.
std::optional<std::vector<unsigned>> remainder_solvers(const z3::expr& lhs, const z3::expr& rhs,
                                                       Z3_decl_kind relation) {
    auto is_mod = [](const z3::expr& t) { return t.is_app() && t.decl().decl_kind() == Z3_OP_MOD; };
    const bool mod_left = is_mod(lhs);
    const z3::expr& m = mod_left ? lhs : rhs;
    if (!is_mod(m)) return std::nullopt;
    const std::optional<Number> k = constant_value(m.arg(1));
    const std::optional<Number> n = constant_value(mod_left ? rhs : lhs);
    if (!k || !n || *k == 0) return std::nullopt;
    std::map<unsigned, Number> coefficients;
    if (!add_linear<Number>(m.arg(0), 1, coefficients)) return std::nullopt;
    // Whether `r REL n` (the remainder on its side) holds for some r in 0 .. |k|-1.
    const Number top = (*k < 0 ? -*k : *k) - 1;
    auto some = [&](const Number& r) {
        const Number& a = mod_left ? r : *n;
        const Number& b = mod_left ? *n : r;
        switch (relation) {
        case Z3_OP_EQ: return a == b;
        case Z3_OP_DISTINCT: return a != b;
        case Z3_OP_LE: return a <= b;
        case Z3_OP_LT: return a < b;
        case Z3_OP_GE: return a >= b;
        case Z3_OP_GT: return a > b;
        default: return false;
        }
    };
    // An order holds for some r when it holds at an end; `r = n` when n is in range; `r != n`
    // at an end unless the range is {n}.
    bool possible = some(0) || some(top);
    if (!possible && *n >= 0 && *n <= top) possible = some(*n);
    if (!possible) return std::nullopt;
    std::vector<unsigned> out;
    for (const auto& [v, c] : coefficients) {
        if (c == 1 || c == -1) out.push_back(v);
    }
    return out;
}

// Adds the atom `e` (negated when !positive) as one alternative of `c`.
// A term's application kind (a numeral's too: Z3_OP_ANUM), or nothing for another term.
// (Through Z3's C API, as is_constant: each conjunct of each literal is read here once.)
std::optional<Z3_decl_kind> app_kind(Z3_context c, Z3_ast a) {
    const Z3_ast_kind k = Z3_get_ast_kind(c, a);
    if (k != Z3_APP_AST && k != Z3_NUMERAL_AST) return std::nullopt;
    return Z3_get_decl_kind(c, Z3_get_app_decl(c, Z3_to_app(c, a)));
}

Z3_sort_kind sort_kind(Z3_context c, Z3_ast a) { return Z3_get_sort_kind(c, Z3_get_sort(c, a)); }

Z3_ast arg(Z3_context c, Z3_ast a, unsigned i) { return Z3_get_app_arg(c, Z3_to_app(c, a), i); }

unsigned num_args(Z3_context c, Z3_ast a) { return Z3_get_app_num_args(c, Z3_to_app(c, a)); }

void add_atom(const z3::expr& e, bool positive, Conjunct& c) {
    const Z3_context x = e.ctx();
    collect_constants(x, e, c.vars);
    const std::optional<Z3_decl_kind> kind = app_kind(x, e);
    if (!kind) return;
    const Z3_decl_kind k = *kind;
    if (k == Z3_OP_TRUE || k == Z3_OP_FALSE) {
        if ((k == Z3_OP_TRUE) == positive) c.always = true;
        return;
    }
    if (is_constant(x, e)) {  // a Boolean variable
        if (sort_kind(x, e) == Z3_BOOL_SORT) c.solvers.push_back(Z3_get_ast_id(x, e));
        return;
    }
    bool relation = k == Z3_OP_LE || k == Z3_OP_LT || k == Z3_OP_GE || k == Z3_OP_GT ||
                    ((k == Z3_OP_EQ || k == Z3_OP_DISTINCT) && num_args(x, e) == 2);
    if (!relation) return;  // not understood: no solver
    const Z3_ast a0 = arg(x, e, 0);
    const Z3_ast a1 = arg(x, e, 1);
    const Z3_sort_kind sort = sort_kind(x, a0);
    if (sort == Z3_BOOL_SORT) {
        // `b = f` or `b != f`, b a Bool variable not in f: b takes f's value, or the other.
        for (unsigned side = 0; side < 2; ++side) {
            const Z3_ast b = side == 0 ? a0 : a1;
            if (!is_constant(x, b)) continue;
            std::vector<unsigned> in_other;
            collect_constants(x, side == 0 ? a1 : a0, in_other);
            const unsigned id = Z3_get_ast_id(x, b);
            if (std::find(in_other.begin(), in_other.end(), id) == in_other.end()) c.solvers.push_back(id);
        }
        return;
    }
    if (sort != Z3_INT_SORT && sort != Z3_REAL_SORT) return;  // not understood: no solver
    const z3::expr lhs(e.ctx(), a0);
    const z3::expr rhs(e.ctx(), a1);
    // Two numbers compared (`0 = 0`, left by a translation) hold or not whatever the values.
    if (std::optional<Number> a = constant_value(lhs), b = constant_value(rhs); a && b) {
        bool holds = false;
        switch (k) {
        case Z3_OP_LE: holds = *a <= *b; break;
        case Z3_OP_LT: holds = *a < *b; break;
        case Z3_OP_GE: holds = *a >= *b; break;
        case Z3_OP_GT: holds = *a > *b; break;
        case Z3_OP_EQ: holds = *a == *b; break;
        default: holds = *a != *b; break;  // distinct
        }
        if (holds == positive) c.always = true;
        return;
    }
    if (sort == Z3_INT_SORT) {
        // The relation as it holds: a negated `<` is a `>=`, and so on.
        Z3_decl_kind holds = k;
        if (!positive) {
            switch (k) {
            case Z3_OP_EQ: holds = Z3_OP_DISTINCT; break;
            case Z3_OP_DISTINCT: holds = Z3_OP_EQ; break;
            case Z3_OP_LE: holds = Z3_OP_GT; break;
            case Z3_OP_LT: holds = Z3_OP_GE; break;
            case Z3_OP_GE: holds = Z3_OP_LT; break;
            case Z3_OP_GT: holds = Z3_OP_LE; break;
            default: break;
            }
        }
        if (std::optional<std::vector<unsigned>> by = remainder_solvers(lhs, rhs, holds)) {
            c.solvers.insert(c.solvers.end(), by->begin(), by->end());
            return;
        }
    }
    bool equation = (k == Z3_OP_EQ && positive) || (k == Z3_OP_DISTINCT && !positive);
    linear_solvers(lhs, rhs, equation ? Relation::equal : Relation::other, c.solvers);
}

// Adds the alternatives of the disjunction `e` (of ¬e when !positive) to `c`.
void add_alternatives(z3::context& ctx, Z3_ast e, bool positive, Conjunct& c) {
    const Z3_context x = ctx;
    if (const std::optional<Z3_decl_kind> kind = app_kind(x, e)) {
        const Z3_decl_kind k = *kind;
        if ((k == Z3_OP_OR && positive) || (k == Z3_OP_AND && !positive)) {
            for (unsigned i = 0, n = num_args(x, e); i < n; ++i) add_alternatives(ctx, arg(x, e, i), positive, c);
            return;
        }
        if (k == Z3_OP_NOT) return add_alternatives(ctx, arg(x, e, 0), !positive, c);
        if (k == Z3_OP_IMPLIES && positive) {
            add_alternatives(ctx, arg(x, e, 0), false, c);
            add_alternatives(ctx, arg(x, e, 1), true, c);
            return;
        }
        if ((k == Z3_OP_AND && positive) || (k == Z3_OP_OR && !positive) ||
            (k == Z3_OP_IMPLIES && !positive)) {
            collect_constants(x, e, c.vars);  // a conjunction inside a disjunction: no solver
            return;
        }
    }
    add_atom(z3::expr(ctx, e), positive, c);
}

void append_conjuncts(z3::context& ctx, Z3_ast e, bool positive, std::vector<Conjunct>& out) {
    const Z3_context x = ctx;
    if (const std::optional<Z3_decl_kind> kind = app_kind(x, e)) {
        const Z3_decl_kind k = *kind;
        if ((k == Z3_OP_AND && positive) || (k == Z3_OP_OR && !positive)) {
            for (unsigned i = 0, n = num_args(x, e); i < n; ++i) append_conjuncts(ctx, arg(x, e, i), positive, out);
            return;
        }
        if (k == Z3_OP_NOT) return append_conjuncts(ctx, arg(x, e, 0), !positive, out);
        if (k == Z3_OP_IMPLIES && !positive) {
            append_conjuncts(ctx, arg(x, e, 0), true, out);
            append_conjuncts(ctx, arg(x, e, 1), false, out);
            return;
        }
    }
    Conjunct c;
    add_alternatives(ctx, e, positive, c);
    for (auto* set : {&c.vars, &c.solvers}) {
        std::sort(set->begin(), set->end());
        set->erase(std::unique(set->begin(), set->end()), set->end());
    }
    out.push_back(std::move(c));
}

}  // namespace

void append_conjuncts(const z3::expr& e, bool positive, std::vector<Conjunct>& out) {
    // (The walk through Z3's C API: the terms are held by `e` meanwhile.)
    append_conjuncts(e.ctx(), static_cast<Z3_ast>(e), positive, out);
}

bool satisfiable_by_own_variables(std::span<const Conjunct* const> conjuncts) {
    // How many conjuncts still in the set mention each variable (a sorted id -> count table:
    // the sets are small).
    std::vector<unsigned> ids;
    for (const Conjunct* c : conjuncts) ids.insert(ids.end(), c->vars.begin(), c->vars.end());
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    std::vector<int> count(ids.size(), 0);
    auto slot = [&](unsigned v) {
        return static_cast<std::size_t>(std::lower_bound(ids.begin(), ids.end(), v) - ids.begin());
    };
    for (const Conjunct* c : conjuncts) {
        for (unsigned v : c->vars) ++count[slot(v)];
    }
    std::vector<char> dropped(conjuncts.size(), 0);
    std::size_t left = conjuncts.size();
    for (bool progress = true; progress && left > 0;) {
        progress = false;
        for (std::size_t i = 0; i < conjuncts.size(); ++i) {
            if (dropped[i]) continue;
            const Conjunct& c = *conjuncts[i];
            auto alone = [&](unsigned v) { return count[slot(v)] == 1; };
            bool own = c.always || (c.whole ? !c.solvers.empty() && std::all_of(c.solvers.begin(), c.solvers.end(), alone)
                                            : std::any_of(c.solvers.begin(), c.solvers.end(), alone));
            if (!own) continue;
            dropped[i] = 1;
            --left;
            progress = true;
            for (unsigned v : c.vars) --count[slot(v)];
        }
    }
    return left == 0;
}

}  // namespace clpi::solver
