#include "chc/linear_refutation.hpp"

#include "chc/linear_term.hpp"

#include <algorithm>
#include <climits>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>

namespace clpi::at_sight {

namespace {

using sexpr::Integer;
using sexpr::is_apply;
using sexpr::Node;
using sexpr::Rational;
using sexpr::text_of;

// Bounds on the work: a clause past them goes to the solver.
constexpr std::size_t max_cases = 256;           // cases settled (each way of a disjunction tried, each split)
constexpr std::size_t max_inequalities = 300;    // in one elimination
constexpr std::size_t max_combinations = 20000;  // made by all the eliminations of a clause
constexpr std::size_t max_made = 64;             // formulas made of reads after writes

// A term as read: Σ coefficient · unknown + constant, the unknowns by number; in machine
// integers first, exactly where a number does not fit them (linear_term.hpp).
template <class Value>
struct Term {
    std::map<int, Value> terms;
    Value constant = 0;
};

// 128 bits: C's 64-bit bounds (2^64 - 1, -2^63) and sums of them fit.
__extension__ typedef __int128 Wide;
__extension__ typedef unsigned __int128 UnsignedWide;
constexpr Wide wide_min = static_cast<Wide>(static_cast<UnsignedWide>(1) << 127);

Wide gcd(Wide a, Wide b) {
    if (a < 0) a = -a;
    if (b < 0) b = -b;
    while (b != 0) a = std::exchange(b, a % b);
    return a;
}

// A term in machine integers (scaled by a positive number where it had fractions), the
// unknowns in increasing order: what the elimination works on. A number that does not fit
// throws Overflow, and the clause goes to the solver.
struct Row {
    std::vector<std::pair<int, Wide>> terms;
    Wide constant = 0;
};

struct Overflow {};

// The smallest 128-bit number counts as an overflow too: it has no negation.
Wide times(Wide a, Wide b) {
    Wide r = 0;
    if (__builtin_mul_overflow(a, b, &r) || r == wide_min) throw Overflow{};
    return r;
}

Wide plus(Wide a, Wide b) {
    Wide r = 0;
    if (__builtin_add_overflow(a, b, &r) || r == wide_min) throw Overflow{};
    return r;
}

// a·p + b·q.
Row combine(Wide a, const Row& p, Wide b, const Row& q) {
    Row out;
    out.terms.reserve(p.terms.size() + q.terms.size());
    std::size_t i = 0, j = 0;
    while (i < p.terms.size() || j < q.terms.size()) {
        if (j == q.terms.size() || (i < p.terms.size() && p.terms[i].first < q.terms[j].first)) {
            out.terms.emplace_back(p.terms[i].first, times(a, p.terms[i].second));
            ++i;
        } else if (i == p.terms.size() || q.terms[j].first < p.terms[i].first) {
            out.terms.emplace_back(q.terms[j].first, times(b, q.terms[j].second));
            ++j;
        } else {
            const Wide c = plus(times(a, p.terms[i].second), times(b, q.terms[j].second));
            if (c != 0) out.terms.emplace_back(p.terms[i].first, c);
            ++i;
            ++j;
        }
    }
    out.constant = plus(times(a, p.constant), times(b, q.constant));
    return out;
}

Wide coefficient(const Row& r, int x) {
    auto it = std::lower_bound(r.terms.begin(), r.terms.end(), x, [](const auto& t, int v) { return t.first < v; });
    return it != r.terms.end() && it->first == x ? it->second : 0;
}

Row row_of(const Term<long long>& t) {
    Row r;
    for (const auto& [v, c] : t.terms) {
        if (c != 0) r.terms.emplace_back(v, c);
    }
    r.constant = t.constant;
    return r;
}

Row row_of(const Term<Rational>& t) {
    Integer scale = denominator(t.constant);
    for (const auto& [v, c] : t.terms) scale = boost::multiprecision::lcm(scale, denominator(c));
    auto fit = [&](const Rational& c) {
        const Integer n = numerator(c) * (scale / denominator(c));
        static const Integer limit = Integer(1) << 120;  // with room to add and multiply a little
        if (n > limit || n < -limit) throw Overflow{};
        if (n >= LLONG_MIN && n <= LLONG_MAX) return static_cast<Wide>(static_cast<long long>(n));
        const Integer m = abs(n);
        const auto low = static_cast<unsigned long long>(m & Integer(ULLONG_MAX));
        const auto high = static_cast<unsigned long long>(m >> 64);
        const Wide w = static_cast<Wide>(high) << 64 | static_cast<Wide>(low);
        return n < 0 ? -w : w;
    };
    Row r;
    for (const auto& [v, c] : t.terms) {
        if (c != 0) r.terms.emplace_back(v, fit(c));
    }
    r.constant = fit(t.constant);
    return r;
}

// l < 0 when strict, else l <= 0.
struct Inequality {
    Row l;
    bool strict = false;
};

enum class Outcome { refuted, open, too_much };

class Refuter {
public:
    explicit Refuter(bool integer_constants) : integer_constants_(integer_constants) {}

