/* SV-COMP style: a continue that skips the update the check relies on. expected: unsafe
 * When the first iteration continues, total stays 0 although the loop ran: n >= 1 with a
 * nonzero first input reaches the error.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int n = __VERIFIER_nondet_int();
    int i, ran = 0, total = 0;
    for (i = 0; i < n && i < 3; i++) {
        ran = 1;
        if (__VERIFIER_nondet_int()) continue;
        total++;
        break;
    }
    if (ran && total == 0) reach_error();
    return 0;
}
