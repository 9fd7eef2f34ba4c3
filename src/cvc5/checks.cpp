// The SMT-LIB subset of the checks' scripts, read into cvc5's C++ API
// (certificate/smtlib_reader.hpp says which). Nothing here knows Z3: the certificate's
// formulas arrive as text, as for cvc5's executable. Built as a module of its own, loaded
// when a check is first asked for (module.hpp).
#include "cvc5/module.hpp"
#include "smtlib/sexpr.hpp"

#include <cvc5/cvc5.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>

namespace clpi::cvc5_module {

namespace {

using smtlib::describe;
using smtlib::is_symbol;
using smtlib::Lexer;
using smtlib::read;
using smtlib::SExpr;
using smtlib::Token;

// A construct outside the subset: the run stops and says which.
struct Unsupported : std::runtime_error {
    explicit Unsupported(const std::string& what)
        : std::runtime_error("the in-process cvc5 check does not read " + what) {}
};

enum class Op {
    and_, or_, not_, implies, xor_, ite, eq, distinct, le, ge, lt, gt,
    add, sub, mul, divide, idiv, mod, abs, to_real, to_int, is_int, select, store,
};

const std::unordered_map<std::string, Op>& operators() {
    static const std::unordered_map<std::string, Op> ops{
        {"and", Op::and_}, {"or", Op::or_}, {"not", Op::not_}, {"=>", Op::implies},
        {"xor", Op::xor_}, {"ite", Op::ite}, {"=", Op::eq}, {"distinct", Op::distinct},
        {"<=", Op::le}, {">=", Op::ge}, {"<", Op::lt}, {">", Op::gt},
        {"+", Op::add}, {"-", Op::sub}, {"*", Op::mul}, {"/", Op::divide}, {"div", Op::idiv},
        {"mod", Op::mod}, {"abs", Op::abs}, {"to_real", Op::to_real}, {"to_int", Op::to_int},
        {"is_int", Op::is_int}, {"select", Op::select}, {"store", Op::store},
    };
    return ops;
}

// The time limit of a check on a solver set up beforehand (new_solver(true)): the limit
// of checks shared out, set as part of the set-up. Setting an option makes cvc5 list the
// names of all its options: about a tenth of a millisecond that the caller, waiting for the
// answers, need not wait for. (Converted as Runner::check_sat converts a limit.)
constexpr long set_up_limit_ms = static_cast<long>(shared_check_limit_s * 1000);

class Runner {
public:
    // `logic`: the logic the solver was set up with already (a script's set-logic of it is
    // then nothing to do), with cvc5's time limit at set_up_limit_ms; or empty.
    Runner(cvc5::Solver& solver, std::string logic)
        : s_(solver), logic_(std::move(logic)), limit_set_ms_(logic_.empty() ? -1 : set_up_limit_ms) {}

    // With `timeout_s` per check, or, when `suspect_slow` is set, that for the first check
    // only: each later one gets at most suspicion_factor times the slowest before it (and
    // never less than suspicion_floor_ms). A check that runs far longer than the checks
    // before it on the same solver has most likely been led astray by what the solver kept
    // from them (certificate/check.cpp asks it again of a fresh solver, where such a check
    // took milliseconds); waiting out the whole limit for it cost clp/hola-toggle.clp's
    // certificate half its time.
    void limit_checks(double timeout_s, bool suspect_slow) {
        timeout_ms_ = timeout_s * 1000;
        suspect_slow_ = suspect_slow;
    }

    // Runs one command; false when the run stops here (exit, or on_answer said so).
    bool command(const SExpr& c, const std::function<bool(const std::string&)>& on_answer);

private:
    // A global symbol: a constant or a 0-ary definition (`term` is its value), a declared
    // function, applied with APPLY_UF, or a defined one (`params` bound in `term`), put in
    // at each application: what a define-fun means in SMT-LIB, and a certificate's checks
    // cost cvc5 5 to 17% less than through cvc5's own definitions.
    struct Global {
        bool function = false;
        cvc5::Term term;
        std::vector<cvc5::Term> params;  // of a defined function
    };

