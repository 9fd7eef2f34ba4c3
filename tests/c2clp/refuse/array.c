// expected-error: array.c:3:9: error: unsupported: array type `int[4]`
int main(void) {
    int a[4];
    return 0;
}
