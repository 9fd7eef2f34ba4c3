// expected-error: struct.c:4:18: error: unsupported: struct type `struct point`
struct point { int x, y; };
int main(void) {
    struct point p;
    return 0;
}
