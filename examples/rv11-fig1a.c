/* A counting loop: Fig. 1(a) of "Unbounded symbolic execution for program verification"
 * (RV 2011), Example 1. expected: safe
 * x starts at 0 and only grows, so x >= 0 holds at the loop head and x < 0 never after it.
 * Its CLP form is clp/rv11-fig1a.clp. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int n = __VERIFIER_nondet_int();
    int x = 0;
    while (x < n) {
        x++;
    }
    if (x < 0) reach_error();
    return 0;
}
