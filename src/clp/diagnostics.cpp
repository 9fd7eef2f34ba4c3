#include "clpi/diagnostics.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace clpi {

void Diagnostics::add(Diagnostic d) {
    if (d.severity == Severity::error) {
        if (errors_ >= limit_) {
            ++errors_;
            return;
        }
        ++errors_;
    }
    items_.push_back(std::move(d));
}

void Diagnostics::error(std::string file, SourceLoc loc, std::string message) {
    add(Diagnostic{Severity::error, std::move(file), loc, std::move(message), {}});
}

void Diagnostics::warning(std::string file, SourceLoc loc, std::string message) {
    add(Diagnostic{Severity::warning, std::move(file), loc, std::move(message), {}});
}

std::vector<Diagnostic> Diagnostics::sorted() const {
    std::vector<Diagnostic> out = items_;
    std::stable_sort(out.begin(), out.end(), [](const Diagnostic& a, const Diagnostic& b) {
        if (a.file != b.file) return a.file < b.file;
        if (a.loc.line != b.loc.line) return a.loc.line < b.loc.line;
        return a.loc.column < b.loc.column;
    });
    return out;
}

namespace {

const char* severity_name(Severity s) {
    switch (s) {
    case Severity::error: return "error";
    case Severity::warning: return "warning";
    case Severity::note: return "note";
    }
    return "?";
}

std::string_view source_line(std::string_view source, std::uint32_t line) {
    std::size_t start = 0;
    for (std::uint32_t l = 1; l < line; ++l) {
        start = source.find('\n', start);
        if (start == std::string_view::npos) return {};
        ++start;
    }
    std::size_t end = source.find('\n', start);
    std::string_view s = source.substr(start, end == std::string_view::npos ? end : end - start);
    if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
    return s;
}

}  // namespace

std::string format_diagnostic(const Diagnostic& d, std::string_view source) {
    std::string out;
    if (d.loc.line == 0) {
        out = fmt::format("{}: {}: {}\n", d.file, severity_name(d.severity), d.message);
    } else {
        out = fmt::format("{}:{}:{}: {}: {}\n", d.file, d.loc.line, d.loc.column,
                          severity_name(d.severity), d.message);
        std::string_view text = source_line(source, d.loc.line);
        if (!text.empty() || d.loc.column == 1) {
            out += fmt::format("{}\n", text);
            // Keep tabs so that the caret lines up under the column in a terminal.
            std::string caret;
            for (std::uint32_t i = 1; i < d.loc.column && i - 1 < text.size(); ++i) {
                caret += text[i - 1] == '\t' ? '\t' : ' ';
            }
            while (caret.size() + 1 < d.loc.column) caret += ' ';
            out += caret + "^\n";
        }
    }
    for (const Diagnostic& n : d.notes) out += format_diagnostic(n, source);
    return out;
}

std::string format_diagnostics(const Diagnostics& ds, std::string_view source) {
    std::string out;
    for (const Diagnostic& d : ds.sorted()) out += format_diagnostic(d, source);
    std::size_t shown = 0;
    for (const Diagnostic& d : ds.all()) shown += d.severity == Severity::error ? 1 : 0;
    if (ds.error_count() > shown) {
        out += fmt::format("{} errors in all; only the first {} are shown.\n", ds.error_count(),
                           shown);
    }
    return out;
}

}  // namespace clpi
