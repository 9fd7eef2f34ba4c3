/* The motivating example of "TRACER-X" (heap programs), Fig. 1, without the heap and with
 * MAX = 30. expected: safe
 * Both branches set y = x + 1 and x = y, so after the 30 iterations y = n + 30 and the
 * assertion y >= MAX + n holds.
 * Its CLP form is clp/tracerx-motivating-30.clp. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

#define MAX 30

int main(void) {
    int n = __VERIFIER_nondet_int();
    int x, y, i;
    __VERIFIER_assume(n < 1000000);
    x = n;
    y = n;
    for (i = 0; i < MAX; i++) {
        if (__VERIFIER_nondet_int()) y = x + 1;
        else y = x + 1;
        x = y;
    }
    __VERIFIER_assert(y >= MAX + n);
    return 0;
}
