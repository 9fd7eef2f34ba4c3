// expected-error: union-pointer.c:5:36: error: unsupported: union `union word` whose members `p` and `n` share a cell as `int *` and `unsigned long` (reading one through the other would need its bytes)
// A pointer read back as an integer through a union: as a cast between pointers and
// integers, refused (an address of the model is a cell number, not a C address).
#include <stdlib.h>
union word { int *p; unsigned long n; };
int main(void) {
    union word w;
    w.p = malloc(sizeof(int));
    return w.n % 8 == 0;
}
