// expected: safe
// Pointer variables: the address of a local, of an array and of a struct's field, walked
// and compared; the variables they point to live in memory (lower_memory.cpp).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }

struct point { int x; int y; };

void swap(int **a, int **b) {
    int *t = *a;
    *a = *b;
    *b = t;
}

int main(void) {
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    int *p = &x, *q = &y;
    __VERIFIER_assert(p != q);
    swap(&p, &q);                 // p points to y, q to x
    *p = *p + 1;
    __VERIFIER_assert(p == &y && *q == x);
    int a[4];
    int *w = a;
    for (int i = 0; i < 4; i++) *w++ = i * 10;
    __VERIFIER_assert(w - a == 4 && a[2] == 20 && *(a + 3) == 30);
    struct point pt = {1, 2};
    int *f = &pt.y;
    *f += 5;
    __VERIFIER_assert(pt.y == 7 && pt.x == 1);
    int *n = 0;
    if (x > 0) n = &x;
    if (n) __VERIFIER_assert(*n > 0);
    return 0;
}
