/* SV-COMP style: an unsigned counter that wraps around. expected: unsafe
 * For x = 0, x - 1 wraps to 4294967295, which is greater than x: the "decrement makes it
 * smaller" check fails. (With mathematical integers it could never fail.)
 * No CLP form in clp/. */
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);

int main(void) {
    unsigned int x = __VERIFIER_nondet_uint();
    unsigned int y = x - 1;
    if (y > x) reach_error();
    return 0;
}
