/* Unsafe twin of OneLoop of "Abstracting path conditions" (appendix). expected: unsafe
 * Changed: the target is i == 16, reached with 13 <= n <= 16 after four iterations.
 * Its CLP form is clp/apc-oneloop-unsafe.clp. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void) {
    int n = __VERIFIER_nondet_int();
    int i = 0;
    __VERIFIER_assume(n < 1000000);
    while (i < n) i += 4;
    if (i == 16) reach_error();
    return 0;
}
