#include "chc/values_tried.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "chc/simplify.hpp"
#include "solver/own_variables.hpp"

namespace clpi::chc {

namespace {

// Bounds that keep the test cheap beside the check it saves: the conjuncts looked at, the
// variables of a class whose values are tried, the numbers taken from it, and the
// valuations tried.
constexpr std::size_t max_conjuncts = 64;
constexpr std::size_t max_variables = 3;
constexpr std::size_t max_numbers = 6;
constexpr std::size_t max_valuations = 256;

// The variables of `e` (each once) and its integer numbers, added to the vectors.
void leaves_of(const z3::expr& e, std::vector<z3::expr>& vars, std::vector<std::int64_t>& numbers) {
    z3::context& ctx = e.ctx();
    each_term(e, [&](Z3_ast a) {
        const z3::expr t(ctx, a);
        std::int64_t v = 0;
        if (t.is_numeral_i64(v)) {
            numbers.push_back(v);
        } else if (t.is_app() && t.num_args() == 0 && t.decl().decl_kind() == Z3_OP_UNINTERPRETED) {
            vars.push_back(t);
        }
        return true;
    });
}

struct Classes {
    std::vector<std::size_t> parent;
    explicit Classes(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), std::size_t{0}); }
    std::size_t root(std::size_t i) {
        while (parent[i] != i) i = parent[i] = parent[parent[i]];
        return i;
    }
    void join(std::size_t a, std::size_t b) { parent[root(a)] = root(b); }
};

// A conjunction compiled once for the many valuations tried: its nodes in a vector, each
// after its arguments, evaluated in 64-bit integers (Booleans as 0 and 1). Z3's model
// evaluation, a model made for each valuation, cost about ten thousand instructions a try.
class Compiled {
public:
    // Nothing when `e` holds what the evaluation does not know (a symbol of another kind,
    // a number beyond 64 bits, real division).
    static std::optional<Compiled> of(const z3::expr& e, const std::vector<z3::expr>& vars) {
        Compiled out;
        for (std::size_t i = 0; i < vars.size(); ++i) out.slot_.emplace(vars[i].id(), i);
        if (!out.add(e.ctx(), e)) return std::nullopt;
        return out;
    }

    // Whether it holds under `values` (by the variables' order); false also when a step
    // overflows or divides by zero, which values tried then do not show.
    [[nodiscard]] bool holds(const std::vector<std::int64_t>& values) {
        for (std::size_t i = 0; i < nodes_.size(); ++i) {
            const std::optional<std::int64_t> v = evaluate(nodes_[i], values);
            if (!v) return false;
            result_[i] = *v;
        }
        return !result_.empty() && result_.back() == 1;
    }

private:
    struct Node {
        Z3_decl_kind op;           // Z3_OP_ANUM for a number, Z3_OP_UNINTERPRETED for a variable
        std::int64_t value = 0;    // the number, or the variable's slot
        std::uint32_t first = 0;   // its arguments' nodes, in args_
        std::uint32_t count = 0;
    };

    // Adds `t`'s node after its arguments'; its index, or nothing.
    std::optional<std::uint32_t> add(Z3_context c, Z3_ast t) {
        if (auto seen = index_.find(Z3_get_ast_id(c, t)); seen != index_.end()) return seen->second;
        if (Z3_get_ast_kind(c, t) == Z3_NUMERAL_AST) {
            std::int64_t v = 0;
            if (!Z3_get_numeral_int64(c, t, &v)) return std::nullopt;
            return push(c, t, Node{Z3_OP_ANUM, v});
        }
        if (Z3_get_ast_kind(c, t) != Z3_APP_AST) return std::nullopt;
        const Z3_app a = Z3_to_app(c, t);
        const Z3_decl_kind k = Z3_get_decl_kind(c, Z3_get_app_decl(c, a));
        const unsigned n = Z3_get_app_num_args(c, a);
        if (n == 0) {
            if (k == Z3_OP_TRUE || k == Z3_OP_FALSE) return push(c, t, Node{Z3_OP_ANUM, k == Z3_OP_TRUE ? 1 : 0});
            auto v = slot_.find(Z3_get_ast_id(c, t));
            if (k != Z3_OP_UNINTERPRETED || v == slot_.end()) return std::nullopt;
            return push(c, t, Node{Z3_OP_UNINTERPRETED, static_cast<std::int64_t>(v->second)});
        }
        switch (k) {
        case Z3_OP_AND: case Z3_OP_OR: case Z3_OP_NOT: case Z3_OP_IMPLIES: case Z3_OP_ITE:
        case Z3_OP_EQ: case Z3_OP_DISTINCT: case Z3_OP_LE: case Z3_OP_LT: case Z3_OP_GE:
        case Z3_OP_GT: case Z3_OP_ADD: case Z3_OP_SUB: case Z3_OP_MUL: case Z3_OP_UMINUS:
        case Z3_OP_IDIV: case Z3_OP_MOD: case Z3_OP_TO_REAL: break;
        default: return std::nullopt;
        }
        std::vector<std::uint32_t> args;
        for (unsigned i = 0; i < n; ++i) {
            const std::optional<std::uint32_t> arg = add(c, Z3_get_app_arg(c, a, i));
            if (!arg) return std::nullopt;
            args.push_back(*arg);
        }
        Node node{k, 0, static_cast<std::uint32_t>(args_.size()), n};
        args_.insert(args_.end(), args.begin(), args.end());
        return push(c, t, node);
    }

