/* SV-COMP style: a withdrawal that does not check the balance. expected: unsafe
 * withdraw() subtracts any positive amount, so withdrawing 101 from the initial 100 makes
 * the balance negative.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int balance = 100;

void withdraw(int amount) {
    if (amount <= 0 || amount > 1000) return;
    balance -= amount;
}

int main(void) {
    int rounds = 0;
    while (__VERIFIER_nondet_int() && rounds < 3) {
        withdraw(__VERIFIER_nondet_int());
        rounds++;
    }
    if (balance < 0) reach_error();
    return 0;
}
