/* The lock example, unsafe twin of Fig. 1(b) of "Unbounded symbolic execution for program
 * verification" (RV 2011). expected: unsafe
 * Changed: the loop no longer takes the lock (lock = 1 is gone), so one iteration through
 * the else branch leaves the loop with lock == 0.
 * Its CLP form is clp/rv11-fig1b-lock-unsafe.clp. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int lock, old, new;
    old = __VERIFIER_nondet_int();
    lock = 0;
    new = old + 1;
    while (new != old) {
        old = new;
        if (__VERIFIER_nondet_int()) {
            lock = 0;
            new = new + 1;
        }
    }
    if (lock == 0) reach_error();
    return 0;
}