    bool refute(const std::vector<const Node*>& facts, const Node& goal) {
        Case c;
        for (const Node* f : facts) {
            arrays_in(*f);
            c.todo.push_back({f, true, false});
        }
        c.todo.push_back({&goal, false, true});
        return refute(std::move(c)) == Outcome::refuted;
    }

private:
    // A formula, whether it holds (or its negation), and whether it is part of the negated goal
    // (or of what the clause assumes).
    struct Part {
        const Node* n;
        bool holds;
        bool goal;
    };

    // A conjunction of literals, and of the formulas still to be taken apart into them.
    struct Case {
        std::vector<Part> todo;
        std::vector<Part> choices;  // disjunctions
        std::vector<Row> equalities;                        // each = 0
        std::vector<Inequality> inequalities;
        std::vector<Row> disequalities;     // each != 0
        std::set<int> yes, no;              // the literals taken, by their texts' numbers
    };

    // `c` with its formulas taken apart into literals and choices, and its linear part
    // eliminated: refuted, too much work, or open.
    Outcome settle(Case& c) {
        if (++cases_ > max_cases) return Outcome::too_much;
        while (!c.todo.empty()) {
            const Part p = c.todo.back();
            c.todo.pop_back();
            if (!take(p, c)) return Outcome::refuted;
        }
        return eliminate(c);
    }

    Outcome refute(Case c) {
        const Outcome o = settle(c);
        return o == Outcome::open ? split(std::move(c)) : o;
    }

    // The ways a choice can hold: the operands of an `or` that holds or of an `and` that does
    // not (negated), `not a` or `b` for `a => b`.
    static std::vector<Part> ways_of(const Part& choice) {
        const Node& n = *choice.n;
        if (is_apply(n, "=>")) return {{&n.kids[1], false, choice.goal}, {&n.kids[2], true, choice.goal}};
        std::vector<Part> ways;
        for (std::size_t k = 1; k < n.kids.size(); ++k) ways.push_back({&n.kids[k], choice.holds, choice.goal});
        return ways;
    }

    // `c` without its choice i, and with `way` taken, settled.
    Outcome take_way(const Case& c, std::size_t i, const Part& way, Case& next) {
        next = c;
        next.choices.erase(next.choices.begin() + static_cast<std::ptrdiff_t>(i));
        next.todo.push_back(way);
        return settle(next);
    }

