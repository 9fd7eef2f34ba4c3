/* Unsafe twin of the three-if program of the minimax paper (basic idea section).
 * expected: unsafe
 * Changed: the check is x > 4, reached through x++ and y < 1 (x = 5).
 * Its CLP form is clp/minimax-infeasible-unsafe.clp. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int y = __VERIFIER_nondet_int();
    int x = 0;
    if (__VERIFIER_nondet_int()) x = x + 1;
    if (y >= 1) x = x + 2;
    if (y < 1) x = x + 4;
    if (x > 4) reach_error();
    return 0;
}
