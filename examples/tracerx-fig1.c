/* Figure 1 of the TRACER-X paper (bounded verification of heap programs), MAX = 5.
 * expected: safe
 * Each iteration allocates a fresh cell, on either branch, holding the previous cell's value
 * plus 1; after MAX iterations *y = n + MAX. The two branches leave the same state up to
 * the addresses malloc returned, which are fresh cells of the memory on both paths: the
 * state after one branch subsumes the other's, so the tree grows linearly in MAX rather than
 * as 2^MAX (tools/bench/tracerx_heap.py measures it). */
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
    if (!(*y >= MAX + n)) reach_error();
    return 0;
}
