#include "chc/simplify.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <unordered_set>

#include "chc/replace.hpp"
#include "chc/terms.hpp"

namespace clpi::chc {

// Through Z3's C API: the C++ API makes a reference-counted object for a node's
// declaration, and checks for an error after every call.
namespace {
// Room for `more` in `v` at once, growing geometrically still (a conjunction's conjuncts
// are pushed one by one: without it, an allocation per doubling).
template <class T>
void grow_for(std::vector<T>& v, std::size_t more) {
    if (v.capacity() < v.size() + more) v.reserve(std::max(v.size() + more, 2 * v.capacity()));
}
}  // namespace

void flatten_and(const z3::expr& e, std::vector<z3::expr>& out) {
    const Z3_context c = e.ctx();
    if (Z3_get_ast_kind(c, e) == Z3_APP_AST) {
        const Z3_app app = Z3_to_app(c, e);
        if (Z3_get_decl_kind(c, Z3_get_app_decl(c, app)) == Z3_OP_AND) {
            const unsigned n = Z3_get_app_num_args(c, app);
            grow_for(out, n);
            for (unsigned i = 0; i < n; ++i) flatten_and(e.arg(i), out);
            return;
        }
    }
    out.push_back(e);
}

// The terms of the folds that a FoldingScope serves, and what folding without units or
// flags made of each (a pure function of the term, which every such fold shares: the
// import folds a clause's constraint again after each step, the flags fixed, each round
// of definitions substituted, and most of it is what it was).
struct FoldingScope::Memo {
    std::optional<Terms> terms;  // made in the context of the first formula folded
    std::vector<Term> folded;    // by term; no_term where not folded
};

namespace {

thread_local FoldingScope::Memo* shared_plain_memo = nullptr;

}  // namespace

TermsInUse::TermsInUse(z3::context& ctx) {
    FoldingScope::Memo* scope = shared_plain_memo;
    if (scope != nullptr && (!scope->terms || &scope->terms->ctx() == &ctx)) {
        if (!scope->terms) scope->terms.emplace(ctx);
        terms_ = &*scope->terms;
        plain_ = &scope->folded;
    } else {
        own_ = std::make_unique<Terms>(ctx);
        terms_ = own_.get();
    }
}

TermsInUse::~TermsInUse() = default;

namespace {


void flatten_and(const Terms& terms, Term e, std::vector<Term>& out) {
    if (terms.is(e, Z3_OP_AND)) {
        grow_for(out, terms.num_args(e));
        for (unsigned i = 0; i < terms.num_args(e); ++i) flatten_and(terms, terms.arg(e, i), out);
    } else {
        out.push_back(e);
    }
}

// The entry of `t` in a table by term, grown to hold it.
template <class T>
T& slot(std::vector<T>& table, Term t, const T& absent) {
    if (t >= table.size()) table.resize(t + 1, absent);
    return table[t];
}

// `e` with its Boolean structure folded where parts became constants (after the flags or
// definitions were substituted); everything else as written, so that the CLP rules read
// like the clauses (Z3's simplifier would rewrite `x < 0` as `not (0 <= x)`).
class Folder {
public:
    // `shared`: the memo of the scope's plain folds (null: a memo of its own).
    Folder(Terms& terms, std::vector<Term>* shared) : t_(terms), memo_(shared != nullptr ? *shared : own_memo_) {}
    // `known`: atoms whose value is given, the units of the enclosing conjunction.
    // `learns`: whether learn() and forget() will be asked (the folder then notes, for
    // each term it folds, the terms whose folding asked for it).
    Folder(Terms& terms, const std::map<Term, bool>& known, bool learns)
        : t_(terms), learns_(learns), memo_(own_memo_) {
        for (const auto& [atom, value] : known) slot(known_, atom, std::int8_t{-1}) = value ? 1 : 0;
    }

    // Flags substituted by their values as the folding goes (FlagFolder): what is folded is
    // then `e` with the flags replaced.
    struct Substitution {
        const std::vector<Term>* flags;
        const std::vector<Term>* values;
        std::function<bool(Term)> has_flag;  // whether a term holds one
        Folder* plain;                       // folds what holds none
    };
    Folder(Terms& terms, const Substitution* sub) : t_(terms), sub_(sub), memo_(own_memo_) {}
    Folder(const Folder&) = delete;
    Folder& operator=(const Folder&) = delete;

    Term fold(Term e) {
        if (learns_ && !folding_.empty()) note_parent(e, folding_.back());
        if (e < known_.size() && known_[e] >= 0) return t_.truth(known_[e] != 0);
        if (sub_ != nullptr && !sub_->has_flag(e)) return sub_->plain->fold(e);
        if (e < memo_.size() && memo_[e] != no_term) return memo_[e];
        if (learns_) folding_.push_back(e);
        const Term out = compute(e);
        if (learns_) folding_.pop_back();
        slot(memo_, e, no_term) = out;
        return out;
    }