    std::uint32_t push(Z3_context c, Z3_ast t, const Node& node) {
        const auto i = static_cast<std::uint32_t>(nodes_.size());
        nodes_.push_back(node);
        result_.push_back(0);
        index_.emplace(Z3_get_ast_id(c, t), i);
        return i;
    }

    [[nodiscard]] std::optional<std::int64_t> evaluate(const Node& node, const std::vector<std::int64_t>& values) const {
        auto arg = [&](std::uint32_t i) { return result_[args_[node.first + i]]; };
        const std::uint32_t n = node.count;
        std::int64_t r = 0;
        switch (node.op) {
        case Z3_OP_ANUM: return node.value;
        case Z3_OP_UNINTERPRETED: return values[static_cast<std::size_t>(node.value)];
        case Z3_OP_AND:
            r = 1;
            for (std::uint32_t i = 0; i < n; ++i) r = r != 0 && arg(i) != 0 ? 1 : 0;
            return r;
        case Z3_OP_OR:
            for (std::uint32_t i = 0; i < n; ++i) r = r != 0 || arg(i) != 0 ? 1 : 0;
            return r;
        case Z3_OP_NOT: return arg(0) == 0 ? 1 : 0;
        case Z3_OP_IMPLIES: return arg(0) == 0 || arg(1) != 0 ? 1 : 0;
        case Z3_OP_ITE: return arg(0) != 0 ? arg(1) : arg(2);
        case Z3_OP_EQ: return arg(0) == arg(1) ? 1 : 0;
        case Z3_OP_DISTINCT:
            for (std::uint32_t i = 0; i < n; ++i) {
                for (std::uint32_t j = i + 1; j < n; ++j) {
                    if (arg(i) == arg(j)) return 0;
                }
            }
            return 1;
        case Z3_OP_LE: return arg(0) <= arg(1) ? 1 : 0;
        case Z3_OP_LT: return arg(0) < arg(1) ? 1 : 0;
        case Z3_OP_GE: return arg(0) >= arg(1) ? 1 : 0;
        case Z3_OP_GT: return arg(0) > arg(1) ? 1 : 0;
        case Z3_OP_TO_REAL: return arg(0);
        case Z3_OP_UMINUS:
            if (arg(0) == INT64_MIN) return std::nullopt;
            return -arg(0);
        case Z3_OP_ADD: case Z3_OP_SUB: case Z3_OP_MUL:
            r = arg(0);
            for (std::uint32_t i = 1; i < n; ++i) {
                const bool over = node.op == Z3_OP_ADD   ? __builtin_add_overflow(r, arg(i), &r)
                                  : node.op == Z3_OP_SUB ? __builtin_sub_overflow(r, arg(i), &r)
                                                         : __builtin_mul_overflow(r, arg(i), &r);
                if (over) return std::nullopt;
            }
            return r;
        case Z3_OP_IDIV: case Z3_OP_MOD: {
            // SMT-LIB's: a = b·q + m with 0 <= m < |b|.
            const std::int64_t a = arg(0), b = arg(1);
            if (b == 0 || b == INT64_MIN || a == INT64_MIN) return std::nullopt;
            std::int64_t m = a % b;
            if (m < 0) m += b < 0 ? -b : b;
            if (node.op == Z3_OP_MOD) return m;
            std::int64_t multiple = 0;  // a - m, which b divides
            if (__builtin_sub_overflow(a, m, &multiple)) return std::nullopt;
            return multiple / b;
        }
        default: return std::nullopt;
        }
    }

