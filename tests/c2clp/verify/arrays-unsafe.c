// expected: unsafe
// expected-bounds: unsafe
// The loop fills a[0..3] with i * 2, and a[3] is 6, not 8.
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int main(void) {
    int a[4];
    for (int i = 0; i < 4; i++) a[i] = i * 2;
    __VERIFIER_assert(a[3] == 8);
    return 0;
}
