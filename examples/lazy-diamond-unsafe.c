/* Unsafe twin of fragment diamond of "Lazy annotation for program testing and
 * verification" (CAV 2010), Fig. 1. expected: unsafe
 * Changed: assume(!p) instead of assume(p), so assert(p) fails on every path.
 * Its CLP form is clp/lazy-diamond-unsafe.clp. */
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int main(void) {
    int p = __VERIFIER_nondet_int();
    int a, x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x > -1000 && x < 1000);
    __VERIFIER_assume(!p);
    if (__VERIFIER_nondet_int()) a = 1;
    else a = 0;
    if (a) x = x + 1;
    else x = x - 1;
    assert(p);
    return 0;
}
