// The CLP text front end: parse, check, and print back canonically.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "clpi/diagnostics.hpp"
#include "clpi/program.hpp"

namespace clpi {

// Parses and checks `text` (named `file` in messages). Returns the checked program, or
// nothing when an error was reported to `diags`. Warnings do not stop it.
[[nodiscard]] std::optional<Program> parse_program(std::string_view text, const std::string& file,
                                                   Diagnostics& diags);

// Canonical CLP text for a program: `parse_program(format_program(p))` is the same program
// as `p`, and formatting is idempotent. Comments recorded in the program are kept.
[[nodiscard]] std::string format_program(const Program& program);

// One constraint or expression as CLP text, using the variable names of `vars`.
[[nodiscard]] std::string format_expr(const Expr& e, const std::vector<Variable>& vars);
[[nodiscard]] std::string format_constraint(const Constraint& c, const std::vector<Variable>& vars);

}  // namespace clpi
