// expected: safe
// An intrusive list in the style of Linux's list.h: the links live inside the nodes, and
// container_of (`(T *)((char *)p - offsetof(T, f))`) goes from a link back to its node. A
// cast between unrelated pointer types is accepted where the result is only compared.
#include <stddef.h>
#include <stdlib.h>
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }

struct list_head { struct list_head *next, *prev; };
struct item {
    int value;
    struct list_head link;
};
struct list_head items = {&items, &items};

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

void add_tail(struct list_head *n, struct list_head *head) {
    n->prev = head->prev;
    n->next = head;
    head->prev->next = n;
    head->prev = n;
}

int main(void) {
    for (int v = 1; v <= 3; v++) {
        struct item *it = malloc(sizeof(struct item));
        it->value = v * 10;
        add_tail(&it->link, &items);
    }
    int sum = 0;
    for (struct list_head *p = items.next; p != &items; p = p->next) {
        struct item *it = container_of(p, struct item, link);
        __VERIFIER_assert((struct list_head *)it != p);
        sum += it->value;
    }
    struct item *last = (struct item *)((char *)items.prev - (unsigned long)&((struct item *)0)->link);
    __VERIFIER_assert(sum == 60 && last->value == 30);
    return 0;
}
