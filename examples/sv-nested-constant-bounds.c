/* SV-COMP style: four nested loops of constant bounds. expected: safe
 * Each loop counts its variable from 0 to 6, and the variables start at 6, so after the
 * loops all four are 6. The proof keeps 0 <= x <= 6 per loop; the first iteration of an
 * outer loop sees the inner loops' variables at 0, which its way back breaks: those
 * candidates are dropped and the loop's header restarts.
 * No CLP form in clp/. */
extern void reach_error(void);

int main(void) {
    int a = 6;
    int b = 6;
    int c = 6;
    int d = 6;
    for (a = 0; a < 6; ++a) {
        for (b = 0; b < 6; ++b) {
            for (c = 0; c < 6; ++c) {
                for (d = 0; d < 6; ++d) {
                }
            }
        }
    }
    if (!(a == 6 && b == 6 && c == 6 && d == 6)) reach_error();
    return 0;
}
