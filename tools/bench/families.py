"""Generated scaling families for the engine benchmarks (the tests build the same shapes)."""


def diamonds(n: int) -> str:
    """q = 1; n times: if (*) x = x + 1 else x = x + 2; if (q == 0) error  -- SAFE."""
    lines = ["%% diamonds(%d): the property does not depend on x" % n,
             "?- p(0, Q, X).", "p(0, Q, X) :- p(1, Q1, X), Q1 = 1."]
    for k in range(1, n + 1):
        lines.append("p(%d, Q, X) :- p(%d, Q, X1), X1 = X + 1." % (k, k + 1))
        lines.append("p(%d, Q, X) :- p(%d, Q, X1), X1 = X + 2." % (k, k + 1))
    lines.append("p(%d, Q, X) :- error, Q = 0." % (n + 1))
    return "\n".join(lines) + "\n"


def tracerx(n: int) -> str:
    """The TRACER-X motivating example without the heap, MAX = n -- SAFE.

    x = input(); for (i = 0; i < MAX; i++) { if (*) y = x + 1; else y = x + 1; x = y; }
    assert(y >= MAX + x0)
    """
    return "\n".join([
        "%% tracerx(%d): two identical branches per iteration" % n,
        "?- p(0, N, X, Y, I).",
        "p(0, N, X, Y, I) :- p(1, N, X1, Y1, I1), X1 = N, Y1 = N, I1 = 0.",
        "p(1, N, X, Y, I) :- p(2, N, X, Y, I), I < %d." % n,
        "p(1, N, X, Y, I) :- p(3, N, X, Y, I), I >= %d." % n,
        "p(2, N, X, Y, I) :- p(4, N, X, Y1, I), Y1 = X + 1.",
        "p(2, N, X, Y, I) :- p(4, N, X, Y1, I), Y1 = X + 1.",
        "p(4, N, X, Y, I) :- p(1, N, Y, Y, I1), I1 = I + 1.",
        "p(3, N, X, Y, I) :- error, Y < %d + N." % n,
    ]) + "\n"


FAMILIES = {"diamonds": diamonds, "tracerx": tracerx}

# The loop of tracerx(n) runs n times: it needs an unroll bound above n to be proved.
UNROLL = {"diamonds": lambda n: None, "tracerx": lambda n: n + 1}
