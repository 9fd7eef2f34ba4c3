// expected: unsafe
// expected-wrap: unsafe
// &, | and ^ with a constant operand, modelled exactly by the constant's runs of 1-bits:
// x & 5 is x mod 2 + 4 * (x div 4 mod 2); a mask with the sign bit set keeps x's other
// bits, x & -4 = x - (x & 3); x | m = x + m - (x & m), x ^ m = x + m - 2 (x & m). A loop
// keeps x = 5 mod 8, so x & 5 stays 5 (the invariant is found from the `mod`).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int main(void) {
    int x = __VERIFIER_nondet_int();
    int low = x & 5;
    __VERIFIER_assert(low >= 0 && low <= 5 && low != 2 && low != 3);
    __VERIFIER_assert((x & -4) + (x & 3) == x);
    __VERIFIER_assert((x | 0x50) - (x & 0x50) == (x ^ 0x50));
    if (x == -7) __VERIFIER_assert((x & 6) == 0 && (x | 6) == -1 && (x ^ -1) == 6);
    int n = __VERIFIER_nondet_int();
    if (n >= 0 && n < 31) {  // a shift by a variable amount: a case per amount
        int p = 1 << n;
        __VERIFIER_assert(p >= 1 && p <= 1073741824 && (p >> n) == 1);
    }
    unsigned u = __VERIFIER_nondet_uint();
    __VERIFIER_assert((u & 0xFFFF0000u) + (u & 0xFFFFu) == u);
    __VERIFIER_assert((u ^ 0x80000000u) != u);
    unsigned v = 5;  // the twin adds 4: v & 5 becomes 1 after one round
    while (__VERIFIER_nondet_int()) v += 4;
    __VERIFIER_assert((v & 5) == 5);
    return 0;
}
