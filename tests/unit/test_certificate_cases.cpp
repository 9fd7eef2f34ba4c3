// A certificate's cases made fewer (engine/certificate_cases.hpp): the disjunction must stay
// the same formula (Z3 checks each equivalence), and the cases that go are exactly those
// implied by another or joined into one interval.
#include <doctest/doctest.h>

#include "engine/certificate_cases.hpp"

using namespace clpi;
using namespace clpi::solver;
using clpi::engine::fewer_cases;

namespace {

using Cases = std::vector<std::vector<Term>>;

Term either(Solver& s, const Cases& cases) {
    std::vector<Term> disjuncts;
    for (const std::vector<Term>& c : cases) disjuncts.push_back(s.conjunction(c));
    return s.disjunction(disjuncts);
}

// fewer_cases, with the check that its answer is equivalent to the question.
Cases fewer(Solver& s, const Cases& cases, bool integers) {
    Cases out = fewer_cases(s, cases, integers);
    Term before = either(s, cases), after = either(s, out);
    Term differ = s.disjunction(std::vector<Term>{s.conjunction(std::vector<Term>{before, s.negation(after)}),
                                                  s.conjunction(std::vector<Term>{after, s.negation(before)})});
    CHECK(s.check_alone(differ, Purpose::entailment) == Answer::unsat);
    return out;
}

struct Vars {
    Solver& s;
    Term at(std::uint32_t i) { return s.point_var(i, Type::integer); }
    Term eq(std::uint32_t i, int k) { return s.equal(at(i), s.numeral(k)); }
    Term ge(std::uint32_t i, int k) { return s.at_least(at(i), s.numeral(k)); }
    Term le(std::uint32_t i, int k) { return s.at_most(at(i), s.numeral(k)); }
};

}  // namespace

TEST_CASE("certificate cases: one goal per choice becomes one interval per way") {
    // if (*) { x = 0 } else { y = 0 }, then n times if (*) s++ (or t++): the entries are
    // X = 0, S = k and Y = 0, T = k for each k.
    Solver s(Domain::integer);
    Vars v{s};
    Cases cases;
    for (int k = 5; k >= 0; --k) {
        cases.push_back({v.eq(0, 0), v.eq(2, k)});
        cases.push_back({v.eq(1, 0), v.eq(3, k)});
    }
    Cases out = fewer(s, cases, true);
    REQUIRE(out.size() == 2);
    CHECK(out[0].size() == 3);  // X = 0, S >= 0, S =< 5
    CHECK(out[1].size() == 3);
    CHECK(s.to_clp(s.conjunction(out[0]), std::vector<std::string>{"X", "Y", "S", "T"}) ==
          "X = 0 ∧ S >= 0 ∧ S =< 5");
}

TEST_CASE("certificate cases: a case implied by another goes, the others stay as given") {
    Solver s(Domain::integer);
    Vars v{s};
    // X = 0, Y = 0, S = 1 lies within Y = 0; S >= 2, S =< 4 within S >= 0.
    Cases out = fewer(s, {{v.eq(0, 0), v.eq(1, 0), v.eq(2, 1)}, {v.eq(1, 0)}, {v.ge(2, 2), v.le(2, 4), v.eq(3, 7)}, {v.ge(2, 0), v.eq(3, 7)}}, true);
    REQUIRE(out.size() == 2);
    CHECK(out[0].size() == 1);
    CHECK(out[1].size() == 2);
    // Two cases with the same conjuncts in another order: the first stays.
    out = fewer(s, {{v.eq(0, 1), v.eq(1, 2)}, {v.eq(1, 2), v.eq(0, 1)}}, true);
    REQUIRE(out.size() == 1);
    CHECK(s.same(out[0][0], v.eq(0, 1)));
}

TEST_CASE("certificate cases: intervals join only when their union is one interval") {
    Solver s(Domain::integer);
    Vars v{s};
    // A gap (S = 0, S = 2) stays two cases; so do cases that differ in two variables.
    CHECK(fewer(s, {{v.eq(2, 0)}, {v.eq(2, 2)}}, true).size() == 2);
    CHECK(fewer(s, {{v.eq(0, 0), v.eq(2, 0)}, {v.eq(0, 1), v.eq(2, 1)}}, true).size() == 2);
    // S =< 2 and S >= 3 cover every integer: one case, `true`.
    Cases all = fewer(s, {{s.negation(v.ge(2, 3))}, {v.ge(2, 3)}}, true);
    REQUIRE(all.size() == 1);
    CHECK(all[0].empty());
    // A case whose bounds contradict is false and goes.
    Cases one = fewer(s, {{v.ge(2, 3), v.le(2, 1)}, {v.eq(0, 0)}}, true);
    REQUIRE(one.size() == 1);
    CHECK(s.same(one[0][0], v.eq(0, 0)));
}

TEST_CASE("certificate cases: over the reals only intervals that meet join") {
    Solver s(Domain::real);
    Vars v{s};
    // S = 0 and S = 1 leave the numbers between them out.
    CHECK(fewer(s, {{v.eq(2, 0)}, {v.eq(2, 1)}}, false).size() == 2);
    Cases out = fewer(s, {{v.ge(2, 0), v.le(2, 1)}, {v.ge(2, 1), v.le(2, 2)}}, false);
    REQUIRE(out.size() == 1);
    CHECK(out[0].size() == 2);
}

TEST_CASE("certificate cases: past the pairwise tests, intervals still join") {
    // 300 cases, more than are tested pair by pair for implication: joined all the same.
    Solver s(Domain::integer);
    Vars v{s};
    Cases cases;
    for (int k = 0; k < 300; ++k) cases.push_back({v.eq(0, 0), v.eq(2, k)});
    Cases out = fewer(s, cases, true);
    REQUIRE(out.size() == 1);
    CHECK(out[0].size() == 3);
}
