// The `clpi` command as a user or a script sees it: exit codes, output, JSON members.
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "scratch.hpp"

namespace fs = std::filesystem;

namespace {

struct Run {
    int status;
    std::string out, err;
};

using clpi_test::slurp;

const clpi_test::ScratchDirectory& scratch_directory() {
    static const clpi_test::ScratchDirectory dir("clpi-cli-");
    return dir;
}

fs::path scratch() { return scratch_directory().path(); }

fs::path write(const std::string& name, const std::string& text) { return scratch_directory().write(name, text); }

Run clpi(const std::string& args, const std::string& stdin_text = "") {
    fs::path dir = scratch();
    fs::path in = write("stdin.txt", stdin_text);
    std::string cmd = std::string(CLPI_BINARY) + " " + args + " < " + in.string() + " > " +
                      (dir / "out").string() + " 2> " + (dir / "err").string();
    int raw = std::system(cmd.c_str());
    return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(dir / "out"), slurp(dir / "err")};
}

const char* safe = "?- p(0, X), X >= 0.\np(0, X) :- p(1, Y), Y = X + 1.\np(1, Y) :- error, Y < 1.\n";
const char* unsafe = "?- p(0, X), X >= 0.\np(0, X) :- p(1, Y), Y = X + 1.\np(1, Y) :- error(9), Y > 5.\n";
const char* looping = "?- p(0, X), X = 0.\np(0, X) :- p(0, Y), Y = X + 1.\np(0, X) :- error, X < 0.\n";
// The same loop with a square: its certificate's step needs a solver (X * X >= 0 is not
// linear), where the loop's above holds at sight by linear arithmetic.
const char* looping_square = "?- p(0, X), X = 0.\np(0, X) :- p(0, Y), Y = X * X + 1.\np(0, X) :- error, X < 0.\n";

}  // namespace

TEST_CASE("cli: --version, --help, usage errors") {
    Run v = clpi("--version");
    CHECK(v.status == 0);
    CHECK(v.out.rfind("clpi ", 0) == 0);
    Run h = clpi("--help");
    CHECK(h.status == 0);
    CHECK(h.out.find("verify") != std::string::npos);
    CHECK(h.out.find("check") != std::string::npos);
    CHECK(h.out.find("fmt") != std::string::npos);
    Run hv = clpi("verify --help");
    CHECK(hv.status == 0);
    CHECK(hv.out.find("--unroll") != std::string::npos);
    Run bad = clpi("verify --no-such-option x.clp");
    CHECK(bad.status == 1);
    CHECK(bad.err.find("--help") != std::string::npos);
    CHECK(clpi("").status == 1);
    CHECK(clpi("verify --strategy nonsense x.clp").status == 1);
    // pdr builds no derivation tree: asking for one is a usage error, not an empty tree.
    fs::path looping_file = write("looping.clp", looping);
    Run no_tree = clpi("verify --strategy pdr --tree text " + looping_file.string());
    CHECK(no_tree.status == 1);
    CHECK(no_tree.err.find("--tree needs a strategy that builds a derivation tree") != std::string::npos);
    Run pdr = clpi("verify --strategy pdr " + looping_file.string());
    CHECK(pdr.status == 0);
    CHECK(pdr.out.rfind("SAFE", 0) == 0);
    // Its statistics are those of the engine that answered.
    Run pdr_json = clpi("verify --strategy pdr --json " + looping_file.string());
    CHECK(pdr_json.status == 0);
    CHECK(pdr_json.out.find("\"proved\": true") != std::string::npos);
    CHECK(pdr_json.out.find("\"ran\": true") != std::string::npos);
}

