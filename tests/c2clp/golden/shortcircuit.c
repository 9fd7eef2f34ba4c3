// && and || with a side effect on the right: control flow, not a constraint. `calls` starts
// as an input, so that the test of bump()'s result is not decided by constants.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int calls;

int bump(void) {
    calls = calls + 1;
    return calls;
}

int main(void) {
    calls = __VERIFIER_nondet_int();
    int x = __VERIFIER_nondet_int();
    if (x > 0 && bump() > 1) reach_error();
    int b = x == 3 || x == 4;
    return b;
}
