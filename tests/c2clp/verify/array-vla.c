// expected: safe
// expected-bounds: safe
// A variable-length array of a nondeterministic length; its last element is written and
// read back, within bounds because the length is at least 1.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 1 || n > 1000) return 0;
    int a[n];
    a[n - 1] = 7;
    a[0] = a[0] + 0;
    __VERIFIER_assert(a[n - 1] == 7 || n == 1);
    return 0;
}
