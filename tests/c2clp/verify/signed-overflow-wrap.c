// expected: safe
// expected-wrap: unsafe
// In math semantics INT_MAX + 1 is a large number; with --int-semantics wrap it is INT_MIN.
extern void reach_error(void);

int main(void) {
    int x = 2147483647;
    x = x + 1;
    if (x < 0) reach_error();
    return 0;
}
