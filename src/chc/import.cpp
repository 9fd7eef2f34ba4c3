// CHC-COMP problem -> CLP program. Z3's own SMT-LIB parser reads the file (so `let`,
// `define-fun` and the rest of SMT-LIB come for free); this file walks the asserted clauses
// and writes one CLP rule per disjunct of each clause's constraint.
#include <cctype>
#include <cstdint>
#include <map>
#include <set>

#include <fmt/format.h>
#include <z3++.h>

#include "chc/formula.hpp"
#include "clpi/chc.hpp"
#include "clpi/parse.hpp"

namespace clpi {

namespace {

using chc::Conj;
using chc::Dnf;
using chc::Refusal;
using chc::dnf_and;
using chc::dnf_or;

// A refused clause, with its 1-based index among the assertions.
struct ClauseError {
    unsigned index;
    std::string message;
    std::string clause;
};

class Importer {
public:
    explicit Importer(z3::context& ctx) : ctx_(ctx), cases_(chc::case_solver(ctx)) {}

    // The CLP text for all assertions; throws ClauseError for the first refused clause.
    std::string translate(const z3::expr_vector& assertions, const std::string& file);

private:
    void clause(const z3::expr& assertion);
    z3::expr instantiate(const z3::expr& assertion, chc::ClauseVars& vars, bool& negated);
    std::string predicate(const z3::func_decl& decl);
    // The Int constant that stands for the helper variable `name` in Z3's reading.
    z3::expr helper_constant(const std::string& name) {
        return ctx_.int_const(("clpi!helper!" + name).c_str());
    }
    std::string atom(const z3::expr& app, chc::ClauseVars& vars, chc::FormulaTranslator& tr,
                     Dnf& equations);
    std::string atom_arg(const z3::expr& arg, std::set<unsigned>& seen, chc::ClauseVars& vars,
                         chc::FormulaTranslator& tr, Dnf& equations);

