/* SV-COMP style: an error at the end of a long path. expected: unsafe
 * Only the run that takes the increment in all 24 iterations reaches hits == 24: one path
 * among 2^24, at depth more than 100 steps.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int i, hits = 0;
    for (i = 0; i < 24; i++) {
        if (__VERIFIER_nondet_int()) hits++;
    }
    if (hits == 24) reach_error();
    return 0;
}
