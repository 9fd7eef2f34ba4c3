// switch with fall-through, default and break; goto to a label.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int k = __VERIFIER_nondet_int();
    int n = 0;
    switch (k) {
    case 1:
        n += 1;
    case 2:
        n += 2;
        break;
    default:
        goto out;
    }
    if (n == 0) reach_error();
out:
    return 0;
}
