/* A counting loop, unsafe twin of Fig. 1(a) of "Unbounded symbolic execution for program
 * verification" (RV 2011). expected: unsafe
 * Changed: the check is x > 0, reached after one iteration when n >= 1.
 * Its CLP form is clp/rv11-fig1a-unsafe.clp. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int n = __VERIFIER_nondet_int();
    int x = 0;
    while (x < n) {
        x++;
    }
    if (x > 0) reach_error();
    return 0;
}