    std::unordered_map<unsigned, std::size_t> slot_;             // a variable's id -> its slot
    std::unordered_map<unsigned, std::uint32_t> index_;           // a term's id -> its node
    std::vector<Node> nodes_;
    std::vector<std::uint32_t> args_;
    std::vector<std::int64_t> result_;  // by node, for the valuation being evaluated
};

// Whether values tried for `vars` make `conjunction` true.
bool made_true(const z3::expr& conjunction, const std::vector<z3::expr>& vars, std::vector<std::int64_t> numbers) {
    for (const z3::expr& v : vars) {
        if (!v.is_bool() && !v.is_int()) return false;  // another sort: no values tried
    }
    std::optional<Compiled> compiled = Compiled::of(conjunction, vars);
    if (!compiled) return false;
    std::vector<std::int64_t> tried{0, 1, -1};
    std::sort(numbers.begin(), numbers.end());
    numbers.erase(std::unique(numbers.begin(), numbers.end()), numbers.end());
    if (numbers.size() > max_numbers) numbers.resize(max_numbers);
    for (const std::int64_t k : numbers) {
        // Beside a number (a bound's edge either side), avoiding overflow.
        for (const std::int64_t d : {0, -1, 1}) {
            if ((d < 0 && k == INT64_MIN) || (d > 0 && k == INT64_MAX)) continue;
            tried.push_back(k + d);
        }
    }
    std::sort(tried.begin(), tried.end());
    tried.erase(std::unique(tried.begin(), tried.end()), tried.end());
    const std::vector<std::int64_t> truth{0, 1};
    std::vector<const std::vector<std::int64_t>*> of;
    for (const z3::expr& v : vars) of.push_back(v.is_bool() ? &truth : &tried);
    // Every valuation in turn (an odometer over the variables' values), up to the bound.
    std::vector<std::size_t> at(vars.size(), 0);
    std::vector<std::int64_t> values(vars.size());
    for (std::size_t tries = 0; tries < max_valuations; ++tries) {
        for (std::size_t i = 0; i < vars.size(); ++i) values[i] = (*of[i])[at[i]];
        if (compiled->holds(values)) return true;
        std::size_t i = 0;
        while (i < at.size() && ++at[i] == of[i]->size()) at[i++] = 0;
        if (i == at.size()) return false;
    }
    return false;
}

}  // namespace

bool satisfied_by_values_tried(const std::vector<z3::expr>& conjuncts, SightConjuncts& sight) {
    const std::size_t n = conjuncts.size();
    if (n == 0 || n > max_conjuncts) return n == 0;
    std::vector<std::vector<z3::expr>> vars(n);
    std::vector<std::vector<std::int64_t>> numbers(n);
    Classes classes(n);
    std::unordered_map<unsigned, std::size_t> first_with;  // a variable's id -> a conjunct with it
    for (std::size_t i = 0; i < n; ++i) {
        leaves_of(conjuncts[i], vars[i], numbers[i]);
        for (const z3::expr& v : vars[i]) {
            auto [it, fresh] = first_with.try_emplace(v.id(), i);
            if (!fresh) classes.join(i, it->second);
        }
    }
    std::unordered_map<std::size_t, std::vector<std::size_t>> members;
    for (std::size_t i = 0; i < n; ++i) members[classes.root(i)].push_back(i);
    for (const auto& [root, of] : members) {
        std::vector<const solver::Conjunct*> refs;
        for (const std::size_t i : of) {
            for (const solver::Conjunct& c : sight.read(conjuncts[i])) refs.push_back(&c);
        }
        if (solver::satisfiable_by_own_variables(refs)) continue;
        std::vector<z3::expr> class_vars;
        std::unordered_set<unsigned> ids;
        std::vector<std::int64_t> class_numbers;
        z3::expr_vector parts(conjuncts[of.front()].ctx());
        for (const std::size_t i : of) {
            for (const z3::expr& v : vars[i]) {
                if (ids.insert(v.id()).second) class_vars.push_back(v);
            }
            class_numbers.insert(class_numbers.end(), numbers[i].begin(), numbers[i].end());
            parts.push_back(conjuncts[i]);
        }
        if (class_vars.empty() || class_vars.size() > max_variables) return false;
        if (!made_true(z3::mk_and(parts), class_vars, std::move(class_numbers))) return false;
    }
    return true;
}

}  // namespace clpi::chc
