/* SV-COMP style: a running maximum of nondeterministic inputs. expected: safe
 * After the update, m is at least the last input (a fact of the path, no invariant needed),
 * and count starts at 0 and only grows.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int m = __VERIFIER_nondet_int();
    int count = 0;
    while (__VERIFIER_nondet_int()) {
        int x = __VERIFIER_nondet_int();
        if (x > m) m = x;
        if (x > m) reach_error();
        if (count < 1000000) count++;
    }
    if (count < 0) reach_error();
    return 0;
}
