// A global counter, a loop and an assertion: the smallest complete translation.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int cond);

int count = 0;

int main(void) {
    int n = __VERIFIER_nondet_int();
    while (count < n) {
        count++;
    }
    __VERIFIER_assert(n <= 0 || count == n);
    return 0;
}
