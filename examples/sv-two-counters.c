/* SV-COMP style: two counters that move together. expected: safe
 * i and j start equal (both 0) and every iteration adds 1 to both, so i == j at the loop
 * head (the two halves i >= j and i <= j of the relation the start gives).
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int i = 0, j = 0;
    while (__VERIFIER_nondet_int() && i < 1000000) {
        i++;
        j++;
    }
    if (i != j) reach_error();
    return 0;
}
