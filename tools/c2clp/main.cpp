// c2clp: converts a C program into CLP rules for clpi (see `c2clp --help`).
#include <algorithm>
#include <fstream>
#include <iostream>

#include <CLI/CLI.hpp>

#include "c2clp/convert.hpp"

namespace {

constexpr const char* description = R"(Converts a C program into CLP rules for clpi.

The state vector is the C variables: globals first, then the locals of the entry function,
then those of inlined callees (prefixed by the function's name) and temporaries. Each C
statement is a program point with `name` and `line` directives pointing at the C source.

Accepted C: int, long, long long, short, char, _Bool and their unsigned forms, enum,
typedef; globals and locals with initialisers; if/else, while, do/while, for, switch (with
fall-through and default), break, continue, goto, return; arithmetic with C semantics
(/ and % truncate toward zero), comparisons, !, && and || (short-circuit), ?:, compound
assignment, ++/--, the comma operator, integer casts; calls to functions with bodies,
inlined (recursion is refused). SV-COMP conventions: __VERIFIER_nondet_T() is an input in
the range of T; __VERIFIER_assert, reach_error() and assert() mark errors;
__VERIFIER_assume and assume restrict paths; abort() and exit() end them. A call of a
function without a body returns an arbitrary value of its type (with a warning).

Arrays of integers (fixed-size, variable-length and multi-dimensional; locals, globals and
static locals; initialisers, string initialisers of char arrays) become CLP arrays, one per
C array, indexed by the row-major offset of an element; an inlined function's array or
pointer parameter given an array works on the caller's array. An element nobody wrote holds
an arbitrary value of its type. Indexing outside an array is an error with --check bounds;
without it an array is unbounded: such an index reads and writes cells of that array's own
CLP array, never another variable (a C program that relies on more is outside this model).
Structs by value (nested, with array fields, in arrays; copied whole by assignment,
initialiser or argument): one variable per scalar field, one CLP array per array field and
per field of an array of structs. A pointer parameter of an inlined function (`int *p`,
`struct s *q`) that the function only dereferences is bound at the call to what its
argument points to (&x, an array, &a[i], &s, or another such parameter): *p, p[k], q->f are
that variable, element or field. Every other pointer is an address of one CLP array Mem, the
memory: malloc, calloc and alloca, and variables whose address is stored, get fresh cells
from MemTop on, separated from all others (one cell per scalar; free does nothing). NULL is
0. With --check memory, a dereference of NULL or of a freed object, and a free of what
malloc did not return (or freed already), are errors; allocations then need a constant size.

Integer semantics (--int-semantics):
  math  (default) mathematical integers; inputs lie in their type's range; signed
        arithmetic is exact and never wraps (overflow is undefined behaviour in C, so
        a program that relies on it is outside this model: use wrap).
  wrap  two's-complement wrap-around at the type's width for every operation.
Unsigned arithmetic and conversions to narrower or unsigned types wrap in both modes, as C
says. Bitwise operators: constants are folded; shifts (by a variable amount: a case per
amount), 0/1 operands, and &, |
and ^ with a constant of at most 8 runs of 1-bits are modelled exactly (by div and mod by
powers of 2); the rest is refused. Division by zero is undefined
behaviour: that path ends. --report lists every place where these models are used.

Refused, with `FILE:LINE:COL: error: unsupported: ...` and exit status 2: pointers other
than parameters of inlined functions, NULL arguments, structs as function results, unions, bit-fields, floating point, function pointers, recursion, inline assembly, setjmp/longjmp, threads, dynamic
memory, array initialisers that list more than 1024 elements (an initialised array starts
as const_array(0) and gets the elements listed), wider than 64-bit types.

Exit status: 0 converted, 1 usage error, 2 bad or unsupported input, 6 internal error.)";

}  // namespace

int main(int argc, char** argv) {
    CLI::App app(description, "c2clp");
    app.get_formatter()->column_width(28);
    std::string file, out, witness_map, semantics = "math", model = "ilp32";
    std::vector<std::string> clang_args;
    bool show_report = false;
    c2clp::Options options;
    app.add_option("FILE", file, "C source (.c) or preprocessed C (.i)")->required();
    app.add_option("CLANG_ARGS", clang_args, "after `--`: arguments for Clang (-I, -D, ...)");
    app.add_option("-o,--output", out, "write the CLP program here (default: standard output)");
    app.add_option("--int-semantics", semantics, "math or wrap (see above)")
        ->check(CLI::IsMember({"math", "wrap"}))->capture_default_str();
    app.add_option("--data-model", model, "ilp32 (SV-COMP default) or lp64: the integer widths")
        ->check(CLI::IsMember({"ilp32", "lp64"}))->capture_default_str();
    app.add_flag("--large-blocks", options.large_blocks,
                 "one rule per straight-line block instead of one per statement (fewer nodes, "
                 "same verdicts)");
    std::vector<std::string> checks;
    app.add_option("--check", checks,
                   "what else is an error: `bounds`, an array index out of bounds; `memory`, a "
                   "dereference of NULL or of freed memory, or a bad free (repeat the option for both)")
        ->check(CLI::IsMember({"bounds", "memory"}))->type_name("WHAT")
        ->allow_extra_args(false);
    app.add_option("--entry", options.entry, "the function where execution starts")
        ->capture_default_str();
    app.add_option("--witness-map", witness_map,
                   "also write, as JSON, what a witness of the C program needs: the C names of "
                   "the state, each loop head's point, place and variables in scope, and per "
                   "rule the C branches it decides and the call it fails at")
        ->type_name("FILE");
    app.add_flag("--report", show_report,
                 "list on standard error every construct modelled approximately, and how");
    CLI11_PARSE(app, argc, argv);
    options.semantics = semantics == "wrap" ? c2clp::IntSemantics::wrap : c2clp::IntSemantics::math;
    options.data_model = model == "lp64" ? c2clp::DataModel::lp64 : c2clp::DataModel::ilp32;
    options.clang_args = clang_args;
    options.check_bounds = std::find(checks.begin(), checks.end(), "bounds") != checks.end();
    options.check_memory = std::find(checks.begin(), checks.end(), "memory") != checks.end();
    try {
        c2clp::Conversion c = c2clp::convert_file(file, options);
        if (!c.ok) return 2;
        if (show_report) {
            std::cerr << "c2clp: report for " << file << ":\n";
            std::cerr << (options.semantics == c2clp::IntSemantics::math
                              ? "  integer semantics math: signed arithmetic is exact and never "
                                "wraps (overflow is undefined behaviour in C)\n"
                              : "  integer semantics wrap: every operation wraps at its type's "
                                "width\n");
            std::cerr << "  division or remainder by zero (undefined behaviour) ends the path\n";
            for (const std::string& line : c.report) std::cerr << "  " << line << "\n";
        }
        if (!witness_map.empty()) {
            std::ofstream m(witness_map, std::ios::binary);
            m << c.witness_map;
            if (!m) {
                std::cerr << "c2clp: error: cannot write " << witness_map << "\n";
                return 2;
            }
        }
        if (out.empty()) {
            std::cout << c.clp;
            return 0;
        }
        std::ofstream f(out, std::ios::binary);
        f << c.clp;
        if (!f) {
            std::cerr << "c2clp: error: cannot write " << out << "\n";
            return 2;
        }
    } catch (const std::exception& e) {
        std::cerr << "c2clp: internal error: " << e.what() << "\n";
        return 6;
    }
    return 0;
}
