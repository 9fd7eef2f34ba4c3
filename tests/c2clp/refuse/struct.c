// expected-error: struct.c:9:9: error: unsupported: a struct `make(1)` that is not a named variable
struct point { int x, y; };
struct point make(int x) {
    struct point p = {x, 0};
    return p;
}
int main(void) {
    struct point q;
    q = make(1);
    return q.x;
}
