#include "cli/witness_file.hpp"

#include <fstream>
#include <iostream>

#include "clpi/witness.hpp"

namespace clpi::cli {

bool write_witness(const std::string& path, const std::string& map_json, const Result& r,
                   std::vector<std::string>& notes) {
    std::string error;
    std::optional<CSourceMap> map = parse_c_source_map(map_json, error);
    if (!map) {
        std::cerr << "clpi: error: cannot write the witness: the converter's " << error << "\n";
        return false;
    }
    WitnessProducer producer;
    producer.version = CLPI_VERSION;
    std::optional<std::string> text;
    if (r.verdict == Verdict::safe && r.certificate) {
        text = correctness_witness(*r.certificate, *map, producer, notes);
    } else if (r.verdict == Verdict::safe) {
        notes.push_back("no witness written: " + r.no_certificate);
    } else if (r.verdict == Verdict::unsafe && r.counterexample) {
        std::string why;
        text = violation_witness(*r.counterexample, *map, producer, why);
        if (!text) notes.push_back("no witness written: " + why);
    } else {
        notes.push_back("no witness written: only SAFE and UNSAFE answers have one");
    }
    if (!text) return true;
    std::ofstream out(path, std::ios::binary);
    out << *text;
    if (!out) {
        std::cerr << "clpi: error: cannot write " << path << "\n";
        return false;
    }
    return true;
}

}  // namespace clpi::cli
