// SMT-LIB text as s-expressions: the tokens and the lists, nothing of what they mean. Both
// readers of SMT-LIB in clpi start here: the in-process cvc5 checks (cvc5/checks.cpp) and the
// CHC import's reader of Horn problems (chc/horn_reader.hpp). Header-only: the cvc5 module is
// a library of its own and links nothing of clpi's.
#pragma once

#include <cctype>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

namespace clpi::smtlib {

// Text that is not a sequence of s-expressions: an unbalanced parenthesis, an unterminated
// quoted symbol or string, nesting deeper than max_depth.
struct Malformed : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct Token {
    enum class Kind { open, close, symbol, quoted, numeral, decimal, keyword, string, other, end };
    Kind kind = Kind::end;
    std::string text;  // a quoted symbol without its bars, a string without its quotes
};

class Lexer {
public:
    explicit Lexer(std::string_view s) : s_(s) {}

    Token next() {
        skip_blanks();
        if (i_ >= s_.size()) return {Token::Kind::end, ""};
        char c = s_[i_];
        if (c == '(' || c == ')') {
            ++i_;
            return {c == '(' ? Token::Kind::open : Token::Kind::close, std::string(1, c)};
        }
        if (c == '|') return delimited('|', Token::Kind::quoted);
        if (c == '"') return delimited('"', Token::Kind::string);
        std::size_t start = i_;
        while (i_ < s_.size() && !ends_atom(s_[i_])) ++i_;
        std::string text(s_.substr(start, i_ - start));
        const Token::Kind kind = classify(text);
        return {kind, std::move(text)};
    }

private:
    // White space (as isspace in the C locale) and the characters that end an atom. Written
    // out: the lexer reads every character of a CHC problem, and a call per character to
    // isspace and to find was a tenth of reading one.
    static bool blank(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
    static bool ends_atom(char c) {
        return blank(c) || c == '(' || c == ')' || c == ';' || c == '|' || c == '"';
    }

    void skip_blanks() {
        while (i_ < s_.size()) {
            if (blank(s_[i_])) {
                ++i_;
            } else if (s_[i_] == ';') {
                while (i_ < s_.size() && s_[i_] != '\n') ++i_;
            } else {
                break;
            }
        }
    }

    // A quoted symbol or a string (in which `""` stands for one `"`).
    Token delimited(char quote, Token::Kind kind) {
        std::string text;
        for (++i_; i_ < s_.size(); ++i_) {
            if (s_[i_] != quote) {
                text += s_[i_];
            } else if (quote == '"' && i_ + 1 < s_.size() && s_[i_ + 1] == '"') {
                text += '"';
                ++i_;
            } else {
                ++i_;
                return {kind, text};
            }
        }
        throw Malformed(fmt::format("an unterminated {}", quote == '|' ? "quoted symbol" : "string"));
    }

    static Token::Kind classify(const std::string& t) {
        auto digits = [](std::string_view d) {  // (a loop: find_first_not_of scans its set per character)
            for (const char c : d) {
                if (c < '0' || c > '9') return false;
            }
            return !d.empty();
        };
        if (digits(t)) return Token::Kind::numeral;
        auto dot = t.find('.');
        if (dot != std::string::npos && digits(std::string_view(t).substr(0, dot)) &&
            digits(std::string_view(t).substr(dot + 1))) {
            return Token::Kind::decimal;
        }
        if (t[0] == ':') return Token::Kind::keyword;
        if (t[0] == '#' || std::isdigit(static_cast<unsigned char>(t[0]))) return Token::Kind::other;
        return Token::Kind::symbol;
    }

    std::string_view s_;
    std::size_t i_ = 0;
};

// An s-expression: a token, or a list when `is_list` is set.
struct SExpr {
    Token atom;
    bool is_list = false;
    std::vector<SExpr> list;
};

// Deeper lists are refused rather than read: a reader of the tree recurses once per level.
inline constexpr std::size_t max_depth = 2000;

// The next s-expression; nothing at the end of the text.
inline std::optional<SExpr> read(Lexer& lex, std::optional<Token> first = std::nullopt, std::size_t depth = 0) {
    Token t = first ? std::move(*first) : lex.next();
    if (t.kind == Token::Kind::end) return std::nullopt;
    if (t.kind == Token::Kind::close) throw Malformed("an unbalanced `)`");
    if (t.kind != Token::Kind::open) return SExpr{std::move(t), false, {}};
    if (depth >= max_depth) throw Malformed(fmt::format("lists nested more than {} deep", max_depth));
    SExpr e{std::move(t), true, {}};
    for (Token u = lex.next(); u.kind != Token::Kind::close; u = lex.next()) {
        if (u.kind == Token::Kind::end) throw Malformed("an unbalanced `(`");
        e.list.push_back(*read(lex, std::move(u), depth + 1));
    }
    return e;
}

// How an s-expression is named in a message: its text, or its head's for a list.
inline std::string describe(const SExpr& e) {
    if (!e.is_list) return e.atom.kind == Token::Kind::quoted ? "|" + e.atom.text + "|" : e.atom.text;
    if (e.list.empty()) return "()";
    return "(" + describe(e.list[0]) + " ...)";
}

inline bool is_symbol(const SExpr& e) {
    return !e.is_list && (e.atom.kind == Token::Kind::symbol || e.atom.kind == Token::Kind::quoted);
}

// The symbol `name`, written without bars (`|and|` is a name of the user's, not `and`).
inline bool is_keyword_symbol(const SExpr& e, std::string_view name) {
    return !e.is_list && e.atom.kind == Token::Kind::symbol && e.atom.text == name;
}

}  // namespace clpi::smtlib
