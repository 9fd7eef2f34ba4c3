/* SV-COMP style: nested loops over a rectangle. expected: safe
 * i and j start at 0 and only grow (j is reset to 0 for each row), and cells counts the
 * inner iterations from 0, so i >= 0, j >= 0 and cells >= 0 hold at both loop heads.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void) {
    int rows = __VERIFIER_nondet_int();
    int cols = __VERIFIER_nondet_int();
    int i, j, cells = 0;
    __VERIFIER_assume(rows <= 1000 && cols <= 1000);
    for (i = 0; i < rows; i++) {
        for (j = 0; j < cols; j++) {
            cells++;
            if (i < 0 || j < 0) reach_error();
        }
    }
    if (cells < 0) reach_error();
    return 0;
}
