// expected: unsafe
// u + 1 wraps to 0 when u is the largest unsigned int.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);

int main(void) {
    unsigned int u = __VERIFIER_nondet_uint();
    unsigned int v = u + 1;
    if (v < u) reach_error();
    return 0;
}
