// Projection by substitution, choosing definitions as Z3's equality resolution does.
#include "solver/eliminate.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <unordered_map>
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

// The ids of the constants of e (its variables, numerals among them), each node visited
// once: one walk answers for every variable what `occurs` answers for one. A transition of
// a hundred state variables has hundreds of conjuncts and variables, and a walk per pair
// made its projection take milliseconds.
void constants_of(const z3::expr& e, std::unordered_set<unsigned>& seen, std::unordered_set<unsigned>& out) {
    if (!e.is_app() || !seen.insert(e.id()).second) return;
    if (e.num_args() == 0) out.insert(e.id());
    for (unsigned i = 0; i < e.num_args(); ++i) constants_of(e.arg(i), seen, out);
}

std::unordered_set<unsigned> constants_of(const z3::expr& e) {
    std::unordered_set<unsigned> seen, out;
    constants_of(e, seen, out);
    return out;
}

std::optional<std::size_t> target_id(const std::unordered_map<unsigned, std::size_t>& index, unsigned id) {
    if (auto it = index.find(id); it != index.end()) return it->second;
    return std::nullopt;
}

// The variables that occur in some conjunct, in their order.
void keep_occurring(std::vector<z3::expr>& variables, const std::vector<z3::expr>& conjuncts) {
    std::unordered_set<unsigned> seen, present;
    for (const z3::expr& c : conjuncts) constants_of(c, seen, present);
    std::erase_if(variables, [&](const z3::expr& v) { return !present.contains(v.id()); });
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

// Each of `conjuncts` with `from` replaced by `to`, in one substitution: a substitution's
// set-up is as long as `from`, and made once per conjunct it cost more than all the rest of
// a large transition's projection.
std::vector<z3::expr> substitute_each(const std::vector<z3::expr>& conjuncts, const z3::expr_vector& from,
                                      const z3::expr_vector& to) {
    if (from.empty() || conjuncts.empty()) return conjuncts;
    if (conjuncts.size() == 1) return {z3::expr(conjuncts.front()).substitute(from, to)};
    z3::context& ctx = conjuncts.front().ctx();
    std::vector<Z3_ast> args;
    for (const z3::expr& c : conjuncts) args.push_back(c);
    // Z3_mk_and neither flattens nor simplifies: the result's arguments are the conjuncts.
    z3::expr all(ctx, Z3_mk_and(ctx, static_cast<unsigned>(args.size()), args.data()));
    z3::expr done = all.substitute(from, to);
    std::vector<z3::expr> out;
    if (done.is_app() && done.decl().decl_kind() == Z3_OP_AND && done.num_args() == conjuncts.size()) {
        for (unsigned i = 0; i < done.num_args(); ++i) out.push_back(done.arg(i));
    } else {
        for (const z3::expr& c : conjuncts) out.push_back(z3::expr(c).substitute(from, to));
    }
    return out;
}

// One round of equality resolution: the conjuncts that define no variable, with the
// definitions substituted; `variables` keeps those with no definition. False on a cycle of
// definitions (which one equation never makes): the caller then gives up.
bool resolve_equalities(std::vector<z3::expr>& conjuncts, std::vector<z3::expr>& variables) {
    z3::context& ctx = conjuncts.front().ctx();
    const std::size_t n = variables.size();
    std::unordered_map<unsigned, std::size_t> index;  // a variable's id -> its place
    for (std::size_t k = 0; k < n; ++k) index.emplace(variables[k].id(), k);
    auto target = [&](const z3::expr& e) { return target_id(index, e.id()); };
    // The places of the variables that occur in e, in order.
    auto variables_in = [&](const z3::expr& e) {
        std::vector<std::size_t> ks;
        for (unsigned id : constants_of(e)) {
            if (auto k = target_id(index, id)) ks.push_back(*k);
        }
        std::sort(ks.begin(), ks.end());
        return ks;
    };
    auto ground = [&](const z3::expr& e) {
        for (unsigned id : constants_of(e)) {
            if (index.contains(id)) return false;
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
        // Only a variable of the equation can be solved for.
        for (std::size_t k : variables_in(c)) {
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
        for (std::size_t j : variables_in(t)) {
            if (j == k || !defined[j]) continue;
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
        if (!used[i]) rest.push_back(conjuncts[i]);
    }
    conjuncts = substitute_each(rest, from, to);
    variables = std::move(undefined);
    return true;
}

}  // namespace

z3::expr substitute_definitions(const z3::expr& conjunction, std::vector<z3::expr>& variables) {
    z3::context& ctx = conjunction.ctx();
    std::vector<z3::expr> conjuncts;
    flatten(conjunction, conjuncts);
    std::vector<z3::expr> left = variables;
    while (true) {
        keep_occurring(left, conjuncts);
        std::size_t before = left.size();
        std::vector<z3::expr> trial = conjuncts;
        std::vector<z3::expr> trial_left = left;
        if (left.empty() || !resolve_equalities(trial, trial_left) || trial_left.size() == before) break;
        conjuncts = std::move(trial);
        left = std::move(trial_left);
    }
    variables = left;
    z3::params p(ctx);
    p.set("expand_select_store", true);
    z3::expr_vector conj(ctx);
    for (const z3::expr& c : conjuncts) conj.push_back(c.simplify(p));
    return conjuncts.empty() ? ctx.bool_val(true) : z3::mk_and(conj).simplify(p);
}

z3::expr reads_through_stores(const z3::expr& e, std::size_t& cases) {
    std::unordered_map<unsigned, z3::expr> done;
    std::function<z3::expr(const z3::expr&)> walk = [&](const z3::expr& x) -> z3::expr {
        if (!x.is_app() || x.num_args() == 0) return x;
        if (auto it = done.find(x.id()); it != done.end()) return it->second;
        z3::expr_vector args(x.ctx());
        for (unsigned i = 0; i < x.num_args(); ++i) args.push_back(walk(x.arg(i)));
        z3::expr out = x.decl()(args);
        // select(store(a, i, v), j), from the inside out: a may be a store too.
        std::function<z3::expr(const z3::expr&, const z3::expr&)> read = [&](const z3::expr& a, const z3::expr& j) {
            if (a.is_app() && a.decl().decl_kind() == Z3_OP_STORE) {
                ++cases;
                return z3::ite(a.arg(1) == j, a.arg(2), read(a.arg(0), j));
            }
            if (a.is_app() && a.decl().decl_kind() == Z3_OP_CONST_ARRAY) return a.arg(0);
            return z3::select(a, j);
        };
        if (out.decl().decl_kind() == Z3_OP_SELECT) out = read(out.arg(0), out.arg(1));
        done.emplace(x.id(), out);
        return out;
    };
    return walk(e);
}

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
        keep_occurring(left, conjuncts);
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

namespace clpi::solver {

namespace {

bool is_store_of(const z3::expr& e) { return e.is_app() && e.decl().decl_kind() == Z3_OP_STORE; }

// The distinct terms select(a, j) in `e`.
void selects_of(const z3::expr& e, unsigned a, std::unordered_set<unsigned>& seen,
                std::vector<z3::expr>& out) {
    if (!e.is_app() || !seen.insert(e.id()).second) return;
    if (e.decl().decl_kind() == Z3_OP_SELECT && e.arg(0).id() == a) out.push_back(e);
    for (unsigned i = 0; i < e.num_args(); ++i) selects_of(e.arg(i), a, seen, out);
}

z3::expr substituted(const z3::expr& e, const z3::expr& from, const z3::expr& to) {
    z3::expr_vector src(e.ctx()), dst(e.ctx());
    src.push_back(from);
    dst.push_back(to);
    return z3::expr(e).substitute(src, dst);
}

// One array variable `a` out of `conjuncts`; fresh element constants go to `fresh`.
bool eliminate_array(std::vector<z3::expr>& conjuncts, const z3::expr& a, std::vector<z3::expr>& fresh) {
    z3::context& ctx = a.ctx();
    auto fresh_element = [&] {
        z3::expr u = ctx.constant(("!cell" + std::to_string(fresh.size())).c_str(), a.get_sort().array_range());
        fresh.push_back(u);
        return u;
    };
    auto replace_everywhere = [&](std::size_t skip, const z3::expr& from, const z3::expr& to) {
        for (std::size_t k = 0; k < conjuncts.size(); ++k) {
            if (k != skip) conjuncts[k] = substituted(conjuncts[k], from, to);
        }
    };
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t k = 0; k < conjuncts.size() && !changed; ++k) {
            const z3::expr c = conjuncts[k];
            if (!c.is_app() || c.decl().decl_kind() != Z3_OP_EQ || !c.arg(0).is_array()) continue;
            for (int side = 0; side < 2 && !changed; ++side) {
                const z3::expr x = c.arg(side), t = c.arg(1 - side);
                if (occurs(t, a.id())) continue;
                if (x.id() == a.id()) {
                    // a = t: a is t everywhere.
                    replace_everywhere(k, a, t);
                    conjuncts.erase(conjuncts.begin() + static_cast<std::ptrdiff_t>(k));
                    changed = true;
                } else if (is_store_of(x) && occurs(x.arg(0), a.id())) {
                    // t = store(X, i, v) holds exactly when t[i] = v and X is t with cell i
                    // set to some value u: the store is undone on t's side (i and v may read
                    // a: those reads are left to the rules below).
                    z3::expr i = x.arg(1), v = x.arg(2);
                    conjuncts[k] = x.arg(0) == z3::store(t, i, fresh_element());
                    conjuncts.push_back(z3::select(t, i) == v);
                    changed = true;
                }
            }
        }
        if (std::none_of(conjuncts.begin(), conjuncts.end(), [&](const z3::expr& e) { return occurs(e, a.id()); })) {
            return true;
        }
    }
    // Only reads of `a` left: each distinct read a[j] is a value of its own, equal to another
    // where the indices are equal (Ackermann's reduction).
    std::vector<z3::expr> reads;
    std::unordered_set<unsigned> seen;
    for (const z3::expr& c : conjuncts) selects_of(c, a.id(), seen, reads);
    z3::expr_vector from(ctx), to(ctx);
    for (const z3::expr& r : reads) {
        from.push_back(r);
        to.push_back(fresh_element());
    }
    for (std::size_t k = 0; k < reads.size(); ++k) {
        for (std::size_t l = k + 1; l < reads.size(); ++l) {
            conjuncts.push_back(z3::implies(reads[k].arg(1) == reads[l].arg(1),
                                            to[static_cast<int>(k)] == to[static_cast<int>(l)]));
        }
    }
    // All at once, so that a read inside another read's index goes too.
    for (z3::expr& c : conjuncts) c = c.substitute(from, to);
    if (std::any_of(conjuncts.begin(), conjuncts.end(), [&](const z3::expr& e) { return occurs(e, a.id()); })) {
        return false;  // in a comparison of arrays, say
    }
    return true;
}

}  // namespace

std::optional<z3::expr> eliminate_arrays(const z3::expr& conjunction, std::vector<z3::expr>& variables) {
    z3::context& ctx = conjunction.ctx();
    z3::params p(ctx);
    p.set("expand_select_store", true);
    std::vector<z3::expr> conjuncts;
    flatten(conjunction, conjuncts);
    std::vector<z3::expr> fresh;
    std::vector<z3::expr> kept;
    for (const z3::expr& v : variables) {
        if (!v.is_array()) {
            kept.push_back(v);
            continue;
        }
        if (!v.get_sort().array_domain().is_int() && !v.get_sort().array_domain().is_real()) return std::nullopt;
        if (!eliminate_array(conjuncts, v, fresh)) return std::nullopt;
        // Reads of stores become case splits on the indices, for the next variable.
        for (z3::expr& c : conjuncts) c = c.simplify(p);
    }
    for (z3::expr& c : conjuncts) c = c.simplify(p);
    kept.insert(kept.end(), fresh.begin(), fresh.end());
    variables = std::move(kept);
    z3::expr_vector conj(ctx);
    for (const z3::expr& c : conjuncts) conj.push_back(c);
    return conjuncts.empty() ? ctx.bool_val(true) : z3::mk_and(conj);
}

}  // namespace clpi::solver
