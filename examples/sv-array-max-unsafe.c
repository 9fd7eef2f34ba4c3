/* SV-COMP style: the largest of four inputs kept in an array. expected: unsafe
 * The twin of sv-array-max.c asserts that max is larger than a[2]: it fails when a[2] is
 * the largest input (or ties with it). */
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
    __VERIFIER_assert(max > a[2]);
    return 0;
}
