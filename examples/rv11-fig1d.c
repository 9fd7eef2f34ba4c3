/* A 10000-iteration loop proved without unrolling: Fig. 1(d) of "Unbounded symbolic
 * execution for program verification" (RV 2011), Example 4. expected: safe
 * y >= 0 is invariant and x >= 10000 holds after the loop, so y + x < 10000 is impossible
 * (y stays at most 2^31 - 1 - 10000 + 10000: the assumption keeps y++ from overflowing).
 * Its CLP form is clp/rv11-fig1d.clp. */
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
    if (y + x < 10000) reach_error();
    return 0;
}
