#include "chc/idle_literals.hpp"

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

#include <z3++.h>

#include "chc/replace.hpp"

namespace clpi::chc {

namespace {

// (ASCII, as CLP's names are: std::isalnum asks the locale at each character.)
bool word_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// How many times `word` (a variable's name) stands in `text` as a whole word.
std::size_t occurrences(std::string_view text, std::string_view word) {
    std::size_t n = 0;
    for (std::size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
        const bool starts = at == 0 || !word_char(text[at - 1]);
        const bool ends = at + word.size() == text.size() || !word_char(text[at + word.size()]);
        if (starts && ends) ++n;
    }
    return n;
}

// Whether a word of a rule's text is a variable's name (CLP's: a capital or `_` first).
bool is_variable_name(std::string_view word) {
    return !word.empty() && ((word[0] >= 'A' && word[0] <= 'Z') || word[0] == '_');
}

// Calls `f` with each variable's name in `text`.
template <typename F>
void for_each_name(std::string_view text, F&& f) {
    for (std::size_t at = 0; at < text.size();) {
        if (!word_char(text[at])) {
            ++at;
            continue;
        }
        std::size_t end = at;
        while (end < text.size() && word_char(text[end])) ++end;
        const std::string_view word = text.substr(at, end - at);
        if (is_variable_name(word)) f(word);
        at = end;
    }
}

// Every variable's name in `text`, counted.
NameCounts all_names(std::string_view text) {
    NameCounts counts;
    for_each_name(text, [&](std::string_view word) { ++counts[word]; });
    return counts;
}

// The words a literal's text starts and ends with, `X op ... Y`: where a literal that
// defines or bounds a variable has it (read before asking Z3 of its formula, which costs
// more).
std::pair<std::string_view, std::string_view> end_words(std::string_view text) {
    const std::size_t first = text.find(' ');
    if (first == std::string_view::npos) return {};
    return {text.substr(0, first), text.substr(text.rfind(' ') + 1)};
}

// The two variables of a literal's text `X = Y`, when it is one.
std::optional<std::pair<std::string_view, std::string_view>> copy_text(std::string_view text) {
    const std::size_t eq = text.find(" = ");
    if (eq == std::string_view::npos) return std::nullopt;
    auto variable = [](std::string_view w) {
        return is_variable_name(w) && std::all_of(w.begin(), w.end(), word_char);
    };
    const std::string_view a = text.substr(0, eq), b = text.substr(eq + 3);
    if (!variable(a) || !variable(b)) return std::nullopt;
    return std::make_pair(a, b);
}

// The variable of a literal's text `X = 0` or `X = 1`, when it is one: a Bool variable
// this fixes needs no range beside it.
std::optional<std::string_view> fixed_text(std::string_view text) {
    if (text.size() < 5 || (!text.ends_with(" = 0") && !text.ends_with(" = 1"))) return std::nullopt;
    const std::string_view v = text.substr(0, text.size() - 4);
    if (!is_variable_name(v) || !std::all_of(v.begin(), v.end(), word_char)) return std::nullopt;
    return v;
}

// `text` with the word `from` (a variable's name) made `to`.
std::string renamed(const std::string& text, std::string_view from, std::string_view to) {
    std::string out;
    std::size_t done = 0;
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + 1)) {
        const bool starts = at == 0 || !word_char(text[at - 1]);
        const bool ends = at + from.size() == text.size() || !word_char(text[at + from.size()]);
        if (!starts || !ends) continue;
        out.append(text, done, at - done);
        out += to;
        done = at + from.size();
    }
    if (done == 0) return text;
    out.append(text, done, std::string::npos);
    return out;
}

int count_in(const NameCounts& counts, std::string_view name) {
    auto c = counts.find(name);
    return c == counts.end() ? 0 : c->second;
}

