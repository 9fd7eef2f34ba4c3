/* SV-COMP style: a triangle classifier that forgets one pair of sides. expected: unsafe
 * Changed: the isosceles test omits a == c, so (2, 1, 2) is called scalene. (c is a plus a
 * small difference, so that random runs find equal sides often.)
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

enum kind { INVALID, EQUILATERAL, ISOSCELES, SCALENE };

enum kind classify(int a, int b, int c) {
    if (a <= 0 || b <= 0 || c <= 0) return INVALID;
    if (a + b <= c || a + c <= b || b + c <= a) return INVALID;
    if (a == b && b == c) return EQUILATERAL;
    if (a == b || b == c) return ISOSCELES;
    return SCALENE;
}

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    int d = __VERIFIER_nondet_int();
    int c;
    __VERIFIER_assume(a < 10000 && b < 10000 && d >= -1 && d <= 1);
    c = a + d;
    if (classify(a, b, c) == SCALENE && a == c) reach_error();
    return 0;
}
