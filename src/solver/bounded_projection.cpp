#include "solver/bounded_projection.hpp"

namespace clpi::solver {

z3::tactic quantifier_elimination(z3::context& c) {
    return z3::tactic(c, "simplify") & z3::tactic(c, "qe-light") & z3::tactic(c, "qe") &
           z3::tactic(c, "simplify");
}

z3::expr eliminate_quantifiers(z3::tactic& tactic, const z3::expr& f) {
    z3::goal g(f.ctx());
    g.add(f);
    z3::apply_result r = tactic(g);
    z3::expr_vector disjuncts(f.ctx());
    for (unsigned i = 0; i < r.size(); ++i) disjuncts.push_back(r[i].as_expr());
    return disjuncts.size() == 1 ? disjuncts[0] : z3::mk_or(disjuncts);
}

BoundedProjection::BoundedProjection(std::chrono::milliseconds bound) : bound_(bound) {}

BoundedProjection::~BoundedProjection() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (timer_.joinable()) timer_.join();
}

void BoundedProjection::cancel_locked() {
    if (!deadline_ || cancelled_) return;
    cancelled_ = true;
    ++cut_short_;
    context_->interrupt();  // Z3's interrupt may be called from any thread
}

void BoundedProjection::interrupt() {
    std::lock_guard<std::mutex> lock(mutex_);
    cancel_locked();
}

unsigned BoundedProjection::cut_short() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return cut_short_;
}

void BoundedProjection::watch() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!stopping_) {
        if (!deadline_ || cancelled_) {
            wake_.wait(lock);
        } else if (std::chrono::steady_clock::now() >= *deadline_) {
            cancel_locked();
        } else {
            wake_.wait_until(lock, *deadline_);
        }
    }
}

namespace {

z3::expr translate(const z3::expr& e, z3::context& to) {
    Z3_ast a = Z3_translate(e.ctx(), e, to);
    to.check_error();
    return z3::expr(to, a);
}

}  // namespace

std::optional<z3::expr> BoundedProjection::eliminate(const z3::expr& f) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!context_) {
            context_ = std::make_unique<z3::context>();
            tactic_ = quantifier_elimination(*context_);
        }
        deadline_ = std::chrono::steady_clock::now() + bound_;
        cancelled_ = false;
        if (!timer_.joinable()) timer_ = std::thread([this] { watch(); });
    }
    wake_.notify_all();

    std::optional<z3::expr> result;
    try {
        result = translate(eliminate_quantifiers(*tactic_, translate(f, *context_)), f.ctx());
    } catch (const z3::exception&) {
        // Z3 gave up, failed or was cancelled: no projection.
    }

    std::lock_guard<std::mutex> lock(mutex_);
    deadline_.reset();
    if (cancelled_) {
        // Cancelled for good (and maybe mid-way): the context goes, and a new one is made
        // for the next elimination. A result finished just before the cancel is still sound.
        tactic_.reset();
        context_.reset();
    }
    return result;
}

}  // namespace clpi::solver
