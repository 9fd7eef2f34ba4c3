// C arithmetic in CLP: unsigned wrap-around as a case split, truncating division by a
// case split on the sign of the dividend, conversions, a mask and a shift.
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
    unsigned int u = __VERIFIER_nondet_uint();
    unsigned int v = u + 1;
    int x = __VERIFIER_nondet_int();
    int q = x / 4;
    int r = x % 4;
    unsigned int w = (unsigned int)x;
    int low = x & 7;
    int half = x >> 1;
    return 0;
}
