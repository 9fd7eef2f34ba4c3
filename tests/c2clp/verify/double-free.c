// expected: safe
// expected-memory: unsafe
// Freed twice when the input is zero, and a pointer inside an array freed when it is
// negative: both errors of free under --check memory, where a free(NULL) and the one
// correct free are not.
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int *p = malloc(4 * sizeof(int));
    int x = __VERIFIER_nondet_int();
    free(NULL);
    if (x < 0) {
        free(p + 1);
    } else {
        free(p);
        if (x == 0) free(p);
    }
    return 0;
}
