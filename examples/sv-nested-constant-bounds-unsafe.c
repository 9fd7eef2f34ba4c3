/* SV-COMP style: four nested loops, the outer one of an input bound. expected: unsafe
 * The outer loop runs n times for an input n from 0 to 6 (its safe sibling: 6 times).
 * With n = 0 no loop runs, a stays 0, and the check that a is 6 fails.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void) {
    int n = __VERIFIER_nondet_int();
    int a = 6;
    int b = 6;
    int c = 6;
    int d = 6;
    __VERIFIER_assume(n >= 0 && n <= 6);
    for (a = 0; a < n; ++a) {
        for (b = 0; b < 6; ++b) {
            for (c = 0; c < 6; ++c) {
                for (d = 0; d < 6; ++d) {
                }
            }
        }
    }
    if (!(a == 6 && b == 6 && c == 6 && d == 6)) reach_error();
    return 0;
}