    // Refutes a settled case by its choices. The ways of each that the literals taken decide
    // go first (one true: the choice holds; all false: refuted). Then what the clause assumes
    // splits, at its disjunction with the fewest ways left: the goal's literals are then mostly
    // decided. When only the goal's disjunctions are left, each way is tried on its own: a
    // choice none of whose ways is left open refutes the case, one with a single way open is
    // taken without a split, and otherwise the case splits where the fewest are open. Then
    // disequalities d != 0 split into d < 0 and d > 0.
    Outcome split(Case c) {
        for (bool again = true; again;) {
            again = false;
            std::vector<std::vector<Part>> left;  // per choice, its ways not decided
            for (std::size_t i = 0; i < c.choices.size();) {
                std::vector<Part> ways;
                bool holds = false;
                for (const Part& way : ways_of(c.choices[i])) {
                    const std::optional<bool> k = known(way, c);
                    if (k == std::optional<bool>(true)) {
                        holds = true;
                        break;
                    }
                    if (!k) ways.push_back(way);
                }
                if (holds) {
                    c.choices.erase(c.choices.begin() + static_cast<std::ptrdiff_t>(i));
                    continue;
                }
                if (ways.empty()) return Outcome::refuted;
                left.push_back(std::move(ways));
                ++i;
            }
            std::size_t pick = c.choices.size();
            for (std::size_t i = 0; i < c.choices.size(); ++i) {
                if (!c.choices[i].goal && (pick == c.choices.size() || left[i].size() < left[pick].size())) pick = i;
            }
            if (pick < c.choices.size()) {
                for (const Part& way : left[pick]) {
                    Case next;
                    Outcome o = take_way(c, pick, way, next);
                    if (o == Outcome::open) o = split(std::move(next));
                    if (o != Outcome::refuted) return o;
                }
                return Outcome::refuted;
            }
            std::vector<Case> fewest;
            for (std::size_t i = 0; i < c.choices.size() && !again; ++i) {
                std::vector<Case> open;
                for (const Part& way : left[i]) {
                    Case next;
                    const Outcome o = take_way(c, i, way, next);
                    if (o == Outcome::too_much) return o;
                    if (o == Outcome::open) open.push_back(std::move(next));
                }
                if (open.empty()) return Outcome::refuted;
                if (open.size() == 1) {  // taken; the others are decided again
                    c = std::move(open.front());
                    again = true;
                } else if (fewest.empty() || open.size() < fewest.size()) {
                    fewest = std::move(open);
                }
            }
            if (again) continue;
            if (!fewest.empty()) {
                for (Case& way : fewest) {
                    if (const Outcome o = split(std::move(way)); o != Outcome::refuted) return o;
                }
                return Outcome::refuted;
            }
        }
        if (c.disequalities.empty()) return Outcome::open;
        const Row d = std::move(c.disequalities.back());  // d != 0: d < 0 or -d < 0
        c.disequalities.pop_back();
        const Row minus = combine(-1, d, 0, Row{});
        for (const Row* side : {&d, &minus}) {
            Case next = c;
            next.inequalities.push_back({*side, true});
            if (const Outcome o = refute(std::move(next)); o != Outcome::refuted) return o;
        }
        return Outcome::refuted;
    }

    // Adds the part to `c`; false when `c` then cannot hold at sight.
    bool take(const Part& p, Case& c) {
        const Node& n = *p.n;
        const bool holds = p.holds;
        if (!n.list && (n.text == "true" || n.text == "false")) return (n.text == "true") == holds;
        if (is_apply(n, "not") && n.kids.size() == 2) {
            c.todo.push_back({&n.kids[1], !holds, p.goal});
            return true;
        }
        const bool conj = is_apply(n, "and"), disj = is_apply(n, "or");
        if ((conj && holds) || (disj && !holds)) {
            for (std::size_t k = 1; k < n.kids.size(); ++k) c.todo.push_back({&n.kids[k], holds, p.goal});
            return true;
        }
        if (conj || disj || (is_apply(n, "=>") && n.kids.size() == 3 && holds)) {
            c.choices.push_back(p);
            return true;
        }
        if (is_apply(n, "=>") && n.kids.size() == 3) {
            c.todo.push_back({&n.kids[1], true, p.goal});
            c.todo.push_back({&n.kids[2], false, p.goal});
            return true;
        }
        if (const Node* r = reads(n); r != &n) {
            c.todo.push_back({r, holds, p.goal});
            return true;
        }
        const int key = literal(n).key;
        if ((holds ? c.no : c.yes).contains(key)) return false;
        if (!(holds ? c.yes : c.no).insert(key).second) return true;  // taken before
        comparison(n, holds, c);
        return true;
    }

    // Whether `n` (or its negation) is a literal the case has taken: true, or false (its
    // negation taken); nothing when it is not a literal or not taken.
    std::optional<bool> known(const Part& p, const Case& c) {
        const Node* n = p.n;
        bool holds = p.holds;
        while (is_apply(*n, "not") && n->kids.size() == 2) {
            n = &n->kids[1];
            holds = !holds;
        }
        if (!n->list && (n->text == "true" || n->text == "false")) return (n->text == "true") == holds;
        if (is_apply(*n, "and") || is_apply(*n, "or") || is_apply(*n, "=>")) return std::nullopt;
        const int key = literal(*n).key;
        if ((holds ? c.yes : c.no).contains(key)) return true;
        if ((holds ? c.no : c.yes).contains(key)) return false;
        return std::nullopt;
    }

