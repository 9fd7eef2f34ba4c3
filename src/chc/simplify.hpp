// Light rewriting of a clause's constraint before it is written as CLP: what a clause step
// fixes (control flags, inputs defined by a conjunct, unchanged variables) is substituted
// and the Boolean structure folded, while every comparison stays as written, so that the
// rules read like the clauses.
#pragma once

#include <functional>
#include <memory>
#include <set>
#include <vector>

#include <z3++.h>

#include "chc/formula.hpp"
#include "chc/terms.hpp"

namespace clpi::chc {

// While one lasts (on this thread), folding a formula without units or flags is done once
// per formula: substitute_folded and the others share what they folded. The formulas stay
// alive with it (their ids are not taken by others), so it lasts as long as one import.
class FoldingScope {
public:
    struct Memo;  // what the folds share (simplify.cpp)
    FoldingScope();
    ~FoldingScope();
    FoldingScope(const FoldingScope&) = delete;
    FoldingScope& operator=(const FoldingScope&) = delete;

private:
    std::unique_ptr<Memo> memo_;
    Memo* outer_;  // the scope this one is inside, if any
};

// The terms a fold works in: the FoldingScope's (made at the first use in it), or, outside
// one, a table of its own.
class TermsInUse {
public:
    explicit TermsInUse(z3::context& ctx);
    ~TermsInUse();
    TermsInUse(const TermsInUse&) = delete;
    TermsInUse& operator=(const TermsInUse&) = delete;
    [[nodiscard]] Terms& terms() const { return *terms_; }
    // The memo that plain folds share (null outside a scope: each folder keeps its own).
    [[nodiscard]] std::vector<Term>* plain_memo() const { return plain_; }

private:
    std::unique_ptr<Terms> own_;
    Terms* terms_ = nullptr;
    std::vector<Term>* plain_ = nullptr;
};

// The conjuncts of nested `and`s.
void flatten_and(const z3::expr& e, std::vector<z3::expr>& out);

// Calls `visit` on each distinct term of `e` (a shared subterm once), a term before its
// arguments; `visit` returns whether to go on. False when it stopped the walk.
bool each_term(const z3::expr& e, const std::function<bool(Z3_ast)>& visit);

// The ids of the constants (variables and nullary symbols) in `e`, added to `out`.
void constants_of(const z3::expr& e, std::set<unsigned>& out);
// The same of a term that something else keeps alive meanwhile.
void constants_of(Z3_context c, Z3_ast e, std::set<unsigned>& out);

// `e` with `from` replaced by `to`, and its Boolean structure folded where parts became
// true or false; a disjunction's common conjuncts are lifted out of it.
[[nodiscard]] z3::expr substitute_folded(const z3::expr& e, const z3::expr_vector& from,
                                         const z3::expr_vector& to);

// substitute_folded for one set of Bool constants (`flags`) under many valuations: a part
// of a formula that holds none of them folds the same under every valuation, and is folded
// once for all the calls (control recovery folds a `vmt` problem's transition relation once
// per clause and source valuation).
class FlagFolder {
public:
    explicit FlagFolder(const z3::expr_vector& flags);
    ~FlagFolder();
    FlagFolder(const FlagFolder&) = delete;
    FlagFolder& operator=(const FlagFolder&) = delete;
    // substitute_folded(e, flags, values): each of `values` is true or false.
    [[nodiscard]] z3::expr fold(const z3::expr& e, const z3::expr_vector& values);

private:
    struct State;
    std::unique_ptr<State> s_;
};

// The conjunction with its unit conjuncts (comparisons, Bool variables and their negations)
// taken as true inside the other conjuncts, and folded, until nothing changes (or after 64
// passes, each of which learnt units): a conjunct that folds to units makes them known to
// the conjuncts after it at once.
[[nodiscard]] z3::expr unit_propagate(z3::expr constraint);

// unit_propagate of one constraint under assumptions that change from call to call (the
// values of a step's target flags, one valuation after another): what folding learnt of
// the parts the assumptions do not reach is kept from one call to the next.
class UnitPropagator {
public:
    explicit UnitPropagator(const z3::expr& constraint);
    ~UnitPropagator();
    UnitPropagator(const UnitPropagator&) = delete;
    UnitPropagator& operator=(const UnitPropagator&) = delete;
    // unit_propagate of the constraint and `assumed` (conjuncts after its own).
    [[nodiscard]] z3::expr under(const z3::expr_vector& assumed);

private:
    struct State;
    std::unique_ptr<State> s_;
};

// `constraint` with the variables that are not in `kept` (the inputs of a step: no atom
// shows them) replaced where a conjunct defines them: `B`, `not B`, `B = formula`, `I = 5`,
// and, once those are all substituted, an integer equal to a variable or to a small sum
// (`E2 = D`, `F2 = D2 + E2`: a compiler's temporaries), a whole chain at once.
[[nodiscard]] z3::expr propagate_definitions(z3::expr constraint, const ClauseVars& vars,
                                             const std::set<unsigned>& kept);

// A variable of the target atom `to` that a conjunct equates with a variable of the source
// atom `from` (`x' = x`, how CHC writes "unchanged") is replaced by it, in `to` and in the
// constraint: the rule then says `p(X) :- q(X)`, which shows the engine what a step leaves
// alone (a loop's unchanged variables need no candidate) and saves a cell.
void unchanged_arguments(const z3::expr& from, z3::expr& to, z3::expr& constraint,
                         const ClauseVars& vars);

}  // namespace clpi::chc
