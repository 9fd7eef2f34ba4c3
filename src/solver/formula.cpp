// Taking formulas apart and printing them: conjuncts and equation halves for loop-header
// candidates, substitution for renamed states, CLP syntax for invariants shown to users.
#include <algorithm>
#include <unordered_set>

#include "solver/eliminate.hpp"
#include "solver/remainders.hpp"
#include "solver/solver_impl.hpp"

namespace clpi::solver {

bool is_point_var(const z3::expr& e, std::uint32_t& index) {
    if (!e.is_const() || e.decl().decl_kind() != Z3_OP_UNINTERPRETED) return false;
    std::string name = e.decl().name().str();
    if (name.size() < 2 || name[0] != '$') return false;
    std::size_t digits = name.find_first_not_of("0123456789", 1);
    if (digits == 1) return false;
    index = static_cast<std::uint32_t>(std::stoul(name.substr(1, digits - 1)));
    return true;
}

namespace {

void collect_point_vars(const z3::expr& e, std::unordered_set<unsigned>& seen,
                        std::vector<std::uint32_t>& out) {
    if (!seen.insert(e.id()).second) return;
    std::uint32_t i = 0;
    if (is_point_var(e, i)) {
        out.push_back(i);
        return;
    }
    if (!e.is_app()) return;
    for (unsigned k = 0; k < e.num_args(); ++k) collect_point_vars(e.arg(k), seen, out);
}

void flatten_and(const z3::expr& e, std::vector<z3::expr>& out) {
    if (e.is_true()) return;
    if (e.is_app() && e.decl().decl_kind() == Z3_OP_AND) {
        for (unsigned k = 0; k < e.num_args(); ++k) flatten_and(e.arg(k), out);
        return;
    }
    out.push_back(e);
}

// Precedence levels of CLP expressions, loosest first: comparison, sum, product, unary.
class ClpPrinter {
public:
    ClpPrinter(std::span<const std::string> names, bool source) : names_(names), source_(source) {}

    std::string formula(const z3::expr& e) {
        if (e.is_true()) return "true";
        if (e.is_false()) return source_ ? "0 = 1" : "false";
        if (!e.is_app()) return e.to_string();
        switch (e.decl().decl_kind()) {
        case Z3_OP_AND: return source_ ? join(e, ", ", false) : join(e, " ∧ ", true);
        case Z3_OP_OR: return source_ ? "(" + join(e, " ; ", false) + ")" : join(e, " ∨ ", true);
        case Z3_OP_NOT: return negated(e.arg(0));
        case Z3_OP_EQ: return compare(e, "=");
        case Z3_OP_DISTINCT: return compare(e, "!=");
        case Z3_OP_LE: return compare(e, "=<");
        case Z3_OP_GE: return compare(e, ">=");
        case Z3_OP_LT: return compare(e, "<");
        case Z3_OP_GT: return compare(e, ">");
        default: return e.to_string();
        }
    }

private:
    std::string negated(const z3::expr& a) {
        if (a.is_app()) {
            switch (a.decl().decl_kind()) {
            case Z3_OP_EQ: return compare(a, "!=");
            case Z3_OP_LE: return compare(a, ">");
            case Z3_OP_GE: return compare(a, "<");
            case Z3_OP_LT: return compare(a, ">=");
            case Z3_OP_GT: return compare(a, "=<");
            default: break;
            }
            // The rule language has no negation: push it inwards (De Morgan).
            if (source_ && a.is_true()) return "0 = 1";
            if (source_ && a.is_false()) return "true";
            if (source_ && (a.decl().decl_kind() == Z3_OP_AND || a.decl().decl_kind() == Z3_OP_OR)) {
                bool conj = a.decl().decl_kind() == Z3_OP_AND;
                std::string out;
                for (unsigned k = 0; k < a.num_args(); ++k) {
                    if (k > 0) out += conj ? " ; " : ", ";
                    out += negated(a.arg(k));
                }
                return conj ? "(" + out + ")" : out;
            }
            if (source_ && a.decl().decl_kind() == Z3_OP_NOT) return formula(a.arg(0));
        }
        return "¬(" + formula(a) + ")";
    }

