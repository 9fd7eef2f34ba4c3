#!/usr/bin/env python3
"""Checks the expected verdicts of the C programs in examples/ without clpi: each program is
compiled with gcc against harness.c, which feeds __VERIFIER_nondet_* from a seeded random
generator, and run many times. A program whose header says `expected: unsafe` (or, for an
`expected: unknown` one, `actual: unsafe`) must reach its error within the runs; a safe one
must not reach it in any run. Random runs cannot prove safety: for safe programs this is a
sanity check, the reasons are in each header.

Usage: concrete_check.py [--runs N] [--cc gcc] [--workdir DIR] FILE.c...
Exit status 0 when every program behaves as its header says, 1 otherwise."""
import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from example_header import truth_of  # noqa: E402

HARNESS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "harness.c")


def build(cc, source, workdir):
    exe = os.path.join(workdir, os.path.basename(source)[:-2])
    # -fwrapv: an overflowing int wraps instead of being undefined, so that the optimiser
    # cannot remove a check the program relies on.
    cmd = [cc, "-O0", "-fwrapv", "-w", "-Dmain=example_main", "-o", exe, source, HARNESS]
    subprocess.run(cmd, check=True)
    return exe


def check(cc, source, runs, workdir):
    truth = truth_of(source)
    exe = build(cc, source, workdir)
    out = subprocess.run([exe, str(runs)], capture_output=True, text=True, timeout=600)
    found = out.returncode == 1
    ok = found if truth == "unsafe" else not found
    line = out.stdout.strip()
    print(f"{'ok  ' if ok else 'FAIL'} {os.path.basename(source):40} {truth:7} {line}")
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--cc", default="gcc")
    parser.add_argument("--workdir")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        workdir = args.workdir or tmp
        os.makedirs(workdir, exist_ok=True)
        results = [check(args.cc, f, args.runs, workdir) for f in args.files]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
