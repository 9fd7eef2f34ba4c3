// expected: unsafe
// A function without a body returns an arbitrary value of its type (c2clp warns).
extern int sensor(void);
extern void reach_error(void);

int main(void) {
    int v = sensor();
    if (v == 42) reach_error();
    return 0;
}
