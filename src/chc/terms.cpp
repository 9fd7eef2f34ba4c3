#include "chc/terms.hpp"

#include <utility>

#include "chc/replace.hpp"

namespace clpi::chc {

namespace {

// The kinds whose Z3 declaration follows from the arguments: such a term is made by its
// kind (Z3_mk_and and the rest), and two such terms are the same when their kinds and
// arguments are.
bool made_by_kind(Z3_decl_kind k) {
    switch (k) {
    case Z3_OP_AND: case Z3_OP_OR: case Z3_OP_NOT: case Z3_OP_IMPLIES: case Z3_OP_EQ: case Z3_OP_ITE:
        return true;
    default:
        return false;
    }
}

}  // namespace

std::size_t Terms::AppHash::operator()(Term t) const {
    const Node& n = terms->nodes_[t];
    std::size_t h = static_cast<std::size_t>(n.kind) * 0x9e3779b97f4a7c15ULL;
    if (!made_by_kind(n.kind)) h ^= reinterpret_cast<std::uintptr_t>(n.decl) * 0x100000001b3ULL;
    for (std::uint32_t i = 0; i < n.count; ++i) {
        h = (h ^ terms->args_[n.first + i]) * 0x100000001b3ULL;
    }
    return h ^ (h >> 29);
}

bool Terms::SameApp::operator()(Term a, Term b) const {
    const Node& x = terms->nodes_[a];
    const Node& y = terms->nodes_[b];
    if (x.kind != y.kind || x.count != y.count) return false;
    if (!made_by_kind(x.kind) && x.decl != y.decl) return false;
    for (std::uint32_t i = 0; i < x.count; ++i) {
        if (terms->args_[x.first + i] != terms->args_[y.first + i]) return false;
    }
    return true;
}

Terms::Terms(z3::context& ctx) : ctx_(ctx), app_slots_(256, no_term) {
    true_ = of(Z3_mk_true(ctx_));
    false_ = of(Z3_mk_false(ctx_));
}

Terms::~Terms() {
    for (Z3_ast a : z3_) {
        if (a != nullptr) Z3_dec_ref(ctx_, a);
    }
    for (Z3_ast a : also_) Z3_dec_ref(ctx_, a);
}

void Terms::hold(Term t, Z3_ast e) {
    Z3_inc_ref(ctx_, e);
    if (z3_[t] == nullptr) {
        z3_[t] = e;
    } else if (z3_[t] != e) {
        also_.push_back(e);
    } else {
        Z3_dec_ref(ctx_, e);
    }
}

Term Terms::application(Z3_decl_kind kind, Z3_func_decl decl, const Term* args, unsigned count, Z3_sort_kind sort) {
    Node n;
    n.kind = kind;
    n.decl = decl;
    n.first = static_cast<std::uint32_t>(args_.size());
    n.count = count;
    n.app = true;
    n.sort = sort;
    args_.insert(args_.end(), args, args + count);
    const auto t = static_cast<Term>(nodes_.size());
    nodes_.push_back(n);
    z3_.push_back(nullptr);
    const Term found = find_or_add_app(t);
    if (found != t) {  // the table has it: the candidate goes
        nodes_.pop_back();
        z3_.pop_back();
        args_.resize(n.first);
    }
    return found;
}

// The application in the table that is the same as `t`, or `t`, added. (Open addressing
// in one vector: an unordered_set allocated a node for each application made.)
Term Terms::find_or_add_app(Term t) {
    const AppHash hash{this};
    const SameApp same{this};
    std::size_t mask = app_slots_.size() - 1;
    for (std::size_t i = hash(t) & mask;; i = (i + 1) & mask) {
        const Term there = app_slots_[i];
        if (there == no_term) {
            app_slots_[i] = t;
            break;
        }
        if (same(there, t)) return there;
    }
    if (2 * ++apps_ <= app_slots_.size()) return t;
    // Half full: twice the slots, the applications placed again.
    std::vector<Term> old(2 * app_slots_.size(), no_term);
    old.swap(app_slots_);
    mask = app_slots_.size() - 1;
    for (const Term a : old) {
        if (a == no_term) continue;
        std::size_t i = hash(a) & mask;
        while (app_slots_[i] != no_term) i = (i + 1) & mask;
        app_slots_[i] = a;
    }
    return t;
}

bool Terms::int64_value(Term t, std::int64_t& value) const {
    if (!nodes_[t].numeral) return false;
    std::int64_t v = 0;
    if (!Z3_get_numeral_int64(ctx_, z3_[t], &v)) return false;
    value = v;
    return true;
}

Term Terms::of(Z3_ast e) {
    const Term found = term_of_id(Z3_get_ast_id(ctx_, e));
    return found != no_term ? found : read(e);
}

std::vector<Term> Terms::of(const z3::expr_vector& es) {
    std::vector<Term> out;
    out.reserve(es.size());
    for (unsigned i = 0; i < es.size(); ++i) out.push_back(of(es[static_cast<int>(i)]));
    return out;
}

Term Terms::read(Z3_ast root) {
    // Bottom-up with an explicit stack: a term nests as deep as the chain of `let`s that
    // made it. The terms of the arguments read are kept on a stack of their own, where the
    // application takes them from (not looked up again by their ids), and an application's
    // id, declaration and number of arguments are asked once.
    struct Visit {
        Z3_ast e;
        Z3_app app;      // set once its arguments are on their way: then it is made
        unsigned id;
        unsigned count;  // of its arguments
    };
    std::vector<Visit> stack{{root, nullptr, 0, 0}};
    std::vector<Term> values;  // the terms read, for the applications above them
    while (!stack.empty()) {
        const Visit v = stack.back();
        stack.pop_back();
        if (v.app != nullptr) {  // its arguments are the last `count` values
            const Z3_sort_kind sort = Z3_get_sort_kind(ctx_, Z3_get_sort(ctx_, v.e));
            const Z3_func_decl decl = Z3_get_app_decl(ctx_, v.app);
            const Term* args = values.data() + (values.size() - v.count);
            const Term t = application(Z3_get_decl_kind(ctx_, decl), decl, args, v.count, sort);
            values.resize(values.size() - v.count);
            hold(t, v.e);
            note_id(v.id, t);
            values.push_back(t);
            continue;
        }
        const unsigned id = Z3_get_ast_id(ctx_, v.e);
        if (const Term found = term_of_id(id); found != no_term) {
            values.push_back(found);
            continue;
        }
        const Z3_ast_kind k = Z3_get_ast_kind(ctx_, v.e);
        const bool app = k == Z3_APP_AST || k == Z3_NUMERAL_AST;
        const Z3_app a = app ? Z3_to_app(ctx_, v.e) : nullptr;
        const unsigned count = app ? Z3_get_app_num_args(ctx_, a) : 0;
        if (count > 0) {
            stack.push_back({v.e, a, id, count});
            for (unsigned i = count; i-- > 0;) stack.push_back({Z3_get_app_arg(ctx_, a, i), nullptr, 0, 0});
            continue;
        }
        // A leaf: a constant, a numeral, a bound variable, a quantifier.
        Node n;
        n.app = app;
        n.numeral = k == Z3_NUMERAL_AST;
        n.quantifier = k == Z3_QUANTIFIER_AST;
        n.sort = Z3_get_sort_kind(ctx_, Z3_get_sort(ctx_, v.e));
        n.leaf_id = id;
        if (app) {
            n.decl = Z3_get_app_decl(ctx_, a);
            n.kind = Z3_get_decl_kind(ctx_, n.decl);
        }
        const auto t = static_cast<Term>(nodes_.size());
        nodes_.push_back(n);
        z3_.push_back(nullptr);
        hold(t, v.e);
        note_id(id, t);
        values.push_back(t);
    }
    return values.back();
}

z3::expr Terms::expr(Term root) {
    if (z3_[root] != nullptr) return {ctx_, z3_[root]};
    std::vector<std::pair<Term, bool>> stack{{root, false}};
    std::vector<Z3_ast> args;
    while (!stack.empty()) {
        const auto [t, expanded] = stack.back();
        stack.pop_back();
        if (z3_[t] != nullptr) continue;
        const Node n = nodes_[t];  // (a leaf has its Z3 term: this is an application)
        if (!expanded) {
            stack.emplace_back(t, true);
            for (std::uint32_t i = n.count; i-- > 0;) {
                if (z3_[args_[n.first + i]] == nullptr) stack.emplace_back(args_[n.first + i], false);
            }
            continue;
        }
        args.clear();
        for (std::uint32_t i = 0; i < n.count; ++i) args.push_back(z3_[args_[n.first + i]]);
        Z3_ast made = nullptr;
        if (n.kind == Z3_OP_AND && n.count >= 2) {
            made = Z3_mk_and(ctx_, n.count, args.data());
        } else if (n.kind == Z3_OP_OR && n.count >= 2) {
            made = Z3_mk_or(ctx_, n.count, args.data());
        } else if (n.kind == Z3_OP_NOT && n.count == 1) {
            made = Z3_mk_not(ctx_, args[0]);
        } else if (n.kind == Z3_OP_EQ && n.count == 2) {
            made = Z3_mk_eq(ctx_, args[0], args[1]);
        } else if (n.kind == Z3_OP_IMPLIES && n.count == 2) {
            made = Z3_mk_implies(ctx_, args[0], args[1]);
        } else if (n.kind == Z3_OP_ITE && n.count == 3) {
            made = Z3_mk_ite(ctx_, args[0], args[1], args[2]);
        } else {
            made = Z3_mk_app(ctx_, n.decl, n.count, args.data());
        }
        ctx_.check_error();
        hold(t, made);
        note_id(Z3_get_ast_id(ctx_, made), t);
    }
    return {ctx_, z3_[root]};
}

Term Terms::few(Z3_decl_kind kind, std::span<const Term> parts) {
    std::vector<Z3_ast> args;
    for (Term p : parts) args.push_back(expr(p));
    const auto count = static_cast<unsigned>(args.size());
    Z3_ast made = kind == Z3_OP_AND ? Z3_mk_and(ctx_, count, args.data()) : Z3_mk_or(ctx_, count, args.data());
    ctx_.check_error();
    return of(z3::expr(ctx_, made));
}

Term Terms::mk_not(Term a) { return application(Z3_OP_NOT, nullptr, &a, 1, Z3_BOOL_SORT); }

Term Terms::mk_and(std::span<const Term> parts) {
    if (parts.size() < 2) return few(Z3_OP_AND, parts);
    return application(Z3_OP_AND, nullptr, parts.data(), static_cast<unsigned>(parts.size()), Z3_BOOL_SORT);
}

Term Terms::mk_or(std::span<const Term> parts) {
    if (parts.size() < 2) return few(Z3_OP_OR, parts);
    return application(Z3_OP_OR, nullptr, parts.data(), static_cast<unsigned>(parts.size()), Z3_BOOL_SORT);
}

Term Terms::mk_eq(Term a, Term b) {
    const Term args[2] = {a, b};
    return application(Z3_OP_EQ, nullptr, args, 2, Z3_BOOL_SORT);
}

Term Terms::mk_ite(Term c, Term t, Term e) {
    const Term args[3] = {c, t, e};
    return application(Z3_OP_ITE, nullptr, args, 3, nodes_[t].sort);
}

Term Terms::update(Term t, const std::vector<Term>& args) {
    const Node n = nodes_[t];
    if ((n.kind == Z3_OP_AND || n.kind == Z3_OP_OR) && args.size() < 2) return few(n.kind, args);
    return application(n.kind, n.decl, args.data(), static_cast<unsigned>(args.size()), n.sort);
}

Term Terms::apply(Term like, const std::vector<Term>& args) {
    const Node n = nodes_[like];
    return application(n.kind, n.decl, args.data(), static_cast<unsigned>(args.size()), n.sort);
}

Term Terms::replace(Term root, const std::vector<Term>& from, const std::vector<Term>& to) {
    if (from.empty()) return root;
    // What each term visited became, by term (the terms made on the way are never looked
    // up): a table of the size of the terms, kept for the next call and cleared where this
    // one wrote.
    std::vector<Term>& done = replaced_;
    if (done.size() < nodes_.size()) done.resize(nodes_.size(), no_term);
    // (The walk's vectors are the table's, kept from call to call: the folding of a step
    // replaces in each of its comparisons, and three allocations per call were most of
    // the work of a small replacement.)
    std::vector<Term>& written = replace_written_;
    written.clear();
    auto set = [&](Term t, Term value) {
        if (done[t] == no_term) written.push_back(t);
        done[t] = value;
    };
    auto clear = [&] {
        for (const Term t : written) done[t] = no_term;
    };
    for (std::size_t i = 0; i < from.size(); ++i) set(from[i], to[i]);
    std::vector<std::pair<Term, bool>>& stack = replace_stack_;
    stack.assign(1, {root, false});
    std::vector<Term>& args = replace_args_;
    while (!stack.empty()) {
        const auto [t, expanded] = stack.back();
        stack.pop_back();
        if (!expanded && done[t] != no_term) continue;
        const Node n = nodes_[t];
        if (n.quantifier) {  // its variables' indices shift inside: Z3's to replace
            clear();
            z3::expr_vector olds(ctx_);
            z3::expr_vector news(ctx_);
            for (std::size_t i = 0; i < from.size(); ++i) {
                olds.push_back(expr(from[i]));
                news.push_back(expr(to[i]));
            }
            return of(chc::replace(expr(root), olds, news));
        }
        if (n.count == 0) {
            set(t, t);
            continue;
        }
        if (!expanded) {
            stack.emplace_back(t, true);
            for (std::uint32_t i = n.count; i-- > 0;) stack.emplace_back(args_[n.first + i], false);
            continue;
        }
        args.clear();
        bool changed = false;
        for (std::uint32_t i = 0; i < n.count; ++i) {
            const Term a = args_[n.first + i];
            const Term now = done[a];
            changed = changed || now != a;
            args.push_back(now);
        }
        const Term now = changed ? update(t, args) : t;  // (update may grow the table of terms)
        set(t, now);
    }
    const Term out = done[root];
    clear();
    return out;
}

}  // namespace clpi::chc
