// expected: safe
// expected-bounds: safe
// memset of a named array with constant arguments: the whole array becomes const_array of
// the byte read as an element (-1 for 0xFF in an int, 257 for 0x01 in an unsigned short);
// part of it, its first elements one by one.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int main(void) {
    int a[100];
    char s[50];
    unsigned short h[10];
    memset(a, -1, sizeof(a));
    memset(s, 'x', 10);
    memset(h, 1, sizeof h);
    int i = __VERIFIER_nondet_int();
    if (i >= 0 && i < 100) __VERIFIER_assert(a[i] == -1);
    if (i >= 0 && i < 10) __VERIFIER_assert(s[i] == 'x');
    if (i >= 0 && i < 10) __VERIFIER_assert(h[i] == 257);
    memset(a, 0, 40);
    if (i >= 0 && i < 10) __VERIFIER_assert(a[i] == 0);
    if (i >= 10 && i < 100) __VERIFIER_assert(a[i] == -1);
    return 0;
}
