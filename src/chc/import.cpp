// CHC-COMP problem -> CLP program. The import's reader (horn_reader.hpp) reads the file into
// clauses, their variables already constants, and Z3's own SMT-LIB parser what it leaves
// (so `define-fun` and the rest of SMT-LIB come for free); this file walks the asserted
// clauses and writes the CLP rules of each clause: control flags become program points
// (control.hpp), and a constraint's disjunctions are split into a few rules or kept as CLP
// disjunctions.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <z3++.h>

#include "chc/control.hpp"
#include "chc/formula.hpp"
#include "chc/horn_reader.hpp"
#include "chc/idle_literals.hpp"
#include "chc/replace.hpp"
#include "chc/simplify.hpp"
#include "clpi/chc.hpp"
#include "clpi/parse.hpp"
#include "solver/solver.hpp"

namespace clpi {

namespace {

using chc::Conj;
using chc::Dnf;
using chc::Refusal;
using chc::dnf_and;
using chc::dnf_or;
using chc::flatten_and;
using chc::propagate_definitions;
using chc::substitute_folded;
using chc::unchanged_arguments;
using chc::unit_propagate;

// A refused clause, with its 1-based index among the assertions.
struct ClauseError {
    unsigned index;
    std::string message;
    std::string clause;
};

// One asserted clause, taken apart: its variables, the predicate applications of its body
// (at most one) and head, and the rest.
struct Clause {
    chc::ClauseVars vars;  // declared; CLP names are given per rule written
    chc::ClauseShape shape;
    // The body's predicate applications beyond the first (a non-linear clause), until
    // those of predicates that do not depend on themselves are inlined.
    std::vector<z3::expr> more_apps;
    // Defines a predicate that was inlined wherever it was applied: it writes no rules.
    bool inlined_away = false;
};

// The predicate applications of a clause's body, in order.
std::vector<z3::expr> body_apps(const Clause& c) {
    std::vector<z3::expr> apps;
    if (c.shape.from) apps.push_back(*c.shape.from);
    apps.insert(apps.end(), c.more_apps.begin(), c.more_apps.end());
    return apps;
}

// The constant that stands for variable `k` (HornClause::vars's order) of clause `clause`.
// (Its name written in place: one for each variable of each clause, and fmt::format's
// parse of the format string cost a third of making the constant.)
z3::expr clause_constant(z3::context& ctx, unsigned clause, unsigned k, const z3::sort& sort) {
    char name[32] = "clpi!";
    char* end = std::to_chars(name + 5, name + sizeof name - 1, clause).ptr;
    *end++ = '!';
    *std::to_chars(end, name + sizeof name - 1, k).ptr = '\0';
    const Z3_ast c = Z3_mk_const(ctx, Z3_mk_string_symbol(ctx, name), sort);
    ctx.check_error();
    return z3::expr(ctx, c);
}

// The assertions to translate: as the import's reader made them, or as Z3's parser did
// (instantiated as each is taken apart).
struct Assertions {
    const std::vector<chc::HornClause>* read = nullptr;
    const z3::expr_vector* parsed = nullptr;
    std::function<std::string(unsigned)> shown;  // an assertion as written, for messages
    [[nodiscard]] unsigned size() const {
        return read != nullptr ? static_cast<unsigned>(read->size()) : parsed->size();
    }
};

// A predicate is inlined into a non-linear clause only while the union it denotes has at
// most this many cases.
constexpr std::size_t max_inline_cases = 64;

// Rules are split into at most this many by the top-level disjunctions of a constraint;
// the rest stay disjunctions of one rule.
constexpr std::size_t max_rules_per_step = 8;

class Importer {
public:
    Importer(z3::context& ctx, const ChcImportOptions& options)
        : ctx_(ctx), options_(options), cases_(chc::import_solver(ctx)) {}

    // The CLP text for all assertions; throws ClauseError for the first refused clause.
    std::string translate(const Assertions& assertions, const std::string& file);
    // Where each predicate went (after translate).
    [[nodiscard]] ChcOrigin origin() const;

private:
    Clause take_apart(const chc::HornClause& assertion);
    void inline_nonrecursive_predicates(std::vector<Clause>& clauses, const Assertions& assertions);
    std::optional<std::size_t> inline_cases(unsigned pred, const std::vector<Clause>& clauses);
    z3::expr_vector instance(const z3::expr& app, const std::vector<Clause>& clauses,
                             chc::ClauseVars& vars);
    chc::HornClause instantiate(const z3::expr& assertion);
    // `shape`: the clause's index among those control recovery saw.
    void write_rules(std::size_t index, std::size_t shape, const Clause& c, int from_val, int to_val);
    std::string predicate(const z3::func_decl& decl);
    // The Int constant that stands for the helper variable `name` in Z3's reading.
    z3::expr helper_constant(const std::string& name) {
        return ctx_.int_const(("clpi!helper!" + name).c_str());
    }
    std::string atom(const z3::expr& app, int val, chc::ClauseVars& vars,
                     chc::FormulaTranslator& tr, chc::Nested& equations);
    std::string atom_arg(const z3::expr& arg, std::set<unsigned>& seen, chc::ClauseVars& vars,
                         chc::FormulaTranslator& tr, chc::Nested& equations);
    // The point directives of the predicates whose flags became points.
    std::string point_names();

