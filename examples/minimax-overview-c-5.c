/* Overview example (c) of the minimax paper with n = 5: sequences of diamonds after a
 * choice of z. expected: safe
 * Each of the 5 steps adds 1 or 2, so s <= 10 = 2n, and with z == 0 the check is false.
 * Its CLP form is clp/minimax-overview-c-5.clp. */
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
    if (s + z > 2 * 5 && z == 0) reach_error();
    return 0;
}
