/* SV-COMP style: nested loops where the inner index is not reset. expected: unsafe
 * j is not set back to 0 for the second row, so with rows >= 2 and cols >= 1 the inner loop
 * runs only for the first row and cells == cols, less than rows + cols - 1 (a correct
 * count, rows * cols, is never less than that).
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void) {
    int rows = __VERIFIER_nondet_int();
    int cols = __VERIFIER_nondet_int();
    int i, j = 0, cells = 0;
    __VERIFIER_assume(rows >= 0 && rows <= 3 && cols >= 0 && cols <= 3);
    for (i = 0; i < rows; i++) {
        for (; j < cols; j++) {
            cells++;
        }
    }
    if (rows >= 2 && cols >= 1 && cells < rows + cols - 1) reach_error();
    return 0;
}
