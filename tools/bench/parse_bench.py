#!/usr/bin/env python3
"""Parse throughput: generates a large CLP program and times `clpi check` on it.

Prints one table row per size: rules, bytes, seconds, rules per second. A benchmark, not a
test: the figures depend on the machine.

    tools/bench/parse_bench.py [--clpi build/clpi] [--rules 100000]
"""
import argparse
import os
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def program(rules: int) -> str:
    """A straight-line program with branches, several variables and realistic constraints."""
    out = ["%% generated: %d rules" % rules, "?- p(0, X, Y, Z, A), X >= 0, Y >= 0."]
    points = rules // 3
    for k in range(points):
        out.append("p(%d, X, Y, Z, A) :- p(%d, X1, Y, Z1, A), X1 = X + %d, Z1 = (Z * 2) div 3, "
                   "X >= Y - %d." % (k, k + 1, k % 7 + 1, k % 11))
        out.append("p(%d, X, Y, Z, A) :- p(%d, X, Y1, Z, A1), Y1 = Y - 1, "
                   "A1 = store(A, X, Y mod 5), select(A, Y) != %d." % (k, k + 1, k % 13))
        out.append("p(%d, X, Y, Z, A) :- error(%d), X + Y > 1000000000000000000000 + %d, "
                   "Z != -X." % (k, k, k))
    for _ in range(rules - 3 * points):
        out.append("p(%d, X, Y, Z, A) :- true." % points)
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clpi", default=os.path.join(ROOT, "build", "clpi"))
    ap.add_argument("--rules", default="10000,100000")
    a = ap.parse_args()
    print("| %8s | %11s | %8s | %12s |" % ("rules", "bytes", "seconds", "rules/s"))
    print("|----------|-------------|----------|--------------|")
    with tempfile.TemporaryDirectory() as tmp:
        for n in (int(x) for x in a.rules.split(",")):
            path = os.path.join(tmp, "gen-%d.clp" % n)
            with open(path, "w") as f:
                f.write(program(n))
            t0 = time.perf_counter()
            p = subprocess.run([a.clpi, "check", path], capture_output=True, text=True)
            dt = time.perf_counter() - t0
            if p.returncode != 0:
                raise SystemExit("clpi check failed on %s:\n%s" % (path, p.stderr[:2000]))
            print("| %8d | %11d | %8.2f | %12.0f |" % (n, os.path.getsize(path), dt, n / dt),
                  flush=True)


if __name__ == "__main__":
    main()
