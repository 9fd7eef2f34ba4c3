// Checking a certificate with a second solver on an SMT-LIB script (certificate.hpp): cvc5
// in this process through its C++ API, or any solver command as a separate process. It
// shares no code or state with the engine's Z3.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "clpi/certificate.hpp"
#include "certificate/smtlib_reader.hpp"
#include "cvc5/module.hpp"

namespace clpi {

namespace {

std::string shell_quote(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// The command line for `solver` on `file`, with a time limit per check where we know how.
std::string command_for(const std::string& solver, const std::string& file, double timeout_s) {
    std::string base = std::filesystem::path(solver).filename().string();
    auto ms = static_cast<long>(timeout_s * 1000);
    if (base.rfind("cvc5", 0) == 0) {
        return fmt::format("{} --lang=smt2 --incremental --tlimit-per={} {} 2>&1",
                           shell_quote(solver), ms, shell_quote(file));
    }
    if (base.rfind("z3", 0) == 0) {
        return fmt::format("{} -smt2 -t:{} {} 2>&1", shell_quote(solver), ms, shell_quote(file));
    }
    return fmt::format("{} {} 2>&1", shell_quote(solver), shell_quote(file));
}

// A file that removes itself.
struct TempFile {
    std::string path;
    TempFile() {
        std::string pattern = (std::filesystem::temp_directory_path() / "clpi-certificate-XXXXXX.smt2").string();
        int fd = mkstemps(pattern.data(), 5);
        if (fd >= 0) {
            close(fd);
            path = pattern;
        }
    }
    ~TempFile() {
        if (!path.empty()) std::remove(path.c_str());
    }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
};

}  // namespace

const char* to_string(CertificateCheck::Outcome o) {
    switch (o) {
    case CertificateCheck::Outcome::valid: return "valid";
    case CertificateCheck::Outcome::invalid: return "invalid";
    case CertificateCheck::Outcome::undecided: return "undecided";
    case CertificateCheck::Outcome::unavailable: return "unavailable";
    }
    return "?";
}

namespace {

// An answer that decides nothing. cvc5 in this process says why it does not know:
// "unknown (timeout)".
bool undecided(const std::string& answer) {
    return answer == "unknown" || answer.rfind("unknown (", 0) == 0 || answer.find("timeout") != std::string::npos ||
           answer.find("resourceout") != std::string::npos;
}

// The solver's answers, one per check-sat in order, against what each should be
// (`expected`: unsat for the clauses of a certificate).
class Tally {
public:
    Tally(const std::vector<std::string>& names, const std::string& solver, const std::string& expected,
          CertificateCheck& result)
        : names_(names), solver_(solver), expected_(expected), result_(result) {}

    // Takes the next answer; false when the checks end there (`result` says how).
    bool take(const std::string& line) {
        if (k_ >= names_.size()) {
            return stop(CertificateCheck::Outcome::unavailable, "", fmt::format("{} said more than asked: {}", solver_, line));
        }
        if (line == expected_) {
            ++k_;
            ++result_.clauses;
            return true;
        }
        if (line == "sat" || line == "unsat") {
            return stop(CertificateCheck::Outcome::invalid, names_[k_],
                        expected_ == "unsat"
                            ? "a state satisfies the clause's body and the certificate there, but not the certificate after it"
                            : "the path with these values is infeasible");
        }
        if (undecided(line)) {
            return stop(CertificateCheck::Outcome::undecided, names_[k_], fmt::format("{} answered {}", solver_, line));
        }
        return stop(CertificateCheck::Outcome::unavailable, names_[k_], fmt::format("{}: {}", solver_, line));
    }

    bool stopped() const { return stopped_; }
    bool complete() const { return k_ >= names_.size(); }
    // The check that was next when the answers ended.
    std::string next() const { return k_ < names_.size() ? names_[k_] : ""; }

