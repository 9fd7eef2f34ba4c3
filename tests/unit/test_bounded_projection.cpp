// Quantifier elimination bounded by a thread of ours (solver/bounded_projection.hpp): an easy
// elimination answers; one past the bound, or interrupted, gives nothing, and the next one
// still answers (in a new context).
#include <sys/wait.h>
#include <unistd.h>

#include <functional>

#include <doctest/doctest.h>

#include "solver/bounded_projection.hpp"

#include "elimination_chain.hpp"

using namespace clpi::solver;
using clpi::test::elimination_chain;

namespace {

bool quantifier_free_over_x(const z3::expr& e) {
    if (e.is_quantifier()) return false;
    if (e.is_const() && e.decl().decl_kind() == Z3_OP_UNINTERPRETED) return e.decl().name().str() == "x";
    for (unsigned i = 0; e.is_app() && i < e.num_args(); ++i) {
        if (!quantifier_free_over_x(e.arg(i))) return false;
    }
    return true;
}

// Z3 4.8.12's qe tactic now and then crashes when it is cancelled mid-way (the verifier runs
// its eliminations in a helper process for that reason; this class is the fallback when no
// helper can start). So each attempt runs in a child process, and one that a crash ended
// (Z3's fault, not an answer) is tried again, at most three times. `body` returns 0 when
// all its checks held, else the number of the first that failed. The child exits with that
// number plus `answered`: a crash ends it by a signal, or, under AddressSanitizer, with the
// sanitizer's own exit status 1, and neither may pass for an answer.
constexpr int answered = 100;

int in_child(const std::function<int()>& body) {
    int status = -1;
    for (int attempt = 0; attempt < 3 && status < 0; ++attempt) {
        pid_t pid = fork();
        REQUIRE(pid >= 0);
        if (pid == 0) {
            alarm(600);
            _exit(answered + body());
        }
        int raw = 0;
        REQUIRE(waitpid(pid, &raw, 0) == pid);
        if (WIFEXITED(raw) && WEXITSTATUS(raw) >= answered) {
            status = WEXITSTATUS(raw) - answered;
        } else if (WIFEXITED(raw)) {
            MESSAGE("attempt ", attempt + 1, " crashed (exit status ", WEXITSTATUS(raw), ")");
        } else {
            MESSAGE("attempt ", attempt + 1, " ended by signal ", WTERMSIG(raw));
        }
    }
    return status;
}

}  // namespace

TEST_CASE("bounded projection: cut at the bound, then a new context for the next") {
    CHECK(in_child([] {
              z3::context c;
              BoundedProjection projection(std::chrono::milliseconds(300));
              if (projection.eliminate(elimination_chain(c, 2)).has_value()) return 1;
              if (projection.cut_short() != 1) return 2;
              std::optional<z3::expr> easy = projection.eliminate(elimination_chain(c, 1));
              if (!easy) return 3;
              if (!quantifier_free_over_x(*easy)) return 4;
              if (projection.cut_short() != 1) return 5;
              // The result is equivalent to the existential it replaces: x = 0 satisfies
              // both or neither.
              z3::solver s(c);
              s.add(c.int_const("x") == 0);
              s.add(*easy != elimination_chain(c, 1));
              return s.check() == z3::unsat ? 0 : 6;
          }) == 0);
}

TEST_CASE("bounded projection: an interrupt from another thread stops the elimination") {
    CHECK(in_child([] {
              z3::context c;
              BoundedProjection projection(std::chrono::minutes(10));
              if (clpi::test::eliminate_interrupted(projection, c).has_value()) return 1;
              if (projection.cut_short() != 1) return 2;
              return projection.eliminate(elimination_chain(c, 1)).has_value() ? 0 : 3;
          }) == 0);
}
