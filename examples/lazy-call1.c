/* Fragment call1 of "Lazy annotation for program testing and verification" (CAV 2010),
 * Fig. 1: a call to a procedure that changes a global. expected: safe
 * foo() increments the global x, so after x = y; foo(); x = y + 1 and x < y is false.
 * There is no CLP form in clp/; clpi inlines the call. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int x;

void foo(void) {
    x = x + 1;
    return;
}

int main(void) {
    int y = __VERIFIER_nondet_int();
    __VERIFIER_assume(y < 1000000);
    x = y;
    foo();
    if (x < y) reach_error();
    return 0;
}
