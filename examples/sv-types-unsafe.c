/* SV-COMP style: arithmetic on long long beyond the range of int. expected: unsafe
 * 3000000000 * 2 = 6000000000 fits in a long long, so the check (which would be false if
 * the product were taken modulo 2^32) is true and reach_error() runs on every path.
 * No CLP form in clp/. */
extern void reach_error(void);

long long big = 3000000000LL;

int main(void) {
    long long twice = big * 2;
    short small = -300;
    if (twice > 5000000000LL && small < 0) reach_error();
    return 0;
}
