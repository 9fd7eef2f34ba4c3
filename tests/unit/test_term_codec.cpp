// The projection helper's codec (solver/term_codec.hpp): a term read back is the very same
// term (in its own context) or the term Z3 would copy (in another), names, numerals and
// bound variables included; what it cannot write or read is an error, never another term.
#include <doctest/doctest.h>

#include "solver/term_codec.hpp"

#include <pthread.h>

#include <functional>

using namespace clpi::solver;

namespace {

// The same formula, read back in `to`, as Z3's own copy of it.
void check_round_trip(const z3::expr& e, z3::context& to) {
    std::string text = encode_term(e);
    z3::expr back = decode_term(e.ctx(), text);
    CHECK_MESSAGE(z3::eq(back, e), text);
    z3::expr copied(to, Z3_translate(e.ctx(), e, to));
    CHECK_MESSAGE(z3::eq(decode_term(to, text), copied), text);
}

}  // namespace

TEST_CASE("term codec: linear arithmetic with negative and fractional numerals") {
    z3::context c, other;
    z3::expr x = c.int_const("X'"), y = c.int_const("Y'!3"), n = c.int_const("$0");
    check_round_trip(x + c.int_val(-1) * y <= 0, other);
    check_round_trip(z3::ite(x > n, x % 3, x / c.int_val(-7)) == y - n - 2, other);
    z3::expr_vector three(c);
    three.push_back(x);
    three.push_back(y);
    three.push_back(n);
    check_round_trip(z3::distinct(three) && !(x >= 5) && (x < y || y > n), other);
    z3::expr r = c.real_const("r z"), s = c.real_const("s");
    check_round_trip(r * c.real_val(7, 2) + c.real_val(-1, 3) >= s - z3::to_real(x), other);
    check_round_trip(z3::is_int(r) && z3::expr(c, Z3_mk_real2int(c, s)) == x, other);
}

TEST_CASE("term codec: Booleans, arrays and quantifiers with names Z3 prints unquoted") {
    z3::context c, other;
    z3::expr b = c.bool_const("b'"), x = c.int_const("x"), y = c.int_const("y'");
    z3::expr m = c.constant("M'", c.array_sort(c.int_sort(), c.int_sort()));
    check_round_trip(z3::implies(b, z3::select(z3::store(m, x, y), x + 1) == y) == (b ^ (x > 0)), other);
    check_round_trip(z3::const_array(c.int_sort(), c.int_val(0)) == m, other);
    z3::expr_vector bound(c);
    bound.push_back(y);
    bound.push_back(b);
    z3::expr inner = z3::forall(x, z3::implies(x > y, z3::select(m, x) >= 0));
    check_round_trip(z3::exists(bound, (b || y > 3) && inner), other);
    // A numbered symbol (as Z3 makes for fresh names) stays numbered.
    z3::expr k = c.constant(c.int_symbol(12), c.int_sort());
    check_round_trip(k + x == 0, other);
}

TEST_CASE("term codec: what it cannot write or read is an error") {
    z3::context c;
    z3::func_decl f = c.function("f", c.int_sort(), c.int_sort());
    CHECK_THROWS_AS(encode_term(f(c.int_const("x")) > 0), CodecError);
    CHECK_THROWS_AS(encode_term(c.bv_const("v", 8) == c.bv_val(1, 8)), CodecError);
    CHECK_THROWS_AS(decode_term(c, ""), CodecError);
    CHECK_THROWS_AS(decode_term(c, "O 258 2 0 1\n"), CodecError);  // children not yet read
    CHECK_THROWS_AS(decode_term(c, "K I s9:short\n"), CodecError);
    CHECK_THROWS_AS(decode_term(c, "X\n"), CodecError);
}

namespace {

// Runs `work` on a thread with a stack of `bytes` (std::thread cannot set one).
void on_small_stack(std::size_t bytes, const std::function<void()>& work) {
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, bytes);
    pthread_t thread;
    auto call = [](void* w) -> void* {
        (*static_cast<const std::function<void()>*>(w))();
        return nullptr;
    };
    REQUIRE(pthread_create(&thread, &attr, call, const_cast<std::function<void()>*>(&work)) == 0);
    pthread_join(thread, nullptr);
    pthread_attr_destroy(&attr);
}

}  // namespace

TEST_CASE("term codec: a term nested deeper than a small stack allows a walk by recursion") {
    z3::context c;
    z3::expr x = c.int_const("x");
    z3::expr t = x;
    for (int i = 0; i < 3000; ++i) t = z3::expr(c, Z3_mk_unary_minus(c, t));
    z3::expr f = t >= 0;
    std::string text;
    // 3000 levels on 64 KB: 22 bytes a level, less than any recursive call takes.
    on_small_stack(64 * 1024, [&] { text = encode_term(f); });
    CHECK(z3::eq(decode_term(c, text), f));
}
