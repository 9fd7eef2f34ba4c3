#include "solver/remainders.hpp"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace clpi::solver {

namespace {

// `c` taken modulo m (m >= 2) in -m/2 < c <= m/2.
std::int64_t balanced(std::int64_t c, std::int64_t m) {
    std::int64_t r = c % m;
    if (r < 0) r += m;
    return r > m / 2 ? r - m : r;
}

// The argument of a remainder by m with its variables' coefficients balanced; `arg` itself
// when none changes (or it is not a sum of numbers times terms).
z3::expr balanced_argument(const z3::expr& arg, std::int64_t m) {
    z3::context& ctx = arg.ctx();
    std::vector<z3::expr> addends;  // (a sum of sums read as one)
    std::vector<z3::expr> open{arg};
    while (!open.empty()) {
        z3::expr t = open.back();
        open.pop_back();
        if (t.is_app() && t.decl().decl_kind() == Z3_OP_ADD) {
            for (unsigned i = t.num_args(); i-- > 0;) open.push_back(t.arg(i));
        } else {
            addends.push_back(t);
        }
    }
    bool changed = false;
    z3::expr_vector out(ctx);
    for (const z3::expr& a : addends) {
        std::int64_t c = 0;
        if (a.is_app() && a.decl().decl_kind() == Z3_OP_MUL && a.num_args() == 2 && a.arg(0).is_numeral() &&
            a.arg(0).is_numeral_i64(c)) {
            const std::int64_t b = balanced(c, m);
            if (b != c) {
                changed = true;
                if (b == 0) continue;
                out.push_back(b == 1 ? a.arg(1) : ctx.int_val(b) * a.arg(1));
                continue;
            }
        }
        out.push_back(a);
    }
    if (!changed) return arg;
    if (out.empty()) return ctx.int_val(0);
    return out.size() == 1 ? out[0] : z3::sum(out);
}

class Rewriter {
public:
    z3::expr run(const z3::expr& e) {
        if (!e.is_app() || e.num_args() == 0) return e;
        if (auto found = done_.find(e.id()); found != done_.end()) return found->second.second;
        z3::expr_vector args(e.ctx());
        bool changed = false;
        for (unsigned i = 0; i < e.num_args(); ++i) {
            args.push_back(run(e.arg(i)));
            changed = changed || !z3::eq(args.back(), e.arg(i));
        }
        z3::expr out = changed ? e.decl()(args) : e;
        std::int64_t m = 0;
        if (out.decl().decl_kind() == Z3_OP_MOD && out.arg(1).is_numeral() && out.arg(1).is_numeral_i64(m) &&
            m >= 2) {
            z3::expr arg = balanced_argument(out.arg(0), m);
            if (!z3::eq(arg, out.arg(0))) out = z3::mod(arg, out.arg(1));
        }
        done_.emplace(e.id(), std::make_pair(e, out));
        return out;
    }

private:
    // A term's id -> the term (kept, so that no other takes its id) and what it became.
    std::unordered_map<unsigned, std::pair<z3::expr, z3::expr>> done_;
};

}  // namespace

z3::expr balanced_remainders(const z3::expr& e) { return Rewriter().run(e); }

}  // namespace clpi::solver
