// Pointers into the memory: a variable whose address is stored lives there (x), malloc takes
// fresh cells from MemTop on, and p->next reads the cell one past p's first.
#include <stdlib.h>
extern void reach_error(void);
struct node {
    int value;
    struct node *next;
};
int main(void) {
    int x = 5;
    int *q = &x;
    struct node *p = malloc(sizeof(struct node));
    p->value = *q;
    p->next = NULL;
    if (p->next != NULL || p->value != 5) reach_error();
    return 0;
}
