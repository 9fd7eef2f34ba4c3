// expected-error: recursion.c:2:43: error: unsupported: recursion (`fact` calls itself)
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
int main(void) { return fact(3); }
