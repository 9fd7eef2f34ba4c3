/* SV-COMP style: the integer types int, long, long long, short, char and _Bool with their
 * unsigned forms, as locals and globals with initialisers. expected: safe
 * Every value stays inside its type's range (long is only assumed to have 32 bits, as in
 * SV-COMP's ILP32 model; long long has 64), so each check compares two equal constants (or
 * tests a _Bool that is 1): no path reaches reach_error().
 * No CLP form in clp/. */
extern void reach_error(void);

int gi = -7;
long gl = 1500000000L;
long long gll = 3000000000LL;
short gs = -300;
char gc = 'A';
_Bool gb = 1;
unsigned int gui = 4000000000u;
unsigned long gul = 4000000000ul;
unsigned long long gull = 10000000000ull;
unsigned short gus = 65000;
unsigned char guc = 200;
signed char gsc = -100;

int main(void) {
    int i = gi * 2;              /* -14 */
    long l = gl - 2000000000L;   /* -500000000 */
    long long ll = gll + gll;    /* 6000000000: needs more than 32 bits */
    short s = gs + 1;            /* -299 */
    char c = gc + 2;             /* 'C' */
    _Bool b = gb;
    unsigned int ui = gui + 1u;  /* 4000000001 */
    unsigned long ul = gul / 2;  /* 2000000000 */
    unsigned long long ull = gull / 2;  /* 5000000000 */
    unsigned short us = gus + 500;  /* 65500 */
    unsigned char uc = guc + 55;    /* 255 */
    signed char sc = gsc - 28;      /* -128 */
    if (i != -14) reach_error();
    if (l != -500000000L) reach_error();
    if (ll != 6000000000LL) reach_error();
    if (s != -299) reach_error();
    if (c != 'C') reach_error();
    if (!b) reach_error();
    if (ui != 4000000001u) reach_error();
    if (ul != 2000000000ul) reach_error();
    if (ull != 5000000000ull) reach_error();
    if (us != 65500) reach_error();
    if (uc != 255) reach_error();
    if (sc != -128) reach_error();
    return 0;
}
