// The witness map (emit.hpp): what `clpi verify --witness` needs to speak of the C program
// that a CLP program came from. The CLP text keeps only lines; a witness needs columns, the
// functions, the C names of the state, which variables are in scope at a loop, and which
// way each rule decides the C branches.
#include <llvm/ADT/ArrayRef.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/SHA256.h>
#include <nlohmann/json.hpp>

#include "emit.hpp"

namespace c2clp {

namespace {

nlohmann::json place_json(const SourcePlace& p) {
    return {{"line", p.line}, {"column", p.column}, {"function", p.function}};
}

std::string sha256_hex(const std::string& text) {
    llvm::ArrayRef<std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
    std::array<std::uint8_t, 32> digest = llvm::SHA256::hash(bytes);
    return llvm::toHex(llvm::ArrayRef<std::uint8_t>(digest.data(), digest.size()), /*LowerCase=*/true);
}

}  // namespace

std::string witness_map_json(const Flow& flow, const std::vector<const Edge*>& rules,
                             const std::string& source, const std::string& source_text,
                             const Options& options) {
    std::vector<VarId> order = state_order(flow);
    std::vector<std::size_t> position(flow.vars.size(), 0);
    nlohmann::json state = nlohmann::json::array();
    for (std::size_t i = 0; i < order.size(); ++i) {
        const Variable& v = flow.vars[order[i]];
        position[order[i]] = i;
        state.push_back({{"clp", v.clp_name}, {"c", v.c_name}, {"scope", v.scope},
                         {"bits", v.type.bits}, {"signed", v.type.is_signed}});
        if (auto a = flow.addresses.find(order[i]); a != flow.addresses.end() && !a->second.pointee.empty()) {
            state.back()["points_to"] = a->second.pointee;
            if (!a->second.object.empty()) state.back()["object"] = a->second.object;
        }
    }
    // What the memory holds, for a C view of it: the cells of each type pointed to.
    nlohmann::json layouts = nlohmann::json::object();
    for (const auto& [key, cells] : flow.layouts) {
        nlohmann::json list = nlohmann::json::array();
        for (const CellOfType& c : cells) {
            nlohmann::json cell = {{"path", c.path}, {"offset", c.offset}};
            if (!c.pointee.empty()) cell["points_to"] = c.pointee;
            list.push_back(cell);
        }
        layouts[key] = list;
    }
    nlohmann::json loops = nlohmann::json::array();
    for (PointId p = 0; p < flow.points.size(); ++p) {
        for (const LoopHead& l : flow.points[p].loops) {
            nlohmann::json visible = nlohmann::json::array();
            for (VarId v : l.visible) visible.push_back(position[v]);
            nlohmann::json entry = place_json(l.place);
            entry["point"] = p;
            entry["visible"] = visible;
            entry["also_at"] = l.also_at;
            entry["bypassed"] = l.bypassed;
            loops.push_back(entry);
        }
    }
    nlohmann::json rule_list = nlohmann::json::array();
    for (const Edge* e : rules) {
        nlohmann::json r = nlohmann::json::object();
        if (e) {
            nlohmann::json b = nlohmann::json::array();
            for (const Branching& br : e->branchings) {
                nlohmann::json j = place_json(br.place);
                j["taken"] = br.taken;
                b.push_back(j);
            }
            if (!b.empty()) r["branchings"] = b;
            if (e->error_place) r["error"] = place_json(*e->error_place);
        }
        rule_list.push_back(r);
    }
    nlohmann::json out = {
        {"source", source},
        {"sha256", sha256_hex(source_text)},
        {"data_model", options.data_model == DataModel::ilp32 ? "ILP32" : "LP64"},
        {"state", state},
        {"loops", loops},
        {"rules", rule_list},
        {"layouts", layouts},
    };
    return out.dump(1) + "\n";
}

}  // namespace c2clp
