// SV-COMP witnesses (witness.hpp): certificate formulas said in C, the converter's map read
// back, and the two kinds of witness written from them. The end-to-end checks (every C
// example's witness against the format's schema, its invariants re-checked) are in
// tests/examples/run_example.py.
#include "clpi/witness.hpp"

#include <doctest/doctest.h>

using namespace clpi;

namespace {

// x (int), n (long, 64 bits), u (unsigned), a global g and a local g of f, t a temporary.
const char* map_json = R"({
 "source": "prog.c", "sha256": "00", "data_model": "ILP32",
 "state": [
  {"clp": "X", "c": "x", "scope": "main", "bits": 32, "signed": true},
  {"clp": "N", "c": "n", "scope": "main", "bits": 64, "signed": true},
  {"clp": "U", "c": "u", "scope": "main", "bits": 32, "signed": false},
  {"clp": "G", "c": "g", "scope": "global", "bits": 32, "signed": true},
  {"clp": "F_g", "c": "g", "scope": "f", "bits": 32, "signed": true},
  {"clp": "Tmp1", "c": "", "scope": "temporary", "bits": 32, "signed": true}
 ],
 "loops": [
  {"point": 3, "line": 7, "column": 5, "function": "main", "visible": [0, 1, 2, 3], "bypassed": false},
  {"point": 9, "line": 20, "column": 3, "function": "f", "visible": [3, 4], "bypassed": false},
  {"point": 11, "line": 20, "column": 3, "function": "f", "visible": [3, 4], "bypassed": false},
  {"point": 12, "line": 30, "column": 5, "function": "main", "visible": [0], "bypassed": true}
 ],
 "rules": [
  {},
  {"branchings": [{"line": 7, "column": 5, "function": "main", "taken": true}]},
  {"branchings": [{"line": 8, "column": 9, "function": "main", "taken": false}],
   "error": {"line": 9, "column": 13, "function": "main"}}
 ]
})";

CSourceMap read_map() {
    std::string error;
    auto m = parse_c_source_map(map_json, error);
    REQUIRE_MESSAGE(m.has_value(), error);
    return *m;
}

}  // namespace

TEST_CASE("witness: the converter's map is read, and a broken one is refused with a reason") {
    CSourceMap m = read_map();
    CHECK(m.state.size() == 6);
    CHECK(m.loops.size() == 4);
    CHECK(m.loops[1].place.function == "f");
    CHECK(m.loops[3].bypassed);
    REQUIRE(m.rules.size() == 3);
    CHECK(m.rules[2].error.has_value());
    CHECK(m.rules[2].branchings.size() == 1);
    CHECK_FALSE(m.rules[2].branchings[0].taken);
    std::string error;
    CHECK_FALSE(parse_c_source_map("{\"source\": 1}", error).has_value());
    CHECK(error.find("not a witness map") != std::string::npos);
    CHECK_FALSE(parse_c_source_map(R"({"source": "a.c", "sha256": "", "data_model": "ILP32", "state": [],
        "loops": [{"point": 1, "line": 1, "column": 1, "function": "main", "visible": [4], "bypassed": false}],
        "rules": []})", error).has_value());
}

