#include "engine/counterexample.hpp"

#include <fmt/format.h>

#include "clpi/engine.hpp"

namespace clpi::engine {

namespace {

std::string number_text(const Number& n) {
    if (denominator(n) == 1) return numerator(n).str();
    return numerator(n).str() + "/" + denominator(n).str();
}

bool in_head(const Rule& r, VarId v) {
    for (const Arg& a : r.head.args) {
        if (a.kind == Arg::Kind::variable && a.var == v) return true;
    }
    return false;
}

CounterexampleStep step_at(const Program& program, PointId p) {
    CounterexampleStep st;
    st.point = p;
    st.point_label = program.point_label(p);
    st.name = program.points.at(p).name;
    st.line = program.points.at(p).line;
    return st;
}

// The state of a step, named by the head of the rule applied there.
void name_state(CounterexampleStep& st, const Program& program, const Rule& r,
                const std::vector<solver::Value>& values) {
    const Point& hp = program.points.at(r.head_point);
    for (std::size_t i = hp.first_state_arg; i < r.head.args.size(); ++i) {
        const Arg& a = r.head.args[i];
        if (a.kind == Arg::Kind::variable) {
            st.state.emplace_back(r.vars[a.var].name, value_text(values[a.var]));
        } else {
            st.state.emplace_back(fmt::format("${}", i), a.integer.str());
        }
    }
}

}  // namespace

std::string value_text(const solver::Value& v) {
    if (!v.is_array) return number_text(v.number);
    std::string out = "{";
    for (const auto& [i, x] : v.entries) out += number_text(i) + ": " + number_text(x) + ", ";
    return out + "else: " + number_text(v.array_default) + "}";
}

Counterexample make_counterexample(solver::Solver& s, const Program& program,
                                   const std::vector<PathStep>& path) {
    std::vector<std::vector<solver::Value>> values;
    for (const PathStep& step : path) {
        std::vector<solver::Value> vs;
        for (solver::Term t : step.binding) vs.push_back(s.value(t));
        values.push_back(std::move(vs));
    }
    if (std::string failure = replay(program, path, values); !failure.empty()) {
        throw InternalError("counterexample does not replay: " + failure);
    }

    Counterexample cex;
    const Query& q = program.query;
    for (VarId v = 0; v < q.vars.size(); ++v) {
        cex.values.emplace_back(q.vars[v].name, value_text(values[0][v]));
    }
    PointId at = q.point;
    for (std::size_t k = 1; k < path.size(); ++k) {
        const Rule& r = program.rules.at(path[k].rule);
        CounterexampleStep st = step_at(program, at);
        st.rule = r.index;
        name_state(st, program, r, values[k]);
        cex.path.push_back(std::move(st));
        for (VarId v = 0; v < r.vars.size(); ++v) {
            if (!in_head(r, v)) {
                cex.values.emplace_back(fmt::format("{}@{}", r.vars[v].name, k),
                                        value_text(values[k][v]));
            }
        }
        if (r.body_kind == BodyKind::error) {
            CounterexampleStep end;
            end.point_label = "error";
            cex.path.push_back(std::move(end));
            cex.label = r.label;
        } else {
            at = r.body_point;
        }
    }
    return cex;
}

}  // namespace clpi::engine
