// Files the tests hand to the `clpi` command: one directory per test process, removed when
// the process ends, so that runs of the suite leave nothing behind.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>

namespace clpi_test {

class ScratchDirectory {
public:
    explicit ScratchDirectory(const std::string& prefix)
        : dir_(std::filesystem::temp_directory_path() / (prefix + std::to_string(::getpid()))) {
        std::filesystem::create_directories(dir_);
    }
    ~ScratchDirectory() {
        std::error_code ignored;
        std::filesystem::remove_all(dir_, ignored);
    }
    ScratchDirectory(const ScratchDirectory&) = delete;
    ScratchDirectory& operator=(const ScratchDirectory&) = delete;

    const std::filesystem::path& path() const { return dir_; }

    // Writes `text` to the file `name` in the directory; its path.
    std::filesystem::path write(const std::string& name, const std::string& text) const {
        std::filesystem::path p = dir_ / name;
        std::ofstream(p) << text;
        return p;
    }

private:
    std::filesystem::path dir_;
};

inline std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace clpi_test
