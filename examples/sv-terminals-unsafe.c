/* SV-COMP style: __VERIFIER_assert with an assumption that is too weak. expected: unsafe
 * assume(x >= 0) lets x == 0 through, and the assertion x > 0 fails for it.
 * No CLP form in clp/. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void assume(int cond);
extern void __VERIFIER_assert(int cond);

int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x > 1000) abort();
    assume(x >= 0);
    __VERIFIER_assert(x > 0);
    return 0;
}
