/* SV-COMP style: unsigned wrap-around and conversions such as (unsigned)-1.
 * expected: safe
 * C defines unsigned arithmetic modulo 2^N: 0u - 1 is UINT_MAX, (unsigned)-1 too,
 * (unsigned char)256 is 0 and 255 + 1 in an unsigned char is 0, so every check is false.
 * No CLP form in clp/. */
extern void reach_error(void);

int main(void) {
    unsigned int u = 0;
    unsigned char c = 255;
    unsigned short h = 0;
    u = u - 1;
    if (u != 4294967295u) reach_error();
    if ((unsigned)-1 != u) reach_error();
    c++;
    if (c != 0) reach_error();
    if ((unsigned char)256 != 0) reach_error();
    h--;
    if (h != 65535) reach_error();
    return 0;
}
