// The independent check of a counterexample: exact arithmetic over the AST, no solver.
#include <algorithm>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "engine/counterexample.hpp"
#include "clpi/parse.hpp"

namespace clpi::engine {

using solver::Value;

namespace {

// Thrown for a division by zero: the transition is not enabled (the solver says the same).
struct Undefined {};

Integer floor_div(const Integer& a, const Integer& b) {
    Integer q = a / b;  // truncates toward zero
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}

// SMT-LIB integer division: a = b * q + r with 0 <= r < |b|.
Integer euclid_div(const Integer& a, const Integer& b) {
    Integer m = abs(b);
    Integer r = a - m * floor_div(a, m);
    return (a - r) / b;  // exact
}

// An array's entries are sorted by index (Solver::value gives them so, store keeps them
// so): a path that writes an array a thousand times is replayed in n log n.
std::vector<std::pair<Number, Number>>::const_iterator find_entry(const Value& arr, const Number& index) {
    return std::lower_bound(arr.entries.begin(), arr.entries.end(), index,
                            [](const auto& entry, const Number& i) { return solver::index_less(entry.first, i); });
}

Number lookup(const Value& arr, const Number& index) {
    auto at = find_entry(arr, index);
    return at != arr.entries.end() && at->first == index ? at->second : arr.array_default;
}

Value store(Value arr, const Number& index, const Number& value) {
    auto at = arr.entries.begin() + (find_entry(arr, index) - arr.entries.cbegin());
    if (at != arr.entries.end() && at->first == index) {
        at->second = value;
    } else {
        arr.entries.emplace(at, index, value);
    }
    return arr;
}

bool same(const Value& a, const Value& b) {
    if (a.is_array != b.is_array) return false;
    if (!a.is_array) return a.number == b.number;
    // Extensional equality over finitely many explicit entries: both sorted by index, an
    // index one of them lacks has the other's default there.
    if (a.array_default != b.array_default) return false;
    auto x = a.entries.begin();
    auto y = b.entries.begin();
    while (x != a.entries.end() || y != b.entries.end()) {
        if (y == b.entries.end() || (x != a.entries.end() && solver::index_less(x->first, y->first))) {
            if (x->second != b.array_default) return false;
            ++x;
        } else if (x == a.entries.end() || solver::index_less(y->first, x->first)) {
            if (y->second != a.array_default) return false;
            ++y;
        } else {
            if (x->second != y->second) return false;
            ++x;
            ++y;
        }
    }
    return true;
}

struct Evaluator {
    Domain domain;
    const std::vector<Value>& vars;

    Number num(const Expr& e) {
        Value v = eval(e);
        if (v.is_array) throw std::runtime_error("array used as a number");
        return v.number;
    }

    Number divide(const Number& a, const Number& b, bool remainder) {
        if (b == 0) throw Undefined{};
        if (domain == Domain::real && !remainder) return a / b;
        Integer x = numerator(a), y = numerator(b);
        Integer q = euclid_div(x, y);
        return remainder ? Number(x - y * q) : Number(q);
    }

    Value eval(const Expr& e) {
        auto number = [](Number n) {
            Value v;
            v.number = std::move(n);
            return v;
        };
        switch (e.kind) {
        case ExprKind::constant: return number(e.value);
        case ExprKind::variable: return vars.at(e.var);
        case ExprKind::neg: return number(-num(e.args[0]));
        case ExprKind::add: return number(num(e.args[0]) + num(e.args[1]));
        case ExprKind::sub: return number(num(e.args[0]) - num(e.args[1]));
        case ExprKind::mul: return number(num(e.args[0]) * num(e.args[1]));
        case ExprKind::div: return number(divide(num(e.args[0]), num(e.args[1]), false));
        case ExprKind::mod: return number(divide(num(e.args[0]), num(e.args[1]), true));
        case ExprKind::select: return number(lookup(eval(e.args[0]), num(e.args[1])));
        case ExprKind::store: return store(eval(e.args[0]), num(e.args[1]), num(e.args[2]));
        case ExprKind::const_array: {
            Value v;
            v.is_array = true;
            v.array_default = num(e.args[0]);
            return v;
        }
        }
        throw std::logic_error("unknown expression kind");
    }

