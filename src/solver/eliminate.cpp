// Projection by substitution, choosing definitions as Z3's equality resolution does.
#include "solver/eliminate.hpp"

#include <algorithm>
#include <cstdint>
#include <unordered_set>

namespace clpi::solver {

namespace {

void flatten(const z3::expr& e, std::vector<z3::expr>& out) {
    if (e.is_app() && e.decl().decl_kind() == Z3_OP_AND) {
        for (unsigned i = 0; i < e.num_args(); ++i) flatten(e.arg(i), out);
    } else {
        out.push_back(e);
    }
}

bool occurs(const z3::expr& e, unsigned id, std::unordered_set<unsigned>& seen) {
    if (e.id() == id) return true;
    if (!e.is_app() || !seen.insert(e.id()).second) return false;
    for (unsigned i = 0; i < e.num_args(); ++i) {
        if (occurs(e.arg(i), id, seen)) return true;
    }
    return false;
}

bool occurs(const z3::expr& e, unsigned id) {
    std::unordered_set<unsigned> seen;
    return occurs(e, id, seen);
}

bool substitutable_sort(const z3::expr& v) {
    z3::sort s = v.get_sort();
    return s.is_int() || s.is_real() || s.is_bool();
}

// e as a signed sum: e = Σ sign · term.
void summands(const z3::expr& e, int sign, std::vector<std::pair<int, z3::expr>>& out) {
    if (e.is_app()) {
        switch (e.decl().decl_kind()) {
        case Z3_OP_ADD:
            for (unsigned i = 0; i < e.num_args(); ++i) summands(e.arg(i), sign, out);
            return;
        case Z3_OP_SUB:
            for (unsigned i = 0; i < e.num_args(); ++i) summands(e.arg(i), i ? -sign : sign, out);
            return;
        case Z3_OP_UMINUS: summands(e.arg(0), -sign, out); return;
        case Z3_OP_MUL: {
            std::int64_t factor = 0;
            if (e.num_args() == 2 && e.arg(0).is_numeral_i64(factor) && factor == -1) {
                summands(e.arg(1), -sign, out);
                return;
            }
            break;
        }
        default: break;
        }
    }
    out.emplace_back(sign, e);
}

// The term t with `equation` ⇔ v = t, for an arithmetic equation where v is a summand of
// one side, with coefficient ±1, and occurs nowhere else (a variable alone on one side is
// taken by the caller, `offers`, before it asks this).
std::optional<z3::expr> solve_for(const z3::expr& equation, const z3::expr& v) {
    if (!equation.is_app() || equation.decl().decl_kind() != Z3_OP_EQ ||
        equation.num_args() != 2) {
        return std::nullopt;
    }
    const z3::expr a = equation.arg(0), b = equation.arg(1);
    if (!v.is_arith() || !a.is_arith()) return std::nullopt;
    std::vector<std::pair<int, z3::expr>> terms;  // a - b = Σ sign · term = 0
    summands(a, 1, terms);
    summands(b, -1, terms);
    int v_sign = 0;
    for (const auto& [sign, term] : terms) {
        if (term.id() == v.id() && v_sign == 0) {
            v_sign = sign;
        } else if (occurs(term, v.id())) {
            return std::nullopt;
        }
    }
    if (v_sign == 0) return std::nullopt;
    // v_sign · v + rest = 0, so v = -v_sign · rest.
    z3::expr_vector plus(v.ctx()), minus(v.ctx());
    bool skipped = false;
    for (const auto& [sign, term] : terms) {
        if (term.id() == v.id() && !skipped) {
            skipped = true;
            continue;
        }
        (sign == v_sign ? minus : plus).push_back(term);
    }
    z3::expr zero = v.is_int() ? v.ctx().int_val(0) : v.ctx().real_val(0);
    z3::expr p = plus.empty() ? zero : z3::sum(plus);
    return minus.empty() ? p : p - z3::sum(minus);
}

// A variable bounded above and below by the same number (`x =< 4 ∧ x >= 4`, as loop
// candidates come) is that number: the equation is added, last, for resolution to use.
void pin_bounds(std::vector<z3::expr>& conjuncts, const std::vector<z3::expr>& variables) {
    // The bound a comparison puts on a variable: +1 for x =< c, -1 for x >= c.
    auto bound = [](const z3::expr& c, const z3::expr& v, z3::expr& number) {
        if (!c.is_app() || c.num_args() != 2) return 0;
        Z3_decl_kind k = c.decl().decl_kind();
        int dir = k == Z3_OP_LE ? 1 : k == Z3_OP_GE ? -1 : 0;
        if (dir == 0) return 0;
        if (c.arg(0).id() == v.id() && c.arg(1).is_numeral()) {
            number = c.arg(1);
            return dir;
        }
        if (c.arg(1).id() == v.id() && c.arg(0).is_numeral()) {
            number = c.arg(0);
            return -dir;
        }
        return 0;
    };
    const std::size_t count = conjuncts.size();
    for (const z3::expr& v : variables) {
        if (!v.is_arith()) continue;
        for (std::size_t i = 0; i < count; ++i) {
            z3::expr upper = v, lower = v;
            if (bound(conjuncts[i], v, upper) != 1) continue;
            bool pinned = false;
            for (std::size_t j = 0; j < count && !pinned; ++j) {
                pinned = bound(conjuncts[j], v, lower) == -1 && z3::eq(lower, upper);
            }
            if (pinned) {
                conjuncts.push_back(v == upper);
                break;
            }
        }
    }
}

// One round of equality resolution: the conjuncts that define no variable, with the
// definitions substituted; `variables` keeps those with no definition. False on a cycle of
// definitions (which one equation never makes): the caller then gives up.
bool resolve_equalities(std::vector<z3::expr>& conjuncts, std::vector<z3::expr>& variables) {
    z3::context& ctx = conjuncts.front().ctx();
    const std::size_t n = variables.size();
    auto target = [&](const z3::expr& e) -> std::optional<std::size_t> {
        for (std::size_t k = 0; k < n; ++k) {
            if (e.id() == variables[k].id()) return k;
        }
        return std::nullopt;
    };
    auto ground = [&](const z3::expr& e) {
        for (const z3::expr& v : variables) {
            if (occurs(e, v.id())) return false;
        }
        return true;
    };
    auto value = [](const z3::expr& e) { return e.is_numeral() || e.is_true() || e.is_false(); };
    auto free_constant = [&](const z3::expr& e) {
        return e.is_const() && !value(e) && !target(e);
    };

    // The definitions an equation offers: the variable on one side (the left first) when
    // the other side is free of it, else each variable an arithmetic equation can be solved
    // for.
    auto offers = [&](const z3::expr& c) {
        std::vector<std::pair<std::size_t, z3::expr>> out;
        if (!c.is_app() || c.decl().decl_kind() != Z3_OP_EQ || c.num_args() != 2) return out;
        for (unsigned side : {0u, 1u}) {
            auto k = target(c.arg(side));
            if (k && substitutable_sort(variables[*k]) && !occurs(c.arg(1 - side), c.arg(side).id())) {
                out.emplace_back(*k, c.arg(1 - side));
                return out;
            }
        }
        for (std::size_t k = 0; k < n; ++k) {
            if (!substitutable_sort(variables[k])) continue;
            if (auto t = solve_for(c, variables[k])) out.emplace_back(k, *t);
        }
        return out;
    };

    // Each variable's definition, chosen as Z3's equality resolution (qe-light) chooses, so
    // that the interpolants read as they did when Z3 projected them: the first one, unless a
    // later one is a value, ground (free of the variables) where the first is not, or a
    // state variable itself. One variable per equation.
    struct Definition {
        std::size_t at;
        z3::expr term;
    };
    std::vector<std::optional<Definition>> defined(n);
    std::vector<bool> used(conjuncts.size(), false);
    for (std::size_t i = 0; i < conjuncts.size(); ++i) {
        for (auto& [k, t] : offers(conjuncts[i])) {
            if (used[i]) break;
            auto& d = defined[k];
            if (!d) {
                d = Definition{i, t};
                used[i] = true;
            } else if (!value(d->term) &&
                       (value(t) || (ground(t) && !ground(d->term)) || free_constant(t))) {
                used[d->at] = false;
                d = Definition{i, t};
                used[i] = true;
            }
        }
    }

    // The definitions in terms of what stays: each substituted into the others, in order of
    // dependence (a cycle, which one equation never makes, leaves the job to the caller).
    std::vector<int> state(n, 0);  // 0 to do, 1 under way, 2 done
    std::vector<std::optional<z3::expr>> resolved(n);
    bool cyclic = false;
    auto resolve = [&](auto&& self, std::size_t k) -> void {
        if (state[k] == 2 || cyclic) return;
        if (state[k] == 1) {
            cyclic = true;
            return;
        }
        state[k] = 1;
        z3::expr t = defined[k]->term;
        z3::expr_vector from(ctx), to(ctx);
        for (std::size_t j = 0; j < n; ++j) {
            if (j == k || !defined[j] || !occurs(t, variables[j].id())) continue;
            self(self, j);
            if (cyclic) return;
            from.push_back(variables[j]);
            to.push_back(*resolved[j]);
        }
        resolved[k] = from.empty() ? t : t.substitute(from, to);
        state[k] = 2;
    };
    z3::expr_vector from(ctx), to(ctx);
    std::vector<z3::expr> undefined;
    for (std::size_t k = 0; k < n; ++k) {
        if (!defined[k]) {
            undefined.push_back(variables[k]);
            continue;
        }
        resolve(resolve, k);
        if (cyclic) return false;
        from.push_back(variables[k]);
        to.push_back(*resolved[k]);
    }
    // What stays, substituted, in the order of the constraints it comes from.
    std::vector<z3::expr> rest;
    for (std::size_t i = 0; i < conjuncts.size(); ++i) {
        if (!used[i]) rest.push_back(from.empty() ? conjuncts[i] : conjuncts[i].substitute(from, to));
    }
    conjuncts = std::move(rest);
    variables = std::move(undefined);
    return true;
}

}  // namespace

std::optional<z3::expr> eliminate_by_definitions(const z3::expr& conjunction,
                                                 const std::vector<z3::expr>& variables) {
    z3::context& ctx = conjunction.ctx();
    std::vector<z3::expr> conjuncts;
    flatten(conjunction, conjuncts);
    std::vector<z3::expr> left = variables;
    pin_bounds(conjuncts, variables);
    // Rounds until every variable is gone: a definition can appear only once another is
    // substituted (`s0 = i1` makes `i1 = i + 4` into `s0 = i + 4`, which defines i).
    while (true) {
        std::erase_if(left, [&](const z3::expr& v) {
            return std::none_of(conjuncts.begin(), conjuncts.end(),
                                [&](const z3::expr& c) { return occurs(c, v.id()); });
        });
        if (left.empty()) break;
        std::size_t before = left.size();
        if (!resolve_equalities(conjuncts, left) || left.size() == before) return std::nullopt;
    }
    if (conjuncts.empty()) return ctx.bool_val(true);
    if (conjuncts.size() == 1) return conjuncts.front();
    z3::expr_vector conj(ctx);
    for (const z3::expr& c : conjuncts) conj.push_back(c);
    return z3::mk_and(conj);
}

}  // namespace clpi::solver