    z3::context& ctx_;
    z3::solver cases_;  // decides which cases of a clause can hold
    std::map<unsigned, std::string> preds_;  // func_decl id -> CLP predicate name
    // Names the CLP language gives a meaning, and `start` (the fresh start point).
    std::set<std::string> taken_{"start", "error", "true", "div", "mod", "select", "store"};
    std::vector<std::string> rules_;
};

bool is_predicate_app(const z3::expr& e, const chc::ClauseVars& vars) {
    return e.is_app() && e.is_bool() && e.decl().decl_kind() == Z3_OP_UNINTERPRETED &&
           !vars.is_var(e);
}

// The conjuncts of nested `and`s.
void flatten_and(const z3::expr& e, std::vector<z3::expr>& out) {
    if (e.is_app() && e.decl().decl_kind() == Z3_OP_AND) {
        for (unsigned i = 0; i < e.num_args(); ++i) flatten_and(e.arg(i), out);
    } else {
        out.push_back(e);
    }
}

std::string Importer::predicate(const z3::func_decl& decl) {
    auto found = preds_.find(decl.id());
    if (found != preds_.end()) return found->second;
    for (unsigned i = 0; i < decl.arity(); ++i) {
        z3::sort s = decl.domain(i);
        if (!s.is_int() && !s.is_bool()) {
            throw Refusal(fmt::format("argument {} of predicate {} has sort {}; only Int and "
                                      "Bool are supported",
                                      i + 1, decl.name().str(), s.to_string()));
        }
    }
    std::string name;
    for (char c : decl.name().str()) {
        name += std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' ? c : '_';
    }
    if (name.empty() || std::isalpha(static_cast<unsigned char>(name[0])) == 0) name = "p" + name;
    name[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(name[0])));
    std::string unique = name;
    for (int n = 1; taken_.count(unique) > 0; ++n) unique = fmt::format("{}_{}", name, n);
    taken_.insert(unique);
    preds_[decl.id()] = unique;
    return unique;
}

// A predicate argument as a CLP atom argument: a variable of the clause the first time it
// occurs in this atom, else a fresh variable with an equation.
std::string Importer::atom_arg(const z3::expr& arg, std::set<unsigned>& seen,
                               chc::ClauseVars& vars, chc::FormulaTranslator& tr,
                               Dnf& equations) {
    if (vars.is_var(arg) && seen.insert(arg.id()).second) return vars.name(arg);
    if (arg.is_bool()) {  // a Bool value is 1 or 0
        std::string h = vars.fresh("B");
        z3::expr hv = helper_constant(h);
        equations = dnf_and(equations,
                            chc::dnf_or(dnf_and(chc::dnf_literal(h + " = 1", hv == 1),
                                                tr.formula(arg, true)),
                                        dnf_and(chc::dnf_literal(h + " = 0", hv == 0),
                                                tr.formula(arg, false))));
        return h;
    }
    std::string h = vars.fresh("H");
    z3::expr hv = helper_constant(h);
    Dnf cases;
    for (const chc::TermCase& c : tr.term(arg)) {
        Dnf equation = chc::dnf_literal(h + " = " + c.text, hv == c.value);
        cases = chc::dnf_or(std::move(cases), dnf_and(c.condition, equation));
    }
    equations = dnf_and(equations, cases);
    return h;
}

std::string Importer::atom(const z3::expr& app, chc::ClauseVars& vars,
                           chc::FormulaTranslator& tr, Dnf& equations) {
    std::string text = predicate(app.decl());
    if (app.num_args() == 0) return text;
    std::set<unsigned> seen;
    for (unsigned i = 0; i < app.num_args(); ++i) {
        text += (i == 0 ? "(" : ", ") + atom_arg(app.arg(i), seen, vars, tr, equations);
    }
    return text + ")";
}

// The matrix of `forall vars. matrix` with the variables replaced by constants declared in
// `vars`. `negated` is set for `not exists vars. body`, which is the query `body => false`.
z3::expr Importer::instantiate(const z3::expr& assertion, chc::ClauseVars& vars, bool& negated) {
    z3::expr matrix = assertion;
    negated = false;
    if (matrix.is_not() && matrix.arg(0).is_quantifier() && matrix.arg(0).is_exists()) {
        matrix = matrix.arg(0);
        negated = true;
    }
    int counter = 0;
    while (matrix.is_quantifier()) {
        if (!matrix.is_forall() && !negated) {
            throw Refusal("an existential quantifier (quantifier alternation is not supported)");
        }
        unsigned n = Z3_get_quantifier_num_bound(ctx_, matrix);
        z3::expr_vector instances(ctx_);
        for (unsigned j = 0; j < n; ++j) {  // de Bruijn index j is bound variable n-1-j
            unsigned b = n - 1 - j;
            z3::sort s(ctx_, Z3_get_quantifier_bound_sort(ctx_, matrix, b));
            z3::symbol sym(ctx_, Z3_get_quantifier_bound_name(ctx_, matrix, b));
            if (!s.is_int() && !s.is_bool()) {
                throw Refusal(fmt::format("variable {} has sort {}; only Int and Bool are "
                                          "supported", sym.str(), s.to_string()));
            }
            z3::expr v = ctx_.constant(fmt::format("clpi!{}", counter++).c_str(), s);
            vars.declare(v, sym.str());
            instances.push_back(v);
        }
        matrix = matrix.body().substitute(instances);  // Z3_substitute_vars
        if (negated) break;
    }
    return matrix;
}

// One asserted clause `forall vars. body => head` as CLP rules.
void Importer::clause(const z3::expr& assertion) {
    chc::ClauseVars vars;
    bool negated = false;
    z3::expr matrix = instantiate(assertion, vars, negated);
    z3::expr body = ctx_.bool_val(true);
    z3::expr head = ctx_.bool_val(false);
    if (negated) {
        body = matrix;
    } else if (matrix.is_app() && matrix.decl().decl_kind() == Z3_OP_IMPLIES) {
        body = matrix.arg(0);
        head = matrix.arg(1);
    } else if (matrix.is_not()) {
        body = matrix.arg(0);
    } else {
        head = matrix;
    }
    chc::FormulaTranslator tr(vars);
    std::vector<z3::expr> conjuncts;
    flatten_and(body, conjuncts);
    std::vector<z3::expr> apps;
    Dnf constraint = chc::dnf_true();
    for (const z3::expr& c : conjuncts) {
        if (is_predicate_app(c, vars)) {
            apps.push_back(c);
        } else {
            constraint = dnf_and(constraint, tr.formula(c, true));
        }
    }
    if (apps.size() > 1) {
        throw Refusal(fmt::format("non-linear clause: {} predicate applications in the body "
                                  "(only linear clauses, with at most one, are supported)",
                                  apps.size()));
    }
    Dnf equations = chc::dnf_true();
    std::string from = apps.empty() ? "start" : atom(apps[0], vars, tr, equations);
    std::string to = "error";
    if (is_predicate_app(head, vars)) {
        to = atom(head, vars, tr, equations);
    } else if (!head.is_false()) {  // body => c  is the query  body /\ not c => false
        constraint = dnf_and(constraint, tr.formula(head, false));
    }
    Dnf all = dnf_and(dnf_and(constraint, equations), Dnf{vars.bool_ranges(ctx_)});
    for (const Conj& disjunct : chc::satisfiable_cases(all, cases_)) {
        std::string rule = from + " :- " + to;
        for (const chc::Literal& c : disjunct) rule += ", " + c.text;
        rules_.push_back(rule + ".");
    }
}

std::string Importer::translate(const z3::expr_vector& assertions, const std::string& file) {
    for (unsigned i = 0; i < assertions.size(); ++i) {
        try {
            clause(assertions[static_cast<int>(i)]);
        } catch (const Refusal& r) {
            throw ClauseError{i + 1, r.what(), chc::show(assertions[static_cast<int>(i)])};
        } catch (const z3::exception& e) {
            throw ClauseError{i + 1, e.msg(), chc::show(assertions[static_cast<int>(i)])};
        }
    }
    std::string out = fmt::format(
        "% Translated from the CHC problem {}\n"
        "% One predicate per CHC predicate; the facts are rules of `start`, the clauses\n"
        "% with head false error rules.\n"
        "?- start.\n",
        file);
    for (const std::string& r : rules_) out += r + "\n";
    return out;
}

// Line `n` (from 1) of `text`.
std::string line_of(const std::string& text, std::uint32_t n) {
    std::size_t begin = 0;
    for (std::uint32_t i = 1; i < n && begin != std::string::npos; ++i) {
        begin = text.find('\n', begin);
        if (begin != std::string::npos) ++begin;
    }
    if (begin == std::string::npos) return "";
    return text.substr(begin, text.find('\n', begin) - begin);
}

}  // namespace

