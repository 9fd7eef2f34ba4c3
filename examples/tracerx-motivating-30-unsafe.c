/* Unsafe twin of the motivating example of "TRACER-X" (heap programs), Fig. 1, without the
 * heap and with MAX = 30. expected: unsafe
 * Changed: the else branch sets y = x + 0; a path through it ends with y < MAX + n.
 * Its CLP form is clp/tracerx-motivating-30-unsafe.clp. */
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
        else y = x + 0;
        x = y;
    }
    __VERIFIER_assert(y >= MAX + n);
    return 0;
}
