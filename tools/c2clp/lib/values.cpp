#include "values.hpp"

#include <algorithm>

namespace c2clp {

Values constant(const Integer& v) { return single(cst(v)); }
Values single(Term t) { return {ExprAlt{{}, std::move(t), {}}}; }

bool add_guard(std::vector<Cond>& guards, const Cond& c) {
    int t = const_truth(c);
    if (t == 0) return false;
    if (t < 0) guards.push_back(c);
    return true;
}

Values combine(const Values& a, const Values& b,
               const std::function<Choices(const Term&, const Term&)>& f) {
    Values out;
    for (const ExprAlt& x : a) {
        auto offset = static_cast<std::uint32_t>(x.inputs.size());
        for (const ExprAlt& y : b) {
            ExprAlt base{x.guards, nullptr, x.inputs};
            base.inputs.insert(base.inputs.end(), y.inputs.begin(), y.inputs.end());
            bool ok = true;
            for (const Cond& g : y.guards) ok = ok && add_guard(base.guards, shift_inputs(g, offset));
            if (!ok) continue;
            for (Choice& c : f(x.term, shift_inputs(y.term, offset))) {
                ExprAlt alt = base;
                bool feasible = true;
                for (const Cond& g : c.guards) feasible = feasible && add_guard(alt.guards, g);
                if (!feasible) continue;
                alt.term = std::move(c.term);
                out.push_back(std::move(alt));
            }
        }
    }
    return out;
}

Values map(const Values& a, const std::function<Choices(const Term&)>& f) {
    return combine(a, constant(0), [&](const Term& x, const Term&) { return f(x); });
}

Truth truth(const Values& v) {
    Truth t;
    for (const ExprAlt& a : v) {
        ExprAlt yes{a.guards, a.term, a.inputs};
        ExprAlt no = yes;
        if (add_guard(yes.guards, Cond{Rel::ne, a.term, cst(0)})) t.when_true.push_back(yes);
        if (add_guard(no.guards, Cond{Rel::eq, a.term, cst(0)})) t.when_false.push_back(no);
    }
    return t;
}

void Notes::add(unsigned line, const std::string& text) {
    std::string l = "line " + std::to_string(line) + ": " + text;
    if (std::find(lines_.begin(), lines_.end(), l) == lines_.end()) lines_.push_back(l);
}

}  // namespace c2clp
