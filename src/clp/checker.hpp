// The semantic checks of a parsed program (clp-language.md sections 3-6), and the derived
// structure the engine needs: program points, their rules, argument types.
#pragma once

#include "clpi/diagnostics.hpp"
#include "clpi/program.hpp"

namespace clpi {

// `queries` is how many queries the parser saw (only the first is kept in the program).
void check_program(Program& program, int queries, Diagnostics& diags);

}  // namespace clpi
