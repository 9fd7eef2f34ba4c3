// Memo tables: per program point, the interpolants of fully explored subtrees. A goal whose
// state entails one of them is subsumed (its subtree would be safe too).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "clpi/program.hpp"
#include "solver/solver.hpp"

namespace clpi::engine {

// What a subtree inside a loop needs for one candidate of the loop's header to stay
// invariant on the way back to it (DESIGN.md: the loop context), over the point variables.
struct LoopContext {
    std::uint64_t header_node = 0;  // the header's node: that copy of the loop
    std::uint32_t candidate = 0;    // index among its candidates
    solver::Term formula = 0;
};

struct MemoEntry {
    solver::Term interpolant = 0;  // over the point variables of the point
    std::uint64_t node = 0;        // the node whose subtree it summarises
    // Inside a loop: the interpolant without the loop contexts (`interpolant` is it ∧ each
    // context's formula). A goal in the same copy of the loop that entails it but not a
    // context may still be subsumed by abstracting that context's candidate (forced
    // subsumption); elsewhere the whole interpolant is needed.
    std::optional<solver::Term> plain;
    std::vector<LoopContext> loop_contexts;
    // Empty when the subtree was explored completely. Otherwise the unroll bound cut it, and
    // these are the repeat counts per point on the path to the node: the entry then covers
    // only goals whose counts are at least these everywhere (their bounded subtree is
    // contained in the one explored).
    std::vector<std::uint32_t> counts;
    // The loop header nodes above it whose loop it lies in (same strongly connected
    // component): it covers only goals under those same header copies (explorer.cpp,
    // in_same_loops). The positions those loops never change keep, at this goal, what the
    // header's interpolant says of them; the certificate adds that back (the interpolant
    // itself leaves it to the path).
    std::vector<std::uint64_t> in_loops_of;

    [[nodiscard]] bool covers(const std::vector<std::uint32_t>& goal_counts) const {
        for (std::size_t p = 0; p < counts.size(); ++p) {
            if (goal_counts[p] < counts[p]) return false;
        }
        return true;
    }
};

class MemoTable {
public:
    explicit MemoTable(std::size_t points) : by_point_(points) {}
    void store(PointId p, MemoEntry e) {
        by_point_.at(p).push_back(e);
        ++size_;
    }
    [[nodiscard]] const std::vector<MemoEntry>& at(PointId p) const { return by_point_.at(p); }
    [[nodiscard]] std::size_t size() const { return size_; }
    // Forgets the entries of nodes created after `node` (a restart re-explores them).
    void erase_newer_than(std::uint64_t node) {
        for (auto& entries : by_point_) {
            auto keep = std::remove_if(entries.begin(), entries.end(),
                                       [&](const MemoEntry& e) { return e.node > node; });
            size_ -= static_cast<std::size_t>(entries.end() - keep);
            entries.erase(keep, entries.end());
        }
    }

private:
    std::vector<std::vector<MemoEntry>> by_point_;
    std::size_t size_ = 0;
};

}  // namespace clpi::engine