    // A case holds when each of its constraints holds; one that divides by zero does not
    // (the solver conjoins "divisor != 0" inside the case).
    bool holds_all(const std::vector<Constraint>& conj) {
        for (const Constraint& d : conj) {
            try {
                if (!holds(d)) return false;
            } catch (const Undefined&) {
                return false;
            }
        }
        return true;
    }

    bool holds(const Constraint& c) {
        if (c.is_disjunction()) {
            return std::any_of(c.cases.begin(), c.cases.end(),
                               [&](const std::vector<Constraint>& conj) { return holds_all(conj); });
        }
        Value l = eval(c.lhs), r = eval(c.rhs);
        if (c.op == RelOp::eq) return same(l, r);
        if (c.op == RelOp::ne) return !same(l, r);
        if (l.is_array || r.is_array) throw std::runtime_error("array compared by order");
        switch (c.op) {
        case RelOp::lt: return l.number < r.number;
        case RelOp::le: return l.number <= r.number;
        case RelOp::gt: return l.number > r.number;
        case RelOp::ge: return l.number >= r.number;
        default: return false;
        }
    }

    Value arg(const Arg& a) {
        if (a.kind == Arg::Kind::variable) return vars.at(a.var);
        Value v;
        v.number = Number(a.integer);
        return v;
    }
};

// Checks the constraints of a clause; an empty string when they all hold.
std::string check_constraints(Evaluator& ev, const std::vector<Constraint>& cs,
                              const std::vector<Variable>& vars, const std::string& where) {
    for (const Constraint& c : cs) {
        bool ok = false;
        try {
            ok = ev.holds(c);
        } catch (const Undefined&) {
            ok = false;
        }
        if (!ok) return fmt::format("{}: `{}` does not hold", where, format_constraint(c, vars));
    }
    return {};
}

}  // namespace

std::string replay(const Program& program, const std::vector<PathStep>& path,
                   const std::vector<std::vector<Value>>& values) {
    if (path.empty() || !path.front().is_query) return "the path does not start at the query";
    const Query& q = program.query;
    Evaluator qe{program.domain, values[0]};
    if (auto err = check_constraints(qe, q.constraints, q.vars, "query"); !err.empty()) return err;
    const Point& qp = program.points.at(q.point);
    std::vector<Value> state;
    for (std::size_t i = qp.first_state_arg; i < q.atom.args.size(); ++i) {
        state.push_back(qe.arg(q.atom.args[i]));
    }
    PointId at = q.point;
    for (std::size_t k = 1; k < path.size(); ++k) {
        const Rule& r = program.rules.at(path[k].rule);
        std::string where = fmt::format("step {} (rule {})", k, r.index);
        if (r.head_point != at) return where + ": the rule does not apply at this point";
        Evaluator ev{program.domain, values[k]};
        const Point& hp = program.points.at(r.head_point);
        for (std::size_t i = hp.first_state_arg; i < r.head.args.size(); ++i) {
            if (!same(ev.arg(r.head.args[i]), state[i - hp.first_state_arg])) {
                return fmt::format("{}: head argument {} does not match the state", where, i + 1);
            }
        }
        if (auto err = check_constraints(ev, r.constraints, r.vars, where); !err.empty()) return err;
        if (r.body_kind == BodyKind::error) {
            return k + 1 == path.size() ? std::string{} : where + ": error before the path ends";
        }
        if (r.body_kind == BodyKind::terminal) return where + ": the path ends without an error";
        const Point& bp = program.points.at(r.body_point);
        state.clear();
        for (std::size_t i = bp.first_state_arg; i < r.body->args.size(); ++i) {
            state.push_back(ev.arg(r.body->args[i]));
        }
        at = r.body_point;
    }
    return "the path does not reach an error";
}

}  // namespace clpi::engine
