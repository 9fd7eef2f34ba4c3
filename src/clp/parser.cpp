// The one translation unit that instantiates PEGTL: actions that build the AST from the
// grammar, clause-by-clause parsing with recovery after a syntax error, then the checker.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <unordered_map>

#include "clp/checker.hpp"
#include "clp/grammar.hpp"
#include "clpi/parse.hpp"

namespace clpi {

namespace pegtl = tao::pegtl;
namespace g = clpi::grammar;

namespace {

constexpr int max_nesting = 200;

struct Comment {
    std::string text;
    std::uint32_t line;
};

// Everything the actions build while parsing one file.
struct State {
    State(Program& p, Diagnostics& d) : prog(p), diags(d) {}
    Program& prog;
    Diagnostics& diags;
    std::unordered_map<std::string, PredId> pred_ids;

    // the clause being parsed
    std::vector<Variable> vars;
    // By the name's text in the input, which outlives the parse (not a string of each).
    std::unordered_map<std::string_view, VarId> var_ids;
    std::uint32_t anonymous = 0;
    std::vector<Expr> exprs;
    std::vector<ExprKind> ops;
    RelOp rel = RelOp::eq;
    std::vector<Constraint> constraints;  // of the clause, or of the innermost open case
    // The disjunctions open around the current case, innermost last.
    struct DisjunctionFrame {
        std::vector<Constraint> outer;  // the constraints collected before its `(`
        std::vector<std::vector<Constraint>> cases;
        SourceLoc loc;
    };
    std::vector<DisjunctionFrame> open_disjunctions;
    Atom atom;
    std::string atom_name;  // of `atom`, interned when the atom is complete
    Rule rule;
    Directive directive;
    int depth = 0;
    SourceLoc opened;  // of the last comment or string that started

    std::vector<Comment> comments;  // not yet given to a clause
    std::size_t comments_end = 0;   // the byte after the last comment read

    // A comment the parser reads again after backtracking (white space before a `;` or `,`
    // that was not there) is kept once.
    void add_comment(std::string text, const pegtl::position& at) {
        if (at.byte < comments_end) return;
        comments_end = at.byte + 1;
        comments.push_back({std::move(text), static_cast<std::uint32_t>(at.line)});
    }
    std::uint32_t last_clause_line = 0;
    int queries = 0;
    SourceLoc first_query;

    void reset_clause() {
        vars.clear();
        var_ids.clear();
        exprs.clear();
        ops.clear();
        constraints.clear();
        open_disjunctions.clear();
        atom = Atom{};
        rule = Rule{};
        directive = Directive{};
        depth = 0;
    }

    // `name`: text of the input (var_ids keeps a view of it).
    VarId variable(std::string_view name, SourceLoc loc) {
        if (name == "_") {
            vars.push_back(Variable{"_#" + std::to_string(++anonymous), Type::integer, loc});
            return static_cast<VarId>(vars.size() - 1);
        }
        if (auto it = var_ids.find(name); it != var_ids.end()) return it->second;
        auto id = static_cast<VarId>(vars.size());
        var_ids.emplace(name, id);
        vars.push_back(Variable{std::string(name), Type::integer, loc});
        return id;
    }

    PredId predicate(const std::string& name, std::uint32_t arity, SourceLoc loc) {
        auto [it, fresh] = pred_ids.emplace(name, static_cast<PredId>(prog.predicates.size()));
        if (fresh) {
            Predicate p;
            p.name = name;
            p.arity = arity;
            p.first_use = loc;
            prog.predicates.push_back(std::move(p));
        }
        return it->second;
    }

    Expr pop() {
        Expr e = std::move(exprs.back());
        exprs.pop_back();
        return e;
    }