std::optional<std::string> chc_to_clp(std::string_view text, const std::string& file,
                                      Diagnostics& diags) {
    z3::context ctx;
    try {
        z3::expr_vector assertions = ctx.parse_string(std::string(text).c_str());
        Importer importer(ctx);
        return importer.translate(assertions, file);
    } catch (const ClauseError& e) {
        diags.error(file, {}, fmt::format("clause {}: {}\n  {}", e.index, e.message, e.clause));
    } catch (const z3::exception& e) {
        std::string msg = e.msg();
        while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' ')) msg.pop_back();
        diags.error(file, {}, "the SMT-LIB parser rejected the file: " + msg);
    }
    return std::nullopt;
}

std::optional<Program> import_chc(std::string_view text, const std::string& file,
                                  Diagnostics& diags) {
    auto clp = chc_to_clp(text, file, diags);
    if (!clp) return std::nullopt;
    // Problems found by the checker point into the generated text, not into the file: say
    // so, and quote the generated line (a caret under a line of the .smt2 file would point
    // at something else).
    Diagnostics inner;
    auto program = parse_program(*clp, file + " (translated to CLP)", inner);
    for (Diagnostic d : inner.all()) {
        if (d.loc.line > 0) {
            d.message += fmt::format("\n  in line {} of the translation: {}", d.loc.line,
                                     line_of(*clp, d.loc.line));
            d.loc = {};
        }
        diags.add(std::move(d));
    }
    return program;
}

}  // namespace clpi
