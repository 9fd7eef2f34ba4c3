// One point variable eliminated from a conjunction of linear comparisons
// (Solver::eliminate_linear): the result never mentions the variable, is implied by the
// conjunction (Z3 checks it), and is the expected combination of bounds or substitution.
#include <doctest/doctest.h>

#include <algorithm>

#include "solver/solver.hpp"

using namespace clpi;
using namespace clpi::solver;

namespace {

struct Vars {
    Solver& s;
    Term at(std::uint32_t i) { return s.point_var(i, Type::integer); }
    // Σ factor · $i + constant
    Term sum(std::vector<std::pair<int, std::uint32_t>> parts, int constant = 0) {
        std::vector<std::pair<Number, Term>> terms;
        for (auto [f, i] : parts) terms.emplace_back(Number(f), at(i));
        return s.linear_sum(terms, Number(constant));
    }
};

const std::vector<std::string> names{"X", "Y", "Z", "W"};

// eliminate_linear's answer, checked: no v in it, and implied by the conjunction.
std::vector<Term> eliminated(Solver& s, const std::vector<Term>& cube, std::uint32_t v) {
    std::optional<std::vector<Term>> out = s.eliminate_linear(cube, v);
    REQUIRE(out.has_value());
    for (Term t : *out) {
        std::vector<std::uint32_t> vars = s.point_vars_in(t);
        CHECK(std::find(vars.begin(), vars.end(), v) == vars.end());
    }
    Term weaker_not = s.negation(s.conjunction(*out));
    std::vector<Term> both = cube;
    both.push_back(weaker_not);
    CHECK(s.check_alone(s.conjunction(both), Purpose::entailment) == Answer::unsat);
    return *out;
}

}  // namespace

TEST_CASE("fourier-motzkin: a lower and an upper bound of the variable add up to one comparison without it") {
    Solver s(Domain::integer);
    Vars v{s};
    // 3 =< X and Y - X > Z - 3: X eliminated, Y - Z >= 1 (Y - Z - 1 >= 0 over the integers).
    std::vector<Term> cube{s.at_most(s.numeral(3), v.at(0)),
                           s.negation(s.at_most(v.sum({{1, 1}, {-1, 0}}), v.sum({{1, 2}}, -3)))};
    std::vector<Term> out = eliminated(s, cube, 0);
    REQUIRE(out.size() == 1);
    // Exactly Y - Z >= 1: the two imply each other.
    Term expected = s.at_least(v.sum({{1, 1}, {-1, 2}}), s.numeral(1));
    Term differ = s.disjunction(std::vector<Term>{
        s.conjunction(std::vector<Term>{out[0], s.negation(expected)}),
        s.conjunction(std::vector<Term>{expected, s.negation(out[0])})});
    CHECK(s.check_alone(differ, Purpose::entailment) == Answer::unsat);
}

TEST_CASE("fourier-motzkin: the conjuncts without the variable stay as they are") {
    Solver s(Domain::integer);
    Vars v{s};
    Term keep = s.at_most(v.at(3), s.numeral(7));
    std::vector<Term> cube{keep, s.at_least(v.at(0), v.at(1)), s.at_most(v.at(0), v.at(2))};
    std::vector<Term> out = eliminated(s, cube, 0);
    REQUIRE(out.size() == 2);
    CHECK(s.same(out[0], keep));
    CHECK(s.to_clp(out[1], names) == "Y - Z =< 0");
}

