// expected-error: bitwise-mask.c:6:13: error: unsupported: bitwise operator `^` with a constant of more than 8 runs of 1-bits
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
    unsigned x = __VERIFIER_nondet_uint();
    // 0xAAAAAAAA has 16 runs of ones: each would be a quotient and a remainder.
    return (x ^ 0xAAAAAAAAu) == 0;
}
