// Clauses that hold by their form (chc/at_sight.hpp): what is found holds for every reading
// of the atoms, equations of a constant put in, what needs arithmetic is left to the
// solver or refuted by linear arithmetic (chc/linear_refutation.hpp), and no argument is
// captured.
#include <string>

#include <doctest/doctest.h>

#include "chc/at_sight.hpp"

using namespace clpi;

TEST_CASE("at sight: a certificate formula over a clause's arguments") {
    CHECK(at_sight::instantiate("(= $0 (+ $1 1))", {"|X|", "(- 1)"}) == "(= |X| (+ (- 1) 1))");
    // $10 is its own parameter, not $1 followed by 0; an array's is $Ka.
    std::vector<std::string> eleven(11, "0");
    eleven[1] = "|A|";
    eleven[10] = "|B|";
    CHECK(at_sight::instantiate("(= $10 $1)", eleven) == "(= |B| |A|)");
    CHECK(at_sight::instantiate("(= (select $0a 0) 1)", {"|M|"}) == "(= (select |M| 0) 1)");
    // a parameter the atom does not have
    CHECK_FALSE(at_sight::instantiate("(= $2 0)", {"|X|"}).has_value());
    // a name of an argument already in the formula could be bound there: not put in
    CHECK_FALSE(at_sight::instantiate("(let ((X 1)) (= $0 X))", {"|X|"}).has_value());
    CHECK_FALSE(at_sight::instantiate("(forall ((|X| Int)) (> $0 |X|))", {"|X|"}).has_value());
    CHECK(at_sight::instantiate("(let ((X 1)) (= $0 X))", {"|Y|"}) == "(let ((X 1)) (= |Y| X))");
}

TEST_CASE("at sight: a point's formula read once, put in with each clause's arguments") {
    at_sight::Sight sight;
    const std::string point = "(let ((a!1 (= $1 (+ $0 1)))) (and a!1 (>= $0 0)))";
    auto at_xy = sight.instance(point, {"|X|", "|Y|"}), at_uv = sight.instance(point, {"|U|", "(- 1)"});
    REQUIRE(at_xy.has_value());
    REQUIRE(at_uv.has_value());
    CHECK(sight.how({*at_xy}, sight.formula("(and (= |Y| (+ |X| 1)) (>= |X| 0))")) == at_sight::Sight::Held::by_form);
    CHECK(sight.how({*at_uv}, sight.formula("(= (- 1) (+ |U| 1))")) == at_sight::Sight::Held::by_form);
    CHECK(sight.how({*at_uv}, sight.formula("(= |Y| (+ |X| 1))")) == at_sight::Sight::Held::no);
    // a parameter past the arguments; a binder left in the formula: instantiated as text
    CHECK_FALSE(sight.instance(point, {"|X|"}).has_value());
    CHECK_FALSE(sight.instance("(forall ((|X| Int)) (> $0 |X|))", {"|X|"}).has_value());
    auto quantified = sight.instance("(forall ((|X| Int)) (> $0 |X|))", {"|Y|"});
    REQUIRE(quantified.has_value());
    CHECK(sight.how({*quantified}, sight.formula("(forall ((|X| Int)) (> |Y| |X|))")) == at_sight::Sight::Held::by_form);
}

TEST_CASE("at sight: implied by the connectives alone") {
    using V = std::vector<std::string>;
    // a disjunct is assumed
    CHECK(at_sight::implies(V{"(= |X| 0)"}, "(or (and (>= |Y| 0) (= |X| |Y|)) (= |X| 0))"));
    // every conjunct is assumed, over several lines or on one
    CHECK(at_sight::implies(V{"(and (= |X| 0)\n  (>= |Y| 1))"}, "(and (>= |Y| 1) (= |X| 0))"));
    // Z3's lets are put in
    CHECK(at_sight::implies(V{"(= |P| 0)", "(= |R| 0)"},
                            "(let ((a!1 (= |P| 0))) (or (and a!1 (= |R| 0)) (and a!1 (= |R| 5))))"));
    // an inner let hides an outer one of the same name; a let's value is read outside it
    CHECK_FALSE(at_sight::implies(V{"(= |X| 1)"}, "(let ((a!1 (= |X| 1))) (let ((a!1 (= |X| 2))) a!1))"));
    CHECK(at_sight::implies(V{"(= |X| 2)"}, "(let ((a!1 (= |X| 1))) (let ((a!1 (= |X| 2))) a!1))"));
    CHECK(at_sight::implies(V{"(not (= |X| 1))"}, "(let ((a!1 (= |X| 1))) (let ((a!1 (not a!1))) a!1))"));
    CHECK_FALSE(at_sight::implies(V{"(= |X| 1)"}, "(let ((a!1 (= |X| 1))) (let ((a!1 (not a!1))) a!1))"));
    // negations and implications
    CHECK(at_sight::implies(V{"(= |X| 0)"}, "(not (not (= |X| 0)))"));
    CHECK(at_sight::implies(V{"(not (= |X| 0))"}, "(=> (= |X| 0) (> |Y| 7))"));
    CHECK_FALSE(at_sight::implies(V{"(= |X| 0)"}, "(not (= |X| 0))"));
    // assumptions that contradict themselves imply anything, `false` too
    CHECK(at_sight::implies(V{"(= |X| 0)", "(not (= |X| 0))"}, "false"));
    CHECK(at_sight::implies(V{"false"}, "(> |X| 0)"));
    CHECK(at_sight::implies(V{}, "true"));
    CHECK(at_sight::implies(V{}, "(and)"));
    CHECK_FALSE(at_sight::implies(V{}, "(or)"));
}

