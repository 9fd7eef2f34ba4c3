/* SV-COMP style: a do/while whose body runs once even though the condition is false.
 * expected: unsafe
 * With n <= 0 the body still runs once, so count == 1 > n and the check is true.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int n = __VERIFIER_nondet_int();
    int count = 0;
    do {
        count++;
    } while (count < n);
    if (count > n && n < 0) reach_error();
    return 0;
}
