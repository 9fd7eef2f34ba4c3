// expected: safe
// && and || do not evaluate their right operand when the left one decides.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int cond);

int calls = 0;

int bump(void) {
    calls++;
    return 1;
}

int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x != 0 && 10 / x > 1) {
        __VERIFIER_assert(x != 0);
    }
    if (x > 0 || bump()) {
        __VERIFIER_assert(x > 0 || calls == 1);
    }
    __VERIFIER_assert(x <= 0 || calls == 0);
    int b = (x > 5) && (x < 10);
    __VERIFIER_assert(b == 0 || x == 6 || x == 7 || x == 8 || x == 9);
    return 0;
}
