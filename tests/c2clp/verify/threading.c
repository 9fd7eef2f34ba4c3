// expected: safe
// A state machine written with if/else on the state: each `s = C` goes straight to the
// branch of C (jump threading), and a test that loops on a constant (`while (x == 1)`)
// does not make the converter loop.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int s = 0, k = 0;
    int x = 1;
    while (x == 1 && __VERIFIER_nondet_int()) { }
    while (s != 3) {
        if (s == 0) { s = 1; k = 0; }
        else if (s == 1) { k++; if (k > 2) s = 2; }
        else if (s == 2) { s = __VERIFIER_nondet_int() ? 3 : 0; }
    }
    if (k != 3) reach_error();
    return 0;
}
