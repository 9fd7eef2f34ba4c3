/* Overview example (b) of the minimax paper: strongest path invariants close the loop after
 * one iteration. expected: safe
 * y and n grow together from y = n = 0, so y >= n >= 0 at the loop head; with n >= N after
 * the loop, y + n >= N. (N is the variable bound here.)
 * Its CLP form is clp/minimax-overview-b.clp. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void) {
    int y = __VERIFIER_nondet_int();
    int bound = __VERIFIER_nondet_int();
    int n;
    __VERIFIER_assume(y == 0);
    __VERIFIER_assume(bound < 1000000);
    n = 0;
    while (n < bound) {
        y++;
        n++;
    }
    if (y + n < bound) reach_error();
    return 0;
}
