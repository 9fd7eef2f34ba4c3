// expected: unsafe
// max returns the larger argument; the check expects the smaller one.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int max(int a, int b) {
    if (a > b) return a;
    return b;
}

int main(void) {
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    int m = max(x, y);
    if (m > x && m > y) return 0;
    if (x != y && m == x) reach_error();
    return 0;
}
