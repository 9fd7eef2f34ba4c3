#!/usr/bin/env python3
"""The TRACER-X paper's Figure 1 (bounded verification of heap programs) at growing MAX.

Each iteration of the loop mallocs a cell on either branch and stores the previous cell's
value plus 1 (variant `+1`, the paper's Figure 1) or, on the second branch, plus 2 (variant
`+2`, the change its section II discusses); the check after the loop is `*y >= MAX + n`.
There are 2^MAX paths. The paper reports that KLEE and LLBMC time out (over an hour) at
MAX = 30 while TRACER-X runs in near linear time; it gives no node counts. This prints, per
variant, MAX and strategy, clpi's verdict, nodes, solver calls and time: `dse` (no learning,
as KLEE) shows the exponential tree, `bounded` (interpolation, loops unrolled up to MAX + 2:
the paper's own setting, a bounded verification; `bounded+slacken` with slackened
interpolants, which forget the cells no variable addresses, as TRACER-X's do) and `minimax`
(loops abstracted, the default) what interpolants over the memory prune.

    tools/bench/tracerx_heap.py [--clpi build/clpi] [--max 5 10 20 30] [--timeout 60]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

PROGRAM = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define MAX {max}
int main(void) {{
    int n = __VERIFIER_nondet_int();
    if (n > 1000000 || n < -1000000) return 0;
    int *x = malloc(sizeof(int));
    int *y = x;
    *x = n;
    for (int i = 0; i < MAX; i++) {{
        if (__VERIFIER_nondet_int()) {{ y = malloc(sizeof(int)); *y = *x + 1; }}
        else {{ y = malloc(sizeof(int)); *y = *x + {step}; }}
        x = y;
    }}
    if (!(*y >= MAX + n)) reach_error();
    return 0;
}}
"""


def run(clpi, path, strategy, max_, timeout):
    args = [clpi, "verify", "--stats", "--timeout", str(timeout)]
    if strategy.endswith("+slacken"):
        args.append("--slacken")
        strategy = strategy[: -len("+slacken")]
    if strategy == "bounded":
        args += ["--strategy", "bounded", "--unroll", str(max_ + 2)]
    else:
        args += ["--strategy", strategy]
    t0 = time.monotonic()
    r = subprocess.run(args + [path], capture_output=True, text=True, timeout=timeout + 60)
    wall = time.monotonic() - t0
    verdict = (r.stdout.split("\n", 1)[0].split() or ["?"])[0]
    nodes = re.search(r"^\s*nodes\s+(\d+)", r.stdout + r.stderr, re.M)
    calls = re.search(r"^\s*solver calls\s+(\d+)", r.stdout + r.stderr, re.M)
    return verdict, nodes.group(1) if nodes else "-", calls.group(1) if calls else "-", wall


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clpi", default=os.path.join(ROOT, "build", "clpi"))
    ap.add_argument("--max", type=int, nargs="+", default=[5, 10, 20, 30])
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--strategies", nargs="+", default=["minimax", "bounded", "bounded+slacken", "dse"],
                    help="strategies to run; STRATEGY+slacken adds --slacken")
    a = ap.parse_args()
    print("| variant | MAX | strategy | verdict | nodes | solver calls | time (s) |")
    print("|---|---:|---|---|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for step in (1, 2):
            for strategy in a.strategies:
                given_up = False
                for max_ in a.max:
                    if given_up:  # a smaller MAX already ran out of time
                        print(f"| +{step} | {max_} | {strategy} | (not run) | | | |", flush=True)
                        continue
                    path = os.path.join(tmp, f"fig1-plus{step}-{max_}.c")
                    with open(path, "w") as f:
                        f.write(PROGRAM.format(max=max_, step=step))
                    verdict, nodes, calls, wall = run(a.clpi, path, strategy, max_, a.timeout)
                    given_up = verdict != "SAFE"
                    print(f"| +{step} | {max_} | {strategy} | {verdict} | {nodes} | {calls} | {wall:.2f} |",
                          flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
