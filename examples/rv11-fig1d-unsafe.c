/* Unsafe twin of Fig. 1(d) of "Unbounded symbolic execution for program verification"
 * (RV 2011). expected: unsafe
 * With y = 0 at the start, y + x = 20000 < 20001 after the loop, but only after 10000
 * iterations, far deeper than the unrolling clpi tries (up to 32): the loop is one cycle
 * that adds a constant to each variable, so clpi accelerates it (k iterations as x + k)
 * and finds the 10000 iterations that reach the error.
 * Its CLP form is clp/rv11-fig1d-unsafe.clp. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void) {
    int y = __VERIFIER_nondet_int();
    int x;
    __VERIFIER_assume(y >= 0);
    __VERIFIER_assume(y <= 1000000);
    x = 0;
    while (x < 10000) {
        y++;
        x++;
    }
    if (y + x < 20001) reach_error();
    return 0;
}
