/* Unsafe twin of fragment call1 of "Lazy annotation for program testing and verification"
 * (CAV 2010), Fig. 1. expected: unsafe
 * Changed: foo() decrements x, so x < y after the call on every run.
 * There is no CLP form in clp/; clpi inlines the call. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int x;

void foo(void) {
    x = x - 1;
    return;
}

int main(void) {
    int y = __VERIFIER_nondet_int();
    __VERIFIER_assume(y > -1000000);
    x = y;
    foo();
    if (x < y) reach_error();
    return 0;
}
