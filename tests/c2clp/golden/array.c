// An array filled by a loop, an element incremented, a 2-D element read, a string.
extern int __VERIFIER_nondet_int(void);
int g[3] = {7};
int main(void) {
    int a[4];
    int m[2][2] = {{1, 2}, {3, 4}};
    char s[] = "ok";
    for (int i = 0; i < 4; i++) a[i] = i;
    a[1]++;
    int k = __VERIFIER_nondet_int();
    a[k] = m[1][0] + s[0] + g[0];
    return a[k];
}
