/* SV-COMP style: a negative remainder. expected: unsafe
 * In C, -3 % 2 == -1: a negative odd a makes the check true. (With the Euclidean remainder
 * of SMT-LIB it would never be negative: a translation must keep C's meaning.)
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void) {
    int a = __VERIFIER_nondet_int();
    __VERIFIER_assume(a > -1000 && a < 1000);
    if (a % 2 == -1 && a / 2 > -5) reach_error();
    return 0;
}
