/* TwoLoops of "Abstracting path conditions" (appendix): i is a multiple of 4 and j + 7 is
 * odd, so the second loop never exits. expected: safe -- i stays even and j + 7 odd, so
 * i != j + 7 forever. The proof needs the divisibility invariants i % 4 == 0 and
 * j % 2 == 0 (candidates: each loop moves its variable only by a constant step).
 * Its CLP form is clp/apc-twoloops.clp. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void) {
    int n = __VERIFIER_nondet_int();
    int i = 0, j = 0;
    __VERIFIER_assume(n < 1000000);
    while (i < n) i += 4;
    while (i != j + 7) {
        j += 2;
        if (j > 2000000) return 0; /* keeps the concrete runs finite; no effect on i */
    }
    reach_error();
    return 0;
}