TEST_CASE("cli: verify prints the verdict first and exits with the contract's status") {
    Run s = clpi("verify " + write("safe.clp", safe).string());
    CHECK(s.status == 0);
    CHECK(s.out == "SAFE\n");
    Run u = clpi("verify " + write("unsafe.clp", unsafe).string());
    CHECK(u.status == 10);
    CHECK(u.out.rfind("UNSAFE\n", 0) == 0);
    CHECK(u.out.find("(label 9)") != std::string::npos);
    CHECK(u.out.find("X = ") != std::string::npos);
    Run k = clpi("verify --strategy bounded --unroll 3 " + write("loop.clp", looping).string());
    CHECK(k.status == 5);
    CHECK(k.out == "UNKNOWN (unroll bound 3 reached; no error within it)\n");
    // minimax (the default) needs no bound: x >= 0 is invariant.
    Run m = clpi("verify --invariants " + write("loop.clp", looping).string());
    CHECK(m.status == 0);
    CHECK(m.out.rfind("SAFE\n", 0) == 0);
    CHECK(m.out.find("p(0) [node 1]: X >= 0") != std::string::npos);
    Run d = clpi("verify --strategy dse -", unsafe);
    CHECK(d.status == 10);
    Run st = clpi("verify --stats " + write("safe.clp", safe).string());
    CHECK(st.out.find("solver calls") != std::string::npos);
    CHECK(st.out.find("peak memory") != std::string::npos);
}

TEST_CASE("cli: bad input is FILE:LINE:COL and exit 2, for every command") {
    fs::path bad = write("bad.clp", "?- p(0, X).\np(0, X) :- X = = 1.\n");
    for (const char* cmd : {"verify ", "check ", "fmt "}) {
        Run r = clpi(cmd + bad.string());
        CHECK(r.status == 2);
        CHECK(r.err.find("bad.clp:2:16: error: ") != std::string::npos);
        CHECK(r.out.empty());
    }
    Run missing = clpi("check /no/such/file.clp");
    CHECK(missing.status == 2);
    CHECK(missing.err.find("cannot read") != std::string::npos);
}

TEST_CASE("cli: --json has the contract's members") {
    Run u = clpi("verify --json " + write("unsafe.clp", unsafe).string());
    CHECK(u.status == 10);
    auto j = nlohmann::json::parse(u.out);
    CHECK(j["verdict"] == "unsafe");
    CHECK(j["strategy"] == "minimax");
    for (const char* m : {"nodes", "infeasible", "subsumed", "restarts", "memo_entries",
                          "solver_calls", "solver_time_s", "time_s", "peak_memory_mb"}) {
        INFO(m);
        CHECK(j["stats"].contains(m));
    }
    auto& path = j["counterexample"]["path"];
    REQUIRE(path.size() == 3);
    CHECK(path[0]["point"] == "p(0)");
    CHECK(path[0]["rule"] == 1);
    CHECK(path[2]["point"] == "error");
    CHECK(j["counterexample"]["values"].contains("X"));
    CHECK(j["counterexample"]["values"]["X"].is_string());

    Run k = clpi("verify --json --strategy bounded --unroll 2 " +
                 write("loop.clp", looping).string());
    auto jk = nlohmann::json::parse(k.out);
    CHECK(jk["verdict"] == "unknown");
    CHECK(jk["reason"] == "bound");
    CHECK(!jk.contains("counterexample"));
}

TEST_CASE("cli: check and fmt") {
    Run c = clpi("check " + write("safe.clp", safe).string() + " -", unsafe);
    CHECK(c.status == 0);
    CHECK(c.out.empty());
    CHECK(c.err.empty());
    Run f = clpi("fmt -", "?-p(0,X).\np(0,X):-X=<1 . % end\n");
    CHECK(f.status == 0);
    CHECK(f.out == "?- p(0, X).\np(0, X) :- X <= 1.  % end\n");
    fs::path file = write("messy.clp", "?-p(0,X).\np(0,X):-X=<1 .\n");
    CHECK(clpi("fmt --in-place " + file.string()).status == 0);
    CHECK(slurp(file) == "?- p(0, X).\np(0, X) :- X <= 1.\n");
}