TEST_CASE("at sight: without arithmetic, what needs it is left to the solver") {
    using V = std::vector<std::string>;
    CHECK_FALSE(at_sight::implies(V{"(>= |X| 1)"}, "(>= |X| 0)"));
    CHECK_FALSE(at_sight::implies(V{"(> |X| 0)"}, "(>= |X| 1)"));  // for integers only
    CHECK_FALSE(at_sight::implies(V{"(<= |X| 0)", "(<= |Y| 0)"}, "(<= (+ |X| |Y|) 0)"));
    CHECK_FALSE(at_sight::implies(V{"(< |X| 0)"}, "false"));
    // a quantifier is one atom: its lets stay, and it is compared as a whole
    CHECK(at_sight::implies(V{"(forall ((i Int)) (= (select |M| i) 0))"}, "(forall ((i Int)) (= (select |M| i) 0))"));
    CHECK_FALSE(at_sight::implies(V{"(forall ((i Int)) (= (select |M| i) 0))"}, "(= (select |M| 3) 0)"));
    // what cannot be read is compared as it is written
    CHECK(at_sight::implies(V{"(= |S| \"a\")"}, "(= |S| \"a\")"));
    CHECK_FALSE(at_sight::implies(V{"(= |S| \"a\")"}, "(= |S|  \"a\")"));
}

TEST_CASE("at sight: the operands of and, or, =, distinct, + and * in any order") {
    using V = std::vector<std::string>;
    // a rule's constraint as the program writes it, a memo's formula as Z3 prints it
    CHECK(at_sight::implies(V{"(= |R'| (+ |V| 3))"}, "(= |R'| (+ 3 |V|))"));
    CHECK(at_sight::implies(V{"(= |X| 0)"}, "(= 0 |X|)"));
    CHECK(at_sight::implies(V{"(distinct |A| |B| |C|)"}, "(distinct |C| |A| |B|)"));
    CHECK(at_sight::implies(V{"(>= (* 2 |X|) |Y|)"}, "(>= (* |X| 2) |Y|)"));
    CHECK(at_sight::implies(V{"(or (= |X| 0) (> |Y| 1))"}, "(or (> |Y| 1) (= |X| 0))"));
    // nested: a sum inside an equation inside a disjunction
    CHECK(at_sight::implies(V{"(or (= (+ |A| |B|) 1) (< |C| 0))"}, "(or (< |C| 0) (= 1 (+ |B| |A|)))"));
    // a negated disjunction in another order contradicts the disjunction
    CHECK(at_sight::implies(V{"(or (= |X| 0) (= |Y| 1))", "(not (or (= |Y| 1) (= |X| 0)))"}, "false"));
    // the operands of - and of the comparisons keep their order
    CHECK_FALSE(at_sight::implies(V{"(= |Z| (- |X| |Y|))"}, "(= |Z| (- |Y| |X|))"));
    CHECK_FALSE(at_sight::implies(V{"(< |X| |Y|)"}, "(< |Y| |X|)"));
    CHECK_FALSE(at_sight::implies(V{"(=> (= |X| 0) (= |Y| 0))"}, "(=> (= |Y| 0) (= |X| 0))"));
}

