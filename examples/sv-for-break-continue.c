/* SV-COMP style: for loops with break and continue. expected: safe
 * evens counts the iterations that do not continue, found is set only next to break, and
 * both start at 0: evens >= 0, and found == 1 only when the loop broke with i == 7.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int n = __VERIFIER_nondet_int();
    int i, evens = 0, found = 0, at = 0;
    for (i = 0; i < n; i++) {
        if (__VERIFIER_nondet_int()) continue;
        evens++;
        if (i == 7) {
            found = 1;
            at = i;
            break;
        }
    }
    if (evens < 0) reach_error();
    if (found == 1 && at != 7) reach_error();
    return 0;
}
