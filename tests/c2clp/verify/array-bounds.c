// expected: safe
// expected-bounds: unsafe
// The loop writes a[4], one past the end: an error with --check bounds. Without it the array
// is unbounded, and the cells the assertion reads keep their values.
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int main(void) {
    int a[4];
    for (int i = 0; i <= 4; i++) a[i] = 1;
    __VERIFIER_assert(a[0] + a[3] == 2);
    return 0;
}
