// The import's own copy of the terms it folds and substitutes. Folding asks the same few
// questions of every node again and again (its kind, its arguments, whether it is Boolean),
// once for each valuation of a clause's flags and each pass of unit propagation; through
// Z3's API each answer is a call into the library, and each term kept or passed on a
// reference count. Here a term is an index into a table, its node read in place, and the
// terms folding makes are hash-consed in the table like Z3's; a Z3 term is read into the
// table once (by its id), and a term of the table is made in Z3 once, when a caller asks
// for it, by the same calls the folding made before, so the Z3 terms that come out are
// those that came out before.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include <z3++.h>

namespace clpi::chc {

using Term = std::uint32_t;
inline constexpr Term no_term = ~Term{0};

class Terms {
public:
    explicit Terms(z3::context& ctx);
    Terms(const Terms&) = delete;
    Terms& operator=(const Terms&) = delete;
    ~Terms();

    [[nodiscard]] z3::context& ctx() const { return ctx_; }
    [[nodiscard]] std::size_t size() const { return nodes_.size(); }

    // The term of a Z3 term (quantifier-free or not: a quantifier is a leaf here).
    Term of(Z3_ast e);
    Term of(const z3::expr& e) { return of(static_cast<Z3_ast>(e)); }
    std::vector<Term> of(const z3::expr_vector& es);
    // The Z3 term of a term, made on the first call.
    z3::expr expr(Term t);

    // What folding asks of a term, as the C API answers it of the Z3 term.
    [[nodiscard]] bool is_app(Term t) const { return nodes_[t].app; }  // a numeral is one
    [[nodiscard]] bool is_numeral(Term t) const { return nodes_[t].numeral; }
    [[nodiscard]] bool is_quantifier(Term t) const { return nodes_[t].quantifier; }
    [[nodiscard]] bool is_bool(Term t) const { return nodes_[t].sort == Z3_BOOL_SORT; }
    [[nodiscard]] bool is_int(Term t) const { return nodes_[t].sort == Z3_INT_SORT; }
    // A leaf (no arguments: a constant, a numeral, ...): its Z3 term's id.
    [[nodiscard]] unsigned leaf_id(Term t) const { return nodes_[t].leaf_id; }
    // Whether `t` is a numeral that fits 64 bits, and its value.
    bool int64_value(Term t, std::int64_t& value) const;
    [[nodiscard]] Z3_decl_kind kind(Term t) const { return nodes_[t].kind; }
    [[nodiscard]] bool is(Term t, Z3_decl_kind k) const { return nodes_[t].app && nodes_[t].kind == k; }
    [[nodiscard]] bool is_true(Term t) const { return t == true_; }
    [[nodiscard]] bool is_false(Term t) const { return t == false_; }
    [[nodiscard]] unsigned num_args(Term t) const { return nodes_[t].count; }
    [[nodiscard]] Term arg(Term t, unsigned i) const { return args_[nodes_[t].first + i]; }

    // Terms made as Z3's API makes them (z3::mk_and, `!`, `==`, z3::ite, bool_val): nothing
    // rewritten. (An `and` or `or` of fewer than two is Z3's to make.)
    [[nodiscard]] Term truth(bool value) const { return value ? true_ : false_; }
    Term mk_not(Term a);
    Term mk_and(std::span<const Term> parts);
    Term mk_or(std::span<const Term> parts);
    Term mk_and(const std::vector<Term>& parts) { return mk_and(std::span<const Term>(parts)); }
    Term mk_or(const std::vector<Term>& parts) { return mk_or(std::span<const Term>(parts)); }
    Term mk_eq(Term a, Term b);
    Term mk_ite(Term c, Term t, Term e);
    // `t` over the arguments `args` (as many as it has), as Z3_update_term makes it.
    Term update(Term t, const std::vector<Term>& args);
    // The declaration of the application `like` applied to `args` (any number its
    // declaration takes: `+` of two where `like` adds three), as Z3_mk_app makes it.
    Term apply(Term like, const std::vector<Term>& args);

    // `t` with each term of `from` replaced by the one at the same place in `to` (as
    // chc::replace: a replaced term's subterms are not looked at, nor is what replaces it).
    Term replace(Term t, const std::vector<Term>& from, const std::vector<Term>& to);

private:
    struct Node {
        Z3_decl_kind kind = Z3_OP_UNINTERPRETED;
        Z3_func_decl decl = nullptr;  // of an application not made by kind alone
        std::uint32_t first = 0;      // its arguments: args_[first, first + count)
        std::uint32_t count = 0;
        bool app = false;
        bool numeral = false;
        bool quantifier = false;
        Z3_sort_kind sort = Z3_UNKNOWN_SORT;
        unsigned leaf_id = 0;  // a leaf's Z3 id
    };
    // The applications, by their identity: the declaration (or the kind, for the Boolean
    // connectives and `=`, whose declaration follows from the arguments' sorts) and the
    // arguments, read from the table.
    struct SameApp {
        const Terms* terms;
        bool operator()(Term a, Term b) const;
    };
    struct AppHash {
        const Terms* terms;
        std::size_t operator()(Term t) const;
    };

    Term find_or_add_app(Term t);
    // The application of these arguments, made unless the table has it.
    Term application(Z3_decl_kind kind, Z3_func_decl decl, const Term* args, unsigned count, Z3_sort_kind sort);
    Term read(Z3_ast root);  // of(), for a term not read before
    void hold(Term t, Z3_ast e);  // `e` is t's Z3 term (a reference kept)
    // A conjunction or disjunction of fewer than two parts, as Z3 makes it.
    Term few(Z3_decl_kind kind, std::span<const Term> parts);

    z3::context& ctx_;
    std::vector<Node> nodes_;
    std::vector<Term> args_;
    std::vector<Z3_ast> z3_;  // each term's Z3 term (a reference held), null until made
    std::vector<Z3_ast> also_;  // the other Z3 terms read (references held: their ids stay theirs)
    // The term of each Z3 term read or made, by its ast id (no_term for the others): ids
    // are small and dense in a context, and a hash map's node for each term read was the
    // most of reading one.
    std::vector<Term> by_z3_id_;
    [[nodiscard]] Term term_of_id(unsigned id) const { return id < by_z3_id_.size() ? by_z3_id_[id] : no_term; }
    void note_id(unsigned id, Term t) {
        if (id >= by_z3_id_.size()) by_z3_id_.resize(std::max<std::size_t>(id + 1, 2 * by_z3_id_.size()), no_term);
        if (by_z3_id_[id] == no_term) by_z3_id_[id] = t;  // the first stays, as a map's emplace
    }
    std::vector<Term> replaced_;  // replace()'s table, no_term between calls
    // replace()'s other vectors, kept for their capacity.
    std::vector<Term> replace_written_;
    std::vector<std::pair<Term, bool>> replace_stack_;
    std::vector<Term> replace_args_;
    // The applications, by their identity (find_or_add_app): a table of a power of two
    // slots, open addressing, at most half full.
    std::vector<Term> app_slots_;
    std::size_t apps_ = 0;
    Term true_ = no_term;
    Term false_ = no_term;
};

}  // namespace clpi::chc
