/* SV-COMP style: the ERROR label of SV-COMP's older benchmarks, reached by goto.
 * expected: unsafe
 * After two iterations i == 2 and the goto jumps to ERROR when n >= 2.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int n = __VERIFIER_nondet_int();
    int i = 0;
    while (i < n) {
        i++;
        if (i == 2) goto ERROR;
    }
    return 0;
ERROR:
    reach_error();
    return 1;
}
