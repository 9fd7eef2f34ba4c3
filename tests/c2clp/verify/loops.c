// expected: safe
// for, while, do/while, break and continue.
extern void __VERIFIER_assert(int cond);

int main(void) {
    int s = 0;
    for (int i = 0; i < 4; i++) {
        if (i == 1) continue;
        s += i;
    }
    __VERIFIER_assert(s == 5);
    int n = 0;
    do {
        n++;
        if (n == 3) break;
    } while (1);
    __VERIFIER_assert(n == 3);
    int k = 10;
    while (k > 0) k -= 3;
    __VERIFIER_assert(k == -2);
    return 0;
}