    // Comments so far belong before the clause; one on the line where the previous clause
    // ended is that clause's trailing comment.
    Trivia take_trivia() {
        Trivia t;
        for (Comment& c : comments) t.leading.push_back(std::move(c.text));
        comments.clear();
        return t;
    }
    void attach_trailing_comment() {
        if (comments.empty() || prog.order.empty()) return;
        if (comments.front().line != last_clause_line) return;
        if (comments.front().text.rfind("%", 0) != 0) return;
        const ClauseRef& ref = prog.order.back();
        Trivia* t = ref.kind == ClauseRef::Kind::rule        ? &prog.rules[ref.index].trivia
                    : ref.kind == ClauseRef::Kind::directive ? &prog.directives[ref.index].trivia
                                                             : &prog.query.trivia;
        t->trailing = std::move(comments.front().text);
        comments.erase(comments.begin());
    }
};

template <typename Input>
SourceLoc loc_of(const Input& in) {
    // The input tracks lines eagerly: its iterator has them. (position() would copy the
    // source's name into each of the parse's many locations.)
    const auto& at = in.iterator();
    return {static_cast<std::uint32_t>(at.line), static_cast<std::uint32_t>(at.column)};
}

// Decimal digits (with an optional `-`) as an integer. Not Integer(text): Boost reads a
// leading 0 as octal, and `010` must be ten.
Integer decimal(std::string_view text) {
    bool negative = !text.empty() && text.front() == '-';
    if (negative) text.remove_prefix(1);
    // Most numbers of a program fit a machine word: read without making a string for Boost.
    if (std::int64_t v = 0; text.size() <= 18) {
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec == std::errc{} && end == text.data() + text.size()) return negative ? Integer(-v) : Integer(v);
    }
    while (text.size() > 1 && text.front() == '0') text.remove_prefix(1);
    Integer v{std::string(text)};
    return negative ? Integer(-v) : v;
}

Number parse_number(std::string_view text) {
    auto dot = text.find('.');
    if (dot != std::string::npos) {
        std::string_view frac = text.substr(dot + 1);
        Integer scale = 1;
        for (std::size_t i = 0; i < frac.size(); ++i) scale *= 10;
        return Number(decimal(std::string(text.substr(0, dot)) + std::string(frac)), scale);
    }
    auto slash = text.find('/');
    if (slash != std::string::npos) {
        Integer den = decimal(text.substr(slash + 1));
        if (den == 0) throw std::domain_error("a fraction with denominator 0");
        return Number(decimal(text.substr(0, slash)), den);
    }
    return Number(decimal(text));
}

// ---- actions ------------------------------------------------------------------------------
template <typename Rule>
struct action : pegtl::nothing<Rule> {};

template <>
struct action<g::line_comment> {
    template <typename Input>
    static void apply(const Input& in, State& st) {
        std::string text = in.string();
        while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
        st.add_comment(std::move(text), in.position());
    }
};
template <>
struct action<g::block_comment> {
    template <typename Input>
    static void apply(const Input& in, State& st) {
        st.add_comment(in.string(), in.position());
    }
};

template <>
struct action<g::number> {
    template <typename Input>
    static void apply(const Input& in, State& st) {
        try {
            st.exprs.push_back(Expr::constant(parse_number(in.string_view()), loc_of(in)));
        } catch (const std::domain_error& e) {
            throw pegtl::parse_error(e.what(), in);
        }
    }
};
template <>
struct action<g::variable> {
    template <typename Input>
    static void apply(const Input& in, State& st) {
        st.exprs.push_back(Expr::variable(st.variable(in.string_view(), loc_of(in)), loc_of(in)));
    }
};
template <>
struct action<g::negation> {
    template <typename Input>
    static void apply(const Input& in, State& st) {
        Expr e = st.pop();
        if (e.kind == ExprKind::constant) {
            e.value = -e.value;  // `-7` is a constant
            e.loc = loc_of(in);
            st.exprs.push_back(std::move(e));
        } else {
            st.exprs.push_back(Expr::op(ExprKind::neg, loc_of(in), std::move(e)));
        }
    }
};

template <ExprKind K>
struct push_op {
    static void apply0(State& st) { st.ops.push_back(K); }
};
template <> struct action<g::op_mul> : push_op<ExprKind::mul> {};
template <> struct action<g::kw_div> : push_op<ExprKind::div> {};
template <> struct action<g::kw_mod> : push_op<ExprKind::mod> {};
template <> struct action<g::op_add> : push_op<ExprKind::add> {};
template <> struct action<g::op_sub> : push_op<ExprKind::sub> {};

struct binary_action {
    static void apply0(State& st) {
        Expr rhs = st.pop();
        Expr lhs = st.pop();
        ExprKind k = st.ops.back();
        st.ops.pop_back();
        SourceLoc l = lhs.loc;
        st.exprs.push_back(Expr::op(k, l, std::move(lhs), std::move(rhs)));
    }
};
template <> struct action<g::mul_tail> : binary_action {};
template <> struct action<g::add_tail> : binary_action {};

template <>
struct action<g::select_expr> {
    template <typename Input>
    static void apply(const Input& in, State& st) {
        Expr i = st.pop();
        Expr a = st.pop();
        st.exprs.push_back(Expr::op(ExprKind::select, loc_of(in), std::move(a), std::move(i)));
    }
};
template <>
struct action<g::store_expr> {
    template <typename Input>
    static void apply(const Input& in, State& st) {
        Expr v = st.pop();
        Expr i = st.pop();
        Expr a = st.pop();
        st.exprs.push_back(
            Expr::op(ExprKind::store, loc_of(in), std::move(a), std::move(i), std::move(v)));
    }
};

template <>
struct action<g::const_array_expr> {
    template <typename Input>
    static void apply(const Input& in, State& st) {
        Expr v = st.pop();
        st.exprs.push_back(Expr::op(ExprKind::const_array, loc_of(in), std::move(v)));
    }
};

template <RelOp R>
struct set_rel {
    static void apply0(State& st) { st.rel = R; }
};
template <> struct action<g::rel_ne> : set_rel<RelOp::ne> {};
template <> struct action<g::rel_le> : set_rel<RelOp::le> {};
template <> struct action<g::rel_ge> : set_rel<RelOp::ge> {};
template <> struct action<g::rel_lt> : set_rel<RelOp::lt> {};
template <> struct action<g::rel_gt> : set_rel<RelOp::gt> {};
template <> struct action<g::rel_eq> : set_rel<RelOp::eq> {};

struct constraint_action {
    template <typename Input>
    static void apply(const Input& in, State& st) {
        // Built in place: a Constraint is two expressions, each with a number in it.
        Expr rhs = st.pop();
        Expr lhs = st.pop();
        Constraint& c = st.constraints.emplace_back();
        c.lhs = std::move(lhs);
        c.rhs = std::move(rhs);
        c.op = st.rel;
        c.loc = loc_of(in);
    }
};
template <> struct action<g::constraint> : constraint_action {};

// What `constraint` builds for the same text (grammar.hpp, simple_comparison): each operand a
// variable or a constant, at its own place.
template <>
struct action<g::simple_comparison> {
    template <typename Input>
    static void apply(const Input& in, State& st) {
        const std::string_view text = in.string_view();
        const SourceLoc start = loc_of(in);
        std::size_t at = 0;
        SourceLoc loc = start;
        // Past spaces (a comparison may run over lines), keeping `loc` up to date.
        auto skip = [&](std::size_t to) {
            for (; at < to; ++at) {
                if (text[at] == '\n') {
                    ++loc.line;
                    loc.column = 1;
                } else {
                    ++loc.column;
                }
            }
        };
        auto operand = [&]() {
            skip(static_cast<std::size_t>(
                g::skip_spaces(text.data() + at, text.data() + text.size()) - text.data()));
            const auto end = static_cast<std::size_t>(
                g::simple::operand_end(text.data() + at, text.data() + text.size()) - text.data());
            const std::string_view word = text.substr(at, end - at);
            const SourceLoc here = loc;
            skip(end);
            // A number (digits, perhaps after a `-`: one constant, as `constraint` makes it).
            if (g::simple::digit_char(word.back()) && !g::simple::upper_char(word.front()) &&
                word.front() != '_') {
                return Expr::constant(Number(decimal(word)), here);
            }
            return Expr::variable(st.variable(word, here), here);
        };
        Constraint& c = st.constraints.emplace_back();
        c.lhs = operand();
        skip(static_cast<std::size_t>(
            g::skip_spaces(text.data() + at, text.data() + text.size()) - text.data()));
        const std::size_t r = g::simple::relop_length(text.data() + at, text.data() + text.size());
        const std::string_view op = text.substr(at, r);
        c.op = op == "!=" ? RelOp::ne
               : op == "<=" || op == "=<" ? RelOp::le
               : op == ">=" ? RelOp::ge
               : op == "<" ? RelOp::lt
               : op == ">" ? RelOp::gt
                           : RelOp::eq;
        skip(at + r);
        c.rhs = operand();
        c.loc = start;
    }
};
template <> struct action<g::query_constraint> : constraint_action {};

// A disjunction: its `(` opens a frame; each case ends with the constraints collected since;
// its `)` makes them one constraint of the enclosing conjunction.
template <>
struct action<g::disj_open> {
    template <typename Input>
    static void apply(const Input& in, State& st) {
        st.open_disjunctions.push_back({std::move(st.constraints), {}, loc_of(in)});
        st.constraints.clear();
    }
};
template <>
struct action<g::disj_case> {
    static void apply0(State& st) {
        st.open_disjunctions.back().cases.push_back(std::move(st.constraints));
        st.constraints.clear();
    }
};
template <>
struct action<g::disjunction> {
    static void apply0(State& st) {
        State::DisjunctionFrame f = std::move(st.open_disjunctions.back());
        st.open_disjunctions.pop_back();
        Constraint c;
        c.cases = std::move(f.cases);
        c.loc = f.loc;
        st.constraints = std::move(f.outer);
        st.constraints.push_back(std::move(c));
    }
};
template <>
struct action<g::disj_not_constraint> {
    template <typename Input>
    [[noreturn]] static void apply(const Input& in, State& /*st*/) {
        throw pegtl::parse_error(
            "a disjunction holds constraints only: no atom and no `error` in its cases", in);
    }
};

template <>
struct action<g::atom_name> {
    template <typename Input>
    static void apply(const Input& in, State& st) {
        st.atom = Atom{};
        st.atom_name = in.string();
        // Room for the arguments at once: as many as the predicate had before (a translated
        // C program passes every variable, hundreds), else 8 (most atoms have fewer). Grown
        // by doubling, a wide atom moved its arguments eight times and more.
        std::size_t room = 8;
        if (auto known = st.pred_ids.find(st.atom_name); known != st.pred_ids.end()) {
            room = std::max<std::size_t>(room, st.prog.predicates[known->second].arity);
        }
        st.atom.args.reserve(room);
        st.atom.loc = loc_of(in);
        st.atom.pred = static_cast<PredId>(-1);
    }
};
template <>
struct action<g::arg_variable> {
    template <typename Input>
    static void apply(const Input& in, State& st) {
        Arg a;
        a.kind = Arg::Kind::variable;
        a.var = st.variable(in.string_view(), loc_of(in));
        a.loc = loc_of(in);
        st.atom.args.push_back(std::move(a));
    }
};
template <>
struct action<g::arg_integer> {
    template <typename Input>
    static void apply(const Input& in, State& st) {
        Arg a;
        a.kind = Arg::Kind::integer;
        a.integer = decimal(in.string_view());
        a.loc = loc_of(in);
        st.atom.args.push_back(std::move(a));
    }
};
template <>
struct action<g::arg_symbol> {
    template <typename Input>
    static void apply(const Input& in, State& st) {
        Arg a;
        a.kind = Arg::Kind::symbol;
        a.symbol = in.string();
        a.loc = loc_of(in);
        st.atom.args.push_back(std::move(a));
    }
};

// Completes the atom just parsed: its predicate is interned now that its arity is known.
Atom finish_atom(State& st) {
    Atom a = std::move(st.atom);
    a.pred = st.predicate(st.atom_name, static_cast<std::uint32_t>(a.args.size()), a.loc);
    return a;
}

template <>
struct action<g::head_atom> {
    static void apply0(State& st) {
        st.rule.head = finish_atom(st);
        st.rule.loc = st.rule.head.loc;
    }
};
template <>
struct action<g::body_atom> {
    static void apply0(State& st) {
        Atom a = finish_atom(st);
        if (st.rule.body || st.rule.body_kind == BodyKind::error) {
            st.diags.error(st.prog.file, a.loc,
                           "a rule body has at most one atom (linear rules); this is a second");
            return;
        }
        st.rule.body = std::move(a);
        st.rule.body_kind = BodyKind::atom;
    }
};
template <>
struct action<g::error_literal> {
    template <typename Input>
    static void apply(const Input& in, State& st) {
        if (st.rule.body) {
            st.diags.error(st.prog.file, loc_of(in),
                           "`error` cannot follow an atom in the same body (linear rules)");
            return;
        }
        st.rule.body_kind = BodyKind::error;
    }
};
struct label_action {
    template <typename Input>
    static void apply(const Input& in, State& st) {
        st.rule.label = in.string();
    }
};
template <> struct action<g::label_integer> : label_action {};
template <> struct action<g::label_string> : label_action {};
template <> struct action<g::label_symbol> : label_action {};

template <>
struct action<g::rule> {
    static void apply0(State& st) {
        const std::size_t constraints = st.constraints.size(), vars = st.vars.size();
        st.rule.constraints = std::move(st.constraints);
        st.rule.vars = std::move(st.vars);
        st.rule.index = static_cast<std::uint32_t>(st.prog.rules.size() + 1);
        st.attach_trailing_comment();
        st.rule.trivia = st.take_trivia();
        st.prog.order.push_back({ClauseRef::Kind::rule, static_cast<std::uint32_t>(st.prog.rules.size())});
        st.prog.rules.push_back(std::move(st.rule));
        st.reset_clause();
        // The next rule is likely of about this size (a translated program's steps are): its
        // constraints and variables are then not moved to larger vectors again and again.
        st.constraints.reserve(constraints);
        st.vars.reserve(vars);
    }
};

template <>
struct action<g::query_atom> {
    static void apply0(State& st) { st.rule.head = finish_atom(st); }
};
template <>
struct action<g::query> {
    template <typename Input>
    static void apply(const Input& in, State& st) {
        SourceLoc loc = loc_of(in);
        if (++st.queries == 2) {
            Diagnostic d{Severity::error, st.prog.file, loc,
                         "a program has exactly one query; this is a second", {}};
            d.notes.push_back({Severity::note, st.prog.file, st.first_query, "the first query", {}});
            st.diags.add(std::move(d));
        }
        if (st.queries == 1) {
            st.first_query = loc;
            st.attach_trailing_comment();
            Query& q = st.prog.query;
            q.atom = std::move(st.rule.head);
            q.constraints = std::move(st.constraints);
            q.vars = std::move(st.vars);
            q.loc = loc;
            q.trivia = st.take_trivia();
            st.prog.order.push_back({ClauseRef::Kind::query, 0});
        }
        st.reset_clause();
    }
};

template <>
struct action<g::directive_name> {
    template <typename Input>
    static void apply(const Input& in, State& st) {
        st.directive.name = in.string();
        st.directive.loc = loc_of(in);
    }
};
template <>
struct action<g::directive_arg> {
    template <typename Input>
    static void apply(const Input& in, State& st) {
        // Canonical text: white space outside strings removed, then ", " between arguments.
        std::string text, raw = in.string();
        bool quoted = false;
        for (char c : raw) {
            if (c == '"') quoted = !quoted;
            if (!quoted && (c == ' ' || c == '\t' || c == '\n' || c == '\r')) continue;
            text += c;
            if (!quoted && c == ',') text += ' ';
        }
        st.directive.args.push_back(std::move(text));
    }
};
template <>
struct action<g::directive> {
    static void apply0(State& st) {
        st.attach_trailing_comment();
        st.directive.trivia = st.take_trivia();
        st.prog.order.push_back(
            {ClauseRef::Kind::directive, static_cast<std::uint32_t>(st.prog.directives.size())});
        st.prog.directives.push_back(std::move(st.directive));
        st.reset_clause();
    }
};

// ---- control: messages for `must`, and a limit on nesting ----------------------------------
template <typename Rule>
struct nesting_control : pegtl::normal<Rule> {
    // Only rules with no message of their own in grammar::errors get here.
    template <typename Input, typename... States>
    [[noreturn]] static void raise(const Input& in, States&&... /*st*/) {
        throw pegtl::parse_error("syntax error", in);
    }
};

template <typename Rule>
struct count_nesting : pegtl::normal<Rule> {
    template <typename Input>
    static void start(const Input& in, State& st) {
        if (++st.depth > max_nesting) {
            throw pegtl::parse_error("expression nested too deeply (more than " +
                                         std::to_string(max_nesting) + " levels)",
                                     in);
        }
    }
    template <typename Input>
    static void success(const Input& /*in*/, State& st) { --st.depth; }
    template <typename Input>
    static void failure(const Input& /*in*/, State& st) { --st.depth; }
    template <typename Input, typename... States>
    [[noreturn]] static void raise(const Input& in, States&&... /*st*/) {
        throw pegtl::parse_error("syntax error", in);
    }
};
// Every level of parentheses or unary minus passes through one of these (a derived rule is
// matched as itself, not as its base).
template <> struct nesting_control<g::unary> : count_nesting<g::unary> {};
template <> struct nesting_control<g::unary_req> : count_nesting<g::unary_req> {};
template <> struct nesting_control<g::dj_group> : count_nesting<g::dj_group> {};
template <> struct nesting_control<g::disjunction> : count_nesting<g::disjunction> {};

// Where a comment or string opens, so that "unclosed" errors point at the opening.
template <typename Rule>
struct remember_opening : pegtl::normal<Rule> {
    template <typename Input>
    static void start(const Input& in, State& st) {
        st.opened = loc_of(in);
    }
    template <typename Input, typename... States>
    [[noreturn]] static void raise(const Input& in, States&&... /*st*/) {
        throw pegtl::parse_error("syntax error", in);
    }
};
template <> struct nesting_control<g::block_comment> : remember_opening<g::block_comment> {};
template <> struct nesting_control<g::quoted> : remember_opening<g::quoted> {};
template <> struct nesting_control<g::label_string> : remember_opening<g::label_string> {};

template <typename Rule>
using control = pegtl::must_if<g::errors, nesting_control, false>::control<Rule>;

// ---- recovery -------------------------------------------------------------------------------
// After a syntax error at `pos`, the byte after the next clause-ending `.` (outside comments
// and strings), or the end of the text.
std::size_t recovery_point(std::string_view text, std::size_t pos) {
    std::size_t i = pos;
    while (i < text.size()) {
        char c = text[i];
        if (c == '%') {
            while (i < text.size() && text[i] != '\n') ++i;
        } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
            auto end = text.find("*/", i + 2);
            i = end == std::string_view::npos ? text.size() : end + 2;
        } else if (c == '"') {
            ++i;
            while (i < text.size() && text[i] != '"' && text[i] != '\n') ++i;
            ++i;
        } else if (c == '.' && (i + 1 == text.size() || std::isspace(static_cast<unsigned char>(text[i + 1])) ||
                                text[i + 1] == '%')) {
            return i + 1;
        } else {
            ++i;
        }
    }
    return text.size();
}

