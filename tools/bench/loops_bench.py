#!/usr/bin/env python3
"""Loop benchmark: minimax (no bound) against bounded unrolling, on every loop program of clp/.

For each program whose header says `loops: yes`, prints one row per run: minimax without a
bound, then bounded with --unroll 10 and --unroll 100 for contrast: expected verdict, verdict,
nodes, restarts, loop closures, unrollings, wall time. A verdict that contradicts the
expected one is marked WRONG (UNKNOWN is never wrong, only weaker).

Then the bound-independence rows: Fig. 1(d) of the RV'11 paper with its loop bound raised
from 10^4 to 10^6 and 10^9; minimax must use the same number of nodes (the proof never
unrolls the loop).

    tools/bench/loops_bench.py [--clpi build/clpi] [--timeout 60]
"""
import argparse
import glob
import json
import os
import re
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def header_field(path, field):
    with open(path) as f:
        for line in f:
            m = re.match(r"%\s*" + field + r":\s*(\S+)", line)
            if m:
                return m.group(1)
    return None


def run(clpi, path, strategy, timeout, unroll=None):
    cmd = [clpi, "verify", path, "--json", "--quiet", "--strategy", strategy,
           "--timeout", str(timeout)]
    if unroll is not None:
        cmd += ["--unroll", str(unroll)]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 30)
    if p.returncode not in (0, 5, 10):
        return {"verdict": "error(%d)" % p.returncode, "stats": {}}
    return json.loads(p.stdout)


COLUMNS = [("program", 34), ("run", 20), ("expected", 8), ("verdict", 18), ("nodes", 7),
           ("restarts", 8), ("closures", 8), ("unrolls", 7), ("time s", 7)]


def line(values):
    return "| " + " | ".join("%-*s" % (w, v) for (_, w), v in zip(COLUMNS, values)) + " |"


def row(name, label, expected, res):
    s = res.get("stats", {})
    verdict = res["verdict"].upper()
    if res["verdict"] == "unknown":
        verdict += " (%s)" % res.get("reason", "?")
    wrong = expected in ("safe", "unsafe") and res["verdict"] in ("safe", "unsafe") \
        and res["verdict"] != expected
    if wrong:
        verdict = "WRONG " + verdict
    return line([name, label, expected or "-", verdict, s.get("nodes", "-"),
                 s.get("restarts", "-"), s.get("loop_closures", "-"), s.get("unrollings", "-"),
                 "%.3f" % s.get("time_s", 0.0)]), wrong


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clpi", default=os.path.join(ROOT, "build", "clpi"))
    ap.add_argument("--timeout", type=float, default=60)
    a = ap.parse_args()

    print(line([c for c, _ in COLUMNS]))
    print("|" + "|".join("-" * (w + 2) for _, w in COLUMNS) + "|")
    wrong = 0
    runs = [("minimax", "minimax", None), ("bounded", "bounded --unroll 10", 10),
            ("bounded", "bounded --unroll 100", 100)]
    for path in sorted(glob.glob(os.path.join(ROOT, "clp", "*.clp"))):
        if header_field(path, "loops") != "yes":
            continue
        expected = header_field(path, "expected")
        for strategy, label, unroll in runs:
            text, bad = row(os.path.basename(path), label, expected,
                            run(a.clpi, path, strategy, a.timeout, unroll))
            wrong += bad
            print(text, flush=True)

    fig1d = os.path.join(ROOT, "clp", "rv11-fig1d.clp")
    with open(fig1d) as f:
        source = f.read()
    with tempfile.TemporaryDirectory() as tmp:
        for exponent in (4, 6, 9):
            path = os.path.join(tmp, "rv11-fig1d-10^%d.clp" % exponent)
            with open(path, "w") as f:
                f.write(source.replace("10000", str(10 ** exponent)))
            text, bad = row("rv11-fig1d, bound 10^%d" % exponent, "minimax", "safe",
                            run(a.clpi, path, "minimax", a.timeout))
            wrong += bad
            print(text, flush=True)
    print("\nwrong verdicts: %d" % wrong)
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
