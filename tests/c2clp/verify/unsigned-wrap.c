// expected: safe
// Unsigned arithmetic wraps; conversions to unsigned follow C.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int cond);

int main(void) {
    __VERIFIER_assert((unsigned)-1 > 0);
    __VERIFIER_assert((unsigned long)-1 == 4294967295u);
    unsigned int u = __VERIFIER_nondet_uint();
    if (u == 4294967295u) {
        u = u + 1;
        __VERIFIER_assert(u == 0);
    }
    unsigned int d = 0u - 1u;
    __VERIFIER_assert(d > 100);
    int neg = -5;
    unsigned int big = neg;
    __VERIFIER_assert(big == 4294967291u);
    return 0;
}
