// expected-error: union.c:3:23: error: unsupported: union `union u` whose members `i` and `c` share a cell as `int` and `char` (reading one through the other would need its bytes)
// A union whose members overlap with different widths: the model has cells, not bytes.
union u { int i; char c; };
int main(void) {
    union u v;
    v.i = 1;
    return v.c;
}
