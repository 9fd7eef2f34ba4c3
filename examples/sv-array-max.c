/* SV-COMP style: the largest of four inputs kept in an array. expected: safe
 * The loop copies the inputs into a[0..3] and tracks the largest; since every element was
 * compared with max when it was stored, max is at least each of them, and equal to one.
 * The loop has a constant bound: clpi unrolls it. No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
extern void __VERIFIER_assert(int cond);

int main(void) {
    int a[4];
    int max = -2147483647 - 1;
    for (int i = 0; i < 4; i++) {
        a[i] = __VERIFIER_nondet_int();
        if (a[i] > max) max = a[i];
    }
    __VERIFIER_assert(max >= a[0] && max >= a[1] && max >= a[2] && max >= a[3]);
    __VERIFIER_assert(max == a[0] || max == a[1] || max == a[2] || max == a[3]);
    return 0;
}
