/* SV-COMP style: the traffic light controller of sv-traffic-light.c with the walk signal
 * left on. expected: unsafe
 * Changed: PED_WALK goes on to PED_CLEAR without switching walk off, so PED_CLEAR gives the
 * cars green while walk is still 1 (after five steps of the loop).
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef enum { CAR_GREEN, CAR_YELLOW, ALL_RED, PED_WALK, PED_CLEAR } light_state;

int main(void) {
    light_state state = CAR_GREEN;
    int car_green = 1, walk = 0;
    while (__VERIFIER_nondet_int()) {
        switch (state) {
        case CAR_GREEN:
            if (__VERIFIER_nondet_int()) {
                state = CAR_YELLOW;
            }
            break;
        case CAR_YELLOW:
            car_green = 0;
            state = ALL_RED;
            break;
        case ALL_RED:
            walk = 1;
            state = PED_WALK;
            break;
        case PED_WALK:
            state = PED_CLEAR;
            break;
        case PED_CLEAR:
            car_green = 1;
            state = CAR_GREEN;
            break;
        }
        if (car_green && walk) reach_error();
    }
    return 0;
}
