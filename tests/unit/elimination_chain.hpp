// A quantifier elimination of tunable cost, for the tests of bounded and helper projections.
#pragma once

#include <atomic>
#include <chrono>
#include <optional>
#include <string>
#include <thread>

#include <z3++.h>

namespace clpi::test {

// ∃ y_1 .. y_n. a chain of bounds and remainders from x: n = 1 takes Z3's qe tactic
// milliseconds, n = 2 minutes (the cases of the remainders multiply).
inline z3::expr elimination_chain(z3::context& c, int n) {
    z3::expr_vector ys(c);
    z3::expr x = c.int_const("x");
    z3::expr body = c.bool_val(true);
    z3::expr prev = x;
    for (int i = 0; i < n; ++i) {
        z3::expr y = c.int_const(("y" + std::to_string(i)).c_str());
        ys.push_back(y);
        body = body && (3 * y >= prev + i) && (5 * y <= 2 * prev + 7 * i + 11) &&
               ((y % (i + 2)) == 1 || y > 2 * prev);
        prev = y;
    }
    return z3::exists(ys, body && prev < x + 100);
}

// Eliminates the long chain while another thread interrupts `projection` again and again
// until the elimination returns (an interrupt before it starts is moot); what it gave.
template <class Projection>
std::optional<z3::expr> eliminate_interrupted(Projection& projection, z3::context& c) {
    std::atomic<bool> returned{false};
    std::thread interrupter([&] {
        while (!returned.load()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            projection.interrupt();
        }
    });
    std::optional<z3::expr> out = projection.eliminate(elimination_chain(c, 2));
    returned.store(true);
    interrupter.join();
    return out;
}

}  // namespace clpi::test