    z3::context& ctx_;
    ChcImportOptions options_;
    z3::solver cases_;  // decides which cases of a clause can hold
    std::map<unsigned, std::string> preds_;  // func_decl id -> CLP predicate name
    std::map<unsigned, std::string> smt_names_;  // func_decl id -> name in the file
    std::map<unsigned, unsigned> arities_;       // func_decl id -> number of arguments
    // Names the CLP language gives a meaning, and `start` (the fresh start point).
    std::set<std::string> taken_{"start", "error", "true", "div", "mod", "select", "store", "const_array"};
    chc::Control control_;
    std::map<unsigned, std::vector<std::size_t>> defining_;  // predicate -> its clauses
    std::map<unsigned, std::optional<std::size_t>> inline_cases_;
    std::set<unsigned> inlined_;
    unsigned inline_counter_ = 0;
    unsigned clause_counter_ = 0;  // the clause being read: its variables' constants say it
    std::vector<std::string> rules_;
    std::set<std::string> written_;  // each rule's atoms and sorted constraints, to write it once
    // A clause's constraint with the flags of a source valuation fixed, by (clause, valuation).
    std::map<std::pair<std::size_t, int>, z3::expr> from_fixed_;
    std::vector<z3::func_decl> applied_;  // every predicate a clause applies, first use first
    chc::UnitShapes unit_shapes_;         // for propagate_units, over all the rules
    chc::SightConjuncts sight_;           // for satisfiable, over all the rules
};

ChcOrigin Importer::origin() const {
    ChcOrigin o;
    for (const z3::func_decl& d : applied_) {
        ChcPredicate p;
        p.smt_name = d.name().str();
        for (unsigned i = 0; i < d.arity(); ++i) {
            p.sorts.push_back(d.domain(i).is_bool() ? "Bool" : d.domain(i).is_array() ? "(Array Int Int)" : "Int");
        }
        if (auto it = preds_.find(d.id()); it != preds_.end()) p.clp_name = it->second;
        if (auto it = control_.points.find(d.id()); it != control_.points.end()) {
            p.flags = it->second.positions;
            p.valuations = it->second.valuations;
        }
        p.inlined = inlined_.count(d.id()) > 0;
        o.predicates.push_back(std::move(p));
    }
    return o;
}

bool is_predicate_app(const z3::expr& e, const chc::ClauseVars& vars) {
    // (Through Z3's C API: asked of every conjunct of every clause.)
    const Z3_context c = e.ctx();
    if (Z3_get_ast_kind(c, e) != Z3_APP_AST || Z3_get_sort_kind(c, Z3_get_sort(c, e)) != Z3_BOOL_SORT) return false;
    return Z3_get_decl_kind(c, Z3_get_app_decl(c, Z3_to_app(c, e))) == Z3_OP_UNINTERPRETED &&
           !vars.is_var(Z3_get_ast_id(c, e));
}

std::string Importer::predicate(const z3::func_decl& decl) {
    auto found = preds_.find(decl.id());
    if (found != preds_.end()) return found->second;
    for (unsigned i = 0; i < decl.arity(); ++i) {
        z3::sort s = decl.domain(i);
        if (!chc::supported_sort(s)) {
            throw Refusal(fmt::format("argument {} of predicate {} has sort {}; only Int, Bool "
                                      "and (Array Int Int) are supported",
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
    smt_names_[decl.id()] = decl.name().str();
    arities_[decl.id()] = decl.arity();
    return unique;
}

// A predicate argument as a CLP atom argument: a variable of the clause the first time it
// occurs in this atom, else a fresh variable with an equation.
std::string Importer::atom_arg(const z3::expr& arg, std::set<unsigned>& seen,
                               chc::ClauseVars& vars, chc::FormulaTranslator& tr,
                               chc::Nested& equations) {
    if (vars.is_var(arg) && seen.insert(arg.id()).second) return vars.name(arg);
    if (arg.is_bool()) {  // a Bool value is 1 or 0
        std::string h = vars.fresh("B");
        z3::expr hv = helper_constant(h);
        auto value = [&](bool b) {
            chc::Nested n{chc::Conj{chc::Literal{h + (b ? " = 1" : " = 0"), hv == (b ? 1 : 0)}}, {}};
            chc::nested_and(n, tr.nested(arg, b));
            return n;
        };
        chc::nested_and(equations, chc::nested_or({value(true), value(false)}, ctx_));
        return h;
    }
    std::string h = vars.fresh("H");
    z3::expr hv = helper_constant(h);
    Dnf cases;
    for (const chc::TermCase& c : tr.term(arg)) {
        Dnf equation = chc::dnf_literal(h + " = " + c.text, hv == c.value);
        cases = chc::dnf_or(std::move(cases), dnf_and(c.condition, equation));
    }
    chc::nested_and(equations, chc::nested_of(cases, ctx_));
    return h;
}

// The CLP atom of a predicate application; `val` is the valuation of its flags when they
// became points (they are then left out, and the point constant comes first).
std::string Importer::atom(const z3::expr& app, int val, chc::ClauseVars& vars,
                           chc::FormulaTranslator& tr, chc::Nested& equations) {
    const z3::func_decl decl = app.decl();
    std::string text = predicate(decl);
    // (Its arguments through Z3's C API: a vmt state has tens, and the C++ API's reference
    // counts and error checks cost more than naming a variable.)
    const Z3_context c = ctx_;
    const Z3_app a = Z3_to_app(c, app);
    const unsigned n = Z3_get_app_num_args(c, a);
    std::vector<std::string> args;
    std::vector<bool> flag(n, false);
    if (val >= 0) {
        args.push_back(std::to_string(val));
        for (unsigned pos : control_.points.at(decl.id()).positions) flag[pos] = true;
    }
    std::set<unsigned> seen;
    for (unsigned i = 0; i < n; ++i) {
        if (flag[i]) continue;
        const Z3_ast arg = Z3_get_app_arg(c, a, i);
        const unsigned id = Z3_get_ast_id(c, arg);
        if (vars.is_var(id) && seen.insert(id).second) {  // atom_arg's first case
            args.push_back(vars.name(id, Z3_get_sort_kind(c, Z3_get_sort(c, arg)) == Z3_BOOL_SORT));
        } else {
            args.push_back(atom_arg(z3::expr(ctx_, arg), seen, vars, tr, equations));
        }
    }
    if (args.empty()) return text;
    std::string out = std::move(text);
    out += '(';
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (i > 0) out += ", ";
        out += args[i];
    }
    out += ')';
    return out;
}

// The matrix of `forall vars. matrix` with the variables replaced by constants (as the
// import's reader makes them). `negated` is set for `not exists vars. body`, which is the
// query `body => false`.
chc::HornClause Importer::instantiate(const z3::expr& assertion) {
    z3::expr matrix = assertion;
    bool negated = false;
    std::vector<std::pair<z3::expr, std::string>> vars;
    if (matrix.is_not() && matrix.arg(0).is_quantifier() && matrix.arg(0).is_exists()) {
        matrix = matrix.arg(0);
        negated = true;
    }
    unsigned counter = 0;
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
            if (!chc::supported_sort(s)) {
                throw Refusal(fmt::format("variable {} has sort {}; only Int, Bool and "
                                          "(Array Int Int) are supported", sym.str(), s.to_string()));
            }
            z3::expr v = clause_constant(ctx_, clause_counter_, counter++, s);
            vars.emplace_back(v, sym.str());
            instances.push_back(v);
        }
        matrix = chc::replace_bound(matrix.body(), instances);
        if (negated) break;
    }
    return chc::HornClause{matrix, negated, std::move(vars)};
}

// One asserted clause `forall vars. body => head`, taken apart.
Clause Importer::take_apart(const chc::HornClause& assertion) {
    Clause c{chc::ClauseVars{}, chc::ClauseShape{std::nullopt, std::nullopt, ctx_.bool_val(true)},
             {}};
    for (const auto& [constant, name] : assertion.vars) c.vars.declare(constant, name);
    const bool negated = assertion.negated;
    const z3::expr& matrix = assertion.matrix;
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
    std::vector<z3::expr> conjuncts;
    flatten_and(body, conjuncts);
    std::vector<z3::expr> apps;
    z3::expr_vector rest(ctx_);
    for (const z3::expr& e : conjuncts) {
        if (is_predicate_app(e, c.vars)) {
            apps.push_back(e);
        } else {
            rest.push_back(e);
        }
    }
    for (const z3::expr& app : apps) predicate(app.decl());  // refuses sorts but Int, Bool
    if (!apps.empty()) c.shape.from = apps[0];
    if (apps.size() > 1) c.more_apps.assign(apps.begin() + 1, apps.end());
    if (is_predicate_app(head, c.vars)) {
        predicate(head.decl());
        c.shape.to = head;
    } else if (!head.is_false()) {  // body => c  is the query  body /\ not c => false
        rest.push_back(!head);
    }
    c.shape.constraint = z3::mk_and(rest);
    return c;
}

// A predicate that does not depend on itself (no cycle through its clauses' bodies) denotes
// a finite union of constraints: its applications next to another one in the body of a
// non-linear clause are replaced by that union, so the clause becomes linear. (hcai-bench
// calls `__VERIFIER_assert`, defined through `@_call` and `@_ret` predicates, next to the
// caller's location.) A clause left with two or more applications is refused, naming it.
void Importer::inline_nonrecursive_predicates(std::vector<Clause>& clauses, const Assertions& assertions) {
    bool nonlinear = false;
    for (const Clause& c : clauses) nonlinear = nonlinear || !c.more_apps.empty();
    if (!nonlinear) return;
    for (std::size_t k = 0; k < clauses.size(); ++k) {
        if (clauses[k].shape.to) defining_[clauses[k].shape.to->decl().id()].push_back(k);
    }
    for (std::size_t k = 0; k < clauses.size(); ++k) {
        Clause& c = clauses[k];
        if (c.more_apps.empty()) continue;
        const std::vector<z3::expr> apps = body_apps(c);
        // Keep the applications that cannot be inlined; when all can, keep the first
        // (the clause stays a step from it, as the source program had it).
        std::vector<z3::expr> kept;
        std::vector<z3::expr> inlined;
        for (const z3::expr& app : apps) {
            (inline_cases(app.decl().id(), clauses) ? inlined : kept).push_back(app);
        }
        if (kept.empty()) {
            kept.push_back(inlined.front());
            inlined.erase(inlined.begin());
        }
        if (kept.size() > 1) {
            throw ClauseError{static_cast<unsigned>(k + 1),
                              fmt::format("non-linear clause: {} predicate applications in "
                                          "the body (only linear clauses, with at most one, "
                                          "are supported; predicates that do not depend on "
                                          "themselves are inlined)",
                                          kept.size()),
                              assertions.shown(static_cast<unsigned>(k))};
        }
        z3::expr_vector parts(ctx_);
        parts.push_back(c.shape.constraint);
        for (const z3::expr& app : inlined) {
            // Only the cases the clause allows: the others would stay as dead disjuncts. Each
            // is asked at sight first, its units propagated with the clause's and every
            // variable a conjunct defines substituted (which leaves a formula that holds when
            // the case does: an SV-COMP `__VERIFIER_assert` call fixes the flags and the
            // argument its cases test). Z3 is asked only when that does not say: its
            // solver's set-up, the first push and check, was 1.7 M of the 3.9 M instructions
            // of hcai O0 for_infinite_loop_1's import.
            z3::expr_vector cases = instance(app, clauses, c.vars);
            z3::expr_vector possible(ctx_);
            for (const z3::expr& one : cases) {
                const z3::expr both = z3::mk_and(parts) && one;
                const z3::expr reduced = chc::propagate_definitions(chc::unit_propagate(both), c.vars, {});
                const std::optional<bool> seen = chc::decided_at_sight(reduced, sight_);
                if (seen) {
                    if (*seen) possible.push_back(one);
                    continue;
                }
                cases_.push();
                cases_.add(both);
                if (cases_.check() != z3::unsat) possible.push_back(one);
                cases_.pop();
            }
            parts.push_back(z3::mk_or(possible));
        }
        c.shape.from = kept.front();
        c.shape.constraint = z3::mk_and(parts);
        c.more_apps.clear();
    }
    // An inlined predicate no body applies any more (those of the clauses defining inlined
    // ones included, until none is left) needs no rules: they would define dead points.
    for (bool changed = true; changed;) {
        changed = false;
        std::set<unsigned> applied;
        for (const Clause& c : clauses) {
            if (c.shape.from && !c.inlined_away) applied.insert(c.shape.from->decl().id());
        }
        for (Clause& c : clauses) {
            if (c.inlined_away || !c.shape.to) continue;
            unsigned id = c.shape.to->decl().id();
            if (inlined_.count(id) > 0 && applied.count(id) == 0) {
                c.inlined_away = true;
                changed = true;
            }
        }
    }
}

// The number of cases the union a predicate denotes has, or nullopt when it cannot be
// inlined: it depends on itself, or the union would have more than max_inline_cases cases.
std::optional<std::size_t> Importer::inline_cases(unsigned pred, const std::vector<Clause>& clauses) {
    auto it = inline_cases_.find(pred);
    if (it != inline_cases_.end()) return it->second;
    inline_cases_[pred] = std::nullopt;  // while it is computed: a cycle meets nullopt
    std::size_t total = 0;
    for (std::size_t k : defining_[pred]) {
        std::size_t product = 1;
        const Clause& d = clauses[k];
        const std::vector<z3::expr> body = body_apps(d);
        for (const z3::expr& app : body) {
            std::optional<std::size_t> n = inline_cases(app.decl().id(), clauses);
            if (!n) return std::nullopt;
            product *= *n;
            if (product > max_inline_cases) return std::nullopt;
        }
        total += product;
        if (total > max_inline_cases) return std::nullopt;
    }
    inline_cases_[pred] = total;
    return total;
}

// The union `app`'s predicate denotes, applied to `app`'s arguments: for each clause defining
// it, the clause's constraint and body (inlined in turn) over fresh copies of its variables,
// with its head's arguments equated with `app`'s. The copies are declared in `vars`.
z3::expr_vector Importer::instance(const z3::expr& app, const std::vector<Clause>& clauses,
                                   chc::ClauseVars& vars) {
    inlined_.insert(app.decl().id());
    z3::expr_vector cases(ctx_);
    for (std::size_t k : defining_[app.decl().id()]) {
        const Clause& d = clauses[k];
        z3::expr_vector olds(ctx_);
        z3::expr_vector news(ctx_);
        for (const auto& [var, name] : d.vars.declared()) {
            z3::expr copy = ctx_.constant(
                fmt::format("clpi!inline!{}", inline_counter_++).c_str(), var.get_sort());
            vars.declare(copy, name);
            olds.push_back(var);
            news.push_back(copy);
        }
        auto copied = [&](const z3::expr& e) { return chc::replace(e, olds, news); };
        z3::expr_vector parts(ctx_);
        parts.push_back(copied(d.shape.constraint));
        for (unsigned i = 0; i < app.num_args(); ++i) {
            parts.push_back(copied(d.shape.to->arg(i)) == app.arg(i));
        }
        const std::vector<z3::expr> body = body_apps(d);
        for (const z3::expr& b : body) {
            parts.push_back(z3::mk_or(instance(copied(b), clauses, vars)));
        }
        cases.push_back(z3::mk_and(parts));
    }
    return cases;
}

// A level pushed on a solver, popped when it goes.
class SolverLevel {
public:
    explicit SolverLevel(z3::solver& s) : s_(s) { s_.push(); }
    ~SolverLevel() { s_.pop(); }
    SolverLevel(const SolverLevel&) = delete;
    SolverLevel& operator=(const SolverLevel&) = delete;

private:
    z3::solver& s_;
};

// The flags of one side of a clause fixed to a valuation: the flag variables with their
// values (substituted), and the flags that are terms, equated with their values.
struct FixedFlags {
    explicit FixedFlags(z3::context& ctx) : vars(ctx), values(ctx), equations(ctx) {}
    z3::expr_vector vars;
    z3::expr_vector values;
    z3::expr_vector equations;
    [[nodiscard]] bool empty() const { return vars.empty() && equations.empty(); }
    // `constraint` under these values, folded, its units propagated.
    [[nodiscard]] z3::expr apply(const z3::expr& constraint) const {
        z3::expr e = constraint;
        for (const z3::expr& eq : equations) e = e && eq;
        return unit_propagate(substitute_folded(e, vars, values));
    }
};

// The CLP rules of one (source valuation, target valuation) step of a clause.
void Importer::write_rules(std::size_t index, std::size_t shape, const Clause& c, int from_val, int to_val) {
    chc::ClauseVars vars = c.vars;
    auto fix = [&](const std::optional<z3::expr>& app, int val) {
        FixedFlags fixed(ctx_);
        if (!app || val < 0) return fixed;
        const chc::Control::Points& pts = control_.points.at(app->decl().id());
        for (std::size_t i = 0; i < pts.positions.size(); ++i) {
            z3::expr arg = app->arg(pts.positions[i]);
            bool b = pts.valuations[static_cast<std::size_t>(val)][i];
            if (vars.is_var(arg)) {
                fixed.vars.push_back(arg);
                fixed.values.push_back(ctx_.bool_val(b));
            } else {
                fixed.equations.push_back(arg == ctx_.bool_val(b));
            }
        }
        return fixed;
    };
    // The constants the atoms show (`kept`: of their arguments but the flags that became
    // points), and those they pass on (`passed_on`: the same, and those of a flag written as
    // a term). Read once, through Z3's C API: a vmt step's atoms have tens of arguments.
    std::set<unsigned> kept;
    std::set<unsigned> passed_on;
    for (const auto* app : {&c.shape.from, &c.shape.to}) {
        if (!*app) continue;
        const int val = app == &c.shape.from ? from_val : to_val;
        const Z3_context x = ctx_;
        const Z3_app a = Z3_to_app(x, **app);
        const unsigned n = Z3_get_app_num_args(x, a);
        std::vector<bool> flag(n, false);
        if (val >= 0) {
            for (unsigned pos : control_.points.at((*app)->decl().id()).positions) flag[pos] = true;
        }
        for (unsigned k = 0; k < n; ++k) {
            const Z3_ast arg = Z3_get_app_arg(x, a, k);
            if (!flag[k]) {
                chc::constants_of(x, arg, kept);
            } else if (Z3_get_ast_kind(x, arg) == Z3_APP_AST && Z3_get_app_num_args(x, Z3_to_app(x, arg)) > 0) {
                chc::constants_of(x, arg, passed_on);  // a flag written as a term
            }
        }
    }
    passed_on.insert(kept.begin(), kept.end());
    const FixedFlags from_fixed = fix(c.shape.from, from_val);
    const FixedFlags to_fixed = fix(c.shape.to, to_val);
    // The source's flags first, once for all the steps from that valuation (the constraint
    // of a `vmt` problem is its whole transition relation; with them fixed it is small).
    z3::expr constraint = c.shape.constraint;
    if (!from_fixed.empty()) {
        auto key = std::make_pair(index, from_val);
        auto found = from_fixed_.find(key);
        if (found == from_fixed_.end()) {
            // Control recovery folded the same: its checks started from it. (It substitutes
            // every flag that is a constant; the rules, the clause's variables: the same
            // unless a flag is a constant the file declared.)
            auto folded = control_.from_fixed.find(std::make_pair(shape, from_val));
            const bool same = folded != control_.from_fixed.end() && from_fixed.equations.empty();
            found = from_fixed_.emplace(key, same ? folded->second : from_fixed.apply(constraint)).first;
        }
        constraint = found->second;
    }
    // (With no flags on either side, this folds and propagates the constraint as it is.)
    if (!to_fixed.empty() || from_fixed.empty()) constraint = to_fixed.apply(constraint);
    z3::expr_vector flag_vars(ctx_);
    z3::expr_vector flag_values(ctx_);
    for (const FixedFlags* f : {&from_fixed, &to_fixed}) {
        for (unsigned i = 0; i < f->vars.size(); ++i) {
            flag_vars.push_back(f->vars[i]);
            flag_values.push_back(f->values[i]);
        }
    }
    // A flag variable that an atom also passes on as data (`%main.2(a, b, x) -> %main(x)`,
    // where only %main's argument became points) keeps its value there as a constraint:
    // the substitution above took it out of the constraint only.
    for (unsigned i = 0; i < flag_vars.size(); ++i) {
        const bool passed = passed_on.count(flag_vars[i].id()) > 0;
        if (passed) constraint = constraint && flag_vars[i] == flag_values[i];
    }
    std::optional<z3::expr> to_app = c.shape.to;
    if (c.shape.from && to_app) unchanged_arguments(*c.shape.from, *to_app, constraint, vars);
    constraint = propagate_definitions(constraint, vars, kept);

    chc::FormulaTranslator tr(vars);
    chc::Nested equations;
    std::string from = c.shape.from ? atom(*c.shape.from, from_val, vars, tr, equations) : "start";
    std::string to = to_app ? atom(*to_app, to_val, vars, tr, equations) : "error";
    chc::Nested all = tr.nested(constraint, true);
    chc::nested_and(all, equations);
    const chc::Conj ranges = vars.bool_ranges(ctx_);  // once every Bool variable is named
    const chc::RangeIndex range_index(ranges);
    chc::StepNames names(from + " " + to);
    // (A constraint without disjunctions is its one part: moved there, not copied.)
    std::vector<chc::Nested> parts;
    if (all.disjunctions.empty()) {
        parts.push_back(std::move(all));
    } else {
        parts = chc::split(all, max_rules_per_step);
    }
    // What every part asserts, put on the solver once, at the first part that needs a check:
    // Z3 takes it in once, and each part's check only adds its case (twisted_counters'
    // import: 148 checks, 54 M instructions of Z3's before, 18 M after). Each part implies
    // it: a part is the clause's literals and one case of each split disjunction, with the
    // units propagated (which keeps an equivalent constraint), and the ranges.
    std::optional<SolverLevel> common;
    for (chc::Nested& part : parts) {
        // What a part's units decide goes first, without a solver: a split repeats the units
        // of one case beside the other disjunctions, and a case may contradict them
        // (`D = 1, D = 0`), which would otherwise stay in the rule for the search.
        if (!chc::propagate_units(part, unit_shapes_)) continue;
        part.literals.insert(part.literals.end(), ranges.begin(), ranges.end());
        // The cases of a split are checked, and dropped when they cannot hold (a branch of
        // an `ite` against the rest of the clause); most that can hold are seen to by their
        // variables of their own, without Z3 (its first check costs a millisecond and
        // more, its next ones a few tenths: hopv zip01 spent 2.3 of its 3.4 ms of import
        // on four such checks). A lone part is the clause itself, with
        // the flags of a step control recovery saw hold: not asked of Z3 (a clause that can
        // never hold is the search's to find, at its first use). A part that keeps
        // disjunctions is a satisfiability problem of its own (a Lustre program's step: one
        // over a hundred 0/1 flags; checked here, nearly half of the import's time), which
        // the search decides anyway the first time it takes the rule.
        const bool is_false = std::any_of(part.literals.begin(), part.literals.end(),
                                          [](const chc::Literal& l) { return Z3_get_bool_value(l.meaning.ctx(), l.meaning) == Z3_L_FALSE; });
        if (is_false) continue;  // `false` itself needs no check (an LLVM program's dead block)
        std::optional<chc::Nested> holds;
        if (parts.size() > 1 && part.disjunctions.empty()) {
            holds = chc::satisfiable(std::move(part), cases_, sight_, unit_shapes_, [&] {
                if (common) return;
                common.emplace(cases_);
                for (const chc::Literal& l : all.literals) cases_.add(l.meaning);
                for (const chc::Literal& l : ranges) cases_.add(l.meaning);
            });
        } else {
            holds = chc::without_repeats(std::move(part));
            // A lone part is not checked by Z3 (above), but one that its bounds show cannot
            // hold (`G =< 100, 101 =< G`: an error block behind a test that the rest of the
            // clause already decided) would cost the search a check at each use.
            if (chc::cannot_hold_at_sight(*holds, ctx_, sight_, unit_shapes_)) holds.reset();
        }
        if (!holds) continue;
        // The disjunctions' text, written once: for the ranges, the key and the rule.
        chc::Nested cases;
        cases.disjunctions = std::move(holds->disjunctions);
        std::string disjunctions = chc::nested_text(cases);  // "true" when there are none
        chc::merge_copies(holds->literals, disjunctions, range_index, names, vars);
        chc::drop_idle_literals(holds->literals, disjunctions, range_index, names, vars);
        // Two cases of a split can leave the same constraints in another order (a case's
        // units decided the other disjunction's way): one rule says it.
        std::vector<std::string> texts;
        for (const chc::Literal& l : holds->literals) texts.push_back(l.text);
        std::sort(texts.begin(), texts.end());
        texts.push_back(disjunctions);
        if (!written_.insert(fmt::format("{} :- {} | {}", from, to, fmt::join(texts, ", "))).second) continue;
        // (Appended in place: `", " + text` made a string for each literal of each rule.)
        std::string rule = from;
        rule += " :- ";
        rule += to;
        for (const chc::Literal& l : holds->literals) {
            rule += ", ";
            rule += l.text;
        }
        if (!cases.disjunctions.empty()) {
            rule += ", ";
            rule += disjunctions;
        }
        rule += '.';
        rules_.push_back(std::move(rule));
    }
}

std::string Importer::point_names() {
    std::string out;
    for (const auto& [id, pts] : control_.points) {
        for (std::size_t v = 0; v < pts.valuations.size(); ++v) {
            // The SMT-LIB arguments: flags as their values, the others `_`.
            std::vector<std::string> args(arities_.at(id), "_");
            for (std::size_t i = 0; i < pts.positions.size(); ++i) {
                args[pts.positions[i]] = pts.valuations[v][i] ? "true" : "false";
            }
            out += fmt::format(":- name({}({}), \"{}({})\").\n", preds_.at(id), v,
                               smt_names_.at(id), fmt::join(args, ", "));
        }
    }
    return out;
}

std::string Importer::translate(const Assertions& assertions, const std::string& file) {
    std::vector<Clause> clauses;
    for (unsigned i = 0; i < assertions.size(); ++i) {
        try {
            clause_counter_ = i;
            if (assertions.read != nullptr) {
                clauses.push_back(take_apart((*assertions.read)[i]));
            } else {
                clauses.push_back(take_apart(instantiate((*assertions.parsed)[static_cast<int>(i)])));
            }
        } catch (const Refusal& r) {
            throw ClauseError{i + 1, r.what(), assertions.shown(i)};
        } catch (const z3::exception& e) {
            throw ClauseError{i + 1, e.msg(), assertions.shown(i)};
        }
    }
    for (const Clause& c : clauses) {
        std::vector<z3::expr> apps = body_apps(c);
        if (c.shape.to) apps.push_back(*c.shape.to);
        for (const z3::expr& a : apps) {
            z3::func_decl d = a.decl();
            bool known = std::any_of(applied_.begin(), applied_.end(), [&](const z3::func_decl& k) { return k.id() == d.id(); });
            if (!known) applied_.push_back(d);
        }
    }
    inline_nonrecursive_predicates(clauses, assertions);
    std::vector<chc::ClauseShape> shapes;
    std::vector<unsigned> shape_clause;  // the clause of each shape
    for (unsigned i = 0; i < clauses.size(); ++i) {
        if (clauses[i].inlined_away) continue;
        shapes.push_back(clauses[i].shape);
        shape_clause.push_back(i);
    }
    chc::ControlLimits limits;
    if (!options_.control_points) limits.max_points = 0;
    control_ = chc::recover_control(shapes, cases_, limits);
    for (std::size_t s = 0; s < shapes.size(); ++s) {
        unsigned i = shape_clause[s];
        try {
            for (auto [from_val, to_val] : control_.steps[s]) {
                write_rules(i, s, clauses[i], from_val, to_val);
            }
        } catch (const Refusal& r) {
            throw ClauseError{i + 1, r.what(), assertions.shown(i)};
        } catch (const z3::exception& e) {
            throw ClauseError{i + 1, e.msg(), assertions.shown(i)};
        }
    }
    std::string out = fmt::format(
        "% Translated from the CHC problem {}\n"
        "% One predicate per CHC predicate; the facts are rules of `start`, the clauses\n"
        "% with head false error rules.\n",
        file);
    if (!control_.points.empty()) {
        out += "% The Bool arguments of a predicate whose number is its first argument are\n"
               "% control flags: each reachable valuation of them is a program point, named\n"
               "% below by the values (`_` for the arguments that stay).\n";
    }
    for (const auto& [id, why] : control_.kept_as_integers) {
        if (auto name = smt_names_.find(id); name != smt_names_.end()) {
            out += fmt::format("% The Bool arguments of {} stay 0/1 integers, not program points:\n% {}.\n",
                               name->second, why);
        }
    }
    out += "?- start.\n";
    for (const std::string& r : rules_) {
        out += r;
        out += '\n';
    }
    out += point_names();
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
                                      Diagnostics& diags, const ChcImportOptions& options,
                                      ChcOrigin* origin) {
    // The context the search will use: parsing into it spares making (and freeing) one.
    std::shared_ptr<z3::context> shared = solver::shared_context();
    z3::context& ctx = *shared;
    try {
        // Z3's parser reads what the import's own reader leaves to it (and says what is
        // wrong with a text that is not SMT-LIB); for a clause refused, it also reads the
        // text again for the message, which shows the clause as written.
        const chc::ClauseConstant constant = [&ctx](unsigned clause, unsigned k, const z3::sort& sort) {
            return clause_constant(ctx, clause, k, sort);
        };
        const std::optional<std::vector<chc::HornClause>> read = chc::read_horn_clauses(ctx, text, constant);
        std::optional<z3::expr_vector> parsed;
        auto parse = [&]() -> const z3::expr_vector& {
            if (!parsed) parsed = ctx.parse_string(std::string(text).c_str());
            return *parsed;
        };
        Assertions assertions;
        if (read) {
            assertions.read = &*read;
        } else {
            assertions.parsed = &parse();
        }
        assertions.shown = [&](unsigned i) { return chc::show(parse()[static_cast<int>(i)]); };
        const chc::FoldingScope folding;
        Importer importer(ctx, options);
        std::string clp = importer.translate(assertions, file);
        if (origin) *origin = importer.origin();
        return clp;
    } catch (const ClauseError& e) {
        diags.error(file, {}, fmt::format("clause {}: {}\n  {}", e.index, e.message, e.clause));
    } catch (const z3::exception& e) {
        solver::discard_context();  // the next parse in it would fail with this error again
        std::string msg = e.msg();
        while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' ')) msg.pop_back();
        diags.error(file, {}, "the SMT-LIB parser rejected the file: " + msg);
    }
    return std::nullopt;
}

std::optional<Program> import_chc(std::string_view text, const std::string& file,
                                  Diagnostics& diags, const ChcImportOptions& options,
                                  ChcOrigin* origin) {
    auto clp = chc_to_clp(text, file, diags, options, origin);
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
