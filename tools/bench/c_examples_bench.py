#!/usr/bin/env python3
"""C benchmark: the converter on a large generated program, and clpi on every example.

(1) Generates a C program of --lines lines (gen_large_c.py), converts it with c2clp and
    prints its lines, the rules and program points of the result, and the conversion time.
(2) Runs `clpi verify --json` on every program in examples/, with the default granularity
    and with --large-blocks, and prints one row per program: the expected verdict, then
    verdict, nodes and time for both side by side.

    tools/bench/c_examples_bench.py [--clpi build/clpi] [--c2clp build/c2clp] [--lines 5000]
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "examples"))
import gen_large_c  # noqa: E402
from example_header import expected_of  # noqa: E402

# A clause of the converted program that is a rule: a head atom, then `:-` or the final `.`.
RULE_HEAD = re.compile(r"^\s*([a-z]\w*)(?:\(\s*([^,)\s]+))?")


def count_rules_and_points(clp_text):
    rules, points = 0, set()
    for clause in re.split(r"\.\s*(?:%[^\n]*)?\n", clp_text):
        clause = re.sub(r"%[^\n]*", "", clause).strip()
        if not clause or clause.startswith(":-") or clause.startswith("?-"):
            continue
        match = RULE_HEAD.match(clause)
        if match:
            rules += 1
            points.add((match.group(1), match.group(2)))
    return rules, len(points)


def conversion_table(c2clp, lines):
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "large.c")
        target = os.path.join(tmp, "large.clp")
        with open(source, "w", encoding="utf-8") as f:
            f.write(gen_large_c.program(lines))
        with open(source, encoding="utf-8") as f:
            c_lines = len(f.read().splitlines())
        start = time.monotonic()
        out = subprocess.run([c2clp, source, "-o", target], capture_output=True, text=True)
        elapsed = time.monotonic() - start
        if out.returncode != 0:
            print(f"c2clp failed (exit {out.returncode}): {out.stderr[-2000:]}")
            return
        with open(target, encoding="utf-8") as f:
            rules, points = count_rules_and_points(f.read())
    print("| C lines | rules | points | conversion time (s) |")
    print("| ---: | ---: | ---: | ---: |")
    print(f"| {c_lines} | {rules} | {points} | {elapsed:.2f} |")


def verify(clpi, path, extra, timeout):
    cmd = [clpi, "verify", "--json", "--timeout", str(timeout)] + extra + [path]
    start = time.monotonic()
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 30)
    elapsed = time.monotonic() - start
    try:
        report = json.loads(out.stdout)
    except json.JSONDecodeError:
        return f"error({out.returncode})", "-", elapsed
    return report.get("verdict", "?"), report.get("stats", {}).get("nodes", "-"), elapsed


def verdict_table(clpi, timeout):
    print("| program | expected | verdict | nodes | time (s) "
          "| large-blocks verdict | nodes | time (s) |")
    print("| --- | --- | --- | ---: | ---: | --- | ---: | ---: |")
    mismatches = 0
    for path in sorted(glob.glob(os.path.join(ROOT, "examples", "*.c"))):
        expected = expected_of(path)
        small = verify(clpi, path, [], timeout)
        large = verify(clpi, path, ["--large-blocks"], timeout)
        mark = ""
        if small[0] != expected or large[0] != expected:
            mismatches += 1
            mark = " (!)"
        print(f"| {os.path.basename(path)}{mark} | {expected} | {small[0]} | {small[1]} "
              f"| {small[2]:.2f} | {large[0]} | {large[1]} | {large[2]:.2f} |")
    print(f"\n{mismatches} program(s) with a verdict other than the expected one (marked (!))")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clpi", default=os.path.join(ROOT, "build", "clpi"))
    parser.add_argument("--c2clp", default=os.path.join(ROOT, "build", "c2clp"))
    parser.add_argument("--lines", type=int, default=5000)
    parser.add_argument("--timeout", type=int, default=20)
    args = parser.parse_args()
    print(f"## Conversion of a generated {args.lines}-line C program\n")
    conversion_table(args.c2clp, args.lines)
    print("\n## Verdicts of examples/ (default granularity and --large-blocks)\n")
    verdict_table(args.clpi, args.timeout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
