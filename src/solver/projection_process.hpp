// Quantifier elimination by Z3's tactics in a helper process (include/clpi/projection_helper.hpp),
// bounded in time: past the bound, or at an interrupt, the helper is killed and the next
// elimination starts a new one. A helper that ends by itself (Z3 crashed in it) loses that
// one elimination, which then gives nothing, like any failed projection.
//
// When no helper can be started (an executable that does not call run_as_projection_helper,
// no /proc), eliminations run in this process, bounded by BoundedProjection; so do those of a
// formula that solver/term_codec.hpp does not write.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include <sys/types.h>
#include <z3++.h>

#include "solver/bounded_projection.hpp"
#include "solver/helper_channel.hpp"

namespace clpi::solver {

// The lowest priority (nice value) Linux gives: where a search that gives way goes, with its
// projection helpers (solver::give_way_after_cut_short).
constexpr int lowest_nice = 19;

class ProjectionProcess {
public:
    explicit ProjectionProcess(std::chrono::milliseconds bound);
    ~ProjectionProcess();
    ProjectionProcess(const ProjectionProcess&) = delete;
    ProjectionProcess& operator=(const ProjectionProcess&) = delete;

    // As BoundedProjection::eliminate: `f` simplified and its quantifiers eliminated, as an
    // expression of f's context; nothing when Z3 gave up, failed, crashed, ran past the bound
    // or was interrupted. The result may still hold quantifiers: the caller checks.
    std::optional<z3::expr> eliminate(const z3::expr& f);

    // From any thread: the elimination under way, if any, stops (the run is over).
    void interrupt();

    // Runs the helpers from now on at the lowest priority (nice 19): the one running and
    // every one started later, until reset_priority(). Eliminations in this process are not
    // affected (the thread is the caller's).
    void lower_priority();
    // Helpers started from now on run at the caller's priority again; a lowered one is
    // stopped (raising a priority needs a privilege).
    void reset_priority();
    bool priority_lowered() const { return lowered_; }

    // Eliminations cut short by the bound or by interrupt(), since construction.
    unsigned cut_short() const;
    // Eliminations lost because the helper ended during them (a crash of Z3's tactic).
    unsigned lost() const { return lost_.load(); }
    // Helpers started since construction.
    unsigned started() const { return started_; }
    // The helper running now, if any (-1): for tests and diagnostics.
    pid_t helper() const { return pid_; }
    // Whether eliminations run in this process, because no helper could be started.
    bool in_process() const { return no_helper_; }

private:
    enum class Outcome { answered, failed, cut_short, ended };
    bool start();
    void stop();
    Outcome exchange(const std::string& request, std::string& answer);
    BoundedProjection& here();  // made at its first use

    const std::chrono::milliseconds bound_;
    pid_t pid_ = -1;
    int socket_ = -1;
    int wake_ = -1;  // an eventfd that interrupt() writes to
    std::unique_ptr<helper::Reader> reader_;
    bool no_helper_ = false;  // none could be started: every elimination runs here
    // For eliminations in this process: all of them when no helper could be started, and
    // those of a formula the codec does not write.
    std::unique_ptr<BoundedProjection> in_process_;
    std::atomic<BoundedProjection*> in_process_view_{nullptr};  // for interrupt() and cut_short()
    std::atomic<unsigned> cut_short_{0};
    std::atomic<unsigned> lost_{0};
    unsigned started_ = 0;
    bool lowered_ = false;
};

}  // namespace clpi::solver