TEST_CASE("cli: --tree in every format, compare and explain") {
    fs::path lock = fs::path(CLPI_SOURCE_DIR) / "clp" / "rv11-fig1b-lock.clp";
    // The paper's walk-through: candidates of the path only (the polyhedral analysis would
    // state new >= old + 1 at once, and there would be no restart to see).
    Run text = clpi("verify --no-polyhedra --tree text " + lock.string());
    CHECK(text.status == 0);
    CHECK(text.out.rfind("SAFE\n", 0) == 0);
    CHECK(text.out.find("spurious error: header [2]") != std::string::npos);
    Run ascii = clpi("verify --tree text --ascii " + lock.string());
    CHECK(ascii.out.find("`- [") != std::string::npos);
    CHECK(ascii.out.find("└") == std::string::npos);
    // Machine formats on standard output: the document alone, the verdict on stderr.
    Run json = clpi("verify --tree json " + lock.string());
    CHECK(json.status == 0);
    CHECK(json.err.rfind("SAFE", 0) == 0);
    auto doc = nlohmann::json::parse(json.out);
    CHECK(doc["result"]["verdict"] == "safe");
    CHECK(doc["nodes"].size() == doc["result"]["stats"]["nodes"]);
    fs::path html = scratch() / "lock.html";
    Run h = clpi("verify --tree html -o " + html.string() + " " + lock.string());
    CHECK(h.status == 0);
    CHECK(h.out == "SAFE\n");
    CHECK(fs::file_size(html) > 1000);
    Run dot = clpi("verify --tree dot --tree-max-nodes 5 " + lock.string());
    CHECK(dot.out.find("more nodes not shown") != std::string::npos);
    CHECK(clpi("verify --tree nonsense " + lock.string()).status == 1);

    Run cmp = clpi("compare " + lock.string());
    CHECK(cmp.status == 0);
    CHECK(cmp.out.find("dse") != std::string::npos);
    CHECK(cmp.out.find("bounded") != std::string::npos);
    CHECK(cmp.out.find("\nminimax           SAFE") != std::string::npos);
    CHECK(cmp.out.find("\nminimax --slacken SAFE") != std::string::npos);

    Run ex = clpi("explain --no-polyhedra " + lock.string() + " 16");
    CHECK(ex.status == 0);
    CHECK(ex.out.find("infeasible") != std::string::npos);
    CHECK(ex.out.find("12.2 `L >= 1`") != std::string::npos);  // a candidate of the second copy
    CHECK(clpi("explain " + lock.string() + " 999").status == 1);
}

TEST_CASE("cli: --certificate writes the proof, --validate checks it with cvc5") {
    fs::path loop = write("loop-square.clp", looping_square);
    fs::path cert = scratch() / "loop.cert";
    Run v = clpi("verify --validate --stats --certificate " + cert.string() + " " + loop.string());
    CHECK(v.status == 0);
    CHECK(v.out.rfind("SAFE\n", 0) == 0);
    // The query and the two rules (the error rule included) hold: the query (0 >= 0) and the
    // error rule (X >= 0 and X < 0) at sight, rule 1 under cvc5.
    CHECK(v.out.find("certificate      built in ") != std::string::npos);
    CHECK(v.out.find("; 1 clause checked by cvc5 in ") != std::string::npos);
    CHECK(v.out.find("(2 more hold at sight)") != std::string::npos);
    CHECK(v.out.find(": valid") != std::string::npos);
    std::string text = slurp(cert);
    CHECK(text.find("invariant(p(0, X)) :- X >= 0") != std::string::npos);

    Run j = clpi("verify --json --validate " + loop.string());
    auto doc = nlohmann::json::parse(j.out);
    CHECK(doc["stats"]["certificate"]["validated"] == true);
    CHECK(doc["stats"]["certificate"]["solver"] == "cvc5");
    REQUIRE(doc["certificate"].size() == 1);
    CHECK(doc["certificate"][0]["point"] == "p(0)");
    CHECK(doc["certificate"][0]["formula"].get<std::string>().rfind("X >= 0", 0) == 0);

    // A checker that finds a clause false: internal error (exit 6) naming the clause, no SAFE.
    fs::path liar = write("liar.sh", "#!/bin/sh\necho sat\n");
    fs::permissions(liar, fs::perms::owner_all);
    Run bad = clpi("verify --validate --validator " + liar.string() + " " + loop.string());
    CHECK(bad.status == 6);
    CHECK(bad.out.find("SAFE") == std::string::npos);
    CHECK(bad.err.find("fails at rule 1") != std::string::npos);
    // A checker that cannot decide: UNKNOWN, saying so.
    fs::path shrug = write("shrug.sh", "#!/bin/sh\necho unknown\n");
    fs::permissions(shrug, fs::perms::owner_all);
    Run unknown = clpi("verify --validate --validator " + shrug.string() + " " + loop.string());
    CHECK(unknown.status == 5);
    CHECK(unknown.out.find("UNKNOWN (the certificate of SAFE was not validated at rule 1 (line 2)") == 0);
    // Only a SAFE has a certificate; dse learns none to build one from.
    Run u = clpi("verify --certificate " + cert.string() + " " + write("unsafe.clp", unsafe).string());
    CHECK(u.status == 10);
    CHECK(u.err.find("no certificate written: only a SAFE answer has one") != std::string::npos);
    Run d = clpi("verify --strategy dse --validate " + write("safe.clp", safe).string());
    CHECK(d.status == 5);
    CHECK(d.out.find("built no certificate to validate: the dse strategy learns no interpolants") !=
          std::string::npos);
}

