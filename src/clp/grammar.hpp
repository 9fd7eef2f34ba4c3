// The grammar of the CLP rule language (clp-language.md sections 2-5): rules only. Actions
// live in parser.cpp; the messages for `must` failures are the `errors` table at the end.
#pragma once

#include <cstddef>

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze_traits.hpp>

namespace clpi::grammar {

using namespace tao::pegtl;

// ---- lexical ----------------------------------------------------------------------------
struct line_comment : seq<one<'%'>, until<eolf>> {};
struct block_comment_end : until<string<'*', '/'>> {};
struct block_comment : if_must<string<'/', '*'>, block_comment_end> {};
struct comment : sor<line_comment, block_comment> {};

constexpr bool space_char(char c) {  // what PEGTL's `space` reads
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
constexpr const char* skip_spaces(const char* p, const char* end) {
    while (p < end && space_char(*p)) ++p;
    return p;
}

// White space and comments, as `star<sor<space, comment>>` reads them: a run of spaces is
// passed over at once, and the comment rules (their actions keep the comments for `fmt`)
// are tried only where a comment starts. (Read by those rules, every place between two
// tokens tried both comment rules, which failed: the parse of hopv binomial03's
// translation takes 7% fewer instructions this way.)
struct sep {
    using rule_t = sep;
    using subs_t = type_list<comment>;
    template <apply_mode A, rewind_mode M, template <typename...> class Action,
              template <typename...> class Control, typename ParseInput, typename... States>
    [[nodiscard]] static bool match(ParseInput& in, States&&... st) {
        for (;;) {
            const char* p = in.current();
            const char* end = in.end();
            const char* q = skip_spaces(p, end);
            if (q != p) in.bump(static_cast<std::size_t>(q - p));
            const bool comment_starts = q < end && (*q == '%' || (*q == '/' && q + 1 < end && q[1] == '*'));
            if (!comment_starts || !Control<comment>::template match<A, M, Action, Control>(in, st...)) {
                return true;
            }
        }
    }
};

struct ident_other : sor<alnum, one<'_'>> {};
template <char... C>
struct kw : seq<string<C...>, not_at<ident_other>> {};

struct kw_div : kw<'d', 'i', 'v'> {};
struct kw_mod : kw<'m', 'o', 'd'> {};
struct kw_error : kw<'e', 'r', 'r', 'o', 'r'> {};
struct kw_true : kw<'t', 'r', 'u', 'e'> {};
struct kw_select : kw<'s', 'e', 'l', 'e', 'c', 't'> {};
struct kw_store : kw<'s', 't', 'o', 'r', 'e'> {};
struct kw_const_array : kw<'c', 'o', 'n', 's', 't', '_', 'a', 'r', 'r', 'a', 'y'> {};

struct variable : seq<sor<upper, one<'_'>>, star<ident_other>, star<one<'\''>>> {};
struct symbol : seq<lower, star<ident_other>> {};
struct digits : plus<digit> {};
// `1.5` and `1/3` are single constants (real-domain programs); `1.` ends a clause.
struct number : seq<digits, opt<sor<seq<one<'.'>, digits>, seq<one<'/'>, digits>>>> {};
struct string_body : until<one<'"'>, not_one<'\n'>> {};
struct quoted : if_must<one<'"'>, string_body> {};

// ---- expressions ------------------------------------------------------------------------
struct expr;
struct close_paren : one<')'> {};
struct comma : one<','> {};
struct paren_open : one<'('> {};
// `_req` rules stand where the input must continue with them: only they carry a message
// (must_if raises on the failure of any rule that has one).
struct expr_req;
struct paren_expr : if_must<paren_open, sep, expr_req, sep, close_paren> {};
struct select_expr : if_must<seq<kw_select, sep, one<'('>>, sep, expr_req, sep, comma, sep,
                             expr_req, sep, close_paren> {};
struct store_expr : if_must<seq<kw_store, sep, one<'('>>, sep, expr_req, sep, comma, sep, expr_req,
                            sep, comma, sep, expr_req, sep, close_paren> {};
struct const_array_expr : if_must<seq<kw_const_array, sep, one<'('>>, sep, expr_req, sep, close_paren> {};
struct unary;
struct unary_req;
struct minus_sign : one<'-'> {};
struct negation : if_must<minus_sign, sep, unary_req> {};
struct operand : sor<negation, paren_expr, select_expr, store_expr, const_array_expr, number, variable> {};
struct unary : operand {};
struct unary_req : unary {};

struct op_mul : one<'*'> {};
struct mul_op : sor<op_mul, kw_div, kw_mod> {};
struct mul_tail : if_must<mul_op, sep, unary_req> {};
struct term : seq<unary, star<sep, mul_tail>> {};
struct op_add : one<'+'> {};
struct op_sub : one<'-'> {};
struct add_op : sor<op_add, op_sub> {};
struct term_req : term {};
struct add_tail : if_must<add_op, sep, term_req> {};
struct expr : seq<term, star<sep, add_tail>> {};
struct expr_req : expr {};

struct rel_ne : string<'!', '='> {};
struct rel_le : sor<string<'<', '='>, string<'=', '<'>> {};
struct rel_ge : string<'>', '='> {};
struct rel_lt : one<'<'> {};
struct rel_gt : one<'>'> {};
struct rel_eq : one<'='> {};
struct relop : sor<rel_ne, rel_le, rel_ge, rel_lt, rel_gt, rel_eq> {};
struct constraint : if_must<expr, sep, relop, sep, expr_req> {};

// ---- the common comparison, read at once -------------------------------------------------
// `X = Y`, `B >= 0`, `N = -1`: two operands, each a variable or an integer (a `-` right
// before its digits too), and nothing after them that would continue an expression. A
// translated program has thousands of these, and read by `constraint` each one passes
// through the whole expression grammar (every kind of operand tried in turn, then the `*`
// and `+` tails). This rule reads exactly what `constraint` would read of such a comparison;
// anything else (comments between its tokens included) it leaves, unread, to `constraint`.
namespace simple {
constexpr bool upper_char(char c) { return c >= 'A' && c <= 'Z'; }
constexpr bool digit_char(char c) { return c >= '0' && c <= '9'; }
constexpr bool ident_char(char c) {
    return digit_char(c) || upper_char(c) || (c >= 'a' && c <= 'z') || c == '_';
}
// The end of the variable or integer at `p` (as `variable` and `number` read it, with an
// optional `-` right before an integer), or nullptr. A decimal or a fraction is not one.
constexpr const char* operand_end(const char* p, const char* end) {
    if (p < end && (upper_char(*p) || *p == '_')) {
        ++p;
        while (p < end && ident_char(*p)) ++p;
        while (p < end && *p == '\'') ++p;
        return p;
    }
    if (p < end && *p == '-') ++p;
    if (p == end || !digit_char(*p)) return nullptr;
    while (p < end && digit_char(*p)) ++p;
    if (p + 1 < end && (*p == '.' || *p == '/') && digit_char(p[1])) return nullptr;
    return p;
}
// The length of the comparison operator at `p` (as `relop` reads it), or 0.
constexpr std::size_t relop_length(const char* p, const char* end) {
    if (p + 1 < end) {
        const char a = p[0], b = p[1];
        if ((a == '!' && b == '=') || (a == '<' && b == '=') || (a == '=' && b == '<') ||
            (a == '>' && b == '=')) {
            return 2;
        }
    }
    return p < end && (*p == '<' || *p == '>' || *p == '=') ? 1 : 0;
}
constexpr bool keyword_at(const char* p, const char* end, const char (&word)[4]) {
    return end - p >= 3 && p[0] == word[0] && p[1] == word[1] && p[2] == word[2] &&
           (end - p == 3 || !ident_char(p[3]));
}
// The length of the comparison at `begin`, or 0 when there is none this rule reads.
constexpr std::size_t comparison_length(const char* begin, const char* end) {
    const char* p = operand_end(begin, end);
    if (p == nullptr) return 0;
    p = skip_spaces(p, end);
    const std::size_t r = relop_length(p, end);
    if (r == 0) return 0;
    const char* last = operand_end(skip_spaces(p + r, end), end);
    if (last == nullptr) return 0;
    // What `constraint` would go on with: an operator (after spaces or comments).
    const char* next = skip_spaces(last, end);
    if (next < end) {
        const char c = *next;
        if (c == '+' || c == '-' || c == '*' || c == '%' || c == '/') return 0;
        if (keyword_at(next, end, "div") || keyword_at(next, end, "mod")) return 0;
    }
    return static_cast<std::size_t>(last - begin);
}
}  // namespace simple

struct simple_comparison {
    using rule_t = simple_comparison;
    using subs_t = empty_list;
    template <typename ParseInput>
    [[nodiscard]] static bool match(ParseInput& in) noexcept {
        const std::size_t n = simple::comparison_length(in.current(), in.end());
        if (n == 0) return false;
        in.bump(n);
        return true;
    }
};
struct list_sep : seq<sep, one<','>, sep> {};

// ---- disjunctions: `(c1, c2 ; c3 ; true)` ------------------------------------------------
// A constraint may start with `(` too (`(X + 1) * 2 > Y`), so a disjunction is recognised
// first by looking ahead: `(`, text with balanced parentheses, and a `;` before the `)`
// that closes it. Only then does the parser commit to it. The look-ahead stops at the
// clause's end dot.
struct dj_group;
struct dj_clause_end : seq<one<'.'>, sor<space, eof, one<'%'>>> {};
// Runs of characters that cannot start a comment, a group or the clause's end are taken
// at once (the look-ahead passes over every case of a nested disjunction again).
struct dj_plain : plus<not_one<'(', ')', ';', '.', '%', '/'>> {};
struct dj_dot_or_slash : seq<not_at<dj_clause_end>, one<'.', '/'>> {};  // not an end, not a comment
struct dj_inner : star<sor<dj_plain, comment, dj_group, dj_dot_or_slash>> {};  // no `;` outside parentheses
struct dj_nested : star<sor<dj_plain, comment, dj_group, dj_dot_or_slash, one<';'>>> {};
struct dj_group : seq<one<'('>, dj_nested, one<')'>> {};
struct disjunction_ahead : at<one<'('>, dj_inner, one<';'>> {};

struct disjunction;
struct disj_open : one<'('> {};
struct disj_true : kw_true {};
// An atom or `error` where a case needs a constraint: matched only to say so.
struct disj_not_constraint : sor<kw_error, symbol> {};
struct case_item : sor<disjunction, disj_true, simple_comparison, constraint, disj_not_constraint> {};
struct case_item_req : case_item {};
struct disj_case : seq<case_item_req, star<list_sep, case_item_req>> {};
struct disj_semi : one<';'> {};
struct disj_more : seq<disj_semi, sep, disj_case> {};
struct disj_close : one<')'> {};
struct disjunction
    : if_must<seq<disjunction_ahead, disj_open>, sep, disj_case, star<sep, disj_more>, sep,
              disj_close> {};

// ---- atoms, literals, clauses -----------------------------------------------------------
struct integer_arg : seq<opt<one<'-'>>, digits> {};
struct arg_variable : variable {};
struct arg_symbol : symbol {};
struct arg_integer : integer_arg {};
struct arg : sor<arg_variable, arg_integer, arg_symbol> {};
struct args : list_must<arg, list_sep> {};
struct atom_name : symbol {};
struct atom_args : if_must<one<'('>, sep, args, sep, close_paren> {};
struct atom : seq<atom_name, opt<sep, atom_args>> {};

struct label_integer : integer_arg {};
struct label_string : quoted {};
struct label_symbol : symbol {};
struct label : sor<label_integer, label_string, label_symbol> {};
struct error_label : if_must<one<'('>, sep, label, sep, close_paren> {};
struct error_literal : seq<kw_error, opt<sep, error_label>> {};
struct true_literal : kw_true {};
struct body_atom : atom {};
struct literal : sor<error_literal, true_literal, disjunction, simple_comparison, constraint, body_atom> {};
struct literal_must : sor<literal> {};
struct body : list_must<literal_must, list_sep> {};

struct end_dot : one<'.'> {};
struct query_atom : atom {};
struct query_constraint : constraint {};
struct query_literal : sor<disjunction, query_constraint> {};
struct query_tail : if_must<one<','>, sep, query_literal> {};
struct query : if_must<string<'?', '-'>, sep, query_atom, star<sep, query_tail>, sep, end_dot> {};

// Directive arguments are kept as text (the checker reads them); no AST actions inside.
struct directive_arg_text : disable<sor<seq<symbol, opt<sep, atom_args>>, quoted, integer_arg>> {};
struct directive_arg : directive_arg_text {};
struct directive_args : if_must<one<'('>, sep, list_must<directive_arg, list_sep>, sep,
                                close_paren> {};
struct directive_name : symbol {};
struct directive
    : if_must<string<':', '-'>, sep, directive_name, opt<sep, directive_args>, sep, end_dot> {};

struct head_atom : atom {};
struct neck : string<':', '-'> {};
struct rule_body : if_must<neck, sep, body> {};
struct rule : seq<head_atom, sep, opt<rule_body, sep>, must<end_dot>> {};

struct clause_start : sor<query, directive, rule> {};
// One clause, or the end of the input; leading white space and comments before it.
struct next_clause : seq<sep, sor<eof, must<clause_start>>> {};

// ---- messages for `must` -----------------------------------------------------------------
struct errors {
    template <typename Rule>
    static constexpr const char* message = nullptr;
};
// clang-format off
template <> inline constexpr const char* errors::message<block_comment_end> = "unclosed comment: `/*` has no matching `*/`";
template <> inline constexpr const char* errors::message<string_body> = "unclosed string: `\"` has no matching `\"` on this line";
template <> inline constexpr const char* errors::message<expr_req> = "expected an expression (a number, a variable, `(`, `-`, `select`, `store` or `const_array`)";
template <> inline constexpr const char* errors::message<unary_req> = "expected an operand (a number, a variable, `(`, `-`, `select`, `store` or `const_array`)";
template <> inline constexpr const char* errors::message<term_req> = "expected an operand after `+` or `-`";
template <> inline constexpr const char* errors::message<close_paren> = "expected `)`";
template <> inline constexpr const char* errors::message<comma> = "expected `,`";
template <> inline constexpr const char* errors::message<relop> = "expected a comparison (`=`, `!=`, `<`, `<=`, `>`, `>=`) after the expression";
template <> inline constexpr const char* errors::message<arg> = "expected an argument (a variable, an integer or a symbol)";
template <> inline constexpr const char* errors::message<args> = "expected an argument (a variable, an integer or a symbol)";
template <> inline constexpr const char* errors::message<label> = "expected an error label (an integer, a string or a symbol)";
template <> inline constexpr const char* errors::message<literal_must> = "expected a body literal (an atom, a constraint, a disjunction, `error` or `true`)";
template <> inline constexpr const char* errors::message<body> = "expected a body literal (an atom, a constraint, a disjunction, `error` or `true`)";
template <> inline constexpr const char* errors::message<case_item_req> = "expected a constraint, `true` or a disjunction in a case of the disjunction";
template <> inline constexpr const char* errors::message<disj_close> = "expected `)` or `;` in the disjunction";
template <> inline constexpr const char* errors::message<end_dot> = "expected `.` at the end of the clause";
template <> inline constexpr const char* errors::message<query_atom> = "expected an atom after `?-`";
template <> inline constexpr const char* errors::message<query_constraint> = "expected a constraint in the query";
template <> inline constexpr const char* errors::message<directive_name> = "expected a directive name after `:-`";
template <> inline constexpr const char* errors::message<directive_arg> = "expected a directive argument (an atom, a string or an integer)";
template <> inline constexpr const char* errors::message<clause_start> = "expected a clause: a rule `p(...) :- ... .`, a query `?- ... .` or a directive `:- ... .`";
// clang-format on

}  // namespace clpi::grammar

namespace tao::pegtl {
// For PEGTL's grammar analysis: the rule reads at least one character when it succeeds.
template <typename Name>
struct analyze_traits<Name, clpi::grammar::simple_comparison> : analyze_any_traits<> {};
// `sep` reads what `star<sor<space, comment>>` reads: nothing, or spaces and comments.
template <typename Name>
struct analyze_traits<Name, clpi::grammar::sep>
    : analyze_opt_traits<sor<ascii::space, clpi::grammar::comment>, Name> {};
}  // namespace tao::pegtl
