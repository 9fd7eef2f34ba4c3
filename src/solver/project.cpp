// Projection by quantifier elimination: the interpolant of a node is its needed cells,
// seen only through the node's state (DESIGN.md section 5).
#include <algorithm>
#include <unordered_set>

#include "solver/eliminate.hpp"
#include "solver/solver_impl.hpp"

namespace clpi::solver {

namespace {

// Uninterpreted constants of `e` that are not point variables (the ones to eliminate), and
// whether `e` has a quantifier.
struct Scan {
    std::unordered_set<unsigned> seen;
    std::vector<z3::expr> constants;
    bool quantifier = false;

    void walk(const z3::expr& e) {
        if (!seen.insert(e.id()).second) return;
        if (e.is_quantifier()) {
            quantifier = true;
            return;
        }
        if (!e.is_app()) return;
        if (e.is_const() && !e.is_numeral() && e.decl().decl_kind() == Z3_OP_UNINTERPRETED) {
            std::string name = e.decl().name().str();
            if (name.empty() || name[0] != '$') constants.push_back(e);
            return;
        }
        for (unsigned i = 0; i < e.num_args(); ++i) walk(e.arg(i));
    }
};

}  // namespace

std::optional<Term> Solver::project(std::span<const CellId> cells, std::span<const Term> state,
                                    std::span<const Type> types, std::optional<Term> context) {
    auto t0 = std::chrono::steady_clock::now();
    // Projection time, and a call when the tactic ran (a remembered projection is none).
    auto account = [&](bool called) {
        double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        auto k = static_cast<int>(Purpose::projection);
        impl_->stats.time_by[k] += dt;
        impl_->stats.time_s += dt;
        if (called) {
            ++impl_->stats.calls_by[k];
            ++impl_->stats.calls;
        } else {
            ++impl_->stats.projections_remembered;
        }
    };
    z3::context& ctx = impl_->ctx;
    const Term context_term = context.value_or(impl_->true_term);
    const bool has_context = !impl_->at(context_term).is_true();
    if (cells.empty() && !has_context) return impl_->true_term;

    z3::expr_vector conj(ctx);
    if (has_context) conj.push_back(impl_->at(context_term));
    for (CellId c : cells) conj.push_back(impl_->at(impl_->cell_terms.at(c)));
    for (std::uint32_t i = 0; i < state.size(); ++i) {
        conj.push_back(impl_->at(point_var(i, types[i])) == impl_->at(state[i]));
    }
    z3::expr body = z3::mk_and(conj);
    Scan scan;
    scan.walk(body);
    z3::expr f = body;
    if (!scan.constants.empty()) {
        z3::expr_vector bound(ctx);
        for (const auto& c : scan.constants) bound.push_back(c);
        f = z3::exists(bound, body);
    }

    // The same formula comes back often (siblings below a node, deepening rounds): its
    // projection is remembered. The key holds the formula, so its id is not reused.
    auto& known = impl_->projections[f.id()];
    z3::expr f_work = f;  // what the tactic eliminates from (arrays taken out first)
    if (known && z3::eq(known->first, f)) {
        account(false);
        return known->second;
    }

    // Arrays first, exactly, into reads and fresh values that the rest eliminates (Z3's
    // tactic gives up on them); then definitions: most projections only rename.
    z3::expr work = body;
    std::vector<z3::expr> variables = scan.constants;
    if (std::any_of(variables.begin(), variables.end(), [](const z3::expr& v) { return v.is_array(); })) {
        std::optional<z3::expr> without;
        try {
            without = eliminate_arrays(body.simplify(), variables);
        } catch (const z3::exception&) {
            // left to the tactic, which will most likely give up too
        }
        if (without) {
            // Addresses are mostly defined (X' = MemTop - 2): substituted, they decide which
            // reads of a store see the stored value, and the fresh cells drop out.
            work = solver::substitute_definitions(*without, variables);
            // Quantifier elimination splits on every case: a few are cheap, many are not
            // (and then the projection fails, as it would have without them).
            constexpr std::size_t max_cases = 6;
            std::size_t cases = 0;
            if (!variables.empty()) {
                z3::expr split = reads_through_stores(work, cases);
                if (cases <= max_cases) work = split;
            }
            z3::expr_vector bound(ctx);
            for (const auto& c : variables) bound.push_back(c);
            f_work = variables.empty() ? work : z3::exists(bound, work);
        } else {
            variables = scan.constants;
        }
    }
    std::optional<z3::expr> direct;
    try {
        direct = eliminate_by_definitions(work.simplify(), variables);
    } catch (const z3::exception&) {
        // left to the tactic
    }
    if (direct) {
        std::optional<Term> result = impl_->add(direct->simplify());
        known.emplace(f, result);
        account(true);
        return result;
    }
    // In a helper process, bounded (see ProjectionProcess): over memory that pointers may
    // alias, the case splits can make an elimination run for seconds, and Z3 may crash in it;
    // past the bound, or after a crash, the projection fails (no memo entry for that goal, as
    // for any failed projection) and the search goes on.
    std::optional<Term> result;
    if (impl_->interrupted) return result;  // the run is over
    const unsigned lost_before = impl_->projection->lost();
    const unsigned cut_before = impl_->projection->cut_short();
    std::optional<z3::expr> out = impl_->projection->eliminate(f_work);
    impl_->stats.projections_lost += impl_->projection->lost() - lost_before;
    if (impl_->projection->cut_short() != cut_before && !impl_->interrupted) {
        ++impl_->stats.projections_cut_short;
        if (gives_way_after_cut_short() && !impl_->projection->priority_lowered()) {
            impl_->projection->lower_priority();
            lower_this_thread();
            impl_->stats.projections_gave_way = true;
        }
    }
    if (out) {
        Scan check;
        check.walk(*out);
        if (!check.quantifier && check.constants.empty()) result = impl_->add(*out);
    }
    known.emplace(f, result);  // an unordered_map's element stays where it is
    account(true);
    return result;
}

}  // namespace clpi::solver