TEST_CASE("cli: without cvc5's module beside clpi, --validate answers UNKNOWN and says why") {
    // A copy of clpi alone in a directory: the module is looked for beside the executable.
    fs::path alone = scratch() / "alone";
    fs::create_directories(alone);
    fs::copy_file(CLPI_BINARY, alone / "clpi", fs::copy_options::overwrite_existing);
    fs::path loop = write("loop-alone.clp", looping_square);
    fs::path dir = scratch();
    // (Standard output only: the square's warning goes to standard error.)
    std::string cmd = (alone / "clpi").string() + " verify --validate " + loop.string() + " > " +
                      (dir / "out-alone").string() + " 2>/dev/null";
    int raw = std::system(cmd.c_str());
    REQUIRE(WIFEXITED(raw));
    CHECK(WEXITSTATUS(raw) == 5);
    std::string out = slurp(dir / "out-alone");
    CHECK(out.rfind("UNKNOWN (the certificate of SAFE was not validated: cvc5's checks could not be loaded", 0) == 0);
    CHECK(out.find("libclpi_cvc5.so") != std::string::npos);
    // Without --validate, nothing of cvc5 is needed.
    cmd = (alone / "clpi").string() + " verify " + loop.string() + " > " + (dir / "out-alone").string() + " 2>/dev/null";
    raw = std::system(cmd.c_str());
    CHECK(WEXITSTATUS(raw) == 0);
    CHECK(slurp(dir / "out-alone").rfind("SAFE\n", 0) == 0);
    fs::remove_all(alone);
}

TEST_CASE("cli: an SV-COMP task definition names the C file, the property and the verdict") {
    // The converter is a target of its own; without it a C input cannot be read at all.
    if (!fs::exists(fs::path(CLPI_BINARY).parent_path() / "c2clp")) return;
    const std::string examples = std::string(CLPI_SOURCE_DIR) + "/examples/";
    auto task = [&](const std::string& name, const std::string& input, const std::string& expected) {
        return write(name, "format_version: '2.0'\n\n# a comment\ninput_files: '" + examples + input +
                               "'\n\nproperties:\n  - property_file: ../properties/unreach-call.prp\n"
                               "    expected_verdict: " + expected +
                               "\n  - property_file: ../properties/no-overflow.prp\n"
                               "    expected_verdict: true\n\noptions:\n  language: C\n"
                               "  data_model: ILP32\n");
    };
    Run t = clpi("verify --output sv-comp " + task("safe.yml", "sv-globals.c", "true").string());
    CHECK(t.status == 0);
    CHECK(t.out.rfind("true\nSAFE\n", 0) == 0);
    Run f = clpi("verify --output sv-comp " + task("unsafe.yml", "sv-globals-unsafe.c", "false").string());
    CHECK(f.status == 10);
    CHECK(f.out.rfind("false(unreach-call)\nUNSAFE\n", 0) == 0);
    // A verdict other than the task's is said (the task file is a benchmark's, not a proof).
    Run m = clpi("verify " + task("mislabelled.yml", "sv-globals.c", "false").string());
    CHECK(m.status == 0);
    CHECK(m.err.find("mislabelled.yml expects false for unreach-call") != std::string::npos);

    // What the reader does not take is an error with its line, exit 2.
    Run none = clpi("verify " + write("memsafety.yml", "format_version: '2.0'\ninput_files: 'a.c'\n"
                                                        "properties:\n  - property_file: valid-memsafety.prp\n"
                                                        "    expected_verdict: true\n").string());
    CHECK(none.status == 2);
    CHECK(none.err.find("memsafety.yml:1:1: error: the task has no unreach-call property") != std::string::npos);
    Run two = clpi("verify " + write("two.yml", "input_files:\n  - 'a.c'\n  - 'b.c'\nproperties:\n"
                                                "  - property_file: unreach-call.prp\n").string());
    CHECK(two.status == 2);
    CHECK(two.err.find("two.yml:1:1: error: the task names 2 input files") != std::string::npos);
    Run java = clpi("verify " + write("java.yml", "input_files: 'A.java'\nproperties:\n"
                                                  "  - property_file: unreach-call.prp\noptions:\n"
                                                  "  language: Java\n").string());
    CHECK(java.status == 2);
    CHECK(java.err.find("java.yml:5:1: error: the task's language is Java") != std::string::npos);
}

