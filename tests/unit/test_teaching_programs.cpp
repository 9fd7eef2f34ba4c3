// Every program in clp/ against the verdict its header promises (`% expected:`), for every
// strategy. minimax proves loops without a bound; bounded and dse decide loop-free programs
// and explore loops up to the default unroll bound: safe ones end UNKNOWN (bound), never
// with a false alarm, and each unsafe twin whose error lies within the bound is found.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "clpi/certificate.hpp"
#include "engine_support.hpp"

using namespace clpi;

namespace {

struct Teaching {
    std::string file;
    std::string text;
    Verdict expected = Verdict::unknown;
    bool loops = false;
    std::string slow;  // `% slow:` the runs that take minutes (bounded, no-polyhedra)
};

std::string header_value(const std::string& text, const std::string& key) {
    std::istringstream in(text);
    std::string line;
    const std::string prefix = "% " + key + ":";
    while (std::getline(in, line)) {
        if (line.rfind(prefix, 0) == 0) {
            std::string v = line.substr(prefix.size());
            v.erase(0, v.find_first_not_of(' '));
            return v;
        }
    }
    return {};
}

std::vector<Teaching> teaching_programs() {
    std::vector<Teaching> out;
    for (const auto& e : std::filesystem::directory_iterator(CLPI_SOURCE_DIR "/clp")) {
        if (e.path().extension() != ".clp") continue;
        std::ifstream in(e.path());
        std::stringstream ss;
        ss << in.rdbuf();
        Teaching t;
        t.file = e.path().filename().string();
        t.text = ss.str();
        std::string expected = header_value(t.text, "expected");
        std::string loops = header_value(t.text, "loops");
        INFO(t.file);
        REQUIRE((expected == "safe" || expected == "unsafe"));
        REQUIRE((loops == "yes" || loops == "no"));
        t.expected = expected == "safe" ? Verdict::safe : Verdict::unsafe;
        t.loops = loops == "yes";
        t.slow = header_value(t.text, "slow");
        out.push_back(std::move(t));
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.file < b.file; });
    return out;
}

// A counterexample ends at the error and starts at the query's point.
void check_counterexample(const Result& r) {
    REQUIRE(r.counterexample.has_value());
    const auto& path = r.counterexample->path;
    REQUIRE(path.size() >= 2);
    CHECK(path.back().point_label == "error");
    CHECK(path.front().rule != 0);
}

// Loop-free programs that the path-enumeration baseline explores within a few thousand
// nodes; the others (overview (c) and (d) at n = 20) have millions of paths without
// interpolation, which is the point of those programs.
bool dse_is_small(const Teaching& t) {
    return !t.loops && t.file.find("-20") == std::string::npos;
}

// A SAFE carries a certificate, and cvc5 (not the engine's Z3) finds every clause of the
// program holds under it.
void check_certificate_valid(const Program& p, const Result& r) {
    REQUIRE_MESSAGE(r.certificate.has_value(), r.no_certificate);
    CHECK(r.certificate->points.size() == p.points.size());
    CertificateCheck c = check_certificate(p, *r.certificate);
    INFO(c.clause << ": " << c.detail);
    CHECK(std::string(to_string(c.outcome)) == "valid");
    CHECK(c.clauses + c.trivial > 0);
    // What held by its form holds for cvc5 too: every clause checked by it, none at sight
    // but those into `true` or out of `false`.
    std::vector<std::string> names;
    std::size_t trivial = 0;
    std::string every = certificate_checks_smtlib(p, *r.certificate, names, &trivial, false);
    CHECK(names.size() + trivial == c.clauses + c.trivial);
    CertificateCheck all = check_smtlib_clauses(every, names);
    INFO(all.clause << ": " << all.detail);
    CHECK(std::string(to_string(all.outcome)) == "valid");
    CHECK(all.clauses == names.size());
}

}  // namespace

TEST_CASE("every SAFE in clp/ carries a certificate that cvc5 validates") {
    for (const auto& t : teaching_programs()) {
        if (t.expected != Verdict::safe) continue;
        INFO(t.file);
        Program p = test::must_parse(t.text, t.file);
        for (int variant = 0; variant < 3; ++variant) {
            Options o;  // minimax; then without the polyhedra; then slackened
            o.polyhedra = variant != 1;
            o.slacken = variant == 2;
            INFO("variant " << variant);
            if (variant == 1 && t.slow.find("no-polyhedra") != std::string::npos) continue;
            Result r = verify(p, o);
            // Some need the polyhedra (polyhedra-coefficients.clp): a SAFE is what counts.
            if (variant == 1 && r.verdict != Verdict::safe) continue;
            REQUIRE(r.verdict == Verdict::safe);
            check_certificate_valid(p, r);
        }
        if (!t.loops) {
            Options b;
            b.strategy = Strategy::bounded;
            Result r = verify(p, b);
            REQUIRE(r.verdict == Verdict::safe);
            check_certificate_valid(p, r);
        }
    }
}