    std::string check_sat();
    cvc5::Sort sort(const SExpr& e) const;
    cvc5::Term term(const SExpr& e);
    cvc5::Term symbol(const SExpr& e) const;
    cvc5::Term apply(Op op, const std::string& name, std::vector<cvc5::Term> args) const;
    cvc5::Term let(const SExpr& e);
    cvc5::Term quantifier(const SExpr& e, cvc5::Kind kind);
    std::vector<cvc5::Term> bind(const SExpr& binders);  // ((x S) ...) as bound variables
    void unbind(const SExpr& binders);
    void declare(const std::string& name, Global g);
    cvc5::Term as_real_if(const cvc5::Term& t, bool real) const {
        return real && t.getSort().isInteger() ? s_.mkTerm(cvc5::Kind::TO_REAL, {t}) : t;
    }
    // SMT-LIB lets Int stand where Real is meant; cvc5's API wants one sort for = and ite.
    void unify(std::vector<cvc5::Term>& ts, std::size_t from = 0) const;

    cvc5::Solver& s_;
    std::string logic_;
    double timeout_ms_ = 0;
    bool suspect_slow_ = false;
    double slowest_ms_ = -1;  // of the checks so far; none yet
    long limit_set_ms_;  // cvc5's tlimit-per now; -1: not set yet
    static constexpr double suspicion_factor = 4;
    static constexpr double suspicion_floor_ms = 20;
    std::unordered_map<std::string, Global> globals_;
    // Per push level, the globals declared there (and what they hid, if anything).
    std::vector<std::vector<std::pair<std::string, std::optional<Global>>>> undo_;
    // let, quantifier and parameter bindings, innermost last.
    std::unordered_map<std::string, std::vector<cvc5::Term>> locals_;
};

void Runner::unify(std::vector<cvc5::Term>& ts, std::size_t from) const {
    bool real = false, integer = false;
    for (std::size_t i = from; i < ts.size(); ++i) {
        real = real || ts[i].getSort().isReal();
        integer = integer || ts[i].getSort().isInteger();
    }
    if (!real || !integer) return;
    for (std::size_t i = from; i < ts.size(); ++i) ts[i] = as_real_if(ts[i], true);
}

cvc5::Sort Runner::sort(const SExpr& e) const {
    if (is_symbol(e)) {
        if (e.atom.text == "Int") return s_.getIntegerSort();
        if (e.atom.text == "Real") return s_.getRealSort();
        if (e.atom.text == "Bool") return s_.getBooleanSort();
    } else if (e.is_list && e.list.size() == 3 && is_symbol(e.list[0]) && e.list[0].atom.text == "Array") {
        return s_.mkArraySort(sort(e.list[1]), sort(e.list[2]));
    }
    throw Unsupported(fmt::format("the sort `{}`", describe(e)));
}

void Runner::declare(const std::string& name, Global g) {
    auto it = globals_.find(name);
    if (!undo_.empty()) {
        undo_.back().emplace_back(name, it == globals_.end() ? std::nullopt : std::optional<Global>(it->second));
    }
    globals_[name] = std::move(g);
}

cvc5::Term Runner::symbol(const SExpr& e) const {
    const std::string& name = e.atom.text;
    if (e.atom.kind == Token::Kind::symbol && (name == "true" || name == "false")) {
        return s_.mkBoolean(name == "true");
    }
    if (auto l = locals_.find(name); l != locals_.end() && !l->second.empty()) return l->second.back();
    if (auto g = globals_.find(name); g != globals_.end() && !g->second.function) return g->second.term;
    // `-3`: a symbol in SMT-LIB, where a negative number is `(- 3)`, but a number to Z3's
    // parser, and so in a CHC problem that clpi imports; its model is checked against the
    // problem's clauses as Z3 read them.
    if (e.atom.kind == Token::Kind::symbol && name.size() > 1 && name[0] == '-' &&
        name.find_first_not_of("0123456789", 1) == std::string::npos) {
        const std::size_t digits = std::min(name.find_first_not_of('0', 1), name.size() - 1);
        return s_.mkInteger("-" + name.substr(digits));  // cvc5 takes no leading zeros; "-0" is 0
    }
    throw Unsupported(fmt::format("the symbol `{}` (not declared, or a function without arguments)", describe(e)));
}

std::vector<cvc5::Term> Runner::bind(const SExpr& binders) {
    if (!binders.is_list) throw Unsupported(fmt::format("the variable list `{}`", describe(binders)));
    std::vector<cvc5::Term> vars;
    for (const SExpr& b : binders.list) {
        if (!b.is_list || b.list.size() != 2 || !is_symbol(b.list[0])) {
            throw Unsupported(fmt::format("the variable binding `{}`", describe(b)));
        }
        vars.push_back(s_.mkVar(sort(b.list[1]), b.list[0].atom.text));
    }
    for (std::size_t i = 0; i < vars.size(); ++i) locals_[binders.list[i].list[0].atom.text].push_back(vars[i]);
    return vars;
}

void Runner::unbind(const SExpr& binders) {
    for (const SExpr& b : binders.list) locals_[b.list[0].atom.text].pop_back();
}

// (let ((x t) ...) body): the bound terms are read in the outer scope, all at once.
cvc5::Term Runner::let(const SExpr& e) {
    if (e.list.size() != 3 || !e.list[1].is_list) throw Unsupported("a `let` of this shape");
    std::vector<cvc5::Term> values;
    for (const SExpr& b : e.list[1].list) {
        if (!b.is_list || b.list.size() != 2 || !is_symbol(b.list[0])) {
            throw Unsupported(fmt::format("the `let` binding `{}`", describe(b)));
        }
        values.push_back(term(b.list[1]));
    }
    for (std::size_t i = 0; i < values.size(); ++i) locals_[e.list[1].list[i].list[0].atom.text].push_back(values[i]);
    cvc5::Term body = term(e.list[2]);
    unbind(e.list[1]);
    return body;
}

cvc5::Term Runner::quantifier(const SExpr& e, cvc5::Kind kind) {
    if (e.list.size() != 3) throw Unsupported(fmt::format("a `{}` of this shape", e.list[0].atom.text));
    std::vector<cvc5::Term> vars = bind(e.list[1]);
    cvc5::Term body = term(e.list[2]);
    unbind(e.list[1]);
    if (vars.empty()) return body;
    return s_.mkTerm(kind, {s_.mkTerm(cvc5::Kind::VARIABLE_LIST, vars), body});
}

cvc5::Term Runner::term(const SExpr& e) {
    if (!e.is_list) {
        switch (e.atom.kind) {
        case Token::Kind::numeral: return s_.mkInteger(e.atom.text);
        case Token::Kind::decimal: return s_.mkReal(e.atom.text);
        case Token::Kind::symbol:
        case Token::Kind::quoted: return symbol(e);
        default: throw Unsupported(fmt::format("the term `{}`", describe(e)));
        }
    }
    // ((as const (Array Int Int)) v): the array with v at every index.
    if (e.list.size() == 2 && e.list[0].is_list && e.list[0].list.size() == 3 && is_symbol(e.list[0].list[0]) &&
        e.list[0].list[0].atom.text == "as" && is_symbol(e.list[0].list[1]) && e.list[0].list[1].atom.text == "const") {
        const cvc5::Sort array = sort(e.list[0].list[2]);
        if (!array.isArray()) throw Unsupported(fmt::format("the constant `{}` of a sort other than an array", describe(e)));
        // cvc5 takes a value there, not a term such as (- 5): simplified, a constant is one.
        const cvc5::Term v = s_.simplify(as_real_if(term(e.list[1]), array.getArrayElementSort().isReal()));
        if (!v.isIntegerValue() && !v.isRealValue()) {
            throw Unsupported(fmt::format("a constant array whose value is not a number: `{}`", describe(e.list[1])));
        }
        return s_.mkConstArray(array, v);
    }
    if (e.list.empty() || !is_symbol(e.list[0])) throw Unsupported(fmt::format("the term `{}`", describe(e)));
    const SExpr& head = e.list[0];
    const std::string& name = head.atom.text;
    if (head.atom.kind == Token::Kind::symbol) {
        if (name == "let") return let(e);
        if (name == "forall") return quantifier(e, cvc5::Kind::FORALL);
        if (name == "exists") return quantifier(e, cvc5::Kind::EXISTS);
        if (auto op = operators().find(name); op != operators().end()) {
            std::vector<cvc5::Term> args;
            for (std::size_t i = 1; i < e.list.size(); ++i) args.push_back(term(e.list[i]));
            return apply(op->second, name, std::move(args));
        }
    }
    auto g = globals_.find(name);
    if (g == globals_.end() || !g->second.function) throw Unsupported(fmt::format("the function `{}`", describe(head)));
    if (!g->second.params.empty()) {
        const std::vector<cvc5::Term>& params = g->second.params;
        if (e.list.size() != params.size() + 1) {
            throw Unsupported(fmt::format("`{}` with {} arguments", describe(head), e.list.size() - 1));
        }
        std::vector<cvc5::Term> args;
        for (std::size_t i = 1; i < e.list.size(); ++i) {
            cvc5::Term a = as_real_if(term(e.list[i]), params[i - 1].getSort().isReal());
            if (a.getSort() != params[i - 1].getSort()) {
                throw Unsupported(fmt::format("`{}` with an argument of another sort", describe(head)));
            }
            args.push_back(std::move(a));
        }
        return g->second.term.substitute(params, args);
    }
    std::vector<cvc5::Term> args{g->second.term};
    for (std::size_t i = 1; i < e.list.size(); ++i) args.push_back(term(e.list[i]));
    return s_.mkTerm(cvc5::Kind::APPLY_UF, args);
}

cvc5::Term Runner::apply(Op op, const std::string& name, std::vector<cvc5::Term> args) const {
    using cvc5::Kind;
    const std::size_t n = args.size();
    auto need = [&](bool ok) {
        if (!ok) throw Unsupported(fmt::format("`{}` with {} argument{}", name, n, n == 1 ? "" : "s"));
    };
    auto fold_left = [&](Kind k) {
        need(n >= 2);
        cvc5::Term t = args[0];
        for (std::size_t i = 1; i < n; ++i) t = s_.mkTerm(k, {t, args[i]});
        return t;
    };
    // (< a b c) is (and (< a b) (< b c)).
    auto chain = [&](Kind k) {
        need(n >= 2);
        std::vector<cvc5::Term> parts;
        for (std::size_t i = 0; i + 1 < n; ++i) parts.push_back(s_.mkTerm(k, {args[i], args[i + 1]}));
        return parts.size() == 1 ? parts[0] : s_.mkTerm(Kind::AND, parts);
    };
    auto nary = [&](Kind k) {
        need(n >= 1);
        return n == 1 ? args[0] : s_.mkTerm(k, args);
    };
    auto unary = [&](Kind k) {
        need(n == 1);
        return s_.mkTerm(k, args);
    };
    switch (op) {
    case Op::and_: return n == 0 ? s_.mkTrue() : nary(Kind::AND);
    case Op::or_: return n == 0 ? s_.mkFalse() : nary(Kind::OR);
    case Op::not_: return unary(Kind::NOT);
    case Op::implies: {
        need(n >= 2);  // right-associative
        cvc5::Term t = args[n - 1];
        for (std::size_t i = n - 1; i-- > 0;) t = s_.mkTerm(Kind::IMPLIES, {args[i], t});
        return t;
    }
    case Op::xor_: return fold_left(Kind::XOR);
    case Op::ite:
        need(n == 3);
        unify(args, 1);
        return s_.mkTerm(Kind::ITE, args);
    case Op::eq: unify(args); return chain(Kind::EQUAL);
    case Op::distinct:
        need(n >= 2);
        unify(args);
        return s_.mkTerm(Kind::DISTINCT, args);
    case Op::le: return chain(Kind::LEQ);
    case Op::ge: return chain(Kind::GEQ);
    case Op::lt: return chain(Kind::LT);
    case Op::gt: return chain(Kind::GT);
    case Op::add: return nary(Kind::ADD);
    case Op::mul: return nary(Kind::MULT);
    case Op::sub: return n == 1 ? s_.mkTerm(Kind::NEG, args) : fold_left(Kind::SUB);
    case Op::divide: return fold_left(Kind::DIVISION);
    case Op::idiv: return fold_left(Kind::INTS_DIVISION);
    case Op::mod: need(n == 2); return s_.mkTerm(Kind::INTS_MODULUS, args);
    case Op::abs: return unary(Kind::ABS);
    case Op::to_real: return unary(Kind::TO_REAL);
    case Op::to_int: return unary(Kind::TO_INTEGER);
    case Op::is_int: return unary(Kind::IS_INTEGER);
    case Op::select: need(n == 2); return s_.mkTerm(Kind::SELECT, args);
    case Op::store: need(n == 3); return s_.mkTerm(Kind::STORE, args);
    }
    throw Unsupported(fmt::format("`{}`", name));
}

// cvc5's answer as its executable prints it, with the reason of an unknown.
std::string answer(const cvc5::Result& r) {
    if (r.isSat()) return "sat";
    if (r.isUnsat()) return "unsat";
    std::ostringstream why;
    why << r.getUnknownExplanation();
    std::string text = why.str();
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return "unknown (" + text + ")";
}

std::string Runner::check_sat() {
    double limit_ms = timeout_ms_;
    if (suspect_slow_ && slowest_ms_ >= 0) {
        limit_ms = std::min(limit_ms, std::max(suspicion_floor_ms, suspicion_factor * slowest_ms_));
    }
    // Set only when it changes: most checks of a run keep the limit of the one before.
    if (const long ms = std::max(1L, static_cast<long>(limit_ms)); ms != limit_set_ms_) {
        s_.setOption("tlimit-per", std::to_string(ms));
        limit_set_ms_ = ms;
    }
    const auto start = std::chrono::steady_clock::now();
    std::string a = answer(s_.checkSat());
    slowest_ms_ = std::max(slowest_ms_, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    return a;
}

std::uint32_t levels(const SExpr& c) {
    if (c.list.size() == 1) return 1;
    if (c.list.size() == 2 && c.list[1].atom.kind == Token::Kind::numeral && c.list[1].atom.text.size() < 9) {
        return static_cast<std::uint32_t>(std::stoul(c.list[1].atom.text));
    }
    throw Unsupported(fmt::format("`{}` of this shape", c.list[0].atom.text));
}

bool Runner::command(const SExpr& c, const std::function<bool(const std::string&)>& on_answer) {
    if (!c.is_list || c.list.empty() || c.list[0].atom.kind != Token::Kind::symbol) {
        throw Unsupported(fmt::format("the command `{}`", describe(c)));
    }
    const std::string& what = c.list[0].atom.text;
    auto shape = [&](bool ok) {
        if (!ok) throw Unsupported(fmt::format("`{}` of this shape", what));
    };
    if (what == "set-logic") {
        shape(c.list.size() == 2 && is_symbol(c.list[1]));
        if (!logic_.empty() && c.list[1].atom.text == logic_) {
            logic_.clear();  // set already; a second set-logic is cvc5's error, as it would be
        } else {
            s_.setLogic(c.list[1].atom.text);
        }
    } else if (what == "set-option" || what == "set-info") {
        // The checker sets the options that matter (incremental, the time limit) itself;
        // the scripts' own would only change how cvc5 answers, not what is asked.
    } else if (what == "declare-const") {
        shape(c.list.size() == 3 && is_symbol(c.list[1]));
        declare(c.list[1].atom.text, Global{false, s_.mkConst(sort(c.list[2]), c.list[1].atom.text), {}});
    } else if (what == "declare-fun") {
        shape(c.list.size() == 4 && is_symbol(c.list[1]) && c.list[2].is_list);
        const std::string& name = c.list[1].atom.text;
        cvc5::Sort range = sort(c.list[3]);
        if (c.list[2].list.empty()) {
            declare(name, Global{false, s_.mkConst(range, name), {}});
        } else {
            std::vector<cvc5::Sort> domain;
            for (const SExpr& d : c.list[2].list) domain.push_back(sort(d));
            declare(name, Global{true, s_.mkConst(s_.mkFunctionSort(domain, range), name), {}});
        }
    } else if (what == "define-fun") {
        shape(c.list.size() == 5 && is_symbol(c.list[1]) && c.list[2].is_list);
        const std::string& name = c.list[1].atom.text;
        cvc5::Sort range = sort(c.list[3]);
        std::vector<cvc5::Term> params = bind(c.list[2]);
        cvc5::Term body = as_real_if(term(c.list[4]), range.isReal());
        unbind(c.list[2]);
        if (params.empty()) {
            declare(name, Global{false, body, {}});
        } else {
            declare(name, Global{true, body, params});
        }
    } else if (what == "push") {
        std::uint32_t n = levels(c);
        s_.push(n);
        undo_.resize(undo_.size() + n);
    } else if (what == "pop") {
        std::uint32_t n = levels(c);
        if (n > undo_.size()) throw Unsupported("a `pop` below the first level");
        s_.pop(n);
        for (std::uint32_t i = 0; i < n; ++i) {
            for (auto it = undo_.back().rbegin(); it != undo_.back().rend(); ++it) {
                if (it->second) {
                    globals_[it->first] = *it->second;
                } else {
                    globals_.erase(it->first);
                }
            }
            undo_.pop_back();
        }
    } else if (what == "assert") {
        shape(c.list.size() == 2);
        s_.assertFormula(term(c.list[1]));
    } else if (what == "check-sat") {
        shape(c.list.size() == 1);
        return on_answer(check_sat());
    } else if (what == "exit") {
        return false;
    } else {
        throw Unsupported(fmt::format("the command `{}`", what));
    }
    return true;
}

}  // namespace

namespace {

// The logic of the checks' scripts: a solver made beforehand is set up with it.
constexpr const char* scripts_logic = "ALL";

std::unique_ptr<cvc5::Solver> new_solver(bool set_up) {
    auto solver = std::make_unique<cvc5::Solver>();
    solver->setOption("incremental", "true");
    if (set_up) {
        // cvc5 finishes its set-up at the first check: a trivial one, in its own scope.
        solver->setLogic(scripts_logic);
        solver->setOption("tlimit-per", std::to_string(set_up_limit_ms));
        cvc5::Term x = solver->mkConst(solver->getIntegerSort(), "x");
        solver->push();
        solver->assertFormula(solver->mkTerm(cvc5::Kind::GT, {x, solver->mkInteger(0)}));
        (void)solver->checkSat();
        solver->pop();
    }
    return solver;
}

// Runs `f` (reading commands into a solver); the empty string, or why the run could not go on.
template <typename F>
std::string guarded(F&& f) {
    try {
        f();
        return "";
    } catch (const Unsupported& e) {
        return e.what();
    } catch (const smtlib::Malformed& e) {
        return Unsupported(e.what()).what();
    } catch (const std::exception& e) {  // cvc5's errors: a sort mismatch, an unknown logic
        return std::string("cvc5: ") + e.what();
    }
}

// Runs the commands of `text` on `runner`; false when the run stops there.
bool run_commands(Runner& runner, std::string_view text, const std::function<bool(const std::string&)>& on_answer) {
    Lexer lex(text);
    while (std::optional<SExpr> c = read(lex)) {
        if (!runner.command(*c, on_answer)) return false;
    }
    return true;
}

// A runner on `solver` (set up with scripts_logic when `set_up`). cvc5's simplification stays
// on: without it a check-sat on a toy formula is faster, but these scripts were slower, 2.5
// times on a certificate of 46 clauses and 8 times on a counterexample's path, whose
// equalities it solves before the search.
std::unique_ptr<Runner> runner_on(cvc5::Solver& solver, bool set_up, double timeout_s, bool suspect_slow) {
    auto runner = std::make_unique<Runner>(solver, set_up ? scripts_logic : "");
    runner->limit_checks(timeout_s, suspect_slow);
    return runner;
}

// Runs `script` on `solver` (set up with scripts_logic when `set_up`). With `leftovers`, the
// reader's terms are handed there instead of freed here: the caller frees them after it has
// passed the answers on, out of the waiting caller's way.
std::string run_on(cvc5::Solver& solver, bool set_up, std::string_view script, double timeout_s,
                   bool suspect_slow, const std::function<bool(const std::string&)>& on_answer,
                   std::unique_ptr<Runner>* leftovers = nullptr) {
    std::unique_ptr<Runner> runner;
    std::string error = guarded([&] {
        runner = runner_on(solver, set_up, timeout_s, suspect_slow);
        run_commands(*runner, script, on_answer);
    });
    if (leftovers) *leftovers = std::move(runner);
    return error;
}

std::string run_on_new_solver(std::string_view script, double timeout_s, bool suspect_slow,
                              const std::function<bool(const std::string&)>& on_answer) {
    std::unique_ptr<cvc5::Solver> solver;
    try {
        solver = new_solver(false);
    } catch (const std::exception& e) {
        return std::string("cvc5: ") + e.what();
    }
    return run_on(*solver, false, script, timeout_s, suspect_slow, on_answer);
}

bool starts_with_logic(std::string_view script) {
    const std::string logic_line = std::string("(set-logic ") + scripts_logic + ")";
    return script.substr(0, logic_line.size()) == logic_line;
}

// A script to run, or checks to share out: `prefix` (the declarations), then `blocks`, one
// `(push 1) ... (check-sat) ... (pop 1)` each, which the solvers that take part take in
// turn, each after reading the prefix itself.
struct Job {
    std::string_view script;  // the whole script, or the blocks' prefix
    const std::vector<std::string_view>* blocks = nullptr;
    double timeout_s = 0;
    bool suspect_slow = false;
    const std::function<bool(const std::string&)>* on_answer = nullptr;  // of a whole script
    std::vector<std::string>* answers = nullptr;                         // of the blocks
    std::string error;
    std::size_t next = 0;   // the next block to take (a whole script: 1 once taken)
    std::size_t total = 1;  // blocks, or 1
    int engaged = 0;        // solvers working on it
    bool stop = false;      // a block could not be read, or the time is up: no more are taken
    // No block is taken after it (the caller's time limit).
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();