    std::string join(const z3::expr& e, const char* op, bool paren) {
        std::string out;
        for (unsigned k = 0; k < e.num_args(); ++k) {
            if (k > 0) out += op;
            std::string part = formula(e.arg(k));
            bool compound = e.arg(k).is_app() && e.arg(k).num_args() > 0 &&
                            (e.arg(k).decl().decl_kind() == Z3_OP_AND ||
                             e.arg(k).decl().decl_kind() == Z3_OP_OR);
            out += paren && compound ? "(" + part + ")" : part;
        }
        return out;
    }

    std::string compare(const z3::expr& e, const char* op) {
        if (e.num_args() != 2) return e.to_string();
        return term(e.arg(0), 1) + " " + op + " " + term(e.arg(1), 1);
    }

    // `level`: the loosest operator the context allows without parentheses (1 sum,
    // 2 product, 3 unary).
    std::string term(const z3::expr& e, int level) {
        std::uint32_t i = 0;
        if (is_point_var(e, i)) return i < names_.size() ? names_[i] : e.to_string();
        if (e.is_numeral()) {
            std::string s = e.get_decimal_string(0);
            if (e.is_real()) s = e.to_string();  // keeps fractions exact
            return s[0] == '-' && level > 1 ? "(" + s + ")" : s;
        }
        if (!e.is_app()) return e.to_string();
        std::string out;
        int mine = 1;
        switch (e.decl().decl_kind()) {
        case Z3_OP_ADD: {
            for (unsigned k = 0; k < e.num_args(); ++k) {
                std::string part = term(e.arg(k), 1);
                if (k > 0 && !part.empty() && part[0] == '-') {
                    out += " - " + part.substr(1);
                } else {
                    out += (k > 0 ? " + " : "") + part;
                }
            }
            mine = 1;
            break;
        }
        case Z3_OP_SUB:
            out = term(e.arg(0), 1) + " - " + term(e.arg(1), 2);
            mine = 1;
            break;
        case Z3_OP_MUL: {
            // -1 * x prints as -x
            if (e.num_args() == 2 && e.arg(0).is_numeral() &&
                e.arg(0).get_decimal_string(0) == "-1") {
                out = "-" + term(e.arg(1), 3);
                mine = 1;
                break;
            }
            for (unsigned k = 0; k < e.num_args(); ++k) {
                out += (k > 0 ? " * " : "") + term(e.arg(k), 2);
            }
            mine = 2;
            break;
        }
        case Z3_OP_UMINUS:
            out = "-" + term(e.arg(0), 3);
            mine = 3;
            break;
        case Z3_OP_IDIV:
        case Z3_OP_DIV:
            out = term(e.arg(0), 2) + " div " + term(e.arg(1), 3);
            mine = 2;
            break;
        case Z3_OP_MOD:
            out = term(e.arg(0), 2) + " mod " + term(e.arg(1), 3);
            mine = 2;
            break;
        case Z3_OP_SELECT:
            return "select(" + term(e.arg(0), 1) + ", " + term(e.arg(1), 1) + ")";
        case Z3_OP_STORE:
            return "store(" + term(e.arg(0), 1) + ", " + term(e.arg(1), 1) + ", " +
                   term(e.arg(2), 1) + ")";
        case Z3_OP_CONST_ARRAY: return "const_array(" + term(e.arg(0), 1) + ")";
        case Z3_OP_TO_REAL:
        case Z3_OP_TO_INT: return term(e.arg(0), level);
        default: return e.to_string();
        }
        return mine < level ? "(" + out + ")" : out;
    }

