// Jump threading: `state = B; break;` goes straight to `case B:` (the switch is decided by
// the constant just assigned), so the machine's cycle is a loop of its own, not the switch.
// The first entry into the switch still tests `state`.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int state = __VERIFIER_nondet_int() ? 1 : 2;
    int flag = 0;
    while (1) {
        switch (state) {
        case 1:
            flag = 1;
            state = 2;
            break;
        case 2:
            if (flag > 1) reach_error();
            if (__VERIFIER_nondet_int()) return 0;
            state = 1;
            break;
        default:
            return 0;
        }
    }
}
