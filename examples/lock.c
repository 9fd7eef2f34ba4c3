/* The lock example: Fig. 1(b) of "Unbounded symbolic execution for program verification"
 * (RV 2011). expected: safe
 * The loop keeps `new != old || lock != 0` invariant; proving it needs the disjunction, which
 * path-based invariants reach after one refinement that keeps new = old + 1 at the header.
 * Its CLP form is clp/rv11-fig1b-lock.clp. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int lock, old, new;
    old = __VERIFIER_nondet_int();
    lock = 0;
    new = old + 1;
    while (new != old) {
        lock = 1;
        old = new;
        if (__VERIFIER_nondet_int()) {
            lock = 0;
            new = new + 1;
        }
    }
    if (lock == 0) reach_error();
    return 0;
}
