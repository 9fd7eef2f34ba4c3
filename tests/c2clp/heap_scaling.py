#!/usr/bin/env python3
"""The TRACER-X paper's Figure 1 with its section II change (`+2`: the branches store
different values), at MAX = 3, 5 and 7: with slackening, interpolants forget the cells no
variable addresses, so the bounded tree grows by the same number of nodes per iteration
(linearly) while the program has 2^MAX paths. Counts, not times.

    heap_scaling.py CLPI_BINARY
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "bench"))
from tracerx_heap import PROGRAM  # noqa: E402


def nodes(clpi, tmp, max_):
    path = os.path.join(tmp, "fig1-plus2-%d.c" % max_)
    with open(path, "w") as f:
        f.write(PROGRAM.format(max=max_, step=2))
    r = subprocess.run([clpi, "verify", "--strategy", "bounded", "--unroll", str(max_ + 2), "--slacken",
                        "--stats", "--quiet", path], capture_output=True, text=True, timeout=300)
    if not r.stdout.startswith("SAFE"):
        sys.exit("MAX = %d: expected SAFE, got:\n%s%s" % (max_, r.stdout, r.stderr))
    forgot = re.search(r"(\d+) forgot the cells no variable addresses", r.stdout)
    if not forgot or int(forgot.group(1)) == 0:
        sys.exit("MAX = %d: no interpolant forgot a cell:\n%s" % (max_, r.stdout))
    return int(re.search(r"^\s*nodes\s+(\d+)", r.stdout, re.M).group(1))


def main():
    clpi = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        counts = [nodes(clpi, tmp, m) for m in (3, 5, 7)]
    steps = [counts[1] - counts[0], counts[2] - counts[1]]
    print("nodes at MAX = 3, 5, 7: %s" % counts)
    if steps[0] != steps[1] or steps[0] <= 0:
        sys.exit("not linear: the tree grows by %s nodes per two iterations" % steps)
    return 0


if __name__ == "__main__":
    sys.exit(main())
