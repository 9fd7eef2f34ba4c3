/* Fragment simple of "Lazy annotation for program testing and verification" (CAV 2010),
 * Fig. 1: a blocked path and its interpolant. expected: safe
 * x is 0 and can only grow by a y >= 0, so x < 0 is never true.
 * Its CLP form is clp/lazy-simple.clp. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x == 0);
    if (__VERIFIER_nondet_int()) {
        int y = __VERIFIER_nondet_int();
        __VERIFIER_assume(y >= 0);
        x = x + y;
    }
    if (x < 0) reach_error();
    return 0;
}
