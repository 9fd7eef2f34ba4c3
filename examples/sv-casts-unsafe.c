/* SV-COMP style: a narrowing cast that loses the value. expected: unsafe
 * For x = 128 (or any x in 128..255), (signed char)x is x - 256, negative, so the check is
 * true.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    signed char c;
    __VERIFIER_assume(x >= 0 && x < 256);
    c = (signed char)x;
    if (c < 0) reach_error();
    return 0;
}
