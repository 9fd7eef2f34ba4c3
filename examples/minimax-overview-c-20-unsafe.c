/* Overview example (c) of the minimax paper with n = 20: sequences of diamonds after a
 * choice of z. expected: unsafe
 * Changed: >= instead of >; taking s += 2 every time reaches s = 2n.
 * Its CLP form is clp/minimax-overview-c-20-unsafe.clp. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int s = 0, z;
    if (__VERIFIER_nondet_int()) z = 0;
    else z = 999;
    if (__VERIFIER_nondet_int()) s++; else s += 2;
    if (__VERIFIER_nondet_int()) s++; else s += 2;
    if (__VERIFIER_nondet_int()) s++; else s += 2;
    if (__VERIFIER_nondet_int()) s++; else s += 2;
    if (__VERIFIER_nondet_int()) s++; else s += 2;
    if (__VERIFIER_nondet_int()) s++; else s += 2;
    if (__VERIFIER_nondet_int()) s++; else s += 2;
    if (__VERIFIER_nondet_int()) s++; else s += 2;
    if (__VERIFIER_nondet_int()) s++; else s += 2;
    if (__VERIFIER_nondet_int()) s++; else s += 2;
    if (__VERIFIER_nondet_int()) s++; else s += 2;
    if (__VERIFIER_nondet_int()) s++; else s += 2;
    if (__VERIFIER_nondet_int()) s++; else s += 2;
    if (__VERIFIER_nondet_int()) s++; else s += 2;
    if (__VERIFIER_nondet_int()) s++; else s += 2;
    if (__VERIFIER_nondet_int()) s++; else s += 2;
    if (__VERIFIER_nondet_int()) s++; else s += 2;
    if (__VERIFIER_nondet_int()) s++; else s += 2;
    if (__VERIFIER_nondet_int()) s++; else s += 2;
    if (__VERIFIER_nondet_int()) s++; else s += 2;
    if (s + z >= 2 * 20 && z == 0) reach_error();
    return 0;
}
