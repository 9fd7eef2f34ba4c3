/* SV-COMP style: C's operators: comparisons, !, &&, ||, ?:, compound assignment, ++ and --
 * (prefix and postfix), and the comma operator. expected: safe
 * Each check restates what the operator computes on small values (a in 0..9), so it is
 * false on every path.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b, c, d, m;
    __VERIFIER_assume(a >= 0 && a <= 9);
    b = a++;                          /* b = a0, a = a0 + 1 */
    c = --a;                          /* a = a0, c = a0 */
    if (b != c || a != b) reach_error();
    b += 3;
    b -= 1;
    b *= 2;                           /* b = 2 * (a + 2) */
    if (b != 2 * a + 4) reach_error();
    b /= 2;
    b %= 7;
    if (b < 0 || b > 6) reach_error();
    m = a > 5 ? a : 5;                /* max(a, 5) */
    if (m < a || m < 5) reach_error();
    if (!(m >= 5)) reach_error();
    d = (c = a + 1, c * 2);           /* the comma operator: d = 2 * (a + 1) */
    if (d != 2 * a + 2 || c != a + 1) reach_error();
    if ((a < 3 && a > 7) || !(a == a)) reach_error();
    if (a <= 9 && a >= 0 && a != a) reach_error();
    return 0;
}