    // Makes `atom`'s value known from now on. What was folded without it and holds it is
    // forgotten (the terms that folding it went through, up to the conjuncts); the rest
    // stays: unit propagation learns units one at a time, and a folder made afresh for each
    // folded the whole constraint again. (With a conjunction whose parts fold to themselves
    // kept as it is, below: 6% fewer instructions in hcai O3 terminator_02's import.)
    void learn(Term atom, bool value) {
        slot(known_, atom, std::int8_t{-1}) = value ? 1 : 0;
        forget_folded(atom);
    }
    // Whether `atom`'s value is known (given, or learnt).
    [[nodiscard]] bool knows(Term atom) const { return atom < known_.size() && known_[atom] >= 0; }
    // Makes `atom`'s value unknown again (learn's undoing).
    void forget(Term atom) {
        if (atom < known_.size()) known_[atom] = -1;
        forget_folded(atom);
    }

private:
    // Forgets what was folded of the terms that hold `atom`.
    void forget_folded(Term atom) {
        std::vector<Term>& stale = stale_;
        stale.assign(1, atom);
        while (!stale.empty()) {
            const Term t = stale.back();
            stale.pop_back();
            if (t < memo_.size()) memo_[t] = no_term;
            if (t >= first_link_.size()) continue;
            for (std::uint32_t i = first_link_[t]; i != no_link;) {
                const std::uint32_t next = links_[i].next;
                stale.push_back(links_[i].parent);
                links_[i].next = free_link_;  // the link is free again
                free_link_ = i;
                i = next;
            }
            first_link_[t] = no_link;
        }
    }

    // Notes that folding `parent` asked for `e`. (In a list per term, its links in one
    // vector that reuses those forgotten: a map of vectors allocated a node and a vector
    // for each term folded, at each fold of unit propagation.)
    void note_parent(Term e, Term parent) {
        std::uint32_t i = free_link_;
        if (i != no_link) {
            free_link_ = links_[i].next;
        } else {
            i = static_cast<std::uint32_t>(links_.size());
            links_.emplace_back();
        }
        std::uint32_t& first = slot(first_link_, e, no_link);
        links_[i] = Link{parent, first};
        first = i;
    }

    [[nodiscard]] bool ground(Term e) const {
        if (t_.is_numeral(e) || t_.is(e, Z3_OP_TRUE) || t_.is(e, Z3_OP_FALSE)) return true;
        if (!t_.is_app(e) || t_.num_args(e) == 0) return false;
        for (unsigned i = 0; i < t_.num_args(e); ++i) {
            if (!ground(t_.arg(e, i))) return false;
        }
        return true;
    }

    // A part that holds a flag, and that folding does not take apart (a comparison, a term):
    // the flags replaced there, then folded as a whole.
    Term substituted(Term e) { return sub_->plain->fold(t_.replace(e, *sub_->flags, *sub_->values)); }

    Term compute(Term e) {
        if (!t_.is_app(e) || t_.num_args(e) == 0 || !t_.is_bool(e)) return sub_ != nullptr ? substituted(e) : e;
        const unsigned n = t_.num_args(e);
        switch (t_.kind(e)) {
        case Z3_OP_AND:
        case Z3_OP_OR: {
            // A conjunction whose parts all fold to themselves is itself: not made again
            // (most of a constraint is untouched by the units of a step).
            // (The parts kept go on the folder's stack, above those of the conjunctions
            // being folded around this one: a vector of its own for each was an allocation
            // at every conjunction and disjunction of every fold.)
            const bool is_and = t_.kind(e) == Z3_OP_AND;
            const std::size_t base = kept_.size();
            struct Pop {
                std::vector<Term>& stack;
                std::size_t base;
                ~Pop() { stack.resize(base); }
            } pop{kept_, base};
            bool same = true;
            for (unsigned i = 0; i < n; ++i) {
                const Term part = t_.arg(e, i);
                const Term a = fold(part);
                same = same && a == part;
                if (is_and ? t_.is_true(a) : t_.is_false(a)) continue;
                if (is_and ? t_.is_false(a) : t_.is_true(a)) return a;
                kept_.push_back(a);
            }
            const std::span<const Term> kept(kept_.data() + base, kept_.size() - base);
            if (kept.empty()) return t_.truth(is_and);
            if (kept.size() == 1) return kept[0];
            if (is_and && same) return e;
            if (is_and) return t_.mk_and(kept);
            return common_factor(kept);
        }
        case Z3_OP_NOT: {
            const Term part = t_.arg(e, 0);
            const Term a = fold(part);
            if (t_.is_true(a) || t_.is_false(a)) return t_.truth(t_.is_false(a));
            if (t_.is(a, Z3_OP_NOT)) return t_.arg(a, 0);
            return a == part ? e : t_.mk_not(a);
        }
        case Z3_OP_IMPLIES: return fold(t_.mk_or({t_.mk_not(t_.arg(e, 0)), t_.arg(e, 1)}));
        case Z3_OP_ITE: {
            const Term c = fold(t_.arg(e, 0));
            if (t_.is_true(c)) return fold(t_.arg(e, 1));
            if (t_.is_false(c)) return fold(t_.arg(e, 2));
            const Term then = fold(t_.arg(e, 1));
            return t_.mk_ite(c, then, fold(t_.arg(e, 2)));
        }
        case Z3_OP_EQ:
            if (n == 2 && t_.is_bool(t_.arg(e, 0))) {
                const Term a = fold(t_.arg(e, 0));
                const Term b = fold(t_.arg(e, 1));
                if (t_.is_true(a)) return b;
                if (t_.is_true(b)) return a;
                if (t_.is_false(a)) return fold(t_.mk_not(b));
                if (t_.is_false(b)) return fold(t_.mk_not(a));
                return t_.mk_eq(a, b);
            }
            if (n == 2 && t_.arg(e, 0) == t_.arg(e, 1)) return t_.truth(true);
            [[fallthrough]];
        default:
            if (sub_ != nullptr) return substituted(e);
            if (ground(e)) return t_.of(t_.expr(e).simplify());  // a comparison of numbers: true or false
            return e;
        }
    }

