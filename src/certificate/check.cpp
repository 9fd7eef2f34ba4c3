// Checking a certificate with a second solver, run as a separate process on an SMT-LIB
// script (certificate.hpp): it shares no code or state with the engine's Z3.
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "clpi/certificate.hpp"

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

// Runs `solver` on `script` (one check-sat per name in `names`; each must be `expected`,
// unsat for the clauses of a certificate).
CertificateCheck run_checks(const std::string& script, const std::vector<std::string>& names,
                            const std::string& solver, double timeout_s,
                            const std::string& expected = "unsat") {
    const auto start = std::chrono::steady_clock::now();
    CertificateCheck result;
    result.solver = solver;
    auto done = [&](CertificateCheck::Outcome o, std::string clause, std::string detail) {
        result.outcome = o;
        result.clause = std::move(clause);
        result.detail = std::move(detail);
        result.time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return result;
    };
    TempFile file;
    if (file.path.empty()) return done(CertificateCheck::Outcome::unavailable, "", "cannot create a temporary file");
    {
        std::ofstream os(file.path, std::ios::binary);
        os << script;
        if (!os) return done(CertificateCheck::Outcome::unavailable, "", "cannot write " + file.path);
    }
    FILE* pipe = popen(command_for(solver, file.path, timeout_s).c_str(), "r");
    if (!pipe) return done(CertificateCheck::Outcome::unavailable, "", "cannot run " + solver);
    std::string output;
    char buf[4096];
    std::size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) output.append(buf, n);
    int status = pclose(pipe);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
        return done(CertificateCheck::Outcome::unavailable, "",
                    fmt::format("`{}` was not found (Debian package cvc5)", solver));
    }
    std::istringstream lines(output);
    std::string line;
    std::size_t k = 0;
    while (std::getline(lines, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        if (k >= names.size()) {
            return done(CertificateCheck::Outcome::unavailable, "", fmt::format("{} said more than asked: {}", solver, line));
        }
        if (line == expected) {
            ++k;
            ++result.clauses;
            continue;
        }
        if (line == "sat" || line == "unsat") {
            return done(CertificateCheck::Outcome::invalid, names[k],
                        expected == "unsat"
                            ? "a state satisfies the clause's body and the certificate there, but not the certificate after it"
                            : "the path with these values is infeasible");
        }
        if (line == "unknown" || line.find("timeout") != std::string::npos ||
            line.find("resourceout") != std::string::npos) {
            return done(CertificateCheck::Outcome::undecided, names[k], fmt::format("{} answered {}", solver, line));
        }
        return done(CertificateCheck::Outcome::unavailable, names[k], fmt::format("{}: {}", solver, line));
    }
    if (k < names.size()) {
        return done(CertificateCheck::Outcome::unavailable, names[k],
                    fmt::format("{} stopped before answering (exit status {})", solver,
                                WIFEXITED(status) ? WEXITSTATUS(status) : -1));
    }
    return done(CertificateCheck::Outcome::valid, "", "");
}

}  // namespace

CertificateCheck check_certificate(const Program& program, const Certificate& certificate,
                                   const std::string& solver, double timeout_s) {
    std::vector<std::string> names;
    std::size_t trivial = 0;
    std::string script = certificate_checks_smtlib(program, certificate, names, &trivial);
    CertificateCheck result = run_checks(script, names, solver, timeout_s);
    result.trivial = trivial;
    return result;
}

CertificateCheck check_counterexample(const Program& program, const Counterexample& cex,
                                      const std::string& solver, double timeout_s) {
    std::vector<std::string> names;
    std::string script = counterexample_check_smtlib(program, cex, names);
    return run_checks(script, names, solver, timeout_s, "sat");
}

CertificateCheck check_chc_model(std::string_view problem, const std::string& model,
                                 const std::string& solver, double timeout_s) {
    std::vector<std::string> names;
    std::string script = chc_model_checks_smtlib(problem, model, names);
    return run_checks(script, names, solver, timeout_s);
}

}  // namespace clpi