// The variables a literal defines, in the sense that some value of the variable makes it
// hold whatever the other variables are: `X` and `not X` (a Bool variable's unit), and
// either side of a comparison `X op e` when it is a variable (an Int equal to, above or
// below an Int term; a Bool equal to a Bool formula, which is 0 or 1 as the variable's
// range asks). Not a disequality, though `X != e` holds for some X too: `R != 0` of a
// variable nothing else reads is how a program's nondeterministic branch reads, and the
// search takes such a branch better with it (vmt ctigar bk-nat: SAFE in 147 nodes with
// it, 6528 without; bkley 151 and 5292). (Through Z3's C API: a Lustre step asks it of a
// thousand literals.)
std::vector<z3::expr> defined_by(const z3::expr& meaning, const ClauseVars& vars) {
    if (vars.is_var(meaning)) return {meaning};
    Z3_context c = meaning.ctx();
    std::vector<z3::expr> out;
    if (Z3_get_ast_kind(c, meaning) != Z3_APP_AST) return out;
    const Z3_app app = Z3_to_app(c, meaning);
    const unsigned n = Z3_get_app_num_args(c, app);
    switch (Z3_get_decl_kind(c, Z3_get_app_decl(c, app))) {
    case Z3_OP_NOT: {
        z3::expr arg(meaning.ctx(), Z3_get_app_arg(c, app, 0));
        if (vars.is_var(arg)) out.push_back(arg);
        break;
    }
    case Z3_OP_EQ:
    case Z3_OP_LE:
    case Z3_OP_LT:
    case Z3_OP_GE:
    case Z3_OP_GT:
        for (unsigned i = 0; n == 2 && i < 2; ++i) {
            z3::expr arg(meaning.ctx(), Z3_get_app_arg(c, app, i));
            if (vars.is_var(arg)) out.push_back(arg);
        }
        break;
    default: break;
    }
    return out;
}

}  // namespace

RangeIndex::RangeIndex(const Conj& ranges) {
    for (const Literal& r : ranges) {
        const std::string_view text = r.text;
        variable_of_.emplace(text, text.substr(0, text.find(' ')));
    }
}

std::optional<std::string_view> RangeIndex::variable(std::string_view text) const {
    // (Most literals are no ranges: their ends say so before a hash of the text.)
    if (!text.ends_with(" >= 0") && !text.ends_with(" =< 1")) return std::nullopt;
    auto found = variable_of_.find(text);
    if (found == variable_of_.end()) return std::nullopt;
    return found->second;
}

StepNames::StepNames(std::string atoms) : atoms_(std::move(atoms)), in_atoms_(all_names(atoms_)) {}

int StepNames::in_atoms(std::string_view name) const { return count_in(in_atoms_, name); }

bool StepNames::shared(std::string_view name) const {
    return !is_variable_name(name) || count_in(in_atoms_, name) > 0 || count_in(in_disjunctions_, name) > 0;
}

void StepNames::start(const std::string& disjunctions) {
    ++rule_;
    if (disjunctions != disjunctions_) {
        disjunctions_ = disjunctions;
        in_disjunctions_ = all_names(disjunctions_);  // (views into the copy just made)
    }
}

int& StepNames::count(std::string_view name) {
    auto c = counts_.find(name);
    if (c == counts_.end()) c = counts_.emplace(names_.emplace_back(name), Count{}).first;
    if (c->second.rule != rule_) c->second = Count{count_in(in_atoms_, name) + count_in(in_disjunctions_, name), rule_};
    return c->second.n;
}

void StepNames::add(std::string_view text, int by) {
    for_each_name(text, [&](std::string_view word) {
        if (auto c = counts_.find(word); c != counts_.end()) c->second.n += by;
    });
}

