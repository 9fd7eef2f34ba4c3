#!/usr/bin/env python3
"""Differential test of clpi on random loop-free C programs over the heap, judged by dse.

Each program mallocs cells, copies pointers between three pointer variables, writes cells
from other cells, from an input or from constants, on nondeterministic branches, and ends
with a check of one cell against another cell or the input (the shape of TRACER-X's
Figure 1, without the loop). c2clp converts it once; then clpi runs it four ways:
  - `--strategy dse`: plain path enumeration, no learning: complete on loop-free code, the
    ground truth for both verdicts;
  - the default (minimax; interpolants over the memory forget the cells no variable
    addresses), `--slacken` (which loosens them too) and `--strategy bounded`.
A wrong verdict is one that differs from dse's when both decide; any crash or internal
error counts too. Wrong programs are kept for study (--keep).

    tools/bench/random_heap.py [--clpi build/clpi] [--count 100] [--seed 0] [--keep DIR]
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile

POINTERS = ["p", "q", "r"]
RELATIONS = ["<", "<=", ">", ">=", "==", "!="]


def statement(rng):
    a, b = rng.choice(POINTERS), rng.choice(POINTERS)
    c = rng.randint(-2, 3)
    kind = rng.random()
    if kind < 0.35:
        return "%s = malloc(sizeof(int)); *%s = *%s + %d;" % (a, a, b, c) if a != b else \
               "%s = malloc(sizeof(int)); *%s = n + %d;" % (a, a, c)
    if kind < 0.6:
        return "*%s = *%s + %d;" % (a, b, c)
    if kind < 0.8:
        return "%s = %s;" % (a, b)
    return "*%s = %s;" % (a, rng.choice(["n", str(c), "n + %d" % c]))


def program(rng):
    lines = [
        "#include <stdlib.h>",
        "extern int __VERIFIER_nondet_int(void);",
        "extern void reach_error(void);",
        "int main(void) {",
        "    int n = __VERIFIER_nondet_int();",
        "    if (n > 100 || n < -100) return 0;",
        "    int *p = malloc(sizeof(int));",
        "    *p = n;",
        "    int *q = p;",
        "    int *r = p;",
    ]
    for _ in range(rng.randint(2, 7)):
        if rng.random() < 0.75:
            lines.append("    if (__VERIFIER_nondet_int()) { %s } else { %s }" % (statement(rng), statement(rng)))
        else:
            lines.append("    " + statement(rng))
    a = rng.choice(POINTERS)
    right = rng.choice(["*%s" % rng.choice(POINTERS), "n"])
    lines.append("    if (!(*%s %s %s + %d)) reach_error();" % (a, rng.choice(RELATIONS), right, rng.randint(-3, 6)))
    lines.append("    return 0;")
    lines.append("}")
    return "\n".join(lines) + "\n"


def verdict(clpi, path, extra, timeout):
    try:
        r = subprocess.run([clpi, "verify", "--quiet", "--timeout", str(timeout)] + extra + [path],
                           capture_output=True, text=True, timeout=timeout + 30)
    except subprocess.TimeoutExpired:
        return "hang"
    word = (r.stdout.split() or ["?"])[0]
    if r.returncode not in (0, 5, 10) or word not in ("SAFE", "UNSAFE", "UNKNOWN"):
        return "error %d: %s" % (r.returncode, (r.stderr or r.stdout).strip()[-200:])
    return word


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clpi", default=os.path.join(root, "build", "clpi"))
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--keep", help="directory for the programs with a wrong verdict")
    a = ap.parse_args()
    c2clp = os.path.join(os.path.dirname(os.path.abspath(a.clpi)), "c2clp")
    ways = [("default", []), ("--slacken", ["--slacken"]), ("bounded", ["--strategy", "bounded"])]
    tally = {name: {"SAFE": 0, "UNSAFE": 0, "UNKNOWN": 0} for name, _ in ways + [("dse", [])]}
    wrong = []
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(a.count):
            rng = random.Random(a.seed * 100003 + k)
            source = os.path.join(tmp, "heap%d.c" % k)
            clp = os.path.join(tmp, "heap%d.clp" % k)
            with open(source, "w") as f:
                f.write(program(rng))
            conv = subprocess.run([c2clp, source, "-o", clp], capture_output=True, text=True)
            if conv.returncode != 0:
                wrong.append((source, "c2clp failed: " + conv.stderr.strip()[-200:]))
                continue
            judge = verdict(a.clpi, clp, ["--strategy", "dse"], a.timeout)
            if judge in tally["dse"]:
                tally["dse"][judge] += 1
            for name, extra in ways:
                v = verdict(a.clpi, clp, extra, a.timeout)
                if v in tally[name]:
                    tally[name][v] += 1
                bad = v not in ("SAFE", "UNSAFE", "UNKNOWN") or \
                    (v in ("SAFE", "UNSAFE") and judge in ("SAFE", "UNSAFE") and v != judge)
                if bad:
                    wrong.append((source, "%s says %s, dse %s" % (name, v, judge)))
                    if a.keep:
                        os.makedirs(a.keep, exist_ok=True)
                        shutil.copy(source, a.keep)
    print("| run | SAFE | UNSAFE | UNKNOWN |")
    print("|---|---:|---:|---:|")
    for name in ["dse"] + [n for n, _ in ways]:
        t = tally[name]
        print("| %s | %d | %d | %d |" % (name, t["SAFE"], t["UNSAFE"], t["UNKNOWN"]))
    print("%d random heap programs (seed %d); %d wrong" % (a.count, a.seed, len(wrong)))
    for source, why in wrong:
        print("WRONG: %s: %s" % (os.path.basename(source), why), file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
