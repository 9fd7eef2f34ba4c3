/* SV-COMP style: / and % truncate toward zero in C. expected: safe
 * C99 fixes -7 / 2 == -3 and -7 % 2 == -1, and (a / b) * b + a % b == a for b != 0; a
 * remainder takes the sign of the dividend. Every check is false.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void) {
    int a = __VERIFIER_nondet_int();
    int q, r;
    __VERIFIER_assume(a > -1000 && a < 1000);
    if (-7 / 2 != -3) reach_error();
    if (-7 % 2 != -1) reach_error();
    if (7 / -2 != -3) reach_error();
    if (7 % -2 != 1) reach_error();
    q = a / 4;
    r = a % 4;
    if (q * 4 + r != a) reach_error();
    if (a >= 0 && r < 0) reach_error();
    if (a < 0 && r > 0) reach_error();
    if (r >= 4 || r <= -4) reach_error();
    return 0;
}
