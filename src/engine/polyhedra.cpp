// The polyhedral analysis (polyhedra.hpp). The Parma Polyhedra Library is used here only.
//
// Why PPL: it is the library TRACER itself offered for loop invariants (-loop-inv
// polyhedra), it is packaged in Debian (libppl-dev) and kept, its coefficients are GMP
// integers (no overflow, no rounding: every fact is exact), and it has the standard widening
// of Bagnara, Hill, Ricci and Zaffanella that keeps more than the classic one. APRON is not
// in Debian; Z3 has no abstract domains in its API.
#include "engine/polyhedra.hpp"

#include <algorithm>
#include <chrono>
#include <deque>
#include <map>
#include <optional>

#include <ppl.hh>

#include "engine/watchdog.hpp"

namespace clpi::engine {

namespace PPL = Parma_Polyhedra_Library;

namespace {

// Thrown inside PPL (through abandon_expensive_computations) when the time is up.
struct TimeUp {};
struct AbandonToken : PPL::Throwable {
    void throw_me() const override { throw TimeUp{}; }
};
AbandonToken abandon_token;

struct TimeUpError {};

// A linear expression over a clause's variables, exact.
struct Linear {
    std::map<VarId, Number> coeff;
    Number constant;
};

std::optional<Linear> linearize(const Expr& e, const std::vector<Variable>& vars) {
    switch (e.kind) {
    case ExprKind::constant: return Linear{{}, e.value};
    case ExprKind::variable:
        if (e.var >= vars.size() || vars[e.var].type != Type::integer) return std::nullopt;
        return Linear{{{e.var, Number(1)}}, Number(0)};
    case ExprKind::neg: {
        auto a = linearize(e.args[0], vars);
        if (!a) return std::nullopt;
        for (auto& [v, c] : a->coeff) c = -c;
        a->constant = -a->constant;
        return a;
    }
    case ExprKind::add:
    case ExprKind::sub: {
        auto a = linearize(e.args[0], vars);
        auto b = linearize(e.args[1], vars);
        if (!a || !b) return std::nullopt;
        const int sign = e.kind == ExprKind::add ? 1 : -1;
        for (auto& [v, c] : b->coeff) a->coeff[v] += sign * c;
        a->constant += sign * b->constant;
        return a;
    }
    case ExprKind::mul: {
        auto a = linearize(e.args[0], vars);
        auto b = linearize(e.args[1], vars);
        if (!a || !b) return std::nullopt;
        if (!a->coeff.empty() && !b->coeff.empty()) return std::nullopt;  // a product of variables
        if (!a->coeff.empty()) std::swap(a, b);
        for (auto& [v, c] : b->coeff) c *= a->constant;
        b->constant *= a->constant;
        return b;
    }
    default: return std::nullopt;  // division, remainder, arrays: left out
    }
}

PPL::Coefficient coefficient(const Integer& i) { return PPL::Coefficient(i.str()); }
Integer integer(PPL::Coefficient_traits::const_reference c) { return Integer(c.get_str()); }

// `l` scaled to integer coefficients (by the least common multiple of the denominators),
// with variable v at dimension offset + v.
PPL::Linear_Expression expression(const Linear& l, PPL::dimension_type offset) {
    Integer scale = denominator(l.constant);
    for (const auto& [v, c] : l.coeff) scale = boost::multiprecision::lcm(scale, denominator(c));
    PPL::Linear_Expression e;
    for (const auto& [v, c] : l.coeff) {
        if (c == 0) continue;
        Integer k = numerator(c) * (scale / denominator(c));
        e += coefficient(k) * PPL::Variable(offset + v);
    }
    e += coefficient(numerator(l.constant) * (scale / denominator(l.constant)));
    return e;
}

class Analysis {
public:
    Analysis(const Program& program, const PointGraph& graph, const PolyhedraLimits& limits)
        : program_(program), graph_(graph), limits_(limits),
          start_(std::chrono::steady_clock::now()) {}

    PointInvariants run();

private:
    using Poly = PPL::C_Polyhedron;

    void check_time() const {
        if (elapsed() > limits_.time_s) throw TimeUpError{};
    }
    [[nodiscard]] double elapsed() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }
    [[nodiscard]] PPL::dimension_type arity(PointId p) const { return program_.points[p].state_arity; }

