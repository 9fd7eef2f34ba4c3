/* SV-COMP style: casts between integer types. expected: safe
 * Narrowing keeps the value modulo 2^N (GCC's and Clang's choice for signed targets, and
 * C's rule for unsigned ones); widening keeps the value. Every check is false.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    long long wide;
    __VERIFIER_assume(x >= 0 && x < 100);
    wide = (long long)x * 100000000LL;     /* up to 9900000000: no overflow in long long */
    if ((int)(wide / 100000000LL) != x) reach_error();
    if ((long)(short)x != x) reach_error();
    if ((unsigned char)(x + 256) != x) reach_error();
    if ((signed char)200 != -56) reach_error();
    if ((short)70000 != 4464) reach_error();
    if ((unsigned short)-1 != 65535) reach_error();
    if ((_Bool)x != (x != 0)) reach_error();
    return 0;
}