    std::span<const std::string> names_;
    bool source_ = false;  // the rule language's syntax (`,`, `;`), not the display's (∧, ∨)
};

}  // namespace

Term Solver::substitute(Term t, std::span<const Term> from, std::span<const Term> to) {
    auto timer = impl_->upkeep();
    z3::expr_vector f(impl_->ctx), g(impl_->ctx);
    for (std::size_t i = 0; i < from.size(); ++i) {
        f.push_back(impl_->at(from[i]));
        g.push_back(impl_->at(to[i]));
    }
    z3::expr e = impl_->at(t);
    return impl_->add(e.substitute(f, g));
}

Term Solver::balanced_remainders(Term t) {
    auto timer = impl_->upkeep();
    return impl_->add(solver::balanced_remainders(impl_->at(t)));
}

Term Solver::substitute_definitions(Term conjunction, std::span<const Term> variables) {
    auto timer = impl_->upkeep();
    std::vector<z3::expr> vars;
    for (Term v : variables) vars.push_back(impl_->at(v));
    return impl_->add(solver::substitute_definitions(impl_->at(conjunction), vars));
}

std::vector<Term> Solver::conjuncts(Term t) {
    std::vector<z3::expr> parts;
    flatten_and(impl_->at(t), parts);
    std::vector<Term> out;
    for (const auto& p : parts) out.push_back(impl_->add(p));
    return out;
}

std::optional<std::pair<Term, Term>> Solver::equation_halves(Term t) {
    z3::expr e = impl_->at(t);
    if (!e.is_app() || e.decl().decl_kind() != Z3_OP_EQ || e.num_args() != 2) return std::nullopt;
    z3::expr a = e.arg(0), b = e.arg(1);
    if (!(a.is_int() || a.is_real())) return std::nullopt;
    return std::make_pair(impl_->add(a <= b), impl_->add(a >= b));
}

std::optional<Term> Solver::complement(Term t) {
    z3::expr e = impl_->at(t);
    if (!e.is_app()) return std::nullopt;
    if (e.decl().decl_kind() == Z3_OP_NOT) {
        z3::expr inner = e.arg(0);
        if (!inner.is_app()) return std::nullopt;
        switch (inner.decl().decl_kind()) {
        case Z3_OP_LE: case Z3_OP_GE: case Z3_OP_LT: case Z3_OP_GT:
            return impl_->add(inner);
        default:
            return std::nullopt;
        }
    }
    if (e.num_args() != 2 || !(e.arg(0).is_int() || e.arg(0).is_real())) return std::nullopt;
    z3::expr a = e.arg(0), b = e.arg(1);
    switch (e.decl().decl_kind()) {
    case Z3_OP_LE: return impl_->add(a > b);
    case Z3_OP_GE: return impl_->add(a < b);
    case Z3_OP_LT: return impl_->add(a >= b);
    case Z3_OP_GT: return impl_->add(a <= b);
    default: return std::nullopt;
    }
}

std::optional<VariableBound> Solver::variable_bound(Term t) {
    z3::expr e = impl_->at(t);
    bool negated = false;
    if (e.is_app() && e.decl().decl_kind() == Z3_OP_NOT) {
        negated = true;
        e = e.arg(0);
    }
    if (!e.is_app() || e.num_args() != 2) return std::nullopt;
    Z3_decl_kind kind = e.decl().decl_kind();
    if (kind != Z3_OP_EQ && kind != Z3_OP_LE && kind != Z3_OP_GE && kind != Z3_OP_LT && kind != Z3_OP_GT) {
        return std::nullopt;
    }
    if (negated && kind == Z3_OP_EQ) return std::nullopt;  // a disequation bounds nothing
    z3::expr a = e.arg(0), b = e.arg(1);
    std::uint32_t position = 0;
    z3::expr number = b;
    if (is_point_var(a, position) && b.is_numeral()) {
        number = b;
    } else if (is_point_var(b, position) && a.is_numeral()) {
        number = a;
        // c op X is X op' c
        if (kind == Z3_OP_LE) kind = Z3_OP_GE;
        else if (kind == Z3_OP_GE) kind = Z3_OP_LE;
        else if (kind == Z3_OP_LT) kind = Z3_OP_GT;
        else if (kind == Z3_OP_GT) kind = Z3_OP_LT;
    } else {
        return std::nullopt;
    }
    if (!(a.is_int() || a.is_real())) return std::nullopt;
    if (negated) {
        if (kind == Z3_OP_LE) kind = Z3_OP_GT;
        else if (kind == Z3_OP_GE) kind = Z3_OP_LT;
        else if (kind == Z3_OP_LT) kind = Z3_OP_GE;
        else if (kind == Z3_OP_GT) kind = Z3_OP_LE;
    }
    const bool integer = a.is_int();
    Number c = numeral_number(number);
    if (integer && denominator(c) != 1) return std::nullopt;
    if (!integer && (kind == Z3_OP_LT || kind == Z3_OP_GT)) return std::nullopt;
    VariableBound vb;
    vb.position = position;
    switch (kind) {
    case Z3_OP_EQ: vb.bound.lower = c; vb.bound.upper = c; break;
    case Z3_OP_LE: vb.bound.upper = c; break;
    case Z3_OP_GE: vb.bound.lower = c; break;
    case Z3_OP_LT: vb.bound.upper = c - 1; break;
    case Z3_OP_GT: vb.bound.lower = c + 1; break;
    default: return std::nullopt;
    }
    return vb;
}

std::vector<Term> Solver::bound_conjuncts(std::uint32_t position, const Interval& bound) {
    Term x = point_var(position, Type::integer);
    if (bound.lower && bound.upper && *bound.lower == *bound.upper) return {equal(x, numeral(*bound.lower))};
    std::vector<Term> out;
    if (bound.lower) out.push_back(at_least(x, numeral(*bound.lower)));
    if (bound.upper) out.push_back(at_most(x, numeral(*bound.upper)));
    return out;
}

unsigned Solver::identity(Term t) const { return impl_->at(t).id(); }

std::vector<std::uint32_t> Solver::point_vars_in(Term t) {
    std::unordered_set<unsigned> seen;
    std::vector<std::uint32_t> out;
    collect_point_vars(impl_->at(t), seen, out);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<std::uint32_t> Solver::addressing_vars(Term t) {
    // The indices of the selects, and the constants that conjuncts bind variables to.
    std::vector<z3::expr> indices;
    std::unordered_set<unsigned> seen;
    std::vector<z3::expr> todo{impl_->at(t)};
    while (!todo.empty()) {
        z3::expr e = todo.back();
        todo.pop_back();
        if (!seen.insert(e.id()).second || !e.is_app()) continue;
        if (e.decl().decl_kind() == Z3_OP_SELECT && e.num_args() == 2) indices.push_back(e.arg(1));
        for (unsigned k = 0; k < e.num_args(); ++k) todo.push_back(e.arg(k));
    }
    std::unordered_set<unsigned> index_seen;
    std::vector<std::uint32_t> out;
    std::unordered_set<unsigned> constant_indices;
    for (const z3::expr& i : indices) {
        if (i.is_numeral()) constant_indices.insert(i.id());
        collect_point_vars(i, index_seen, out);
    }
    std::vector<z3::expr> parts;
    flatten_and(impl_->at(t), parts);
    for (const z3::expr& c : parts) {
        if (!c.is_app() || c.decl().decl_kind() != Z3_OP_EQ || c.num_args() != 2) continue;
        for (int side = 0; side < 2; ++side) {
            std::uint32_t i = 0;
            z3::expr value = c.arg(1 - side);
            if (c.arg(side).is_arith() && is_point_var(c.arg(side), i) && value.is_numeral() &&
                constant_indices.count(value.id()) != 0) {
                out.push_back(i);
            }
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::string Solver::to_clp(Term t, std::span<const std::string> names) {
    return ClpPrinter(names, false).formula(impl_->at(t));
}

std::string Solver::to_clp_source(Term t, std::span<const std::string> names) {
    return ClpPrinter(names, true).formula(impl_->at(t));
}

}  // namespace clpi::solver
