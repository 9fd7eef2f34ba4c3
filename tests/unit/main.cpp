#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include "clpi/projection_helper.hpp"

int main(int argc, char** argv) {
    // The solver's quantifier eliminations run in this executable started again as a helper.
    clpi::run_as_projection_helper(argc, argv);
    return doctest::Context(argc, argv).run();
}
