/* SV-COMP style: a sum of non-negative inputs. expected: safe
 * sum starts at 0 and every addition is of a value in 0..100 (and stops before overflow),
 * so sum >= 0 at the loop head and after it.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void) {
    int sum = 0;
    while (__VERIFIER_nondet_int()) {
        int v = __VERIFIER_nondet_int();
        __VERIFIER_assume(v >= 0 && v <= 100);
        if (sum > 1000000) break;
        sum += v;
    }
    if (sum < 0) reach_error();
    return 0;
}
