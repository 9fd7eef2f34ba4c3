// A formula over the state positions in C (witness.hpp), for two readers.
//
// A witness: the formula is read back from its SMT-LIB text with Z3 and printed in negation
// normal form, so that an atom C cannot say exactly may be replaced by `1`: the result is
// then implied by the formula, and still an invariant wherever the formula is one. A
// pointer is said only compared with 0 or with another pointer: its value in the model is a
// cell number, not the address a C run has.
//
// The derivation tree: the same atoms in the model's own terms (an address is a cell number,
// as in a counterexample), with the cells of memory named as C names them: `select(Mem,
// P + 1)` is `p->next`, and `select(Mem, 5)` is `head->next` when the same formula says that
// head is 4. Atoms that cannot be said are left out.
#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <z3++.h>

#include "clpi/tree.hpp"
#include "clpi/witness.hpp"

namespace clpi {

namespace {

// sum(coefficient * position) + constant, over the integers.
struct Linear {
    std::map<std::size_t, long long> terms;
    long long constant = 0;
};

// Values that stay far from `long long`'s limits, so sums of a few of them cannot overflow.
constexpr long long safe_limit = 1LL << 40;

bool small(long long v) { return v > -safe_limit && v < safe_limit; }

enum class View { witness, tree };

// How a position, or a cell of memory or of an array the tree names, is said in C.
struct Said {
    std::string c;
    std::uint32_t bits = 64;
    bool is_signed = true;
    bool pointer = false;
};

// A cell of memory by its C name, and the type it points to when it holds a pointer.
struct CellName {
    std::string text;
    std::string points_to;
};

// An object of memory: its C name, its type's key in the layouts, and whether the name is
// a pointer to it (`p`, whose cells are p->f) or the object itself (`s`, whose cells are s.f).
struct Object {
    std::string name;
    std::string type;
    bool through_pointer = true;
};

std::string cell_text(const Object& o, const std::string& path) {
    if (!o.through_pointer) return o.name + path;
    if (path.empty()) return "*" + o.name;
    if (path[0] == '.') return o.name + "->" + path.substr(1);
    return o.name + path;
}

class Printer {
public:
    Printer(const CSourceMap& map, const std::vector<std::size_t>& visible,
            const std::map<unsigned, std::size_t>& position_of, View view)
        : map_(map), position_of_(position_of), view_(view) {
        for (std::size_t p = 0; p < map.state.size(); ++p) {
            const CStateVariable& v = map.state[p];
            said_.push_back({v.c_name, v.bits, v.is_signed, !v.points_to.empty()});
            if (v.clp_name == "Mem" && v.scope == "memory") memory_ = p;
        }
        // A C name may be said only when one visible variable has it; a local hides a
        // global of the same name, two locals of one name (nested blocks) say nothing. The
        // tree, which sees every function at once, says such a local as function::name.
        std::map<std::string, std::vector<std::size_t>> by_name;
        for (std::size_t p : visible) {
            if (p < map.state.size() && !map.state[p].c_name.empty()) by_name[map.state[p].c_name].push_back(p);
        }
        for (const auto& [name, positions] : by_name) {
            std::vector<std::size_t> locals;
            for (std::size_t p : positions) {
                if (map.state[p].scope != "global") locals.push_back(p);
            }
            if (positions.size() == 1) {
                sayable_.insert(positions[0]);
            } else if (view_ == View::tree) {
                std::set<std::string> scopes;
                for (std::size_t p : locals) scopes.insert(map.state[p].scope);
                if (scopes.size() < locals.size()) continue;  // one function, two blocks
                for (std::size_t p : positions) {
                    if (map.state[p].scope != "global") said_[p].c = map.state[p].scope + "::" + name;
                    sayable_.insert(p);
                }
            } else if (locals.size() == 1) {
                sayable_.insert(locals[0]);
            }
        }
    }

