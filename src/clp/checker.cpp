#include "clp/checker.hpp"

#include <cctype>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>

namespace clpi {

namespace {

// An atom of the program with the variables of its clause.
struct Occurrence {
    Atom* atom;
    std::vector<Variable>* vars;
    enum class Role { query, head, body } role;
    Rule* rule;  // null for the query
};

std::string constant_text(const Arg& a) {
    return a.kind == Arg::Kind::integer ? a.integer.str() : a.symbol;
}

bool has_variable(const Expr& e) {
    if (e.kind == ExprKind::variable) return true;
    for (const Expr& a : e.args) {
        if (has_variable(a)) return true;
    }
    return false;
}

// Every comparison of a constraint: itself, or those in the cases of a disjunction, at any
// depth. (Templates, not std::function: the checker walks every constraint several times,
// and a translated program has tens of thousands.)
template <typename F>
void for_each_comparison(const Constraint& c, const F& f) {
    if (!c.is_disjunction()) {
        f(c);
        return;
    }
    for (const std::vector<Constraint>& conj : c.cases) {
        for (const Constraint& d : conj) for_each_comparison(d, f);
    }
}

// `e` and every expression in it.
template <typename F>
void for_each_subexpr(const Expr& e, const F& f) {
    f(e);
    for (const Expr& a : e.args) for_each_subexpr(a, f);
}

template <typename F>
void for_each_expr(const Constraint& c, const F& f) {
    for_each_comparison(c, [&](const Constraint& cmp) {
        for_each_subexpr(cmp.lhs, f);
        for_each_subexpr(cmp.rhs, f);
    });
}

class Checker {
public:
    Checker(Program& p, Diagnostics& d) : p_(p), d_(d) {}

    void run(int queries) {
        if (queries == 0) error({1, 1}, "the program has no query (`?- p(...).`)");
        collect();
        if (!check_arity()) return;
        find_pointed();
        make_points();
        drop_removed_bodies();
        apply_directives();
        check_constants();
        infer_types();
        check_types();
    }

private:
    void error(SourceLoc l, std::string m) { d_.error(p_.file, l, std::move(m)); }
    void warning(SourceLoc l, std::string m) { d_.warning(p_.file, l, std::move(m)); }

    void collect() {
        if (!p_.query.atom.args.empty() || p_.query.loc.line) {
            occ_.push_back({&p_.query.atom, &p_.query.vars, Occurrence::Role::query, nullptr});
        }
        for (Rule& r : p_.rules) {
            occ_.push_back({&r.head, &r.vars, Occurrence::Role::head, &r});
            if (r.body) occ_.push_back({&*r.body, &r.vars, Occurrence::Role::body, &r});
        }
    }

    bool check_arity() {
        bool ok = true;
        for (const Occurrence& o : occ_) {
            const Predicate& pred = p_.predicates[o.atom->pred];
            if (o.atom->args.size() == pred.arity) continue;
            Diagnostic diag{Severity::error, p_.file, o.atom->loc,
                            fmt::format("`{}` has {} argument{} here but {} at its first use",
                                        pred.name, o.atom->args.size(),
                                        o.atom->args.size() == 1 ? "" : "s", pred.arity),
                            {}};
            diag.notes.push_back({Severity::note, p_.file, pred.first_use,
                                  fmt::format("first used here with {} argument{}", pred.arity,
                                              pred.arity == 1 ? "" : "s"),
                                  {}});
            d_.add(std::move(diag));
            ok = false;
        }
        return ok;
    }

    void find_pointed() {
        for (Predicate& pred : p_.predicates) pred.pointed = pred.arity > 0;
        for (const Occurrence& o : occ_) {
            if (o.atom->args.empty() || o.atom->args[0].kind == Arg::Kind::variable) {
                p_.predicates[o.atom->pred].pointed = false;
            }
        }
        for (const Occurrence& o : occ_) {
            const Predicate& pred = p_.predicates[o.atom->pred];
            for (std::size_t i = 0; i < o.atom->args.size(); ++i) {
                const Arg& a = o.atom->args[i];
                if (a.kind != Arg::Kind::symbol || (i == 0 && pred.pointed)) continue;
                error(a.loc, fmt::format("the symbol `{}` can only name a program point, as the "
                                         "first argument of every occurrence of `{}`",
                                         a.symbol, pred.name));
            }
        }
    }

