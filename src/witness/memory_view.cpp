// The memory of a counterexample's state, said in C: from each pointer variable (and each
// variable kept in memory), the cells of what it points to by their C names, following
// pointer cells one level further. The converter's map gives the layouts (witness.hpp).
#include <set>

#include <boost/multiprecision/cpp_int.hpp>
#include <fmt/format.h>

#include "clpi/witness.hpp"

namespace clpi {

namespace {

using Integer = boost::multiprecision::cpp_int;

// `{1: 5, 3: -2, else: 7}` as cells and a default.
struct ArrayValue {
    std::map<Integer, std::string> cells;
    std::string otherwise = "?";
};

std::optional<ArrayValue> parse_array(const std::string& text) {
    if (text.size() < 2 || text.front() != '{' || text.back() != '}') return std::nullopt;
    ArrayValue out;
    std::string body = text.substr(1, text.size() - 2);
    std::size_t at = 0;
    while (at < body.size()) {
        std::size_t comma = body.find(',', at);
        std::string entry = body.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
        at = comma == std::string::npos ? body.size() : comma + 1;
        std::size_t colon = entry.find(':');
        if (colon == std::string::npos) return std::nullopt;
        auto trim = [](std::string s) {
            while (!s.empty() && s.front() == ' ') s.erase(s.begin());
            while (!s.empty() && s.back() == ' ') s.pop_back();
            return s;
        };
        std::string key = trim(entry.substr(0, colon)), value = trim(entry.substr(colon + 1));
        if (key == "else") {
            out.otherwise = value;
            continue;
        }
        try {
            out.cells[Integer(key)] = value;
        } catch (const std::exception&) {
            return std::nullopt;
        }
    }
    return out;
}

std::optional<Integer> integer_of(const std::string& s) {
    try {
        return Integer(s);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

}  // namespace

std::vector<std::string> memory_as_c(const CSourceMap& map,
                                     const std::vector<std::pair<std::string, std::string>>& state) {
    std::optional<ArrayValue> memory;
    for (const auto& [name, value] : state) {
        if (name == "Mem") memory = parse_array(value);
    }
    if (!memory) return {};
    auto cell = [&](const Integer& address) {
        auto it = memory->cells.find(address);
        return it == memory->cells.end() ? memory->otherwise : it->second;
    };
    std::vector<std::string> lines;
    std::set<std::string> said;
    // The cells of an object of type `key` at `address`, named from `prefix`; pointer cells
    // are followed `depth` more levels.
    auto show = [&](auto&& self, const std::string& key, const Integer& address, const std::string& prefix,
                    bool through_pointer, int depth) -> void {
        auto layout = map.layouts.find(key);
        if (layout == map.layouts.end()) return;
        for (const CCell& c : layout->second) {
            std::string path = c.path;
            std::string name;
            if (through_pointer) {
                // *p for a scalar, p->f for a field, p[k] for an element
                if (path.empty()) name = "*" + prefix;
                else if (path[0] == '.') name = prefix + "->" + path.substr(1);
                else name = prefix + path;
            } else {
                name = prefix + path;
            }
            std::string value = cell(address + c.offset);
            std::optional<Integer> target = integer_of(value);
            if (!c.points_to.empty() && target && *target == 0) value = "NULL";
            if (said.insert(name).second) lines.push_back(fmt::format("{} = {}", name, value));
            if (!c.points_to.empty() && target && *target != 0 && depth > 0) {
                self(self, c.points_to, *target, name, true, depth - 1);
            }
        }
    };
    std::map<std::string, std::string> values(state.begin(), state.end());
    // Two functions' locals of one name are told apart as function::name.
    std::map<std::string, int> named;
    for (const CStateVariable& v : map.state) {
        if (!v.points_to.empty() && v.object.empty()) ++named[v.c_name];
    }
    for (CStateVariable v : map.state) {
        if (v.points_to.empty()) continue;
        if (v.object.empty() && named[v.c_name] > 1 && v.scope != "global") v.c_name = v.scope + "::" + v.c_name;
        auto it = values.find(v.clp_name);
        if (it == values.end()) continue;
        std::optional<Integer> address = integer_of(it->second);
        if (!address) continue;
        if (!v.object.empty()) {
            show(show, v.points_to, *address, v.object, false, 1);
        } else if (*address == 0) {
            if (said.insert(v.c_name).second) lines.push_back(fmt::format("{} = NULL", v.c_name));
        } else {
            show(show, v.points_to, *address, v.c_name, true, 1);
        }
    }
    return lines;
}

}  // namespace clpi