    // Arrays. The equations `A = store(...)` among what the clause assumes (outside any
    // disjunction) name the arrays they define.
    void arrays_in(const Node& f) {
        if (is_apply(f, "and")) {
            for (std::size_t k = 1; k < f.kids.size(); ++k) arrays_in(f.kids[k]);
            return;
        }
        if (!is_apply(f, "=") || f.kids.size() != 3) return;
        for (int side = 1; side <= 2; ++side) {
            const Node& name = f.kids[static_cast<std::size_t>(side)];
            const Node& term = f.kids[static_cast<std::size_t>(3 - side)];
            if (sexpr::is_constant(name) && (is_store(term) || constant_value(term) != nullptr) && !mentions(term, name.text)) {
                arrays_.try_emplace(name.text, &term);
            }
        }
    }

    static bool mentions(const Node& n, const std::string& name) {
        if (!n.list) return n.text == name;
        return std::any_of(n.kids.begin(), n.kids.end(), [&](const Node& k) { return mentions(k, name); });
    }

    static bool is_store(const Node& n) { return is_apply(n, "store") && n.kids.size() == 4; }

    // The value of a constant array `((as const (Array I E)) v)`: v; nothing for another term.
    static const Node* constant_value(const Node& n) {
        if (!n.list || n.kids.size() != 2 || !n.kids[0].list) return nullptr;
        const Node& as = n.kids[0];
        const bool constant = is_apply(as, "as") && as.kids.size() == 3 && !as.kids[1].list && as.kids[1].text == "const";
        return constant ? &n.kids[1] : nullptr;
    }

    // A read after a write, `select(store(a, i, v), j)` (a through the arrays named), is v when
    // i = j and `select(a, j)` otherwise: a literal with one is that disjunction (one side of
    // it when i and j are the same term or two different numbers), made once; a read of a
    // constant array is its value. `&n` when it has none (or too many have been made).
    const Node* reads(const Node& n) {
        auto [it, made] = reads_.try_emplace(&n, &n);
        if (!made || made_.size() >= max_made) return it->second;
        std::vector<std::size_t> path;
        const Node* read = find_read(n, path);
        if (read == nullptr) return it->second;
        const Node& write = is_store(read->kids[1]) || constant_value(read->kids[1]) ? read->kids[1] : *arrays_.at(read->kids[1].text);
        if (const Node* value = constant_value(write)) {
            made_.push_back(replaced(n, path, 0, *value));
            return it->second = &made_.back();
        }
        const Node &i = write.kids[2], &j = read->kids[2];
        Node other_read = list({atom("select"), write.kids[1], j});
        const Node same = replaced(n, path, 0, write.kids[3]), other = replaced(n, path, 0, other_read);
        const std::optional<Rational> a = sexpr::number(i), b = sexpr::number(j);
        if (text_of(i) == text_of(j)) {
            made_.push_back(same);
        } else if (a && b) {  // two numbers: the same only when equal
            made_.push_back(*a == *b ? same : other);
        } else {
            const Node equal = list({atom("="), i, j});
            made_.push_back(list({atom("or"), list({atom("and"), equal, same}),
                                  list({atom("and"), list({atom("not"), equal}), other})}));
        }
        return it->second = &made_.back();
    }

    // The first `select` in `n` (outside binders) of a `store`, a constant array or an array
    // named, and the positions of the operands that lead to it.
    const Node* find_read(const Node& n, std::vector<std::size_t>& path) const {
        if (!n.list || is_apply(n, "forall") || is_apply(n, "exists") || is_apply(n, "let")) return nullptr;
        if (is_apply(n, "select") && n.kids.size() == 3 &&
            (is_store(n.kids[1]) || constant_value(n.kids[1]) != nullptr || arrays_.contains(n.kids[1].text))) {
            return &n;
        }
        for (std::size_t k = 1; k < n.kids.size(); ++k) {
            path.push_back(k);
            if (const Node* r = find_read(n.kids[k], path)) return r;
            path.pop_back();
        }
        return nullptr;
    }

    static Node replaced(const Node& n, const std::vector<std::size_t>& path, std::size_t at, const Node& by) {
        if (at == path.size()) return by;
        Node out = n;
        out.keyed.clear();
        out.kids[path[at]] = replaced(n.kids[path[at]], path, at + 1, by);
        return out;
    }

    static Node atom(const char* text) {
        Node n;
        n.text = text;
        return n;
    }

    static Node list(std::vector<Node> kids) {
        Node n;
        n.list = true;
        n.kids = std::move(kids);
        return n;
    }

