/* A concrete runner for the SV-COMP style programs in examples/: an independent check of
 * their expected verdicts that does not use clpi at all.
 *
 * The example is compiled with -Dmain=example_main and linked with this file. Each run is
 * a fork()ed child (so every run starts from the program's pristine globals) whose
 * __VERIFIER_nondet_* values come from a generator seeded with the run number; the child
 * exits with ERROR_STATUS when reach_error() or a failed assert() is reached. Usage:
 *     harness RUNS [FIRST_SEED]
 * prints "error seed S" and exits 1 at the first run that reaches the error, else prints
 * "no error in N runs" and exits 0. Random runs can show that an error is reachable; they
 * never prove that it is not. */
/* The example and this file are compiled in one command with -Dmain=example_main: here
 * main is the runner's own. */
#undef main
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

enum { ERROR_STATUS = 99, CUT_STATUS = 98, MAX_INPUTS_PER_RUN = 200000 };

int example_main(void);

static uint64_t rng_state;
static long inputs_drawn;
/* The chance, fixed per run, that an input is 0: runs near 1 take the same branch again and
 * again (deep paths through many `if (nondet())`), runs near 0 the other one. */
static unsigned zero_percent;
/* The same for 1: runs near 100 take the `then` branch of every `if (nondet())`. */
static unsigned one_percent;

/* splitmix64: small, fast, and the same stream on every machine for a given seed. */
static uint64_t next_random(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Values that reach errors in small programs: mostly 0 and 1 (branch choices, loop exits),
 * small numbers of both signs, and now and then the extremes of the type. */
static int64_t next_input(int64_t lo, int64_t hi) {
    if (++inputs_drawn > MAX_INPUTS_PER_RUN) _exit(CUT_STATUS); /* a run that never ends */
    uint64_t r = next_random();
    if (r % 100 < zero_percent) return lo <= 0 && 0 <= hi ? 0 : lo;
    if ((r >> 7) % 100 < one_percent) return lo <= 1 && 1 <= hi ? 1 : lo;
    r = next_random();
    int64_t v;
    switch (r % 8) {
    case 0: case 1: case 2: v = (int64_t)((r >> 8) % 2); break;
    case 3: case 4: v = (int64_t)((r >> 8) % 41) - 20; break;
    case 5: v = (int64_t)((r >> 8) % 2001) - 1000; break;
    case 6: v = (int64_t)((r >> 8) % 40001) - 20000; break;
    default: v = ((r >> 8) % 2) ? hi : lo; break;
    }
    if (v < lo) v = lo;
    if (v > hi) v = hi;
    return v;
}

int __VERIFIER_nondet_int(void) { return (int)next_input(INT32_MIN, INT32_MAX); }
unsigned int __VERIFIER_nondet_uint(void) { return (unsigned)next_input(0, UINT32_MAX); }
long __VERIFIER_nondet_long(void) { return (long)next_input(INT64_MIN, INT64_MAX); }
unsigned long __VERIFIER_nondet_ulong(void) { return (unsigned long)next_input(0, INT64_MAX); }
short __VERIFIER_nondet_short(void) { return (short)next_input(INT16_MIN, INT16_MAX); }
unsigned short __VERIFIER_nondet_ushort(void) { return (unsigned short)next_input(0, UINT16_MAX); }
char __VERIFIER_nondet_char(void) { return (char)next_input(-128, 127); }
unsigned char __VERIFIER_nondet_uchar(void) { return (unsigned char)next_input(0, 255); }
_Bool __VERIFIER_nondet_bool(void) { return (_Bool)next_input(0, 1); }

void reach_error(void) { _exit(ERROR_STATUS); }
/* A failed assert() of <assert.h> ends up here on glibc: it is the error location too. */
void __assert_fail(const char *assertion, const char *file, unsigned line,
                   const char *function) {
    (void)assertion; (void)file; (void)line; (void)function;
    _exit(ERROR_STATUS);
}
void __VERIFIER_assert(int cond) { if (!cond) reach_error(); }
void __VERIFIER_assume(int cond) { if (!cond) _exit(0); }
void assume(int cond) { if (!cond) _exit(0); }

/* Runs the program once with the given seed; returns the child's exit status, or -1 when
 * it was killed (abort() is a normal end in SV-COMP, a timeout is a cut run). */
static int run_once(uint64_t seed) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); exit(2); }
    if (pid == 0) {
        rng_state = seed * 0x2545F4914F6CDD1Dull + 1;
        zero_percent = (unsigned)(next_random() % 101);
        one_percent = (unsigned)(next_random() % (101 - zero_percent));
        /* A run that loops for long (n = INT_MAX, say) is cut after 50 ms of CPU time:
         * SIGVTALRM ends it, and a killed run counts as no error. */
        struct itimerval limit = {{0, 0}, {0, 50000}};
        setitimer(ITIMER_VIRTUAL, &limit, NULL);
        example_main();
        _exit(0);
    }
    int status = 0;
    if (waitpid(pid, &status, 0) < 0) { perror("waitpid"); exit(2); }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s RUNS [FIRST_SEED]\n", argv[0]); return 2; }
    long runs = atol(argv[1]);
    uint64_t first = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    for (long i = 0; i < runs; ++i) {
        uint64_t seed = first + (uint64_t)i;
        if (run_once(seed) == ERROR_STATUS) {
            printf("error seed %llu\n", (unsigned long long)seed);
            return 1;
        }
    }
    printf("no error in %ld runs\n", runs);
    return 0;
}