    PointId point_of(const Atom& a) {
        const Predicate& pred = p_.predicates[a.pred];
        std::optional<std::string> constant;
        if (pred.pointed) constant = constant_text(a.args[0]);
        auto [it, fresh] =
            point_ids_.emplace(point_label(pred.name, constant), static_cast<PointId>(p_.points.size()));
        if (fresh) {
            Point pt;
            pt.pred = a.pred;
            pt.constant = std::move(constant);
            pt.first_state_arg = pred.pointed ? 1 : 0;
            pt.state_arity = pred.arity - pt.first_state_arg;
            p_.points.push_back(std::move(pt));
        }
        return it->second;
    }

    static bool names_error(const Atom& a, const Predicate& pred) {
        return pred.pointed && a.args[0].kind == Arg::Kind::symbol && a.args[0].symbol == "error";
    }

    void make_points() {
        for (const Occurrence& o : occ_) {
            const Predicate& pred = p_.predicates[o.atom->pred];
            if (names_error(*o.atom, pred)) {
                if (o.role != Occurrence::Role::body) {
                    error(o.atom->loc, "the point `error` can only appear in a rule body");
                }
                continue;
            }
            PointId pt = point_of(*o.atom);
            if (o.role == Occurrence::Role::query) p_.query.point = pt;
            if (o.role == Occurrence::Role::head) {
                o.rule->head_point = pt;
                p_.points[pt].rules.push_back(o.rule->index - 1);
            }
            if (o.role == Occurrence::Role::body) o.rule->body_point = pt;
        }
        for (Rule& r : p_.rules) {
            // `p(error, X)` in a body is `error`: normalise so that `fmt` prints it so.
            if (r.body && names_error(*r.body, p_.predicates[r.body->pred])) {
                r.body.reset();
                r.body_kind = BodyKind::error;
                continue;
            }
            if (!r.body || r.body_point == no_point) continue;
            const Point& pt = p_.points[r.body_point];
            if (pt.rules.empty() && pt.constant && !warned_.count(r.body_point)) {
                warned_.insert({r.body_point, true});
                warning(r.body->loc, fmt::format("no rule defines the point {}: a goal there ends "
                                                 "normally (it is terminal)",
                                                 p_.point_label(r.body_point)));
            }
        }
    }

    // `p(error, ...)` bodies were removed by make_points: forget their occurrences.
    void drop_removed_bodies() {
        std::erase_if(occ_, [](const Occurrence& o) {
            return o.role == Occurrence::Role::body && !o.rule->body;
        });
    }

    void apply_directives();
    void check_constants();
    void infer_types();
    void check_types();
    Type type_of(const Expr& e, const std::vector<Variable>& vars) const;
    void check_expr(const Expr& e, const std::vector<Variable>& vars, Type want);

