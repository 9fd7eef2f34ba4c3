// expected: unsafe
// -7 / 2 is -3 in C (not -4 as with floor division), so the error is reachable.
extern void reach_error(void);

int main(void) {
    int x = -7;
    int y = 2;
    if (x / y == -3) reach_error();
    return 0;
}
