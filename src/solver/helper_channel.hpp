// Messages between a projection helper and the process that started it (see
// include/clpi/projection_helper.hpp), over one stream socket: a header line, then as many
// bytes as the header says.
//
//   helper, once started:  "clpi-projection-helper 1\n"
//   request:               "<n>\n" and n bytes: the formula to eliminate quantifiers from,
//                          written by solver/term_codec.hpp
//   answer:                "ok <n>\n" and n bytes: the formula without them, or "fail 0\n"
//                          when Z3 gave up or failed
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace clpi::solver::helper {

inline constexpr std::string_view greeting = "clpi-projection-helper 1";

enum class Read { done, ended, stopped };

// Reads from a file descriptor through a buffer, so that a line costs one read() and not one
// per byte. `ready` is called before each read(): it waits until the descriptor is readable and
// returns true, or returns false to stop reading (a deadline, an interrupt).
class Reader {
public:
    using Ready = std::function<bool()>;
    explicit Reader(int fd) : fd_(fd) {}

    // A line, without its newline.
    Read line(std::string& out, const Ready& ready);
    // Exactly n bytes.
    Read bytes(std::size_t n, std::string& out, const Ready& ready);

private:
    Read fill(const Ready& ready);  // appends what one read() gives
    int fd_;
    std::string buffer_;
};

// The whole of `data`, or false when the other side has gone (no SIGPIPE is raised).
bool write_all(int fd, std::string_view data);

}  // namespace clpi::solver::helper