    bool open() const { return !stop && next < total; }
    bool done() const { return !open() && engaged == 0; }
};

// Takes blocks of `job` (under `lock`) until none is left, on `ready` when it is set up for
// the script's logic, else on a new solver; the solver and the reader's terms go to `used`
// and `leftovers`, for the caller to free once the job's caller has its answers.
void work_on_blocks(Job& job, std::mutex& lock, std::unique_ptr<cvc5::Solver>& ready,
                    std::unique_ptr<cvc5::Solver>& used, std::unique_ptr<Runner>& leftovers) {
    auto fail = [&](const std::string& why) {
        std::lock_guard<std::mutex> hold(lock);
        if (job.error.empty()) job.error = why;
        job.stop = true;
    };
    const bool set_up = ready != nullptr && starts_with_logic(job.script);
    std::string error = guarded([&] {
        used = set_up ? std::move(ready) : new_solver(false);
        leftovers = runner_on(*used, set_up, job.timeout_s, job.suspect_slow);
        run_commands(*leftovers, job.script, [](const std::string&) -> bool {
            throw Unsupported("a `check-sat` before the first `(push 1)` of checks shared out");
        });
    });
    if (!error.empty()) return fail(error);
    for (;;) {
        std::size_t k = 0;
        {
            std::lock_guard<std::mutex> hold(lock);
            if (!job.open()) return;
            if (std::chrono::steady_clock::now() >= job.deadline) {
                if (job.error.empty()) job.error = out_of_time_error;
                job.stop = true;
                return;
            }
            k = job.next++;
        }
        std::string answer;
        error = guarded([&] {
            run_commands(*leftovers, (*job.blocks)[k], [&](const std::string& a) {
                answer = a;
                return true;
            });
        });
        if (!error.empty()) return fail(error);
        (*job.answers)[k] = std::move(answer);  // its own element: no other solver writes it
    }
}

// Threads of their own for cvc5. A thread's first solver costs cvc5 about 3 ms (its
// per-thread state, then the solver's set-up at the first check), more than the checks of a
// small certificate: the threads pay it while the search runs, each with a solver set up and
// waiting. A script runs on one of them, the caller waiting for its end. Checks shared out
// run on all of them (one per core, up to max_solvers), each taking the next check as soon
// as it is free. The second thread starts once the first has its solver, so that the first
// is ready soonest. (Started only once a certificate's checks had taken 5 ms, it left the
// checks of a few milliseconds to one solver: 10 to 30 checks of a tenth to half a
// millisecond each were most of a small program's certificate.)
class Validator {
public:
    void start() {
        std::lock_guard<std::mutex> hold(lock_);
        if (threads_.empty()) threads_.emplace_back([this] { serve(); });
    }

