#include "chc/sexpr.hpp"

#include <algorithm>
#include <cctype>

namespace clpi::sexpr {

bool delimiter(char c) { return std::isspace(static_cast<unsigned char>(c)) || c == '(' || c == ')'; }

namespace {

// Reads `s` as one s-expression.
class Reader {
public:
    explicit Reader(std::string_view s) : s_(s) {}

    std::optional<Node> whole() {
        std::optional<Node> n = node();
        skip();
        if (!n || i_ != s_.size()) return std::nullopt;
        return n;
    }

private:
    void skip() {
        while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
    }

    std::optional<Node> node() {
        skip();
        // Deeper than a certificate's formulas go: not read (the formula is then compared as
        // a whole), which also bounds this recursion and the texts made of each level.
        if (i_ >= s_.size() || depth_ > 256) return std::nullopt;
        const char c = s_[i_];
        if (c == ')' || c == ';' || c == '"') return std::nullopt;
        Node n;
        if (c == '(') {
            ++i_;
            n.list = true;
            ++depth_;
            for (;;) {
                skip();
                if (i_ >= s_.size()) return std::nullopt;
                if (s_[i_] == ')') {
                    ++i_;
                    --depth_;
                    return n;
                }
                std::optional<Node> kid = node();
                if (!kid) return std::nullopt;
                n.kids.push_back(std::move(*kid));
            }
        }
        const std::size_t start = i_;
        if (c == '|') {
            const std::size_t end = s_.find('|', i_ + 1);
            if (end == std::string_view::npos) return std::nullopt;
            i_ = end + 1;
        } else {
            while (i_ < s_.size() && !delimiter(s_[i_]) && s_[i_] != '|' && s_[i_] != ';' && s_[i_] != '"') ++i_;
        }
        n.text = std::string(s_.substr(start, i_ - start));
        return n;
    }

    std::string_view s_;
    std::size_t i_ = 0;
    std::size_t depth_ = 0;
};

// Operators whose value does not depend on the order of their operands, in every reading
// of the symbols that SMT-LIB allows (the core theory's and arithmetic's).
bool commutative(const Node& n) {
    if (!n.list || n.kids.empty() || n.kids[0].list) return false;
    const std::string& op = n.kids[0].text;
    return op == "and" || op == "or" || op == "=" || op == "distinct" || op == "+" || op == "*";
}

// One text per formula, whatever its layout and the order of a commutative operator's
// operands: the same formula printed over several lines and on one compares equal, and so do
// `(= x (+ y 3))` as the rule says it and `(= x (+ 3 y))` as Z3 prints a memo's formula.
void print(const Node& n, std::string& out) {
    if (!n.list) {
        out += n.text;
        return;
    }
    out += '(';
    if (commutative(n) && n.kids.size() > 2) {
        std::vector<std::string> operands;
        for (std::size_t k = 1; k < n.kids.size(); ++k) {
            operands.emplace_back();
            print(n.kids[k], operands.back());
        }
        std::sort(operands.begin(), operands.end());
        out += n.kids[0].text;
        for (const std::string& o : operands) out += ' ' + o;
    } else {
        for (std::size_t k = 0; k < n.kids.size(); ++k) {
            if (k > 0) out += ' ';
            print(n.kids[k], out);
        }
    }
    out += ')';
}

}  // namespace

std::string text_of(const Node& n) {
    std::string out;
    print(n, out);
    return out;
}

bool is_apply(const Node& n, std::string_view op) {
    return n.list && !n.kids.empty() && !n.kids[0].list && n.kids[0].text == op;
}

bool has_apply(const Node& n, std::initializer_list<std::string_view> ops) {
    for (std::string_view op : ops) {
        if (is_apply(n, op)) return true;
    }
    for (const Node& k : n.kids) {
        if (has_apply(k, ops)) return true;
    }
    return false;
}

bool is_constant(const Node& n) {
    if (n.list || n.text.empty() || n.text == "true" || n.text == "false") return false;
    const char c = n.text[0];
    return !std::isdigit(static_cast<unsigned char>(c)) && c != '#' && c != '"';
}

std::optional<Rational> number(const Node& n) {
    if (!n.list) {
        const std::string& t = n.text;
        if (t.empty() || !std::isdigit(static_cast<unsigned char>(t[0]))) return std::nullopt;
        const std::size_t dot = t.find('.');
        const std::string whole = t.substr(0, dot);
        const std::string frac = dot == std::string::npos ? "" : t.substr(dot + 1);
        for (char c : whole + frac) {
            if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
        }
        if (dot != std::string::npos && frac.empty()) return std::nullopt;
        Integer digits(whole + frac);
        Integer scale = 1;
        for (std::size_t k = 0; k < frac.size(); ++k) scale *= 10;
        return Rational(digits, scale);
    }
    if (is_apply(n, "-") && n.kids.size() == 2) {
        if (std::optional<Rational> v = number(n.kids[1])) return -*v;
    }
    if (is_apply(n, "/") && n.kids.size() == 3) {
        std::optional<Rational> a = number(n.kids[1]), b = number(n.kids[2]);
        if (a && b && *b != 0) return *a / *b;
    }
    return std::nullopt;
}

std::optional<Node> read(std::string_view text) { return Reader(text).whole(); }

}  // namespace clpi::sexpr
