// Calls inlined at each call site; the callee's variables are prefixed by its name.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int cond);

int abs_value(int a) {
    if (a < 0) return -a;
    return a;
}

int main(void) {
    int x = __VERIFIER_nondet_int();
    int y = abs_value(x) + abs_value(-3);
    __VERIFIER_assert(x > 0 ? y == x + 3 : 1);
    return 0;
}
