#include "clpi/result.hpp"

namespace clpi {

const char* to_string(Verdict v) {
    switch (v) {
    case Verdict::safe: return "safe";
    case Verdict::unsafe: return "unsafe";
    case Verdict::unknown: return "unknown";
    }
    return "?";
}

const char* to_string(UnknownReason r) {
    switch (r) {
    case UnknownReason::none: return "none";
    case UnknownReason::bound: return "bound";
    case UnknownReason::timeout: return "timeout";
    case UnknownReason::memory: return "memory";
    case UnknownReason::solver: return "solver";
    case UnknownReason::interrupted: return "interrupted";
    }
    return "?";
}

}  // namespace clpi
