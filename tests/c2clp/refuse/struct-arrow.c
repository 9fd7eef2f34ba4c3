// expected-error: struct-arrow.c:5:19: error: unsupported: pointer type `struct point *`
struct point { int x, y; };
int main(void) {
    struct point p = {1, 2};
    struct point *r;
    r = &p;
    return r->x;
}
