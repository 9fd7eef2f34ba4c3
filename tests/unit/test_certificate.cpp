// Certificates of SAFE (certificate.hpp): what the engine builds holds under cvc5, and a
// wrong one is caught at the clause it breaks.
#include "clpi/certificate.hpp"
#include "engine_support.hpp"

using namespace clpi;

namespace {

const char* counter = R"(?- p(0, I, N), I = 0, N >= 0.
p(0, I, N) :- p(0, I1, N), I < N, I1 = I + 1.
p(0, I, N) :- p(1, I, N), I >= N.
p(1, I, N) :- error, I > N.
)";

}  // namespace

TEST_CASE("certificate: the engine's is inductive; a wrong one fails at the clause it breaks") {
    Program p = test::must_parse(counter, "counter.clp");
    Result r = verify(p, Options{});
    REQUIRE(r.verdict == Verdict::safe);
    REQUIRE(r.certificate.has_value());
    REQUIRE(r.certificate->points.size() == 2);
    CertificateCheck good = check_certificate(p, *r.certificate);
    INFO(good.clause << ": " << good.detail);
    CHECK(good.outcome == CertificateCheck::Outcome::valid);
    CHECK(good.clauses == 4);  // the query and three rules

    // I =< N at p(0) is inductive; I >= 0 alone is not strong enough at the loop exit.
    Certificate weak = *r.certificate;
    weak.points[0].smtlib = "(>= $0 0)";
    weak.points[1].smtlib = "(>= $0 0)";
    CertificateCheck bad = check_certificate(p, weak);
    CHECK(bad.outcome == CertificateCheck::Outcome::invalid);
    CHECK(bad.clause == "rule 3 (line 4)");
    CHECK(bad.clauses == 3);

    // Not even true at the start.
    Certificate wrong_start = *r.certificate;
    wrong_start.points[0].smtlib = "(> $0 $1)";
    CHECK(check_certificate(p, wrong_start).clause == "the query");

    // The text form names the variables of the point's first rule.
    std::string text = certificate_clp(p, *r.certificate);
    CHECK(text.find("invariant(p(0, I, N)) :- ") != std::string::npos);
    CHECK(text.find("invariant(p(1, I, N)) :- ") != std::string::npos);

    // No solver, no validation, and no pretence of one.
    CertificateCheck none = check_certificate(p, *r.certificate, "/no/such/solver");
    CHECK(none.outcome == CertificateCheck::Outcome::unavailable);
}

TEST_CASE("certificate: a program point no goal reaches is `false`, still valid") {
    Program p = test::must_parse(R"(?- p(0, X), X = 1.
p(0, X) :- p(1, X), X > 5.
p(0, X) :- p(2, X), X =< 5.
p(1, X) :- error.
p(2, X).
)", "dead.clp");
    Result r = verify(p, Options{});
    REQUIRE(r.verdict == Verdict::safe);
    REQUIRE(r.certificate.has_value());
    CHECK(check_certificate(p, *r.certificate).outcome == CertificateCheck::Outcome::valid);
    std::string text = certificate_clp(p, *r.certificate);
    INFO(text);
    CHECK(text.find("invariant(p(1, X)) :- 0 = 1.") != std::string::npos);
}
