// expected-error: function-pointer.c:4:11: error: unsupported: function pointer `int (*)(void)`
int zero(void) { return 0; }
int main(void) {
    int (*f)(void) = zero;
    return f();
}
