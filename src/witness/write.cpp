// Writing SV-COMP witnesses, format 2.0 (witness.hpp): YAML documents of one entry each.
// The YAML is written by hand: its shape is fixed, and every string is quoted.
#include <chrono>
#include <ctime>
#include <map>

#include <boost/uuid/uuid.hpp>
#include <boost/uuid/uuid_generators.hpp>
#include <boost/uuid/uuid_io.hpp>
#include <fmt/format.h>

#include "clpi/witness.hpp"

namespace clpi {

namespace {

// A YAML double-quoted scalar.
std::string yaml_string(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out + "\"";
}

std::string now_utc() {
    std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

// The entry's opening lines and its metadata, at the indentation of a list item's fields.
std::string entry_head(const std::string& type, const CSourceMap& map, const WitnessProducer& producer) {
    std::string uuid = boost::uuids::to_string(boost::uuids::random_generator()());
    std::string out = "- entry_type: " + type + "\n";
    out += "  metadata:\n";
    out += "    format_version: \"2.0\"\n";
    out += "    uuid: " + yaml_string(uuid) + "\n";
    out += "    creation_time: " + yaml_string(now_utc()) + "\n";
    out += "    producer:\n";
    out += "      name: " + yaml_string(producer.name) + "\n";
    out += "      version: " + yaml_string(producer.version) + "\n";
    if (!producer.command_line.empty()) out += "      command_line: " + yaml_string(producer.command_line) + "\n";
    out += "    task:\n";
    out += "      input_files:\n";
    out += "        - " + yaml_string(map.source) + "\n";
    out += "      input_file_hashes:\n";
    out += "        " + yaml_string(map.source) + ": " + yaml_string(map.sha256) + "\n";
    out += "      specification: \"G ! call(reach_error())\"\n";
    out += "      data_model: " + map.data_model + "\n";
    out += "      language: C\n";
    out += "  content:\n";
    return out;
}

// A location's fields, each line indented by `indent`.
std::string location(const CSourceMap& map, const CPlace& p, const std::string& indent) {
    return indent + "location:\n" + indent + "  file_name: " + yaml_string(map.source) + "\n" + indent +
           "  line: " + std::to_string(p.line) + "\n" + indent + "  column: " + std::to_string(p.column) +
           "\n" + indent + "  function: " + yaml_string(p.function) + "\n";
}

}  // namespace

std::string correctness_witness(const Certificate& certificate, const CSourceMap& map,
                                const WitnessProducer& producer, std::vector<std::string>& notes) {
    // The converter's points are the constants of its one predicate `p`.
    std::map<std::string, const PointCertificate*> by_point;
    for (const PointCertificate& pc : certificate.points) by_point[pc.label] = &pc;
    // One C loop may have several heads: an inlined function's loop, once per call.
    struct Loop {
        CPlace place;
        std::vector<const CLoopHead*> heads;
    };
    std::vector<Loop> loops;
    for (const CLoopHead& h : map.loops) {
        auto same = [&](const Loop& l) {
            return l.place.line == h.place.line && l.place.column == h.place.column &&
                   l.place.function == h.place.function;
        };
        auto it = std::find_if(loops.begin(), loops.end(), same);
        if (it == loops.end()) {
            loops.push_back(Loop{h.place, {}});
            it = std::prev(loops.end());
        }
        it->heads.push_back(&h);
    }
    std::string out = entry_head("invariant_set", map, producer);
    std::size_t written = 0;
    for (const Loop& l : loops) {
        std::vector<std::string> cases;
        std::string why;
        for (const CLoopHead* h : l.heads) {
            if (h->bypassed) {
                why = "some runs skip its head by a shortcut the converter made into a larger block";
                continue;
            }
            // The head, and where runs that skip it arrive with the same state.
            std::vector<std::uint32_t> points{h->point};
            points.insert(points.end(), h->also_at.begin(), h->also_at.end());
            for (std::uint32_t k : points) {
                auto pc = by_point.find(fmt::format("p({})", k));
                if (pc == by_point.end()) {
                    why = fmt::format("the certificate has no formula for p({})", k);
                } else {
                    cases.push_back(certificate_as_c(pc->second->smtlib, map, h->visible));
                }
            }
        }
        if (!why.empty()) {
            notes.push_back(fmt::format("no loop invariant for the loop at line {} of {}: {}", l.place.line,
                                        l.place.function, why));
            continue;
        }
        std::string value;
        bool always = false;
        for (const std::string& c : cases) {
            if (c == "1") always = true;
            if (c == "0") continue;
            value += (value.empty() ? "" : " || ") + (cases.size() > 1 ? "(" + c + ")" : c);
        }
        if (always) value = "1";
        if (value.empty()) value = "0";  // the loop is never reached
        out += "    - invariant:\n";
        out += "        type: loop_invariant\n";
        out += location(map, l.place, "        ");
        out += "        value: " + yaml_string(value) + "\n";
        out += "        format: c_expression\n";
        ++written;
    }
    if (written == 0) out += "    []\n";
    return out;
}

std::optional<std::string> violation_witness(const Counterexample& cex, const CSourceMap& map,
                                             const WitnessProducer& producer, std::string& why) {
    std::vector<CBranching> branchings;
    std::optional<CPlace> target;
    for (const CounterexampleStep& step : cex.path) {
        if (step.rule == 0) continue;
        if (step.rule > map.rules.size()) {
            why = fmt::format("rule {} is not in the converter's map", step.rule);
            return std::nullopt;
        }
        const CRule& r = map.rules[step.rule - 1];
        branchings.insert(branchings.end(), r.branchings.begin(), r.branchings.end());
        if (r.error) target = r.error;
    }
    if (!target) {
        why = "the counterexample's last rule names no C call that fails";
        return std::nullopt;
    }
    std::string out = entry_head("violation_sequence", map, producer);
    for (const CBranching& b : branchings) {
        out += "    - segment:\n";
        out += "        - waypoint:\n";
        out += "            type: branching\n";
        out += "            action: follow\n";
        out += "            constraint:\n";
        out += std::string("              value: \"") + (b.taken ? "true" : "false") + "\"\n";
        out += location(map, b.place, "            ");
    }
    out += "    - segment:\n";
    out += "        - waypoint:\n";
    out += "            type: target\n";
    out += "            action: follow\n";
    out += location(map, *target, "            ");
    return out;
}

}  // namespace clpi
