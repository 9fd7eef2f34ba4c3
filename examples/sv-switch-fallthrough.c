/* SV-COMP style: switch with fall-through, break and default. expected: safe
 * case 1 falls through into case 2 (cost 1 + 2), case 3 gets 4, default gets 10; an input
 * of 0 falls into the default; the cost is therefore one of 2, 3, 4 or 10, never 5.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int op = __VERIFIER_nondet_int();
    int cost = 0;
    switch (op) {
    case 1:
        cost += 1;
        /* fall through */
    case 2:
        cost += 2;
        break;
    case 3:
        cost = 4;
        break;
    default:
        cost = 10;
    }
    if (cost == 5 || cost == 0) reach_error();
    if (op == 1 && cost != 3) reach_error();
    return 0;
}
