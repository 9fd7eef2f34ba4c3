/* Figure 1 of the TRACER-X paper with the change its section II discusses: the second
 * branch adds 2, MAX = 4. expected: unsafe
 * The check is one too strong: the path through the first branch every time ends with
 * *y = n + MAX. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define MAX 4

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
            *y = *x + 2;
        }
        x = y;
    }
    if (!(*y >= MAX + n + 1)) reach_error();
    return 0;
}
