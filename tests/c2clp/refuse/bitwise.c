// expected-error: bitwise.c:5:13: error: unsupported: bitwise operator `|` on non-constant operands (modelled: constants, masks `x & (2^k-1)`, shifts by constants, 0/1 operands)
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
    int z = x | y;
    return z;
}