    // Adds the linear part of `cs` (variables at offset + var) to `p`.
    void constrain(Poly& p, const std::vector<Constraint>& cs, const std::vector<Variable>& vars,
                   PPL::dimension_type offset) const {
        for (const Constraint& c : cs) {
            if (p.is_empty()) return;
            if (c.is_disjunction()) {
                if (c.cases.size() > limits_.max_cases) continue;
                Poly joined(p.space_dimension(), PPL::EMPTY);
                for (const auto& conjunction : c.cases) {
                    Poly q = p;
                    constrain(q, conjunction, vars, offset);
                    joined.poly_hull_assign(q);
                }
                p = std::move(joined);
                continue;
            }
            auto lhs = linearize(c.lhs, vars);
            auto rhs = linearize(c.rhs, vars);
            if (!lhs || !rhs) continue;
            Linear d = *lhs;  // lhs - rhs
            for (const auto& [v, k] : rhs->coeff) d.coeff[v] -= k;
            d.constant -= rhs->constant;
            PPL::Linear_Expression e = expression(d, offset);
            // Over the integers, e < 0 is e =< -1 (e has integer coefficients and values);
            // over the reals a strict inequality is relaxed to its closure.
            const bool integers = program_.domain == Domain::integer;
            switch (c.op) {
            case RelOp::eq: p.add_constraint(e == 0); break;
            case RelOp::le: p.add_constraint(e <= 0); break;
            case RelOp::ge: p.add_constraint(e >= 0); break;
            case RelOp::lt: p.add_constraint(integers ? e <= -1 : e <= 0); break;
            case RelOp::gt: p.add_constraint(integers ? e >= 1 : e >= 0); break;
            case RelOp::ne: break;  // not convex: left out
            }
        }
    }

    // The linear form of an atom's argument: a variable at offset + var, or a constant.
    static std::optional<PPL::Linear_Expression> argument(const Arg& a, const std::vector<Variable>& vars,
                                                          PPL::dimension_type offset) {
        if (a.kind == Arg::Kind::integer) return PPL::Linear_Expression(coefficient(a.integer));
        if (a.kind != Arg::Kind::variable || a.var >= vars.size() || vars[a.var].type != Type::integer) {
            return std::nullopt;
        }
        return PPL::Linear_Expression(PPL::Variable(offset + a.var));
    }

    // `q` over [point's state][clause variables]: the state's positions equal the atom's
    // arguments; then everything but the state is projected away.
    void bind_and_project(Poly& q, const Atom& atom, PointId point, const std::vector<Variable>& vars) const {
        const Point& pt = program_.points[point];
        const PPL::dimension_type n = arity(point);
        for (PPL::dimension_type j = 0; j < n; ++j) {
            auto form = argument(atom.args[pt.first_state_arg + j], vars, n);
            if (form) q.add_constraint(PPL::Variable(j) == *form);
        }
        q.remove_higher_space_dimensions(n);
    }

    Poly initial() const {
        const Query& query = program_.query;
        const PointId q0 = query.point;
        const PPL::dimension_type n = arity(q0);
        Poly q(n + query.vars.size(), PPL::UNIVERSE);
        constrain(q, query.constraints, query.vars, n);
        bind_and_project(q, query.atom, q0, query.vars);
        return q;
    }

    // The states at the rule's body point that a state in `from` at its head leads to.
    Poly post(const Rule& r, const Poly& from) const {
        const PointId b = r.body_point;
        const PPL::dimension_type nb = arity(b);
        const std::size_t dims = nb + r.vars.size();
        if (dims > limits_.max_dimensions) return Poly(nb, PPL::UNIVERSE);
        Poly q(dims, PPL::UNIVERSE);
        // `from`, over the head's state, rewritten in the rule's variables.
        const Point& hp = program_.points[r.head_point];
        std::vector<std::optional<PPL::Linear_Expression>> head(arity(r.head_point));
        for (std::size_t i = 0; i < head.size(); ++i) head[i] = argument(r.head.args[hp.first_state_arg + i], r.vars, nb);
        for (const PPL::Constraint& c : from.minimized_constraints()) {
            PPL::Linear_Expression e(c.inhomogeneous_term());
            bool expressible = true;
            for (PPL::dimension_type i = 0; i < c.space_dimension(); ++i) {
                PPL::Coefficient_traits::const_reference k = c.coefficient(PPL::Variable(i));
                if (k == 0) continue;
                if (!head[i]) {
                    expressible = false;
                    break;
                }
                e += k * *head[i];
            }
            if (!expressible) continue;
            if (c.is_equality()) {
                q.add_constraint(e == 0);
            } else {
                q.add_constraint(e >= 0);
            }
        }
        constrain(q, r.constraints, r.vars, nb);
        bind_and_project(q, *r.body, b, r.vars);
        return q;
    }

