/* SV-COMP style: two entries of a zero-initialised global table. expected: safe
 * C sets every element of a global array to 0. The converter starts the table as
 * const_array(0), one CLP term whatever its length, and stores the two entries into it;
 * any other index still reads 0. No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
extern void __VERIFIER_assert(int cond);

int table[1000];

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    if (a < 0 || a >= 1000 || b < 0 || b >= 1000 || a == b) return 0;
    table[a] = 1;
    table[b] = 2;
    int q = __VERIFIER_nondet_int();
    if (q >= 0 && q < 1000 && q != a && q != b) __VERIFIER_assert(table[q] == 0);
    __VERIFIER_assert(table[a] + table[b] == 3);
    return 0;
}