    // The tree: the constant addresses the formula's conjuncts name, from the pointer
    // variables whose values it gives, following the pointer cells whose values it gives.
    void learn_addresses(const z3::expr& formula) {
        std::map<std::size_t, long long> values;  // position = value
        std::map<long long, long long> cells;     // Mem[address] = value
        for (const z3::expr& c : conjuncts(formula)) {
            if (!c.is_app() || c.decl().decl_kind() != Z3_OP_EQ || c.num_args() != 2) continue;
            for (int side = 0; side < 2; ++side) {
                z3::expr l = c.arg(side), r = c.arg(1 - side);
                std::int64_t v = 0, a = 0;
                if (!r.is_numeral_i64(v)) continue;
                if (std::optional<std::size_t> p = position(l)) values[*p] = v;
                if (is_memory_read(l) && l.arg(1).is_numeral_i64(a)) cells[a] = v;
            }
        }
        struct Visit {
            Object object;
            long long address;
            int depth;
        };
        std::vector<Visit> queue;
        for (const auto& [p, value] : values) {
            const CStateVariable& v = map_.state[p];
            if (v.points_to.empty() || value == 0) continue;
            if (!v.object.empty()) {
                queue.push_back({{v.object, v.points_to, false}, value, 0});
            } else if (sayable_.count(p) > 0) {
                queue.push_back({{said_[p].c, v.points_to, true}, value, 0});
            }
        }
        // Breadth first, so that a cell gets its shortest name.
        for (std::size_t k = 0; k < queue.size(); ++k) {
            Visit visit = queue[k];
            auto layout = map_.layouts.find(visit.object.type);
            if (layout == map_.layouts.end()) continue;
            for (const CCell& c : layout->second) {
                long long address = visit.address + static_cast<long long>(c.offset);
                if (known_.count(address) > 0) continue;
                std::string name = cell_text(visit.object, c.path);
                known_[address] = {name, c.points_to};
                auto target = cells.find(address);
                if (!c.points_to.empty() && target != cells.end() && target->second != 0 && visit.depth < 3) {
                    queue.push_back({{name, c.points_to, true}, target->second, visit.depth + 1});
                }
            }
        }
    }

    static std::vector<z3::expr> conjuncts(const z3::expr& e) {
        std::vector<z3::expr> out;
        std::vector<z3::expr> todo{e};
        while (!todo.empty()) {
            z3::expr t = todo.back();
            todo.pop_back();
            if (t.is_app() && t.decl().decl_kind() == Z3_OP_AND) {
                for (unsigned i = t.num_args(); i-- > 0;) todo.push_back(t.arg(i));
            } else {
                out.push_back(t);
            }
        }
        return out;
    }

    // The expression for `e` (negated when `negated`), "1" for what cannot be said.
    std::string print(const z3::expr& e, bool negated) {
        if (e.is_true()) return negated ? "0" : "1";
        if (e.is_false()) return negated ? "1" : "0";
        if (!e.is_app()) return "1";
        Z3_decl_kind k = e.decl().decl_kind();
        if (k == Z3_OP_NOT) return print(e.arg(0), !negated);
        if (k == Z3_OP_AND || k == Z3_OP_OR) {
            bool conj = (k == Z3_OP_AND) != negated;
            std::vector<std::string> parts;
            for (unsigned i = 0; i < e.num_args(); ++i) parts.push_back(print(e.arg(i), negated));
            return join(parts, conj);
        }
        if (k == Z3_OP_IMPLIES) {  // a => b  is  !a || b
            std::vector<std::string> parts{print(e.arg(0), !negated), print(e.arg(1), negated)};
            return join(parts, negated);
        }
        if (k == Z3_OP_ITE && e.is_bool()) {  // (c && a) || (!c && b)
            std::string c = print(e.arg(0), false), nc = print(e.arg(0), true);
            if (!negated) {
                return join({join({c, print(e.arg(1), false)}, true), join({nc, print(e.arg(2), false)}, true)}, false);
            }
            return join({join({c, print(e.arg(1), true)}, true), join({nc, print(e.arg(2), true)}, true)}, false);
        }
        return atom(e, negated);
    }

private:
    // `parts` joined by && (conj) or ||, with 1 and 0 simplified away.
    static std::string join(const std::vector<std::string>& parts, bool conj) {
        const std::string unit = conj ? "1" : "0", zero = conj ? "0" : "1";
        std::vector<std::string> kept;
        for (const std::string& p : parts) {
            if (p == zero) return zero;
            if (p != unit && std::find(kept.begin(), kept.end(), p) == kept.end()) kept.push_back(p);
        }
        if (kept.empty()) return unit;
        if (kept.size() == 1) return kept[0];
        std::string out;
        for (const std::string& p : kept) {
            if (!out.empty()) out += conj ? " && " : " || ";
            out += "(" + p + ")";
        }
        return out;
    }

