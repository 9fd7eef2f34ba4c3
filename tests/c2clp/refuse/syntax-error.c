// expected-error: syntax-error.c:3:14: error: expected ';' at end of declaration
int main(void) {
    int x = 0
    return x;
}
