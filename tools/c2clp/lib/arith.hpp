// C integer arithmetic on values: the semantics of each operator at a given type, in the
// chosen integer semantics, expressed with linear case splits where the result can wrap
// at most once, and with `mod` only where it cannot be avoided.
#pragma once

#include <string>

#include "c2clp/convert.hpp"
#include "values.hpp"

namespace c2clp {

enum class BinOp { add, sub, mul, div, rem, shl, shr, band, bor, bxor };

// Thrown for a construct the converter refuses; turned into `error: unsupported: ...`.
struct Refusal {
    std::string message;
};

class Arith {
public:
    Arith(IntSemantics semantics, Notes& notes) : semantics_(semantics), notes_(notes) {}

    // `a op b` at type `t` (the type of the C operator's result). `boolean` says that both
    // operands are 0 or 1 (comparisons, `!`, _Bool), which bitwise operators can use.
    Values binary(BinOp op, const IntType& t, const Values& a, const Values& b, bool boolean,
                  unsigned line);
    Values negate(const IntType& t, const Values& a, unsigned line);
    Values complement(const IntType& t, const Values& a);
    // The conversion of a value of type `from` to type `to`, as C defines it.
    Values convert(const Values& a, const IntType& from, const IntType& to, unsigned line);
    // Brings a term known to lie in [lo, hi] into the range of `t` modulo 2^bits.
    Choices wrap(const Term& x, const IntType& t, const Integer& lo, const Integer& hi,
                 unsigned line, const char* what);

private:
    [[nodiscard]] bool wraps(const IntType& t) const {
        return !t.is_signed || semantics_ == IntSemantics::wrap;
    }
    Choices add_sub(bool is_add, const IntType& t, const Term& a, const Term& b, unsigned line);
    Choices multiply(const IntType& t, const Term& a, const Term& b, unsigned line);
    Choices divide(bool remainder, const IntType& t, const Term& a, const Term& b, unsigned line);
    Choices shift(bool left, const IntType& t, const Term& a, const Term& b, unsigned line);
    Choices bitwise(BinOp op, const IntType& t, const Term& a, const Term& b, bool boolean, unsigned line);

    IntSemantics semantics_;
    Notes& notes_;
};

}  // namespace c2clp
