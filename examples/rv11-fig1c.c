/* Lazy subsumption against strongest invariants: Fig. 1(c) of "Unbounded symbolic
 * execution for program verification" (RV 2011), Example 3. expected: safe
 * z is set to 1 before the loop and never written again; x and y change in the loop but
 * play no part in the check, so only z = 1 has to be kept at the loop head.
 * Its CLP form is clp/rv11-fig1c.clp. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

/* foo() changes only its locals, as the paper assumes. */
void foo(void) {
    int local = 0;
    local = local + 1;
}

int main(void) {
    int x = 0, y = 0, z = 1;
    while (__VERIFIER_nondet_int()) {
        if (__VERIFIER_nondet_int()) {
            /* skip */
        } else {
            x++;
            y++;
        }
        foo();
        x = x - y;
    }
    if (z != 1) reach_error();
    return 0;
}
