// expected: safe
// expected-memory: unsafe
// `p` is NULL when the input is negative, and the write through it then is an error under
// --check memory. Without it, a write through NULL is not checked (nothing else is stored
// at address 0), and the assertion holds.
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }

int main(void) {
    int x = __VERIFIER_nondet_int();
    int *p = NULL;
    if (x >= 0) p = malloc(sizeof(int));
    *p = x;
    int *q = malloc(2 * sizeof(int));
    q[0] = 1;
    q[1] = 2;
    __VERIFIER_assert(q[0] + q[1] == 3 && p != q);
    return 0;
}
