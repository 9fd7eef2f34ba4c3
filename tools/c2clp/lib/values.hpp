// The value of a C expression without side effects: a list of alternatives, each a term
// valid under some guards (a comparison is 1 where it holds and 0 where it does not; a
// truncating division splits on the sign of the dividend; a wrap-around splits on the range).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "term.hpp"

namespace c2clp {

struct ExprAlt {
    std::vector<Cond> guards;
    Term term;
    std::vector<IntType> inputs;  // fresh values (nondet calls) that the term uses
};
using Values = std::vector<ExprAlt>;

// One case of an operation on known operand terms: guards and result.
struct Choice {
    std::vector<Cond> guards;
    Term term;
};
using Choices = std::vector<Choice>;

Values constant(const Integer& v);
Values single(Term t);
// Every pair of alternatives of `a` and `b`, combined by `f` (inputs are renumbered).
Values combine(const Values& a, const Values& b,
               const std::function<Choices(const Term&, const Term&)>& f);
Values map(const Values& a, const std::function<Choices(const Term&)>& f);
// Guards that are constant are dropped when true; the alternative is dropped when false.
bool add_guard(std::vector<Cond>& guards, const Cond& c);
// The alternatives under which `v` is non-zero (first) and zero (second), as guard sets
// with their inputs.
struct Truth {
    std::vector<ExprAlt> when_true;   // terms unused
    std::vector<ExprAlt> when_false;
};
Truth truth(const Values& v);

// What the converter modelled approximately, for --report: `LINE: what and how`.
class Notes {
public:
    void add(unsigned line, const std::string& text);
    [[nodiscard]] const std::vector<std::string>& lines() const { return lines_; }

private:
    std::vector<std::string> lines_;
};

}  // namespace c2clp
