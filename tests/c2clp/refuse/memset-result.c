// expected-error: memset-result.c:6:14: error: unsupported: the result of `memset` used as a value
#include <string.h>
int main(void) {
    int a[4];
    // memset returns its first argument, an address a CLP array does not have.
    int *p = memset(a, 0, sizeof a);
    return p != 0;
}
