// expected-error: array.c:3:19: error: unsupported: initialised array of 2000 elements (at most 1024 are set one by one)
int main(void) {
    int a[2000] = {1};
    return 0;
}
