// expected: unsafe
// expected-view: a[3] = 0
// As pointers.c, with one cell counted wrong: `w` stops one element short.
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }

int main(void) {
    int a[4] = {0, 0, 0, 0};
    int *w = a;
    for (int i = 0; i < 3; i++) *w++ = i + 1;
    __VERIFIER_assert(a[3] == 4 || w - a != 3);
    return 0;
}
