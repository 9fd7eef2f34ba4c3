#include "emit.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

namespace c2clp {

namespace {

const char* semantics_name(IntSemantics s) { return s == IntSemantics::math ? "math" : "wrap"; }
const char* model_name(DataModel m) { return m == DataModel::ilp32 ? "ilp32" : "lp64"; }

std::string describe(const Variable& v) {
    std::string type = v.type.is_bool ? "_Bool"
                       : fmt::format("{}{} bits", v.type.is_signed ? "signed " : "unsigned ",
                                     v.type.bits);
    if (v.array) {
        std::string dims;
        for (const Term& d : v.array->dims) dims += "[" + (is_const(d) ? d->value.str() : std::string()) + "]";
        type = fmt::format("array{} of {}", dims, type);
    }
    if (v.scope == "temporary") return fmt::format("{} (temporary, {})", v.clp_name, type);
    if (v.scope == "memory") {
        static const std::map<std::string, std::string> what = {
            {"Mem", "the memory: a value per address"},
            {"MemTop", "the first address no object has"},
            {"MemBase", "each address's object: the address of its first cell"},
            {"MemLive", "each object's state: 1 allocated, 2 a variable, 0 freed"}};
        auto it = what.find(v.clp_name);
        return fmt::format("{} ({}, {})", v.clp_name, it == what.end() ? "memory" : it->second, type);
    }
    if (v.scope == "global") return fmt::format("{} = {} (global, {})", v.clp_name, v.c_name, type);
    return fmt::format("{} = {} (in {}, {})", v.clp_name, v.c_name, v.scope, type);
}

class RuleWriter {
public:
    RuleWriter(const Flow& flow, const std::vector<VarId>& order, std::string input_prefix)
        : flow_(flow), order_(order), input_prefix_(std::move(input_prefix)) {}

    std::string rule(const Edge& e, const Path& path) {
        version_.assign(flow_.vars.size(), 0);
        constraints_.clear();
        inputs_ = 0;
        std::string head = atom(e.from);
        for (const Step& s : path) step(s);
        std::string body;
        if (e.to.kind == Target::Kind::point) body = atom(e.to.point);
        if (e.to.kind == Target::Kind::error) body = fmt::format("error(\"{}\")", e.to.label);
        std::vector<std::string> parts;
        if (!body.empty()) parts.push_back(body);
        parts.insert(parts.end(), constraints_.begin(), constraints_.end());
        if (parts.empty()) return head + ".";
        return head + " :- " + fmt::format("{}", fmt::join(parts, ", ")) + ".";
    }

private:
    std::string name(VarId v) const {
        return flow_.vars[v].clp_name + std::string(version_[v], '\'');
    }
    std::string atom(PointId p) const {
        std::string out = fmt::format("p({}", p);
        for (VarId v : order_) out += ", " + name(v);
        return out + ")";
    }
    void range(const std::string& x, const IntType& t) {
        constraints_.push_back(fmt::format("{} <= {}", t.min().str(), x));
        constraints_.push_back(fmt::format("{} <= {}", x, t.max().str()));
    }
    void step(const Step& s) {
        std::vector<std::string> inputs;
        for (const IntType& t : s.inputs) {
            inputs.push_back(fmt::format("{}{}", input_prefix_, ++inputs_));
            range(inputs.back(), t);
        }
        Namer namer = [&](const TermNode& n) {
            return n.op == Op::var ? name(n.id) : inputs.at(n.id);
        };
        for (const Cond& g : s.guards) constraints_.push_back(print(g, namer));
        std::vector<std::string> values;
        for (const auto& [v, t] : s.updates) values.push_back(print(t, namer));
        for (std::size_t i = 0; i < s.updates.size(); ++i) {
            VarId v = s.updates[i].first;
            ++version_[v];
            constraints_.push_back(name(v) + " = " + values[i]);
        }
        for (VarId v : s.havocs) {
            ++version_[v];
            if (!flow_.vars[v].array) range(name(v), flow_.vars[v].type);  // an array: any contents
        }
    }

    const Flow& flow_;
    const std::vector<VarId>& order_;
    std::string input_prefix_;
    std::vector<unsigned> version_;
    std::vector<std::string> constraints_;
    unsigned inputs_ = 0;
};

}  // namespace

std::vector<VarId> state_order(const Flow& flow) {
    std::vector<VarId> order;
    for (VarId v = 0; v < flow.vars.size(); ++v) {
        if (flow.vars[v].scope == "global") order.push_back(v);
    }
    for (VarId v = 0; v < flow.vars.size(); ++v) {
        if (flow.vars[v].scope != "global") order.push_back(v);
    }
    return order;
}

std::string emit_clp(const Flow& flow, const std::string& source, const Options& options,
                     std::vector<const Edge*>* rules) {
    std::vector<VarId> order = state_order(flow);
    // Fresh inputs are named `In1`, `In2`, ... unless a C variable could take that name.
    std::string prefix = "In";
    while (std::any_of(flow.vars.begin(), flow.vars.end(), [&](const Variable& v) {
        return v.clp_name.rfind(prefix, 0) == 0;
    })) {
        prefix += "_";
    }
    std::string out = fmt::format(":- source(\"{}\").\n", source);
    out += fmt::format("% Generated by c2clp from {} (integer semantics {}, data model {}{}).\n",
                       source, semantics_name(options.semantics), model_name(options.data_model),
                       options.large_blocks ? ", large blocks" : "");
    out += "% State variables:\n";
    for (VarId v : order) out += "%   " + describe(flow.vars[v]) + "\n";
    out += fmt::format("?- p({}", flow.start);
    for (VarId v : order) out += ", " + flow.vars[v].clp_name;
    out += ").\n";
    RuleWriter writer(flow, order, prefix);
    std::size_t next_edge = 0;
    for (PointId p = 0; p < flow.points.size(); ++p) {
        const Point& pt = flow.points[p];
        if (!pt.name.empty()) out += fmt::format(":- name(p({}), \"{}\").\n", p, pt.name);
        if (pt.line) out += fmt::format(":- line(p({}), {}).\n", p, *pt.line);
        bool has_rules = next_edge < flow.edges.size() && flow.edges[next_edge].from == p;
        if (!has_rules) {
            out += writer.rule(Edge{p, Target{Target::Kind::terminal, 0, ""}, {}, {}, {}}, {}) + "\n";
            if (rules) rules->push_back(nullptr);
        }
        for (; next_edge < flow.edges.size() && flow.edges[next_edge].from == p; ++next_edge) {
            for (const Path& path : flow.edges[next_edge].alts) {
                out += writer.rule(flow.edges[next_edge], path) + "\n";
                if (rules) rules->push_back(&flow.edges[next_edge]);
            }
        }
    }
    return out;
}

}  // namespace c2clp
