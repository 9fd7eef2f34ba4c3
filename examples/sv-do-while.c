/* SV-COMP style: do/while runs its body at least once; continue skips to the condition.
 * expected: safe
 * The body runs once before the first test, so count >= 1 after the loop; count starts at
 * 0 and never decreases.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int count = 0;
    int skipped = 0;
    do {
        count++;
        if (__VERIFIER_nondet_int()) {
            skipped++;
            continue;
        }
    } while (__VERIFIER_nondet_int());
    if (count < 1) reach_error();
    if (skipped < 0) reach_error();
    return 0;
}
