/* SV-COMP style: the extreme values of the nondeterministic inputs are reachable.
 * expected: unsafe
 * __VERIFIER_nondet_short() may return -32768 and __VERIFIER_nondet_uchar() 255, so the
 * check is true for those inputs.
 * No CLP form in clp/. */
extern short __VERIFIER_nondet_short(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void reach_error(void);

int main(void) {
    short s = __VERIFIER_nondet_short();
    unsigned char c = __VERIFIER_nondet_uchar();
    if (s == -32768 && c == 255) reach_error();
    return 0;
}
