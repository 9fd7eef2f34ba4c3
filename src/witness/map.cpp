// Reading the converter's witness map (witness.hpp): JSON written by `c2clp --witness-map`.
#include <nlohmann/json.hpp>

#include "clpi/witness.hpp"

namespace clpi {

namespace {

CPlace place_of(const nlohmann::json& j) {
    CPlace p;
    p.line = j.at("line").get<std::uint32_t>();
    p.column = j.at("column").get<std::uint32_t>();
    p.function = j.at("function").get<std::string>();
    return p;
}

}  // namespace

std::optional<CSourceMap> parse_c_source_map(std::string_view json, std::string& error) {
    try {
        nlohmann::json j = nlohmann::json::parse(json);
        CSourceMap m;
        m.source = j.at("source").get<std::string>();
        m.sha256 = j.at("sha256").get<std::string>();
        m.data_model = j.at("data_model").get<std::string>();
        for (const nlohmann::json& v : j.at("state")) {
            CStateVariable s;
            s.clp_name = v.at("clp").get<std::string>();
            s.c_name = v.at("c").get<std::string>();
            s.scope = v.at("scope").get<std::string>();
            s.bits = v.at("bits").get<std::uint32_t>();
            s.is_signed = v.at("signed").get<bool>();
            if (v.contains("points_to")) s.points_to = v.at("points_to").get<std::string>();
            if (v.contains("object")) s.object = v.at("object").get<std::string>();
            m.state.push_back(std::move(s));
        }
        for (const nlohmann::json& l : j.at("loops")) {
            CLoopHead h;
            h.point = l.at("point").get<std::uint32_t>();
            h.place = place_of(l);
            h.visible = l.at("visible").get<std::vector<std::size_t>>();
            h.bypassed = l.at("bypassed").get<bool>();
            if (l.contains("also_at")) h.also_at = l.at("also_at").get<std::vector<std::uint32_t>>();
            for (std::size_t p : h.visible) {
                if (p >= m.state.size()) throw std::out_of_range("a loop's visible variable is not in the state");
            }
            m.loops.push_back(std::move(h));
        }
        for (const nlohmann::json& r : j.at("rules")) {
            CRule rule;
            if (r.contains("branchings")) {
                for (const nlohmann::json& b : r.at("branchings")) {
                    rule.branchings.push_back(CBranching{place_of(b), b.at("taken").get<bool>()});
                }
            }
            if (r.contains("error")) rule.error = place_of(r.at("error"));
            m.rules.push_back(std::move(rule));
        }
        if (j.contains("layouts")) {
            for (const auto& [key, cells] : j.at("layouts").items()) {
                std::vector<CCell>& out = m.layouts[key];
                for (const nlohmann::json& c : cells) {
                    CCell cell;
                    cell.path = c.at("path").get<std::string>();
                    cell.offset = c.at("offset").get<std::uint64_t>();
                    if (c.contains("points_to")) cell.points_to = c.at("points_to").get<std::string>();
                    out.push_back(std::move(cell));
                }
            }
        }
        return m;
    } catch (const std::exception& e) {
        error = std::string("not a witness map: ") + e.what();
        return std::nullopt;
    }
}

}  // namespace clpi
