/* Unsafe twin of fragment simple of "Lazy annotation for program testing and
 * verification" (CAV 2010), Fig. 1. expected: unsafe
 * Changed: the check is x > 0, reached when the branch adds a y > 0.
 * Its CLP form is clp/lazy-simple-unsafe.clp. */
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
    if (x > 0) reach_error();
    return 0;
}
