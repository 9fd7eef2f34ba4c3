// Program -> CHC-COMP problem. One uninterpreted predicate per program point (its state
// arguments), one Horn clause per rule. A CLP rule moves from its head point to its body
// point, so `p(K, X) :- p(J, Y), c` is the clause  P_K(X) /\ c => P_J(Y).
#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "chc/at_sight.hpp"
#include "clpi/certificate.hpp"
#include "clpi/chc.hpp"

namespace clpi {

namespace {

// The end of the balanced s-expression that starts at `open` (a `(`), or npos.
std::size_t closing(const std::string& s, std::size_t open) {
    int depth = 0;
    for (std::size_t i = open; i < s.size(); ++i) {
        if (s[i] == '(') ++depth;
        if (s[i] == ')' && --depth == 0) return i;
    }
    return std::string::npos;
}

// Each constant array `((as const (Array Int Int)) v)` of a script whose checks must all be
// unsat becomes a declared array with an axiom, `(forall ((i Int)) (= (select K i) v))`:
// the same formulas, but cvc5 1.0 refuses a chain of stores between two constant arrays
// ("write-chains connecting two different constant arrays"), which a certificate of a
// program that zeroes an array has at every step. (A quantifier can turn a `sat` into
// `unknown`, so a counterexample's check, which must be sat, keeps constant arrays.)
std::string constant_arrays_as_axioms(const std::string& script) {
    static const std::string head = "((as const ";
    std::map<std::string, std::string> names;  // the constant's text -> its name
    std::string declarations, out;
    std::size_t from = 0;
    for (std::size_t at = script.find(head); at != std::string::npos; at = script.find(head, from)) {
        const std::size_t end = closing(script, at);
        const std::size_t sort_at = at + head.size();
        const std::size_t sort_end = script[sort_at] == '(' ? closing(script, sort_at) : std::string::npos;
        if (end == std::string::npos || sort_end == std::string::npos) break;  // not ours: left as it is
        const std::string text = script.substr(at, end + 1 - at);
        auto [it, made] = names.try_emplace(text, fmt::format("|const_array {}|", names.size() + 1));
        if (made) {
            const std::string sort = script.substr(sort_at, sort_end + 1 - sort_at);  // (Array Int Int)
            const std::string index = sort.find("(Array Real") == 0 ? "Real" : "Int";
            // What follows `(as const SORT)` up to the last `)`: the value.
            std::string value = script.substr(sort_end + 1, end - (sort_end + 1));
            value = value.substr(std::min(value.size(), value.find_first_not_of(") ")));
            // and one instance of it, which a solver needs to tell apart two constant
            // arrays that no read names (`const_array(0) = const_array(1)`).
            declarations += fmt::format(
                "(declare-const {0} {1})\n(assert (forall ((i {2})) (= (select {0} i) {3})))\n"
                "(assert (= (select {0} {4}) {3}))\n",
                it->second, sort, index, value, index == "Real" ? "0.0" : "0");
        }
        out += script.substr(from, at - from) + it->second;
        from = end + 1;
    }
    if (names.empty()) return script;
    out += script.substr(from);
    const std::size_t after_logic = out.find('\n') + 1;  // the script starts with set-logic
    return out.substr(0, after_logic) + declarations + out.substr(after_logic);
}

// SMT-LIB quoted symbols take any character but `|` and `\`.
std::string quote(const std::string& name) {
    std::string s;
    s.reserve(name.size() + 2);
    s += '|';
    for (char c : name) s += (c == '|' || c == '\\') ? '_' : c;
    s += '|';
    return s;
}

class Exporter {
public:
    explicit Exporter(const Program& p) : p_(p) {}
    std::string run();
    std::string checks(const Certificate& c, std::vector<std::string>& names, std::size_t* trivial, bool by_form);
    std::string path_check(const Counterexample& cex, std::vector<std::string>& names);

private:
    std::string sort_of(Type t) const {
        if (t == Type::array) return p_.domain == Domain::real ? "(Array Int Real)" : "(Array Int Int)";
        return p_.domain == Domain::real ? "Real" : "Int";
    }
    std::string number(const Number& n) const;
    std::string expr(const Expr& e, const std::vector<Variable>& vars) const;
    std::string constraint(const Constraint& c, const std::vector<Variable>& vars) const;
    std::string conjunction(const std::vector<Constraint>& cs,
                            const std::vector<Variable>& vars) const;
    std::vector<std::string> conjuncts(const std::vector<Constraint>& cs,
                                       const std::vector<Variable>& vars) const;
    void nonzero_divisors(const Expr& e, const std::vector<Variable>& vars,
                          std::vector<std::string>& out) const;
    std::vector<std::string> state_args(PointId point, const Atom& a, const std::vector<Variable>& vars) const;
    std::string atom(PointId point, const Atom& a, const std::vector<Variable>& vars) const;
    std::string clause(const std::vector<Variable>& vars, std::vector<std::string> body,
                       const std::string& head) const;
    std::string check(const std::vector<Variable>& vars, const std::vector<std::string>& body,
                      const std::string& head, const std::set<std::string>& shared) const;
    std::string point_sorts(PointId pt) const;

