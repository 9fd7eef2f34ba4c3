/* Unsafe twin of fragment loop1 of "Lazy annotation for program testing and verification"
 * (CAV 2010), Fig. 1. expected: unsafe
 * Changed: the check is x > y, reached after one iteration when n >= 1.
 * Its CLP form is clp/lazy-loop1-unsafe.clp. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    int n = __VERIFIER_nondet_int();
    int i;
    __VERIFIER_assume(x == y);
    __VERIFIER_assume(x < 1000000 && n < 1000000);
    i = 0;
    while (i < n) {
        x = x + 1;
        i = i + 1;
    }
    if (x > y) reach_error();
    return 0;
}
