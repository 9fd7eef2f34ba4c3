#!/usr/bin/env python3
"""Every C program of examples/ exported as a CHC-COMP problem (`clpi export --chc FILE.c`,
the converter's default granularity) and given to Z3: whenever Z3 answers, its answer must
be the truth the program's header declares (sat = safe, unsat = unsafe; for an `expected:
unknown` program the `actual:` line). Z3 runs with a short time limit; the programs it does
not finish are counted and named, not failed.

Usage: check_export_z3.py --clpi CLPI --c2clp=C2CLP [--z3 Z3] [--z3-timeout S] [--jobs N]
                          EXAMPLES_DIR
Exit status 0 when every answer agrees and Z3 decided at least one program, 1 otherwise;
77 (skipped) when --c2clp is empty, that is when the converter is not part of the build
(clpi finds c2clp next to itself)."""
import argparse
import concurrent.futures
import glob
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from example_header import truth_of  # noqa: E402

ANSWER_OF_TRUTH = {"safe": "sat", "unsafe": "unsat"}
SKIPPED = 77


def check(args, tmp, path):
    """One program: (status, message) with status agree, open or fail."""
    name = os.path.basename(path)
    chc = os.path.join(tmp, name + ".smt2")
    exported = subprocess.run([args.clpi, "export", "--chc", path, "-o", chc],
                              capture_output=True, text=True, timeout=120)
    if exported.returncode != 0:
        return "fail", f"{name}: export failed (exit {exported.returncode}): {exported.stderr[-600:]}"
    try:
        z3 = subprocess.run([args.z3, f"-T:{args.z3_timeout}", chc], capture_output=True,
                            text=True, timeout=args.z3_timeout + 30)
        words = z3.stdout.split()
        answer = words[0] if words else f"nothing (exit {z3.returncode})"
    except subprocess.TimeoutExpired:
        answer = "timeout"
    expected = ANSWER_OF_TRUTH[truth_of(path)]
    if answer in ("timeout", "unknown"):
        return "open", f"{name}: z3 {answer} (expected {expected})"
    if answer not in ("sat", "unsat"):
        return "fail", f"{name}: z3 did not read the export: {z3.stdout[:300]} {z3.stderr[:300]}"
    if answer != expected:
        return "fail", f"{name}: z3 says {answer}, the header says {truth_of(path)} ({expected})"
    return "agree", f"{name}: z3 {answer}, as expected"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clpi", required=True)
    parser.add_argument("--c2clp", default="")
    parser.add_argument("--z3", default=shutil.which("z3") or "z3")
    parser.add_argument("--z3-timeout", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("examples")
    args = parser.parse_args()
    if not args.c2clp:
        print("the C converter c2clp is not part of this build: skipped")
        return SKIPPED
    if not shutil.which(args.z3):
        print(f"FAIL: {args.z3} not found (tools/install-deps.sh installs z3)")
        return 1
    files = sorted(glob.glob(os.path.join(args.examples, "*.c")))
    counts = {"agree": 0, "open": 0, "fail": 0}
    with tempfile.TemporaryDirectory() as tmp:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for status, message in pool.map(lambda p: check(args, tmp, p), files):
                counts[status] += 1
                print(("FAIL: " if status == "fail" else "") + message)
    print(f"{len(files)} programs: z3 agrees with the header on {counts['agree']}, "
          f"did not finish within {args.z3_timeout} s on {counts['open']} (skipped), "
          f"disagrees or failed on {counts['fail']}")
    return 1 if counts["fail"] or counts["agree"] == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
