// Terms over x, y, z (Int) and b, c (Bool) of every operator the CHC import reads, sharing
// subterms as `let` makes them share: for the tests of the import's term handling.
#pragma once

#include <vector>

#include <z3++.h>

namespace clpi::test {

inline std::vector<z3::expr> sample_terms(z3::context& ctx) {
    const z3::expr x = ctx.int_const("x"), y = ctx.int_const("y"), z = ctx.int_const("z");
    const z3::expr b = ctx.bool_const("b"), c = ctx.bool_const("c");
    const z3::expr shared = x + 2 * y;
    z3::expr_vector three(ctx);
    three.push_back(x);
    three.push_back(y);
    three.push_back(z);
    z3::expr_vector twenty(ctx);
    for (int i = 0; i < 20; ++i) twenty.push_back(shared + i < z * i || b);
    return {
        x,
        ctx.int_val(7),
        ctx.bool_val(true),
        shared <= z && (shared == x || !b),
        z3::ite(b, shared, y - z) >= z3::mod(x, 3),
        z3::implies(b == c, z3::max(x, y) > 0) || (c != b),
        z3::ite(c, b, !b),
        z3::distinct(three),
        z3::mk_and(twenty),
        z3::forall(x, x + y > z),  // a quantifier inside: Z3's to replace in
    };
}

}  // namespace clpi::test
