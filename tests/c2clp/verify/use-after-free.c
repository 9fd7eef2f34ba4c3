// expected: safe
// expected-memory: unsafe
// The node is read after it was freed when the input is positive: an error under --check
// memory. Without it, free does nothing and the read sees the value written before.
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }

struct node {
    int value;
    struct node *next;
};

int main(void) {
    struct node *a = malloc(sizeof(struct node));
    struct node *b = malloc(sizeof(struct node));
    a->value = 1;
    a->next = b;
    b->value = 2;
    b->next = NULL;
    int x = __VERIFIER_nondet_int();
    free(b);
    a->next = NULL;
    if (x > 0) __VERIFIER_assert(b->value == 2);
    free(a);
    return 0;
}
