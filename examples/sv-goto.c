/* SV-COMP style: a loop written with goto and labels. expected: safe
 * i starts at 0 and only grows, so i >= 0 at the label and the check after the loop is
 * false.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int n = __VERIFIER_nondet_int();
    int i = 0;
again:
    if (i >= n) goto done;
    i++;
    goto again;
done:
    if (i < 0) reach_error();
    return 0;
}
