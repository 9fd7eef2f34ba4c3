// expected: unsafe
// expected-lp64: safe
// long is 32 bits in ilp32 (the default) and 64 bits in lp64: (unsigned long)-1 differs.
extern void reach_error(void);

int main(void) {
    unsigned long m = (unsigned long)-1;
    if (m == 4294967295ul) reach_error();
    return 0;
}