    // Runs `job` on the threads; false when they are not started or are busy with another
    // caller's job.
    bool run(Job& job) {
        std::unique_lock<std::mutex> hold(lock_);
        if (threads_.empty() || stop_ || job_ != nullptr) return false;
        job_ = &job;
        changed_.notify_all();
        changed_.wait(hold, [&] { return job.done(); });
        job_ = nullptr;
        ++handed_back_;
        changed_.notify_all();  // the solvers' threads may free what the job left
        return true;
    }

    ~Validator() {
        {
            std::lock_guard<std::mutex> hold(lock_);
            stop_ = true;
        }
        changed_.notify_all();
        for (std::thread& t : threads_) t.join();
    }

private:
    static constexpr unsigned max_solvers = 2;

    void serve() {
        std::unique_ptr<cvc5::Solver> ready;  // set up, for the next script in its logic
        try {
            ready = new_solver(true);
        } catch (const std::exception&) {
            // the script's own run reports cvc5's errors
        }
        {
            std::lock_guard<std::mutex> hold(lock_);
            const unsigned wanted = std::clamp(std::thread::hardware_concurrency(), 1U, max_solvers);
            if (!stop_ && threads_.size() < wanted) threads_.emplace_back([this] { serve(); });
        }
        for (;;) {
            Job* job = nullptr;
            {
                std::unique_lock<std::mutex> hold(lock_);
                changed_.wait(hold, [&] { return stop_ || (job_ != nullptr && job_->open()); });
                if (stop_) return;
                job = job_;
                ++job->engaged;
                if (job->blocks == nullptr) job->next = 1;  // a whole script: this thread's
            }
            // Freed once the caller has its answers (about 0.3 ms that it need not wait for).
            std::unique_ptr<cvc5::Solver> used;
            std::unique_ptr<Runner> leftovers;
            if (job->blocks != nullptr) {
                work_on_blocks(*job, lock_, ready, used, leftovers);
            } else if (ready && starts_with_logic(job->script)) {
                job->error = run_on(*ready, true, job->script, job->timeout_s, job->suspect_slow, *job->on_answer,
                                    &leftovers);
                used = std::move(ready);  // its assertions and declarations are the script's now
            } else {
                job->error = run_on_new_solver(job->script, job->timeout_s, job->suspect_slow, *job->on_answer);
            }
            {
                std::unique_lock<std::mutex> hold(lock_);
                --job->engaged;  // the job may be gone once the lock is let go
                changed_.notify_all();
                // Not before the caller has its answers: freeing keeps both cores busy for a
                // few tenths of a millisecond, and the caller, woken meanwhile, waited for one.
                const std::uint64_t job_number = handed_back_;
                changed_.wait(hold, [&] { return stop_ || handed_back_ != job_number; });
            }
            leftovers.reset();  // the terms before their solver
            used.reset();
        }
    }

