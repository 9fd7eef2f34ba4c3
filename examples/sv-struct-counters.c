/* SV-COMP style: two counters kept in a struct, moved by a helper through a pointer.
 * expected: safe
 * Each step adds one to c.up and takes one from c.down, so c.up + c.down stays 100 at the
 * loop head: the loop invariant, in C, speaks of the struct's fields. No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

struct counters {
    int up;
    int down;
};

void step(struct counters *c) {
    c->up++;
    c->down--;
}

int main(void) {
    struct counters c = {0, 100};
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 1000);
    for (int i = 0; i < n; i++) {
        step(&c);
    }
    __VERIFIER_assert(c.up + c.down == 100);
    return 0;
}
