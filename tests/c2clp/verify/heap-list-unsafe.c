// expected: unsafe
// expected-memory: unsafe
// expected-view: p->data = 1
// As heap-list.c, but the walk looks one node too far.
#include <stdlib.h>
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }

struct node {
    int data;
    struct node *next;
};

int main(void) {
    struct node *head = NULL;
    for (int i = 1; i <= 3; i++) {
        struct node *n = malloc(sizeof(struct node));
        n->data = i;
        n->next = head;
        head = n;
    }
    struct node *p = head;
    while (p->next != NULL) p = p->next;
    __VERIFIER_assert(p->data != 1);
    return 0;
}
