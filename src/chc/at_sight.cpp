#include "chc/at_sight.hpp"

#include "chc/linear_refutation.hpp"
#include "chc/linear_term.hpp"
#include "chc/sexpr.hpp"

#include <algorithm>
#include <cctype>
#include <deque>
#include <initializer_list>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <unordered_map>
#include <utility>

namespace clpi::at_sight {

namespace {

using sexpr::delimiter;
using sexpr::has_apply;
using sexpr::is_apply;
using sexpr::Node;
using sexpr::text_of;

bool has_quantifier(const Node& n) { return has_apply(n, {"forall", "exists"}); }

// The formula with its `let`s put in (Z3 prints shared subterms as `let`s): nothing when
// that would make it larger than `budget` nodes. Only for formulas without quantifiers, so
// that no name a `let` puts in can be captured by a binder.
struct Bound {
    std::string name;
    const Node* value;  // already without lets
    std::size_t size;   // its nodes: what each use of the name adds
};
using Bindings = std::vector<Bound>;

std::size_t size_of(const Node& n) {
    std::size_t k = 1;
    for (const Node& kid : n.kids) k += size_of(kid);
    return k;
}

std::optional<Node> without_lets(const Node& n, Bindings& bound, std::size_t& budget) {
    if (budget == 0) return std::nullopt;
    --budget;
    if (!n.list) {
        for (auto it = bound.rbegin(); it != bound.rend(); ++it) {
            if (it->name != n.text) continue;
            // A name used twice in each of nested lets doubles at each level: counted.
            if (it->size > budget) return std::nullopt;
            budget -= it->size;
            return *it->value;
        }
        return n;
    }
    if (is_apply(n, "let") && n.kids.size() == 3 && n.kids[1].list) {
        std::vector<Node> values;  // a let's values are read outside its own bindings
        for (const Node& b : n.kids[1].kids) {
            if (!b.list || b.kids.size() != 2 || b.kids[0].list) return std::nullopt;
            std::optional<Node> v = without_lets(b.kids[1], bound, budget);
            if (!v) return std::nullopt;
            values.push_back(std::move(*v));
        }
        const std::size_t depth = bound.size();
        for (std::size_t k = 0; k < values.size(); ++k) {
            bound.push_back({n.kids[1].kids[k].kids[0].text, &values[k], size_of(values[k])});
        }
        std::optional<Node> body = without_lets(n.kids[2], bound, budget);
        bound.resize(depth);
        return body;
    }
    Node out;
    out.list = true;
    for (const Node& k : n.kids) {
        std::optional<Node> e = without_lets(k, bound, budget);
        if (!e) return std::nullopt;
        out.kids.push_back(std::move(*e));
    }
    return out;
}

// `text` read, its lets put in where that is safe and small; nothing when it cannot be read.
std::optional<Node> formula(std::string_view text) {
    std::optional<Node> n = sexpr::read(text);
    // Most formulas have no `let`: not copied for nothing.
    if (!n || !has_apply(*n, {"let"}) || has_quantifier(*n)) return n;
    Bindings bound;
    std::size_t budget = 20000;
    if (std::optional<Node> e = without_lets(*n, bound, budget)) return e;
    return n;
}

// Linear arithmetic, read exactly (rationals): a comparison is compared with another in a
// normal form, and one without constants is evaluated. What holds of the rationals holds of
// the integers too (the comparisons of integers are those of the same numbers as rationals).
using sexpr::Integer;
using sexpr::is_constant;
using sexpr::number;
using sexpr::Rational;

// Σ coefficient · term + constant. A term is a constant's name or a subterm not read as
// linear (a product of two unknowns, `select`, `mod`, ...), by its text: the same text is the
// same value.
template <class Value>
struct Linear {
    std::map<std::string, Value> terms;
    Value constant = 0;
};

// Adds factor · n to `out`; false when n is not a number-valued term read here (`true`, a
// bit-vector literal) or a number does not fit (`num.fits` false).
template <class Value>
bool add_linear(const Node& n, const Value& factor, Linear<Value>& out, sexpr::Numbers<Value>& num) {
    return sexpr::add_linear(n, factor, out.constant, num, [&out, &num](const Node& term, const Value& f) {
        if (term.list ? term.kids.empty() || term.kids[0].list : !is_constant(term)) return false;
        Value& c = out.terms[term.list ? text_of(term) : term.text];
        c = num.plus(c, f);
        return true;
    });
}

enum class Rel { less, at_most, equal };  // d < 0, d <= 0, d = 0

// Integers as machine words (never the smallest: no overflow) and exact.
long long divisor(long long a, long long b) { return std::gcd(a, b); }
Integer divisor(const Integer& a, const Integer& b) { return abs(boost::multiprecision::gcd(a, b)); }
std::string numeral(long long a) { return std::to_string(a); }
std::string numeral(const Integer& a) { return a.str(); }

// `d rel 0` in the normal form of normal_comparison, given d's integer coefficients (at least
// one not 0) and constant: divided by their divisor, the first coefficient positive.
template <class Int>
std::string normal_text(const std::vector<std::pair<const std::string*, Int>>& terms, const Int& constant, Rel rel, bool negated) {
    Int g = 0;
    for (const auto& [term, c] : terms) g = divisor(g, c);
    g = divisor(g, constant);  // positive (a coefficient is not 0): keeps the comparison
    // The first coefficient positive: -a = 0 is a = 0; -a ≤ 0 is ¬(a < 0); -a < 0 is ¬(a ≤ 0).
    const bool flip = terms.front().second < 0;
    if (flip && rel != Rel::equal) {
        rel = rel == Rel::less ? Rel::at_most : Rel::less;
        negated = !negated;
    }
    std::string text = rel == Rel::less ? "(#< " : rel == Rel::at_most ? "(#<= " : "(#= ";
    auto put = [&](const Int& c) { text += flip ? numeral(Int(-(c / g))) : numeral(Int(c / g)); };
    for (const auto& [term, c] : terms) {
        put(c);
        text += ' ' + *term + ' ';
    }
    put(constant);
    text += ')';
    return negated ? "(not " + text + ")" : text;
}

// The normal form of a comparison of two linear terms: "true" or "false" when it has no
// unknown; otherwise a text for `a ≤ 0`, `a < 0` or `a = 0` (a's coefficients integers with
// no common divisor, the first positive), or the negation of one. Nothing when `n` is not
// such a comparison.
std::optional<std::string> normal_comparison(const Node& n) {
    if (!n.list || n.kids.size() != 3 || n.kids[0].list) return std::nullopt;
    const std::string& op = n.kids[0].text;
    if (op != "=" && op != "distinct" && op != "<=" && op != "<" && op != ">=" && op != ">") return std::nullopt;
    // left - right ⋈ 0, as `less` (d < 0), `at_most` (d ≤ 0) or `equal` (d = 0), and whether negated.
    const Rel rel = op == "<" || op == ">=" ? Rel::less : op == "<=" || op == ">" ? Rel::at_most : Rel::equal;
    const bool negated = op == ">=" || op == ">" || op == "distinct";
    auto no_unknown = [&](const auto& constant) -> std::optional<std::string> {
        const bool holds = rel == Rel::less ? constant < 0 : rel == Rel::at_most ? constant <= 0 : constant == 0;
        return holds != negated ? "true" : "false";
    };
    Linear<long long> small;
    sexpr::Numbers<long long> machine;
    if (add_linear(n.kids[1], 1LL, small, machine) && add_linear(n.kids[2], -1LL, small, machine)) {
        std::vector<std::pair<const std::string*, long long>> terms;
        for (const auto& [term, c] : small.terms) {
            if (c != 0) terms.emplace_back(&term, c);
        }
        if (terms.empty()) return no_unknown(small.constant);
        return normal_text(terms, small.constant, rel, negated);
    }
    if (machine.fits) return std::nullopt;  // not a comparison of linear terms
    Linear<Rational> d;
    sexpr::Numbers<Rational> exact;
    if (!add_linear(n.kids[1], Rational(1), d, exact) || !add_linear(n.kids[2], Rational(-1), d, exact)) {
        return std::nullopt;
    }
    for (auto it = d.terms.begin(); it != d.terms.end();) it = it->second == 0 ? d.terms.erase(it) : std::next(it);
    if (d.terms.empty()) return no_unknown(d.constant);
    // Integer coefficients: each times the denominators' least common multiple.
    Integer denominators = denominator(d.constant);
    for (const auto& [term, c] : d.terms) denominators = boost::multiprecision::lcm(denominators, denominator(c));
    auto scaled = [&](const Rational& c) { return Integer(numerator(c) * (denominators / denominator(c))); };
    std::vector<std::pair<const std::string*, Integer>> terms;
    for (const auto& [term, c] : d.terms) terms.emplace_back(&term, scaled(c));
    return normal_text(terms, scaled(d.constant), rel, negated);
}

// The text a formula is compared by: a comparison of linear terms, or its negation, in its
// normal form; any other formula as printed.
std::string make_key(const Node& n) {
    if (std::optional<std::string> c = normal_comparison(n)) return *c;
    if (is_apply(n, "not") && n.kids.size() == 2) {
        if (std::optional<std::string> c = normal_comparison(n.kids[1])) {
            if (*c == "true" || *c == "false") return *c == "true" ? "false" : "true";
            return c->rfind("(not ", 0) == 0 ? c->substr(5, c->size() - 6) : "(not " + *c + ")";
        }
    }
    return text_of(n);
}

const std::string& key_of(const Node& n) {
    if (n.keyed.empty()) n.keyed = make_key(n);
    return n.keyed;
}

void conjuncts(const Node& n, std::set<std::string>& out) {
    if (is_apply(n, "and")) {
        for (std::size_t k = 1; k < n.kids.size(); ++k) conjuncts(n.kids[k], out);
        return;
    }
    out.insert(key_of(n));
}

enum class Value { yes, no, unknown };

// Whether every operand of `n` (an application) has the same text.
bool same_operands(const Node& n) {
    for (std::size_t k = 2; k < n.kids.size(); ++k) {
        if (text_of(n.kids[k]) != text_of(n.kids[1])) return false;
    }
    return n.kids.size() >= 3;
}

// The value of `n` when every formula in `known` holds: what follows from the connectives
// alone.
Value value(const Node& n, const std::set<std::string>& known) {
    const std::string t = key_of(n);
    if (t == "true" || known.contains(t)) return Value::yes;
    if (is_apply(n, "=") && same_operands(n)) return Value::yes;  // every term equals itself
    if (t == "false" || known.contains("(not " + t + ")")) return Value::no;
    if (t.rfind("(not ", 0) == 0 && known.contains(t.substr(5, t.size() - 6))) return Value::no;
    if (is_apply(n, "not") && n.kids.size() == 2) {
        Value v = value(n.kids[1], known);
        return v == Value::yes ? Value::no : v == Value::no ? Value::yes : Value::unknown;
    }
    const bool conj = is_apply(n, "and");
    if (conj || is_apply(n, "or")) {
        // `and`: yes when every part is, no when one is; `or` the other way round.
        const Value decides = conj ? Value::no : Value::yes;
        bool all = true;
        for (std::size_t k = 1; k < n.kids.size(); ++k) {
            Value v = value(n.kids[k], known);
            if (v == decides) return decides;
            all = all && v != Value::unknown;
        }
        return all ? (conj ? Value::yes : Value::no) : Value::unknown;
    }
    if (is_apply(n, "=>") && n.kids.size() == 3) {
        Value a = value(n.kids[1], known), b = value(n.kids[2], known);
        if (a == Value::no || b == Value::yes) return Value::yes;
        if (a == Value::yes && b == Value::no) return Value::no;
    }
    return Value::unknown;
}

bool occurs(const Node& n, const std::string& name) {
    if (!n.list) return n.text == name;
    for (std::size_t k = 1; k < n.kids.size(); ++k) {  // kids[0]: the operator
        if (occurs(n.kids[k], name)) return true;
    }
    return !n.kids.empty() && n.kids[0].list && occurs(n.kids[0], name);
}

using Substitution = std::map<std::string, Node, std::less<>>;

bool mentions(const Node& n, const Substitution& sigma) {
    if (!n.list) return sigma.contains(n.text);
    for (std::size_t k = 0; k < n.kids.size(); ++k) {
        if ((k > 0 || n.kids[0].list) && mentions(n.kids[k], sigma)) return true;  // kids[0]: the operator
    }
    return false;
}

// `n` with each constant of `sigma` replaced by its term (those terms are without them),
// `changed` set when one was there; false when that would take it past `budget` nodes made.
bool put_in(Node& n, const Substitution& sigma, std::size_t& budget, bool& changed) {
    if (!n.list) {
        auto it = sigma.find(n.text);
        if (it == sigma.end()) return true;
        const std::size_t size = size_of(it->second);
        if (size > budget) return false;
        budget -= size;
        n = it->second;
        changed = true;
        return true;
    }
    bool inside = false;
    for (std::size_t k = 0; k < n.kids.size(); ++k) {
        if ((k > 0 || n.kids[0].list) && !put_in(n.kids[k], sigma, budget, inside)) return false;
    }
    if (inside) {
        n.keyed.clear();  // its normal form changes
        changed = true;
    }
    return true;
}

bool put_in(Node& n, const Substitution& sigma, std::size_t& budget) {
    bool changed = false;
    return put_in(n, sigma, budget, changed);
}

void conjunct_parts(const Node& n, std::vector<const Node*>& out) {
    if (is_apply(n, "and")) {
        for (std::size_t k = 1; k < n.kids.size(); ++k) conjunct_parts(n.kids[k], out);
        return;
    }
    out.push_back(&n);
}

// The equations of a constant among `parts` put in, one constant at a time (`(= x t)` with x
// not in t once the constants before are put in: x becomes t everywhere, and the equation
// goes): where the parts hold, x and t are equal, so each part stays true and a goal keeps its
// value. `used` marks the equations taken. Empty when there is none, or the terms would grow
// past a bound.
Substitution equations_of(const std::vector<const Node*>& parts, std::vector<bool>& used) {
    constexpr std::size_t max_equations = 64;
    std::size_t budget = 20000;  // nodes made
    Substitution sigma;
    for (bool found = true; found && sigma.size() < max_equations;) {
        found = false;
        for (std::size_t i = 0; i < parts.size() && !found; ++i) {
            const Node& f = *parts[i];
            if (used[i] || !is_apply(f, "=") || f.kids.size() != 3) continue;
            Node a = f.kids[1], b = f.kids[2];
            if (!put_in(a, sigma, budget) || !put_in(b, sigma, budget)) return {};
            if (!is_constant(a) || occurs(b, a.text)) std::swap(a, b);
            if (!is_constant(a) || occurs(b, a.text)) continue;
            // The terms taken before, with a put in too.
            Substitution just{{a.text, b}};
            for (auto& [name, term] : sigma) {
                if (!put_in(term, just, budget)) return {};
            }
            sigma.emplace(a.text, std::move(b));
            used[i] = true;
            found = true;
        }
    }
    return sigma;
}

// What the connectives decide of `goal` when `facts` hold.
bool decided_by(const std::vector<Node>& facts, const std::set<std::string>& more_facts, const Node& goal) {
    std::set<std::string> known = more_facts;
    for (const Node& f : facts) conjuncts(f, known);
    if (known.contains("false")) return true;
    for (const std::string& k : known) {
        if (known.contains("(not " + k + ")")) return true;
    }
    return value(goal, known) == Value::yes;
}

// A parameter's position: `$` and its digits, with `a` after them for an array.
std::optional<std::size_t> parameter(std::string_view token) {
    if (token.size() < 2 || token[0] != '$') return std::nullopt;
    const std::string_view digits = token.substr(1, token.back() == 'a' ? token.size() - 2 : token.size() - 1);
    if (digits.empty() || digits.size() > 9) return std::nullopt;
    std::size_t k = 0;
    for (char d : digits) {
        if (!std::isdigit(static_cast<unsigned char>(d))) return std::nullopt;
        k = k * 10 + static_cast<std::size_t>(d - '0');
    }
    return k;
}

// `n` with each parameter replaced by its argument; false when one is past the end.
bool put_arguments(Node& n, const std::vector<const Node*>& args) {
    if (!n.list) {
        const std::optional<std::size_t> k = parameter(n.text);
        if (!k) return true;
        if (*k >= args.size()) return false;
        n = *args[*k];
        return true;
    }
    for (Node& kid : n.kids) {
        if (!put_arguments(kid, args)) return false;
    }
    return true;
}

}  // namespace

std::optional<std::string> instantiate(std::string_view formula, const std::vector<std::string>& args) {
    // The names the arguments are made of: were one of them bound in the formula (by a
    // `let` or a quantifier), putting the argument in would capture it.
    std::set<std::string, std::less<>> names;
    for (const std::string& a : args) {
        if (a.size() > 2 && a.front() == '|' && a.back() == '|') {
            names.insert(a.substr(1, a.size() - 2));
        } else if (!a.empty() && !std::isdigit(static_cast<unsigned char>(a[0])) && a[0] != '(') {
            names.insert(a);
        }
    }
    std::string out;
    out.reserve(formula.size());
    std::size_t i = 0;
    while (i < formula.size()) {
        const char c = formula[i];
        if (delimiter(c)) {
            out += c;
            ++i;
            continue;
        }
        std::size_t end = i;
        if (c == '|') {
            end = formula.find('|', i + 1);
            if (end == std::string_view::npos) return std::nullopt;
            ++end;
            if (names.contains(formula.substr(i + 1, end - i - 2))) return std::nullopt;
        } else {
            while (end < formula.size() && !delimiter(formula[end]) && formula[end] != '|') ++end;
        }
        const std::string_view token = formula.substr(i, end - i);
        i = end;
        if (c == '|') {
            out.append(token);
            continue;
        }
        if (names.contains(token)) return std::nullopt;
        if (const std::optional<std::size_t> k = parameter(token)) {
            if (*k >= args.size()) return std::nullopt;
            out += args[*k];
        } else {
            out.append(token);
        }
    }
    return out;
}

// A formula read once: its tree (lets put in) and the texts of its conjuncts.
struct Sight::Read {
    std::optional<Node> node;
    std::vector<std::string> conjuncts;
    bool quantified = false;  // a quantifier binds names in it: nothing is put in
};

struct Sight::Known {
    std::unordered_map<std::string, Read> read;  // by text
    // A certificate formula over parameters, read once however many arguments it is put in
    // with; nothing when a binder is left in it (lets put in). Without one, nothing in it can
    // capture an argument's symbols; with one, its text is instantiated (instantiate() sees
    // to that) and read.
    std::unordered_map<std::string, std::optional<Node>> templates;
    std::unordered_map<std::string, std::optional<Node>> arguments;  // an argument's text, read
    std::deque<Read> instances;
};

Sight::Sight(Arithmetic arithmetic) : arithmetic_(arithmetic), known_(std::make_unique<Known>()) {}
Sight::~Sight() = default;

namespace {

// The keys of the conjuncts of a formula read, and whether a binder is left in it; `text`, a
// formula that could not be read, is compared as a whole.
void finish(Sight::Read& r, const std::string* text) {
    std::set<std::string> parts;
    if (r.node) {
        conjuncts(*r.node, parts);
        r.quantified = has_quantifier(*r.node) || has_apply(*r.node, {"let"});
    } else {
        parts.insert(*text);  // compared as a whole
    }
    r.conjuncts.assign(parts.begin(), parts.end());
}

}  // namespace

Sight::Formula Sight::formula(const std::string& text) {
    auto [it, made] = known_->read.try_emplace(text);
    if (made) {
        it->second.node = at_sight::formula(text);
        finish(it->second, &text);
    }
    return &it->second;
}

std::optional<Sight::Formula> Sight::instance(const std::string& text, const std::vector<std::string>& args) {
    auto [t, made] = known_->templates.try_emplace(text);
    std::optional<Node>& f = t->second;
    if (made) {
        f = at_sight::formula(text);
        if (f && (has_quantifier(*f) || has_apply(*f, {"let"}))) f.reset();
    }
    if (!f) {
        std::optional<std::string> put = instantiate(text, args);
        if (!put) return std::nullopt;
        return formula(*put);
    }
    std::vector<const Node*> read_args;
    for (const std::string& a : args) {
        auto [in, first] = known_->arguments.try_emplace(a);
        if (first) in->second = sexpr::read(a);
        if (!in->second) return std::nullopt;
        read_args.push_back(&*in->second);
    }
    Read r;
    r.node = *f;
    if (!put_arguments(*r.node, read_args)) return std::nullopt;
    finish(r, nullptr);
    known_->instances.push_back(std::move(r));
    return &known_->instances.back();
}

Sight::Held Sight::how(const std::vector<std::string>& body, const std::string& head) {
    std::vector<Formula> b;
    for (const std::string& t : body) b.push_back(formula(t));
    return how(b, formula(head));
}

Sight::Held Sight::how(const std::vector<Formula>& body, Formula head) {
    if (by_connectives(body, *head)) return Held::by_form;
    // The refutation puts equations in itself, and mostly succeeds: the equations put in by
    // form (for terms it takes as unknowns, say) come after it.
    if (arithmetic_ != Arithmetic::none && head->node) {
        std::vector<const Node*> facts;  // what can be read of the body (the rest is left out)
        for (Formula b : body) {
            if (b->node) facts.push_back(&*b->node);
        }
        if (refuted_linearly(facts, *head->node, arithmetic_ == Arithmetic::integers)) return Held::by_arithmetic;
    }
    return by_equations(body, *head) ? Held::by_form : Held::no;
}

bool Sight::by_connectives(const std::vector<Formula>& body, const Read& h) {
    std::set<std::string> known;
    for (Formula r : body) known.insert(r->conjuncts.begin(), r->conjuncts.end());
    if (known.contains("false")) return true;
    for (const std::string& k : known) {
        if (known.contains("(not " + k + ")")) return true;
    }
    if (!h.node) return known.contains(h.conjuncts.front());
    return value(*h.node, known) == Value::yes;
}

// by_connectives again, with the equations of a constant that the body assumes put in (a
// rule's `A' = R`, a memo's `R = 3 + V`): a formula over the state before a step then meets
// the one after it.
bool Sight::by_equations(const std::vector<Formula>& body, const Read& h) {
    if (!h.node || h.quantified) return false;
    std::vector<const Node*> parts;  // the body's conjuncts that can be read
    std::set<std::string> unread;    // and the keys of the others: still facts, nothing put in
    for (Formula r : body) {
        if (r->node && !r->quantified) {
            conjunct_parts(*r->node, parts);
        } else {
            unread.insert(r->conjuncts.begin(), r->conjuncts.end());
        }
    }
    std::vector<bool> used(parts.size(), false);
    const Substitution sigma = equations_of(parts, used);
    if (sigma.empty()) return false;
    // Copied only where a constant is put in; not at all when that is much (a clause of
    // large formulas, whose checks are few and long: not worth what reading them again costs).
    constexpr std::size_t max_copied = 1500;  // nodes
    std::size_t copied = mentions(*h.node, sigma) ? size_of(*h.node) : 0;
    std::vector<const Node*> changed;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (used[i]) continue;
        if (!mentions(*parts[i], sigma)) {
            unread.insert(key_of(*parts[i]));
            continue;
        }
        changed.push_back(parts[i]);
        copied += size_of(*parts[i]);
    }
    if (copied > max_copied) return false;
    std::size_t budget = 20000;
    std::vector<Node> facts;
    for (const Node* part : changed) {
        facts.push_back(*part);
        if (!put_in(facts.back(), sigma, budget)) return false;
    }
    if (!mentions(*h.node, sigma)) return decided_by(facts, unread, *h.node);
    Node goal = *h.node;
    return put_in(goal, sigma, budget) && decided_by(facts, unread, goal);
}

bool implies(const std::vector<std::string>& body, std::string_view head, Arithmetic arithmetic) {
    return Sight(arithmetic).implies(body, std::string(head));
}

}  // namespace clpi::at_sight