TEST_CASE("minimax: every program in clp/ has its expected verdict, loops without a bound") {
    auto programs = teaching_programs();
    REQUIRE(programs.size() >= 30);
    for (const auto& t : programs) {
        INFO(t.file);
        Program p = test::must_parse(t.text, t.file);
        Result r = verify(p, Options{});  // minimax, no bound
        CHECK(r.verdict == t.expected);
        if (r.verdict == Verdict::unsafe) check_counterexample(r);
    }
}

TEST_CASE("bounded and dse: loop-free programs decided, loops explored up to the bound") {
    auto programs = teaching_programs();
    for (const auto& t : programs) {
        INFO(t.file);
        if (t.slow.find("bounded") != std::string::npos) continue;
        Program p = test::must_parse(t.text, t.file);
        Options o;
        o.strategy = Strategy::bounded;
        Result r = verify(p, o);
        // Unsafe twins whose error needs more iterations than the default bound allows.
        const bool deep = t.file == "rv11-fig1d-unsafe.clp" ||
                          t.file == "tracerx-motivating-30-unsafe.clp" ||
                          t.file == "polyhedra-coefficients-unsafe.clp";
        if (!t.loops || (t.expected == Verdict::unsafe && !deep)) {
            CHECK(r.verdict == t.expected);
        } else {
            // No proof without loop abstraction, no error within the bound, and never the
            // opposite verdict.
            CHECK(r.verdict == Verdict::unknown);
            CHECK(r.reason == UnknownReason::bound);
        }
        if (r.verdict == Verdict::unsafe) check_counterexample(r);
        if (!t.loops) CHECK(r.stats.cut_by_bound == 0);

        if (dse_is_small(t)) {
            Options d;
            d.strategy = Strategy::dse;
            Result rd = verify(p, d);
            CHECK(rd.verdict == t.expected);
            if (rd.verdict == Verdict::unsafe) check_counterexample(rd);
            // Interpolation never explores more than plain enumeration.
            if (t.expected == Verdict::safe) CHECK(r.stats.nodes <= rd.stats.nodes);
        }
    }
}

TEST_CASE("a loop that ends within the bound is proved: TRACER-X's example with MAX = 30") {
    auto programs = teaching_programs();
    for (const auto& t : programs) {
        if (t.file.rfind("tracerx-motivating-30", 0) != 0) continue;
        INFO(t.file);
        Program p = test::must_parse(t.text, t.file);
        Options o;
        o.strategy = Strategy::bounded;
        o.unroll = 31;
        Result r = verify(p, o);
        CHECK(r.verdict == t.expected);
        CHECK(r.stats.cut_by_bound == 0);
        if (t.expected == Verdict::safe) {
            // Two identical branches per iteration: the second is subsumed each time, so
            // the tree is linear in MAX rather than 2^30.
            CHECK(r.stats.subsumed >= 30);
            CHECK(r.stats.nodes < 200);
        } else {
            check_counterexample(r);
        }
    }
}

TEST_CASE("every UNSAFE in clp/ has a counterexample whose path cvc5 finds feasible") {
    std::size_t checked = 0;
    for (const auto& t : teaching_programs()) {
        if (t.expected != Verdict::unsafe) continue;
        INFO(t.file);
        Program p = test::must_parse(t.text, t.file);
        Result r = verify(p, Options{});
        REQUIRE(r.verdict == Verdict::unsafe);
        REQUIRE(r.counterexample.has_value());
        CertificateCheck c = check_counterexample(p, *r.counterexample);
        INFO(c.clause << ": " << c.detail);
        CHECK(std::string(to_string(c.outcome)) == "valid");
        CHECK(c.clauses >= 1);
        ++checked;
    }
    CHECK(checked >= 20);
}

TEST_CASE("a counterexample with a wrong value is found infeasible by cvc5") {
    Program p = test::must_parse("?- p(0, X), X = 0.\np(0, X) :- p(1, Y), Y = X + 2.\np(1, X) :- error, X > 1.\n",
                                 "two.clp");
    Result r = verify(p, Options{});
    REQUIRE(r.verdict == Verdict::unsafe);
    REQUIRE(r.counterexample.has_value());
    Counterexample wrong = *r.counterexample;
    bool changed = false;
    for (auto& [name, value] : wrong.values) {
        if (name == "Y@1") {
            value = "3";
            changed = true;
        }
    }
    REQUIRE(changed);
    CertificateCheck c = check_counterexample(p, wrong);
    CHECK(c.outcome == CertificateCheck::Outcome::invalid);
    CHECK(c.clause == "the counterexample");
}
