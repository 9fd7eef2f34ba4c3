// expected: safe
// `/` and `%` truncate toward zero, for constants and for variables.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

int main(void) {
    int a = -7, b = 2;
    __VERIFIER_assert(-7 / 2 == -3);
    __VERIFIER_assert(a / b == -3);
    __VERIFIER_assert(a % b == -1);
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x > -100 && x < 100);
    int q = x / 3, r = x % 3;
    __VERIFIER_assert(q * 3 + r == x);
    __VERIFIER_assert(r > -3 && r < 3);
    __VERIFIER_assert(x >= 0 || r <= 0);
    return 0;
}
