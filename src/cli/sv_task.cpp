// A reader for the part of YAML that SV-COMP task definitions use: top-level `key: value`,
// block and flow lists of scalars, a block list of mappings (properties) and one nested
// mapping (options). Anything else is an error with its line, never a guess.
#include "cli/sv_task.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <vector>

#include <fmt/format.h>

namespace clpi::cli {

namespace {

struct Line {
    std::uint32_t number = 0;
    std::size_t indent = 0;
    std::string text;  // without indentation, comment and trailing blanks
};

std::string trim(const std::string& s) {
    std::size_t b = s.find_first_not_of(" \t");
    if (b == std::string::npos) return "";
    std::size_t e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

// A `#` starts a comment outside quotes.
std::string strip_comment(const std::string& s) {
    char quote = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        if (quote) {
            if (c == quote) quote = 0;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == '#' && (i == 0 || s[i - 1] == ' ' || s[i - 1] == '\t')) {
            return s.substr(0, i);
        }
    }
    return s;
}

std::string unquote(std::string s) {
    s = trim(s);
    if (s.size() >= 2 && (s.front() == '\'' || s.front() == '"') && s.back() == s.front()) {
        return s.substr(1, s.size() - 2);
    }
    return s;
}

// `key: value` (value may be empty); nothing when the text is not a mapping entry.
std::optional<std::pair<std::string, std::string>> entry(const std::string& text) {
    std::size_t colon = text.find(':');
    if (colon == std::string::npos || colon == 0) return std::nullopt;
    if (colon + 1 < text.size() && text[colon + 1] != ' ') return std::nullopt;
    return std::make_pair(trim(text.substr(0, colon)), trim(text.substr(colon + 1)));
}

class Reader {
public:
    explicit Reader(std::string path) : path_(std::move(path)) {}

    std::optional<SvTask> read() {
        std::ifstream in(path_);
        if (!in) return fail(0, fmt::format("cannot read the task file"));
        std::string raw;
        std::uint32_t n = 0;
        while (std::getline(in, raw)) {
            ++n;
            std::string text = strip_comment(raw);
            if (trim(text).empty()) continue;
            if (trim(text) == "---") continue;
            Line l;
            l.number = n;
            l.indent = text.find_first_not_of(' ');
            l.text = trim(text);
            lines_.push_back(l);
        }
        SvTask task;
        task.file = path_;
        std::vector<std::string> inputs;
        bool unreach = false;
        std::optional<std::uint32_t> inputs_line;
        for (std::size_t i = 0; i < lines_.size();) {
            const Line& l = lines_[i];
            if (l.indent != 0) return fail(l.number, "unexpected indentation");
            auto kv = entry(l.text);
            if (!kv) return fail(l.number, fmt::format("expected `key: value`, found `{}`", l.text));
            const auto& [key, value] = *kv;
            ++i;
            std::size_t end = i;
            while (end < lines_.size() && lines_[end].indent > 0) ++end;
            if (key == "input_files") {
                inputs_line = l.number;
                if (!scalars(value, i, end, inputs)) return std::nullopt;
            } else if (key == "properties") {
                if (!properties(i, end, task, unreach)) return std::nullopt;
            } else if (key == "options") {
                if (!options(i, end, task)) return std::nullopt;
            } else if (end > i) {
                return fail(lines_[i].number, fmt::format("`{}` takes no nested lines here", key));
            }
            i = end;
        }
        if (inputs.empty()) return fail(inputs_line.value_or(1), "the task names no input file (input_files)");
        if (inputs.size() > 1) {
            return fail(*inputs_line, fmt::format("the task names {} input files; clpi verifies one C file", inputs.size()));
        }
        if (!unreach) {
            return fail(1, "the task has no unreach-call property; clpi checks that property only "
                           "(reach_error() is never called)");
        }
        std::filesystem::path base = std::filesystem::path(path_).parent_path();
        task.input_file = (base / inputs[0]).lexically_normal().string();
        return task;
    }

private:
    std::optional<SvTask> fail(std::uint32_t line, const std::string& message) {
        std::cerr << fmt::format("{}:{}:1: error: {}\n", path_, line, message);
        return std::nullopt;
    }
    bool failed(std::uint32_t line, const std::string& message) {
        fail(line, message);
        return false;
    }

