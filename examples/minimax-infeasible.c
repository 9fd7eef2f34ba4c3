/* The three-if program of the minimax paper (basic idea section, figure "infeasible" (a)):
 * interpolation keeps infeasible paths infeasible. expected: safe
 * y >= 1 and y < 1 cannot both hold, so at most one of x += 2 and x += 4 runs and x <= 5.
 * Its CLP form is clp/minimax-infeasible.clp. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int y = __VERIFIER_nondet_int();
    int x = 0;
    if (__VERIFIER_nondet_int()) x = x + 1;
    if (y >= 1) x = x + 2;
    if (y < 1) x = x + 4;
    if (x > 5) reach_error();
    return 0;
}
