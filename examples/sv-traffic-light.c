/* SV-COMP style: a controller for a traffic light and a pedestrian signal, a switch on an
 * enum state inside a loop. expected: safe
 * The cycle is CAR_GREEN, CAR_YELLOW, ALL_RED, PED_WALK, PED_CLEAR and back: walk is switched
 * on only after the cars got red and off before they get green again, so car_green && walk
 * never holds (each state has its own values of the two signals).
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
            if (__VERIFIER_nondet_int()) { /* a pedestrian pressed the button */
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
            walk = 0;
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