    bool stop(CertificateCheck::Outcome o, std::string clause, std::string detail) {
        result_.outcome = o;
        result_.clause = std::move(clause);
        result_.detail = std::move(detail);
        stopped_ = true;
        return false;
    }

private:
    const std::vector<std::string>& names_;
    const std::string& solver_;
    const std::string& expected_;
    CertificateCheck& result_;
    std::size_t k_ = 0;
    bool stopped_ = false;
};

// The solver as a program of its own, reading the script from a temporary file.
void run_process(const std::string& script, const std::string& solver, double timeout_s, Tally& tally) {
    TempFile file;
    if (file.path.empty()) {
        tally.stop(CertificateCheck::Outcome::unavailable, "", "cannot create a temporary file");
        return;
    }
    {
        std::ofstream os(file.path, std::ios::binary);
        os << script;
        if (!os) {
            tally.stop(CertificateCheck::Outcome::unavailable, "", "cannot write " + file.path);
            return;
        }
    }
    FILE* pipe = popen(command_for(solver, file.path, timeout_s).c_str(), "r");
    if (!pipe) {
        tally.stop(CertificateCheck::Outcome::unavailable, "", "cannot run " + solver);
        return;
    }
    std::string output;
    char buf[4096];
    std::size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) output.append(buf, n);
    int status = pclose(pipe);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
        tally.stop(CertificateCheck::Outcome::unavailable, "",
                   fmt::format("`{}` was not found (Debian package cvc5)", solver));
        return;
    }
    std::istringstream lines(output);
    std::string line;
    while (std::getline(lines, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        if (!tally.take(line)) return;
    }
    if (!tally.complete()) {
        tally.stop(CertificateCheck::Outcome::unavailable, tally.next(),
                   fmt::format("{} stopped before answering (exit status {})", solver,
                               WIFEXITED(status) ? WEXITSTATUS(status) : -1));
    }
}

// cvc5 in this process, through its C++ API: no program to start and no file to write,
// which cost more than the checks themselves on small programs.
void run_in_process(const std::string& script, const std::string& solver, double timeout_s, Tally& tally) {
    // Not a clause's fault: no clause is named.
    if (std::string why = cvc5_unavailable(); !why.empty()) {
        tally.stop(CertificateCheck::Outcome::unavailable, "", why);
        return;
    }
    std::string error = run_smtlib_in_cvc5(
        script, timeout_s, [&](const std::string& a) { return tally.take(a); });
    if (tally.stopped()) return;
    if (!error.empty()) {
        tally.stop(CertificateCheck::Outcome::unavailable, tally.next(), error);
    } else if (!tally.complete()) {
        tally.stop(CertificateCheck::Outcome::unavailable, tally.next(),
                   fmt::format("{} stopped before answering", solver));
    }
}

// The script's checks one by one: what comes before the first check (logic and
// definitions), and one `(push 1) ... (check-sat) ... (pop 1)` block per check, with the
// comment lines that name it. Nothing when the script is not made of `count` such blocks.
std::optional<std::pair<std::string, std::vector<std::string>>> checks_of(const std::string& script,
                                                                          std::size_t count) {
    const std::string push = "(push 1)";
    std::vector<std::size_t> starts;
    for (std::size_t at = script.find(push); at != std::string::npos; at = script.find(push, at + push.size())) {
        std::size_t start = at;
        while (start > 0 && script[start - 1] == '\n') {  // back over the comment lines before it
            const std::size_t nl = start >= 2 ? script.rfind('\n', start - 2) : std::string::npos;
            const std::size_t line = nl == std::string::npos ? 0 : nl + 1;
            if (script[line] != ';') break;
            start = line;
        }
        starts.push_back(start);
    }
    if (starts.empty() || starts.size() != count) return std::nullopt;
    std::pair<std::string, std::vector<std::string>> out{script.substr(0, starts[0]), {}};
    for (std::size_t i = 0; i < starts.size(); ++i) {
        const std::size_t end = i + 1 < starts.size() ? starts[i + 1] : script.size();
        std::string block = script.substr(starts[i], end - starts[i]);
        std::size_t sats = 0;
        for (std::size_t k = block.find("(check-sat)"); k != std::string::npos; k = block.find("(check-sat)", k + 1)) ++sats;
        if (sats != 1) return std::nullopt;
        out.second.push_back(std::move(block));
    }
    return out;
}

// What is left of the time all the checks of a script may take together (the caller's time
// limit): no limit when built from 0.
class Budget {
public:
    explicit Budget(double budget_s)
        : limited_(budget_s > 0),
          end_(std::chrono::steady_clock::now() +
               std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                   std::chrono::duration<double>(std::max(budget_s, 0.0)))) {}

