// expected: safe
// expected-bounds: safe
// Arrays of integers: local, global, multi-dimensional, string-initialised; a loop fills
// one, an inlined function sums part of it through its array parameter, a nondeterministic
// index writes a cell that is read back.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int g[4] = {1, 2};
int sum(int a[], int n) {
    int s = 0;
    for (int i = 0; i < n; i++) s += a[i];
    return s;
}
int main(void) {
    int a[5];
    int m[2][3] = {{1, 2, 3}, {4, 5, 6}};
    char s[] = "hi";
    for (int i = 0; i < 5; i++) a[i] = i * 2;
    a[2]++;
    a[3] += 10;
    __VERIFIER_assert(a[2] == 5);
    __VERIFIER_assert(a[3] == 16);
    __VERIFIER_assert(m[1][2] == 6 && m[0][1] == 2);
    __VERIFIER_assert(s[1] == 'i' && s[2] == 0);
    __VERIFIER_assert(g[1] + g[3] == 2);
    __VERIFIER_assert(sum(a, 3) == 7);
    int k = __VERIFIER_nondet_int();
    if (k >= 0 && k < 5) {
        a[k] = 42;
        __VERIFIER_assert(a[k] == 42);
    }
    return 0;
}
