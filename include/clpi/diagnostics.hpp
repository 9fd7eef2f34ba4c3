// Diagnostics are values: collected in a sink, sorted, printed with the source line and a
// caret. Library code never exits; only main() turns them into an exit status.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "clpi/program.hpp"

namespace clpi {

enum class Severity { note, warning, error };

struct Diagnostic {
    Severity severity = Severity::error;
    std::string file;
    SourceLoc loc;
    std::string message;
    std::vector<Diagnostic> notes;  // e.g. "first used here"
};

class Diagnostics {
public:
    // At most this many errors are kept; further ones are counted but dropped.
    static constexpr std::size_t default_error_limit = 20;

    explicit Diagnostics(std::size_t error_limit = default_error_limit) : limit_(error_limit) {}

    void add(Diagnostic d);
    void error(std::string file, SourceLoc loc, std::string message);
    void warning(std::string file, SourceLoc loc, std::string message);

    [[nodiscard]] bool has_errors() const { return errors_ > 0; }
    [[nodiscard]] std::size_t error_count() const { return errors_; }
    [[nodiscard]] bool limit_reached() const { return errors_ >= limit_; }
    // Sorted by file, line and column (stable for equal positions).
    [[nodiscard]] std::vector<Diagnostic> sorted() const;
    [[nodiscard]] const std::vector<Diagnostic>& all() const { return items_; }

private:
    std::vector<Diagnostic> items_;
    std::size_t errors_ = 0;
    std::size_t limit_;
};

// `FILE:LINE:COL: error: MESSAGE`, then the source line and a caret under the column.
// `source` is the text of the file the diagnostic points into (may be empty).
[[nodiscard]] std::string format_diagnostic(const Diagnostic& d, std::string_view source);
// All diagnostics, sorted, plus a final "N errors generated." line when the limit cut some.
[[nodiscard]] std::string format_diagnostics(const Diagnostics& ds, std::string_view source);

}  // namespace clpi
