/* OneLoop of "Abstracting path conditions" (appendix): the target needs i == 15, but i
 * stays a multiple of 4. expected: safe -- i goes 0, 4, 8, ... and is never 15. The proof
 * needs the divisibility invariant i % 4 == 0 (a candidate: the loop moves i only by 4).
 * Its CLP form is clp/apc-oneloop.clp. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void) {
    int n = __VERIFIER_nondet_int();
    int i = 0;
    __VERIFIER_assume(n < 1000000);
    while (i < n) i += 4;
    if (i == 15) reach_error();
    return 0;
}
