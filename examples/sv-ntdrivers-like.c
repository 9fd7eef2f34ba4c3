/* SV-COMP style: a Windows keyboard filter driver's Plug and Play dispatch against a model
 * of the I/O manager, in the style of the ntdrivers benchmarks (kbfiltr) that the RV 2011
 * paper evaluates. expected: safe
 * The global s tracks the protocol state of the request: each path through KbFilter_PnP
 * either completes the request (NP -> DC) or passes it down exactly once (NP -> IPC, or
 * SKIP1 -> SKIP2), and the final checks match what that path did; the pending branch is
 * only taken after the completion routine ran. Loop-free: clpi explores every path.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

#define STATUS_SUCCESS 0
#define STATUS_PENDING 259
#define STATUS_UNSUCCESSFUL (-1073741823)

#define IRP_MN_START_DEVICE 0
#define IRP_MN_REMOVE_DEVICE 2
#define IRP_MN_SURPRISE_REMOVAL 23

int s, UNLOADED, NP, DC, SKIP1, SKIP2, MPR1, MPR3, IPC;
int pended, compRegistered, lowerDriverReturn, setEventCalled;

void errorFn(void) { reach_error(); }

/* the driver model's initialiser, named as in the SV-COMP ntdrivers programs */
void stub_driver_init(void) {
    UNLOADED = 0; NP = 1; DC = 2; SKIP1 = 3; SKIP2 = 4; MPR1 = 5; MPR3 = 6; IPC = 7;
    s = NP;
    pended = 0;
    compRegistered = 0;
    lowerDriverReturn = 0;
    setEventCalled = 0;
}

/* The lower driver: succeeds, fails or pends, and moves s as the I/O manager would. */
int IofCallDriver(void) {
    int returnVal;
    switch (__VERIFIER_nondet_int()) {
    case 0: returnVal = STATUS_SUCCESS; break;
    case 1: returnVal = STATUS_UNSUCCESSFUL; break;
    default: returnVal = STATUS_PENDING; break;
    }
    if (s == NP) {
        s = IPC;
        lowerDriverReturn = returnVal;
    } else if (s == MPR1) {
        if (returnVal == STATUS_PENDING) s = MPR3;
        else s = NP;
        lowerDriverReturn = returnVal;
    } else if (s == SKIP1) {
        s = SKIP2;
        lowerDriverReturn = returnVal;
    } else {
        errorFn();
    }
    return returnVal;
}

void IofCompleteRequest(void) {
    if (s == NP) s = DC;
    else errorFn();
}

int KbFilter_PnP(int minor) {
    int status = STATUS_SUCCESS;
    switch (minor) {
    case IRP_MN_START_DEVICE:
        compRegistered = 1;
        s = MPR1;
        status = IofCallDriver();
        if (status == STATUS_PENDING) {
            pended = 1;
            s = NP; /* the completion routine signalled the event */
            status = STATUS_SUCCESS;
        }
        if (s == NP) IofCompleteRequest();
        break;
    case IRP_MN_REMOVE_DEVICE:
        s = SKIP1;
        status = IofCallDriver();
        break;
    case IRP_MN_SURPRISE_REMOVAL:
    default:
        s = SKIP1;
        status = IofCallDriver();
        break;
    }
    return status;
}

int main(void) {
    int minor = __VERIFIER_nondet_int();
    int status;
    stub_driver_init();
    status = KbFilter_PnP(minor);
    if (pended == 1) {
        if (s != DC) errorFn();
    } else if (s == DC) {
        if (status == STATUS_PENDING) errorFn();
    } else if (s == SKIP2 || s == IPC) {
        if (status != lowerDriverReturn) errorFn();
    } else if (s != MPR3) {
        errorFn();
    }
    return 0;
}
