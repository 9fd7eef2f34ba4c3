// Concrete values from the last model, for counterexamples and their replay.
#include <algorithm>
#include <stdexcept>

#include "solver/solver_impl.hpp"

namespace clpi::solver {

Number numeral_number(const z3::expr& e) {
    if (!e.is_numeral()) throw std::runtime_error("model value is not a number: " + e.to_string());
    std::string text = Z3_get_numeral_string(e.ctx(), e);
    auto slash = text.find('/');
    if (slash == std::string::npos) return Number(Integer(text));
    return Number(Integer(text.substr(0, slash)), Integer(text.substr(slash + 1)));
}

namespace {

Value array_value(const z3::model& m, z3::expr e) {
    Value v;
    v.is_array = true;
    while (true) {
        if (e.is_app() && e.decl().decl_kind() == Z3_OP_STORE) {
            v.entries.emplace_back(numeral_number(e.arg(1)), numeral_number(e.arg(2)));
            e = e.arg(0);
        } else if (e.is_app() && e.decl().decl_kind() == Z3_OP_CONST_ARRAY) {
            v.array_default = numeral_number(e.arg(0));
            break;
        } else if (e.is_app() && e.decl().decl_kind() == Z3_OP_AS_ARRAY) {
            z3::func_decl f(e.ctx(), Z3_get_as_array_func_decl(e.ctx(), e));
            z3::func_interp fi = m.get_func_interp(f);
            for (unsigned i = 0; i < fi.num_entries(); ++i) {
                v.entries.emplace_back(numeral_number(fi.entry(i).arg(0)), numeral_number(fi.entry(i).value()));
            }
            v.array_default = numeral_number(fi.else_value());
            break;
        } else {
            throw std::runtime_error("unexpected array value in model: " + e.to_string());
        }
    }
    // The outermost store wins: of the entries of one index, the first met is the newest.
    // Sorted stably by index, it stays first (a linear search per entry was quadratic: an
    // array written a thousand times along a path took seconds per counterexample).
    std::stable_sort(v.entries.begin(), v.entries.end(),
                     [](const auto& a, const auto& b) { return index_less(a.first, b.first); });
    v.entries.erase(std::unique(v.entries.begin(), v.entries.end(),
                                [](const auto& a, const auto& b) { return a.first == b.first; }),
                    v.entries.end());
    return v;
}

}  // namespace

bool Solver::has_model() const { return impl_->model.has_value(); }

Value Solver::value(Term t) {
    if (!impl_->model) throw std::logic_error("no model");
    z3::expr e = impl_->model->eval(impl_->at(t), true);
    if (e.get_sort().is_array()) return array_value(*impl_->model, e);
    Value v;
    v.number = numeral_number(e);
    return v;
}

}  // namespace clpi::solver
