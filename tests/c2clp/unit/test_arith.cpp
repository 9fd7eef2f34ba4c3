// The arithmetic models against C itself: for 8-bit types, every operand pair, each
// operator's alternatives are evaluated on concrete values. Exactly one alternative must
// be enabled, and its value must be what C computes (wrapped where C wraps), or none when
// C's behaviour is undefined (division by zero).
#include <doctest/doctest.h>

#include <cstdint>
#include <optional>

#include "arith.hpp"

using namespace c2clp;

namespace {

std::optional<Integer> eval(const Term& t, const std::vector<Integer>& vars) {
    if (t->op == Op::constant) return t->value;
    if (t->op == Op::var) return vars.at(t->id);
    auto a = eval(t->a, vars);
    if (!a) return std::nullopt;
    if (t->op == Op::neg) return Integer(-*a);
    auto b = eval(t->b, vars);
    if (!b) return std::nullopt;
    switch (t->op) {
    case Op::add: return Integer(*a + *b);
    case Op::sub: return Integer(*a - *b);
    case Op::mul: return Integer(*a * *b);
    case Op::div:
    case Op::mod: {
        if (*b == 0) return std::nullopt;
        Integer q = *a / *b;  // truncating; made Euclidean below
        Integer r = *a - q * *b;
        if (r < 0) {
            q += *b > 0 ? -1 : 1;
            r += abs(*b);
        }
        return t->op == Op::div ? q : r;
    }
    default: return std::nullopt;
    }
}

bool holds(const Cond& c, const std::vector<Integer>& vars) {
    auto l = eval(c.lhs, vars), r = eval(c.rhs, vars);
    if (!l || !r) return false;
    switch (c.rel) {
    case Rel::eq: return *l == *r;
    case Rel::ne: return *l != *r;
    case Rel::lt: return *l < *r;
    case Rel::le: return *l <= *r;
    case Rel::gt: return *l > *r;
    case Rel::ge: return *l >= *r;
    }
    return false;
}

// The values of the enabled alternatives.
std::vector<Integer> outcomes(const Values& v, const std::vector<Integer>& vars) {
    std::vector<Integer> out;
    for (const ExprAlt& a : v) {
        bool enabled = true;
        for (const Cond& g : a.guards) enabled = enabled && holds(g, vars);
        if (!enabled) continue;
        auto x = eval(a.term, vars);
        if (x) out.push_back(*x);
    }
    return out;
}

const IntType i8{8, true, false};
const IntType u8{8, false, false};
const IntType b1{1, false, true};

long long wrap_to(long long v, const IntType& t) {
    return t.is_signed ? static_cast<long long>(static_cast<std::int8_t>(v))
                       : static_cast<long long>(static_cast<std::uint8_t>(v));
}

// C's result of `a op b` at type t, mathematically (before any wrap); nothing when undefined.
std::optional<long long> c_result(BinOp op, long long a, long long b) {
    switch (op) {
    case BinOp::add: return a + b;
    case BinOp::sub: return a - b;
    case BinOp::mul: return a * b;
    case BinOp::div: if (b == 0) return std::nullopt; return a / b;
    case BinOp::rem: if (b == 0) return std::nullopt; return a % b;
    default: return std::nullopt;
    }
}

void check_binary(BinOp op, const IntType& t, IntSemantics s) {
    Notes notes;
    Arith arith(s, notes);
    Values r = arith.binary(op, t, single(var(0)), single(var(1)), false, 1);
    bool wraps = !t.is_signed || s == IntSemantics::wrap;
    for (long long a = t.min().convert_to<long long>(); a <= t.max(); ++a) {
        for (long long b = t.min().convert_to<long long>(); b <= t.max(); ++b) {
            auto got = outcomes(r, {a, b});
            auto want = c_result(op, a, b);
            if (!want) {
                REQUIRE_MESSAGE(got.empty(), "op " << int(op) << " " << a << ", " << b);
                continue;
            }
            long long expected = wraps ? wrap_to(*want, t) : *want;
            REQUIRE_MESSAGE(got.size() == 1, "op " << int(op) << " " << a << ", " << b);
            REQUIRE_MESSAGE(got[0] == expected, "op " << int(op) << " " << a << ", " << b);
        }
    }
}

}  // namespace

TEST_CASE("c2clp arithmetic: + - * / % at 8 bits agree with C, in both semantics") {
    for (IntSemantics s : {IntSemantics::math, IntSemantics::wrap}) {
        for (const IntType& t : {i8, u8}) {
            for (BinOp op : {BinOp::add, BinOp::sub, BinOp::mul, BinOp::div, BinOp::rem}) {
                check_binary(op, t, s);
            }
        }
    }
}

TEST_CASE("c2clp arithmetic: conversions between 8-bit types and to _Bool follow C") {
    Notes notes;
    Arith arith(IntSemantics::math, notes);
    for (const IntType& from : {i8, u8}) {
        for (const IntType& to : {i8, u8, b1}) {
            Values r = arith.convert(single(var(0)), from, to, 1);
            for (long long a = from.min().convert_to<long long>(); a <= from.max(); ++a) {
                auto got = outcomes(r, {a});
                long long want = to.is_bool ? (a != 0) : wrap_to(a, to);
                REQUIRE(got.size() == 1);
                CHECK(got[0] == want);
            }
        }
    }
}

