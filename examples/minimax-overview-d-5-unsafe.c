/* Overview example (d) of the minimax paper with n = 5: a state the abstraction would
 * make too coarse. expected: unsafe
 * Changed: >= instead of >; taking every increment reaches t = n (and s = x + n >= n).
 * Its CLP form is clp/minimax-overview-d-5-unsafe.clp. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

/* Stands for a function too complex to analyse: any value. */
int complex_func(void) {
    int r = __VERIFIER_nondet_int();
    __VERIFIER_assume(r > -1000000 && r < 1000000);
    return r;
}

int main(void) {
    int x, y, s, t;
    if (__VERIFIER_nondet_int()) {
        x = 0;
        y = 0;
    } else {
        x = complex_func();
        y = 0;
    }
    s = x;
    t = y;
    if (__VERIFIER_nondet_int()) { s++; t++; }
    if (__VERIFIER_nondet_int()) { s++; t++; }
    if (__VERIFIER_nondet_int()) { s++; t++; }
    if (__VERIFIER_nondet_int()) { s++; t++; }
    if (__VERIFIER_nondet_int()) { s++; t++; }
    if (t >= 5 && s >= 5) reach_error();
    return 0;
}
