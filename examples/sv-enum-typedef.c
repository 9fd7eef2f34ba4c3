/* SV-COMP style: enum constants and typedef names. expected: safe
 * The colour only ever holds RED, GREEN or BLUE (values 2, 3, 7), so it is never the
 * enumerator UNUSED (5), and a counter_t starts at 0 and only grows.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef int counter_t;
typedef enum { RED = 2, GREEN, UNUSED = 5, BLUE = 7 } colour_t;

colour_t next_colour(colour_t c) {
    if (c == RED) return GREEN;
    if (c == GREEN) return BLUE;
    return RED;
}

int main(void) {
    colour_t colour = RED;
    counter_t changes = 0;
    while (__VERIFIER_nondet_int()) {
        colour = next_colour(colour);
        changes++;
        if (colour == UNUSED) reach_error();
    }
    if (GREEN != 3 || changes < 0) reach_error();
    return 0;
}
