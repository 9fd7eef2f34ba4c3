// Helpers shared by the tree exporters.
#pragma once

#include <string>
#include <vector>

#include "clpi/tree.hpp"

namespace clpi::tree {

std::string ref_text(const ConstraintRef& r);  // "12.3": node 12, its 3rd constraint
std::string node_title(const TreeNode& n);     // "[12] p(3) "name" line 9 (rule 4)"
std::string node_reason(const TreeNode& n);    // its kind, and why
std::string join_facts(const std::vector<std::string>& facts);  // "a == 1, p->next == NULL"
// children_of(t)[id]: the children of node id, in order; [0]: the roots.
std::vector<std::vector<std::uint64_t>> children_of(const Tree& t);

}  // namespace clpi::tree
