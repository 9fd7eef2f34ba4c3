/* SV-COMP style: the traffic light controller of sv-traffic-light.c with the walk signal
 * left on. expected: unsafe
 * Changed: PED_WALK goes back to ALL_RED without switching walk off, so ALL_RED can then
 * give the cars green while walk is still 1.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef enum { CAR_GREEN, CAR_YELLOW, ALL_RED, PED_WALK } light_state;

int main(void) {
    light_state state = CAR_GREEN;
    int car_green = 1, walk = 0;
    int ticks = 0;
    while (__VERIFIER_nondet_int() && ticks < 1000000) {
        ticks++;
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
            if (__VERIFIER_nondet_int()) {
                walk = 1;
                state = PED_WALK;
            } else {
                car_green = 1;
                state = CAR_GREEN;
            }
            break;
        case PED_WALK:
            state = ALL_RED;
            break;
        }
        if (car_green && walk) reach_error();
    }
    return 0;
}