TEST_CASE("cli: a CHC problem's certificate is the model CHC-COMP solvers print, validated on the file") {
    fs::path chc = write("count.smt2",
                         "(set-logic HORN)\n(declare-fun inv (Int Int) Bool)\n"
                         "(assert (forall ((i Int) (n Int)) (=> (and (= i 0) (>= n 0)) (inv i n))))\n"
                         "(assert (forall ((i Int) (n Int) (j Int)) (=> (and (inv i n) (< i n) (= j (+ i 1))) (inv j n))))\n"
                         "(assert (forall ((i Int) (n Int)) (=> (and (inv i n) (> i n)) false)))\n"
                         "(check-sat)\n");
    fs::path model = scratch() / "count.model";
    Run v = clpi("verify --validate --stats --output chc-comp --certificate " + model.string() + " " + chc.string());
    CHECK(v.status == 0);
    CHECK(v.out.rfind("sat\nSAFE\n", 0) == 0);
    // The CLP program's query and rules, then the problem's own clauses: all hold.
    CHECK(v.out.find("clauses checked by cvc5") != std::string::npos);
    CHECK(v.out.find(": valid") != std::string::npos);
    std::string text = slurp(model);
    CHECK(text.rfind("sat\n(define-fun |inv| ((x!0 Int) (x!1 Int)) Bool", 0) == 0);
}

TEST_CASE("cli: --witness writes an SV-COMP witness for a C program, and only for one") {
    fs::path loop = write("loop-for-witness.clp", looping);
    Run clp = clpi("verify --witness " + (scratch() / "w.yml").string() + " " + loop.string());
    CHECK(clp.status == 1);
    CHECK(clp.err.find("--witness needs a C program") != std::string::npos);
    if (!fs::exists(fs::path(CLPI_BINARY).parent_path() / "c2clp")) return;
    const std::string examples = std::string(CLPI_SOURCE_DIR) + "/examples/";
    fs::path safe = scratch() / "safe.yml";
    Run s = clpi("verify --witness " + safe.string() + " " + examples + "sv-nested-loops.c");
    CHECK(s.status == 0);
    std::string w = slurp(safe);
    CHECK(w.rfind("- entry_type: invariant_set\n", 0) == 0);
    // Both loops of the program, at their `for` keywords (lines 14 and 15).
    CHECK(w.find("line: 14\n          column: 5\n") != std::string::npos);
    CHECK(w.find("line: 15\n          column: 9\n") != std::string::npos);
    fs::path unsafe = scratch() / "unsafe.yml";
    Run u = clpi("verify --witness " + unsafe.string() + " " + examples + "sv-globals-unsafe.c");
    CHECK(u.status == 10);
    std::string v = slurp(unsafe);
    CHECK(v.rfind("- entry_type: violation_sequence\n", 0) == 0);
    CHECK(v.find("type: target") != std::string::npos);
}