TEST_CASE("witness: a certificate formula in C, weakened where C cannot say it") {
    CSourceMap m = read_map();
    std::vector<std::size_t> main_vars{0, 1, 2, 3};
    // A bound alone stays plain; sums and coefficients go to long long.
    CHECK(certificate_as_c("(>= $0 0)", m, main_vars) == "x >= 0");
    CHECK(certificate_as_c("(<= (+ $0 (* (- 2) $3)) 5)", m, main_vars) ==
          "(long long)x <= 2 * (long long)g + 5LL");
    // Every coefficient negative: said the other way round.
    CHECK(certificate_as_c("(<= (- $0) 3)", m, main_vars) == "x >= -3");
    // NNF: a negated conjunction is a disjunction of complements.
    CHECK(certificate_as_c("(not (and (= $0 1) (< $3 4)))", m, main_vars) == "(x != 1) || (g >= 4)");
    // Out of scope (the temporary, f's g), `mod`, a 64-bit variable in a sum: weakened to 1.
    CHECK(certificate_as_c("(and (>= $0 0) (= $5 1))", m, main_vars) == "x >= 0");
    CHECK(certificate_as_c("(and (>= $0 0) (= (mod $0 2) 0))", m, main_vars) == "x >= 0");
    CHECK(certificate_as_c("(and (>= $0 0) (<= (+ $0 $1) 10))", m, main_vars) == "x >= 0");
    CHECK(certificate_as_c("(<= $1 10)", m, main_vars) == "n <= 10");
    CHECK(certificate_as_c("(or (>= $0 0) (= $5 1))", m, main_vars) == "1");
    // An unsigned variable against a negative number compares in long long.
    CHECK(certificate_as_c("(>= $2 (- 1))", m, main_vars) == "(long long)u >= -1LL");
    CHECK(certificate_as_c("(<= $2 7)", m, main_vars) == "u <= 7");
    CHECK(certificate_as_c("false", m, main_vars) == "0");
    CHECK(certificate_as_c("(>= $0 2147483648)", m, main_vars) == "x >= 2147483648LL");
    // In f, `g` is f's own (position 4); the global g is hidden by it.
    CHECK(certificate_as_c("(and (= $4 1) (= $3 2))", m, {3, 4}) == "g == 1");
}

TEST_CASE("witness: loop invariants per C loop, a shortcut loop left out with a note") {
    CSourceMap m = read_map();
    Certificate c;
    auto add = [&](std::uint32_t k, const std::string& smt) {
        PointCertificate pc;
        pc.label = "p(" + std::to_string(k) + ")";
        pc.smtlib = smt;
        c.points.push_back(pc);
    };
    add(3, "(>= $0 0)");
    add(9, "(= $4 1)");
    add(11, "(= $4 2)");
    add(12, "(>= $0 5)");
    std::vector<std::string> notes;
    WitnessProducer producer;
    producer.version = "1.2.3";
    std::string w = correctness_witness(c, m, producer, notes);
    INFO(w);
    CHECK(w.rfind("- entry_type: invariant_set\n", 0) == 0);
    CHECK(w.find("format_version: \"2.0\"") != std::string::npos);
    CHECK(w.find("version: \"1.2.3\"") != std::string::npos);
    CHECK(w.find("data_model: ILP32") != std::string::npos);
    CHECK(w.find("value: \"x >= 0\"") != std::string::npos);
    // f's loop is inlined twice: one invariant, the disjunction of both heads'.
    CHECK(w.find("value: \"(g == 1) || (g == 2)\"") != std::string::npos);
    CHECK(w.find("line: 30") == std::string::npos);
    REQUIRE(notes.size() == 1);
    CHECK(notes[0].find("line 30") != std::string::npos);
}

TEST_CASE("witness: a violation is the branches the counterexample takes, then the failing call") {
    CSourceMap m = read_map();
    Counterexample cex;
    for (std::uint32_t rule : {1U, 2U, 2U, 3U, 0U}) {
        CounterexampleStep s;
        s.rule = rule;
        cex.path.push_back(s);
    }
    std::string why;
    auto w = violation_witness(cex, m, WitnessProducer{}, why);
    REQUIRE_MESSAGE(w.has_value(), why);
    INFO(*w);
    CHECK(w->rfind("- entry_type: violation_sequence\n", 0) == 0);
    // Three branchings (7:5 twice, 8:9 false), then the target at 9:13.
    std::size_t segments = 0;
    for (std::size_t at = w->find("- segment:"); at != std::string::npos; at = w->find("- segment:", at + 1)) ++segments;
    CHECK(segments == 4);
    std::size_t target = w->find("type: target");
    REQUIRE(target != std::string::npos);
    CHECK(w->find("line: 9", target) != std::string::npos);
    CHECK(w->find("value: \"false\"") < target);
    // A counterexample whose last rule names no call has no witness.
    cex.path[3].rule = 2;
    CHECK_FALSE(violation_witness(cex, m, WitnessProducer{}, why).has_value());
    CHECK(why.find("names no C call") != std::string::npos);
}

