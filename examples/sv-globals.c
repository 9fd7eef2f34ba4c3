/* SV-COMP style: globals with and without initialisers (a global without one starts at 0),
 * changed by functions. expected: safe
 * balance and deposits start at 0; deposit() adds a positive amount to both and
 * withdraw() refuses to go below 0, so balance >= 0 and deposits >= 0 hold at the loop head.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int balance = 0;
int deposits;

void deposit(int amount) {
    if (amount <= 0 || amount > 1000) return;
    balance += amount;
    deposits += amount;
}

void withdraw(int amount) {
    if (amount <= 0 || amount > balance) return;
    balance -= amount;
}

int main(void) {
    while (__VERIFIER_nondet_int()) {
        if (balance > 1000000) break;
        if (__VERIFIER_nondet_int()) deposit(__VERIFIER_nondet_int());
        else withdraw(__VERIFIER_nondet_int());
    }
    if (balance < 0 || deposits < 0) reach_error();
    return 0;
}
