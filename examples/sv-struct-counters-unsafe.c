/* SV-COMP style: two counters kept in a struct, moved by a helper through a pointer.
 * expected: unsafe
 * The twin of sv-struct-counters.c claims that c.down stays 100; it is 100 - n after the
 * loop, and n may be 1. No CLP form in clp/. */
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
    __VERIFIER_assert(c.down == 100);
    return 0;
}
