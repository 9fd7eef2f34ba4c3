// expected: safe
// Functions with bodies are inlined: parameters, return values, nested calls.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

int g;

int add(int a, int b) { return a + b; }
int twice(int a) { return add(a, a); }
void set_g(int v) { g = v; }

int main(void) {
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x >= 0 && x < 1000);
    int y = twice(x) + add(1, 2);
    __VERIFIER_assert(y == 2 * x + 3);
    set_g(add(x, 1));
    __VERIFIER_assert(g == x + 1);
    __VERIFIER_assert(add(twice(1), twice(2)) == 6);
    return 0;
}
