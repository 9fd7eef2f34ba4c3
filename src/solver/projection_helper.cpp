// The helper's side of include/clpi/projection_helper.hpp: one Z3 context for the helper's
// life, one request at a time.
#include "clpi/projection_helper.hpp"

#include <csignal>
#include <cstring>
#include <string>

#include <sys/prctl.h>
#include <unistd.h>

#include <z3++.h>

#include "solver/bounded_projection.hpp"
#include "solver/context_memory.hpp"
#include "solver/solver.hpp"
#include "solver/helper_channel.hpp"
#include "solver/term_codec.hpp"

namespace clpi {

namespace {

// The formula of a request, its quantifiers eliminated, as an answer; nothing when Z3 gave
// up or the answer has a term the codec does not write.
std::optional<std::string> answer(z3::context& c, z3::tactic& tactic, const std::string& request) {
    try {
        return solver::encode_term(solver::eliminate_quantifiers(tactic, solver::decode_term(c, request)));
    } catch (const z3::exception&) {
        return std::nullopt;
    } catch (const solver::CodecError&) {
        return std::nullopt;
    }
}

}  // namespace

void run_as_projection_helper(int argc, char** argv) {
    if (argc != 2 || std::strcmp(argv[1], projection_helper_argument) != 0) return;
    // The helper ends with the thread that started it (and with its process), even in the
    // middle of a long elimination.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    // Z3 set up as in the verifier's own process, so that it answers as it would there.
    solver::prepare_context_memory();
    solver::prepare_thread_heap();
    solver::configure_z3();
    z3::context c;
    z3::tactic tactic = solver::quantifier_elimination(c);
    using namespace solver::helper;
    if (!write_all(STDOUT_FILENO, std::string(greeting) + "\n")) _exit(0);
    Reader in(STDIN_FILENO);
    std::string header, script;
    // _exit, not exit: the context is not worth freeing, and a leak checker in a sanitized
    // build would report it.
    for (;;) {
        if (in.line(header, nullptr) != Read::done) _exit(0);
        std::size_t n = 0;
        try {
            n = std::stoul(header);
        } catch (const std::exception&) {
            _exit(2);  // not a request: not our parent
        }
        if (in.bytes(n, script, nullptr) != Read::done) _exit(0);
        std::optional<std::string> out = answer(c, tactic, script);
        std::string reply = out ? "ok " + std::to_string(out->size()) + "\n" + *out : "fail 0\n";
        if (!write_all(STDOUT_FILENO, reply)) _exit(0);
    }
}

}  // namespace clpi
