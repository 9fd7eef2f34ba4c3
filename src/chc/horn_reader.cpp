#include "chc/horn_reader.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <unordered_map>
#include <utility>
#include <vector>

#include "smtlib/sexpr.hpp"

namespace clpi::chc {

namespace {

using smtlib::Token;

// Something this reader leaves to Z3's parser. Nothing is said of it: Z3's parser reads the
// whole text again, and either makes the terms or says what is wrong.
struct Outside {};

void outside_if(bool condition) {
    if (condition) throw Outside{};
}

// Deeper terms go to Z3's parser: this reader recurses once per level, and its frames are
// large in a sanitizer build (5000 nested quantifiers overflowed the stack there). The
// problems of CHC-COMP's LIA folders nest 13 deep at most.
constexpr std::size_t max_nesting = 256;

// Names a declaration or a binding may not take here: Z3 gives them meanings of its own
// (an overloaded `and`, a variable `true`), which are left to its parser.
// (Compared in place: the hash table this was, built at its first use, cost 21 K of the
// 343 K instructions of reading hopv Ackermann00.)
bool reserved(std::string_view name) {
    static constexpr std::string_view names[] = {
        "true", "false", "let", "forall", "exists", "!", "_", "as", "and", "or", "not", "=>",
        "xor", "ite", "=", "distinct", "<=", ">=", "<", ">", "+", "-", "*", "/", "div", "mod",
        "abs", "to_real", "to_int", "is_int", "select", "store", "Int", "Bool", "Real", "Array"};
    return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

enum class Op { not_, and_, or_, implies, ite, eq, distinct, le, ge, lt, gt, add, mul, sub, idiv, mod };

// The operator a head names, if any. (Compared in place: a table's hash of the head, at
// every application of a problem, cost more than the comparisons.)
std::optional<Op> operator_named(std::string_view head) {
    static constexpr std::pair<std::string_view, Op> ops[] = {
        {"and", Op::and_}, {"or", Op::or_}, {"not", Op::not_}, {"=", Op::eq}, {"<=", Op::le}, {">=", Op::ge},
        {"<", Op::lt}, {">", Op::gt}, {"+", Op::add}, {"-", Op::sub}, {"*", Op::mul}, {"=>", Op::implies},
        {"ite", Op::ite}, {"distinct", Op::distinct}, {"div", Op::idiv}, {"mod", Op::mod},
    };
    for (const auto& [name, op] : ops) {
        if (head == name) return op;
    }
    return std::nullopt;
}

class Reader {
public:
    Reader(z3::context& ctx, std::string_view text, const ClauseConstant& constant)
        : ctx_(ctx), int_sort_(ctx.int_sort()), lex_(text), constant_(constant) {}

    std::vector<HornClause> read() {
        for (Token t = next(); t.kind != Token::Kind::end; t = next()) {
            outside_if(t.kind != Token::Kind::open);
            if (command()) outside_if(next().kind != Token::Kind::end);  // after `exit`: Z3's to say
        }
        return std::move(clauses_);
    }

private:
    // The text is read token by token, each term made as soon as its `)` is read, with a
    // token or two looked ahead where an assertion may start with quantifiers.
    Token next() {
        if (ahead_.empty()) return lex_.next();
        Token t = std::move(ahead_.back());
        ahead_.pop_back();
        return t;
    }
    void put_back(Token t) { ahead_.push_back(std::move(t)); }
    void expect(Token::Kind kind) { outside_if(next().kind != kind); }
    // A symbol's token (quoted or not); with `plain`, not quoted (a keyword of the language).
    std::string symbol_text(bool plain = false) {
        Token t = next();
        outside_if(t.kind != Token::Kind::symbol && (plain || t.kind != Token::Kind::quoted));
        return std::move(t.text);
    }
    static bool is(const Token& t, std::string_view word) {
        return t.kind == Token::Kind::symbol && t.text == word;
    }

    bool command();
    void skip_rest();  // of the list whose `(` has been read
    z3::sort sort();
    void declare(bool function);
    z3::expr assertion(Token first);
    z3::expr quantified(bool forall);
    z3::expr term(Token first);
    z3::expr symbol(const Token& t);
    z3::expr numeral(const std::string& digits);
    z3::expr let();
    void bind(const std::string& name, z3::expr value);
    void unbind(const std::vector<std::string>& names);  // back to what they were before
    using Args = std::span<const z3::expr>;
    z3::expr apply(Op op, Args args);
    const Z3_ast* asts(Args args);

    z3::context& ctx_;
    z3::sort int_sort_;
    smtlib::Lexer lex_;
    std::vector<Token> ahead_;  // read, not yet used: the next last
    std::size_t depth_ = 0;    // of the lists open in the term being read
    std::vector<z3::expr> args_;  // the arguments of the applications being read, innermost last
    std::vector<Z3_ast> asts_;    // asts()'s buffer
    // A declared function (a constant included): its sorts, and its term when a constant.
    struct Function {
        z3::func_decl decl;
        std::vector<Z3_sort> domain;  // (alive with decl)
        std::optional<z3::expr> constant;
    };
    std::unordered_map<std::string, Function> functions_;
    // What a symbol stands for in the term being read (innermost last): a `let`'s value, or
    // the constant of a variable of a quantifier around it.
    std::unordered_map<std::string, std::vector<z3::expr>> locals_;
    const ClauseConstant& constant_;
    // The clauses read, and what the assertion being read has so far.
    std::vector<HornClause> clauses_;
    std::vector<std::pair<z3::expr, std::string>> clause_vars_;
    bool negated_ = false;
};

// A command, its `(` read; true at `exit`.
bool Reader::command() {
    const std::string what = symbol_text(true);
    if (what == "set-logic") {
        outside_if(symbol_text(true) != "HORN");
    } else if (what == "set-info") {
        outside_if(next().kind != Token::Kind::keyword);
        skip_rest();
        return false;
    } else if (what == "declare-fun" || what == "declare-const") {
        declare(what == "declare-fun");
    } else if (what == "assert") {
        clause_vars_.clear();
        negated_ = false;
        z3::expr a = assertion(next());
        outside_if(!a.is_bool());
        clauses_.push_back(HornClause{a, negated_, std::move(clause_vars_)});
    } else if (what == "exit") {
        expect(Token::Kind::close);
        return true;
    } else {
        outside_if(what != "check-sat");  // which Z3's parser reads and does nothing with
    }
    expect(Token::Kind::close);
    return false;
}

void Reader::skip_rest() {
    for (std::size_t open = 1; open > 0;) {
        Token t = next();
        outside_if(t.kind == Token::Kind::end);
        if (t.kind == Token::Kind::open) ++open;
        if (t.kind == Token::Kind::close) --open;
    }
}

z3::sort Reader::sort() {
    const std::string name = symbol_text(true);
    if (name == "Int") return ctx_.int_sort();
    outside_if(name != "Bool");
    return ctx_.bool_sort();
}

void Reader::declare(bool function) {
    const std::string name = symbol_text();
    outside_if(reserved(name) || functions_.count(name) > 0);
    z3::sort_vector domain(ctx_);
    if (function) {
        expect(Token::Kind::open);
        for (Token t = next(); t.kind != Token::Kind::close; t = next()) {
            put_back(std::move(t));
            domain.push_back(sort());
        }
    }
    Function f{ctx_.function(name.c_str(), domain, sort()), {}, std::nullopt};
    for (unsigned i = 0; i < domain.size(); ++i) f.domain.push_back(domain[static_cast<int>(i)]);
    if (f.domain.empty()) f.constant = f.decl();
    functions_.emplace(name, std::move(f));
}

// An assertion: a term, or quantifiers around one, their variables made constants as they
// are bound. A quantifier elsewhere (under a `let`, in a term), which a clause would have to
// keep, is left to Z3's parser.
z3::expr Reader::assertion(Token first) {
    if (first.kind != Token::Kind::open) return term(std::move(first));
    Token head = next();
    if (is(head, "forall")) return quantified(true);
    if (is(head, "not")) {
        Token open = next();
        if (open.kind == Token::Kind::open) {
            Token inner = next();
            if (is(inner, "exists")) {
                // Instantiated, only as the whole assertion (the import refuses the rest).
                outside_if(depth_ > 0);
                z3::expr q = quantified(false);
                expect(Token::Kind::close);
                negated_ = true;
                return q;
            }
            put_back(std::move(inner));
        }
        put_back(std::move(open));
    }
    put_back(std::move(head));
    return term(std::move(first));
}

// A quantifier, its `(forall` or `(exists` read: its body with the variables constants.
z3::expr Reader::quantified(bool forall) {
    outside_if(++depth_ > max_nesting);  // quantifiers nest through assertion()
    std::vector<std::string> names;
    std::vector<z3::sort> sorts;
    expect(Token::Kind::open);
    for (Token t = next(); t.kind != Token::Kind::close; t = next()) {
        outside_if(t.kind != Token::Kind::open);
        std::string name = symbol_text();
        const bool twice = std::find(names.begin(), names.end(), name) != names.end();
        outside_if(reserved(name) || twice);
        sorts.push_back(sort());
        expect(Token::Kind::close);
        names.push_back(std::move(name));
    }
    outside_if(names.empty());
    // The constants in the order of the variables' de Bruijn indices (Z3's instantiation of
    // the quantifier), the last first.
    const auto index = static_cast<unsigned>(clauses_.size());
    for (std::size_t b = names.size(); b-- > 0;) {
        z3::expr c = constant_(index, static_cast<unsigned>(clause_vars_.size()), sorts[b]);
        bind(names[b], c);
        clause_vars_.emplace_back(std::move(c), names[b]);
    }
    z3::expr body = forall ? assertion(next()) : term(next());
    expect(Token::Kind::close);
    outside_if(!body.is_bool());
    unbind(names);
    --depth_;
    return body;
}

// The term that starts with `first`.
z3::expr Reader::term(Token first) {
    if (first.kind == Token::Kind::numeral) return numeral(first.text);
    if (first.kind == Token::Kind::symbol || first.kind == Token::Kind::quoted) return symbol(first);
    outside_if(first.kind != Token::Kind::open || ++depth_ > max_nesting);
    const std::string head = symbol_text();
    // An operator's name is reserved: no local or declared function takes it (bind, declare).
    const std::optional<Op> op = operator_named(head);
    outside_if(!op && locals_.count(head) > 0);
    if (!op && head == "let") {
        z3::expr body = let();
        --depth_;
        return body;
    }
    // The arguments go on the reader's stack, above those of the applications around this
    // one (a vector of its own for each application was most of the reader's allocations).
    const std::size_t base = args_.size();
    for (Token t = next(); t.kind != Token::Kind::close; t = next()) {
        z3::expr a = term(std::move(t));
        args_.push_back(std::move(a));
    }
    --depth_;
    const Args args{args_.data() + base, args_.size() - base};
    struct Pop {
        std::vector<z3::expr>& stack;
        std::size_t base;
        ~Pop() { stack.erase(stack.begin() + static_cast<std::ptrdiff_t>(base), stack.end()); }
    } pop{args_, base};
    if (op) return apply(*op, args);
    if (auto f = functions_.find(head); f != functions_.end()) {
        // Through Z3's C API: the C++ API would make a reference-counted object of each sort
        // compared and of the vector of arguments, none of which outlives this call.
        const Function& d = f->second;
        outside_if(args.empty() || d.domain.size() != args.size());
        for (std::size_t i = 0; i < args.size(); ++i) outside_if(Z3_get_sort(ctx_, args[i]) != d.domain[i]);
        const Z3_ast app = Z3_mk_app(ctx_, d.decl, static_cast<unsigned>(args.size()), asts(args));
        ctx_.check_error();
        return z3::expr(ctx_, app);
    }
    throw Outside{};  // not a function of the file's nor an operator: Z3's to say
}

// The Z3 terms of `args`, in a buffer that stays until the next call.
const Z3_ast* Reader::asts(Args args) {
    asts_.assign(args.begin(), args.end());
    return asts_.data();
}

// A numeral: one that fits 64 bits from its value, the rest from its digits (the same
// term either way; the digits cost Z3 a parse of a rational, and the C++ API a sort, at
// each of a problem's numerals).
z3::expr Reader::numeral(const std::string& digits) {
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (error == std::errc() && end == digits.data() + digits.size()) {
        const Z3_ast n = Z3_mk_int64(ctx_, value, int_sort_);
        ctx_.check_error();
        return z3::expr(ctx_, n);
    }
    return ctx_.int_val(digits.c_str());
}

// A symbol standing for a term: a `let`'s, a bound variable, a constant, true or false.
z3::expr Reader::symbol(const Token& t) {
    const std::string& name = t.text;
    if (auto l = locals_.find(name); l != locals_.end()) return l->second.back();
    if (auto f = functions_.find(name); f != functions_.end()) {
        outside_if(!f->second.constant);
        return *f->second.constant;
    }
    outside_if(t.kind != Token::Kind::symbol);
    if (name == "true") return ctx_.bool_val(true);
    if (name == "false") return ctx_.bool_val(false);
    throw Outside{};  // undeclared: Z3's parser says so
}

void Reader::bind(const std::string& name, z3::expr value) { locals_[name].push_back(std::move(value)); }

void Reader::unbind(const std::vector<std::string>& names) {
    for (const std::string& n : names) {
        auto l = locals_.find(n);
        l->second.pop_back();
        if (l->second.empty()) locals_.erase(l);
    }
}

// (let ((x t) ...) body), its `(let` read: the bound terms are read in the outer scope, all
// at once.
z3::expr Reader::let() {
    std::vector<std::string> names;
    std::vector<z3::expr> values;
    expect(Token::Kind::open);
    for (Token t = next(); t.kind != Token::Kind::close; t = next()) {
        outside_if(t.kind != Token::Kind::open);
        std::string name = symbol_text();
        outside_if(reserved(name) || std::find(names.begin(), names.end(), name) != names.end());
        values.push_back(term(next()));
        expect(Token::Kind::close);
        names.push_back(std::move(name));
    }
    outside_if(names.empty());
    for (std::size_t i = 0; i < names.size(); ++i) bind(names[i], std::move(values[i]));
    z3::expr body = term(next());
    expect(Token::Kind::close);
    unbind(names);
    return body;
}

// The builtin operators, on arguments of the sorts they take (anything else is Z3's to say).
// Each is made as Z3's parser makes it: `(- a b c)` is `(- (- a b) c)`, `(=> a b c)` is
// `(=> a (=> b c))`, while `+`, `*`, `and`, `or` keep all their arguments, one included.
z3::expr Reader::apply(Op op, Args args) {
    const std::size_t n = args.size();
    // (Sorts through Z3's C API, as in term().)
    auto kind = [&](const z3::expr& a) { return Z3_get_sort_kind(ctx_, Z3_get_sort(ctx_, a)); };
    auto same_sort = [&](const z3::expr& a, const z3::expr& b) { return Z3_get_sort(ctx_, a) == Z3_get_sort(ctx_, b); };
    auto all = [&](Z3_sort_kind sorted) {
        outside_if(n == 0);
        for (const z3::expr& a : args) outside_if(kind(a) != sorted);
    };
    auto raw = [&](Z3_ast r) {
        ctx_.check_error();
        return z3::expr(ctx_, r);
    };
    const Z3_ast* const raw_args = asts(args);
    const auto count = static_cast<unsigned>(n);
    switch (op) {
    case Op::not_:
        outside_if(n != 1 || kind(args[0]) != Z3_BOOL_SORT);
        return !args[0];
    case Op::and_: all(Z3_BOOL_SORT); return raw(Z3_mk_and(ctx_, count, raw_args));
    case Op::or_: all(Z3_BOOL_SORT); return raw(Z3_mk_or(ctx_, count, raw_args));
    case Op::implies: {
        outside_if(n < 2);
        all(Z3_BOOL_SORT);
        z3::expr r = args[n - 1];
        for (std::size_t i = n - 1; i-- > 0;) r = z3::implies(args[i], r);
        return r;
    }
    case Op::ite:
        outside_if(n != 3 || kind(args[0]) != Z3_BOOL_SORT || !same_sort(args[1], args[2]));
        return z3::ite(args[0], args[1], args[2]);
    case Op::eq:
    case Op::distinct:
        outside_if(n != 2 || !same_sort(args[0], args[1]));
        return op == Op::eq ? args[0] == args[1] : raw(Z3_mk_distinct(ctx_, 2, raw_args));
    case Op::le:
    case Op::ge:
    case Op::lt:
    case Op::gt:
        outside_if(n != 2);
        all(Z3_INT_SORT);
        if (op == Op::le) return args[0] <= args[1];
        if (op == Op::ge) return args[0] >= args[1];
        return op == Op::lt ? args[0] < args[1] : args[0] > args[1];
    case Op::add: all(Z3_INT_SORT); return raw(Z3_mk_add(ctx_, count, raw_args));
    case Op::mul: all(Z3_INT_SORT); return raw(Z3_mk_mul(ctx_, count, raw_args));
    case Op::sub: {
        all(Z3_INT_SORT);
        if (n == 1) return -args[0];
        z3::expr r = args[0];
        for (std::size_t i = 1; i < n; ++i) r = r - args[i];
        return r;
    }
    case Op::idiv:
    case Op::mod:
        outside_if(n != 2);
        all(Z3_INT_SORT);
        return raw(op == Op::idiv ? Z3_mk_div(ctx_, raw_args[0], raw_args[1]) : Z3_mk_mod(ctx_, raw_args[0], raw_args[1]));
    }
    throw Outside{};
}

}  // namespace

std::optional<std::vector<HornClause>> read_horn_clauses(z3::context& ctx, std::string_view text,
                                                        const ClauseConstant& constant) {
    try {
        return Reader(ctx, text, constant).read();
    } catch (const Outside&) {
    } catch (const smtlib::Malformed&) {
    } catch (const z3::exception&) {
    }
    return std::nullopt;
}

}  // namespace clpi::chc