TEST_CASE("fourier-motzkin: over the integers a combination's common factor is divided out, its bound rounded") {
    Solver s(Domain::integer);
    Vars v{s};
    // 2Y =< X =< 2Z + 1: 2Y =< 2Z + 1, that is Y =< Z over the integers.
    std::vector<Term> cube{s.at_most(v.sum({{2, 1}}), v.at(0)), s.at_most(v.at(0), v.sum({{2, 2}}, 1))};
    std::vector<Term> out = eliminated(s, cube, 0);
    REQUIRE(out.size() == 1);
    // Y = 1, Z = 1 satisfies it; Y = 1, Z = 0 does not (2 =< 1 is false; 2 =< 2·0 + 1 too).
    Term y1z1 = s.conjunction(std::vector<Term>{out[0], s.equal(v.at(1), s.numeral(1)), s.equal(v.at(2), s.numeral(1))});
    Term y1z0 = s.conjunction(std::vector<Term>{out[0], s.equal(v.at(1), s.numeral(1)), s.equal(v.at(2), s.numeral(0))});
    CHECK(s.check_alone(y1z1, Purpose::feasibility) == Answer::sat);
    CHECK(s.check_alone(y1z0, Purpose::feasibility) == Answer::unsat);
    CHECK(s.to_clp(out[0], names) == "Y - Z =< 0");
}

TEST_CASE("fourier-motzkin: an equation is solved for the variable and substituted") {
    Solver s(Domain::integer);
    Vars v{s};
    // X = Y + 2, X + Z =< 5, X >= W: Y + Z =< 3 and Y + 2 >= W, exactly.
    std::vector<Term> cube{s.equal(v.at(0), v.sum({{1, 1}}, 2)), s.at_most(v.sum({{1, 0}, {1, 2}}), s.numeral(5)),
                           s.at_least(v.at(0), v.at(3))};
    std::vector<Term> out = eliminated(s, cube, 0);
    REQUIRE(out.size() == 2);
    Term expected = s.conjunction(std::vector<Term>{s.at_most(v.sum({{1, 1}, {1, 2}}), s.numeral(3)),
                                                    s.at_least(v.sum({{1, 1}}, 2), v.at(3))});
    Term both = s.conjunction(out);
    Term differ = s.disjunction(std::vector<Term>{s.conjunction(std::vector<Term>{both, s.negation(expected)}),
                                                  s.conjunction(std::vector<Term>{expected, s.negation(both)})});
    CHECK(s.check_alone(differ, Purpose::entailment) == Answer::unsat);
}

TEST_CASE("fourier-motzkin: bounds that contradict each other give false, a variable bounded on one side only goes") {
    Solver s(Domain::integer);
    Vars v{s};
    std::vector<Term> contradict{s.at_least(v.at(0), s.numeral(3)), s.at_most(v.at(0), s.numeral(1))};
    std::vector<Term> out = eliminated(s, contradict, 0);
    REQUIRE(out.size() == 1);
    CHECK(s.is_false(out[0]));
    std::vector<Term> one_side{s.at_least(v.at(0), s.numeral(3)), s.at_least(v.at(0), v.at(1)),
                               s.at_most(v.at(1), s.numeral(9))};
    out = eliminated(s, one_side, 0);
    REQUIRE(out.size() == 1);
    CHECK(s.to_clp(out[0], names) == "Y =< 9");
}

TEST_CASE("fourier-motzkin: a variable inside anything but a linear comparison is not eliminated") {
    Solver s(Domain::integer);
    Vars v{s};
    std::vector<Term> with_mod{s.congruence(v.at(0), 2, 0), s.at_most(v.at(0), s.numeral(3))};
    CHECK_FALSE(s.eliminate_linear(with_mod, 0).has_value());
    std::vector<Term> with_disequation{s.negation(s.equal(v.at(0), v.at(1))), s.at_most(v.at(0), s.numeral(3))};
    CHECK_FALSE(s.eliminate_linear(with_disequation, 0).has_value());
    // Over the reals a strict bound is not taken (the combination would need strictness).
    Solver r(Domain::real);
    Term x = r.point_var(0, Type::integer), y = r.point_var(1, Type::integer);
    std::vector<Term> strict{r.negation(r.at_most(x, y)), r.at_most(x, r.numeral(3))};
    CHECK_FALSE(r.eliminate_linear(strict, 0).has_value());
}
