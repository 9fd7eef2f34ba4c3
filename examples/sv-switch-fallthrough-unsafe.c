/* SV-COMP style: a forgotten break. expected: unsafe
 * case 1 falls through into case 2 and sets mode to 2 as well: op == 1 reaches the error.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int op = __VERIFIER_nondet_int();
    int mode = 0;
    switch (op) {
    case 1:
        mode = 1;
    case 2:
        mode = 2;
        break;
    default:
        mode = 3;
        break;
    }
    if (op == 1 && mode != 1) reach_error();
    return 0;
}
