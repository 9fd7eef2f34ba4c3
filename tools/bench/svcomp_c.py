#!/usr/bin/env python3
"""clpi on SV-COMP ReachSafety tasks (C, property unreach-call): accepted, solved, wrong.

Reads the task definitions (`*.yml`, format 2.0) of the given folders of an sv-benchmarks
checkout, keeps those with an `unreach-call` property and an expected verdict, and runs
`clpi verify --output sv-comp --timeout T TASK.yml` on each (at most --jobs at a time; the
data model comes from the task). A task is *refused* when the converter refuses its C (exit
status 2: the construct is named, and counted below); *accepted* otherwise; *solved* when the
answer (`true`, `false(unreach-call)`) is the expected one; *wrong* when it is the other.

    git clone --depth 1 https://gitlab.com/sosy-lab/benchmarking/sv-benchmarks.git ../sv-benchmarks
    tools/bench/svcomp_c.py --root ../sv-benchmarks --timeout 60 \\
        c/array-examples c/array-industry-pattern c/list-simple c/heap-manipulation c/forester-heap
    tools/bench/svcomp_c.py --root ../sv-benchmarks --timeout 10 \\
        c/loop-lit c/loop-invgen c/loop-new c/loop-acceleration c/loop-invariants

Prints a table per folder, the refusals grouped by what was refused, and with --list one row
per task; exits 1 when an answer is wrong.
"""
import argparse
import collections
import concurrent.futures
import glob
import os
import re
import subprocess
import sys
import time

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_FOLDERS = ["c/array-examples", "c/array-industry-pattern", "c/list-simple",
                   "c/heap-manipulation", "c/forester-heap"]


def tasks_of(root, folder):
    """(task file, expected verdict True/False) for the unreach-call tasks of a folder."""
    out = []
    for path in sorted(glob.glob(os.path.join(root, folder, "*.yml"))):
        with open(path, encoding="utf-8") as f:
            try:
                task = yaml.safe_load(f)
            except yaml.YAMLError:
                continue
        for prop in (task or {}).get("properties", []) or []:
            if str(prop.get("property_file", "")).endswith("unreach-call.prp") and \
                    "expected_verdict" in prop:
                out.append((path, bool(prop["expected_verdict"])))
    return out


def run(clpi, task, timeout):
    t0 = time.monotonic()
    try:
        r = subprocess.run([clpi, "verify", "--output", "sv-comp", "--timeout", str(timeout), task],
                           capture_output=True, text=True, timeout=timeout + 30)
        out, err, code = r.stdout, r.stderr, r.returncode
    except subprocess.TimeoutExpired:
        out, err, code = "", "killed after the time limit", -1
    answer = out.split("\n", 1)[0].strip() if out else ""
    refused = ""
    if code == 2:
        m = re.search(r"error: unsupported: ([^`(\n]*)", err)
        # Otherwise the diagnostic's own line (Clang follows it with the source and a caret).
        errors = [line for line in err.splitlines() if "error:" in line]
        refused = m.group(1).strip() if m else (errors or err.strip().splitlines() or ["?"])[0][:80]
    return answer, refused, time.monotonic() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="*", default=DEFAULT_FOLDERS)
    ap.add_argument("--root", required=True, help="an sv-benchmarks checkout")
    ap.add_argument("--clpi", default=os.path.join(ROOT, "build", "clpi"))
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--list", action="store_true", help="one row per task")
    a = ap.parse_args()

    rows = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        futures = []
        for folder in a.folders:
            for task, expected in tasks_of(a.root, folder):
                futures.append((folder, task, expected, pool.submit(run, a.clpi, task, a.timeout)))
        for folder, task, expected, fut in futures:
            answer, refused, seconds = fut.result()
            got = True if answer == "true" else False if answer.startswith("false") else None
            rows.append((folder, os.path.basename(task), expected, answer or "error", refused, seconds,
                         got is not None and got == expected, got is not None and got != expected))

    print("| folder | tasks | refused | accepted | solved | wrong | unknown |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for folder in a.folders:
        mine = [r for r in rows if r[0] == folder]
        refused = sum(1 for r in mine if r[4])
        solved = sum(1 for r in mine if r[6])
        wrong = sum(1 for r in mine if r[7])
        print(f"| {folder} | {len(mine)} | {refused} | {len(mine) - refused} | {solved} | {wrong} | "
              f"{len(mine) - refused - solved - wrong} |")
    reasons = collections.Counter(r[4] for r in rows if r[4])
    if reasons:
        print("\nRefused, by construct:")
        for what, n in reasons.most_common():
            print(f"  {n:4d}  {what}")
    if a.list:
        print("\n| task | expected | answer | time s |")
        print("|---|---|---|---:|")
        for folder, name, expected, answer, refused, seconds, _, wrong in rows:
            shown = f"refused: {refused}" if refused else answer + (" (WRONG)" if wrong else "")
            print(f"| {folder}/{name} | {'true' if expected else 'false'} | {shown} | {seconds:.2f} |")
    sys.exit(1 if any(r[7] for r in rows) else 0)


if __name__ == "__main__":
    main()