    const Program& program_;
    const PointGraph& graph_;
    const PolyhedraLimits& limits_;
    std::chrono::steady_clock::time_point start_;
};

PointInvariants Analysis::run() {
    PointInvariants out;
    const std::size_t n = program_.points.size();
    const PointId q0 = program_.query.point;
    if (q0 == no_point || q0 >= n) return out;
    std::vector<Poly> at;
    at.reserve(n);
    for (PointId p = 0; p < n; ++p) at.emplace_back(arity(p), PPL::EMPTY);
    std::vector<std::uint32_t> updates(n, 0);
    auto rules_from = [&](PointId p, auto&& each) {
        for (std::uint32_t ri : program_.points[p].rules) {
            const Rule& r = program_.rules[ri];
            if (r.body_kind == BodyKind::atom && r.body_point != no_point) each(r);
        }
    };
    // Ascending: a worklist, joining posts in, widening at headers after the delay. Every
    // cycle passes through a header, so the iteration ends.
    const Poly init = initial();
    at[q0] = init;
    std::deque<PointId> work{q0};
    std::vector<char> queued(n, 0);
    queued[q0] = 1;
    while (!work.empty()) {
        const PointId h = work.front();
        work.pop_front();
        queued[h] = 0;
        ++out.rounds;
        rules_from(h, [&](const Rule& r) {
            check_time();
            Poly next = post(r, at[h]);
            const PointId b = r.body_point;
            if (next.is_empty() || at[b].contains(next)) return;
            next.poly_hull_assign(at[b]);
            if (graph_.header[b] && ++updates[b] > limits_.widening_delay) next.BHRZ03_widening_assign(at[b]);
            at[b] = std::move(next);
            if (!queued[b]) {
                queued[b] = 1;
                work.push_back(b);
            }
        });
    }
    // Descending: from a post-fixpoint, each round of posts is a smaller post-fixpoint.
    for (std::uint32_t k = 0; k < limits_.narrowing_rounds; ++k) {
        std::vector<Poly> next;
        next.reserve(n);
        for (PointId p = 0; p < n; ++p) next.emplace_back(arity(p), PPL::EMPTY);
        next[q0] = init;
        for (PointId h = 0; h < n; ++h) {
            if (at[h].is_empty()) continue;
            rules_from(h, [&](const Rule& r) {
                check_time();
                next[r.body_point].poly_hull_assign(post(r, at[h]));
            });
        }
        at = std::move(next);
        ++out.rounds;
    }
    out.at.resize(n);
    out.reachable.resize(n);
    for (PointId p = 0; p < n; ++p) {
        out.reachable[p] = !at[p].is_empty();
        if (!out.reachable[p]) continue;
        for (const PPL::Constraint& c : at[p].minimized_constraints()) {
            LinearFact f;
            for (PPL::dimension_type i = 0; i < c.space_dimension(); ++i) {
                PPL::Coefficient_traits::const_reference k = c.coefficient(PPL::Variable(i));
                if (k != 0) f.terms.emplace_back(integer(k), static_cast<std::uint32_t>(i));
            }
            if (f.terms.empty()) continue;
            if (std::any_of(f.terms.begin(), f.terms.end(),
                            [&](const auto& t) { return abs(t.first) > limits_.max_coefficient; })) {
                ++out.left_out;
                continue;
            }
            f.constant = integer(c.inhomogeneous_term());
            f.equality = c.is_equality();
            out.at[p].push_back(std::move(f));
        }
        if (graph_.header[p]) out.header_facts += out.at[p].size();
    }
    out.complete = true;
    return out;
}

}  // namespace

PointInvariants analyse_polyhedra(const Program& program, const PointGraph& graph,
                                  const PolyhedraLimits& limits) {
    auto start = std::chrono::steady_clock::now();
    auto elapsed = [start] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    PointInvariants out;
    // A single PPL operation (a conversion between constraints and generators) can take long
    // on many dimensions: past the time, the watchdog makes PPL abandon it.
    {
        Watchdog watchdog([&] { return elapsed() > limits.time_s; },
                          [] { PPL::abandon_expensive_computations = &abandon_token; });
        try {
            out = Analysis(program, graph, limits).run();
        } catch (const TimeUp&) {
            out = {};
            out.stopped = "time limit";
        } catch (const TimeUpError&) {
            out = {};
            out.stopped = "time limit";
        } catch (const std::exception& e) {
            out = {};
            out.stopped = e.what();
        }
    }
    PPL::abandon_expensive_computations = nullptr;
    out.time_s = elapsed();
    return out;
}

}  // namespace clpi::engine
