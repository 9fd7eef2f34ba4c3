#include "engine/reverse.hpp"

#include <map>

#include <fmt/format.h>

#include "clp/checker.hpp"
#include "clpi/parse.hpp"
#include "engine/point_names.hpp"

namespace clpi::engine {

namespace {

// A predicate name the program does not use.
std::string fresh_predicate(const Program& program, const std::string& base) {
    std::string name = base;
    for (int n = 2;; ++n) {
        bool used = false;
        for (const Predicate& p : program.predicates) used = used || p.name == name;
        if (!used) return name;
        name = fmt::format("{}_{}", base, n);
    }
}

Rule make_rule(Atom head, std::optional<Atom> body, const std::vector<Constraint>& constraints,
               const std::vector<Variable>& vars, SourceLoc loc) {
    Rule r;
    r.head = std::move(head);
    r.body_kind = body ? BodyKind::atom : BodyKind::error;
    r.body = std::move(body);
    r.constraints = constraints;
    r.vars = vars;
    r.loc = loc;
    return r;
}

}  // namespace

std::optional<Program> reverse_program(const Program& program) {
    Program out;
    out.file = program.file;
    out.domain = program.domain;
    out.source = program.source;
    out.predicates = program.predicates;
    const PredId start = static_cast<PredId>(out.predicates.size());
    Predicate start_pred;
    start_pred.name = fresh_predicate(program, "reverse_start");
    start_pred.first_use = program.query.loc;
    out.predicates.push_back(start_pred);

    out.query.atom.pred = start;
    out.query.loc = program.query.loc.line > 0 ? program.query.loc : SourceLoc{1, 1};
    out.query.atom.loc = out.query.loc;

    Atom start_atom;
    start_atom.pred = start;
    for (const Rule& r : program.rules) {
        if (r.body_kind == BodyKind::error) {
            out.rules.push_back(make_rule(start_atom, r.head, r.constraints, r.vars, r.loc));
        } else if (r.body_kind == BodyKind::atom && r.body) {
            out.rules.push_back(make_rule(*r.body, r.head, r.constraints, r.vars, r.loc));
        }
    }
    out.rules.push_back(make_rule(program.query.atom, std::nullopt, program.query.constraints,
                                  program.query.vars, program.query.loc));
    for (std::uint32_t i = 0; i < out.rules.size(); ++i) {
        out.rules[i].index = i + 1;
        out.order.push_back({ClauseRef::Kind::rule, i});
    }
    for (const Directive& d : program.directives) {
        if (d.name != "name" && d.name != "line") continue;
        out.order.push_back({ClauseRef::Kind::directive, static_cast<std::uint32_t>(out.directives.size())});
        out.directives.push_back(d);
    }
    out.order.insert(out.order.begin(), {ClauseRef::Kind::query, 0});
    Diagnostics diags;
    check_program(out, 1, diags);
    if (diags.has_errors()) return std::nullopt;
    return out;
}

namespace {

RelOp negated(RelOp op) {
    switch (op) {
    case RelOp::eq: return RelOp::ne;
    case RelOp::ne: return RelOp::eq;
    case RelOp::lt: return RelOp::ge;
    case RelOp::le: return RelOp::gt;
    case RelOp::gt: return RelOp::le;
    case RelOp::ge: return RelOp::lt;
    }
    return op;
}

std::vector<Constraint> negation_of_conjunction(const std::vector<Constraint>& conj);

// The negation of one constraint, as a conjunction.
std::vector<Constraint> negation_of(const Constraint& c) {
    if (!c.is_disjunction()) {
        Constraint n = c;
        n.op = negated(c.op);
        return {n};
    }
    std::vector<Constraint> all;  // not (A ; B) = not A, not B
    for (const std::vector<Constraint>& conj : c.cases) {
        std::vector<Constraint> n = negation_of_conjunction(conj);
        all.insert(all.end(), n.begin(), n.end());
    }
    return all;
}

// The negation of a conjunction, as a conjunction: empty (true) gives `0 = 1`.
std::vector<Constraint> negation_of_conjunction(const std::vector<Constraint>& conj) {
    if (conj.empty()) {
        Constraint never;
        never.lhs = Expr::constant(Number(0));
        never.rhs = Expr::constant(Number(1));
        return {never};
    }
    if (conj.size() == 1) return negation_of(conj[0]);
    Constraint any;  // not (A, B) = (not A ; not B)
    for (const Constraint& c : conj) any.cases.push_back(negation_of(c));
    return {any};
}

bool is_false(const std::vector<Constraint>& conj) {
    if (conj.size() != 1 || conj[0].is_disjunction() || conj[0].op != RelOp::eq) return false;
    const Expr& l = conj[0].lhs;
    const Expr& r = conj[0].rhs;
    return l.kind == ExprKind::constant && r.kind == ExprKind::constant && l.value != r.value;
}

// `formula` (CLP syntax over `from`) negated, in CLP syntax over `to` (same positions).
std::optional<std::string> negated_clp(const Program& program, const std::string& formula,
                                       const std::vector<std::string>& from,
                                       const std::vector<std::string>& to) {
    const std::string atom = from.empty() ? "r" : fmt::format("r({})", fmt::join(from, ", "));
    std::string text = program.domain == Domain::real ? ":- domain(real).\n" : "";
    text += fmt::format("?- {}.\n{} :- {}.\n", atom, atom, formula);
    Diagnostics diags;
    std::optional<Program> parsed = parse_program(text, "certificate", diags);
    if (!parsed || parsed->rules.size() != 1) return std::nullopt;
    const Rule& rule = parsed->rules[0];
    std::vector<Constraint> neg = is_false(rule.constraints) ? std::vector<Constraint>{}
                                                             : negation_of_conjunction(rule.constraints);
    if (neg.empty()) return "true";
    std::vector<Variable> vars = rule.vars;
    for (Variable& v : vars) {
        for (std::size_t i = 0; i < from.size() && i < to.size(); ++i) {
            if (v.name == from[i]) {
                v.name = to[i];
                break;
            }
        }
    }
    std::vector<std::string> parts;
    for (const Constraint& c : neg) parts.push_back(format_constraint(c, vars));
    return fmt::format("{}", fmt::join(parts, ", "));
}

}  // namespace

std::optional<Certificate> certificate_from_reverse(const Program& original, const Program& reversed,
                                                    const Certificate& certificate, std::string& why) {
    std::map<std::string, const PointCertificate*> by_label;
    for (const PointCertificate& pc : certificate.points) by_label[pc.label] = &pc;
    // The reversed program's points by label, once (not a scan of them for each point).
    std::map<std::string, PointId> reversed_points;
    for (PointId p = 0; p < reversed.points.size(); ++p) reversed_points.emplace(reversed.point_label(p), p);
    Certificate out;
    for (PointId p = 0; p < original.points.size(); ++p) {
        PointCertificate pc;
        pc.point = p;
        pc.label = original.point_label(p);
        pc.names = distinct_names(point_names(original, p));
        auto found = by_label.find(pc.label);
        if (found == by_label.end()) {
            pc.clp = "true";
            pc.smtlib = "true";
        } else {
            const auto there = reversed_points.find(pc.label);
            std::vector<std::string> from =
                there != reversed_points.end() ? distinct_names(point_names(reversed, there->second)) : pc.names;
            std::optional<std::string> clp = negated_clp(original, found->second->clp, from, pc.names);
            if (!clp) {
                why = fmt::format("the reversed program's formula at {} could not be read back: {}", pc.label,
                                  found->second->clp);
                return std::nullopt;
            }
            pc.clp = *clp;
            pc.smtlib = fmt::format("(not {})", found->second->smtlib);
        }
        out.points.push_back(std::move(pc));
    }
    return out;
}

}  // namespace clpi::engine