namespace {

// head and p point to struct node {int data; struct node *next;}, i an int, Mem the memory,
// a a C array, X the address of a variable x kept in memory.
const char* memory_map_json = R"({
 "source": "list.c", "sha256": "00", "data_model": "ILP32",
 "state": [
  {"clp": "Head", "c": "head", "scope": "main", "bits": 64, "signed": false, "points_to": "struct node"},
  {"clp": "P", "c": "p", "scope": "main", "bits": 64, "signed": false, "points_to": "struct node"},
  {"clp": "I", "c": "i", "scope": "main", "bits": 32, "signed": true},
  {"clp": "Mem", "c": "", "scope": "memory", "bits": 64, "signed": true},
  {"clp": "MemTop", "c": "", "scope": "memory", "bits": 64, "signed": false},
  {"clp": "A", "c": "a", "scope": "main", "bits": 32, "signed": true},
  {"clp": "X_address", "c": "", "scope": "main", "bits": 64, "signed": false, "points_to": "int", "object": "x"}
 ],
 "loops": [], "rules": [],
 "layouts": {"struct node": [{"path": ".data", "offset": 0},
                             {"path": ".next", "offset": 1, "points_to": "struct node"}],
             "int": [{"path": "", "offset": 0}]}
})";

CSourceMap read_memory_map() {
    std::string error;
    auto m = parse_c_source_map(memory_map_json, error);
    REQUIRE_MESSAGE(m.has_value(), error);
    return *m;
}

}  // namespace

TEST_CASE("witness: the tree's facts in C name the cells of memory from the pointers") {
    CSourceMap m = read_memory_map();
    // Constant addresses, named from what the formula says head is, then head->next.
    CHECK(facts_as_c("(and (= $0 4) (= (select $3a 4) 7) (= (select $3a 5) 1) (= (select $3a 2) 0))", m) ==
          std::vector<std::string>{"head == 4", "head->data == 7", "head->next == 1", "head->next->next == NULL"});
    // Addresses computed from a pointer variable, and through a pointer cell.
    CHECK(facts_as_c("(= (select $3a (+ $1 1)) 0)", m) == std::vector<std::string>{"p->next == NULL"});
    CHECK(facts_as_c("(> (select $3a (select $3a (+ $1 1))) 3)", m) == std::vector<std::string>{"p->next->data > 3"});
    // A C array read at a computed index; a variable kept in memory by its own name.
    CHECK(facts_as_c("(= (select $5a (+ $2 1)) 3)", m) == std::vector<std::string>{"a[i + 1] == 3"});
    CHECK(facts_as_c("(= (select $3a $6) 5)", m) == std::vector<std::string>{"x == 5"});
    // A cell no pointer of the formula reaches is left out; so is MemTop, which C has not.
    CHECK(facts_as_c("(and (= $2 1) (= (select $3a 9) 0) (>= $4 10))", m) == std::vector<std::string>{"i == 1"});
    CHECK(facts_as_c("false", m) == std::vector<std::string>{"0"});
}

TEST_CASE("witness: a pointer in a witness is compared only with 0 or with a pointer") {
    CSourceMap m = read_memory_map();
    std::vector<std::size_t> all{0, 1, 2, 3, 4, 5, 6};
    CHECK(certificate_as_c("(= $0 0)", m, all) == "head == 0");
    CHECK(certificate_as_c("(not (= $0 $1))", m, all) == "head != p");
    // A cell number is not a C address: these say nothing.
    CHECK(certificate_as_c("(= $0 4)", m, all) == "1");
    CHECK(certificate_as_c("(>= $0 1)", m, all) == "1");
    CHECK(certificate_as_c("(and (= $2 3) (= (select $3a $0) 1))", m, all) == "i == 3");
}
