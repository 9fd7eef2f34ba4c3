/* SV-COMP style: a server handshake as a switch-based state machine in an endless loop, in
 * the style of the ssh benchmarks (s3_srvr) that the RV 2011 paper evaluates.
 * expected: safe
 * Every state is entered from exactly one predecessor, which sets blastFlag to the value
 * that state expects (renegotiation goes back to CLNT_HELLO with the flag reset to 0), so
 * the checks inside the states never fail; the proof needs one copy of the loop head per
 * state, which path-based invariants give by unrolling selectively.
 * No CLP form in clp/. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

enum {
    ST_ACCEPT = 8464,
    ST_CLNT_HELLO = 8466,
    ST_SRVR_HELLO = 8496,
    ST_CERT = 8512,
    ST_KEY_EXCH = 8528,
    ST_SRVR_DONE = 8560,
    ST_FINISHED = 8576,
    ST_OK = 3
};

int main(void) {
    int state = ST_ACCEPT;
    int blastFlag = 0;
    int ret;
    while (1) {
        switch (state) {
        case ST_ACCEPT:
            blastFlag = 0;
            state = ST_CLNT_HELLO;
            break;
        case ST_CLNT_HELLO:
            if (blastFlag != 0) reach_error();
            blastFlag = 1;
            ret = __VERIFIER_nondet_int();
            if (ret <= 0) goto end;
            state = ST_SRVR_HELLO;
            break;
        case ST_SRVR_HELLO:
            if (blastFlag != 1) reach_error();
            blastFlag = 2;
            state = ST_CERT;
            break;
        case ST_CERT:
            if (blastFlag != 2) reach_error();
            blastFlag = 3;
            if (__VERIFIER_nondet_int()) state = ST_KEY_EXCH;
            else state = ST_SRVR_DONE;
            break;
        case ST_KEY_EXCH:
            if (blastFlag != 3) reach_error();
            state = ST_SRVR_DONE;
            break;
        case ST_SRVR_DONE:
            if (blastFlag != 3) reach_error();
            blastFlag = 4;
            state = ST_FINISHED;
            break;
        case ST_FINISHED:
            if (blastFlag != 4) reach_error();
            state = ST_OK;
            break;
        case ST_OK:
            if (__VERIFIER_nondet_int()) { /* renegotiate */
                blastFlag = 0;
                state = ST_CLNT_HELLO;
                break;
            }
            goto end;
        default:
            goto end;
        }
    }
end:
    return 0;
}