    // (a ∧ x) ∨ (a ∧ y) is a ∧ (x ∨ y): the frame conditions that every case of a
    // transition repeats (`x' = x`) come out of the disjunction.
    Term common_factor(std::span<const Term> cases) {
        std::vector<std::vector<Term>> parts(cases.size());
        for (std::size_t i = 0; i < cases.size(); ++i) flatten_and(t_, cases[i], parts[i]);
        std::vector<Term> common;
        for (const Term c : parts[0]) {
            bool everywhere = true;
            for (std::size_t i = 1; i < parts.size() && everywhere; ++i) {
                everywhere = std::find(parts[i].begin(), parts[i].end(), c) != parts[i].end();
            }
            if (everywhere) common.push_back(c);
        }
        if (common.empty()) return t_.mk_or(cases);
        std::vector<Term> rest;
        for (const auto& conj : parts) {
            std::vector<Term> left;
            for (const Term d : conj) {
                if (std::find(common.begin(), common.end(), d) == common.end()) left.push_back(d);
            }
            if (left.empty()) {  // one case is the common part alone: the rest is true
                rest.clear();
                break;
            }
            rest.push_back(t_.mk_and(left));
        }
        std::vector<Term> out = common;
        if (!rest.empty()) out.push_back(rest.size() == 1 ? rest[0] : t_.mk_or(rest));
        return t_.mk_and(out);
    }

    Terms& t_;
    std::vector<Term> kept_;  // the parts kept of the conjunctions being folded, innermost last
    std::vector<std::int8_t> known_;  // by term: 1 true, 0 false, -1 not known
    bool learns_ = false;
    const Substitution* sub_ = nullptr;
    // The terms being folded, innermost last, and for each term folded the terms whose
    // folding asked for it: what learn() forgets.
    std::vector<Term> folding_;
    static constexpr std::uint32_t no_link = ~std::uint32_t{0};
    struct Link {
        Term parent;
        std::uint32_t next;  // the term's next link, or no_link
    };
    std::vector<Link> links_;
    std::vector<std::uint32_t> first_link_;  // by term: its first link, or no_link
    std::uint32_t free_link_ = no_link;     // the first of the links forgotten
    std::vector<Term> stale_;               // forget_folded()'s, kept for its capacity
    std::vector<Term> own_memo_;  // by term: what it folds to, no_term where not folded
    std::vector<Term>& memo_;     // own_memo_, or the shared one of a plain folder
};

}  // namespace

FoldingScope::FoldingScope() : memo_(std::make_unique<Memo>()), outer_(shared_plain_memo) {
    shared_plain_memo = memo_.get();
}

FoldingScope::~FoldingScope() { shared_plain_memo = outer_; }

z3::expr substitute_folded(const z3::expr& e, const z3::expr_vector& from,
                           const z3::expr_vector& to) {
    const TermsInUse in_use(e.ctx());
    Terms& terms = in_use.terms();
    Term out = terms.of(e);
    if (!from.empty()) out = terms.replace(out, terms.of(from), terms.of(to));
    return terms.expr(Folder(terms, in_use.plain_memo()).fold(out));
}

struct FlagFolder::State {
    explicit State(const z3::expr_vector& f)
        : in_use(f.ctx()), terms(in_use.terms()), flags(terms.of(f)), plain(terms, in_use.plain_memo()) {
        for (const Term x : flags) slot(is_flag, x, std::uint8_t{0}) = 1;
    }
    TermsInUse in_use;
    Terms& terms;
    std::vector<Term> flags;
    std::vector<std::uint8_t> is_flag;  // by term
    Folder plain;  // its memo serves every call
    // By term: whether it holds a flag (1), holds none (0), not looked at (-1). A quantifier
    // or bound variable counts as holding one: it is substituted as before.
    std::vector<std::int8_t> holds_flag;