    std::optional<std::size_t> position(const z3::expr& e) const {
        if (!e.is_app() || e.num_args() != 0 || e.decl().decl_kind() != Z3_OP_UNINTERPRETED) return std::nullopt;
        auto it = position_of_.find(e.decl().id());
        if (it == position_of_.end()) return std::nullopt;
        return it->second;
    }

    bool is_memory_read(const z3::expr& e) const {
        return memory_ && e.is_app() && e.decl().decl_kind() == Z3_OP_SELECT && e.num_args() == 2 &&
               position(e.arg(0)) == memory_;
    }

    // The cell of memory at `address`, by its C name: an object's start (a pointer variable,
    // a pointer cell, or a constant address the formula names) plus the offset of a cell.
    std::optional<CellName> memory_cell(const z3::expr& address) {
        std::int64_t v = 0;
        if (address.is_numeral_i64(v)) {
            auto it = known_.find(v);
            if (it == known_.end()) return std::nullopt;
            return it->second;
        }
        z3::expr base = address;
        long long offset = 0;
        if (address.is_app() && address.decl().decl_kind() == Z3_OP_ADD && address.num_args() == 2) {
            if (address.arg(1).is_numeral_i64(v)) {
                base = address.arg(0);
                offset = v;
            } else if (address.arg(0).is_numeral_i64(v)) {
                base = address.arg(1);
                offset = v;
            }
        }
        std::optional<Object> object;
        if (std::optional<std::size_t> p = position(base)) {
            const CStateVariable& var = map_.state[*p];
            if (var.points_to.empty()) return std::nullopt;
            if (!var.object.empty()) {
                object = Object{var.object, var.points_to, false};
            } else if (sayable_.count(*p) > 0) {
                object = Object{said_[*p].c, var.points_to, true};
            }
        } else if (is_memory_read(base)) {
            std::optional<CellName> pointer = memory_cell(base.arg(1));
            if (pointer && !pointer->points_to.empty()) object = Object{pointer->text, pointer->points_to, true};
        }
        if (!object) return std::nullopt;
        auto layout = map_.layouts.find(object->type);
        if (layout == map_.layouts.end() || offset < 0) return std::nullopt;
        for (const CCell& c : layout->second) {
            if (c.offset == static_cast<std::uint64_t>(offset)) return CellName{cell_text(*object, c.path), c.points_to};
        }
        return std::nullopt;
    }

    // The tree's name for a read of memory or of a C array, as a position of its own.
    std::optional<std::size_t> read(const z3::expr& e) {
        std::optional<std::size_t> array = position(e.arg(0));
        if (!array) return std::nullopt;
        std::optional<CellName> name;
        if (array == memory_) {
            name = memory_cell(e.arg(1));
        } else if (sayable_.count(*array) > 0) {
            std::optional<Linear> index = linear(e.arg(1));
            if (index) name = CellName{fmt::format("{}[{}]", said_[*array].c, sum_text(*index)), ""};
        }
        if (!name) return std::nullopt;
        auto it = read_position_.find(name->text);
        if (it != read_position_.end()) return it->second;
        std::size_t p = said_.size();
        said_.push_back({name->text, 64, true, !name->points_to.empty()});
        sayable_.insert(p);
        read_position_[name->text] = p;
        return p;
    }