    // Adds a comparison of two linear terms (nothing when `n` is not one).
    void comparison(const Node& n, bool holds, Case& c) {
        const Literal& lit = literal(n);
        if (!lit.linear) return;
        const std::string& op = n.kids[0].text;
        if (op == "=" || op == "distinct") {
            ((op == "=") == holds ? c.equalities : c.disequalities).push_back(lit.d);
            return;
        }
        // d <= 0 or d < 0, or the other way round (-d), by the operator and whether it holds.
        const bool less = op == "<" || op == "<=";
        const bool strict_if_holds = op == "<" || op == ">";
        const bool negate = less != holds;
        Inequality i;
        i.l = negate ? combine(-1, lit.d, 0, Row{}) : lit.d;
        i.strict = holds ? strict_if_holds : !strict_if_holds;
        c.inequalities.push_back(std::move(i));
    }

    // A literal as read: the number of its text (the same for the same text), and a
    // comparison of linear terms as its left side minus its right. Read once however many
    // cases take it.
    struct Literal {
        int key = 0;
        bool linear = false;
        Row d;
    };

    const Literal& literal(const Node& n) {
        auto [it, made] = literals_.try_emplace(&n);
        if (!made) return it->second;
        Literal& lit = it->second;
        lit.key = texts_.try_emplace(text_of(n), static_cast<int>(texts_.size())).first->second;
        if (n.list && n.kids.size() == 3 && !n.kids[0].list) {
            const std::string& op = n.kids[0].text;
            if (op == "=" || op == "distinct" || op == "<=" || op == "<" || op == ">=" || op == ">") {
                lit.linear = difference(n.kids[1], &n.kids[2], lit.d);
            }
        }
        return lit;
    }

    // left - right (left alone without `right`) as a row; false when it is not a linear term.
    bool difference(const Node& left, const Node* right, Row& out) {
        Term<long long> small;
        sexpr::Numbers<long long> machine;
        if (add(left, 1LL, small, machine) && (right == nullptr || add(*right, -1LL, small, machine))) {
            out = row_of(small);
            return true;
        }
        if (machine.fits) return false;
        Term<Rational> exact;
        sexpr::Numbers<Rational> rationals;
        if (add(left, Rational(1), exact, rationals) && (right == nullptr || add(*right, Rational(-1), exact, rationals))) {
            out = row_of(exact);
            return true;
        }
        return false;
    }

    // Adds factor · n to `out`; false when n is not a number-valued term read here, or a
    // number does not fit (`num.fits` false).
    template <class Value>
    bool add(const Node& n, const Value& factor, Term<Value>& out, sexpr::Numbers<Value>& num) {
        return sexpr::add_linear(n, factor, out.constant, num, [&](const Node& term, const Value& f) {
            auto add_to = [&](int x) {
                out.terms[x] = num.plus(out.terms[x], f);
                return true;
            };
            if (!term.list) return sexpr::is_constant(term) && add_to(unknown(term.text, integer_constants_));
            if ((is_apply(term, "mod") || is_apply(term, "div")) && term.kids.size() == 3) {
                sexpr::Numbers<long long> machine;
                if (std::optional<long long> k = machine.number(term.kids[2]); k && *k != 0 && machine.fits) {
                    const auto [q, r] = division(term.kids[1], *k);
                    if (q >= 0) return add_to(is_apply(term, "mod") ? r : q);
                }
            }
            if (term.kids.empty() || term.kids[0].list) return false;
            // A term not read as linear (a product of unknowns, `select`, ...): an unknown of
            // its own, the same for the same text. Its sort is not known here: a real.
            return add_to(unknown(text_of(term), false));
        });
    }

    int unknown(const std::string& name, bool integer) {
        auto [it, made] = ids_.try_emplace(name, static_cast<int>(integer_.size()));
        if (made) integer_.push_back(integer);
        return it->second;
    }

    // The quotient and remainder of t by k: unknowns q and r with t = k·q + r and 0 <= r <=
    // |k| - 1, constraints of every case. (-1, -1) when t is not a linear term.
    std::pair<int, int> division(const Node& t, long long k) {
        const std::string key = text_of(t) + " / " + std::to_string(k);
        if (auto it = divisions_.find(key); it != divisions_.end()) return it->second;
        Row e;
        if (!difference(t, nullptr, e)) return {-1, -1};
        const int q = unknown("(div " + key + ")", true), r = unknown("(mod " + key + ")", true);
        // t - k·q - r = 0, -r <= 0, r - (|k| - 1) <= 0
        Row qr;
        qr.terms = {{q, -static_cast<Wide>(k)}, {r, -1}};
        if (r < q) std::swap(qr.terms[0], qr.terms[1]);  // a row's unknowns in increasing order
        definitions_.push_back(combine(1, e, 1, qr));
        Inequality low, high;
        low.l.terms = {{r, -1}};
        high.l.terms = {{r, 1}};
        high.l.constant = 1 - (k < 0 ? -static_cast<Wide>(k) : static_cast<Wide>(k));
        bounds_.push_back(std::move(low));
        bounds_.push_back(std::move(high));
        return divisions_[key] = {q, r};
    }

