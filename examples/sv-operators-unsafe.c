/* SV-COMP style: short-circuit evaluation with a side effect. expected: unsafe
 * When a == 0 the right operand of && does not run, so k stays 0 and the check is true.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void) {
    int a = __VERIFIER_nondet_int();
    int k = 0;
    __VERIFIER_assume(a >= 0 && a <= 9);
    if (a != 0 && (k = 1)) {
        k += 1;
    }
    if (k == 0) reach_error();
    return 0;
}
