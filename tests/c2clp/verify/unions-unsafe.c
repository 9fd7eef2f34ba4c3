// expected: unsafe
// expected-memory: unsafe
// As unions.c, but after q.p.y = 7 the check expects a[1] to be unchanged: the members share
// their cells, so a write through one is seen through the other.
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }

union pair { int a[2]; struct { int x; int y; } p; };
struct value { int kind; union { int i; int b[3]; } as; };
struct node;
union link { struct node *next; void *raw; };
struct node { int data; union link l; };

union pair global = {{5, 6}};

int sum(union pair *q) { return q->p.x + q->a[1]; }

int main(void) {
    union pair q;
    q.a[0] = 3;
    q.a[1] = 4;
    __VERIFIER_assert(q.p.x == 3 && q.p.y == 4);
    q.p.y = 7;
    __VERIFIER_assert(q.a[1] == 4);
    union pair r = q;
    r.a[0] = 1;
    __VERIFIER_assert(q.p.x == 3 && r.p.x == 1 && r.p.y == 7);
    __VERIFIER_assert(global.p.y == 6);

    struct value v = {1, {.i = 5}};
    v.as.b[2] = 9;
    __VERIFIER_assert(v.kind == 1 && v.as.i == 5 && v.as.b[0] == 5 && v.as.b[1] == 0 && v.as.b[2] == 9);

    union pair *h = malloc(sizeof(union pair));
    int x = __VERIFIER_nondet_int();
    if (x > 1000 || x < -1000) return 0;
    h->p.x = x;
    h->a[1] = h->a[0] + 1;
    __VERIFIER_assert(h->p.y == x + 1);

    struct node n1, n2;
    n2.data = 42;
    n1.l.next = &n2;
    struct node *back = n1.l.raw;
    __VERIFIER_assert(back->data == 42 && back == &n2);

    union pair acc;
    acc.p.x = 0;
    acc.p.y = 0;
    for (int i = 0; i < 6; i++) {
        acc.a[0] += 1;
        acc.p.y += 2;
    }
    __VERIFIER_assert(acc.a[1] == 2 * acc.p.x);
    free(h);
    return 0;
}
