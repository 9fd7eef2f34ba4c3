/* SV-COMP style: a callee with a boundary bug. expected: unsafe
 * clamp() tests v > hi + 3 instead of v > hi, so clamp(6, 0, 5) returns 6.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int clamp(int v, int lo, int hi) {
    if (v < lo) return lo;
    if (v > hi + 3) return hi;
    return v;
}

int main(void) {
    int x = __VERIFIER_nondet_int();
    int z;
    __VERIFIER_assume(x >= -100 && x <= 100);
    z = clamp(x, 0, 5);
    if (z > 5) reach_error();
    return 0;
}
