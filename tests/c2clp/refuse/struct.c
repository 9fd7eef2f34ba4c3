// expected-error: struct.c:5:22: error: unsupported: a whole struct `p` used as a value
struct point { int x, y; };
int main(void) {
    struct point p = {1, 2};
    struct point q = p;
    return q.x;
}
