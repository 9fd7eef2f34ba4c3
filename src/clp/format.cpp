// Canonical CLP text: one clause per line, minimal parentheses, comments kept.
#include <fmt/format.h>

#include "clpi/parse.hpp"

namespace clpi {

namespace {

int precedence(const Expr& e) {
    switch (e.kind) {
    case ExprKind::add:
    case ExprKind::sub: return 1;
    case ExprKind::mul:
    case ExprKind::div:
    case ExprKind::mod: return 2;
    case ExprKind::neg: return 3;
    case ExprKind::constant: return e.value < 0 ? 3 : 4;  // `-7` binds like a negation
    default: return 4;
    }
}

std::string number_text(const Number& n) {
    if (denominator(n) == 1) return numerator(n).str();
    return numerator(n).str() + "/" + denominator(n).str();
}

std::string var_name(const Variable& v) { return v.name.rfind("_#", 0) == 0 ? "_" : v.name; }

std::string atom_text(const Program& p, const Atom& a, const std::vector<Variable>& vars) {
    std::string out = p.predicates.at(a.pred).name;
    if (a.args.empty()) return out;
    out += "(";
    for (std::size_t i = 0; i < a.args.size(); ++i) {
        const Arg& arg = a.args[i];
        if (i) out += ", ";
        if (arg.kind == Arg::Kind::variable) out += var_name(vars.at(arg.var));
        if (arg.kind == Arg::Kind::integer) out += arg.integer.str();
        if (arg.kind == Arg::Kind::symbol) out += arg.symbol;
    }
    return out + ")";
}

std::string constraints_text(const std::vector<Constraint>& cs, const std::vector<Variable>& vars) {
    std::string out;
    for (const Constraint& c : cs) out += ", " + format_constraint(c, vars);
    return out;
}

void trivia_before(std::string& out, const Trivia& t) {
    for (const std::string& c : t.leading) out += c + "\n";
}

void end_clause(std::string& out, const Trivia& t) {
    if (!t.trailing.empty()) out += "  " + t.trailing;
    out += "\n";
}

std::string rule_text(const Program& p, const Rule& r) {
    std::string out = atom_text(p, r.head, r.vars);
    std::string body;
    if (r.body_kind == BodyKind::atom && r.body) body = atom_text(p, *r.body, r.vars);
    if (r.body_kind == BodyKind::error) body = r.label ? "error(" + *r.label + ")" : "error";
    std::string cs = constraints_text(r.constraints, r.vars);
    if (body.empty() && !cs.empty()) cs.erase(0, 2);
    if (!body.empty() || !cs.empty()) out += " :- " + body + cs;
    return out + ".";
}

}  // namespace

std::string format_expr(const Expr& e, const std::vector<Variable>& vars) {
    auto sub = [&](const Expr& a, int min_prec) {
        std::string s = format_expr(a, vars);
        return precedence(a) < min_prec ? "(" + s + ")" : s;
    };
    switch (e.kind) {
    case ExprKind::constant: return number_text(e.value);
    case ExprKind::variable: return var_name(vars.at(e.var));
    case ExprKind::neg: return "-" + sub(e.args[0], 3);
    case ExprKind::add: return sub(e.args[0], 1) + " + " + sub(e.args[1], 2);
    case ExprKind::sub: return sub(e.args[0], 1) + " - " + sub(e.args[1], 2);
    case ExprKind::mul: return sub(e.args[0], 2) + " * " + sub(e.args[1], 3);
    case ExprKind::div: return sub(e.args[0], 2) + " div " + sub(e.args[1], 3);
    case ExprKind::mod: return sub(e.args[0], 2) + " mod " + sub(e.args[1], 3);
    case ExprKind::select:
        return "select(" + format_expr(e.args[0], vars) + ", " + format_expr(e.args[1], vars) + ")";
    case ExprKind::store:
        return "store(" + format_expr(e.args[0], vars) + ", " + format_expr(e.args[1], vars) +
               ", " + format_expr(e.args[2], vars) + ")";
    case ExprKind::const_array: return "const_array(" + format_expr(e.args[0], vars) + ")";
    }
    return "?";
}

std::string format_constraint(const Constraint& c, const std::vector<Variable>& vars) {
    if (c.is_disjunction()) {
        // `(A, B ; C ; true)`: cases apart by ` ; `, an empty case is `true`.
        std::string out = "(";
        for (std::size_t i = 0; i < c.cases.size(); ++i) {
            if (i) out += " ; ";
            if (c.cases[i].empty()) out += "true";
            for (std::size_t j = 0; j < c.cases[i].size(); ++j) {
                if (j) out += ", ";
                out += format_constraint(c.cases[i][j], vars);
            }
        }
        return out + ")";
    }
    return format_expr(c.lhs, vars) + " " + to_string(c.op) + " " + format_expr(c.rhs, vars);
}

std::string format_program(const Program& p) {
    std::string out;
    for (const ClauseRef& ref : p.order) {
        switch (ref.kind) {
        case ClauseRef::Kind::directive: {
            const Directive& d = p.directives.at(ref.index);
            trivia_before(out, d.trivia);
            out += ":- " + d.name;
            if (!d.args.empty()) out += "(" + fmt::format("{}", fmt::join(d.args, ", ")) + ")";
            out += ".";
            end_clause(out, d.trivia);
            break;
        }
        case ClauseRef::Kind::query:
            trivia_before(out, p.query.trivia);
            out += "?- " + atom_text(p, p.query.atom, p.query.vars) +
                   constraints_text(p.query.constraints, p.query.vars) + ".";
            end_clause(out, p.query.trivia);
            break;
        case ClauseRef::Kind::rule:
            trivia_before(out, p.rules.at(ref.index).trivia);
            out += rule_text(p, p.rules.at(ref.index));
            end_clause(out, p.rules.at(ref.index).trivia);
            break;
        }
    }
    for (const std::string& c : p.final_comments) out += c + "\n";
    return out;
}

}  // namespace clpi
