// expected: safe
// clang-args: -DLIMIT=5 -Iinclude
// -D and -I reach Clang's preprocessor (through `clpi verify FILE.c -- ARGS`).
#include "limit.h"
extern void __VERIFIER_assert(int cond);

int main(void) {
    int i = 0;
    while (i < LIMIT) i++;
    __VERIFIER_assert(i == DOUBLE_LIMIT / 2);
    return 0;
}
