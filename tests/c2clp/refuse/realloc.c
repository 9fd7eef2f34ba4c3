// expected-error: realloc.c:5:9: error: unsupported: `realloc` (the old object's size is not kept)
#include <stdlib.h>
int main(void) {
    int *p = malloc(4 * sizeof(int));
    p = realloc(p, 8 * sizeof(int));
    return p[7];
}
