// expected-error: bitwise.c:5:13: error: unsupported: bitwise operator `|` on non-constant operands (modelled: constants, a constant operand of at most 8 runs of 1-bits, shifts by constants, 0/1 operands)
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
    int z = x | y;
    return z;
}
