/* Overview example (a) of the minimax paper: the error does not depend on x and y.
 * expected: safe
 * q is set to 1 and never written again, so q == 0 is false on every path.
 * Its CLP form is clp/minimax-overview-a.clp. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int q, x, y;
    q = 1;
    if (__VERIFIER_nondet_int()) x = 0;
    else x = 1;
    if (x > 0) y = 0;
    else y = 1;
    if (q == 0) reach_error();
    return y;
}
