// expected: safe
// ?:, the comma operator, compound assignment, ++ and --, casts, char and short, enum,
// typedef, bitwise operators that are modelled exactly.
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assert(int cond);

typedef int number;
enum colour { red, green = 5, blue };

int main(void) {
    number x = __VERIFIER_nondet_int();
    int m = x > 0 ? x : -x;
    __VERIFIER_assert(m >= 0 || x == -2147483647 - 1);
    int a = (x = 3, x + 1);
    __VERIFIER_assert(a == 4);
    a *= 2;
    a -= 1;
    a %= 4;
    __VERIFIER_assert(a == 3);
    int p = a++;
    int q = ++a;
    __VERIFIER_assert(p == 3 && q == 5 && a == 5);
    char c = (char)200;
    __VERIFIER_assert(c == -56);
    unsigned char uc = (unsigned char)300;
    __VERIFIER_assert(uc == 44);
    short s = 32767;
    s++;
    __VERIFIER_assert(s == -32768);
    enum colour col = blue;
    __VERIFIER_assert(col == 6);
    unsigned char in = __VERIFIER_nondet_uchar();
    __VERIFIER_assert(in <= 255);
    __VERIFIER_assert((in & 1) == in % 2);
    __VERIFIER_assert((in >> 1) == in / 2);
    __VERIFIER_assert((in << 2) == in * 4);
    __VERIFIER_assert((0xF0 | 0x0F) == 255 && (6 ^ 3) == 5 && ~0 == -1);
    _Bool flag = in;
    __VERIFIER_assert(flag == (in != 0));
    return 0;
}
