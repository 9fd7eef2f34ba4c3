// The derivation tree as a versioned JSON document (schema: tools/viewer/tree.schema.json).
// Deterministic: no times, no addresses; the same run gives the same bytes.
#include <nlohmann/json.hpp>

#include "tree/tree_util.hpp"

namespace clpi {

namespace tree {

nlohmann::json document(const Tree& t, const std::string& result_json) {
    nlohmann::json nodes = nlohmann::json::array();
    nlohmann::json edges = nlohmann::json::array();
    for (const TreeNode& n : t.nodes) {
        nlohmann::json cs = nlohmann::json::array();
        for (const TreeConstraint& c : n.constraints) {
            nlohmann::json cj{{"text", c.text},
                              {"mark", to_string(c.mark)},
                              {"candidate", c.candidate},
                              {"locked", c.locked}};
            if (!c.origin.empty()) cj["origin"] = c.origin;
            cs.push_back(std::move(cj));
        }
        nlohmann::json core = nlohmann::json::array();
        for (const ConstraintRef& r : n.core) core.push_back({{"node", r.node}, {"index", r.index}});
        nlohmann::json j{{"id", n.id},
                         {"parent", n.parent},
                         {"point", n.point},
                         {"rule", n.rule},
                         {"depth", n.depth},
                         {"kind", to_string(n.kind)},
                         {"reason", node_reason(n)},
                         {"constraints", cs},
                         {"core", core},
                         {"discarded", n.discarded}};
        if (n.name) j["name"] = *n.name;
        if (n.line) j["line"] = *n.line;
        if (n.interpolant) j["interpolant"] = *n.interpolant;
        if (n.core_interpolant) j["core_interpolant"] = *n.core_interpolant;
        if (!n.summary_c.empty()) j["known_in_c"] = n.summary_c;
        if (n.interpolant_c) j["interpolant_in_c"] = *n.interpolant_c;
        if (n.kind == NodeKind::subsumed) {
            j["subsumer"] = n.subsumer;
            j["subsumer_interpolant"] = n.subsumer_interpolant;
            edges.push_back({{"from", n.id}, {"to", n.subsumer}, {"kind", "subsumption"}});
        }
        if (n.kind == NodeKind::closed || n.kind == NodeKind::error_spurious ||
            n.kind == NodeKind::restarted) {
            j["loop_ancestor"] = n.loop_ancestor;
            edges.push_back({{"from", n.id}, {"to", n.loop_ancestor}, {"kind", "loop"}});
        }
        if (!n.abstracted.empty()) j["abstracted"] = n.abstracted;
        if (!n.kept.empty()) j["kept"] = n.kept;
        if (!n.locks.empty()) j["locks"] = n.locks;
        if (!n.learnt.empty()) j["learnt"] = n.learnt;
        if (n.parent != 0) edges.push_back({{"from", n.parent}, {"to", n.id}, {"kind", "tree"}});
        nodes.push_back(std::move(j));
    }
    nlohmann::json events = nlohmann::json::array();
    for (const TreeEvent& e : t.events) {
        events.push_back({{"kind", e.kind}, {"node", e.node}, {"detail", e.detail}});
    }
    nlohmann::json doc{{"format", "clpi-tree"},
                       {"version", 1},
                       {"result", nlohmann::json::parse(result_json)},
                       {"nodes", nodes},
                       {"edges", edges},
                       {"events", events}};
    if (!t.note.empty()) doc["note"] = t.note;
    return doc;
}

}  // namespace tree

std::string tree_json(const Tree& t, const std::string& result_json) {
    return tree::document(t, result_json).dump(1) + "\n";
}

}  // namespace clpi
