// Clauses of a certificate that hold by their form alone, before any solver is asked: the
// formula after the clause is true by its connectives (and, or, not, =>) once each part of
// what the clause assumes is taken as true, or what it assumes holds a formula and its
// negation; if not, the same again once each equation `x = t` of a constant x that it
// assumes is put in (x replaced by t everywhere, outside quantifiers), where `t = t` holds.
// Two formulas are the same when their SMT-LIB texts are (after Z3's `let`s are put in), up
// to the order of the operands of `and`, `or`, `=`, `distinct`, `+` and `*`, and comparisons
// of linear terms are compared in one normal form (exact rationals); those without unknowns
// are evaluated. With arithmetic, a clause not decided so is then refuted by linear
// arithmetic where it can be (linear_refutation.hpp). What is not found goes to the solver.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <memory>
#include <vector>

namespace clpi::at_sight {

// `formula` (a certificate formula over the parameters `$0`, `$1a`, ...) with parameter i
// replaced by `args[i]` (SMT-LIB terms: `|X|`, `0`, `(- 1)`). Nothing when that could
// change what the formula says: a parameter past the end of `args`, or a symbol of an
// argument already in the formula, where a `let` or a quantifier may bind it.
[[nodiscard]] std::optional<std::string> instantiate(std::string_view formula, const std::vector<std::string>& args);

// What the constants of a clause are, for its refutation by linear arithmetic: none (by
// form alone), reals or integers (Int constants and arrays of them).
enum class Arithmetic { none, reals, integers };

// True when the conjunction of `body` implies `head` by form alone (see above), or with
// arithmetic, by linear arithmetic. Each is a closed SMT-LIB formula over the clause's
// variables.
[[nodiscard]] bool implies(const std::vector<std::string>& body, std::string_view head,
                           Arithmetic arithmetic = Arithmetic::none);

// implies() for the clauses of one certificate: a formula's text is read, and its lets are
// put in, once however many clauses it appears in (a point's formula over the same state
// variables is the body of one rule and the head of the next), and a point's formula once
// however many arguments it is put in with.
class Sight {
public:
    explicit Sight(Arithmetic arithmetic = Arithmetic::none);
    ~Sight();
    Sight(const Sight&) = delete;
    Sight& operator=(const Sight&) = delete;

    // A formula as read, valid while the Sight is.
    struct Read;
    using Formula = const Read*;
    [[nodiscard]] Formula formula(const std::string& text);
    // instantiate(text, args), read: put in as a tree when the formula has no binder (once
    // its lets are put in), as a text otherwise. Nothing when a parameter is past the
    // arguments, or a binder of the formula could capture an argument (see instantiate()).
    [[nodiscard]] std::optional<Formula> instance(const std::string& text, const std::vector<std::string>& args);

    [[nodiscard]] bool implies(const std::vector<std::string>& body, const std::string& head) {
        return how(body, head) != Held::no;
    }
    // Whether it does, and how.
    enum class Held { no, by_form, by_arithmetic };
    [[nodiscard]] Held how(const std::vector<Formula>& body, Formula head);
    [[nodiscard]] Held how(const std::vector<std::string>& body, const std::string& head);

private:
    bool by_connectives(const std::vector<Formula>& body, const Read& head);
    bool by_equations(const std::vector<Formula>& body, const Read& head);
    struct Known;  // the formulas read so far
    Arithmetic arithmetic_;
    std::unique_ptr<Known> known_;
};

}  // namespace clpi::at_sight
