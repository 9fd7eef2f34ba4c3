/* SV-COMP style: classifying a triangle from three side lengths (no loops).
 * expected: safe
 * The kind is decided from the same comparisons the checks repeat: an equilateral triangle
 * has a == b == c, a scalene one has three different sides, and sides that fail the
 * triangle inequality are rejected before.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

enum kind { INVALID, EQUILATERAL, ISOSCELES, SCALENE };

enum kind classify(int a, int b, int c) {
    if (a <= 0 || b <= 0 || c <= 0) return INVALID;
    if (a + b <= c || a + c <= b || b + c <= a) return INVALID;
    if (a == b && b == c) return EQUILATERAL;
    if (a == b || b == c || a == c) return ISOSCELES;
    return SCALENE;
}

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    int c = __VERIFIER_nondet_int();
    enum kind k;
    __VERIFIER_assume(a < 10000 && b < 10000 && c < 10000);
    k = classify(a, b, c);
    if (k == EQUILATERAL && (a != b || a != c)) reach_error();
    if (k == SCALENE && (a == b || b == c || a == c)) reach_error();
    if (k != INVALID && a + b <= c) reach_error();
    if (k == INVALID && a == 3 && b == 4 && c == 5) reach_error();
    return 0;
}