    bool integral(const Row& l) const {
        return std::all_of(l.terms.begin(), l.terms.end(), [&](const auto& t) { return integer_[t.first]; });
    }

    static Wide divisor_of(const Row& l) {
        Wide g = 0;
        for (const auto& [v, c] : l.terms) g = gcd(g, c);
        return g;  // positive: l has a term
    }

    // `i` with coefficients without a common divisor; for integers alone also tightened (not
    // strict, the constant rounded). False when it has no unknown and is false.
    bool normalize(Inequality& i) const {
        if (i.l.terms.empty()) return i.strict ? i.l.constant < 0 : i.l.constant <= 0;
        const Wide g = divisor_of(i.l);
        if (integral(i.l)) {
            // Σ a·x + c < 0 is Σ a·x + c + 1 <= 0; divided by the divisor g of the a's,
            // Σ (a/g)·x + ceil(c/g) <= 0.
            const Wide c = plus(i.l.constant, i.strict ? 1 : 0);
            i.l.constant = c / g + (c % g > 0 ? 1 : 0);
            i.strict = false;
            for (auto& [v, a] : i.l.terms) a /= g;
            return true;
        }
        const Wide h = gcd(g, i.l.constant);  // the reals: only what divides it all
        for (auto& [v, a] : i.l.terms) a /= h;
        i.l.constant /= h;
        return true;
    }

    // Each equality puts in one of its unknowns (one of coefficient ±1 when it has one) in
    // the other rows; false when one has no solution.
    bool put_in(std::vector<Row>& equalities, std::vector<Inequality>& inequalities, std::vector<Row>& disequalities) const {
        while (!equalities.empty()) {
            Row e = std::move(equalities.back());
            equalities.pop_back();
            if (e.terms.empty()) {
                if (e.constant != 0) return false;
                continue;
            }
            const Wide g = divisor_of(e);
            // Integers whose coefficients' divisor does not divide the constant: no solution.
            if (integral(e) && e.constant % g != 0) return false;
            // Divided by what divides it all: a coefficient ±1 that a scaled substitution hid
            // shows again (`4q + 2r - 4p - 2 = 0` is `2q + r - 2p - 1 = 0`, r put in exactly).
            if (const Wide h = gcd(g, e.constant); h > 1) {
                for (auto& [v, c] : e.terms) c /= h;
                e.constant /= h;
            }
            auto pick = std::find_if(e.terms.begin(), e.terms.end(), [](const auto& t) { return t.second == 1 || t.second == -1; });
            if (pick == e.terms.end()) pick = e.terms.begin();
            const int x = pick->first;
            const Wide a = pick->second;
            // l with b·x becomes |a|·l - sign(a)·b·e: no x, and the same sign as l where e = 0.
            auto in = [&](Row& l) {
                if (const Wide b = coefficient(l, x); b != 0) l = combine(a > 0 ? a : -a, l, a > 0 ? -b : b, e);
            };
            for (Row& other : equalities) in(other);
            for (Inequality& i : inequalities) in(i.l);
            for (Row& d : disequalities) in(d);
        }
        std::vector<Inequality> kept;
        for (Inequality& i : inequalities) {
            if (!normalize(i)) return false;
            if (!i.l.terms.empty()) kept.push_back(std::move(i));
        }
        inequalities = std::move(kept);
        // A disequality the equalities decide.
        return std::none_of(disequalities.begin(), disequalities.end(),
                            [](const Row& d) { return d.terms.empty() && d.constant == 0; });
    }

