#!/usr/bin/env python3
"""Engine benchmark: minimax and bounded (interpolation, memo tables) against dse (plain paths).

Prints one table row per program and strategy: verdict, nodes, subsumed, solver calls,
solver time, wall time, time per node and the solver's share of the wall time (all time
spent in Z3, checks and upkeep). Covers the programs in clp/
and the scaling families of families.py at several sizes. A strategy that cannot finish a
size within the time limit is not run on larger sizes of that family (the row says so).

    tools/bench/engine_bench.py [--clpi build/clpi] [--sizes 10,20,40,80,160,320]
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import families  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(clpi, path, strategy, timeout, unroll=None):
    cmd = [clpi, "verify", path, "--json", "--quiet", "--strategy", strategy,
           "--timeout", str(timeout)]
    if unroll is not None:
        cmd += ["--unroll", str(unroll)]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 30)
    if p.returncode not in (0, 5, 10):
        return {"verdict": "error(%d)" % p.returncode, "stats": {}}
    return json.loads(p.stdout)


def row(name, strategy, res):
    s = res.get("stats", {})
    verdict = res["verdict"].upper()
    if res["verdict"] == "unknown":
        verdict += " (%s)" % res.get("reason", "?")
    wall = s.get("time_s", 0.0)
    share = "%.0f%%" % (100 * s["solver_time_s"] / wall) if wall > 0.01 else "-"
    nodes = s.get("nodes", 0)
    per_node = "%.2f" % (1000 * wall / nodes) if nodes else "-"
    return "| %-28s | %-8s | %-18s | %8s | %8s | %8s | %9.3f | %8.3f | %7s | %5s |" % (
        name, strategy, verdict, s.get("nodes", "-"), s.get("subsumed", "-"),
        s.get("solver_calls", "-"), s.get("solver_time_s", 0.0), wall, per_node, share)


def header():
    print("| %-28s | %-8s | %-18s | %8s | %8s | %8s | %9s | %8s | %7s | %5s |" % (
        "program", "strategy", "verdict", "nodes", "subsumed", "calls", "solver s", "wall s",
        "ms/node", "share"))
    print("|" + "|".join("-" * (w + 2) for w in (28, 8, 18, 8, 8, 8, 9, 8, 7, 5)) + "|")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clpi", default=os.path.join(ROOT, "build", "clpi"))
    ap.add_argument("--sizes", default="10,20,40,80,160,320")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--strategies", default="minimax,bounded,dse")
    ap.add_argument("--skip-clp", action="store_true", help="only the generated families")
    a = ap.parse_args()
    strategies = a.strategies.split(",")
    sizes = [int(x) for x in a.sizes.split(",")]

    header()
    if not a.skip_clp:
        for path in sorted(glob.glob(os.path.join(ROOT, "clp", "*.clp"))):
            for st in strategies:
                print(row(os.path.basename(path), st, run(a.clpi, path, st, a.timeout)),
                      flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        for fam, gen in families.FAMILIES.items():
            given_up = set()
            for n in sizes:
                path = os.path.join(tmp, "%s-%d.clp" % (fam, n))
                with open(path, "w") as f:
                    f.write(gen(n))
                for st in strategies:
                    name = "%s(%d)" % (fam, n)
                    if st in given_up:
                        print("| %-28s | %-8s | not run: a smaller size exceeded %gs |" % (
                            name, st, a.timeout), flush=True)
                        continue
                    # minimax needs no bound (it deepens its unrolling by itself)
                    unroll = None if st == "minimax" else families.UNROLL[fam](n)
                    res = run(a.clpi, path, st, a.timeout, unroll)
                    if res["verdict"] == "unknown" and res.get("reason") == "timeout":
                        given_up.add(st)
                    print(row(name, st, res), flush=True)


if __name__ == "__main__":
    main()
