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
#include <ctime>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <tuple>

#include <pthread.h>

#include <ppl.hh>

#include "engine/quotient_cases.hpp"
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
struct WorkUp {};  // max_rounds_with_branches reached

// A linear expression over a clause's variables, exact.
struct Linear {
    std::map<VarId, Number> coeff;
    Number constant;
};

// a - b.
Linear difference(Linear a, const Linear& b) {
    for (const auto& [v, k] : b.coeff) a.coeff[v] -= k;
    a.constant -= b.constant;
    return a;
}

// What a part knows of its variables' remainders: per variable, (modulus, remainder) pairs.
using Remainders = std::map<VarId, std::vector<std::pair<Integer, Integer>>>;

// k of `x mod k` and `x div k` when it is an integer constant from 2 to 16: a remainder a
// loop's parts keep apart (larger moduli would make too many parts).
constexpr int largest_kept_modulus = 16;
std::optional<Integer> small_modulus(const Expr& e) {
    if (e.kind != ExprKind::constant || denominator(e.value) != 1) return std::nullopt;
    Integer k = numerator(e.value);
    if (k < 2 || k > largest_kept_modulus) return std::nullopt;
    return k;
}

// The variables of e, each once.
void variables_of(const Expr& e, std::vector<VarId>& out) {
    if (e.kind == ExprKind::variable && std::find(out.begin(), out.end(), e.var) == out.end()) out.push_back(e.var);
    for (const Expr& a : e.args) variables_of(a, out);
}

// r in [0, k) with r = x mod k.
Integer floor_mod(const Integer& x, const Integer& k) {
    Integer r = x % k;
    return r < 0 ? Integer(r + k) : r;
}

// The quotients `e div k` (k a positive constant) that linearize stood a new variable q
// for, with k·q =< e =< k·q + k - 1 (and e mod k = e - k·q): the variable of the i-th is
// `first + i`, after the clause's own.
struct Quotients {
    std::size_t first = 0;
    std::vector<std::pair<Linear, Integer>> list;  // e and k

    // The variable of e div k, the same for the same e and k.
    VarId of(const Linear& e, const Integer& k) {
        for (std::size_t i = 0; i < list.size(); ++i) {
            if (list[i].second == k && list[i].first.coeff == e.coeff && list[i].first.constant == e.constant) {
                return static_cast<VarId>(first + i);
            }
        }
        list.emplace_back(e, k);
        return static_cast<VarId>(first + list.size() - 1);
    }
};

