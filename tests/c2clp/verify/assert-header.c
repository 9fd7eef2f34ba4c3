// expected: unsafe
// assert from <assert.h> and abort(): the assertion fails when x is 7.
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x < 0) abort();
    assert(x != 7);
    return 0;
}
