// expected-error: float.c:3:12: error: unsupported: floating point type `double`
int main(void) {
    double d = 1.5;
    return 0;
}