// `known`: the remainders known of the variables, which make x mod k the constant r and
// x div k the linear (x - r) / k. `quotients`: where a remainder is not known, e div k and
// e mod k for a positive constant k become linear in a new variable (the quotient) that
// they are added to, rather than left out.
std::optional<Linear> linearize(const Expr& e, const std::vector<Variable>& vars,
                                const Remainders* known = nullptr, Quotients* quotients = nullptr) {
    switch (e.kind) {
    case ExprKind::constant: return Linear{{}, e.value};
    case ExprKind::variable:
        if (e.var >= vars.size() || vars[e.var].type != Type::integer) return std::nullopt;
        return Linear{{{e.var, Number(1)}}, Number(0)};
    case ExprKind::neg: {
        auto a = linearize(e.args[0], vars, known, quotients);
        if (!a) return std::nullopt;
        for (auto& [v, c] : a->coeff) c = -c;
        a->constant = -a->constant;
        return a;
    }
    case ExprKind::add:
    case ExprKind::sub: {
        auto a = linearize(e.args[0], vars, known, quotients);
        auto b = linearize(e.args[1], vars, known, quotients);
        if (!a || !b) return std::nullopt;
        const int sign = e.kind == ExprKind::add ? 1 : -1;
        for (auto& [v, c] : b->coeff) a->coeff[v] += sign * c;
        a->constant += sign * b->constant;
        return a;
    }
    case ExprKind::mul: {
        auto a = linearize(e.args[0], vars, known, quotients);
        auto b = linearize(e.args[1], vars, known, quotients);
        if (!a || !b) return std::nullopt;
        if (!a->coeff.empty() && !b->coeff.empty()) return std::nullopt;  // a product of variables
        if (!a->coeff.empty()) std::swap(a, b);
        for (auto& [v, c] : b->coeff) c *= a->constant;
        b->constant *= a->constant;
        return b;
    }
    case ExprKind::div:
    case ExprKind::mod: {
        // e mod k for a linear e with integer coefficients whose variables' remainders
        // modulo k are known: the constant remainder of e; e div k: (e - that) / k.
        auto inner = linearize(e.args[0], vars, known, quotients);
        if (!inner) return std::nullopt;
        // Where the remainders are not all known: the quotient q as a new variable.
        auto by_quotient = [&]() -> std::optional<Linear> {
            const Expr& d = e.args[1];
            if (!quotients || d.kind != ExprKind::constant || denominator(d.value) != 1 || numerator(d.value) < 2) {
                return std::nullopt;
            }
            if (denominator(inner->constant) != 1) return std::nullopt;
            for (const auto& [v, c] : inner->coeff) {
                if (denominator(c) != 1) return std::nullopt;  // e takes integer values only
            }
            const Integer k = numerator(d.value);
            const VarId q = quotients->of(*inner, k);
            if (e.kind == ExprKind::div) return Linear{{{q, Number(1)}}, Number(0)};
            Linear r = *inner;  // e - k·q
            r.coeff[q] -= Number(k);
            return r;
        };
        auto k = small_modulus(e.args[1]);
        if (!k || denominator(inner->constant) != 1) return by_quotient();
        Integer r = numerator(inner->constant);
        for (const auto& [v, c] : inner->coeff) {
            if (c == 0) continue;
            if (denominator(c) != 1 || !known) return by_quotient();
            auto it = known->find(v);
            if (it == known->end()) return by_quotient();
            auto m = std::find_if(it->second.begin(), it->second.end(), [&](const auto& x) { return x.first == *k; });
            if (m == it->second.end()) return by_quotient();
            r += numerator(c) * m->second;
        }
        r = floor_mod(r, *k);
        if (e.kind == ExprKind::mod) return Linear{{}, Number(r)};
        for (auto& [v, c] : inner->coeff) c /= Number(*k);
        inner->constant = (inner->constant - Number(r)) / Number(*k);
        return inner;
    }
    default: return std::nullopt;  // division and remainder where nothing is known, arrays: left out
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

// The analysis's time budget is the processor time of its thread, not the wall clock: on a
// loaded machine (the engines beside the search, another run beside this one) a wall-clock
// budget cut the analysis short at random, and its facts, hence the search, changed from run
// to run. Readable from another thread (the watchdog).
class ThreadCpuClock {
public:
    ThreadCpuClock() : start_(0) {
        if (pthread_getcpuclockid(pthread_self(), &id_) != 0) id_ = CLOCK_MONOTONIC;
        start_ = now();
    }
    [[nodiscard]] double elapsed_s() const { return now() - start_; }

private:
    [[nodiscard]] double now() const {
        timespec ts{};
        clock_gettime(id_, &ts);
        return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
    }
    clockid_t id_{};
    double start_;
};

class Analysis {
public:
    Analysis(const Program& program, const PointGraph& graph, const PolyhedraLimits& limits,
             const ThreadCpuClock& clock)
        : program_(program), graph_(graph), limits_(limits), clock_(clock) {}

    PointInvariants run();

private:
    using Poly = PPL::C_Polyhedron;

    void check_time() const {
        if (elapsed() > limits_.time_s || limits_.stopped()) throw TimeUpError{};
    }
    [[nodiscard]] double elapsed() const { return clock_.elapsed_s(); }
    [[nodiscard]] PPL::dimension_type arity(PointId p) const { return program_.points[p].state_arity; }

    // Adds the linear part of `cs` (variables at offset + var) to `p`. `side` picks one side
    // of the first disequality e != 0 at the top of `cs`: 0 for e =< -1, 1 for e >= 1, -1 for
    // their hull; 2 + c picks case c of the first disjunction at the top instead.
    // `p` is over [offset][the clause's variables]; the quotients of div and mod get
    // dimensions of their own after those, which the caller projects away with the rest.
    void constrain(Poly& p, const std::vector<Constraint>& cs, const std::vector<Variable>& vars,
                   PPL::dimension_type offset, int side = -1, const Remainders* known = nullptr) const {
        Quotients quotients;
        quotients.first = vars.size();
        const bool room = p.space_dimension() == offset + vars.size();
        constrain_in(p, cs, vars, offset, side, known, room ? &quotients : nullptr);
    }

    void constrain_in(Poly& p, const std::vector<Constraint>& cs, const std::vector<Variable>& vars,
                      PPL::dimension_type offset, int side, const Remainders* known, Quotients* quotients) const {
        for (const Constraint& c : cs) {
            if (p.is_empty()) return;
            if (c.is_disjunction()) {
                if (c.cases.size() > limits_.max_cases) continue;
                if (side >= 2) {  // one case of the first disjunction
                    const auto pick = static_cast<std::size_t>(side - 2);
                    side = -1;
                    if (pick < c.cases.size()) constrain_in(p, c.cases[pick], vars, offset, -1, known, quotients);
                    continue;
                }
                // Each case's own quotients are projected away before the hull.
                const PPL::dimension_type dims = p.space_dimension();
                Poly joined(dims, PPL::EMPTY);
                for (const auto& conjunction : c.cases) {
                    Poly q = p;
                    std::optional<Quotients> own;
                    if (quotients) own = *quotients;
                    constrain_in(q, conjunction, vars, offset, -1, known, own ? &*own : nullptr);
                    q.remove_higher_space_dimensions(dims);
                    joined.poly_hull_assign(q);
                }
                p = std::move(joined);
                continue;
            }
            const std::size_t before = quotients ? quotients->list.size() : 0;
            auto lhs = linearize(c.lhs, vars, known, quotients);
            auto rhs = linearize(c.rhs, vars, known, quotients);
            // A new quotient q of e div k: k·q =< e =< k·q + k - 1 (k > 0, any integer e).
            for (std::size_t i = before; quotients && i < quotients->list.size(); ++i) {
                const auto& [inner, k] = quotients->list[i];
                p.add_space_dimensions_and_embed(1);
                const PPL::Variable q(p.space_dimension() - 1);
                const PPL::Linear_Expression ek = expression(inner, offset);
                p.add_constraint(coefficient(k) * q <= ek);
                p.add_constraint(ek <= coefficient(k) * q + coefficient(k - 1));
            }
            if (!lhs || !rhs) continue;
            PPL::Linear_Expression e = expression(difference(*lhs, *rhs), offset);
            // Over the integers, e < 0 is e =< -1 (e has integer coefficients and values);
            // over the reals a strict inequality is relaxed to its closure.
            const bool integers = program_.domain == Domain::integer;
            switch (c.op) {
            case RelOp::eq: p.add_constraint(e == 0); break;
            case RelOp::le: p.add_constraint(e <= 0); break;
            case RelOp::ge: p.add_constraint(e >= 0); break;
            case RelOp::lt: p.add_constraint(integers ? e <= -1 : e <= 0); break;
            case RelOp::gt: p.add_constraint(integers ? e >= 1 : e >= 0); break;
            case RelOp::ne:
                // Over the integers e != 0 is e =< -1 or e >= 1: their hull says more than
                // nothing where p bounds e on one side (x =< 10, x != 10 gives x =< 9).
                if (integers) {
                    if (side == 0) {
                        p.add_constraint(e <= -1);
                    } else if (side == 1) {
                        p.add_constraint(e >= 1);
                    } else {
                        Poly below = p;
                        below.add_constraint(e <= -1);
                        p.add_constraint(e >= 1);
                        p.poly_hull_assign(below);
                    }
                    if (side == 0 || side == 1) side = -1;  // the first one only
                }
                break;
            }
        }
    }

    // Whether the rule has a disequality at the top of its body that constrain can split.
    [[nodiscard]] bool has_disequality(const Rule& r) const {
        if (program_.domain != Domain::integer) return false;
        return std::any_of(r.constraints.begin(), r.constraints.end(), [&](const Constraint& c) {
            Quotients quotients;  // as constrain linearizes it
            quotients.first = r.vars.size();
            return !c.is_disjunction() && c.op == RelOp::ne && linearize(c.lhs, r.vars, nullptr, &quotients) &&
                   linearize(c.rhs, r.vars, nullptr, &quotients);
        });
    }

    // The number of cases of the first disjunction at the top of the rule's body, when
    // constrain can take them one by one (at most max_cases); else 0.
    [[nodiscard]] std::size_t disjunction_cases(const Rule& r) const {
        for (const Constraint& c : r.constraints) {
            if (c.is_disjunction()) return c.cases.size() <= limits_.max_cases ? c.cases.size() : 0;
        }
        return 0;
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

    // The ways the remainders in c can be known: none (c is linear, or has no small
    // modulus), or each remainder r of x in the first e mod k or e div k in it whose e has
    // one variable x.
    static std::vector<Remainders> remainder_cases(const Constraint& c, const Rule& r) {
        std::optional<std::pair<VarId, Integer>> first;
        std::function<void(const Expr&)> find = [&](const Expr& e) {
            if (first) return;
            if (e.kind == ExprKind::mod || e.kind == ExprKind::div) {
                std::vector<VarId> inside;
                variables_of(e.args[0], inside);
                auto k = small_modulus(e.args[1]);
                if (k && inside.size() == 1) {
                    first = std::pair{inside.front(), *k};
                    return;
                }
            }
            for (const Expr& a : e.args) find(a);
        };
        find(c.lhs);
        find(c.rhs);
        std::vector<Remainders> out;
        if (!first || first->first >= r.vars.size()) {
            out.emplace_back();
            return out;
        }
        for (Integer k = 0; k < first->second; ++k) out.push_back(Remainders{{first->first, {{first->second, k}}}});
        return out;
    }

    // Widening thresholds at header h (widening "up to" them, Halbwachs): the linear guards
    // of the rules of h's loop, and the negated conditions of its error rules, over h's
    // positions, so that widening keeps x =< 10 where a guard or an error speaks of 10.
    // A variable counts as a position when it is an argument of the rule's head or body at
    // that position, and the point has h's predicate (the same layout of the state).
    PPL::Constraint_System thresholds(PointId h) const {
        PPL::Constraint_System out;
        const Point& hp = program_.points[h];
        const PPL::dimension_type n = arity(h);
        for (const Rule& r : program_.rules) {
            if (graph_.component[r.head_point] != graph_.component[h]) continue;
            if (program_.points[r.head_point].pred != hp.pred) continue;
            const bool error = r.body_kind == BodyKind::error;
            if (!error && (r.body_kind != BodyKind::atom || r.body_point == no_point ||
                           program_.points[r.body_point].pred != hp.pred)) {
                continue;
            }
            std::map<VarId, PPL::dimension_type> position;
            auto note = [&](const Atom& a) {
                for (PPL::dimension_type i = 0; i < n; ++i) {
                    const Arg& arg = a.args[hp.first_state_arg + i];
                    if (arg.kind == Arg::Kind::variable) position.emplace(arg.var, i);
                }
            };
            note(r.head);
            if (r.body && !error) note(*r.body);
            // The constraints at the top of the body, and those of each case of a guard's
            // disjunctions (the cases of a quotient bound its range: c + 1 =< 999 before a
            // wrap keeps c =< 998 through widening); an error's disjunction is left out.
            std::vector<const Constraint*> guards;
            std::function<void(const std::vector<Constraint>&)> collect = [&](const std::vector<Constraint>& cs) {
                for (const Constraint& c : cs) {
                    if (!c.is_disjunction()) {
                        guards.push_back(&c);
                    } else if (!error) {
                        for (const auto& conjunction : c.cases) collect(conjunction);
                    }
                }
            };
            collect(r.constraints);
            for (const Constraint* guard : guards) {
                const Constraint& c = *guard;
                // A guard on x div k or x mod k gives a threshold per remainder of x (x div 5
                // >= 200: x >= 1000 + r), as the parts that know it read it.
                for (const Remainders& known : remainder_cases(c, r)) {
                    auto lhs = linearize(c.lhs, r.vars, &known);
                    auto rhs = linearize(c.rhs, r.vars, &known);
                    if (!lhs || !rhs) continue;
                    Linear d;  // lhs - rhs over positions
                    bool mapped = true;
                    for (int side : {1, -1}) {
                        const Linear& l = side == 1 ? *lhs : *rhs;
                        for (const auto& [v, k] : l.coeff) {
                            auto it = position.find(v);
                            if (it == position.end()) {
                                mapped = false;
                                break;
                            }
                            d.coeff[static_cast<VarId>(it->second)] += side * k;
                        }
                        d.constant += side * l.constant;
                    }
                    if (!mapped) continue;
                    PPL::Linear_Expression e = expression(d, 0);
                    if (e.all_homogeneous_terms_are_zero()) continue;
                    // A guard's own half-spaces; an error's condition negated (the states that
                    // stay out of the error), both halves for an equation.
                    RelOp op = c.op;
                    if (error) {
                        switch (op) {
                        case RelOp::lt: op = RelOp::ge; break;
                        case RelOp::le: op = RelOp::gt; break;
                        case RelOp::gt: op = RelOp::le; break;
                        case RelOp::ge: op = RelOp::lt; break;
                        case RelOp::ne: op = RelOp::eq; break;
                        default: continue;  // x = c as an error: its negation is not convex
                        }
                    }
                    const bool integers = program_.domain == Domain::integer;
                    switch (op) {
                    case RelOp::eq: out.insert(e <= 0); out.insert(e >= 0); break;
                    case RelOp::le: out.insert(e <= 0); break;
                    case RelOp::ge: out.insert(e >= 0); break;
                    case RelOp::lt: out.insert(integers ? e <= -1 : e <= 0); break;
                    case RelOp::gt: out.insert(integers ? e >= 1 : e >= 0); break;
                    case RelOp::ne:  // x != 10: up to 9 and from 11
                        if (integers) {
                            out.insert(e <= -1);
                            out.insert(e >= 1);
                        }
                        break;
                    }
                }
            }
        }
        // The images of the loop's steps, each case of a step's disjunction apart: a guard
        // bounds the state before a step, and a part holds the states after one (c < 500
        // with c' = c + 1 gives c' =< 500, which no guard states; without it, widening
        // goes on to the next guard, c =< 998, and the next phase starts from states the
        // loop never has).
        for (const Rule& r : program_.rules) {
            if (r.body_kind != BodyKind::atom || r.body_point == no_point) continue;
            if (graph_.component[r.head_point] != graph_.component[h] ||
                graph_.component[r.body_point] != graph_.component[h] ||
                program_.points[r.body_point].pred != hp.pred) {
                continue;
            }
            const std::size_t cases = disjunction_cases(r);
            for (std::size_t c = 0; c < std::max<std::size_t>(cases, 1); ++c) {
                const int side = cases >= 2 ? 2 + static_cast<int>(c) : -1;
                const Poly image = post(r, Poly(arity(r.head_point), PPL::UNIVERSE), side);
                if (image.is_empty() || image.space_dimension() != n) continue;
                for (const PPL::Constraint& k : image.minimized_constraints()) {
                    PPL::Linear_Expression e(k.inhomogeneous_term());
                    for (PPL::dimension_type i = 0; i < k.space_dimension(); ++i) {
                        e += k.coefficient(PPL::Variable(i)) * PPL::Variable(i);
                    }
                    out.insert(e >= 0);
                    if (k.is_equality()) out.insert(e <= 0);
                }
            }
        }
        return out;
    }

    // The value of x in every state of `p`, when it has one (and is an integer).
    static std::optional<Integer> fixed(const Poly& p, const PPL::Linear_Expression& x) {
        if (p.is_empty()) return std::nullopt;
        PPL::Coefficient hi_n, hi_d, lo_n, lo_d;
        bool hi_max = false, lo_min = false;
        if (!p.maximize(x, hi_n, hi_d, hi_max) || !p.minimize(x, lo_n, lo_d, lo_min)) return std::nullopt;
        if (hi_n != lo_n || hi_d != lo_d || hi_d != 1) return std::nullopt;
        return integer(hi_n);
    }

    // The value of position j in every state of `p`, when it has one (and is an integer).
    static std::optional<Integer> fixed_value(const Poly& p, PPL::dimension_type j) {
        return fixed(p, PPL::Linear_Expression(PPL::Variable(j)));
    }

    // The range of position j in `p` as text, `lo:hi` (either side empty when unbounded).
    static std::string range_text(const Poly& p, PPL::dimension_type j) {
        const PPL::Linear_Expression x{PPL::Variable(j)};
        PPL::Coefficient n, d;
        bool exact = false;
        std::string out;
        if (p.minimize(x, n, d, exact)) out += integer(n).str() + (d == 1 ? "" : "/" + integer(d).str());
        out += ":";
        if (p.maximize(x, n, d, exact)) out += integer(n).str() + (d == 1 ? "" : "/" + integer(d).str());
        return out;
    }

    // The flags of header h: positions every rule into h from inside its loop keeps, sets to
    // a constant or negates, and some rule sets or negates (a direction, a phase number, a
    // step d flipped by d = -d at either end of a range): from a part where the flag has
    // a value, the post fixes it too, so each value keeps a part of its own. When the rules
    // into h find none, the same is asked of every rule of the loop, with the positions of
    // its points aligned (points of h's arity; a CHC problem's locations are predicates of
    // one argument list): a flag set anywhere in the body (`b = !b` at the end of an
    // iteration, then kept back to the header) splits the header by its values just as well.
    std::vector<PPL::dimension_type> flag_positions(PointId h) const {
        std::vector<PPL::dimension_type> out = flags_of(h);
        if (!out.empty()) return out;
        auto [it, fresh] = loop_flags_.try_emplace(graph_.component[h]);
        if (fresh) it->second = loop_flags_of(h);
        return arity(h) == it->second.first ? it->second.second : std::vector<PPL::dimension_type>{};
    }

    // What rule r does to each state position, both ends of equal arity: kept (0), set to a
    // constant or negated (1), anything else (2). Cached by rule: every point of a loop asks
    // of the loop's rules.
    const std::vector<char>& position_moves(std::size_t ri) const {
        auto [it, fresh] = moves_.try_emplace(ri);
        if (!fresh) return it->second;
        const Rule& r = program_.rules[ri];
        const Point& from = program_.points[r.head_point];
        const Point& to = program_.points[r.body_point];
        const PPL::dimension_type n = arity(r.body_point);
        std::vector<char>& out = it->second;
        out.assign(n, 0);
        const Poly range = post(r, Poly(arity(r.head_point), PPL::UNIVERSE));
        std::optional<Poly> rel;  // over [the body's state][the head's state]
        for (PPL::dimension_type j = 0; j < n; ++j) {
            const Arg& a = r.head.args[from.first_state_arg + j];
            const Arg& b = r.body->args[to.first_state_arg + j];
            const bool kept = a.kind == Arg::Kind::variable && b.kind == Arg::Kind::variable && a.var == b.var;
            if (kept) continue;
            if (!rel) rel = relation(r);
            const auto moved = fixed_difference(*rel, j, n + j);
            if (moved && *moved == 0) continue;  // kept through an equation (D = B)
            const auto negated = fixed(*rel, PPL::Variable(j) + PPL::Variable(n + j));
            out[j] = fixed_value(range, j) || (negated && *negated == 0) ? 1 : 2;
        }
        return out;
    }

    // The positions that `moves` (of some rules) never change but to a constant or by
    // negation, and some of them sets.
    static std::vector<PPL::dimension_type> flags_among(const std::vector<const std::vector<char>*>& moves,
                                                        PPL::dimension_type n) {
        std::vector<PPL::dimension_type> out;
        for (PPL::dimension_type j = 0; j < n; ++j) {
            bool set = false, other = false;
            for (const std::vector<char>* m : moves) {
                set = set || (*m)[j] == 1;
                other = other || (*m)[j] == 2;
            }
            if (set && !other) out.push_back(j);
        }
        return out;
    }

    // flag_positions over the rules into h from inside its loop (of h's predicate).
    std::vector<PPL::dimension_type> flags_of(PointId h) const {
        const Point& hp = program_.points[h];
        std::vector<const std::vector<char>*> moves;
        for (std::size_t ri = 0; ri < program_.rules.size(); ++ri) {
            const Rule& r = program_.rules[ri];
            if (r.body_kind != BodyKind::atom || r.body_point != h) continue;
            if (graph_.component[r.head_point] != graph_.component[h]) continue;
            if (program_.points[r.head_point].pred != hp.pred) return {};
            moves.push_back(&position_moves(ri));
        }
        return flags_among(moves, arity(h));
    }

    // flag_positions over every rule with both ends in h's loop, when all of its points have
    // h's arity (else none): (that arity, the flags).
    std::pair<PPL::dimension_type, std::vector<PPL::dimension_type>> loop_flags_of(PointId h) const {
        const PPL::dimension_type n = arity(h);
        std::vector<const std::vector<char>*> moves;
        for (std::size_t ri = 0; ri < program_.rules.size(); ++ri) {
            const Rule& r = program_.rules[ri];
            if (r.body_kind != BodyKind::atom || r.body_point == no_point) continue;
            if (graph_.component[r.head_point] != graph_.component[h] ||
                graph_.component[r.body_point] != graph_.component[h]) {
                continue;
            }
            if (arity(r.head_point) != n || arity(r.body_point) != n) return {n, {}};
            moves.push_back(&position_moves(ri));
        }
        return {n, flags_among(moves, n)};
    }

    // The rule's relation between its head's state (dimensions nb to nb + nh) and its body's
    // (0 to nb), from its linear constraints.
    Poly relation(const Rule& r) const {
        const PointId b = r.body_point;
        const PPL::dimension_type nb = arity(b), nh = arity(r.head_point);
        if (nb + nh + r.vars.size() > limits_.max_dimensions) return Poly(nb + nh, PPL::UNIVERSE);
        Poly q(nb + nh + r.vars.size(), PPL::UNIVERSE);
        constrain(q, r.constraints, r.vars, nb + nh);
        bind_states(q, r, nb + nh);
        q.remove_higher_space_dimensions(nb + nh);
        return q;
    }

    // The state positions of `q` (the body's from 0, the head's from nb) equal the rule's
    // atoms' arguments (the rule's variables from `offset`).
    template <class Shape>
    void bind_states(Shape& q, const Rule& r, PPL::dimension_type offset) const {
        const PointId b = r.body_point;
        const PPL::dimension_type nb = arity(b), nh = arity(r.head_point);
        const Point& bp = program_.points[b];
        const Point& hp = program_.points[r.head_point];
        for (PPL::dimension_type j = 0; j < nb; ++j) {
            auto form = argument(r.body->args[bp.first_state_arg + j], r.vars, offset);
            if (form) q.add_constraint(PPL::Variable(j) == *form);
        }
        for (PPL::dimension_type i = 0; i < nh; ++i) {
            auto form = argument(r.head.args[hp.first_state_arg + i], r.vars, offset);
            if (form) q.add_constraint(PPL::Variable(nb + i) == *form);
        }
    }

    // The linear constraints of a rule's case as a system, not a polyhedron (a rule's
    // dimensions make the conversion to generators costly): the source's states, the rule's
    // constraints above the case, the case's own; `guards`, its inequalities (e >= 0), are
    // where the case may meet the source's bounds.
    struct CaseSystem {
        PPL::Constraint_System all;
        std::vector<PPL::Linear_Expression> guards;
        void add_constraint(const PPL::Constraint& c) { all.insert(c); }
    };

    // The rule as a grid over [body state][head state]: its equalities, each case of a
    // disjunction joined as grids, over the integers (its variables, and the quotients of its
    // div and mod, e mod k = e - k·q, are integers); its inequalities say nothing of a lattice.
    // `source`, when given, holds every state of the rule's head point (the polyhedra's hull
    // there): a case is taken only from those, and the equalities that it and its guards
    // imply are the grid's too. A counter that wraps around (x' = 0 when x >= 9, else
    // x' = x + 1, with x =< 9 at its point) moves by 1 or by -9, that is by 1 modulo 10,
    // where its cases alone join into every move; likewise x' = (x + 1) mod 10 and, from
    // x =< 4, y' = y mod 4 when y >= 4 (the quotient is 1 there: y' = y - 4).
    PPL::Grid grid_relation(const Rule& r, const Poly* source) const {
        const PointId b = r.body_point;
        const PPL::dimension_type nb = arity(b), nh = arity(r.head_point);
        if (nb + nh + r.vars.size() > limits_.max_dimensions) return PPL::Grid(nb + nh, PPL::UNIVERSE);
        PPL::Grid g(nb + nh + r.vars.size(), PPL::UNIVERSE);
        Quotients quotients;
        quotients.first = r.vars.size();
        std::optional<CaseSystem> context;
        if (source && program_.domain == Domain::integer) {
            if (source->is_empty()) return PPL::Grid(nb + nh, PPL::EMPTY);  // never taken
            context.emplace();
            for (const PPL::Constraint& c : source->minimized_constraints()) {
                PPL::Linear_Expression e;
                for (PPL::dimension_type i = 0; i < c.space_dimension(); ++i) {
                    e += c.coefficient(PPL::Variable(i)) * PPL::Variable(nb + i);
                }
                e += c.inhomogeneous_term();
                context->all.insert(c.is_equality() ? PPL::Constraint(e == 0) : PPL::Constraint(e >= 0));
            }
            bind_states(*context, r, nb + nh);
            // The constraints at the top of the body hold in every case (those with a
            // quotient are added where the quotient gets its dimension).
            for (const Constraint& c : r.constraints) {
                if (c.is_disjunction()) continue;
                auto lhs = linearize(c.lhs, r.vars);
                auto rhs = linearize(c.rhs, r.vars);
                if (lhs && rhs) add_to(*context, expression(difference(*lhs, *rhs), nb + nh), c.op, false);
            }
        }
        CaseSystem* at = context ? &*context : nullptr;
        if (!grid_constrain(g, at, r.constraints, r.vars, nb + nh, quotients)) return PPL::Grid(nb + nh, PPL::EMPTY);
        bind_states(g, r, nb + nh);
        if (at && !pin(g, *at, r.vars, nb + nh)) return PPL::Grid(nb + nh, PPL::EMPTY);
        for (PPL::dimension_type d = nb + nh; d < g.space_dimension(); ++d) {
            const std::size_t v = d - nb - nh;
            if (v >= r.vars.size() || r.vars[v].type == Type::integer) g.add_congruence((PPL::Variable(d) %= 0) / 1);
        }
        g.remove_higher_space_dimensions(nb + nh);
        return g;
    }

    // `e op 0` added to the system; with `guard`, an inequality is one of its guards too. A
    // disequality is left out.
    static void add_to(CaseSystem& p, const PPL::Linear_Expression& e, RelOp op, bool guard) {
        std::optional<PPL::Linear_Expression> at_least_zero;
        switch (op) {
        case RelOp::eq: p.all.insert(e == 0); break;
        case RelOp::le: at_least_zero = -e; break;
        case RelOp::ge: at_least_zero = e; break;
        case RelOp::lt: at_least_zero = -e - 1; break;  // over the integers
        case RelOp::gt: at_least_zero = e - 1; break;
        case RelOp::ne: break;
        }
        if (!at_least_zero) return;
        p.all.insert(*at_least_zero >= 0);
        if (guard) p.guards.push_back(std::move(*at_least_zero));
    }

    // The equalities that the case `p` (g's dimensions) implies, added to g: each quotient
    // that p bounds within less than one integer is that integer, and each guard e >= 0
    // that no state of p has above 0 is e = 0. False when p holds no state. Linear programs
    // only (PPL's MIP_Problem): no generators.
    bool pin(PPL::Grid& g, const CaseSystem& p, const std::vector<Variable>& vars, PPL::dimension_type offset) const {
        check_time();
        const PPL::dimension_type dims = g.space_dimension();
        PPL::MIP_Problem lp(dims, p.all.begin(), p.all.end(), PPL::Linear_Expression(0), PPL::MINIMIZATION);
        if (!lp.is_satisfiable()) return false;
        // The least or greatest value of e, rounded toward the inside, when bounded.
        auto bound = [&](const PPL::Linear_Expression& e, PPL::Optimization_Mode mode) -> std::optional<Integer> {
            lp.set_objective_function(e);
            lp.set_optimization_mode(mode);
            if (lp.solve() != PPL::OPTIMIZED_MIP_PROBLEM) return std::nullopt;
            PPL::Coefficient num, den;
            lp.optimal_value(num, den);
            Integer v = integer(num) / integer(den);  // toward zero
            if (mode == PPL::MAXIMIZATION && v * integer(den) > integer(num)) v -= 1;
            if (mode == PPL::MINIMIZATION && v * integer(den) < integer(num)) v += 1;
            return v;
        };
        for (PPL::dimension_type d = offset + vars.size(); d < dims; ++d) {
            const PPL::Linear_Expression q{PPL::Variable(d)};
            auto hi = bound(q, PPL::MAXIMIZATION);
            auto lo = hi ? bound(q, PPL::MINIMIZATION) : std::nullopt;
            if (!lo) continue;
            if (*lo > *hi) return false;
            if (*lo == *hi) {
                lp.add_constraint(PPL::Variable(d) == coefficient(*lo));
                g.add_constraint(PPL::Variable(d) == coefficient(*lo));
            }
        }
        for (const PPL::Linear_Expression& e : p.guards) {
            auto hi = bound(e, PPL::MAXIMIZATION);  // e >= 0 holds: e = 0 when it is at most 0
            if (hi && *hi <= 0) g.add_constraint(e == 0);
        }
        return !g.is_empty();
    }

    // `p`, when given, has g's dimensions and gets the same constraints (the quotients'
    // bounds and the inequalities too); each case of a disjunction is taken with its own
    // copy and pinned (pin), and left out when it holds no state. False when nothing is left.
    bool grid_constrain(PPL::Grid& g, CaseSystem* p, const std::vector<Constraint>& cs, const std::vector<Variable>& vars,
                        PPL::dimension_type offset, Quotients& quotients) const {
        for (const Constraint& c : cs) {
            if (g.is_empty()) return false;
            if (c.is_disjunction()) {
                if (c.cases.size() > limits_.max_cases) continue;
                // A case's own quotients are dimensions of its own, left out of the join.
                const PPL::dimension_type dims = g.space_dimension();
                PPL::Grid joined(dims, PPL::EMPTY);
                for (const auto& conjunction : c.cases) {
                    PPL::Grid q = g;
                    Quotients own = quotients;
                    std::optional<CaseSystem> in_case;
                    if (p) in_case = *p;
                    CaseSystem* at = in_case ? &*in_case : nullptr;
                    if (!grid_constrain(q, at, conjunction, vars, offset, own)) continue;
                    if (at && !pin(q, *at, vars, offset)) continue;
                    q.remove_higher_space_dimensions(dims);
                    joined.upper_bound_assign(q);
                }
                g = std::move(joined);
                continue;
            }
            const std::size_t before = quotients.list.size();
            auto lhs = linearize(c.lhs, vars, nullptr, &quotients);
            auto rhs = linearize(c.rhs, vars, nullptr, &quotients);
            for (std::size_t i = before; i < quotients.list.size(); ++i) {
                g.add_space_dimensions_and_embed(1);
                const PPL::Variable q(g.space_dimension() - 1);
                g.add_congruence((q %= 0) / 1);
                if (p) {
                    const auto& [inner, k] = quotients.list[i];
                    const PPL::Linear_Expression ek = expression(inner, offset);
                    p->all.insert(coefficient(k) * q <= ek);
                    p->all.insert(ek <= coefficient(k) * q + coefficient(k - 1));
                }
            }
            if (!lhs || !rhs) continue;
            const PPL::Linear_Expression e = expression(difference(*lhs, *rhs), offset);
            if (c.op == RelOp::eq) g.add_constraint(e == 0);
            if (p) add_to(*p, e, c.op, true);
        }
        return !g.is_empty();
    }

    // The affine congruences of each loop header (the comment at its definition).
    void add_congruences(PointInvariants& out, const std::vector<Poly>& reached) const;

    // The value of x_a - x_b in every state of `p`, when it has one (an integer).
    static std::optional<Integer> fixed_difference(const Poly& p, PPL::dimension_type a, PPL::dimension_type b) {
        return fixed(p, PPL::Variable(a) - PPL::Variable(b));
    }

    // Per point: the remainders (position, modulus) its parts keep apart: those of the
    // positions that a rule of its loop (an error rule too) takes `mod k` or `div k` of, for
    // a constant k from 2 to 16, as long as the product of their moduli is within the parts a
    // point may have (max_parts). A part knows each of them or not;
    // where it knows x mod k, the rules' x mod k and x div k are linear, and the phases of a
    // loop that tests a parity (y += 1 when x is even) or switches on x div 5 keep apart.
    std::vector<std::vector<std::pair<PPL::dimension_type, Integer>>> remainders_tracked() const {
        const std::size_t n = program_.points.size();
        std::map<int, std::vector<std::pair<PPL::dimension_type, Integer>>> by_loop;
        std::function<void(const Expr&, const Rule&)> scan_expr = [&](const Expr& e, const Rule& r) {
            if (e.kind == ExprKind::mod || e.kind == ExprKind::div) {
                if (auto k = small_modulus(e.args[1])) {
                    std::vector<VarId> inside;
                    variables_of(e.args[0], inside);
                    const Point& hp = program_.points[r.head_point];
                    for (PPL::dimension_type j = 0; j < hp.state_arity; ++j) {
                        const Arg& a = r.head.args[hp.first_state_arg + j];
                        if (a.kind != Arg::Kind::variable) continue;
                        if (std::find(inside.begin(), inside.end(), a.var) == inside.end()) continue;
                        auto& list = by_loop[graph_.component[r.head_point]];
                        std::pair<PPL::dimension_type, Integer> entry{j, *k};
                        if (std::find(list.begin(), list.end(), entry) != list.end()) continue;
                        // Remainders known together make up to the product of their moduli
                        // parts: it stays within the parts a point may have.
                        Integer product = *k;
                        for (const auto& e2 : list) product *= e2.second;
                        if (product <= limits_.max_parts) list.push_back(entry);
                    }
                }
            }
            for (const Expr& a : e.args) scan_expr(a, r);
        };
        std::function<void(const std::vector<Constraint>&, const Rule&)> scan = [&](const std::vector<Constraint>& cs,
                                                                                     const Rule& r) {
            for (const Constraint& c : cs) {
                if (c.is_disjunction()) {
                    for (const auto& conjunction : c.cases) scan(conjunction, r);
                    continue;
                }
                scan_expr(c.lhs, r);
                scan_expr(c.rhs, r);
            }
        };
        for (const Rule& r : program_.rules) {
            if (r.head_point == no_point || !graph_.on_cycle[r.head_point]) continue;
            scan(r.constraints, r);
        }
        std::vector<std::vector<std::pair<PPL::dimension_type, Integer>>> out(n);
        for (PointId p = 0; p < n; ++p) {
            if (!graph_.on_cycle[p]) continue;
            auto it = by_loop.find(graph_.component[p]);
            if (it == by_loop.end()) continue;
            for (const auto& entry : it->second) {
                if (entry.first < arity(p)) out[p].push_back(entry);
            }
        }
        return out;
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

    // The states at the rule's body point that a state in `from` at its head leads to (`side`:
    // one side of the rule's first disequality, as in constrain).
    Poly post(const Rule& r, const Poly& from, int side = -1, const Remainders* known = nullptr) const {
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
        constrain(q, r.constraints, r.vars, nb, side, known);
        bind_and_project(q, *r.body, b, r.vars);
        return q;
    }

    const Program& program_;
    const PointGraph& graph_;
    const PolyhedraLimits& limits_;
    const ThreadCpuClock& clock_;
    mutable std::map<std::size_t, std::vector<char>> moves_;  // position_moves, by rule
    // loop_flags_of, by component.
    mutable std::map<int, std::pair<PPL::dimension_type, std::vector<PPL::dimension_type>>> loop_flags_;
};

// The facts of a polyhedron, in the engine's form (coefficients over the limit left out).
std::vector<LinearFact> facts_of(const PPL::C_Polyhedron& p, const PolyhedraLimits& limits,
                                 std::uint64_t& left_out) {
    std::vector<LinearFact> out;
    for (const PPL::Constraint& c : p.minimized_constraints()) {
        LinearFact f;
        for (PPL::dimension_type i = 0; i < c.space_dimension(); ++i) {
            PPL::Coefficient_traits::const_reference k = c.coefficient(PPL::Variable(i));
            if (k != 0) f.terms.emplace_back(integer(k), static_cast<std::uint32_t>(i));
        }
        if (f.terms.empty()) continue;
        if (std::any_of(f.terms.begin(), f.terms.end(),
                        [&](const auto& t) { return abs(t.first) > limits.max_coefficient; })) {
            ++left_out;
            continue;
        }
        f.constant = integer(c.inhomogeneous_term());
        f.equality = c.is_equality();
        out.push_back(std::move(f));
    }
    return out;
}

PointInvariants Analysis::run() {
    PointInvariants out;
    const std::size_t n = program_.points.size();
    const PointId q0 = program_.query.point;
    if (q0 == no_point || q0 >= n) return out;
    // Trace partitioning at the loop headers: a polyhedron per rule that enters the header
    // (the query: -1), so that the phases of a loop (x < 50 keeps y, x >= 50 moves it) keep
    // apart instead of being joined into one convex set that holds neither; the points of
    // the loop's body keep the parts apart too (key_of). Elsewhere, and at a header entered
    // by more rules than the limit, one polyhedron (key none).
    constexpr int none = -2;
    std::vector<std::uint32_t> entries(n, 0);
    ++entries[q0];
    for (const Rule& r : program_.rules) {
        if (r.body_kind == BodyKind::atom && r.body_point != no_point) ++entries[r.body_point];
    }
    struct Part {
        int key = none;
        int rule = -1;  // at a header: the rule that enters it (-1: the query, or mixed)
        Poly poly;
        std::uint32_t updates = 0;
    };
    using Parts = std::vector<std::vector<Part>>;
    std::vector<std::optional<PPL::Constraint_System>> thresholds(n);
    std::vector<std::optional<Poly>> ranges(program_.rules.size());  // per rule, when needed
    // Joins `p` into the part of point b that `key` names; widens at a header after the
    // delay. False when nothing changed.
    auto join = [&](Parts& parts, PointId b, int key, int rule, Poly p, bool widen) {
        if (p.is_empty()) return false;
        auto it = std::find_if(parts[b].begin(), parts[b].end(), [&](const Part& x) { return x.key == key; });
        if (it == parts[b].end() && key != none && parts[b].size() >= limits_.max_parts) {
            key = none;  // too many: the rest joined
            rule = -1;
            it = std::find_if(parts[b].begin(), parts[b].end(), [&](const Part& x) { return x.key == none; });
        }
        if (it == parts[b].end()) {
            parts[b].push_back({key, rule, std::move(p), 1});
            return true;
        }
        if (it->poly.contains(p)) return false;
        p.poly_hull_assign(it->poly);
        if (widen && graph_.header[b] && ++it->updates > limits_.widening_delay) {
            if (!thresholds[b]) thresholds[b] = this->thresholds(b);
            p.limited_BHRZ03_extrapolation_assign(it->poly, *thresholds[b]);
            // Every state of the part came along its rule: what the rule leads to from any
            // state (x =< 5000 for x < 5000, x' = x + 1) bounds what widening gave up, at
            // once, before the excess flows on around the loop and sustains itself there.
            if (it->rule >= 0) {
                auto& range = ranges[static_cast<std::size_t>(it->rule)];
                if (!range) {
                    const Rule& r = program_.rules[static_cast<std::size_t>(it->rule)];
                    range = post(r, Poly(arity(r.head_point), PPL::UNIVERSE));
                }
                p.intersection_assign(*range);
            }
        }
        it->poly = std::move(p);
        return true;
    };
    // The part a post along rule ri from a part of point h goes into: at a partitioned
    // header, the rule's own, and within it one per value of the header's flags that the
    // post fixes (an up/down counter's direction: x =< 9 going up, x >= 1 going down); inside
    // the loop, the part it came from (so that a phase stays apart through the loop's
    // body); elsewhere the one part. Besides, a part remembers which of its loop's branches
    // it has taken since it entered the loop (the rules out of points with more than one
    // rule, both ends in the loop): the phases of a loop whose branch switches once
    // (`d += 1` while `a < c`, then `d -= 2`) or never (a flag that never changes picks the
    // same branch at every round) keep apart, though the last rule into the header mixes
    // them. Returns the key and the entering rule.
    // A part also knows the remainders of its point's tracked positions (remainders_tracked),
    // each or not: they are what its states have in common, kept from the part it came from
    // through the rule (x' = x + 1 moves x mod 2 by 1) or fixed by the post (x' = 0).
    using Known = std::vector<std::optional<Integer>>;  // per tracked remainder of the point
    struct KeyInfo {
        int rule;
        std::vector<std::string> flags;
        std::vector<int> taken;  // the loop's branches taken, sorted
        Known remainders;
    };
    auto text_of = [](const Known& known) {
        std::vector<std::string> text;
        for (const auto& r : known) text.push_back(r ? r->str() : "*");
        return text;
    };
    std::map<std::tuple<int, std::vector<std::string>, std::vector<int>, std::vector<std::string>>, int> key_ids;
    std::vector<KeyInfo> key_info;
    auto key_for = [&](int rule, std::vector<std::string> values, std::vector<int> taken, Known known) {
        auto [at, fresh] = key_ids.try_emplace({rule, values, taken, text_of(known)}, static_cast<int>(key_ids.size()));
        if (fresh) key_info.push_back({rule, std::move(values), std::move(taken), std::move(known)});
        return at->second;
    };
    const auto tracked = remainders_tracked();
    std::vector<std::optional<Poly>> relations(program_.rules.size());
    auto known_of = [&](const Part& part) -> const Known* {
        if (part.key < 0) return nullptr;
        return &key_info[static_cast<std::size_t>(part.key)].remainders;
    };
    // The remainders a part of h knows, as the rule's variables' (for linearize).
    auto remainders_in = [&](const Rule& r, const Part& part) {
        Remainders vars;
        const Known* known = known_of(part);
        if (!known) return vars;
        const Point& hp = program_.points[r.head_point];
        for (std::size_t t = 0; t < known->size() && t < tracked[r.head_point].size(); ++t) {
            if (!(*known)[t]) continue;
            const auto& [j, k] = tracked[r.head_point][t];
            const Arg& a = r.head.args[hp.first_state_arg + j];
            if (a.kind == Arg::Kind::variable) vars[a.var].emplace_back(k, *(*known)[t]);
        }
        return vars;
    };
    // Over the integers, a bound of a position whose remainder is known moves to the
    // nearest value with that remainder (x =< 9999 with x mod 4 = 2 is x =< 9998): without
    // it, the rational polyhedron lets a phase pass a guard (x != 9998) by a fraction.
    auto tighten = [&](Poly& p, PointId b, int key) {
        if (key < 0 || p.is_empty()) return;
        const Known& known = key_info[static_cast<std::size_t>(key)].remainders;
        for (std::size_t t = 0; t < known.size() && t < tracked[b].size(); ++t) {
            if (!known[t]) continue;
            const auto& [j, k] = tracked[b][t];
            const PPL::Linear_Expression x{PPL::Variable(j)};
            PPL::Coefficient num, den;
            bool exact = false;
            if (p.maximize(x, num, den, exact)) {
                Integer hi = integer(num) / integer(den);  // toward zero
                if (hi * integer(den) > integer(num)) hi -= 1;
                hi -= floor_mod(hi - *known[t], k);
                p.add_constraint(x <= coefficient(hi));
            }
            if (p.minimize(x, num, den, exact)) {
                Integer lo = integer(num) / integer(den);
                if (lo * integer(den) < integer(num)) lo += 1;
                lo += floor_mod(*known[t] - lo, k);
                p.add_constraint(x >= coefficient(lo));
            }
            if (p.is_empty()) return;
        }
    };
    // The remainders at the rule's body point after a post from `from`.
    auto remainders_after = [&](const Rule& r, int ri, const Part& from, const Poly& next) {
        const PointId b = r.body_point;
        Known after(tracked[b].size());
        const Known* known = known_of(from);
        for (std::size_t t = 0; t < tracked[b].size(); ++t) {
            const auto& [j, k] = tracked[b][t];
            if (auto v = fixed_value(next, j)) {
                after[t] = floor_mod(*v, k);
                continue;
            }
            if (!known) continue;
            for (std::size_t u = 0; u < known->size() && u < tracked[r.head_point].size(); ++u) {
                const auto& [i, m] = tracked[r.head_point][u];
                if (m != k || !(*known)[u]) continue;
                auto& rel = relations[static_cast<std::size_t>(ri)];
                if (!rel) rel = relation(r);
                if (auto d = fixed_difference(*rel, j, arity(b) + i)) {
                    after[t] = floor_mod(*(*known)[u] + *d, k);
                    break;
                }
            }
        }
        return after;
    };
    std::vector<std::optional<std::vector<PPL::dimension_type>>> flags(n);
    auto in_loop = [&](PointId a, PointId b) {
        return graph_.on_cycle[a] && graph_.on_cycle[b] && graph_.component[a] == graph_.component[b];
    };
    // Per point: its rules that stay in its loop; a point with two or more is a branch.
    std::vector<std::uint32_t> staying(n, 0);
    for (PointId p = 0; p < n; ++p) {
        for (std::uint32_t ri : program_.points[p].rules) {
            const Rule& r = program_.rules[ri];
            if (r.body_kind == BodyKind::atom && r.body_point != no_point && in_loop(p, r.body_point)) ++staying[p];
        }
    }
    auto is_branch = [&](PointId h) { return staying[h] >= 2; };
    // Per component: whether it has few enough branch rules to remember them.
    std::map<int, bool> remember;
    auto remembers = [&](PointId h) {
        auto [it, fresh] = remember.try_emplace(graph_.component[h], false);
        if (!fresh) return it->second;
        std::uint32_t branches = 0;
        for (PointId p = 0; p < n; ++p) {
            if (graph_.component[p] == graph_.component[h] && is_branch(p)) branches += staying[p];
        }
        it->second = limits_.max_branches_remembered > 0 && branches <= limits_.max_branches_remembered;
        return it->second;
    };
    // A header is partitioned when it is entered by a few rules, or when its loop has a few
    // branches to remember; past both limits, and elsewhere, one polyhedron (key none).
    std::vector<char> partitioned(n, 0);
    for (PointId p = 0; p < n; ++p) {
        partitioned[p] = graph_.header[p] && ((entries[p] >= 2 && (entries[p] <= limits_.max_partitions || remembers(p))) ||
                                              !tracked[p].empty());
    }
    // A branch is a rule, or one side of a branch rule's disequality (branch_of).
    auto key_of = [&](PointId h, const Rule& r, int ri, int branch, const Part& from, const Poly& post, Known known) {
        const PointId b = r.body_point;
        std::vector<int> taken;
        if (in_loop(h, b) && from.key >= 0) {
            taken = key_info[static_cast<std::size_t>(from.key)].taken;
            if (remembers(h) && is_branch(h) && !std::binary_search(taken.begin(), taken.end(), branch)) {
                taken.insert(std::upper_bound(taken.begin(), taken.end(), branch), branch);
            }
        }
        if (partitioned[b]) {
            if (!flags[b]) flags[b] = flag_positions(b);
            std::vector<std::string> values;
            for (PPL::dimension_type j : *flags[b]) {
                auto v = fixed_value(post, j);
                values.push_back(v ? v->str() : "*");
            }
            return std::pair{key_for(branch, std::move(values), std::move(taken), std::move(known)), ri};
        }
        if (in_loop(h, b)) {
            if (from.key < 0) return std::pair{from.key, from.rule};
            const KeyInfo& info = key_info[static_cast<std::size_t>(from.key)];
            // Inside the body, the states are kept apart by the range of b's flags too
            // (`@j=lo:hi`, one entry per flag, made anew at each point): a flag set in the
            // body (b = !b) from a part that did not know it (the states that entered the
            // loop) goes back to the header as a part per value, not as their hull; and
            // f =< -1 and f >= 1 after the two sides of a test f != 0 stay apart, where
            // their hull would take the f = 0 branch next.
            if (!flags[b]) flags[b] = flag_positions(b);
            if (flags[b]->empty()) return std::pair{key_for(info.rule, info.flags, std::move(taken), std::move(known)), from.rule};
            std::vector<std::string> values;
            for (const std::string& v : info.flags) {
                if (v.rfind('@', 0) != 0) values.push_back(v);
            }
            for (PPL::dimension_type j : *flags[b]) values.push_back("@" + std::to_string(j) + "=" + range_text(post, j));
            return std::pair{key_for(info.rule, std::move(values), std::move(taken), std::move(known)), from.rule};
        }
        return std::pair{none, -1};
    };
    // The remainders a post into b leaves its parts knowing: at a partitioned header, a
    // tracked remainder the post does not fix is split into its k cases, one part each (x
    // starts anywhere below 0, and y += 2 when x mod 2 = f: the part where x starts even
    // and the one where it starts odd alternate their branches, and each keeps y - x); the
    // cases no state of the post has come out empty when tightened.
    auto splits = [&](const Rule& r, int ri, const Part& from, const Poly& post) {
        const PointId b = r.body_point;
        std::vector<Known> cases{remainders_after(r, ri, from, post)};
        if (!partitioned[b]) return cases;
        for (std::size_t t = 0; t < tracked[b].size(); ++t) {
            if (cases.front()[t]) continue;
            std::vector<Known> more;
            for (const Known& known : cases) {
                for (Integer k = 0; k < tracked[b][t].second; ++k) {
                    more.push_back(known);
                    more.back()[t] = k;
                }
            }
            cases = std::move(more);
        }
        return cases;
    };
    // Each rule out of p with an atom body, once per branch: a branch rule of a loop that
    // remembers its branches and whose guard has a disequality (flag != 1) is taken as its
    // two sides (flag =< 0, flag >= 2), so that a part that took one side and keeps the
    // flag never takes the rule that needs flag = 1 (their hull, the universe on flag,
    // would). Likewise a branch rule with a disjunction in its body (an if-then-else inside
    // the step: z += 1 while x < 100, z kept after) is taken once per case, and its phases
    // keep apart as those of separate rules do. Branch stride·ri + side: side 0 for the whole
    // rule or the lower side, 1 for the upper one, 2 + c for case c.
    const int stride = 2 + static_cast<int>(limits_.max_cases);
    auto rules_from = [&](PointId p, auto&& each) {
        for (std::uint32_t ri : program_.points[p].rules) {
            const Rule& r = program_.rules[ri];
            if (r.body_kind != BodyKind::atom || r.body_point == no_point) continue;
            const int i = static_cast<int>(ri);
            const bool remembered = in_loop(p, r.body_point) && is_branch(p) && remembers(p);
            const std::size_t cases = remembered ? disjunction_cases(r) : 0;
            if (remembered && has_disequality(r)) {
                each(r, i, stride * i, 0);
                each(r, i, stride * i + 1, 1);
            } else if (cases >= 2) {
                for (std::size_t c = 0; c < cases; ++c) {
                    const int side = 2 + static_cast<int>(c);
                    each(r, i, stride * i + side, side);
                }
            } else {
                each(r, i, stride * i, -1);
            }
        }
    };
    // Ascending: a worklist, joining posts in, widening at headers after the delay. Every
    // cycle passes through a header, so the iteration ends.
    const Poly init = initial();
    Parts at(n);
    Known at_query(tracked[q0].size());
    for (std::size_t t = 0; t < at_query.size(); ++t) {
        if (auto v = fixed_value(init, tracked[q0][t].first)) at_query[t] = floor_mod(*v, tracked[q0][t].second);
    }
    auto query_key = key_for(-1, {}, {}, at_query);
    join(at, q0, query_key, -1, init, false);
    std::deque<PointId> work{q0};
    std::vector<char> queued(n, 0);
    queued[q0] = 1;
    while (!work.empty()) {
        const PointId h = work.front();
        work.pop_front();
        queued[h] = 0;
        ++out.rounds;
        // Parts by the branches taken can multiply the rounds; a bound on them, besides the
        // time, makes where the analysis gives up the same on every machine and under load.
        if (limits_.max_branches_remembered > 0 && out.rounds > limits_.max_rounds_with_branches) throw WorkUp{};
        const std::vector<Part> from = at[h];
        rules_from(h, [&](const Rule& r, int ri, int branch, int side) {
            for (const Part& part : from) {
                check_time();
                const PointId b = r.body_point;
                const Remainders known = remainders_in(r, part);
                const Poly next = post(r, part.poly, side, known.empty() ? nullptr : &known);
                for (Known& after : splits(r, ri, part, next)) {
                    auto [key, entering] = key_of(h, r, ri, branch, part, next, std::move(after));
                    Poly p = next;
                    tighten(p, b, key);
                    if (join(at, b, key, entering, std::move(p), true) && !queued[b]) {
                        queued[b] = 1;
                        work.push_back(b);
                    }
                }
            }
        });
    }
    // Descending: from a post-fixpoint, each round of posts is a smaller post-fixpoint.
    for (std::uint32_t k = 0; k < limits_.narrowing_rounds; ++k) {
        Parts next(n);
        join(next, q0, query_key, -1, init, false);
        for (PointId h = 0; h < n; ++h) {
            rules_from(h, [&](const Rule& r, int ri, int branch, int side) {
                for (const Part& part : at[h]) {
                    check_time();
                    const Remainders known = remainders_in(r, part);
                    const Poly image = post(r, part.poly, side, known.empty() ? nullptr : &known);
                    for (Known& after : splits(r, ri, part, image)) {
                        auto [key, entering] = key_of(h, r, ri, branch, part, image, std::move(after));
                        Poly p = image;
                        tighten(p, r.body_point, key);
                        join(next, r.body_point, key, entering, std::move(p), false);
                    }
                }
            });
        }
        at = std::move(next);
        ++out.rounds;
    }
    out.at.resize(n);
    out.cases.resize(n);
    out.reachable.resize(n);
    std::vector<Poly> hulls;  // per point: all its states (for the grids)
    hulls.reserve(n);
    for (PointId p = 0; p < n; ++p) {
        Poly& hull = hulls.emplace_back(arity(p), PPL::EMPTY);
        for (const Part& part : at[p]) hull.poly_hull_assign(part.poly);
        out.reachable[p] = !hull.is_empty();
        if (!out.reachable[p]) continue;
        out.at[p] = facts_of(hull, limits_, out.left_out);
        // The remainders every part knows alike (and that the hull cannot say).
        auto remainder_fact = [&](std::size_t t, const Integer& r) {
            LinearFact f;
            f.terms.emplace_back(Integer(1), static_cast<std::uint32_t>(tracked[p][t].first));
            f.constant = r;
            f.modulus = tracked[p][t].second;
            return f;
        };
        auto known_at = [&](const Part& part, std::size_t t) -> std::optional<Integer> {
            const Known* known = known_of(part);
            if (!known || t >= known->size()) return std::nullopt;
            return (*known)[t];
        };
        for (std::size_t t = 0; t < tracked[p].size(); ++t) {
            std::optional<Integer> common = known_at(at[p].front(), t);
            for (const Part& part : at[p]) {
                if (common && known_at(part, t) != common) common.reset();
            }
            if (common) out.at[p].push_back(remainder_fact(t, *common));
        }
        if (graph_.header[p]) out.header_facts += out.at[p].size();
        // The partition as one disjunction, when no part holds the others (then the hull
        // says as much): a part holds another when its polyhedron contains the other's and
        // it knows no remainder the other does not know alike.
        auto knows_no_more = [&](const Part& b, const Part& a) {
            for (std::size_t t = 0; t < tracked[p].size(); ++t) {
                auto rb = known_at(b, t);
                if (rb && rb != known_at(a, t)) return false;
            }
            return true;
        };
        std::vector<const Part*> maximal;
        for (const Part& a : at[p]) {
            bool inside = false;
            for (const Part& b : at[p]) {
                if (&a == &b) continue;
                if (!b.poly.contains(a.poly) || !knows_no_more(b, a)) continue;
                const bool same = a.poly.contains(b.poly) && knows_no_more(a, b);
                if (!same || &b < &a) inside = true;
            }
            if (!inside) maximal.push_back(&a);
        }
        if (maximal.size() < 2) continue;
        for (const Part* m : maximal) {
            std::vector<LinearFact> facts = facts_of(m->poly, limits_, out.left_out);
            for (std::size_t t = 0; t < tracked[p].size(); ++t) {
                if (auto r = known_at(*m, t)) facts.push_back(remainder_fact(t, *r));
            }
            out.cases[p].push_back(std::move(facts));
        }
        if (graph_.header[p]) ++out.header_facts;
    }
    if (program_.domain == Domain::integer) {
        // Out of time in the grids: the polyhedra's facts stay, without congruences.
        try {
            add_congruences(out, hulls);
        } catch (const TimeUp&) {
        } catch (const TimeUpError&) {
        }
    }
    out.complete = true;
    return out;
}

// The affine congruences of each loop header (Granger's domain, PPL's grids): relations
// such as (i + j - k) mod 2 = 0 that every path keeps while no single rule does (i += 1 in
// one rule and j += 1 or k += 1 in another) and that no convex set says. Each rule is its
// linear equalities over the integers (its guards' inequalities say nothing of a lattice),
// with those that its guards imply where they meet the polyhedra's states of its point
// (`reached`: x >= 9 from x =< 9 is x = 9, so the reset x' = 0 moves x by -9);
// the states of each point are the least grid holding them, to a fixpoint (a grid widens
// only where a rule divides, as 2y = x does: after a few rounds the widening ends that).
// Proper congruences of two or more positions only (not x = 3: the polyhedra have the
// equalities), at loop headers, where they become candidates like the other facts.
void Analysis::add_congruences(PointInvariants& out, const std::vector<Poly>& reached) const {
    const std::size_t n = program_.points.size();
    const PointId q0 = program_.query.point;
    using Grid = PPL::Grid;
    std::vector<std::optional<Grid>> at(n);
    std::vector<std::optional<Grid>> relations(program_.rules.size());
    // Only the points from which a loop header can be reached matter: a rule into any other
    // (an error's branch with its disjunctions, a loop's exit) is not followed.
    std::vector<bool> leads_to_header(graph_.header.begin(), graph_.header.end());
    for (bool changed = true; changed;) {
        changed = false;
        for (const Rule& r : program_.rules) {
            if (r.body_kind != BodyKind::atom || r.body_point == no_point) continue;
            if (leads_to_header[r.body_point] && !leads_to_header[r.head_point]) {
                leads_to_header[r.head_point] = true;
                changed = true;
            }
        }
    }
    std::vector<std::vector<std::size_t>> rules_from(n);
    for (std::size_t ri = 0; ri < program_.rules.size(); ++ri) {
        const Rule& r = program_.rules[ri];
        if (r.body_kind == BodyKind::atom && r.body_point != no_point && leads_to_header[r.body_point]) {
            rules_from[r.head_point].push_back(ri);
        }
    }
    auto relation_of = [&](std::size_t ri) -> const Grid& {
        if (!relations[ri]) relations[ri] = grid_relation(program_.rules[ri], &reached[program_.rules[ri].head_point]);
        return *relations[ri];
    };
    constexpr std::uint32_t widening_delay = 4;
    std::vector<std::uint32_t> updates(n, 0);
    at[q0] = Grid(arity(q0), PPL::UNIVERSE);
    std::deque<PointId> work{q0};
    std::vector<bool> queued(n, false);
    queued[q0] = true;
    while (!work.empty()) {
        check_time();
        const PointId h = work.front();
        work.pop_front();
        queued[h] = false;
        for (std::size_t ri : rules_from[h]) {
            const Rule& r = program_.rules[ri];
            const PointId b = r.body_point;
            Grid post(arity(b), PPL::UNIVERSE);
            // A rule with more dimensions than the analysis takes says nothing (grid_relation):
            // its post is every state, made at no cost (a Lustre node's hundred positions).
            if (arity(b) + arity(h) + r.vars.size() <= limits_.max_dimensions) {
                post.concatenate_assign(*at[h]);
                post.intersection_assign(relation_of(ri));
                post.remove_higher_space_dimensions(arity(b));
            }
            if (post.is_empty()) continue;
            if (!at[b]) {
                at[b] = std::move(post);
            } else {
                Grid joined = *at[b];
                joined.upper_bound_assign(post);
                if (joined == *at[b]) continue;
                if (++updates[b] > widening_delay) joined.widening_assign(*at[b]);
                at[b] = std::move(joined);
            }
            if (!queued[b]) {
                queued[b] = true;
                work.push_back(b);
            }
        }
    }
    for (PointId p = 0; p < n; ++p) {
        if (!graph_.header[p] || !at[p] || p >= out.at.size()) continue;
        for (const PPL::Congruence& cg : at[p]->minimized_congruences()) {
            if (!cg.is_proper_congruence()) continue;
            // c·x + b ≡ 0 (mod m), with its common factor divided out: (c·x) mod m = -b mod m.
            Integer m = integer(cg.modulus());
            Integer g = m;
            LinearFact f;
            for (PPL::dimension_type i = 0; i < cg.space_dimension(); ++i) {
                PPL::Coefficient_traits::const_reference k = cg.coefficient(PPL::Variable(i));
                if (k == 0) continue;
                f.terms.emplace_back(integer(k), static_cast<std::uint32_t>(i));
                g = boost::multiprecision::gcd(g, f.terms.back().first);
            }
            Integer b = integer(cg.inhomogeneous_term());
            g = boost::multiprecision::gcd(g, b);
            if (f.terms.empty() || g == 0) continue;
            m /= g;
            if (m < 2 || m > limits_.max_coefficient) continue;
            // A coefficient counts modulo m. Sums and differences only: counters moved by
            // constants give those (i + j - k, x - y), where a rule that multiplies (c = 5c)
            // gives congruences such as 4a - c = 3 (mod 16) that no proof needs and that the
            // projections of the search find hard.
            bool unit = true;
            for (auto& t : f.terms) {
                t.first = floor_mod(Integer(t.first / g), m);
                if (t.first > m / 2) t.first -= m;
                unit = unit && (t.first == 0 || abs(t.first) == 1);
            }
            // A remainder of one position is the engine's own candidate where the loop
            // moves it by multiples, and a part's where a rule tests it; here, relations.
            std::erase_if(f.terms, [](const auto& t) { return t.first == 0; });
            if (f.terms.size() < 2 || !unit) continue;
            f.constant = floor_mod(Integer(-b / g), m);
            f.modulus = m;
            if (std::find_if(out.at[p].begin(), out.at[p].end(), [&](const LinearFact& e) {
                    return e.modulus == f.modulus && e.terms == f.terms && e.constant == f.constant;
                }) == out.at[p].end()) {
                out.at[p].push_back(std::move(f));
                ++out.header_facts;
            }
        }
    }
}

}  // namespace

PointInvariants analyse_polyhedra(const Program& program, const PointGraph& graph,
                                  const PolyhedraLimits& limits) {
    auto start = std::chrono::steady_clock::now();
    auto elapsed = [start] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    PointInvariants out;
    // PPL keeps global state (free lists of temporaries, the flag that abandons a
    // computation) that two threads must not touch at once: the search on the reversed
    // program beside the search runs its own analysis. One analysis at a time; a thread
    // stopped while it waits for the other gives up.
    static std::timed_mutex one_at_a_time;
    std::unique_lock<std::timed_mutex> lock(one_at_a_time, std::defer_lock);
    while (!lock.try_lock_for(std::chrono::milliseconds(10))) {
        if (limits.stopped()) {
            out.stopped = "answered beside it";
            out.time_s = elapsed();
            return out;
        }
    }
    const ThreadCpuClock cpu;
    // Wrap-around counters: the quotients by large constants taken by their cases
    // (quotient_cases.hpp). The copy has the same points and rules, so the facts are the
    // program's.
    const std::optional<Program> with_cases = split_quotient_cases(program, Integer(largest_kept_modulus));
    const Program& analysed = with_cases ? *with_cases : program;
    // A single PPL operation (a conversion between constraints and generators) can take long
    // on many dimensions: past the time, the watchdog makes PPL abandon it.
    {
        Watchdog watchdog([&] { return cpu.elapsed_s() > limits.time_s || limits.stopped(); },
                          [] { PPL::abandon_expensive_computations = &abandon_token; });
        try {
            out = Analysis(analysed, graph, limits, cpu).run();
        } catch (const TimeUp&) {
            out = {};
            out.stopped = "time limit";
        } catch (const TimeUpError&) {
            out = {};
            out.stopped = "time limit";
        } catch (const WorkUp&) {
            out = {};
            out.stopped = "round limit";
        } catch (const std::exception& e) {
            out = {};
            out.stopped = e.what();
        }
    }
    PPL::abandon_expensive_computations = nullptr;
    if (limits.stopped() && out.stopped == "time limit") out.stopped = "answered beside it";
    out.time_s = elapsed();
    return out;
}

}  // namespace clpi::engine