    Program& p_;
    Diagnostics& d_;
    std::vector<Occurrence> occ_;
    std::map<std::string, PointId> point_ids_;
    std::map<PointId, bool> warned_;
};

std::string unquote(const std::string& s) {
    return s.size() >= 2 && s.front() == '"' ? s.substr(1, s.size() - 2) : s;
}

void Checker::apply_directives() {
    for (const Directive& dir : p_.directives) {
        auto want = [&](std::size_t n, const char* usage) {
            if (dir.args.size() == n) return true;
            error(dir.loc, fmt::format("`{}` takes {} argument{}: {}", dir.name, n,
                                       n == 1 ? "" : "s", usage));
            return false;
        };
        if (dir.name == "domain") {
            if (!want(1, ":- domain(int). or :- domain(real).")) continue;
            if (dir.args[0] == "int") {
                p_.domain = Domain::integer;
            } else if (dir.args[0] == "real") {
                p_.domain = Domain::real;
            } else {
                error(dir.loc, fmt::format("unknown domain `{}` (use int or real)", dir.args[0]));
            }
        } else if (dir.name == "source") {
            if (want(1, ":- source(\"file.c\").")) p_.source = unquote(dir.args[0]);
        } else if (dir.name == "name" || dir.name == "line") {
            bool is_name = dir.name == "name";
            if (!want(2, is_name ? ":- name(p(6), \"text\")." : ":- line(p(6), 12).")) continue;
            // By the label point_of made the point under: a translated C program names and
            // places each of its points, and a scan of the points for each made the check
            // quadratic (a 1500-line generated program, 1487 points: 508 M instructions,
            // 66 M by label).
            const auto found = point_ids_.find(dir.args[0]);
            const std::optional<PointId> pt =
                found == point_ids_.end() ? std::nullopt : std::optional<PointId>(found->second);
            if (!pt) {
                warning(dir.loc, fmt::format("no point {} in the program", dir.args[0]));
                continue;
            }
            const std::string& v = dir.args[1];
            if (is_name && v.front() == '"') {
                p_.points[*pt].name = unquote(v);
            } else if (!is_name && !v.empty() && std::isdigit(static_cast<unsigned char>(v[0]))) {
                p_.points[*pt].line = static_cast<std::uint32_t>(std::stoul(v));
            } else {
                error(dir.loc, is_name ? "a point's name must be a string"
                                       : "a point's line must be a positive integer");
            }
        } else {
            error(dir.loc, fmt::format("unknown directive `{}` (known: domain, name, source, line)",
                                       dir.name));
        }
    }
}

void Checker::check_constants() {
    // `X*X*X` holds two products that start at the same column: one warning there.
    std::set<std::pair<std::uint32_t, std::uint32_t>> nonlinear_warned;
    auto check = [&](const Constraint& c) {
        for_each_expr(c, [&](const Expr& e) {
            if (e.kind == ExprKind::constant && denominator(e.value) != 1 &&
                p_.domain == Domain::integer) {
                error(e.loc, "a fraction or decimal needs `:- domain(real).` (this program is "
                             "over the integers)");
            }
            if ((e.kind == ExprKind::div || e.kind == ExprKind::mod) && p_.domain == Domain::real) {
                error(e.loc, "`div` and `mod` need the integer domain");
            }
            if ((e.kind == ExprKind::div || e.kind == ExprKind::mod) &&
                e.args[1].kind == ExprKind::constant && e.args[1].value == 0) {
                warning(e.loc, "division by the constant 0: this transition is never taken");
            }
            if (e.kind == ExprKind::mul && has_variable(e.args[0]) && has_variable(e.args[1]) &&
                nonlinear_warned.emplace(e.loc.line, e.loc.column).second) {
                warning(e.loc, "non-linear multiplication: the solver may answer unknown");
            }
        });
    };
    for (const Constraint& c : p_.query.constraints) check(c);
    for (const Rule& r : p_.rules) {
        for (const Constraint& c : r.constraints) check(c);
    }
}

// ---- types: arrays are what select/store use, propagated through `=` and arguments ----

Type Checker::type_of(const Expr& e, const std::vector<Variable>& vars) const {
    if (e.kind == ExprKind::variable) return vars[e.var].type;
    return e.kind == ExprKind::store || e.kind == ExprKind::const_array ? Type::array : Type::integer;
}

void Checker::infer_types() {
    for (Predicate& pred : p_.predicates) pred.arg_types.assign(pred.arity, Type::integer);
    bool changed = true;
    auto mark = [&](std::vector<Variable>& vars, VarId v) {
        if (vars[v].type == Type::array) return;
        vars[v].type = Type::array;
        changed = true;
    };
    auto clause = [&](std::vector<Constraint>& cs, std::vector<Variable>& vars) {
        for (const Constraint& top : cs) {
            for_each_expr(top, [&](const Expr& e) {
                bool array_op = e.kind == ExprKind::select || e.kind == ExprKind::store;
                if (array_op && e.args[0].kind == ExprKind::variable) mark(vars, e.args[0].var);
            });
            for_each_comparison(top, [&](const Constraint& c) {
                if (c.op != RelOp::eq && c.op != RelOp::ne) return;
                if (c.lhs.kind == ExprKind::variable && type_of(c.rhs, vars) == Type::array) {
                    mark(vars, c.lhs.var);
                }
                if (c.rhs.kind == ExprKind::variable && type_of(c.lhs, vars) == Type::array) {
                    mark(vars, c.rhs.var);
                }
            });
        }
    };
    while (changed) {
        changed = false;
        clause(p_.query.constraints, p_.query.vars);
        for (Rule& r : p_.rules) clause(r.constraints, r.vars);
        for (const Occurrence& o : occ_) {
            Predicate& pred = p_.predicates[o.atom->pred];
            for (std::size_t i = 0; i < o.atom->args.size(); ++i) {
                const Arg& a = o.atom->args[i];
                if (a.kind != Arg::Kind::variable) continue;
                if ((*o.vars)[a.var].type == Type::array && pred.arg_types[i] != Type::array) {
                    pred.arg_types[i] = Type::array;
                    changed = true;
                }
                if (pred.arg_types[i] == Type::array) mark(*o.vars, a.var);
            }
        }
    }
}

void Checker::check_expr(const Expr& e, const std::vector<Variable>& vars, Type want) {
    Type got = type_of(e, vars);
    if (got != want) {
        std::string what = e.kind == ExprKind::variable ? fmt::format("`{}`", vars[e.var].name)
                           : e.kind == ExprKind::store  ? std::string("`store(...)`")
                           : e.kind == ExprKind::const_array ? std::string("`const_array(...)`")
                                                        : std::string("this expression");
        error(e.loc, fmt::format("{} is {}, used here as {}", what,
                                 got == Type::array ? "an array" : "an integer",
                                 want == Type::array ? "an array" : "an integer"));
        return;
    }
    if (e.kind == ExprKind::const_array) {
        const Expr& v = e.args[0].kind == ExprKind::neg ? e.args[0].args[0] : e.args[0];
        if (v.kind != ExprKind::constant) error(e.args[0].loc, "the value of `const_array(...)` must be a number");
    }
    for (std::size_t i = 0; i < e.args.size(); ++i) {
        bool array_arg = i == 0 && (e.kind == ExprKind::select || e.kind == ExprKind::store);
        check_expr(e.args[i], vars, array_arg ? Type::array : Type::integer);
    }
}

void Checker::check_types() {
    auto clause = [&](const std::vector<Constraint>& cs, const std::vector<Variable>& vars) {
        for (const Constraint& top : cs) {
            for_each_comparison(top, [&](const Constraint& c) {
                bool order = c.op != RelOp::eq && c.op != RelOp::ne;
                Type t = order ? Type::integer : type_of(c.lhs, vars);
                check_expr(c.lhs, vars, t);
                check_expr(c.rhs, vars, t);
            });
        }
    };
    clause(p_.query.constraints, p_.query.vars);
    for (const Rule& r : p_.rules) clause(r.constraints, r.vars);
    for (const Occurrence& o : occ_) {
        const Predicate& pred = p_.predicates[o.atom->pred];
        for (std::size_t i = 0; i < o.atom->args.size(); ++i) {
            if (o.atom->args[i].kind == Arg::Kind::integer && pred.arg_types[i] == Type::array) {
                error(o.atom->args[i].loc,
                      fmt::format("argument {} of `{}` is an array; an integer cannot stand there",
                                  i + 1, pred.name));
            }
        }
    }
}

}  // namespace

void check_program(Program& program, int queries, Diagnostics& diags) {
    Checker(program, diags).run(queries);
}

}  // namespace clpi
