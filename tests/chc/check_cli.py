#!/usr/bin/env python3
"""The CHC parts of the command line: verify and fmt on .smt2, --output chc-comp, export,
and a refused clause (exit 2, `FILE: error: clause N: ...`).

usage: check_cli.py CLPI SOURCE_DIR
"""

import os
import subprocess
import sys
import tempfile

from expectations import FAILURES, expect

SAFE_CHC = """(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (< x 10) (= y (+ x 1))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (> x 10)) false)))
(check-sat)
"""

NONLINEAR_CHC = """(set-logic HORN)
(declare-fun p (Int) Bool)
(assert (forall ((x Int)) (=> (= x 1) (p x))))
(assert (forall ((x Int) (y Int)) (=> (and (p x) (p y)) (p (+ x y)))))
(assert (forall ((x Int)) (=> (and (p x) (< x 0)) false)))
(check-sat)
"""



def run(*cmd):
    return subprocess.run(list(cmd), capture_output=True, text=True, timeout=60)


def main():
    clpi, src = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        safe = os.path.join(tmp, "counter.smt2")
        bad = os.path.join(tmp, "nonlinear.smt2")
        with open(safe, "w") as f:
            f.write(SAFE_CHC)
        with open(bad, "w") as f:
            f.write(NONLINEAR_CHC)

        r = run(clpi, "verify", safe)
        expect("verify FILE.smt2: SAFE, exit 0", r.returncode == 0 and r.stdout.startswith("SAFE"),
               r.stdout + r.stderr)
        r = run(clpi, "verify", "--output", "chc-comp", safe)
        lines = r.stdout.splitlines()
        expect("--output chc-comp: first line sat, then the verdict, exit 0",
               r.returncode == 0 and lines[:2] == ["sat", "SAFE"], r.stdout)
        unsafe = os.path.join(src, "clp", "lazy-simple-unsafe.clp")
        r = run(clpi, "verify", "--output", "chc-comp", unsafe)
        expect("--output chc-comp: unsat for an unsafe program, exit 10",
               r.returncode == 10 and r.stdout.splitlines()[0] == "unsat", r.stdout)
        r = run(clpi, "verify", "--output", "chc-comp", "--strategy", "bounded", "--unroll", "2",
                os.path.join(src, "clp", "rv11-fig1a.clp"))
        expect("--output chc-comp: unknown, exit 5",
               r.returncode == 5 and r.stdout.splitlines()[0] == "unknown", r.stdout)
        r = run(clpi, "verify", "--help")
        expect("verify --help states sat = SAFE and unsat = UNSAFE",
               "`sat` (SAFE" in r.stdout and "`unsat` (UNSAFE" in r.stdout, r.stdout)
        r = run(clpi, "verify", "--json", "--output", "chc-comp", safe)
        expect("--json and --output chc-comp exclude each other (exit 1)", r.returncode == 1,
               r.stderr)

        r = run(clpi, "verify", bad)
        expect("a non-linear clause: exit 2 and `FILE: error: clause 2: non-linear clause`",
               r.returncode == 2 and bad + ": error: clause 2: non-linear clause" in r.stderr,
               r.stderr)
        r = run(clpi, "fmt", safe)
        expect("fmt FILE.smt2 prints the translated CLP program",
               r.returncode == 0 and "?- start." in r.stdout and "inv(X) :- error, X > 10."
               in r.stdout, r.stdout + r.stderr)

        out = os.path.join(tmp, "lock.smt2")
        r = run(clpi, "export", "--chc", os.path.join(src, "clp", "rv11-fig1b-lock.clp"),
                "-o", out)
        expect("export --chc -o FILE writes a HORN problem",
               r.returncode == 0 and open(out).read().startswith("(set-logic HORN)"), r.stderr)
        r = run(clpi, "export", os.path.join(src, "clp", "rv11-fig1b-lock.clp"))
        expect("export without a format is a usage error (exit 1)", r.returncode == 1, r.stderr)
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