    const Program& p_;
};

std::string Exporter::number(const Number& n) const {
    Integer num = boost::multiprecision::numerator(n);
    Integer den = boost::multiprecision::denominator(n);
    bool real = p_.domain == Domain::real;
    std::string abs_num = (num < 0 ? Integer(-num) : num).str() + (real ? ".0" : "");
    std::string text = abs_num;
    if (den != 1) text = fmt::format("(/ {} {}.0)", abs_num, den.str());
    return num < 0 ? "(- " + text + ")" : text;
}

std::string Exporter::expr(const Expr& e, const std::vector<Variable>& vars) const {
    auto bin = [&](const char* op) {
        std::string s = std::string("(") + op;
        for (const Expr& a : e.args) s += " " + expr(a, vars);
        return s + ")";
    };
    switch (e.kind) {
    case ExprKind::constant: return number(e.value);
    case ExprKind::variable: return quote(vars.at(e.var).name);
    case ExprKind::neg: return bin("-");
    case ExprKind::add: return bin("+");
    case ExprKind::sub: return bin("-");
    case ExprKind::mul: return bin("*");
    case ExprKind::div: return bin(p_.domain == Domain::real ? "/" : "div");
    case ExprKind::mod: return bin("mod");
    case ExprKind::select: return bin("select");
    case ExprKind::store: return bin("store");
    case ExprKind::const_array: {
        const char* scalar = p_.domain == Domain::real ? "Real" : "Int";
        return fmt::format("((as const (Array {} {})) {})", scalar, scalar, expr(e.args[0], vars));
    }
    }
    return "?";
}

// `(not (= d 0))` for each divisor d of `e` that is not a constant: a transition that
// divides by zero is not enabled (SMT-LIB leaves the quotient unspecified instead).
void Exporter::nonzero_divisors(const Expr& e, const std::vector<Variable>& vars,
                                std::vector<std::string>& out) const {
    for (const Expr& a : e.args) nonzero_divisors(a, vars, out);
    bool divides = e.kind == ExprKind::div || e.kind == ExprKind::mod;
    if (divides && e.args[1].kind != ExprKind::constant) {
        out.push_back(fmt::format("(not (= {} {}))", expr(e.args[1], vars), number(Number(0))));
    }
}

// One case of a disjunction: `true` when empty.
std::string Exporter::conjunction(const std::vector<Constraint>& cs,
                                  const std::vector<Variable>& vars) const {
    std::vector<std::string> parts = conjuncts(cs, vars);
    if (parts.empty()) return "true";
    if (parts.size() == 1) return parts[0];
    return fmt::format("(and {})", fmt::join(parts, " "));
}

std::string Exporter::constraint(const Constraint& c, const std::vector<Variable>& vars) const {
    if (c.is_disjunction()) {
        std::vector<std::string> cases;
        for (const std::vector<Constraint>& conj : c.cases) cases.push_back(conjunction(conj, vars));
        return fmt::format("(or {})", fmt::join(cases, " "));
    }
    std::string l = expr(c.lhs, vars);
    std::string r = expr(c.rhs, vars);
    switch (c.op) {
    case RelOp::eq: return fmt::format("(= {} {})", l, r);
    case RelOp::ne: return fmt::format("(not (= {} {}))", l, r);
    case RelOp::lt: return fmt::format("(< {} {})", l, r);
    case RelOp::le: return fmt::format("(<= {} {})", l, r);
    case RelOp::gt: return fmt::format("(> {} {})", l, r);
    case RelOp::ge: return fmt::format("(>= {} {})", l, r);
    }
    return "?";
}

// The SMT-LIB conjuncts of a clause's constraints, side conditions on divisors first.
std::vector<std::string> Exporter::conjuncts(const std::vector<Constraint>& cs,
                                             const std::vector<Variable>& vars) const {
    std::vector<std::string> out;
    for (const Constraint& c : cs) {
        if (!c.is_disjunction()) {
            nonzero_divisors(c.lhs, vars, out);
            nonzero_divisors(c.rhs, vars, out);
        }
        out.push_back(constraint(c, vars));
    }
    return out;
}

// The state arguments of an atom at a point, as SMT-LIB terms.
std::vector<std::string> Exporter::state_args(PointId point, const Atom& a, const std::vector<Variable>& vars) const {
    const Point& pt = p_.points.at(point);
    std::vector<std::string> out;
    for (std::size_t i = pt.first_state_arg; i < a.args.size(); ++i) {
        const Arg& arg = a.args[i];
        if (arg.kind == Arg::Kind::variable) {
            out.push_back(quote(vars.at(arg.var).name));
        } else if (arg.kind == Arg::Kind::integer) {
            out.push_back(number(Number(arg.integer)));
        } else {
            out.push_back(quote(arg.symbol));  // not produced by the checker for state arguments
        }
    }
    return out;
}

// The predicate of a point applied to the state arguments of an atom.
std::string Exporter::atom(PointId point, const Atom& a, const std::vector<Variable>& vars) const {
    const Point& pt = p_.points.at(point);
    std::string s = quote(p_.point_label(point));
    if (pt.state_arity == 0) return s;
    s = "(" + s;
    for (const std::string& arg : state_args(point, a, vars)) s += " " + arg;
    return s + ")";
}

std::string Exporter::clause(const std::vector<Variable>& vars, std::vector<std::string> body,
                             const std::string& head) const {
    std::string b = body.empty() ? "true" : body.size() == 1 ? body[0] : "(and";
    if (body.size() > 1) {
        for (const std::string& part : body) b += "\n      " + part;
        b += ")";
    }
    std::string implication = fmt::format("(=> {}\n    {})", b, head);
    if (vars.empty()) return "(assert " + implication + ")\n";
    std::string binders;
    for (const Variable& v : vars) binders += fmt::format("({} {}) ", quote(v.name), sort_of(v.type));
    binders.pop_back();
    return fmt::format("(assert (forall ({})\n  {}))\n", binders, implication);
}

std::string Exporter::point_sorts(PointId pt) const {
    const Point& point = p_.points[pt];
    const Predicate& pred = p_.predicates.at(point.pred);
    std::string sorts;
    for (std::size_t i = point.first_state_arg; i < pred.arg_types.size(); ++i) {
        sorts += (sorts.empty() ? "" : " ") + sort_of(pred.arg_types[i]);
    }
    return sorts;
}

std::string Exporter::run() {
    std::string out = "(set-logic HORN)\n";
    if (!p_.file.empty()) out += fmt::format("; exported by clpi from {}\n", p_.file);
    out += "; sat: the program is safe (error unreachable); unsat: it is unsafe\n";
    for (PointId pt = 0; pt < p_.points.size(); ++pt) {
        out += fmt::format("(declare-fun {} ({}) Bool)\n", quote(p_.point_label(pt)), point_sorts(pt));
    }
    const Query& q = p_.query;
    std::vector<std::string> qbody = conjuncts(q.constraints, q.vars);
    out += "; the query\n" + clause(q.vars, qbody, atom(q.point, q.atom, q.vars));
    for (const Rule& r : p_.rules) {
        // A terminal rule ends a path normally: it adds nothing to what reaches error.
        if (r.body_kind == BodyKind::terminal) continue;
        std::vector<std::string> body{atom(r.head_point, r.head, r.vars)};
        for (std::string& c : conjuncts(r.constraints, r.vars)) body.push_back(std::move(c));
        bool to_error = r.body_kind == BodyKind::error || r.body_point == no_point;
        std::string head = to_error ? "false" : atom(r.body_point, *r.body, r.vars);
        out += fmt::format("; rule {}\n", r.index) + clause(r.vars, body, head);
    }
    return out + "(check-sat)\n";
}

// One check of a clause under the certificate: its variables as constants (those not
// declared for every clause at once, in `shared`), its body, the negation of its head;
// unsat means the clause holds.
std::string Exporter::check(const std::vector<Variable>& vars, const std::vector<std::string>& body,
                            const std::string& head, const std::set<std::string>& shared) const {
    std::string out = "(push 1)\n";
    for (const Variable& v : vars) {
        if (!shared.contains(quote(v.name))) out += fmt::format("(declare-const {} {})\n", quote(v.name), sort_of(v.type));
    }
    for (const std::string& b : body) out += fmt::format("(assert {})\n", b);
    out += fmt::format("(assert (not {}))\n(check-sat)\n(pop 1)\n", head);
    return out;
}

// The certificate's formulas as definitions of the clauses' predicates, then one check per
// clause, in the order of `names`.
std::string Exporter::checks(const Certificate& c, std::vector<std::string>& names, std::size_t* trivial,
                             bool by_form) {
    std::string out = "(set-logic ALL)\n";
    if (!p_.file.empty()) out += fmt::format("; the certificate of {}, clause by clause\n", p_.file);
    // A clause into a point whose formula is `true`, or out of one whose formula is `false`
    // (no goal reached it), holds whatever its constraints: it needs no solver.
    std::map<PointId, std::string> formula;
    for (const PointCertificate& pc : c.points) formula[pc.point] = pc.smtlib;
    auto is = [&](PointId p, const char* value) {
        auto it = formula.find(p);
        return it != formula.end() && it->second == value;
    };
    // A point's formula over an atom's arguments, for the clauses that hold by their form
    // (at_sight.hpp): nothing when the point has none or it cannot be put in safely.
    // Rules between points mostly name the state alike: each (point, arguments) is put in once.
    using Formula = at_sight::Sight::Formula;
    at_sight::Sight sight(p_.domain == Domain::real ? at_sight::Arithmetic::reals : at_sight::Arithmetic::integers);
    std::map<std::pair<PointId, std::vector<std::string>>, std::optional<Formula>> instances;
    auto formula_of = [&](PointId p, const Atom& a, const std::vector<Variable>& vars) -> std::optional<Formula> {
        auto it = formula.find(p);
        if (it == formula.end()) return std::nullopt;
        auto [in, made] = instances.try_emplace({p, state_args(p, a, vars)});
        if (made) in->second = sight.instance(it->second, in->first.second);
        return in->second;
    };
    // How a clause holds at sight (the comment the script gives it), or nothing.
    auto at_sight_note = [&](std::optional<Formula> from, const std::vector<std::string>& constraints,
                             std::optional<Formula> to) -> const char* {
        if (!by_form || !from || !to) return nullptr;
        std::vector<Formula> body;
        for (const std::string& part : constraints) body.push_back(sight.formula(part));
        body.push_back(*from);
        switch (sight.how(body, *to)) {
        case at_sight::Sight::Held::by_form:
            return "holds at sight: its connectives make the formula after it true once what it assumes is (its "
                   "equations of a variable put in), or what it assumes contradicts itself";
        case at_sight::Sight::Held::by_arithmetic:
            return "holds at sight: what it assumes and the negation of the formula after it have no solution "
                   "(linear arithmetic, case by case)";
        case at_sight::Sight::Held::no: break;
        }
        return nullptr;
    };
    // The clauses to check, each with its variables, body and head.
    struct Clause {
        const std::vector<Variable>* vars;
        std::vector<std::string> body;
        std::string head;
    };
    std::vector<Clause> clauses;
    std::vector<std::string> comments;  // per clause checked, with those that held at sight before it
    const Query& q = p_.query;
    std::string pending;  // comments of clauses that hold at sight, before the next check
    std::set<PointId> checked_points;  // the points whose predicates the checks apply
    if (is(q.point, "true")) {
        pending += "; the query: holds, its point's formula is true\n";
        if (trivial) ++*trivial;
    } else if (const char* note = at_sight_note(sight.formula("true"), conjuncts(q.constraints, q.vars),
                                                formula_of(q.point, q.atom, q.vars))) {
        pending += fmt::format("; the query: {}\n", note);
        if (trivial) ++*trivial;
    } else {
        names.push_back("the query");
        clauses.push_back({&q.vars, conjuncts(q.constraints, q.vars), atom(q.point, q.atom, q.vars)});
        checked_points.insert(q.point);
        comments.push_back(pending + "; the query\n");
        pending.clear();
    }
    for (const Rule& r : p_.rules) {
        if (r.body_kind == BodyKind::terminal) continue;
        bool to_error = r.body_kind == BodyKind::error || r.body_point == no_point;
        std::string name = fmt::format("rule {}", r.index);
        if (r.loc.line > 0) name += fmt::format(" (line {})", r.loc.line);
        if (is(r.head_point, "false") || (!to_error && is(r.body_point, "true"))) {
            pending += fmt::format("; {}: holds, {}\n", name,
                                   is(r.head_point, "false") ? "its point's formula is false" : "its successor's formula is true");
            if (trivial) ++*trivial;
            continue;
        }
        std::vector<std::string> constraints = conjuncts(r.constraints, r.vars);
        if (const char* note = at_sight_note(formula_of(r.head_point, r.head, r.vars), constraints,
                    to_error ? std::optional<Formula>(sight.formula("false")) : formula_of(r.body_point, *r.body, r.vars))) {
            pending += fmt::format("; {}: {}\n", name, note);
            if (trivial) ++*trivial;
            continue;
        }
        std::vector<std::string> body{atom(r.head_point, r.head, r.vars)};
        for (std::string& part : constraints) body.push_back(std::move(part));
        names.push_back(name);
        clauses.push_back({&r.vars, std::move(body), to_error ? "false" : atom(r.body_point, *r.body, r.vars)});
        checked_points.insert(r.head_point);
        if (!to_error) checked_points.insert(r.body_point);
        comments.push_back(pending + fmt::format("; {}\n", name));
        pending.clear();
    }
    // The formulas of the points that the checks apply, as definitions of their predicates
    // (a clause that held at sight needs none).
    for (const PointCertificate& pc : c.points) {
        if (!checked_points.contains(pc.point)) continue;
        std::string params;
        const Point& point = p_.points.at(pc.point);
        const Predicate& pred = p_.predicates.at(point.pred);
        for (std::size_t i = point.first_state_arg; i < pred.arg_types.size(); ++i) {
            std::size_t pos = i - point.first_state_arg;
            std::string name = "$" + std::to_string(pos) + (pred.arg_types[i] == Type::array ? "a" : "");
            params += fmt::format("{}({} {})", params.empty() ? "" : " ", name, sort_of(pred.arg_types[i]));
        }
        out += fmt::format("(define-fun {} ({}) Bool\n  {})\n", quote(pc.label), params, pc.smtlib);
    }
    // A variable name that has one sort in every clause is declared once for all of them:
    // the clauses then share the terms they have in common (a point's formula over the same
    // variables), which the solver builds and simplifies once. Names of more than one sort
    // are declared clause by clause.
    std::map<std::string, std::string> sort_of_name;
    std::set<std::string> mixed;
    for (const Clause& cl : clauses) {
        for (const Variable& v : *cl.vars) {
            auto [it, made] = sort_of_name.try_emplace(quote(v.name), sort_of(v.type));
            if (!made && it->second != sort_of(v.type)) mixed.insert(it->first);
        }
    }
    std::set<std::string> shared;
    for (const auto& [name, sort] : sort_of_name) {
        if (mixed.contains(name)) continue;
        shared.insert(name);
        out += fmt::format("(declare-const {} {})\n", name, sort);
    }
    for (std::size_t i = 0; i < clauses.size(); ++i) {
        out += comments[i] + check(*clauses[i].vars, clauses[i].body, clauses[i].head, shared);
    }
    out += pending;
    return constant_arrays_as_axioms(out);
}

// The counterexample's path, each step's variables renamed `V@k`, with the values it names:
// satisfiable exactly when the path is real with those values. A long path is cut into
// pieces of `piece` steps, each checked on its own from the state the counterexample gives
// where it starts (one long formula of thousands of steps is slow for a solver, and the
// pieces hold together through those states).
std::string Exporter::path_check(const Counterexample& cex, std::vector<std::string>& names) {
    constexpr std::size_t piece = 100;
    std::map<std::string, std::string> values;
    const char* real = p_.domain == Domain::real ? ".0" : "";
    auto literal = [&](std::string v) -> std::optional<std::string> {
        if (v.empty() || v[0] == '{') return std::nullopt;  // an array's value: not checked
        bool negative = v[0] == '-';
        if (negative) v = v.substr(1);
        auto slash = v.find('/');
        std::string num = slash == std::string::npos
                              ? v + real
                              : fmt::format("(/ {}{} {}{})", v.substr(0, slash), real, v.substr(slash + 1), real);
        return negative ? "(- " + num + ")" : num;
    };
    for (const auto& [name, value] : cex.values) values[name] = value;
    std::string out = "(set-logic ALL)\n(push 1)\n";
    auto declare = [&](const std::vector<Variable>& vars) {
        for (const Variable& v : vars) {
            out += fmt::format("(declare-const {} {})\n", quote(v.name), sort_of(v.type));
            auto it = values.find(v.name);
            if (it == values.end()) continue;
            if (auto l = literal(it->second)) out += fmt::format("(assert (= {} {}))\n", quote(v.name), *l);
        }
    };
    auto renamed = [](std::vector<Variable> vars, const std::string& suffix) {
        for (Variable& v : vars) v.name += suffix;
        return vars;
    };
    auto state_of = [&](const Atom& a, const Point& pt, const std::vector<Variable>& vars) {
        std::vector<std::string> s;
        for (std::size_t i = pt.first_state_arg; i < a.args.size(); ++i) {
            const Arg& arg = a.args[i];
            s.push_back(arg.kind == Arg::Kind::variable ? quote(vars.at(arg.var).name) : number(Number(arg.integer)));
        }
        return s;
    };
    const Query& q = p_.query;
    declare(q.vars);
    for (const std::string& c : conjuncts(q.constraints, q.vars)) out += fmt::format("(assert {})\n", c);
    std::vector<std::string> state = state_of(q.atom, p_.points.at(q.point), q.vars);
    std::size_t k = 0, first = 1;
    for (const CounterexampleStep& step : cex.path) {
        if (step.rule == 0) break;
        ++k;
        const Rule& r = p_.rules.at(step.rule - 1);
        std::vector<Variable> vars = renamed(r.vars, fmt::format("@{}", k));
        std::vector<std::string> head = state_of(r.head, p_.points.at(r.head_point), vars);
        // A new piece starts from the state the counterexample gives (all of it scalar).
        std::vector<std::optional<std::string>> given;
        for (const auto& [name, value] : step.state) given.push_back(literal(value));
        bool cut = k - first >= piece && given.size() == head.size() &&
                   std::all_of(given.begin(), given.end(), [](const auto& g) { return g.has_value(); });
        if (cut) {
            names.push_back(fmt::format("the counterexample, steps {} to {}", first - 1, k - 1));
            out += "(check-sat)\n(pop 1)\n(push 1)\n";
            first = k;
        }
        declare(vars);
        for (std::size_t i = 0; i < head.size(); ++i) {
            if (cut) {
                out += fmt::format("(assert (= {} {}))\n", head[i], *given[i]);
            } else if (i < state.size()) {
                out += fmt::format("(assert (= {} {}))\n", head[i], state[i]);
            }
        }
        for (const std::string& c : conjuncts(r.constraints, vars)) out += fmt::format("(assert {})\n", c);
        if (r.body_kind == BodyKind::atom && r.body_point != no_point) {
            state = state_of(*r.body, p_.points.at(r.body_point), vars);
        }
    }
    names.push_back(first == 1 ? std::string("the counterexample")
                               : fmt::format("the counterexample, steps {} to {}", first - 1, k));
    return out + "(check-sat)\n(pop 1)\n";
}

}  // namespace

std::string export_chc(const Program& program) { return Exporter(program).run(); }

std::string counterexample_check_smtlib(const Program& program, const Counterexample& cex,
                                        std::vector<std::string>& check_names) {
    return Exporter(program).path_check(cex, check_names);
}

std::string certificate_checks_smtlib(const Program& program, const Certificate& certificate,
                                      std::vector<std::string>& clause_names, std::size_t* trivial,
                                      bool by_form) {
    return Exporter(program).checks(certificate, clause_names, trivial, by_form);
}

}  // namespace clpi
