/* Unsafe twin of overview example (a) of the minimax paper. expected: unsafe
 * Changed: q = 0, so the check fails on every path.
 * Its CLP form is clp/minimax-overview-a-unsafe.clp. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int q, x, y;
    q = 0;
    if (__VERIFIER_nondet_int()) x = 0;
    else x = 1;
    if (x > 0) y = 0;
    else y = 1;
    if (q == 0) reach_error();
    return y;
}