    // Pairs l <= 0 and -l <= 0 taken out of `inequalities` as equalities l = 0 (a remainder
    // bounded to one value, say): once put in, the divisors of what is left show more.
    static std::vector<Row> equalities_among(std::vector<Inequality>& inequalities) {
        std::map<std::vector<std::pair<int, Wide>>, std::size_t> at;  // a row's terms: where
        std::vector<Row> found;
        std::vector<bool> gone(inequalities.size(), false);
        for (std::size_t k = 0; k < inequalities.size(); ++k) {
            const Row& l = inequalities[k].l;
            if (inequalities[k].strict) continue;
            std::vector<std::pair<int, Wide>> minus = l.terms;
            for (auto& t : minus) t.second = -t.second;
            if (auto it = at.find(minus); it != at.end() && !gone[it->second] && inequalities[it->second].l.constant == -l.constant) {
                gone[it->second] = gone[k] = true;
                found.push_back(l);
                continue;
            }
            at.emplace(l.terms, k);
        }
        if (found.empty()) return found;
        std::vector<Inequality> kept;
        for (std::size_t k = 0; k < inequalities.size(); ++k) {
            if (!gone[k]) kept.push_back(std::move(inequalities[k]));
        }
        inequalities = std::move(kept);
        return found;
    }

    // Whether the case's linear part (its equalities, inequalities and the definitions of
    // quotients and remainders, and the disequalities its equalities decide) is refuted.
    Outcome eliminate(const Case& c) {
        std::vector<Row> equalities = c.equalities;
        equalities.insert(equalities.end(), definitions_.begin(), definitions_.end());
        std::vector<Inequality> now = c.inequalities;
        now.insert(now.end(), bounds_.begin(), bounds_.end());
        std::vector<Row> disequalities = c.disequalities;
        do {
            if (!put_in(equalities, now, disequalities)) return Outcome::refuted;
        } while (!(equalities = equalities_among(now)).empty());
        // Fourier-Motzkin: each unknown in turn goes, the one whose elimination makes the
        // fewest inequalities first.
        while (!now.empty()) {
            std::map<int, std::pair<std::size_t, std::size_t>> signs;  // unknown -> (above, below)
            for (const Inequality& i : now) {
                for (const auto& [v, a] : i.l.terms) (a > 0 ? signs[v].first : signs[v].second) += 1;
            }
            int x = -1;
            std::size_t best = 0;
            for (const auto& [v, counts] : signs) {
                const std::size_t made = counts.first * counts.second;
                if (x < 0 || made < best) {
                    x = v;
                    best = made;
                }
            }
            combinations_ += best;
            if (combinations_ > max_combinations) return Outcome::too_much;
            std::vector<Inequality> next, above, below;
            for (Inequality& i : now) {
                const Wide a = coefficient(i.l, x);
                (a == 0 ? next : a > 0 ? above : below).push_back(std::move(i));
            }
            for (const Inequality& p : above) {
                for (const Inequality& m : below) {
                    // p's coefficient a > 0 and m's b < 0: (-b)·p + a·m has no x.
                    Inequality sum{combine(-coefficient(m.l, x), p.l, coefficient(p.l, x), m.l), p.strict || m.strict};
                    if (!normalize(sum)) return Outcome::refuted;
                    if (!sum.l.terms.empty()) next.push_back(std::move(sum));
                }
            }
            if (next.size() > max_inequalities) return Outcome::too_much;
            now = std::move(next);
            while (!(equalities = equalities_among(now)).empty()) {
                if (!put_in(equalities, now, disequalities)) return Outcome::refuted;
            }
        }
        return Outcome::open;
    }

    const bool integer_constants_;
    std::unordered_map<const Node*, Literal> literals_;
    std::map<std::string, const Node*> arrays_;  // an array's name: the store (or constant array) the clause equates it with
    std::deque<Node> made_;                       // the formulas reads() made (they stay where they are)
    std::unordered_map<const Node*, const Node*> reads_;
    std::unordered_map<std::string, int> texts_;  // a literal's text: its number
    std::map<std::string, int> ids_;  // an unknown's text: its number
    std::vector<bool> integer_;       // per unknown: whether it is an integer
    std::map<std::string, std::pair<int, int>> divisions_;
    std::vector<Row> definitions_;     // t - k·q - r = 0 of each division
    std::vector<Inequality> bounds_;   // 0 <= r <= |k| - 1 of each division
    std::size_t cases_ = 0, combinations_ = 0;
};

}  // namespace

bool refuted_linearly(const std::vector<const Node*>& facts, const Node& goal, bool integer_constants) {
    try {
        return Refuter(integer_constants).refute(facts, goal);
    } catch (const Overflow&) {
        return false;  // a number past 64 bits: the solver decides
    }
}

}  // namespace clpi::at_sight
