// expected: safe
// expected-bounds: safe
// Arrays longer than the converter sets element by element (1024): a global without an
// initialiser, a global and a local that list a few elements, a string in a long buffer.
// Each starts as the array of zeros (`const_array(0)` in CLP) and gets its listed elements.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int g[5000];
int h[3000] = {1, 2, [2500] = 7};
int main(void) {
    int a[2048] = {0};
    char s[4096] = "ab";
    int i = __VERIFIER_nondet_int();
    if (i >= 0 && i < 2048) __VERIFIER_assert(a[i] == 0);
    if (i >= 0 && i < 5000) __VERIFIER_assert(g[i] == 0);
    if (i >= 2 && i < 3000 && i != 2500) __VERIFIER_assert(h[i] == 0);
    __VERIFIER_assert(h[0] == 1 && h[1] == 2 && h[2500] == 7);
    __VERIFIER_assert(s[0] == 'a' && s[1] == 'b' && s[2] == 0 && s[4095] == 0);
    if (i >= 0 && i < 2048) {
        a[i] = 5;
        __VERIFIER_assert(a[i] + a[(i + 1) % 2048] == 5);
    }
    return 0;
}
