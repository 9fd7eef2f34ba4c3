// expected-error: pointer.c:4:10: error: unsupported: pointer type `int *`
int main(void) {
    int x = 0;
    int *p;
    p = &x;
    return 0;
}
