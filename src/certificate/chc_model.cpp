// A certificate of a CHC problem's import, as a model of the problem itself (certificate.hpp):
// one `define-fun` per CHC predicate, checked against the problem's own clauses.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <map>

#include "clpi/certificate.hpp"

namespace clpi {

namespace {

std::string quoted(const std::string& name) { return "|" + name + "|"; }

// The program point of CLP predicate `pred`, at point constant `constant` when pointed.
std::optional<PointId> point_of(const Program& program, const std::string& pred,
                                const std::optional<std::string>& constant) {
    for (PointId p = 0; p < program.points.size(); ++p) {
        const Point& pt = program.points[p];
        if (program.predicates.at(pt.pred).name == pred && pt.constant == constant) return p;
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> chc_model(const Program& program, const Certificate& certificate,
                                     const ChcOrigin& origin, std::string& why) {
    std::map<PointId, const PointCertificate*> by_point;
    for (const PointCertificate& pc : certificate.points) by_point[pc.point] = &pc;
    std::string out;
    for (const ChcPredicate& pred : origin.predicates) {
        if (pred.inlined) {
            why = fmt::format("predicate {} was inlined where it is applied (a non-linear clause), "
                              "so the certificate says nothing of it by itself", pred.smt_name);
            return std::nullopt;
        }
        std::vector<std::string> params;
        for (std::size_t i = 0; i < pred.sorts.size(); ++i) params.push_back(fmt::format("(x!{} {})", i, pred.sorts[i]));
        // The CLP state positions: the arguments that are not flags, Bool ones as 0/1.
        auto case_for = [&](std::optional<std::string> constant,
                            const std::vector<bool>* valuation) -> std::optional<std::string> {
            if (!pred.clp_name) return std::nullopt;
            auto point = point_of(program, *pred.clp_name, constant);
            if (!point || by_point.count(*point) == 0) return std::nullopt;
            std::vector<std::string> conds, bindings;
            std::size_t pos = 0;
            for (unsigned i = 0; i < pred.sorts.size(); ++i) {
                auto f = std::find(pred.flags.begin(), pred.flags.end(), i);
                if (valuation && f != pred.flags.end()) {
                    bool b = (*valuation)[static_cast<std::size_t>(f - pred.flags.begin())];
                    conds.push_back(b ? fmt::format("x!{}", i) : fmt::format("(not x!{})", i));
                    continue;
                }
                std::string value = pred.sorts[i] == "Bool" ? fmt::format("(ite x!{} 1 0)", i) : fmt::format("x!{}", i);
                // The engine names an array position `$Ka` (solver.cpp, point_var).
                const char* suffix = pred.sorts[i] == "(Array Int Int)" ? "a" : "";
                bindings.push_back(fmt::format("(${}{} {})", pos++, suffix, value));
            }
            std::string body = by_point.at(*point)->smtlib;
            if (!bindings.empty()) body = fmt::format("(let ({}) {})", fmt::join(bindings, " "), body);
            if (!conds.empty()) body = fmt::format("(and {} {})", fmt::join(conds, " "), body);
            return body;
        };
        std::vector<std::string> cases;
        if (!pred.flags.empty()) {
            for (std::size_t v = 0; v < pred.valuations.size(); ++v) {
                if (auto c = case_for(std::to_string(v), &pred.valuations[v])) cases.push_back(*c);
            }
        } else if (auto c = case_for(std::nullopt, nullptr)) {
            cases.push_back(*c);
        }
        // No case: no state reaches the predicate (none of its clauses can be taken).
        std::string body = cases.empty() ? "false" : cases.size() == 1 ? cases[0] : fmt::format("(or {})", fmt::join(cases, "\n    "));
        out += fmt::format("(define-fun {} ({}) Bool\n  {})\n", quoted(pred.smt_name), fmt::join(params, " "), body);
    }
    return out;
}

namespace {

// The top-level s-expressions of an SMT-LIB script, as text (comments dropped).
std::vector<std::string> commands(std::string_view text) {
    std::vector<std::string> out;
    std::string cur;
    int depth = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '|' || c == '"') {  // quoted symbols and strings may hold `;` and parentheses
            std::size_t j = i + 1;
            while (j < text.size()) {
                if (text[j] == c) {
                    if (c == '"' && j + 1 < text.size() && text[j + 1] == '"') {
                        j += 2;
                        continue;
                    }
                    break;
                }
                ++j;
            }
            if (depth > 0) cur.append(text.substr(i, j - i + 1));
            i = j;
            continue;
        }
        if (c == ';') {
            while (i < text.size() && text[i] != '\n') ++i;
            if (depth > 0) cur += ' ';
            continue;
        }
        if (depth == 0 && c != '(') continue;
        cur += c;
        if (c == '(') ++depth;
        if (c == ')' && --depth == 0) {
            out.push_back(cur);
            cur.clear();
        }
    }
    return out;
}

// The first n tokens of a command: `(declare-fun |P| ...)` gives declare-fun and P.
std::vector<std::string> head_tokens(const std::string& cmd, std::size_t n) {
    std::vector<std::string> out;
    std::size_t i = 1;
    while (out.size() < n && i < cmd.size()) {
        while (i < cmd.size() && std::isspace(static_cast<unsigned char>(cmd[i]))) ++i;
        if (i >= cmd.size() || cmd[i] == '(' || cmd[i] == ')') break;
        std::size_t j = i;
        if (cmd[i] == '|') {
            j = cmd.find('|', i + 1);
            out.push_back(cmd.substr(i + 1, j - i - 1));
            i = j + 1;
            continue;
        }
        while (j < cmd.size() && !std::isspace(static_cast<unsigned char>(cmd[j])) && cmd[j] != '(' && cmd[j] != ')') ++j;
        out.push_back(cmd.substr(i, j - i));
        i = j;
    }
    return out;
}

}  // namespace

std::string chc_model_checks_smtlib(std::string_view problem, const std::string& model,
                                    std::vector<std::string>& clause_names) {
    std::map<std::string, std::string> defs;  // predicate -> its define-fun
    for (const std::string& d : commands(model)) {
        auto t = head_tokens(d, 2);
        if (t.size() == 2) defs[t[1]] = d;
    }
    std::string out = "(set-logic ALL)\n";
    std::size_t asserts = 0;
    for (const std::string& cmd : commands(problem)) {
        auto t = head_tokens(cmd, 2);
        std::string what = t.empty() ? "" : t[0];
        if (what == "set-logic" || what == "check-sat" || what == "get-model" || what == "exit" ||
            what == "set-option" || what == "get-info" || what == "get-proof") {
            continue;
        }
        if (what == "declare-fun" && t.size() == 2 && defs.count(t[1]) > 0) {
            out += defs.at(t[1]) + "\n";
            continue;
        }
        if (what == "assert") {
            ++asserts;
            clause_names.push_back(fmt::format("clause {} of the problem", asserts));
            std::string body = cmd.substr(cmd.find("assert") + 6);
            body.pop_back();  // the command's closing parenthesis
            out += fmt::format("(push 1)\n(assert (not {}))\n(check-sat)\n(pop 1)\n", body);
            continue;
        }
        out += cmd + "\n";
    }
    return out;
}

}  // namespace clpi
