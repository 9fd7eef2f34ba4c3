// The entry point of the engine: picks a strategy by name and runs it.
#include "clpi/engine.hpp"

#include "engine/explorer.hpp"

namespace clpi {

std::optional<Strategy> strategy_from_string(const std::string& name) {
    if (name == "bounded") return Strategy::bounded;
    if (name == "dse") return Strategy::dse;
    return std::nullopt;
}

const char* to_string(Strategy s) {
    switch (s) {
    case Strategy::bounded: return "bounded";
    case Strategy::dse: return "dse";
    }
    return "?";
}

namespace {
engine::StrategyTraits traits_of(Strategy s) {
    engine::StrategyTraits t;
    t.strategy = s;
    t.interpolate = s != Strategy::dse;  // dse: plain path enumeration, the KLEE-like baseline
    return t;
}
}  // namespace

Result verify(const Program& program, const Options& options) {
    engine::Explorer explorer(program, options, traits_of(options.strategy));
    return explorer.run();
}

}  // namespace clpi