    std::mutex lock_;
    std::condition_variable changed_;
    std::vector<std::thread> threads_;
    bool stop_ = false;
    Job* job_ = nullptr;
    std::uint64_t handed_back_ = 0;  // jobs whose caller has its answers
};
Validator validator;

}  // namespace

}  // namespace clpi::cvc5_module

extern "C" {

__attribute__((visibility("default"))) void clpi_cvc5_warm_up() { clpi::cvc5_module::validator.start(); }

__attribute__((visibility("default"))) void clpi_cvc5_run(std::string_view script, double timeout_s,
                                                          bool suspect_slow,
                                                          const std::function<bool(const std::string&)>& on_answer,
                                                          std::string& error) {
    using namespace clpi::cvc5_module;
    Job job;
    job.script = script;
    job.timeout_s = timeout_s;
    job.suspect_slow = suspect_slow;
    job.on_answer = &on_answer;
    if (validator.run(job)) {
        error = job.error;
    } else {
        error = run_on_new_solver(script, timeout_s, suspect_slow, on_answer);
    }
}

__attribute__((visibility("default"))) void clpi_cvc5_run_blocks(std::string_view prefix,
                                                                 const std::vector<std::string_view>& blocks,
                                                                 double timeout_s, bool suspect_slow,
                                                                 double budget_s,
                                                                 std::vector<std::string>& answers,
                                                                 std::string& error) {
    using namespace clpi::cvc5_module;
    answers.assign(blocks.size(), "");
    Job job;
    job.script = prefix;
    job.blocks = &blocks;
    job.timeout_s = timeout_s;
    job.suspect_slow = suspect_slow;
    job.answers = &answers;
    job.total = blocks.size();
    if (budget_s > 0) {
        job.deadline = std::chrono::steady_clock::now() +
                       std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                           std::chrono::duration<double>(budget_s));
    }
    if (!validator.run(job)) {
        // Not started, or busy: the blocks in turn on a solver of this thread.
        std::mutex lock;
        std::unique_ptr<cvc5::Solver> ready;
        std::unique_ptr<cvc5::Solver> used;
        std::unique_ptr<Runner> leftovers;
        work_on_blocks(job, lock, ready, used, leftovers);
        leftovers.reset();
        used.reset();
    }
    error = job.error;
}

}  // extern "C"
