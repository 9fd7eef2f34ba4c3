#include "solver/implicant.hpp"

#include <set>
#include <utility>

namespace clpi::solver {

namespace {

class Implicant {
public:
    explicit Implicant(const z3::model& model) : model_(model) {}

    // Collects literals that make `e` take the value `value` (which it has in the model).
    void collect(const z3::expr& e, bool value) {
        if (!done_.insert({e.id(), value}).second) return;
        if (!e.is_app()) {
            literal(e, value);
            return;
        }
        const unsigned n = e.num_args();
        switch (e.decl().decl_kind()) {
        case Z3_OP_TRUE:
        case Z3_OP_FALSE:
            return;
        case Z3_OP_NOT:
            collect(e.arg(0), !value);
            return;
        case Z3_OP_AND:
        case Z3_OP_OR: {
            // All the arguments when each must have the value (a true `and`, a false `or`);
            // otherwise the first that decides it.
            const bool every = (e.decl().decl_kind() == Z3_OP_AND) == value;
            for (unsigned i = 0; i < n; ++i) {
                if (every) {
                    collect(e.arg(i), value);
                } else if (holds(e.arg(i)) == value) {
                    collect(e.arg(i), value);
                    return;
                }
            }
            return;
        }
        case Z3_OP_IMPLIES: {  // ¬a ∨ b
            const bool a = holds(e.arg(0));
            if (value) {
                if (!a) collect(e.arg(0), false);
                else collect(e.arg(1), true);
            } else {
                collect(e.arg(0), true);
                collect(e.arg(1), false);
            }
            return;
        }
        case Z3_OP_ITE: {
            const bool c = holds(e.arg(0));
            collect(e.arg(0), c);
            collect(e.arg(c ? 1 : 2), value);
            return;
        }
        case Z3_OP_IFF:
        case Z3_OP_XOR:
        case Z3_OP_EQ:
        case Z3_OP_DISTINCT:
            if (n == 2 && e.arg(0).is_bool()) {
                // Both sides, at their values.
                collect(e.arg(0), holds(e.arg(0)));
                collect(e.arg(1), holds(e.arg(1)));
                return;
            }
            break;
        default:
            break;
        }
        literal(e, value);
    }

    std::vector<z3::expr> take() { return std::move(out_); }

private:
    bool holds(const z3::expr& e) { return model_.eval(e, true).is_true(); }

    void literal(const z3::expr& e, bool value) {
        if (e.is_app() && e.decl().decl_kind() == Z3_OP_DISTINCT && e.num_args() == 2 && !e.arg(0).is_bool()) {
            literal(e.arg(0) == e.arg(1), !value);
            return;
        }
        if (value) {
            out_.push_back(e);
            return;
        }
        const bool numeric = e.is_app() && e.num_args() == 2 && (e.arg(0).is_int() || e.arg(0).is_real());
        if (numeric) {
            const z3::expr a = e.arg(0), b = e.arg(1);
            switch (e.decl().decl_kind()) {
            case Z3_OP_LE: out_.push_back(a > b); return;
            case Z3_OP_LT: out_.push_back(a >= b); return;
            case Z3_OP_GE: out_.push_back(a < b); return;
            case Z3_OP_GT: out_.push_back(a <= b); return;
            case Z3_OP_EQ:  // a ≠ b: the side of b the model puts a on
                out_.push_back(holds(a < b) ? a < b : a > b);
                return;
            default: break;
            }
        }
        out_.push_back(!e);
    }

    const z3::model& model_;
    std::set<std::pair<unsigned, bool>> done_;
    std::vector<z3::expr> out_;
};

}  // namespace

std::vector<z3::expr> implicant(const z3::expr& formula, const z3::model& model) {
    Implicant i(model);
    i.collect(formula, true);
    return i.take();
}

}  // namespace clpi::solver