    // A scalar, a flow list `[a, b]`, or a block list `- a` on the lines [i, end).
    bool scalars(const std::string& value, std::size_t i, std::size_t end, std::vector<std::string>& out) {
        if (!value.empty()) {
            if (value.front() == '[') {
                if (value.back() != ']') return failed(lines_[i - 1].number, "a list `[...]` must end on its line");
                std::stringstream items(value.substr(1, value.size() - 2));
                std::string item;
                while (std::getline(items, item, ',')) {
                    if (!trim(item).empty()) out.push_back(unquote(item));
                }
            } else {
                out.push_back(unquote(value));
            }
            if (end > i) return failed(lines_[i].number, "unexpected nested line after a value");
            return true;
        }
        for (std::size_t k = i; k < end; ++k) {
            const std::string& t = lines_[k].text;
            if (t.rfind("- ", 0) != 0) return failed(lines_[k].number, fmt::format("expected `- FILE`, found `{}`", t));
            out.push_back(unquote(t.substr(2)));
        }
        return true;
    }

    // `- property_file: ...` items, each with `expected_verdict:` (and maybe `subproperty:`).
    bool properties(std::size_t i, std::size_t end, SvTask& task, bool& unreach) {
        std::map<std::string, std::string> item;
        std::uint32_t item_line = 0;
        auto close = [&] {
            if (item.empty()) return true;
            std::string file = item["property_file"];
            if (file.empty()) return failed(item_line, "a property without property_file");
            if (std::filesystem::path(file).filename() == "unreach-call.prp") {
                unreach = true;
                auto it = item.find("expected_verdict");
                if (it != item.end()) {
                    if (it->second != "true" && it->second != "false") {
                        return failed(item_line, fmt::format("expected_verdict `{}` is neither true nor false", it->second));
                    }
                    task.expected = it->second == "true";
                }
            }
            item.clear();
            return true;
        };
        for (std::size_t k = i; k < end; ++k) {
            std::string t = lines_[k].text;
            if (t.rfind("- ", 0) == 0) {
                if (!close()) return false;
                item_line = lines_[k].number;
                t = trim(t.substr(2));
            } else if (item.empty() && item_line == 0) {
                return failed(lines_[k].number, "expected `- property_file: ...`");
            }
            auto kv = entry(t);
            if (!kv) return failed(lines_[k].number, fmt::format("expected `key: value`, found `{}`", t));
            item[kv->first] = unquote(kv->second);
        }
        return close();
    }

    bool options(std::size_t i, std::size_t end, SvTask& task) {
        for (std::size_t k = i; k < end; ++k) {
            auto kv = entry(lines_[k].text);
            if (!kv) return failed(lines_[k].number, fmt::format("expected `key: value`, found `{}`", lines_[k].text));
            std::string value = unquote(kv->second);
            if (kv->first == "language" && value != "C") {
                return failed(lines_[k].number, fmt::format("the task's language is {}; clpi reads C", value));
            }
            if (kv->first == "data_model") {
                if (value != "ILP32" && value != "LP64") {
                    return failed(lines_[k].number, fmt::format("data_model `{}` is neither ILP32 nor LP64", value));
                }
                task.data_model = value == "ILP32" ? "ilp32" : "lp64";
            }
        }
        return true;
    }

    std::string path_;
    std::vector<Line> lines_;
};

}  // namespace

bool is_sv_task(const std::string& path) { return path.ends_with(".yml") || path.ends_with(".yaml"); }

std::optional<SvTask> read_sv_task(const std::string& path) { return Reader(path).read(); }

}  // namespace clpi::cli
