// The CHC import's time inside one process, taken apart: how long Z3's context takes to
// make, and how long the import takes once the context is there, the first time and again.
//
//   build/chc_import_time FILE.smt2 [N]
//
// `clpi verify` makes the context on another thread while it reads the file, and the import
// waits for it (a wait counted with the search, not the input). What the import then costs
// the first time includes the costs of running its code for the first time in the process
// (pages of code mapped, symbols bound, caches filled); the later imports of the same text
// (N in all, 3 by default) show what is left without them. Prints one line:
//
//   context_ms first_ms again_ms rules
//
// with `again_ms` the least of the later imports. A benchmark, not a test: the figures
// depend on the machine. tools/bench/chc_import.py --again runs it on a set of problems.
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>

#include "clpi/chc.hpp"
#include "clpi/diagnostics.hpp"
#include "solver/solver.hpp"

namespace {

double ms_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2 || argc > 3) {
        std::fprintf(stderr, "usage: chc_import_time FILE.smt2 [N]\n");
        return 1;
    }
    int n = 3;
    if (argc == 3) {
        const std::string_view arg = argv[2];
        const auto [end, error] = std::from_chars(arg.data(), arg.data() + arg.size(), n);
        if (error != std::errc() || end != arg.data() + arg.size()) n = 0;
    }
    if (n < 2) {
        std::fprintf(stderr, "chc_import_time: N must be a number of imports, 2 or more (not %s)\n", argv[2]);
        return 1;
    }
    std::ifstream in(argv[1], std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "chc_import_time: cannot read %s\n", argv[1]);
        return 1;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();

    // Made here as `clpi verify` makes it (solver.cpp's shared_context), on this thread.
    const auto context_start = std::chrono::steady_clock::now();
    (void)clpi::solver::shared_context();
    const double context_ms = ms_since(context_start);

    double first_ms = 0;
    double again_ms = std::numeric_limits<double>::infinity();
    std::size_t rules = 0;
    for (int i = 0; i < n; ++i) {
        clpi::Diagnostics diags;
        const auto start = std::chrono::steady_clock::now();
        const std::optional<clpi::Program> program = clpi::import_chc(text, argv[1], diags);
        const double took = ms_since(start);
        if (!program) {  // what `clpi fmt` would say of it
            std::fprintf(stderr, "%s", clpi::format_diagnostics(diags, text).c_str());
            return 2;
        }
        rules = program->rules.size();
        if (i == 0) {
            first_ms = took;
        } else {
            again_ms = std::min(again_ms, took);
        }
    }
    std::printf("%.3f %.3f %.3f %zu\n", context_ms, first_ms, again_ms, rules);
    return 0;
}
