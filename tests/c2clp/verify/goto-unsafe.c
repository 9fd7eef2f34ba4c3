// expected: unsafe
// The goto skips the assignment, so x is still 0 at the check.
extern void reach_error(void);

int main(void) {
    int x = 0;
    goto skip;
    x = 1;
skip:
    if (x == 0) reach_error();
    return 0;
}
