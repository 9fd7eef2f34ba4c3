/* SV-COMP style: __VERIFIER_nondet_* of every integer type return values of their type.
 * expected: safe
 * An unsigned char is in 0..255, a short in -32768..32767, a _Bool is 0 or 1, an unsigned
 * value is never negative, a char fits in -128..127 (signed char on this target), a long
 * and an unsigned long are wider than 32 bits. Every check is false.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void reach_error(void);

int main(void) {
    int i = __VERIFIER_nondet_int();
    unsigned int u = __VERIFIER_nondet_uint();
    long l = __VERIFIER_nondet_long();
    unsigned long ul = __VERIFIER_nondet_ulong();
    short s = __VERIFIER_nondet_short();
    unsigned short us = __VERIFIER_nondet_ushort();
    char c = __VERIFIER_nondet_char();
    unsigned char uc = __VERIFIER_nondet_uchar();
    _Bool b = __VERIFIER_nondet_bool();
    if (i > 2147483647 || i < -2147483647 - 1) reach_error();
    if (u > 4294967295u) reach_error();
    if (l > 9223372036854775807L) reach_error();
    if (ul > 18446744073709551615ul) reach_error();
    if (s > 32767 || s < -32768) reach_error();
    if (us > 65535) reach_error();
    if (c > 127 || c < -128) reach_error();
    if (uc > 255) reach_error();
    if (b != 0 && b != 1) reach_error();
    return 0;
}