// A case of a split keeps the copies of its path as literals (a compiler's `Z = V, G1 = Z,
// 101 =< G1` for `101 =< V`), where the clause had them under that path's condition.
void merge_copies(Conj& literals, std::string& disjunctions, const RangeIndex& ranges,
                  const StepNames& names, const ClauseVars& vars) {
    auto is_copy = [&vars, &names](const Literal& l) {
        const auto words = copy_text(l.text);
        if (!words || (names.in_atoms(words->first) > 0 && names.in_atoms(words->second) > 0)) return false;
        return l.meaning.is_eq() && vars.is_var(l.meaning.arg(0)) && vars.is_var(l.meaning.arg(1));
    };
    if (std::none_of(literals.begin(), literals.end(), is_copy)) return;
    std::vector<bool> dropped(literals.size(), false);
    bool merged = false;
    for (std::size_t i = 0; i < literals.size(); ++i) {
        if (dropped[i] || !is_copy(literals[i])) continue;
        const z3::expr m = literals[i].meaning;
        std::optional<std::string> a = vars.used_name(m.arg(0)), b = vars.used_name(m.arg(1));
        if (!a || !b || *a == *b) continue;
        const bool a_goes = names.in_atoms(*a) == 0;
        if (!a_goes && names.in_atoms(*b) > 0) continue;  // both in the atoms: the copy stays
        z3::expr_vector from(m.ctx()), to(m.ctx());
        from.push_back(a_goes ? m.arg(0) : m.arg(1));
        to.push_back(a_goes ? m.arg(1) : m.arg(0));
        const std::string& gone = a_goes ? *a : *b;
        const std::string& kept = a_goes ? *b : *a;
        dropped[i] = merged = true;
        for (std::size_t j = 0; j < literals.size(); ++j) {
            if (dropped[j]) continue;
            Literal& l = literals[j];
            if (ranges.variable(l.text) == std::string_view(gone)) {
                dropped[j] = true;  // the kept variable has its own
                continue;
            }
            if (occurrences(l.text, gone) == 0) continue;
            l.text = renamed(l.text, gone, kept);
            l.meaning = replace(l.meaning, from, to);
        }
        disjunctions = renamed(disjunctions, gone, kept);
    }
    if (!merged) return;
    // A copy made twice (`X = Y` and `Y = X`) is `Y = Y` now; a literal said twice is once.
    std::set<std::string> seen;
    std::size_t kept = 0;
    for (std::size_t i = 0; i < literals.size(); ++i) {
        const z3::expr& m = literals[i].meaning;
        if (dropped[i] || (m.is_eq() && z3::eq(m.arg(0), m.arg(1))) || !seen.insert(literals[i].text).second) continue;
        if (kept != i) literals[kept] = std::move(literals[i]);
        ++kept;
    }
    literals.erase(literals.begin() + static_cast<std::ptrdiff_t>(kept), literals.end());
}

// A case of a split keeps such literals of the whole clause: a compiler's flags (`I1 = 0`
// of a branch not taken) and the copies along its other path.
void drop_idle_literals(Conj& literals, const std::string& disjunctions, const RangeIndex& ranges,
                        StepNames& names, const ClauseVars& vars) {
    names.start(disjunctions);
    std::vector<std::optional<std::string_view>> range_of(literals.size());
    std::vector<std::vector<std::string>> defines(literals.size());
    for (std::size_t i = 0; i < literals.size(); ++i) {
        range_of[i] = ranges.variable(literals[i].text);
        // Only a variable that neither the atoms nor the disjunctions mention can go.
        const auto [first, last] = end_words(literals[i].text);
        if (range_of[i] || first.empty() || (names.shared(first) && names.shared(last))) continue;
        for (const z3::expr& v : defined_by(literals[i].meaning, vars)) {
            if (std::optional<std::string> name = vars.used_name(v)) defines[i].push_back(std::move(*name));
        }
    }
    // The mentions, outside the ranges, of the variables that matter here.
    bool asked = false;
    for (std::size_t i = 0; i < literals.size(); ++i) {
        if (range_of[i]) (void)names.count(*range_of[i]);
        for (const std::string& name : defines[i]) (void)names.count(name);
        asked = asked || range_of[i] || !defines[i].empty();
    }
    if (!asked) return;
    for (std::size_t i = 0; i < literals.size(); ++i) {
        if (!range_of[i]) names.add(literals[i].text, 1);
    }
    std::vector<bool> dropped(literals.size(), false);
    for (bool changed = true; changed;) {  // a literal dropped may leave another alone
        changed = false;
        for (std::size_t i = 0; i < literals.size(); ++i) {
            if (dropped[i]) continue;
            for (const std::string& name : defines[i]) {
                // Once in the literal (not in the term it is compared with) and nowhere else.
                if (names.count(name) != 1 || occurrences(literals[i].text, name) != 1) continue;
                names.add(literals[i].text, -1);
                dropped[i] = changed = true;
                break;
            }
        }
    }
    std::set<std::string_view> fixed;  // variables a literal kept fixes to 0 or 1
    for (std::size_t i = 0; i < literals.size(); ++i) {
        if (dropped[i]) continue;
        if (const auto v = fixed_text(literals[i].text)) fixed.insert(*v);
    }
    for (std::size_t i = 0; i < literals.size(); ++i) {
        if (dropped[i] || !range_of[i]) continue;
        dropped[i] = names.count(*range_of[i]) <= 0 || fixed.count(*range_of[i]) > 0;
    }
    std::size_t kept = 0;
    for (std::size_t i = 0; i < literals.size(); ++i) {
        if (dropped[i]) continue;
        if (kept != i) literals[kept] = std::move(literals[i]);
        ++kept;
    }
    literals.erase(literals.begin() + static_cast<std::ptrdiff_t>(kept), literals.end());
}

}  // namespace clpi::chc
