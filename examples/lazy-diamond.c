/* Fragment diamond of "Lazy annotation for program testing and verification" (CAV 2010),
 * Fig. 1: recovering from an irrelevant label. expected: safe
 * p is assumed at the start and never written, so assert(p) holds whatever a does; the
 * condition a is irrelevant and lazy annotation learns only p.
 * Its CLP form is clp/lazy-diamond.clp. */
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int main(void) {
    int p = __VERIFIER_nondet_int();
    int a, x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x > -1000 && x < 1000);
    __VERIFIER_assume(p);
    if (__VERIFIER_nondet_int()) a = 1;
    else a = 0;
    if (a) x = x + 1;
    else x = x - 1;
    assert(p);
    return 0;
}
