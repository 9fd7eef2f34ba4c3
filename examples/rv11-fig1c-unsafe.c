/* Unsafe twin of Fig. 1(c) of "Unbounded symbolic execution for program verification"
 * (RV 2011). expected: unsafe
 * Changed: the check is z == 1, reached without entering the loop.
 * Its CLP form is clp/rv11-fig1c-unsafe.clp. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

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
    if (z == 1) reach_error();
    return 0;
}
