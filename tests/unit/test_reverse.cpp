// The reversed program (engine/reverse.hpp): its rules are the program's read from body to
// head, it has the program's verdict, the complement of its proof is a certificate of the
// program that cvc5 validates, and beside the search it proves what the search alone
// cannot.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "clpi/certificate.hpp"
#include "engine/reverse.hpp"
#include "engine_support.hpp"

using namespace clpi;
using clpi::test::must_parse;

namespace {

std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string clp_file(const std::string& name) {
    return slurp(std::filesystem::path(CLPI_SOURCE_DIR) / "clp" / name);
}

void check_valid(const Program& p, const Certificate& c) {
    CHECK(c.points.size() == p.points.size());
    CertificateCheck check = check_certificate(p, c);
    INFO(check.clause << ": " << check.detail);
    CHECK(std::string(to_string(check.outcome)) == "valid");
}

std::string expected_of(const std::string& text) {
    const std::string key = "% expected: ";
    auto at = text.find(key);
    if (at == std::string::npos) return "";
    return text.substr(at + key.size(), text.find('\n', at) - at - key.size());
}

}  // namespace

TEST_CASE("reverse: each rule read from body to head, the error rules from a new query, the query an error") {
    Program p = must_parse(clp_file("rv11-fig1b-lock.clp"), "lock.clp");
    std::optional<Program> r = engine::reverse_program(p);
    REQUIRE(r.has_value());
    CHECK(r->point_label(r->query.point) == "reverse_start");
    // 7 rules between points, the error rule from the new query, the query as the error;
    // the fact `p(7, L, O, N).` ends a path normally and is left out.
    CHECK(r->rules.size() == 9);
    std::size_t errors = 0, from_start = 0;
    for (const Rule& rule : r->rules) {
        if (rule.body_kind == BodyKind::error) {
            ++errors;
            CHECK(r->point_label(rule.head_point) == "p(0)");
            CHECK(rule.constraints.empty());
        }
        if (rule.head_point == r->query.point) {
            ++from_start;
            CHECK(r->point_label(rule.body_point) == "p(6)");
            REQUIRE(rule.constraints.size() == 1);
            CHECK(format_constraint(rule.constraints[0], rule.vars) == "L = 0");
        }
    }
    CHECK(errors == 1);
    CHECK(from_start == 1);
    // The point names come along.
    auto loop = r->find_point("p(1)");
    REQUIRE(loop.has_value());
    CHECK(r->points[*loop].name == std::optional<std::string>("loop head: while (new != old)"));
    // Read backwards twice: the 7 rules between points are the program's again; the rule
    // from the first new query is a rule into it, the first query's error rule gives a
    // rule from the second new query, and that query is the error.
    std::optional<Program> twice = engine::reverse_program(*r);
    REQUIRE(twice.has_value());
    CHECK(twice->rules.size() == 10);
    CHECK(twice->point_label(twice->query.point) == "reverse_start_2");
}

TEST_CASE("reverse: every program in clp/ keeps its verdict read backwards, and the complement of a proof is a "
          "certificate cvc5 validates") {
    std::size_t decided = 0, total = 0;
    for (const auto& e : std::filesystem::directory_iterator(CLPI_SOURCE_DIR "/clp")) {
        if (e.path().extension() != ".clp") continue;
        const std::string text = slurp(e.path());
        const std::string file = e.path().filename().string();
        INFO(file);
        Program p = must_parse(text, file);
        std::optional<Program> r = engine::reverse_program(p);
        REQUIRE(r.has_value());
        Options o;
        o.timeout_s = 20;  // only so that a regression fails instead of hanging
        Result back = verify(*r, o);
        ++total;
        if (back.verdict == Verdict::unknown) continue;
        ++decided;
        CHECK(std::string(to_string(back.verdict)) == expected_of(text));
        if (back.verdict != Verdict::safe) continue;
        REQUIRE_MESSAGE(back.certificate.has_value(), back.no_certificate);
        std::string why;
        std::optional<Certificate> c = engine::certificate_from_reverse(p, *r, *back.certificate, why);
        REQUIRE_MESSAGE(c.has_value(), why);
        check_valid(p, *c);
    }
    // How many are decided within the limit depends on the machine (all 62 in a normal
    // build, 53 under the sanitizers): what is checked is that each decided one is right.
    MESSAGE(decided, " of ", total, " decided read backwards");
    CHECK(total >= 60);
    CHECK(decided > 0);
}

TEST_CASE("reverse beside the search: a program written from its end to its start is proved, with a certificate "
          "cvc5 validates") {
    Program p = must_parse(clp_file("reverse-continuation.clp"), "reverse-continuation.clp");
    Options o;
    o.timeout_s = 60;
    o.reverse_after_s = 0;
    Result r = verify(p, o);
    REQUIRE(r.verdict == Verdict::safe);
    CHECK(r.stats.reverse_ran);
    CHECK(r.stats.reverse_proved);
    REQUIRE_MESSAGE(r.certificate.has_value(), r.no_certificate);
    check_valid(p, *r.certificate);
    // The reversed program alone: its loop is the program's own, closed at once.
    std::optional<Program> back = engine::reverse_program(p);
    REQUIRE(back.has_value());
    Options alone;
    alone.reverse = false;
    alone.bmc = false;
    alone.pdr = false;
    Result b = verify(*back, alone);
    CHECK(b.verdict == Verdict::safe);
    CHECK(b.stats.nodes == 4);
}

TEST_CASE("reverse beside the search: the error path it finds becomes a counterexample of the program") {
    // From the query the search meets the error at once; the unsafe twin checks only that the
    // two directions agree and the counterexample is the program's.
    Program p = must_parse(clp_file("reverse-continuation-unsafe.clp"), "reverse-continuation-unsafe.clp");
    std::optional<Program> back = engine::reverse_program(p);
    REQUIRE(back.has_value());
    Options alone;
    alone.reverse = false;
    Result b = verify(*back, alone);
    CHECK(b.verdict == Verdict::unsafe);
    Result r = verify(p, Options{});
    REQUIRE(r.verdict == Verdict::unsafe);
    REQUIRE(r.counterexample.has_value());
    CHECK(r.counterexample->path.front().point_label == "p(0)");
    CHECK(r.counterexample->path.back().point_label == "error");
}
