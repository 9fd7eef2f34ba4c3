#include "solver/projection_process.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clpi/projection_helper.hpp"
#include "solver/term_codec.hpp"

extern char** environ;

namespace clpi::solver {

namespace {

using Clock = std::chrono::steady_clock;

// Once a helper could not be started, none is tried again in this process: the executable
// does not serve as one, or the system cannot start processes.
std::atomic<bool> helpers_unavailable{false};

// A helper starts in tens of milliseconds (a sanitized build: hundreds); past this, the
// executable is taken not to be one.
constexpr std::chrono::seconds max_start_time{10};

// Waits until `fd` is readable (or closed) and returns true; false at the deadline or when
// `wake` (if any) is written to.
bool wait_readable(int fd, int wake, Clock::time_point deadline) {
    for (;;) {
        auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) return false;
        pollfd fds[2] = {{fd, POLLIN, 0}, {wake, POLLIN, 0}};
        int n = ::poll(fds, wake >= 0 ? 2 : 1, static_cast<int>(std::min<long long>(left, 1 << 30)));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return false;
        if (n == 0) continue;  // the deadline, checked above
        if (wake >= 0 && fds[1].revents != 0) return false;
        if (fds[0].revents != 0) return true;
    }
}

void drain(int eventfd_fd) {
    eventfd_t value;
    while (::eventfd_read(eventfd_fd, &value) == 0) {
    }
}

}  // namespace

ProjectionProcess::ProjectionProcess(std::chrono::milliseconds bound)
    : bound_(bound), wake_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {}

ProjectionProcess::~ProjectionProcess() {
    stop();
    if (wake_ >= 0) ::close(wake_);
}

bool ProjectionProcess::start() {
    if (helpers_unavailable.load() || wake_ < 0) return false;
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) return false;
    // The helper's end becomes its standard input and output. It must not already be one of
    // 0, 1, 2 (possible when this process runs with them closed): a dup2 onto itself would
    // leave it closed at exec.
    int theirs = fds[1];
    if (theirs <= STDERR_FILENO) {
        theirs = ::fcntl(fds[1], F_DUPFD_CLOEXEC, STDERR_FILENO + 1);
        ::close(fds[1]);
        if (theirs < 0) {
            ::close(fds[0]);
            return false;
        }
    }
    posix_spawn_file_actions_t actions;
    ::posix_spawn_file_actions_init(&actions);
    ::posix_spawn_file_actions_adddup2(&actions, theirs, STDIN_FILENO);
    ::posix_spawn_file_actions_adddup2(&actions, theirs, STDOUT_FILENO);
    std::string name = "clpi-projection-helper", argument = projection_helper_argument;
    char* argv[] = {name.data(), argument.data(), nullptr};
    pid_t pid = -1;
    int rc = ::posix_spawn(&pid, "/proc/self/exe", &actions, nullptr, argv, environ);
    ::posix_spawn_file_actions_destroy(&actions);
    ::close(theirs);
    if (rc != 0) {
        ::close(fds[0]);
        helpers_unavailable.store(true);
        return false;
    }
    pid_ = pid;
    if (lowered_) lower_priority();
    socket_ = fds[0];
    reader_ = std::make_unique<helper::Reader>(socket_);
    const Clock::time_point deadline = Clock::now() + max_start_time;
    std::string line;
    if (reader_->line(line, [&] { return wait_readable(socket_, -1, deadline); }) != helper::Read::done ||
        line != helper::greeting) {
        stop();
        helpers_unavailable.store(true);
        return false;
    }
    ++started_;
    return true;
}

void ProjectionProcess::stop() {
    if (pid_ > 0) {
        ::kill(pid_, SIGKILL);
        while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
        }
    }
    pid_ = -1;
    if (socket_ >= 0) ::close(socket_);
    socket_ = -1;
    reader_.reset();
}

ProjectionProcess::Outcome ProjectionProcess::exchange(const std::string& request, std::string& answer) {
    if (!helper::write_all(socket_, std::to_string(request.size()) + "\n" + request)) return Outcome::ended;
    const Clock::time_point deadline = Clock::now() + bound_;
    auto ready = [&] { return wait_readable(socket_, wake_, deadline); };
    std::string header;
    helper::Read r = reader_->line(header, ready);
    if (r != helper::Read::done) return r == helper::Read::stopped ? Outcome::cut_short : Outcome::ended;
    if (header == "fail 0") return Outcome::failed;
    if (header.rfind("ok ", 0) != 0) return Outcome::ended;  // not the helper speaking
    std::size_t n = 0;
    try {
        n = std::stoul(header.substr(3));
    } catch (const std::exception&) {
        return Outcome::ended;
    }
    r = reader_->bytes(n, answer, ready);
    if (r != helper::Read::done) return r == helper::Read::stopped ? Outcome::cut_short : Outcome::ended;
    return Outcome::answered;
}

BoundedProjection& ProjectionProcess::here() {
    if (!in_process_) {
        in_process_ = std::make_unique<BoundedProjection>(bound_);
        in_process_view_.store(in_process_.get());
    }
    return *in_process_;
}

std::optional<z3::expr> ProjectionProcess::eliminate(const z3::expr& f) {
    if (no_helper_) return here().eliminate(f);
    std::string request;
    try {
        request = encode_term(f);
    } catch (const CodecError&) {
        return here().eliminate(f);  // a term the codec does not write (none of the verifier's)
    } catch (const z3::exception&) {
        return here().eliminate(f);
    }
    if (pid_ < 0 && !start()) {
        no_helper_ = true;
        return here().eliminate(f);
    }
    drain(wake_);  // an interrupt before this elimination began is moot, as in-process
    std::string answer;
    switch (exchange(request, answer)) {
    case Outcome::answered:
        try {
            return decode_term(f.ctx(), answer);
        } catch (const CodecError&) {
            return std::nullopt;
        } catch (const z3::exception&) {
            return std::nullopt;
        }
    case Outcome::failed:
        return std::nullopt;
    case Outcome::cut_short:
        ++cut_short_;
        stop();
        return std::nullopt;
    case Outcome::ended:
        ++lost_;
        stop();
        return std::nullopt;
    }
    return std::nullopt;
}

void ProjectionProcess::lower_priority() {
    lowered_ = true;
    if (pid_ > 0) (void)::setpriority(PRIO_PROCESS, static_cast<id_t>(pid_), lowest_nice);  // advice only
}

void ProjectionProcess::reset_priority() {
    if (!lowered_) return;
    lowered_ = false;
    stop();
}

void ProjectionProcess::interrupt() {
    if (wake_ >= 0) ::eventfd_write(wake_, 1);
    if (BoundedProjection* p = in_process_view_.load()) p->interrupt();
}

unsigned ProjectionProcess::cut_short() const {
    BoundedProjection* p = in_process_view_.load();
    return cut_short_.load() + (p ? p->cut_short() : 0);
}

}  // namespace clpi::solver
