/* SV-COMP style: functions with parameters and return values, nested calls, a global
 * changed by a callee, and an early return. expected: safe
 * clamp() returns a value in lo..hi, add3() adds 3, and twice() calls add3() twice: for x in
 * 0..100, clamp(twice(x), 6, 50) is in 6..50 and twice(x) == x + 6.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int calls = 0;

int add3(int v) {
    calls++;
    return v + 3;
}

int twice(int v) { return add3(add3(v)); }

int clamp(int v, int lo, int hi) {
    if (v < lo) return lo;
    if (v > hi) return hi;
    return v;
}

int main(void) {
    int x = __VERIFIER_nondet_int();
    int y, z;
    __VERIFIER_assume(x >= 0 && x <= 100);
    y = twice(x);
    z = clamp(y, 6, 50);
    if (y != x + 6) reach_error();
    if (z < 6 || z > 50) reach_error();
    if (calls != 2) reach_error();
    return 0;
}
