/* Unsafe twin of overview example (b) of the minimax paper. expected: unsafe
 * Changed: the check is y + n <= N, reached with N <= 0 without entering the loop.
 * Its CLP form is clp/minimax-overview-b-unsafe.clp. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void) {
    int y = __VERIFIER_nondet_int();
    int bound = __VERIFIER_nondet_int();
    int n;
    __VERIFIER_assume(y == 0);
    __VERIFIER_assume(bound < 1000000);
    n = 0;
    while (n < bound) {
        y++;
        n++;
    }
    if (y + n <= bound) reach_error();
    return 0;
}
