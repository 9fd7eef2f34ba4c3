#include "chc/values_tried.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <unordered_map>
#include <unordered_set>

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
    std::unordered_set<unsigned> seen;
    std::vector<z3::expr> stack{e};
    while (!stack.empty()) {
        const z3::expr t = stack.back();
        stack.pop_back();
        if (!t.is_app() || !seen.insert(t.id()).second) continue;
        std::int64_t v = 0;
        if (t.is_numeral_i64(v)) {
            numbers.push_back(v);
            continue;
        }
        const unsigned n = t.num_args();
        if (n == 0) {
            if (t.decl().decl_kind() == Z3_OP_UNINTERPRETED) vars.push_back(t);
            continue;
        }
        for (unsigned i = 0; i < n; ++i) stack.push_back(t.arg(i));
    }
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

// Whether values tried for `vars` make `conjunction` true.
bool made_true(const z3::expr& conjunction, const std::vector<z3::expr>& vars, std::vector<std::int64_t> numbers) {
    z3::context& ctx = conjunction.ctx();
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
    std::vector<std::vector<z3::expr>> values;
    for (const z3::expr& v : vars) {
        std::vector<z3::expr> of;
        if (v.is_bool()) {
            of = {ctx.bool_val(false), ctx.bool_val(true)};
        } else if (v.is_int() || v.is_real()) {
            for (const std::int64_t k : tried) {
                of.push_back(z3::expr(ctx, Z3_mk_int64(ctx, k, v.get_sort())));
                ctx.check_error();
            }
        } else {
            return false;  // another sort: no values tried
        }
        values.push_back(std::move(of));
    }
    // Every valuation in turn (an odometer over the variables' values), up to the bound.
    std::vector<std::size_t> at(vars.size(), 0);
    for (std::size_t tries = 0; tries < max_valuations; ++tries) {
        z3::model m(ctx);
        for (std::size_t i = 0; i < vars.size(); ++i) {
            z3::func_decl d = vars[i].decl();
            m.add_const_interp(d, values[i][at[i]]);
        }
        if (m.eval(conjunction, true).is_true()) return true;
        std::size_t i = 0;
        while (i < at.size() && ++at[i] == values[i].size()) at[i++] = 0;
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
