// expected: unsafe
// The twin of threading.c with the wrong count after the machine.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int s = 0, k = 0;
    while (s != 3) {
        if (s == 0) { s = 1; k = 0; }
        else if (s == 1) { k++; if (k > 2) s = 2; }
        else if (s == 2) { s = __VERIFIER_nondet_int() ? 3 : 0; }
    }
    if (k != 4) reach_error();
    return 0;
}