    // Seconds left, at least 0 (only meaningful when limited).
    double left_s() const {
        return std::max(0.0, std::chrono::duration<double>(end_ - std::chrono::steady_clock::now()).count());
    }
    bool spent() const { return limited_ && left_s() <= 0; }
    // A check's limit: `per_check_s`, or less when less is left.
    double limit(double per_check_s) const { return limited_ ? std::min(per_check_s, left_s()) : per_check_s; }
    // For run_smtlib_blocks_in_cvc5: 0 for none, else what is left (at least a microsecond).
    double blocks_budget_s() const { return limited_ ? std::max(left_s(), 1e-6) : 0; }

private:
    bool limited_;
    std::chrono::steady_clock::time_point end_;
};

// The checks stop at `clause` because the time is up.
void stop_out_of_time(Tally& tally, CertificateCheck& result, const std::string& clause) {
    tally.stop(CertificateCheck::Outcome::undecided, clause, cvc5_module::out_of_time_error);
    result.out_of_time = true;
}

// What a check gone astray on a shared solver (run_checks) costs before a fresh solver is
// asked: such a check runs to its limit, where the checks of a clp/ or examples/ certificate
// take cvc5 a few milliseconds each (26 ms at most for a whole certificate, leaving aside
// hola-toggle's, the one that went astray).
constexpr double astray_limit_s = cvc5_module::shared_check_limit_s;

// cvc5's answer to `text` alone on a fresh solver, or why it has none.
std::string ask_alone(const std::string& text, double timeout_s) {
    std::string answer;
    std::string error = run_smtlib_in_cvc5(text, timeout_s, [&](const std::string& a) {
        answer = a;
        return true;
    });
    return answer.empty() ? (error.empty() ? "cvc5 stopped before answering" : error) : answer;
}

// The checks of `split` (its prefix, then one block per name) shared out among cvc5's
// solvers in this process (run_smtlib_blocks_in_cvc5). Each check gets at most
// astray_limit_s and, after the first on its solver, at most 4 times the slowest before it
// there (`suspect_slow`); a check undecided in that time is asked again alone, of a fresh
// solver, with the full limit (run_checks says why). The answers are taken in the script's
// order, so the clause reported is the first that fails, as with one solver.
CertificateCheck run_shared_out(const std::pair<std::string, std::vector<std::string>>& split,
                                const std::vector<std::string>& names, double timeout_s,
                                const std::string& expected, const Budget& budget) {
    CertificateCheck result;
    result.solver = "cvc5";
    if (std::string why = cvc5_unavailable(); !why.empty()) {  // not a clause's fault: none is named
        result.outcome = CertificateCheck::Outcome::unavailable;
        result.detail = why;
        return result;
    }
    const double short_s = std::min(timeout_s, astray_limit_s);
    const std::vector<std::string_view> blocks(split.second.begin(), split.second.end());
    std::vector<std::string> answers;
    const std::string error = run_smtlib_blocks_in_cvc5(split.first, blocks, short_s, short_s < timeout_s,
                                                        budget.blocks_budget_s(), answers);
    Tally tally(names, result.solver, expected, result);
    for (std::size_t k = 0; k < names.size(); ++k) {
        if (answers[k].empty()) {
            if (error == cvc5_module::out_of_time_error) {
                stop_out_of_time(tally, result, names[k]);
            } else {
                tally.stop(CertificateCheck::Outcome::unavailable, names[k],
                           error.empty() ? "cvc5 stopped before answering" : error);
            }
            return result;
        }
        if (undecided(answers[k]) && short_s < timeout_s) {
            if (budget.spent()) {
                stop_out_of_time(tally, result, names[k]);
                return result;
            }
            ++result.fresh_retries;
            answers[k] = ask_alone(split.first + split.second[k], budget.limit(timeout_s));
        }
        if (!tally.take(answers[k])) {
            if (result.outcome == CertificateCheck::Outcome::undecided && budget.spent()) result.out_of_time = true;
            return result;
        }
    }
    result.outcome = CertificateCheck::Outcome::valid;
    return result;
}

// Runs `solver` on `script` (one check-sat per name in `names`; each must be `expected`,
// unsat for the clauses of a certificate). The validator `cvc5` runs in this process, its
// checks shared out among its solvers (run_shared_out) when the script splits into them;
// any other command (z3, a path) as a program of its own.
//
// The checks share a solver, which reuses what it learnt; but what it learnt can also
// lead it astray: on clp/hola-toggle.clp, cvc5 ran out of time on the 14th check of the
// script, which alone it answers in milliseconds. A check answered `unknown` that was not
// the first of its run is asked again, with the checks after it, of a fresh solver: only
// a check that a fresh solver does not decide leaves the certificate undecided. So that a
// check gone astray does not cost the whole limit, a run's checks get at most
// astray_limit_s each; a first check undecided in that time is asked again, alone in
// front, with the full limit.
CertificateCheck run_checks(const std::string& script, const std::vector<std::string>& names,
                            const std::string& solver, double timeout_s, double budget_s,
                            const std::string& expected = "unsat") {
    const auto start = std::chrono::steady_clock::now();
    const Budget budget(budget_s);
    CertificateCheck result;
    result.solver = solver;
    if (names.empty()) {
        // Nothing to ask (a certificate whose clauses all held at sight): no solver to start
        // or to wait for.
        result.outcome = CertificateCheck::Outcome::valid;
        return result;
    }
    const std::optional<std::pair<std::string, std::vector<std::string>>> split = checks_of(script, names.size());
    if (split && solver == "cvc5") {
        result = run_shared_out(*split, names, timeout_s, expected, budget);
        result.time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return result;
    }
    auto run = [&](const std::string& text, const std::vector<std::string>& asked, double limit_s,
                   CertificateCheck& part) {
        Tally tally(asked, solver, expected, part);
        if (solver == "cvc5") {
            run_in_process(text, solver, limit_s, tally);  // a script that does not split
        } else {
            run_process(text, solver, limit_s, tally);
        }
        if (!tally.stopped()) part.outcome = CertificateCheck::Outcome::valid;
    };
    const double short_s = split ? std::min(timeout_s, astray_limit_s) : timeout_s;
    std::size_t first = 0;  // the first check of this run
    bool full = false;      // this run's first check has the full limit
    for (;;) {
        CertificateCheck part;
        part.solver = solver;
        if (budget.spent()) {
            Tally tally(names, solver, expected, result);
            stop_out_of_time(tally, result, names[first]);
            break;
        }
        const double limit_s = budget.limit(full ? timeout_s : short_s);
        if (first == 0 && !full) {
            run(script, names, limit_s, part);
        } else {
            std::string text = split->first;
            for (std::size_t k = first; k < names.size(); ++k) text += split->second[k];
            run(text, std::vector<std::string>(names.begin() + static_cast<std::ptrdiff_t>(first), names.end()),
                limit_s, part);
        }
        result.clauses += part.clauses;
        result.outcome = part.outcome;
        result.clause = part.clause;
        result.detail = part.detail;
        if (part.outcome == CertificateCheck::Outcome::undecided && budget.spent()) result.out_of_time = true;
        if (part.outcome != CertificateCheck::Outcome::undecided || !split) break;
        if (part.clauses == 0) {
            if (full || limit_s >= timeout_s) break;  // a fresh solver with the full limit: undecided
            full = true;
        } else {
            first += part.clauses;
            full = false;
        }
        ++result.fresh_retries;
    }
    result.time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace

void start_validator(const std::string& solver) {
    if (solver == "cvc5") warm_up_cvc5();
}

CertificateCheck check_certificate(const Program& program, const Certificate& certificate,
                                   const std::string& solver, double timeout_s, double budget_s) {
    // The script's making is part of the check's time: it decides which clauses hold at sight.
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::string> names;
    std::size_t trivial = 0;
    std::string script = certificate_checks_smtlib(program, certificate, names, &trivial);
    CertificateCheck result = run_checks(script, names, solver, timeout_s, budget_s);
    result.trivial = trivial;
    result.time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

CertificateCheck check_smtlib_clauses(const std::string& script, const std::vector<std::string>& clause_names,
                                      const std::string& solver, double timeout_s, double budget_s) {
    return run_checks(script, clause_names, solver, timeout_s, budget_s);
}

CertificateCheck check_counterexample(const Program& program, const Counterexample& cex,
                                      const std::string& solver, double timeout_s, double budget_s) {
    std::vector<std::string> names;
    std::string script = counterexample_check_smtlib(program, cex, names);
    return run_checks(script, names, solver, timeout_s, budget_s, "sat");
}

CertificateCheck check_chc_model(std::string_view problem, const std::string& model,
                                 const std::string& solver, double timeout_s, double budget_s) {
    std::vector<std::string> names;
    std::string script = chc_model_checks_smtlib(problem, model, names);
    return run_checks(script, names, solver, timeout_s, budget_s);
}

}  // namespace clpi
