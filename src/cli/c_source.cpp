#include "cli/c_source.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace clpi::cli {

namespace {

// c2clp next to this clpi binary (as the build puts them), else the one on PATH.
std::string converter_path() {
    std::error_code ec;
    auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        auto beside = self.parent_path() / "c2clp";
        if (::access(beside.c_str(), X_OK) == 0) return beside.string();
    }
    return "c2clp";
}

// A file for c2clp's output, removed when this object goes.
class TempFile {
public:
    explicit TempFile(const std::string& suffix) {
        std::error_code ec;
        path_ = (std::filesystem::temp_directory_path(ec) / ("clpi-c2clp-XXXXXX" + suffix)).string();
        int fd = ::mkstemps(path_.data(), static_cast<int>(suffix.size()));
        if (fd < 0) {
            path_.clear();
        } else {
            ::close(fd);
        }
    }
    ~TempFile() {
        if (!path_.empty()) std::remove(path_.c_str());
    }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
    [[nodiscard]] const std::string& path() const { return path_; }

private:
    std::string path_;
};

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

bool is_c_source(const std::string& path) {
    auto ext = std::filesystem::path(path).extension();
    return ext == ".c" || ext == ".i";
}

std::optional<std::string> convert_c_source(const std::string& path, const CSourceOptions& options,
                                            std::string* witness_map) {
    TempFile out(".clp"), map(".json");
    if (out.path().empty() || map.path().empty()) {
        std::cerr << "clpi: error: cannot create a temporary file for the converted program\n";
        return std::nullopt;
    }
    std::vector<std::string> args{converter_path()};
    args.insert(args.end(), options.converter_args.begin(), options.converter_args.end());
    args.insert(args.end(), {"-o", out.path(), path});
    if (witness_map) args.insert(args.end(), {"--witness-map", map.path()});
    if (!options.clang_args.empty()) {
        args.emplace_back("--");
        args.insert(args.end(), options.clang_args.begin(), options.clang_args.end());
    }
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    if (::posix_spawnp(&pid, argv[0], nullptr, nullptr, argv.data(), environ) != 0) {
        std::cerr << "clpi: error: cannot run `c2clp`, the C converter: build it (target c2clp) "
                     "and keep it next to clpi or on PATH\n";
        return std::nullopt;
    }
    int status = 0;
    if (::waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        // c2clp has printed its diagnostics; exit status 2 means bad or unsupported C.
        if (!WIFEXITED(status) || (WEXITSTATUS(status) != 2 && WEXITSTATUS(status) != 1)) {
            std::cerr << "clpi: error: c2clp failed on " << path << "\n";
        }
        return std::nullopt;
    }
    if (witness_map) *witness_map = slurp(map.path());
    return slurp(out.path());
}

}  // namespace clpi::cli
