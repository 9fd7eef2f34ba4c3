// expected: unsafe
// Case 1 falls through into case 2: n is 3 there, not 1.
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
    default:
        break;
    }
    __VERIFIER_assert(k != 1 || n == 1);
    return 0;
}