TEST_CASE("at sight: the equations of a constant that the body assumes are put in") {
    using V = std::vector<std::string>;
    // a rule's A' = R, a memo's R = 3 + V: the formula after the step over A'
    CHECK(at_sight::implies(V{"(= |A'| |R|)", "(= |R| (+ 3 |V|))"}, "(= |A'| (+ |V| 3))"));
    CHECK(at_sight::implies(V{"(= |A'| |R|)", "(>= |R| 0)"}, "(and (>= |A'| 0) (= |R| |A'|))"));
    // chains, in any order, and an equation that becomes t = t
    CHECK(at_sight::implies(V{"(= |Z| |Y|)", "(= |Y| |X|)", "(= |X| 0)"}, "(= |Z| 0)"));
    CHECK(at_sight::implies(V{}, "(= (+ |X| 1) (+ 1 |X|))"));
    // and then a comparison without unknowns is evaluated
    CHECK(at_sight::implies(V{"(= |X| 0)", "(= |X| 1)"}, "false"));
    CHECK(at_sight::implies(V{"(= |X| 2)"}, "(= (+ |X| 1) 3)"));
    CHECK_FALSE(at_sight::implies(V{"(= |X| 2)"}, "(= (+ |X| 1) 4)"));
    // unrelated constants stay apart; an equation under a disjunction is not assumed
    CHECK_FALSE(at_sight::implies(V{"(= |X| |Y|)"}, "(= |X| |Z|)"));
    CHECK_FALSE(at_sight::implies(V{"(or (= |X| 0) (= |Y| 0))"}, "(= |X| 0)"));
    // x = x + 1 puts nothing in (x is in its own term); as a comparison, it is 0 = 1
    CHECK(at_sight::implies(V{"(= |X| (+ |X| 1))"}, "false"));
    CHECK_FALSE(at_sight::implies(V{"(= |X| (* 2 |X|))"}, "false"));
    // nothing is put in under a quantifier, where a name may be bound
    CHECK_FALSE(at_sight::implies(V{"(= |X| 0)"}, "(forall ((i Int)) (> (select |M| i) |X|))"));
    CHECK_FALSE(at_sight::implies(V{"(= |X| 0)", "(forall ((i Int)) (> (select |M| i) |X|))"},
                                  "(forall ((i Int)) (> (select |M| i) 0))"));
    // a contradiction that shows once an equation is put in
    CHECK(at_sight::implies(V{"(= |X| |Y|)", "(> |X| 0)", "(not (> |Y| 0))"}, "false"));
}

TEST_CASE("at sight: comparisons of linear terms in a normal form") {
    using V = std::vector<std::string>;
    // a comparison and its mirror, its negation, sums in any grouping, common factors
    CHECK(at_sight::implies(V{"(<= |X| 0)"}, "(>= 0 |X|)"));
    CHECK(at_sight::implies(V{"(< |X| 100)"}, "(not (<= 100 |X|))"));
    CHECK(at_sight::implies(V{"(> |X| 0)"}, "(not (<= |X| 0))"));
    CHECK(at_sight::implies(V{"(= |Y| (+ |X| 6))"}, "(= (- |Y| 3) (+ 3 |X|))"));
    CHECK(at_sight::implies(V{"(<= (* 2 |X|) (* 4 |Y|))"}, "(<= |X| (* 2 |Y|))"));
    CHECK(at_sight::implies(V{"(not (= |X| |Y|))"}, "(distinct |Y| |X|)"));
    CHECK(at_sight::implies(V{"(>= |X| 0.5)"}, "(>= (* 2 |X|) 1)"));
    CHECK(at_sight::implies(V{"(<= |X| (/ 1 3))"}, "(<= (* 3 |X|) 1)"));
    // a comparison and its negation contradict each other in any form
    CHECK(at_sight::implies(V{"(>= |X| 100)", "(not (<= 100 |X|))"}, "false"));
    CHECK(at_sight::implies(V{"(< (+ 1 |Y|) |Y|)"}, "false"));
    CHECK(at_sight::implies(V{}, "(<= (- 2147483648) 2147483647)"));
    // a product of unknowns, select, mod: terms of their own, compared by their text
    CHECK(at_sight::implies(V{"(< (* |X| |Y|) 3)"}, "(> 3 (* |Y| |X|))"));
    CHECK(at_sight::implies(V{"(= (mod |X| 2) 0)"}, "(= 0 (mod |X| 2))"));
    CHECK_FALSE(at_sight::implies(V{"(= (mod |X| 2) 0)"}, "(= 0 (mod |X| 3))"));
    // what differs is not the same: a strict and a weak bound, another constant, a sign
    CHECK_FALSE(at_sight::implies(V{"(<= |X| 0)"}, "(< |X| 0)"));
    CHECK_FALSE(at_sight::implies(V{"(<= |X| 0)"}, "(<= |X| (- 1))"));
    CHECK_FALSE(at_sight::implies(V{"(<= |X| 0)"}, "(>= |X| 0)"));
    CHECK_FALSE(at_sight::implies(V{"(= (* 2 |X|) 1)"}, "(= |X| 1)"));
    CHECK_FALSE(at_sight::implies(V{"(< (- |X| |Y|) 0)"}, "(< (- |Y| |X|) 0)"));
    CHECK_FALSE(at_sight::implies(V{}, "(< 2147483647 (- 2147483648))"));
}

