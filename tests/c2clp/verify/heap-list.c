// expected: safe
// expected-memory: safe
// A linked list built with malloc, walked, reversed and freed: each node a fresh object of
// the memory, separated from the others, so writes through one never change another.
#include <stdlib.h>
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }

struct node {
    int data;
    struct node *next;
};

struct node *push(struct node *head, int v) {
    struct node *n = malloc(sizeof(struct node));
    if (n == NULL) abort();
    n->data = v;
    n->next = head;
    return n;
}

int main(void) {
    struct node *head = NULL;
    for (int i = 1; i <= 4; i++) head = push(head, i);
    int sum = 0, length = 0;
    for (struct node *p = head; p != NULL; p = p->next) {
        sum += p->data;
        length++;
    }
    __VERIFIER_assert(length == 4 && sum == 10 && head->data == 4);
    struct node *reversed = NULL;
    while (head) {
        struct node *next = head->next;
        head->next = reversed;
        reversed = head;
        head = next;
    }
    __VERIFIER_assert(reversed->data == 1 && reversed->next->data == 2);
    while (reversed) {
        struct node *next = reversed->next;
        free(reversed);
        reversed = next;
    }
    return 0;
}
