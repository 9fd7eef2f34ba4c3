/* OneLoop of "Abstracting path conditions" (appendix): the target needs i == 15, but i
 * stays a multiple of 4. expected: unknown
 * actual: safe -- i goes 0, 4, 8, ... and is never 15. The proof needs the divisibility
 * invariant i % 4 == 0, which is not a conjunction of constraints of the path, so clpi's
 * path-based candidates cannot find it and it answers UNKNOWN (unroll bound).
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