SourceLoc position_of(std::string_view text, std::size_t byte) {
    SourceLoc l{1, 1};
    for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++l.line;
            l.column = 1;
        } else {
            ++l.column;
        }
    }
    return l;
}

void parse_clauses(std::string_view text, State& st) {
    std::size_t offset = 0;
    while (offset <= text.size()) {
        SourceLoc at = position_of(text, offset);
        pegtl::memory_input<pegtl::tracking_mode::eager, pegtl::eol::lf_crlf> in(
            text.data() + offset, text.data() + text.size(), st.prog.file, offset, at.line,
            at.column);
        try {
            while (!in.empty()) {
                pegtl::parse<g::next_clause, action, control>(in, st);
                // Where the clause just read ended; not moved by trailing comments at the end.
                if (!in.empty()) st.last_clause_line = static_cast<std::uint32_t>(in.position().line);
            }
            st.attach_trailing_comment();
            return;
        } catch (const pegtl::parse_error& e) {
            const auto& p = e.positions().front();
            SourceLoc where{static_cast<std::uint32_t>(p.line), static_cast<std::uint32_t>(p.column)};
            if (e.message().rfind("unclosed", 0) == 0) where = st.opened;
            st.diags.error(st.prog.file, where, std::string(e.message()));
            st.reset_clause();
            if (st.diags.limit_reached()) return;
            if (e.message().rfind("unclosed comment", 0) == 0) return;
            std::size_t next = recovery_point(text, p.byte);
            if (next <= offset) next = offset + 1;
            offset = next;
            st.comments.clear();
        }
    }
}

}  // namespace

std::optional<Program> parse_program(std::string_view text, const std::string& file,
                                     Diagnostics& diags) {
    Program prog;
    prog.file = file;
    State st(prog, diags);
    parse_clauses(text, st);
    prog.final_comments.clear();
    for (Comment& c : st.comments) prog.final_comments.push_back(std::move(c.text));
    // A query lost to a syntax error is not also reported missing.
    if (!diags.limit_reached()) check_program(prog, diags.has_errors() ? -1 : st.queries, diags);
    if (diags.has_errors()) return std::nullopt;
    return prog;
}

}  // namespace clpi
