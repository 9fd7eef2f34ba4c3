#include "solver/helper_channel.hpp"

#include <cerrno>
#include <sys/socket.h>
#include <unistd.h>

namespace clpi::solver::helper {

Read Reader::fill(const Ready& ready) {
    char chunk[1 << 16];
    for (;;) {
        if (ready && !ready()) return Read::stopped;
        ssize_t n = ::read(fd_, chunk, sizeof chunk);
        if (n > 0) {
            buffer_.append(chunk, static_cast<std::size_t>(n));
            return Read::done;
        }
        if (n == 0) return Read::ended;
        if (errno != EINTR && errno != EAGAIN) return Read::ended;
    }
}

Read Reader::line(std::string& out, const Ready& ready) {
    for (;;) {
        std::size_t end = buffer_.find('\n');
        if (end != std::string::npos) {
            out.assign(buffer_, 0, end);
            buffer_.erase(0, end + 1);
            return Read::done;
        }
        if (Read r = fill(ready); r != Read::done) return r;
    }
}

Read Reader::bytes(std::size_t n, std::string& out, const Ready& ready) {
    while (buffer_.size() < n) {
        if (Read r = fill(ready); r != Read::done) return r;
    }
    out.assign(buffer_, 0, n);
    buffer_.erase(0, n);
    return Read::done;
}

bool write_all(int fd, std::string_view data) {
    while (!data.empty()) {
        // send() with MSG_NOSIGNAL: a helper that has died gives EPIPE, not a signal that
        // would end this process. write() only when the descriptor is not a socket (a helper
        // started by hand from a terminal).
        ssize_t n = ::send(fd, data.data(), data.size(), MSG_NOSIGNAL);
        if (n < 0 && errno == ENOTSOCK) n = ::write(fd, data.data(), data.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        data.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

}  // namespace clpi::solver::helper