TEST_CASE("at sight: lets whose expansion would be huge stay as they are") {
    // 40 nested lets, each using the one before twice: 2^40 nodes put in. Not expanded, the
    // formula is compared as a whole (and at once).
    std::string deep = "(let ((a!1 (= |X| 0)))";
    for (int k = 2; k <= 40; ++k) deep += " (let ((a!" + std::to_string(k) + " (and a!" + std::to_string(k - 1) + " a!" + std::to_string(k - 1) + ")))";
    deep += " a!40" + std::string(40, ')');
    CHECK_FALSE(at_sight::implies({"(= |X| 0)"}, deep));
    CHECK(at_sight::implies({deep}, deep));
    // a formula nested deeper than certificates go is compared as a whole too
    const std::string nested = std::string(300, '(') + "not (= |X| 0" + std::string(301, ')');
    CHECK(at_sight::implies({nested}, nested));
    CHECK_FALSE(at_sight::implies({"(= |X| 0)"}, nested));
    // a few levels are put in
    CHECK(at_sight::implies({"(= |X| 0)"}, "(let ((a!1 (= |X| 0))) (let ((a!2 (and a!1 a!1))) (and a!2 a!2)))"));
}

TEST_CASE("at sight: refuted by linear arithmetic, case by case") {
    using V = std::vector<std::string>;
    constexpr auto ints = at_sight::Arithmetic::integers;
    constexpr auto reals = at_sight::Arithmetic::reals;
    CHECK(at_sight::implies(V{"(>= |X| 1)"}, "(>= |X| 0)", reals));
    CHECK(at_sight::implies(V{"(<= |X| 0)", "(<= |Y| 0)"}, "(<= (+ |X| |Y|) 0)", reals));
    CHECK(at_sight::implies(V{"(< |X| |Y|)", "(< |Y| |Z|)"}, "(< |X| |Z|)", reals));
    CHECK_FALSE(at_sight::implies(V{"(< |X| |Y|)"}, "(< |X| (- |Y| 1))", reals));
    // integers only: strict comparisons tightened, and coefficients divided out
    CHECK(at_sight::implies(V{"(> |X| 0)"}, "(>= |X| 1)", ints));
    CHECK_FALSE(at_sight::implies(V{"(> |X| 0)"}, "(>= |X| 1)", reals));
    CHECK(at_sight::implies(V{"(<= (* 2 |X|) 3)"}, "(<= |X| 1)", ints));
    CHECK(at_sight::implies(V{"(= (* 2 |X|) (+ (* 4 |Y|) 1))"}, "false", ints));
    CHECK_FALSE(at_sight::implies(V{"(= (* 2 |X|) (+ (* 4 |Y|) 1))"}, "false", reals));
    CHECK(at_sight::implies(V{"(< (* 2 |X|) 1)", "(> (* 2 |X|) (- 1))"}, "(= |X| 0)", ints));
    // a step of a loop: its invariant kept
    CHECK(at_sight::implies(V{"(and (>= |I| 0) (<= |I| |N|))", "(< |I| |N|)", "(= |I1| (+ |I| 1))"},
                            "(and (>= |I1| 0) (<= |I1| |N|))", ints));
    // disjunctions on both sides, and a disequality: split into cases
    CHECK(at_sight::implies(V{"(or (and (>= |S| 2) (<= |S| 4) (= |Z| 0)) (= |Z| 999))", "(= |S1| (+ |S| 1))"},
                            "(or (and (>= |S1| 3) (<= |S1| 6) (= |Z| 0)) (= |Z| 999))", ints));
    CHECK_FALSE(at_sight::implies(V{"(or (and (>= |S| 2) (<= |S| 4) (= |Z| 0)) (= |Z| 999))", "(= |S1| (+ |S| 3))"},
                                  "(or (and (>= |S1| 3) (<= |S1| 6) (= |Z| 0)) (= |Z| 999))", ints));
    CHECK(at_sight::implies(V{"(distinct |X| 0)", "(>= |X| 0)"}, "(> |X| 0)", ints));
    CHECK(at_sight::implies(V{"(=> (> |X| 0) (> |Y| 0))", "(> |X| 5)"}, "(>= |Y| 1)", ints));
    // remainders and quotients of a numeral, as SMT-LIB defines them (0 <= r < |k|)
    CHECK(at_sight::implies(V{"(= (mod |I| 4) 0)", "(= |J| (+ |I| 4))"}, "(= (mod |J| 4) 0)", ints));
    CHECK(at_sight::implies(V{"(= (mod |I| 2) 1)"}, "(distinct (mod (+ |I| 1) 2) 1)", ints));
    CHECK(at_sight::implies(V{}, "(and (>= (mod |X| (- 3)) 0) (< (mod |X| (- 3)) 3))", ints));
    CHECK(at_sight::implies(V{"(>= |X| 0)"}, "(<= (* 2 (div |X| 2)) |X|)", ints));
    CHECK_FALSE(at_sight::implies(V{}, "(= (mod |X| 4) 0)", ints));
    // an equation scaled by an earlier one (2Y = 2Q) divided back, so that a remainder is put in exactly
    CHECK(at_sight::implies(V{"(= (+ |X| (* (- 2) |Y|)) 0)", "(= (mod |X| 2) 0)", "(= |X1| (+ |X| 1))", "(= |Y1| (+ |Y| 1))"},
                            "(= (mod |X1| 2) 1)", ints));
    // any other term is an unknown of its own, by its text; any other formula a literal
    CHECK(at_sight::implies(V{"(> (select |A| |I|) 3)"}, "(> (select |A| |I|) 2)", ints));
    CHECK_FALSE(at_sight::implies(V{"(> (select |A| |I|) 3)"}, "(> (select |A| |J|) 2)", ints));
    CHECK(at_sight::implies(V{"(or |B| (> |X| 0))", "(not |B|)"}, "(> |X| 0)", ints));
    CHECK_FALSE(at_sight::implies(V{"(forall ((i Int)) (> (select |A| i) 3))"}, "(> (select |A| 0) 2)", ints));
    // a read after a write: the value written at the same index, the array's before at another
    CHECK(at_sight::implies(V{"(= |B| (store |A| 0 (+ (select |A| 0) 1)))", "(>= (select |A| 0) 0)"},
                            "(>= (select |B| 0) 0)", ints));
    CHECK(at_sight::implies(V{"(= |B| (store |A| 1 7))", "(>= (select |A| 0) 0)"}, "(>= (select |B| 0) 0)", ints));
    CHECK(at_sight::implies(V{"(= |T| (store (store |C| |A| 1) |B| 2))", "(not (= |A| |B|))"},
                            "(and (= (select |T| |B|) 2) (= (select |T| |A|) 1))", ints));
    CHECK_FALSE(at_sight::implies(V{"(= |T| (store (store |C| |A| 1) |B| 2))"}, "(= (select |T| |A|) 1)", ints));
    CHECK_FALSE(at_sight::implies(V{"(or (= |B| (store |A| 0 5)) (> |X| 0))"}, "(= (select |B| 0) 5)", ints));
    // a read of a constant array is its value, also under writes and through a name
    const std::string zeros = "((as const (Array Int Int)) 0)";
    CHECK(at_sight::implies(V{"(= |T| (store (store " + zeros + " |A| 1) |B| 2))", "(not (= |Q| |A|))", "(not (= |Q| |B|))"},
                            "(= (select |T| |Q|) 0)", ints));
    CHECK_FALSE(at_sight::implies(V{"(= |T| (store (store " + zeros + " |A| 1) |B| 2))", "(not (= |Q| |A|))"},
                                  "(= (select |T| |Q|) 0)", ints));
    CHECK(at_sight::implies(V{"(= |Z| " + zeros + ")"}, "(<= (select |Z| |I|) 0)", ints));
    CHECK_FALSE(at_sight::implies(V{"(= |Z| " + zeros + ")"}, "(< (select |Z| |I|) 0)", ints));
    // C's 64-bit bounds are read; numbers past 120 bits leave it to the solver
    CHECK(at_sight::implies(V{"(<= |L| 2147483647)", "(> |L| 9223372036854775807)"}, "false", ints));
    CHECK(at_sight::implies(V{"(<= |U| 4294967295)", "(> |U| 18446744073709551615)"}, "false", ints));
    CHECK(at_sight::implies(V{"(> |X| 100000000000000000000)"}, "(> |X| 0)", ints));
    CHECK_FALSE(at_sight::implies(V{"(> |X| 10000000000000000000000000000000000000000)"}, "(> |X| 0)", ints));
}
