// expected-error: vla.c:5:9: error: unsupported: multi-dimensional variable-length array
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int n = __VERIFIER_nondet_int();
    int a[n][n];
    return 0;
}
