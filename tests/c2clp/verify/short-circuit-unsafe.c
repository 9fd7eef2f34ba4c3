// expected: unsafe
// bump() is called only when x <= 0, so calls can be 1.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int calls = 0;

int bump(void) {
    calls++;
    return 1;
}

int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x > 0 || bump()) {
        if (calls == 1) reach_error();
    }
    return 0;
}