TEST_CASE("c2clp arithmetic: shifts by constants, masks, ~ and unary minus") {
    for (IntSemantics s : {IntSemantics::math, IntSemantics::wrap}) {
        Notes notes;
        Arith arith(s, notes);
        for (const IntType& t : {i8, u8}) {
            bool wraps = !t.is_signed || s == IntSemantics::wrap;
            for (int k = 0; k < 8; ++k) {
                Values shl = arith.binary(BinOp::shl, t, single(var(0)), constant(k), false, 1);
                Values shr = arith.binary(BinOp::shr, t, single(var(0)), constant(k), false, 1);
                for (long long a = t.min().convert_to<long long>(); a <= t.max(); ++a) {
                    long long left = a * (1LL << k);  // C: UB for negative or overflowing signed
                    if (t.is_signed && !wraps && (a < 0 || left > t.max())) continue;
                    auto l = outcomes(shl, {a});
                    REQUIRE(l.size() == 1);
                    CHECK(l[0] == (wraps ? wrap_to(left, t) : left));
                    auto r = outcomes(shr, {a});
                    REQUIRE(r.size() == 1);
                    CHECK(r[0] == (a >> k));  // arithmetic shift, as GCC and Clang do
                }
            }
            Values mask = arith.binary(BinOp::band, t, single(var(0)), constant(7), false, 1);
            Values neg = arith.negate(t, single(var(0)), 1);
            Values cpl = arith.complement(t, single(var(0)));
            for (long long a = t.min().convert_to<long long>(); a <= t.max(); ++a) {
                CHECK(outcomes(mask, {a}) == std::vector<Integer>{a & 7});
                CHECK(outcomes(neg, {a}) == std::vector<Integer>{wraps ? wrap_to(-a, t) : -a});
                CHECK(outcomes(cpl, {a}) == std::vector<Integer>{wrap_to(~a, t)});
            }
        }
    }
}

TEST_CASE("c2clp arithmetic: a shift by a variable amount is a case per amount") {
    // Amounts 0 to 7 give C's shift of an 8-bit value; a negative amount or one of 8 and
    // more (undefined behaviour) enables no case.
    for (IntSemantics s : {IntSemantics::math, IntSemantics::wrap}) {
        Notes notes;
        Arith arith(s, notes);
        for (const IntType& t : {i8, u8}) {
            bool wraps = !t.is_signed || s == IntSemantics::wrap;
            Values shl = arith.binary(BinOp::shl, t, single(var(0)), single(var(1)), false, 1);
            Values shr = arith.binary(BinOp::shr, t, single(var(0)), single(var(1)), false, 1);
            long long wrong = 0;
            for (long long a = t.min().convert_to<long long>(); a <= t.max(); ++a) {
                for (long long n = -2; n < 10; ++n) {
                    const auto l = outcomes(shl, {a, n});
                    const auto r = outcomes(shr, {a, n});
                    if (n < 0 || n >= 8) {
                        wrong += !l.empty() || !r.empty();
                        continue;
                    }
                    long long left = a * (1LL << n);
                    if (!(t.is_signed && !wraps && (a < 0 || left > t.max()))) {
                        wrong += l != std::vector<Integer>{Integer(wraps ? wrap_to(left, t) : left)};
                    }
                    wrong += r != std::vector<Integer>{Integer(a >> n)};
                }
            }
            CHECK(wrong == 0);
        }
    }
}

TEST_CASE("c2clp arithmetic: &, | and ^ with a constant operand, every mask and every operand") {
    // x op m from m's runs of 1-bits (a mask with the sign bit set through its complement),
    // on either side: what C computes for each of the 256 x 256 pairs of an 8-bit type.
    Notes notes;
    Arith arith(IntSemantics::math, notes);
    for (const IntType& t : {i8, u8}) {
        for (BinOp op : {BinOp::band, BinOp::bor, BinOp::bxor}) {
            long long wrong = 0;
            for (long long m = t.min().convert_to<long long>(); m <= t.max(); ++m) {
                Values right = arith.binary(op, t, single(var(0)), constant(m), false, 1);
                Values left = arith.binary(op, t, constant(m), single(var(0)), false, 1);
                for (long long a = t.min().convert_to<long long>(); a <= t.max(); ++a) {
                    long long c = op == BinOp::band ? (a & m) : op == BinOp::bor ? (a | m) : (a ^ m);
                    const std::vector<Integer> want{Integer(wrap_to(c, t))};
                    if (outcomes(right, {a}) != want || outcomes(left, {a}) != want) ++wrong;
                }
            }
            INFO(t.c_name() << " operator " << static_cast<int>(op));
            CHECK(wrong == 0);
        }
    }
}

TEST_CASE("c2clp arithmetic: bitwise operators on non-constants are refused, not dropped") {
    Notes notes;
    Arith arith(IntSemantics::math, notes);
    CHECK_THROWS_AS(arith.binary(BinOp::bor, i8, single(var(0)), single(var(1)), false, 1), Refusal);
    // A constant of more than 8 runs of 1-bits (0x55555555): as many quotients as runs.
    const IntType i32{32, true, false};
    CHECK_THROWS_AS(arith.binary(BinOp::band, i32, single(var(0)), constant(0x55555555), false, 1), Refusal);

    // Constants are folded in two's complement at the type's width.
    Values c = arith.binary(BinOp::bxor, i8, constant(-1), constant(5), false, 1);
    CHECK(outcomes(c, {}) == std::vector<Integer>{-6});
}
