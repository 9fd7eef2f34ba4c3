// The C converter's entry point: a C file in, CLP text out (the language of clp/README.md).
// No Clang header here, so that callers (the c2clp command, tests) stay light.
#pragma once

#include <string>
#include <vector>

namespace c2clp {

// How C integer arithmetic is modelled.
enum class IntSemantics {
    math,  // mathematical integers; signed overflow (undefined behaviour) does not happen
    wrap,  // two's-complement wrap-around at the type's width for every operation
};

// Widths of the integer types: ilp32 (int, long and pointers 32 bits; the SV-COMP default)
// or lp64 (long 64 bits).
enum class DataModel { ilp32, lp64 };

struct Options {
    IntSemantics semantics = IntSemantics::math;
    DataModel data_model = DataModel::ilp32;
    bool large_blocks = false;            // one rule per straight-line block, not per statement
    bool check_bounds = false;            // an array index out of bounds is an error (otherwise
                                          // an array is unbounded: see the README)
    bool check_memory = false;            // NULL or freed dereferences and bad frees are errors
    std::string entry = "main";           // the function where execution starts
    std::vector<std::string> clang_args;  // passed to Clang (-I, -D, ...)
};

struct Conversion {
    bool ok = false;                      // false: errors were printed, no CLP produced
    std::string clp;                      // the program, canonically formatted
    std::vector<std::string> report;      // constructs modelled approximately, and how
    std::string witness_map;              // JSON for witnesses of the C program (--witness-map)
};

// Converts `file`. Clang's diagnostics and the converter's own (`FILE:LINE:COL: error:
// unsupported: ...`) are printed to standard error.
[[nodiscard]] Conversion convert_file(const std::string& file, const Options& options);

}  // namespace c2clp