    bool has_flag(Term e) {
        if (e < holds_flag.size() && holds_flag[e] >= 0) return holds_flag[e] != 0;
        bool has = true;
        if (terms.is_app(e)) {
            if (terms.num_args(e) == 0) {
                has = e < is_flag.size() && is_flag[e] != 0;
            } else {
                has = false;
                for (unsigned i = 0; i < terms.num_args(e) && !has; ++i) has = has_flag(terms.arg(e, i));
            }
        }
        slot(holds_flag, e, std::int8_t{-1}) = has ? 1 : 0;
        return has;
    }
};

FlagFolder::FlagFolder(const z3::expr_vector& flags) : s_(std::make_unique<State>(flags)) {}
FlagFolder::~FlagFolder() = default;

z3::expr FlagFolder::fold(const z3::expr& e, const z3::expr_vector& values) {
    Terms& terms = s_->terms;
    const Term t = terms.of(e);
    if (s_->flags.empty()) return terms.expr(s_->plain.fold(t));
    const std::vector<Term> vals = terms.of(values);
    const Folder::Substitution sub{&s_->flags, &vals, [this](Term x) { return s_->has_flag(x); }, &s_->plain};
    Folder folder(terms, &sub);
    return terms.expr(folder.fold(t));
}

namespace {
bool is_atom(const Terms& terms, Term e) {
    if (!terms.is_app(e) || !terms.is_bool(e)) return false;
    switch (terms.kind(e)) {
    case Z3_OP_AND: case Z3_OP_OR: case Z3_OP_IMPLIES: case Z3_OP_ITE: case Z3_OP_XOR:
    case Z3_OP_TRUE: case Z3_OP_FALSE:
        return false;
    case Z3_OP_NOT: return false;
    case Z3_OP_EQ: return !terms.is_bool(terms.arg(e, 0));
    default: return true;
    }
}

// A unit conjunct, as its atom and value: an atom, or its negation.
std::optional<std::pair<Term, bool>> unit_of_conjunct(const Terms& terms, Term c) {
    if (is_atom(terms, c)) return std::make_pair(c, true);
    if (terms.is(c, Z3_OP_NOT) && is_atom(terms, terms.arg(c, 0))) return std::make_pair(terms.arg(c, 0), false);
    return std::nullopt;
}
}  // namespace

struct UnitPropagator::State {
    explicit State(const z3::expr& c) : in_use(c.ctx()), terms(in_use.terms()), constraint(terms.of(c)) {}
    TermsInUse in_use;
    Terms& terms;
    Term constraint;
    std::vector<Term> conjuncts;  // its conjuncts, the units folded
    std::vector<bool> is_unit;
    std::map<Term, bool> known;    // what its own units say
    bool is_false = false;         // a unit folded to false
    std::optional<Folder> folder;  // knows `known`, and for a while what a call learns
    // under()'s vectors, kept for their capacity: control recovery asks under() of one
    // constraint once for each valuation of its flags.
    std::vector<Term> now, next, parts, learnt_here;
    std::vector<bool> now_unit, next_unit;
    std::vector<std::pair<Term, bool>> assumed_units;  // the assumptions' units not in `known`
};

UnitPropagator::UnitPropagator(const z3::expr& constraint) : s_(std::make_unique<State>(constraint)) {
    State& st = *s_;
    flatten_and(st.terms, st.constraint, st.conjuncts);
    st.is_unit.assign(st.conjuncts.size(), false);
    for (std::size_t i = 0; i < st.conjuncts.size(); ++i) {
        if (auto u = unit_of_conjunct(st.terms, st.conjuncts[i])) {
            st.known.emplace(*u);
            st.is_unit[i] = true;
        }
    }
    // The units themselves are folded as they are (a comparison of numbers becomes true or
    // false), once, by a folder that knows none.
    Folder plain(st.terms, st.in_use.plain_memo());
    for (std::size_t i = 0; i < st.conjuncts.size() && !st.is_false; ++i) {
        if (!st.is_unit[i]) continue;
        st.conjuncts[i] = plain.fold(st.conjuncts[i]);
        st.is_false = st.terms.is_false(st.conjuncts[i]);
    }
    st.folder.emplace(st.terms, st.known, true);
}

UnitPropagator::~UnitPropagator() = default;

z3::expr UnitPropagator::under(const z3::expr_vector& assumed) {
    // The conjuncts are folded in order, each by the units known when its turn comes, and
    // a conjunct that folds to units makes them known at once, for the conjuncts after it
    // (a compiler's chain of definitions, `c1 = (x < y), c2 = (c1 and z), c2`, reads in that
    // order). A pass that makes new units known is followed by another, which folds every
    // conjunct by all of them. The old way, rounds that each folded every conjunct by the
    // units of the round before, took a round per link of such a chain (seven on hcai
    // terminator_03's clauses, and stopped after eight).
    State& st = *s_;
    Terms& terms = st.terms;
    std::vector<Term>& conjuncts = st.now;
    std::vector<bool>& is_unit = st.now_unit;
    conjuncts = st.conjuncts;
    is_unit = st.is_unit;
    // The units known: the constraint's (st.known), and the assumptions' new ones. (Not a
    // copy of st.known's map for each call: once the folder has learnt them, it says which
    // atoms are known.)
    std::vector<std::pair<Term, bool>>& assumed_units = st.assumed_units;
    assumed_units.clear();
    const std::vector<Term> assumptions = terms.of(assumed);
    for (const Term a : assumptions) {  // (conjuncts after the constraint's, as in a conjunction)
        flatten_and(terms, a, conjuncts);
        is_unit.resize(conjuncts.size(), false);
    }
    for (std::size_t i = st.conjuncts.size(); i < conjuncts.size(); ++i) {
        if (auto u = unit_of_conjunct(terms, conjuncts[i])) {
            const bool known = st.known.count(u->first) > 0 ||
                               std::any_of(assumed_units.begin(), assumed_units.end(),
                                           [&](const std::pair<Term, bool>& k) { return k.first == u->first; });
            if (!known) assumed_units.push_back(*u);
            is_unit[i] = true;
        }
    }
    if (st.known.empty() && assumed_units.empty()) {
        if (assumptions.empty()) return terms.expr(st.constraint);
        std::vector<Term> all{st.constraint};
        all.insert(all.end(), assumptions.begin(), assumptions.end());
        return terms.expr(terms.mk_and(all));
    }
    if (st.is_false) return terms.ctx().bool_val(false);
    Folder plain(terms, st.in_use.plain_memo());
    for (std::size_t i = st.conjuncts.size(); i < conjuncts.size(); ++i) {
        if (!is_unit[i]) continue;
        conjuncts[i] = plain.fold(conjuncts[i]);
        if (terms.is_false(conjuncts[i])) return terms.expr(conjuncts[i]);
    }
    // What this call makes known is forgotten at its end: the folder's memo of the parts
    // that do not hold it serves the next call. (Learnt in the atoms' order, as from a map.)
    Folder& by_known = *st.folder;
    std::vector<Term>& learnt_here = st.learnt_here;
    learnt_here.clear();
    std::sort(assumed_units.begin(), assumed_units.end());
    for (const auto& [atom, value] : assumed_units) {
        by_known.learn(atom, value);
        learnt_here.push_back(atom);
    }
    bool learnt = true;
    std::vector<Term>& next = st.next;
    std::vector<bool>& next_unit = st.next_unit;
    std::vector<Term>& parts = st.parts;
    for (int pass = 0; learnt && pass < 64; ++pass) {
        learnt = false;
        next.clear();
        next_unit.clear();
        for (std::size_t i = 0; i < conjuncts.size(); ++i) {
            if (is_unit[i]) {
                next.push_back(conjuncts[i]);
                next_unit.push_back(true);
                continue;
            }
            const Term f = by_known.fold(conjuncts[i]);
            if (terms.is_false(f)) {
                for (const Term atom : learnt_here) by_known.forget(atom);
                return terms.expr(f);
            }
            parts.clear();
            flatten_and(terms, f, parts);
            for (const Term part : parts) {
                if (terms.is_true(part)) continue;
                std::optional<std::pair<Term, bool>> u = unit_of_conjunct(terms, part);
                const bool new_unit = u && !by_known.knows(u->first);
                if (new_unit) {
                    learnt = true;
                    by_known.learn(u->first, u->second);
                    learnt_here.push_back(u->first);
                }
                next.push_back(part);
                next_unit.push_back(new_unit);
            }
        }
        conjuncts.swap(next);
        is_unit.swap(next_unit);
    }
    for (const Term atom : learnt_here) by_known.forget(atom);
    if (conjuncts.empty()) return terms.ctx().bool_val(true);
    if (conjuncts.size() == 1) return terms.expr(conjuncts[0]);
    return terms.expr(terms.mk_and(conjuncts));
}

z3::expr unit_propagate(z3::expr constraint) {
    return UnitPropagator(constraint).under(z3::expr_vector(constraint.ctx()));
}

bool each_term(const z3::expr& e, const std::function<bool(Z3_ast)>& visit) {
    const Z3_context c = e.ctx();
    std::unordered_set<unsigned> seen;
    std::vector<Z3_ast> stack{e};
    while (!stack.empty()) {
        const Z3_ast t = stack.back();
        stack.pop_back();
        if (!seen.insert(Z3_get_ast_id(c, t)).second) continue;
        if (!visit(t)) return false;
        if (Z3_get_ast_kind(c, t) != Z3_APP_AST) continue;
        const Z3_app a = Z3_to_app(c, t);
        for (unsigned i = 0, n = Z3_get_app_num_args(c, a); i < n; ++i) stack.push_back(Z3_get_app_arg(c, a, i));
    }
    return true;
}

void constants_of(const z3::expr& e, std::set<unsigned>& out) { constants_of(e.ctx(), e, out); }

// Through Z3's C API, as flatten_and (the subterms are held by `e` meanwhile): the import
// asks it of every argument of every atom, most of them variables.
void constants_of(Z3_context c, Z3_ast e, std::set<unsigned>& out) {
    auto leaf_or_push = [&](Z3_ast t, std::vector<Z3_ast>* stack) {
        const Z3_ast_kind k = Z3_get_ast_kind(c, t);
        if (k != Z3_APP_AST && k != Z3_NUMERAL_AST) return;
        const Z3_app a = Z3_to_app(c, t);
        const unsigned n = Z3_get_app_num_args(c, a);
        if (n == 0) {
            out.insert(Z3_get_ast_id(c, t));
            return;
        }
        for (unsigned i = 0; i < n; ++i) stack->push_back(Z3_get_app_arg(c, a, i));
    };
    if (Z3_get_ast_kind(c, e) != Z3_APP_AST || Z3_get_app_num_args(c, Z3_to_app(c, e)) == 0) {
        leaf_or_push(e, nullptr);  // a variable or a number: no stack
        return;
    }
    std::vector<Z3_ast> stack;
    leaf_or_push(e, &stack);
    while (!stack.empty()) {
        const Z3_ast t = stack.back();
        stack.pop_back();
        leaf_or_push(t, &stack);
    }
}

namespace {

// The constants (variables, numerals, nullary symbols) of `t`, added to `out`.
void constants_of(const Terms& terms, Term t, std::set<Term>& out) {
    std::vector<Term> stack{t};
    while (!stack.empty()) {
        const Term e = stack.back();
        stack.pop_back();
        if (!terms.is_app(e)) continue;
        if (terms.num_args(e) == 0) out.insert(e);
        for (unsigned i = 0; i < terms.num_args(e); ++i) stack.push_back(terms.arg(e, i));
    }
}

// Whether `t` is one of the clause's variables that no atom shows.
struct Local {
    const Terms& terms;
    const ClauseVars& vars;
    const std::set<unsigned>& kept;  // by Z3 id
    [[nodiscard]] bool var(Term t) const {
        return terms.is_app(t) && terms.num_args(t) == 0 && !terms.is_numeral(t) && vars.is_var(terms.leaf_id(t));
    }
    bool operator()(Term t) const { return var(t) && kept.count(terms.leaf_id(t)) == 0; }
};

// Definitions `v := t` that the conjuncts give for variables not in `kept`, into from/to:
// `B`, `not B`, `B = formula`, `I = 5`. They are substituted all at once, so a variable taken
// is in no term taken, and a term taken holds no variable taken (`A = B`, `B = C` would
// leave `B = C` unsaid); the rest wait for the next round.
void definitions_of(const Terms& terms, const std::vector<Term>& conjuncts, const Local& local,
                    std::vector<Term>& from, std::vector<Term>& to) {
    std::set<Term> defined;   // the variables taken
    std::set<Term> in_terms;  // the constants of the terms taken
    auto take = [&](Term v, Term t) {
        if (defined.count(v) > 0 || in_terms.count(v) > 0) return false;
        std::set<Term> consts;
        constants_of(terms, t, consts);
        if (consts.count(v) > 0) return false;  // v = f(v) defines nothing
        for (const Term c : consts) {
            if (defined.count(c) > 0) return false;
        }
        defined.insert(v);
        in_terms.insert(consts.begin(), consts.end());
        from.push_back(v);
        to.push_back(t);
        return true;
    };
    for (const Term conjunct : conjuncts) {
        if (local(conjunct) && terms.is_bool(conjunct)) {
            take(conjunct, terms.truth(true));
        } else if (terms.is(conjunct, Z3_OP_NOT) && local(terms.arg(conjunct, 0))) {
            take(terms.arg(conjunct, 0), terms.truth(false));
        } else if (terms.is(conjunct, Z3_OP_EQ) && terms.num_args(conjunct) == 2) {
            for (unsigned side = 0; side < 2; ++side) {
                const Term v = terms.arg(conjunct, side);
                const Term t = terms.arg(conjunct, 1 - side);
                // A Bool defined by any formula, an Int by a number: substituting either
                // makes the constraint no larger.
                if (!local(v) || !(terms.is_bool(v) || terms.is_numeral(t))) continue;
                if (take(v, t)) break;
            }
        }
    }
}

Term tidy(Terms& terms, Term t);

// An integer term a definition may stand for: numbers and variables under `+`, `-` and
// products by a number.
bool arithmetic(Terms& terms, Term t) {
    if (terms.is_numeral(t)) return true;
    if (!terms.is_app(t) || !terms.is_int(t)) return false;
    const unsigned n = terms.num_args(t);
    if (n == 0) return terms.kind(t) == Z3_OP_UNINTERPRETED;
    switch (terms.kind(t)) {
    case Z3_OP_ADD: case Z3_OP_SUB: case Z3_OP_UMINUS: break;
    case Z3_OP_MUL: {
        unsigned numbers = 0;
        for (unsigned i = 0; i < n; ++i) numbers += terms.is_numeral(tidy(terms, terms.arg(t, i))) ? 1 : 0;
        if (numbers + 1 < n) return false;  // a product of variables
        break;
    }
    default: return false;
    }
    for (unsigned i = 0; i < n; ++i) {
        if (!arithmetic(terms, terms.arg(t, i))) return false;
    }
    return true;
}

// Whether `t`, written out (a `let` shares a term that the CLP text repeats), has at most
// `limit` nodes; it stops counting there, so a term shared many times over costs no more.
bool at_most(const Terms& terms, Term t, std::size_t limit) {
    std::size_t size = 0;
    std::vector<Term> stack{t};
    while (!stack.empty()) {
        if (++size > limit) return false;
        const Term e = stack.back();
        stack.pop_back();
        for (unsigned i = 0; i < terms.num_args(e); ++i) stack.push_back(terms.arg(e, i));
    }
    return true;
}

// The number `v` (as ctx.int_val makes it).
Term number(Terms& terms, std::int64_t v) { return terms.of(terms.ctx().int_val(v)); }

// An arithmetic term with the numbers of its sums and products added up and multiplied,
// and the zeros of its sums and the ones of its products left out: what a chain of
// definitions becomes once substituted (`F2 = D2 + E2, D2 = 0, E2 = D` makes `F2` be `D`).
// The other terms stay as written.
Term tidy(Terms& terms, Term t) {
    const unsigned n = terms.num_args(t);
    if (!terms.is_app(t) || terms.is_numeral(t) || n == 0) return t;
    std::vector<Term> args;
    for (unsigned i = 0; i < n; ++i) args.push_back(tidy(terms, terms.arg(t, i)));
    const Z3_decl_kind kind = terms.kind(t);
    if (kind == Z3_OP_ADD || kind == Z3_OP_MUL) {
        const bool sum = kind == Z3_OP_ADD;
        std::vector<Term> flat;
        for (const Term a : args) {  // (a sum of sums is one sum)
            if (terms.is(a, kind)) {
                for (unsigned i = 0; i < terms.num_args(a); ++i) flat.push_back(terms.arg(a, i));
            } else {
                flat.push_back(a);
            }
        }
        std::int64_t total = sum ? 0 : 1;
        std::optional<std::size_t> first_number;
        std::vector<Term> rest;
        for (const Term a : flat) {
            std::int64_t v = 0;
            if (!terms.int64_value(a, v)) {
                rest.push_back(a);
                continue;
            }
            // (An overflow of 64 bits leaves the term as it is.)
            if (sum ? __builtin_add_overflow(total, v, &total) : __builtin_mul_overflow(total, v, &total)) return t;
            if (!first_number) first_number = rest.size();
        }
        if (!sum && total == 0) return number(terms, 0);
        const bool neutral = total == (sum ? 0 : 1);
        if (first_number && !neutral) {
            rest.insert(rest.begin() + static_cast<std::ptrdiff_t>(*first_number), number(terms, total));
        }
        if (rest.empty()) return number(terms, total);
        if (rest.size() == 1) return rest[0];
        if (rest.size() == n) {  // nothing folded: the term itself, not made again
            bool same = true;
            for (unsigned i = 0; i < n && same; ++i) same = rest[i] == terms.arg(t, i);
            if (same) return t;
        }
        // Made as Z3_mk_add and Z3_mk_mul make it (rarely: a chain of definitions folded).
        z3::context& ctx = terms.ctx();
        std::vector<z3::expr> made_of;
        for (const Term r : rest) made_of.push_back(terms.expr(r));
        std::vector<Z3_ast> parts(made_of.begin(), made_of.end());
        const auto count = static_cast<unsigned>(parts.size());
        z3::expr made(ctx, sum ? Z3_mk_add(ctx, count, parts.data()) : Z3_mk_mul(ctx, count, parts.data()));
        ctx.check_error();
        return terms.of(made);
    }
    std::int64_t a = 0, b = 0;
    if (kind == Z3_OP_UMINUS && terms.int64_value(args[0], a) && a != INT64_MIN) return number(terms, -a);
    if (kind == Z3_OP_SUB && args.size() == 2 && terms.int64_value(args[0], a) && terms.int64_value(args[1], b)) {
        std::int64_t d = 0;
        if (!__builtin_sub_overflow(a, b, &d)) return number(terms, d);
    }
    bool same = true;
    for (unsigned i = 0; i < n && same; ++i) same = args[i] == terms.arg(t, i);
    if (same) return t;
    return terms.update(t, args);
}

// The integer variables not in `kept` that a conjunct equates with a variable or a sum
// (`E2 = D`, `F2 = D2 + E2`, a compiler's chain of temporaries), as definitions `v := t`
// in which no variable defined occurs (each later one is substituted into the terms before
// it and takes theirs): one substitution then takes the whole chain. A term larger than
// `max_term` nodes is not taken, so that no rule grows by much. `taken`: the indices of
// the conjuncts that gave a definition (what they say, the substitution says).
constexpr std::size_t max_term = 12;

void integer_definitions_of(Terms& terms, const std::vector<Term>& conjuncts, const Local& local,
                            std::vector<Term>& from, std::vector<Term>& to, std::set<std::size_t>& taken) {
    struct Definition {
        Term var;
        Term term;
        std::set<Term> constants;  // of the term
    };
    std::vector<Definition> defs;
    std::map<Term, std::size_t> index;  // a variable defined -> its definition
    for (std::size_t i = 0; i < conjuncts.size(); ++i) {
        const Term c = conjuncts[i];
        if (!terms.is(c, Z3_OP_EQ) || terms.num_args(c) != 2 || !terms.is_int(terms.arg(c, 0))) continue;
        for (unsigned side = 0; side < 2; ++side) {
            const Term v = terms.arg(c, side);
            if (!local(v) || index.count(v) > 0) continue;
            Term term = terms.arg(c, 1 - side);
            if (!at_most(terms, term, max_term) || !arithmetic(terms, term)) continue;
            std::set<Term> constants;
            constants_of(terms, term, constants);
            // The definitions so far, substituted into the term.
            std::vector<Term> olds;
            std::vector<Term> news;
            for (const Term k : constants) {
                if (auto d = index.find(k); d != index.end()) {
                    olds.push_back(defs[d->second].var);
                    news.push_back(defs[d->second].term);
                }
            }
            if (!olds.empty()) {
                term = tidy(terms, terms.replace(term, olds, news));
                constants.clear();
                constants_of(terms, term, constants);
            } else {
                term = tidy(terms, term);
            }
            if (constants.count(v) > 0) continue;  // v = f(v) defines nothing
            if (!at_most(terms, term, max_term)) continue;
            // The term substituted into the definitions that hold v.
            const std::vector<Term> by_v{v};
            const std::vector<Term> by_term{term};
            std::vector<std::pair<std::size_t, Term>> changed;
            bool fits = true;
            for (std::size_t d = 0; d < defs.size() && fits; ++d) {
                if (defs[d].constants.count(v) == 0) continue;
                const Term t = tidy(terms, terms.replace(defs[d].term, by_v, by_term));
                fits = at_most(terms, t, max_term);
                changed.emplace_back(d, t);
            }
            if (!fits) continue;
            for (auto& [d, t] : changed) {
                defs[d].term = t;
                defs[d].constants.clear();
                constants_of(terms, t, defs[d].constants);
            }
            index.emplace(v, defs.size());
            defs.push_back(Definition{v, term, std::move(constants)});
            taken.insert(i);
            break;
        }
    }
    for (const Definition& d : defs) {
        from.push_back(d.var);
        to.push_back(d.term);
    }
}

}  // namespace

z3::expr propagate_definitions(z3::expr constraint, const ClauseVars& vars,
                               const std::set<unsigned>& kept) {
    const TermsInUse in_use(constraint.ctx());
    Terms& terms = in_use.terms();
    const Local local{terms, vars, kept};
    Term c = terms.of(constraint);
    for (int round = 0; round < 64; ++round) {
        std::vector<Term> conjuncts;
        flatten_and(terms, c, conjuncts);
        std::vector<Term> from;
        std::vector<Term> to;
        definitions_of(terms, conjuncts, local, from, to);
        if (from.empty()) {
            // Once no Bool and no number is left to substitute, the integers defined by
            // others, all at once; their defining conjuncts go.
            std::set<std::size_t> taken;
            integer_definitions_of(terms, conjuncts, local, from, to, taken);
            if (from.empty()) break;
            std::vector<Term> rest;
            for (std::size_t i = 0; i < conjuncts.size(); ++i) {
                if (taken.count(i) == 0) rest.push_back(conjuncts[i]);
            }
            c = rest.empty() ? terms.truth(true) : terms.mk_and(rest);
        }
        c = Folder(terms, in_use.plain_memo()).fold(terms.replace(c, from, to));
    }
    return terms.expr(c);
}

void unchanged_arguments(const z3::expr& from, z3::expr& to, z3::expr& constraint,
                         const ClauseVars& vars) {
    // Through Z3's C API, as flatten_and (the terms are held by `from`, `to` and
    // `constraint` meanwhile): a vmt step's atoms have tens of arguments and its constraint
    // tens of conjuncts, and the C++ API's reference counts and error checks on each cost
    // about as much as the replacement that follows (ctigar NetBSD_glob3_iny.c).
    z3::context& z3ctx = constraint.ctx();
    const Z3_context ctx = z3ctx;
    // (The atoms' arguments as sorted vectors: sets allocated a node for each argument of
    // each step.)
    auto args_of = [&](const z3::expr& app) {
        const Z3_app a = Z3_to_app(ctx, app);
        std::vector<unsigned> out;
        for (unsigned i = 0, n = Z3_get_app_num_args(ctx, a); i < n; ++i) {
            out.push_back(Z3_get_ast_id(ctx, Z3_get_app_arg(ctx, a, i)));
        }
        std::sort(out.begin(), out.end());
        return out;
    };
    const std::vector<unsigned> in_from = args_of(from);
    const std::vector<unsigned> in_to = args_of(to);
    auto has = [](const std::vector<unsigned>& ids, unsigned id) { return std::binary_search(ids.begin(), ids.end(), id); };
    std::vector<z3::expr> conjuncts;
    flatten_and(constraint, conjuncts);
    z3::expr_vector olds(z3ctx);
    z3::expr_vector news(z3ctx);
    std::set<unsigned> replaced;
    for (const z3::expr& c : conjuncts) {
        if (Z3_get_ast_kind(ctx, c) != Z3_APP_AST) continue;
        const Z3_app eq = Z3_to_app(ctx, c);
        if (Z3_get_decl_kind(ctx, Z3_get_app_decl(ctx, eq)) != Z3_OP_EQ || Z3_get_app_num_args(ctx, eq) != 2) continue;
        for (unsigned side = 0; side < 2; ++side) {
            const Z3_ast next = Z3_get_app_arg(ctx, eq, side);
            const Z3_ast now = Z3_get_app_arg(ctx, eq, 1 - side);
            const unsigned next_id = Z3_get_ast_id(ctx, next);
            const unsigned now_id = Z3_get_ast_id(ctx, now);
            if (!vars.is_var(next_id) || !vars.is_var(now_id) || next_id == now_id) continue;
            if (!has(in_to, next_id) || !has(in_from, now_id)) continue;
            if (has(in_from, next_id) || has(in_to, now_id)) continue;
            if (!replaced.insert(next_id).second) continue;
            olds.push_back(z3::expr(z3ctx, next));
            news.push_back(z3::expr(z3ctx, now));
            break;
        }
    }
    if (olds.empty()) return;
    to = replace(to, olds, news);
    constraint = substitute_folded(constraint, olds, news);
}

}  // namespace clpi::chc
