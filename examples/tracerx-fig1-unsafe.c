/* Figure 1 of the TRACER-X paper, MAX = 5, with a check one too strong: *y is n + MAX.
 * expected: unsafe
 * Every path ends with *y = n + MAX, so every path fails the check. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define MAX 5

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n > 1000000 || n < -1000000) return 0;
    int *x = malloc(sizeof(int));
    int *y = x;
    *x = n;
    for (int i = 0; i < MAX; i++) {
        if (__VERIFIER_nondet_int()) {
            y = malloc(sizeof(int));
            *y = *x + 1;
        } else {
            y = malloc(sizeof(int));
            *y = *x + 1;
        }
        x = y;
    }
    if (!(*y >= MAX + n + 1)) reach_error();
    return 0;
}
