// A SAFE answer's certificate (result.hpp), written out and checked by a solver other than
// the engine's: the check needs neither the engine nor Z3.
#pragma once

#include <string>
#include <vector>

#include "clpi/program.hpp"
#include "clpi/result.hpp"

namespace clpi {

// The certificate as CLP text: one line `invariant(p(K, X1, ..., Xn)) :- Formula.` per program
// point, the formula a rule body over the atom's variables (`,` and `(A ; B)`).
[[nodiscard]] std::string certificate_clp(const Program& program, const Certificate& certificate);

// An SMT-LIB script (logic ALL, incremental) that defines each point's predicate by its
// certificate formula and then checks each clause of the program in turn (the query, then
// each rule that does not end a path normally: `(check-sat)` per clause, unsat when the
// clause holds). `clause_names` gets one name per check, in order ("the query", "rule 7").
[[nodiscard]] std::string certificate_checks_smtlib(const Program& program,
                                                    const Certificate& certificate,
                                                    std::vector<std::string>& clause_names);

struct CertificateCheck {
    enum class Outcome {
        valid,        // every clause holds
        invalid,      // a clause fails: the certificate (and the proof it came from) is wrong
        undecided,    // the solver answered unknown (or ran out of time) on a clause
        unavailable,  // the solver could not be run, or did not understand the script
    };
    Outcome outcome = Outcome::unavailable;
    std::string clause;        // the first clause that failed or was not decided
    std::string detail;        // what went wrong, in words
    std::size_t clauses = 0;   // clauses checked
    double time_s = 0;
    std::string solver;        // the command that checked
};

// Runs `solver` (an SMT-LIB solver command reading a file: cvc5 by default) on
// certificate_checks_smtlib, with `timeout_s` per clause.
[[nodiscard]] CertificateCheck check_certificate(const Program& program, const Certificate& certificate,
                                                 const std::string& solver = "cvc5",
                                                 double timeout_s = 20);

[[nodiscard]] const char* to_string(CertificateCheck::Outcome o);

}  // namespace clpi
