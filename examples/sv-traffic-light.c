/* SV-COMP style: a controller for a traffic light and a pedestrian signal, a switch on an
 * enum state inside a loop. expected: safe
 * The walk signal is switched on only in state PED_WALK, entered from ALL_RED after the cars
 * got red, and switched off before the cars get green again: car_green && walk never holds.
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
            if (__VERIFIER_nondet_int()) { /* a pedestrian pressed the button */
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
            walk = 0;
            state = ALL_RED;
            break;
        }
        if (car_green && walk) reach_error();
    }
    return 0;
}
