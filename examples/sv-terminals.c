/* SV-COMP style: abort(), exit(), assume and assert as the conventions define them.
 * expected: safe
 * abort() and exit() end the run, so the errors right after them are unreachable; assume()
 * and __VERIFIER_assume() cut the runs that violate them, so x > 0 after them, and the
 * assertions hold.
 * No CLP form in clp/. */
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void assume(int cond);
extern void __VERIFIER_assert(int cond);
extern void reach_error(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    int mode = __VERIFIER_nondet_int();
    if (mode == 1) {
        abort();
        reach_error();
    }
    if (mode == 2) {
        exit(3);
        reach_error();
    }
    assume(x > -100);
    __VERIFIER_assume(x < 100);
    if (x <= 0) exit(0);
    __VERIFIER_assert(x > 0);
    assert(x < 100);
    return 0;
}
