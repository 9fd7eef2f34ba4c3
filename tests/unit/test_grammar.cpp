// PEGTL's grammar analysis: no rule can loop without consuming input.
#include <doctest/doctest.h>
#include <tao/pegtl/contrib/analyze.hpp>

#include "clp/grammar.hpp"

TEST_CASE("the grammar has no left recursion and no empty loops") {
    CHECK(tao::pegtl::analyze<clpi::grammar::next_clause>() == 0);
}