    // `2 * i + 1` for the tree (no casts: it speaks of the model's integers).
    std::string sum_text(const Linear& l) const {
        std::string out;
        for (const auto& [p, c] : l.terms) {
            std::string term = c == 1 || c == -1 ? said_[p].c : fmt::format("{} * {}", c < 0 ? -c : c, said_[p].c);
            out += out.empty() ? (c < 0 ? "-" + term : term) : (c < 0 ? " - " : " + ") + term;
        }
        if (out.empty()) return fmt::format("{}", l.constant);
        if (l.constant != 0) out += fmt::format(" {} {}", l.constant < 0 ? "-" : "+", l.constant < 0 ? -l.constant : l.constant);
        return out;
    }

    std::optional<Linear> linear(const z3::expr& e) {
        // Arrays (C arrays, memory) are not numbers: what speaks of them whole is not said.
        if (!e.is_int() && !e.is_real()) return std::nullopt;
        if (e.is_numeral()) {
            std::int64_t v = 0;
            if (!e.is_numeral_i64(v) || !small(v)) return std::nullopt;
            Linear l;
            l.constant = v;
            return l;
        }
        if (!e.is_app()) return std::nullopt;
        Z3_decl_kind k = e.decl().decl_kind();
        if (k == Z3_OP_UNINTERPRETED && e.num_args() == 0) {
            std::optional<std::size_t> p = position(e);
            if (!p) return std::nullopt;
            Linear l;
            l.terms[*p] = 1;
            return l;
        }
        if (k == Z3_OP_SELECT && e.num_args() == 2 && view_ == View::tree) {
            std::optional<std::size_t> p = read(e);
            if (!p) return std::nullopt;
            Linear l;
            l.terms[*p] = 1;
            return l;
        }
        if (k == Z3_OP_ADD || k == Z3_OP_SUB) {
            Linear sum;
            for (unsigned i = 0; i < e.num_args(); ++i) {
                auto part = linear(e.arg(i));
                if (!part) return std::nullopt;
                long long sign = (k == Z3_OP_SUB && i > 0) ? -1 : 1;
                if (!add(sum, *part, sign)) return std::nullopt;
            }
            return sum;
        }
        if (k == Z3_OP_UMINUS) {
            auto part = linear(e.arg(0));
            Linear out;
            if (!part || !add(out, *part, -1)) return std::nullopt;
            return out;
        }
        if (k == Z3_OP_MUL && e.num_args() == 2) {
            std::optional<Linear> a = linear(e.arg(0)), b = linear(e.arg(1));
            if (!a || !b) return std::nullopt;
            if (!a->terms.empty() && !b->terms.empty()) return std::nullopt;  // not linear
            if (!a->terms.empty()) std::swap(a, b);
            Linear out;
            if (!add(out, *b, a->constant)) return std::nullopt;
            return out;
        }
        return std::nullopt;  // div, mod, ite, to_real, ...
    }

    static bool add(Linear& into, const Linear& l, long long factor) {
        if (!small(factor)) return false;
        for (const auto& [p, c] : l.terms) {
            long long v = into.terms[p] + c * factor;
            if (!small(v)) return false;
            into.terms[p] = v;
            if (v == 0) into.terms.erase(p);
        }
        into.constant += l.constant * factor;
        return small(into.constant);
    }

