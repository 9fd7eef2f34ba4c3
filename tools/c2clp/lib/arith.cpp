#include "arith.hpp"

#include <algorithm>

namespace c2clp {

namespace {

struct Range {
    Integer lo, hi;
};

// What a term of type `t` can be: its value when constant, else the type's range.
Range bounds(const Term& x, const IntType& t) {
    if (is_const(x)) return {x->value, x->value};
    return {t.min(), t.max()};
}

// C's truncating division and remainder of constants (cpp_int truncates, as C does).
Integer c_quotient(const Integer& a, const Integer& b) { return a / b; }
Integer c_remainder(const Integer& a, const Integer& b) { return a % b; }

// A constant brought into the range of `t` modulo 2^bits.
Integer wrap_value(const Integer& v, const IntType& t) {
    Integer m = t.modulus();
    Integer r = (v - t.min()) % m;
    if (r < 0) r += m;
    return r + t.min();
}

// The two's-complement bit pattern of `v` at width t.bits, as a non-negative number.
Integer bits_of(const Integer& v, const IntType& t) {
    Integer r = v % t.modulus();
    return r < 0 ? r + t.modulus() : r;
}

}  // namespace

Choices Arith::wrap(const Term& x, const IntType& t, const Integer& lo, const Integer& hi,
                    unsigned line, const char* what) {
    if (is_const(x)) return {{{}, cst(wrap_value(x->value, t))}};
    if (lo >= t.min() && hi <= t.max()) return {{{}, x}};
    Integer m = t.modulus();
    if (lo >= t.min() - m && hi <= t.max() + m) {
        // At most one wrap in each direction: one linear rule per case.
        notes_.add(line, std::string(what) + " at " + t.c_name() +
                             ": wrap-around modelled by a case split on the result's range");
        Choices out;
        Choice in_range{{}, x};
        if (lo < t.min()) in_range.guards.push_back({Rel::ge, x, cst(t.min())});
        if (hi > t.max()) in_range.guards.push_back({Rel::le, x, cst(t.max())});
        out.push_back(in_range);
        if (hi > t.max()) out.push_back({{{Rel::gt, x, cst(t.max())}}, sub(x, cst(m))});
        if (lo < t.min()) out.push_back({{{Rel::lt, x, cst(t.min())}}, add(x, cst(m))});
        return out;
    }
    notes_.add(line, std::string(what) + " at " + t.c_name() + ": wrap-around modelled with `mod " +
                         m.str() + "` (harder for the solver and for interpolants)");
    if (t.min() == 0) return {{{}, emod(x, cst(m))}};
    return {{{}, add(emod(sub(x, cst(t.min())), cst(m)), cst(t.min()))}};
}

Choices Arith::add_sub(bool is_add, const IntType& t, const Term& a, const Term& b,
                       unsigned line) {
    Term x = is_add ? add(a, b) : sub(a, b);
    if (!wraps(t)) return {{{}, x}};
    Range ra = bounds(a, t), rb = bounds(b, t);
    Integer lo = is_add ? Integer(ra.lo + rb.lo) : Integer(ra.lo - rb.hi);
    Integer hi = is_add ? Integer(ra.hi + rb.hi) : Integer(ra.hi - rb.lo);
    return wrap(x, t, lo, hi, line, is_add ? "addition" : "subtraction");
}

Choices Arith::multiply(const IntType& t, const Term& a, const Term& b, unsigned line) {
    Term x = mul(a, b);
    if (!wraps(t)) return {{{}, x}};
    Range ra = bounds(a, t), rb = bounds(b, t);
    Integer c[] = {ra.lo * rb.lo, ra.lo * rb.hi, ra.hi * rb.lo, ra.hi * rb.hi};
    return wrap(x, t, *std::min_element(c, c + 4), *std::max_element(c, c + 4), line,
                "multiplication");
}

Choices Arith::divide(bool remainder, const IntType& t, const Term& a, const Term& b,
                      unsigned line) {
    const char* what = remainder ? "remainder" : "division";
    if (is_const(b) && b->value == 0) {
        notes_.add(line, std::string(what) + " by zero: undefined behaviour; the path ends");
        return {};
    }
    if (is_const(a) && is_const(b)) {
        Integer v = remainder ? c_remainder(a->value, b->value) : c_quotient(a->value, b->value);
        return {{{}, cst(wrap_value(v, t))}};
    }
    std::vector<Cond> nonzero;
    if (!is_const(b)) {
        nonzero.push_back({Rel::ne, b, cst(0)});
        notes_.add(line, std::string(what) + " by a variable: non-linear; division by zero is "
                                             "undefined behaviour and ends the path");
    }
    auto op = [&](const Term& x) { return remainder ? emod(x, b) : ediv(x, b); };
    Choices out;
    // CLP's div and mod are Euclidean; C truncates toward zero. They agree on a
    // non-negative dividend; a negative one is negated around the operation.
    bool may_be_negative = t.is_signed && !(is_const(a) && a->value >= 0);
    bool may_be_nonneg = !(is_const(a) && a->value < 0);
    if (may_be_nonneg) {
        Choice c{nonzero, op(a)};
        if (may_be_negative) c.guards.push_back({Rel::ge, a, cst(0)});
        out.push_back(c);
    }
    if (may_be_negative) {
        Choice c{nonzero, neg(op(neg(a)))};
        if (may_be_nonneg) c.guards.push_back({Rel::lt, a, cst(0)});
        out.push_back(c);
        notes_.add(line, std::string("signed ") + what +
                             ": C truncates toward zero, modelled by a case split on the sign "
                             "of the dividend");
    }
    // INT_MIN / -1 overflows; in wrap semantics it wraps like every other operation.
    if (!remainder && t.is_signed && semantics_ == IntSemantics::wrap &&
        !(is_const(b) && b->value != -1)) {
        Choices wrapped;
        for (const Choice& c : out) {
            for (Choice w : wrap(c.term, t, t.min(), -t.min(), line, "division")) {
                w.guards.insert(w.guards.begin(), c.guards.begin(), c.guards.end());
                wrapped.push_back(w);
            }
        }
        return wrapped;
    }
    return out;
}

Choices Arith::shift(bool left, const IntType& t, const Term& a, const Term& b, unsigned line) {
    if (!is_const(b)) {
        // One case per amount the type allows, each the shift by that constant; any other
        // amount is undefined behaviour in C, and ends the path (as a division by zero).
        Choices out;
        for (unsigned k = 0; k < t.bits; ++k) {
            for (Choice c : shift(left, t, a, cst(k), line)) {
                c.guards.insert(c.guards.begin(), Cond{Rel::eq, b, cst(k)});
                out.push_back(std::move(c));
            }
        }
        notes_.add(line, std::string(left ? "left" : "right") + " shift by a variable amount: a case per amount, 0 to " +
                             std::to_string(t.bits - 1) + "; another amount is undefined behaviour and ends the path");
        return out;
    }
    if (b->value < 0 || b->value >= t.bits) {
        throw Refusal{"shift by " + b->value.str() + " at " + t.c_name() +
                      " (undefined behaviour)"};
    }
    Term p = cst(Integer(1) << static_cast<unsigned>(b->value));
    if (!left) {
        // An arithmetic right shift is floor division by 2^k: Euclidean div by a positive k.
        if (t.is_signed && !(is_const(a) && a->value >= 0)) {
            notes_.add(line, "right shift of a signed value: an arithmetic shift (implementation-"
                             "defined in C; GCC and Clang shift in the sign bit), `div " +
                                 p->value.str() + "`");
        }
        if (is_const(a)) return {{{}, cst(ediv(a, p)->value)}};
        return {{{}, ediv(a, p)}};
    }
    if (is_const(a)) return {{{}, cst(wrap_value(a->value * p->value, t))}};
    if (!wraps(t)) return {{{}, mul(a, p)}};
    Range r = bounds(a, t);
    return wrap(mul(a, p), t, r.lo * p->value, r.hi * p->value, line, "left shift");
}

namespace {

// At most this many runs of 1-bits in a constant operand of `&`, `|` or `^`: each is a
// quotient and a remainder for the search.
constexpr int max_mask_runs = 8;

// x & M for the bit pattern 0 <= M < 2^w whose top bit is clear, over the value x of a
// w-bit type: each run of ones [lo, hi) of M keeps x's bits there,
// 2^lo * ((x div 2^lo) mod 2^(hi - lo)) (floor division reads two's complement bits, also
// of a negative x). Nothing when M has more runs than max_mask_runs.
std::optional<Term> and_low_mask(const Term& x, const Integer& m) {
    Term sum = cst(0);
    int runs = 0;
    for (unsigned lo = 0; (m >> lo) != 0;) {
        if (((m >> lo) & 1) == 0) {
            ++lo;
            continue;
        }
        unsigned hi = lo;
        while (((m >> hi) & 1) != 0) ++hi;
        if (++runs > max_mask_runs) return std::nullopt;
        const Integer low = Integer(1) << lo;
        Term bits = emod(lo == 0 ? x : ediv(x, cst(low)), cst(Integer(1) << (hi - lo)));
        sum = add(sum, lo == 0 ? bits : mul(cst(low), bits));
        lo = hi;
    }
    return sum;
}

}  // namespace

Choices Arith::bitwise(BinOp op, const IntType& t, const Term& a, const Term& b, bool boolean, unsigned line) {
    if (is_const(a) && is_const(b)) {
        Integer x = bits_of(a->value, t), y = bits_of(b->value, t);
        Integer r = op == BinOp::band ? Integer(x & y) : op == BinOp::bor ? Integer(x | y)
                                                                           : Integer(x ^ y);
        return {{{}, cst(wrap_value(r, t))}};
    }
    if (op == BinOp::band) {
        // x & (2^k - 1) keeps the low k bits: x mod 2^k, for any sign of x.
        for (auto [x, m] : {std::pair{a, b}, std::pair{b, a}}) {
            if (!is_const(m) || m->value <= 0) continue;
            Integer v = m->value + 1;
            if ((v & (v - 1)) == 0) return {{{}, emod(x, cst(v))}};
        }
    }
    if (boolean) {
        Cond a1{Rel::ne, a, cst(0)}, b1{Rel::ne, b, cst(0)};
        switch (op) {
        case BinOp::band: return {{{a1, b1}, cst(1)}, {{c2clp::negate(a1)}, cst(0)}, {{a1, c2clp::negate(b1)}, cst(0)}};
        case BinOp::bor: return {{{a1}, cst(1)}, {{c2clp::negate(a1), b1}, cst(1)}, {{c2clp::negate(a1), c2clp::negate(b1)}, cst(0)}};
        default: return {{{Cond{Rel::ne, a, b}}, cst(1)}, {{Cond{Rel::eq, a, b}}, cst(0)}};
        }
    }
    const char* name = op == BinOp::band ? "&" : op == BinOp::bor ? "|" : "^";
    // One constant operand m: x & m from m's runs of ones; with the sign bit set, from the
    // others, x & m = x - (x & ~m) (the two take x's bits apart, without carries). Then
    // x | m = x + m - (x & m) and x ^ m = x + m - 2 (x & m): exact for the values of the
    // w-bit operands, which are the operations' results read as integers.
    for (auto [x, m] : {std::pair{a, b}, std::pair{b, a}}) {
        if (!is_const(m) || is_const(x)) continue;
        const Integer pattern = bits_of(m->value, t);
        const Integer value = wrap_value(pattern, t);
        const Integer top = Integer(1) << (t.bits - 1);
        const bool sign = (pattern & top) != 0;
        const Integer ones = (Integer(1) << t.bits) - 1;
        std::optional<Term> low = and_low_mask(x, sign ? Integer(ones ^ pattern) : pattern);
        if (!low) continue;
        Term both = sign ? sub(x, *low) : *low;
        notes_.add(line, std::string("`") + name + " " + value.str() + "`: modelled exactly by the constant's runs of bits (`div` and `mod` by powers of 2)");
        if (op == BinOp::band) return {{{}, both}};
        if (op == BinOp::bor) return {{{}, sub(add(x, cst(value)), both)}};
        return {{{}, sub(add(x, cst(value)), mul(cst(2), both))}};
    }
    if (is_const(a) || is_const(b)) {
        throw Refusal{std::string("bitwise operator `") + name + "` with a constant of more than " +
                      std::to_string(max_mask_runs) + " runs of 1-bits"};
    }
    throw Refusal{std::string("bitwise operator `") + name +
                  "` on non-constant operands (modelled: constants, a constant operand of at most " +
                  std::to_string(max_mask_runs) + " runs of 1-bits, shifts by constants, 0/1 operands)"};
}

Values Arith::binary(BinOp op, const IntType& t, const Values& a, const Values& b, bool boolean,
                     unsigned line) {
    return combine(a, b, [&](const Term& x, const Term& y) -> Choices {
        switch (op) {
        case BinOp::add: return add_sub(true, t, x, y, line);
        case BinOp::sub: return add_sub(false, t, x, y, line);
        case BinOp::mul: return multiply(t, x, y, line);
        case BinOp::div: return divide(false, t, x, y, line);
        case BinOp::rem: return divide(true, t, x, y, line);
        case BinOp::shl: return shift(true, t, x, y, line);
        case BinOp::shr: return shift(false, t, x, y, line);
        default: return bitwise(op, t, x, y, boolean, line);
        }
    });
}

Values Arith::negate(const IntType& t, const Values& a, unsigned line) {
    return map(a, [&](const Term& x) -> Choices {
        if (!wraps(t)) return {{{}, neg(x)}};
        Range r = bounds(x, t);
        return wrap(neg(x), t, -r.hi, -r.lo, line, "negation");
    });
}

Values Arith::complement(const IntType& t, const Values& a) {
    // ~x is -x - 1 in two's complement, and 2^bits - 1 - x for unsigned x.
    return map(a, [&](const Term& x) -> Choices {
        if (t.is_signed) return {{{}, sub(neg(x), cst(1))}};
        return {{{}, sub(cst(t.max()), x)}};
    });
}

Values Arith::convert(const Values& a, const IntType& from, const IntType& to, unsigned line) {
    if (to.is_bool) {
        return map(a, [&](const Term& x) -> Choices {
            return {{{{Rel::ne, x, cst(0)}}, cst(1)}, {{{Rel::eq, x, cst(0)}}, cst(0)}};
        });
    }
    if (to.contains(from)) return a;
    return map(a, [&](const Term& x) {
        Range r = bounds(x, from);
        return wrap(x, to, r.lo, r.hi, line, "conversion");
    });
}

}  // namespace c2clp
