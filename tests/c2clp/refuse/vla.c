// expected-error: vla.c:4:9: error: unsupported: variable-length array
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int a[__VERIFIER_nondet_int()];
    return 0;
}