    std::string atom(const z3::expr& e, bool negated) {
        if (e.num_args() != 2 || !e.arg(0).is_int()) return "1";
        std::string rel;
        switch (e.decl().decl_kind()) {
        case Z3_OP_EQ: rel = negated ? "!=" : "=="; break;
        case Z3_OP_DISTINCT: rel = negated ? "==" : "!="; break;
        case Z3_OP_LE: rel = negated ? ">" : "<="; break;
        case Z3_OP_LT: rel = negated ? ">=" : "<"; break;
        case Z3_OP_GE: rel = negated ? "<" : ">="; break;
        case Z3_OP_GT: rel = negated ? "<=" : ">"; break;
        default: return "1";
        }
        std::optional<Linear> l = linear(e.arg(0)), r = linear(e.arg(1));
        if (!l || !r) return "1";
        Linear d = *l;  // d REL 0
        if (!add(d, *r, -1)) return "1";
        if (d.terms.empty()) {
            long long c = d.constant;
            bool holds = rel == "==" ? c == 0 : rel == "!=" ? c != 0 : rel == "<=" ? c <= 0
                       : rel == "<" ? c < 0 : rel == ">=" ? c >= 0 : c > 0;
            return holds ? "1" : "0";
        }
        bool any_wide = false, any_unsigned = false, any_pointer = false;
        for (const auto& [p, c] : d.terms) {
            if (sayable_.count(p) == 0) return "1";
            any_wide = any_wide || said_[p].bits >= 64;
            any_unsigned = any_unsigned || !said_[p].is_signed;
            any_pointer = any_pointer || said_[p].pointer;
        }
        bool tree = view_ == View::tree;
        if (any_pointer && !tree) {
            // A C address is not the model's cell number: only p == 0 and p == q are said.
            if (rel != "==" && rel != "!=") return "1";
            if (d.constant != 0) return "1";
            bool null_test = d.terms.size() == 1;
            bool equal_test = d.terms.size() == 2 && d.terms.begin()->second == -std::next(d.terms.begin())->second;
            for (const auto& [p, c] : d.terms) {
                if (!said_[p].pointer || (c != 1 && c != -1)) return "1";
            }
            if (!null_test && !equal_test) return "1";
        }
        // With every coefficient negative, the other way round reads better.
        if (std::all_of(d.terms.begin(), d.terms.end(), [](const auto& t) { return t.second < 0; })) {
            Linear n;
            add(n, d, -1);
            d = n;
            if (rel == "<=") rel = ">=";
            else if (rel == ">=") rel = "<=";
            else if (rel == "<") rel = ">";
            else if (rel == ">") rel = "<";
        }
        long long k = -d.constant;  // left REL right + k
        bool plain = d.terms.size() == 1 && d.terms.begin()->second == 1;
        if (tree && plain && k == 0 && said_[d.terms.begin()->first].pointer && (rel == "==" || rel == "!=")) {
            return fmt::format("{} {} NULL", said_[d.terms.begin()->first].c, rel);
        }
        // Arithmetic in C could overflow the variables' types, and an unsigned variable
        // compares with a negative number as unsigned: both are said in `long long`, which
        // holds every value here unless a variable is 64 bits wide. The tree speaks of the
        // model's integers, and pointers are compared as they are: neither needs casts.
        bool cast = !tree && !any_pointer && (!plain || (any_unsigned && k < 0));
        if (cast && any_wide) return "1";
        std::vector<std::string> left, right;
        auto term = [&](std::size_t p, long long c) {
            std::string v = cast ? "(long long)" + said_[p].c : said_[p].c;
            return c == 1 ? v : fmt::format("{} * {}", c, v);
        };
        for (const auto& [p, c] : d.terms) {
            if (c > 0) left.push_back(term(p, c));
            else right.push_back(term(p, -c));
        }
        bool wide = !tree && (cast || k > 2147483647LL || k < -2147483647LL);
        std::string number = fmt::format("{}{}", k, wide ? "LL" : "");
        std::string rhs;
        for (const std::string& x : right) rhs += (rhs.empty() ? "" : " + ") + x;
        if (rhs.empty()) {
            rhs = number;
        } else if (k != 0) {
            rhs += k > 0 ? " + " + number : " - " + number.substr(1);
        }
        std::string lhs;
        for (const std::string& x : left) lhs += (lhs.empty() ? "" : " + ") + x;
        return fmt::format("{} {} {}", lhs, rel, rhs);
    }

