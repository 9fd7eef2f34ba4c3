/* Unsafe twin of TwoLoops of "Abstracting path conditions" (appendix). expected: unsafe
 * Changed: the second loop waits for i == j + 8, reached with 4 < n <= 8 and j = 0.
 * Its CLP form is clp/apc-twoloops-unsafe.clp. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void) {
    int n = __VERIFIER_nondet_int();
    int i = 0, j = 0;
    __VERIFIER_assume(n < 1000000);
    while (i < n) i += 4;
    while (i != j + 8) {
        j += 2;
        if (j > 2000000) return 0; /* keeps the concrete runs finite; no effect on i */
    }
    reach_error();
    return 0;
}
