// expected: safe
// switch with fall-through, default, and break.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int cond);

int main(void) {
    int k = __VERIFIER_nondet_int();
    int n = 0;
    switch (k) {
    case 1:
        n = n + 1;
    case 2:
        n = n + 2;
        break;
    case 3:
        n = 10;
        break;
    default:
        n = -1;
    }
    __VERIFIER_assert(k != 1 || n == 3);
    __VERIFIER_assert(k != 2 || n == 2);
    __VERIFIER_assert(k != 3 || n == 10);
    __VERIFIER_assert(k == 1 || k == 2 || k == 3 || n == -1);
    return 0;
}
