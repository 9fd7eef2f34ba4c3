// expected-error: union.c:4:13: error: unsupported: union type `union u`
union u { int i; char c; };
int main(void) {
    union u v;
    return 0;
}