    const CSourceMap& map_;
    const std::map<unsigned, std::size_t>& position_of_;
    View view_;
    std::vector<Said> said_;  // by position; then the tree's reads of cells
    std::set<std::size_t> sayable_;
    std::optional<std::size_t> memory_;
    std::map<long long, CellName> known_;                 // the tree: constant addresses named
    std::map<std::string, std::size_t> read_position_;  // the tree: a read's position by name
};

// Z3's reader of formulas over the positions of a map's state: `$k` an integer, `$ka` an
// array (the memory, a C array).
class FormulaReader {
public:
    explicit FormulaReader(const CSourceMap& map) : sorts_(ctx_), decls_(ctx_) {
        for (std::size_t i = 0; i < map.state.size(); ++i) {
            z3::func_decl d = ctx_.function(("$" + std::to_string(i)).c_str(), 0, nullptr, ctx_.int_sort());
            z3::func_decl a = ctx_.function(("$" + std::to_string(i) + "a").c_str(), 0, nullptr,
                                            ctx_.array_sort(ctx_.int_sort(), ctx_.int_sort()));
            position_of_[d.id()] = i;
            position_of_[a.id()] = i;
            decls_.push_back(d);
            decls_.push_back(a);
        }
    }

    std::optional<z3::expr> read(const std::string& smtlib) {
        try {
            z3::expr_vector v = ctx_.parse_string(("(assert " + smtlib + ")").c_str(), sorts_, decls_);
            if (v.size() != 1) return std::nullopt;
            return v[0];
        } catch (const z3::exception&) {
            return std::nullopt;  // a formula this reader does not know says nothing of C
        }
    }

    const std::map<unsigned, std::size_t>& position_of() const { return position_of_; }

private:
    z3::context ctx_;
    z3::sort_vector sorts_;
    z3::func_decl_vector decls_;
    std::map<unsigned, std::size_t> position_of_;
};

// Each conjunct of `formula` that C can say, in the tree's view.
std::vector<std::string> facts(FormulaReader& reader, const CSourceMap& map, const std::vector<std::size_t>& all,
                               const std::string& smtlib) {
    std::optional<z3::expr> formula = reader.read(smtlib);
    if (!formula) return {};
    Printer printer(map, all, reader.position_of(), View::tree);
    printer.learn_addresses(*formula);
    std::vector<std::string> out;
    for (const z3::expr& c : Printer::conjuncts(*formula)) {
        std::string text = printer.print(c, false);
        if (text == "0") return {"0"};
        if (text != "1" && std::find(out.begin(), out.end(), text) == out.end()) out.push_back(text);
    }
    return out;
}

}  // namespace

std::string certificate_as_c(const std::string& smtlib, const CSourceMap& map,
                             const std::vector<std::size_t>& visible) {
    FormulaReader reader(map);
    std::optional<z3::expr> formula = reader.read(smtlib);
    if (!formula) return "1";
    return Printer(map, visible, reader.position_of(), View::witness).print(*formula, false);
}

std::vector<std::string> facts_as_c(const std::string& smtlib, const CSourceMap& map) {
    FormulaReader reader(map);
    std::vector<std::size_t> all(map.state.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    return facts(reader, map, all, smtlib);
}

void describe_tree_in_c(Tree& tree, const CSourceMap& map) {
    FormulaReader reader(map);
    std::vector<std::size_t> all(map.state.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    // Only where memory or an array is read: elsewhere the C names add nothing to the CLP.
    auto reads = [](const std::optional<std::string>& f) { return f && f->find("(select ") != std::string::npos; };
    for (TreeNode& n : tree.nodes) {
        if (reads(n.summary_formula)) n.summary_c = facts(reader, map, all, *n.summary_formula);
        if (reads(n.interpolant_formula)) {
            std::vector<std::string> parts = facts(reader, map, all, *n.interpolant_formula);
            std::string text;
            for (const std::string& p : parts) text += (text.empty() ? "" : " && ") + p;
            if (!text.empty()) n.interpolant_c = text;
        }
    }
}

}  // namespace clpi
