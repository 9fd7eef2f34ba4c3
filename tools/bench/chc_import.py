#!/usr/bin/env python3
"""The CHC import on a benchmark set: which problems are accepted (and why the others are
refused), how long the import takes, how many control points it recovers; with --results
(a chc_harness.py results.json of the same problems), the solved counts of both tools per
folder and the import's share of clpi's run time.

  tools/bench/chc_import.py DIR_OR_LIST [--clpi build/clpi] [--results OUT/results.json]
                            [--share SECONDS [--repeat N] [--again build/chc_import_time]]

Acceptance, rules and points come from `clpi fmt FILE.smt2`; the import's time is the
`input_time_s` that `clpi verify --json` reports (reading, importing, parsing and checking);
with --results, each run's share is the input time that run reported over its whole time;
with --share S, each accepted problem is also run once, one at a time, with `--timeout S`,
and the share is its input time over the process's wall time, by length of run (with
--repeat N, the median of N runs of each problem); with --again, the import of each problem
above 5% is also taken apart by chc_import_time (tools/bench/chc_import_time.cpp). A
folder is the one an `expected.tsv` next to the file names (third column), else the part of
the file name before its last `__` (lia-lin's names are repository paths with `/` as `__`).
"""
import argparse
import collections
import json
import os
import statistics
import subprocess
import sys
import time


def instances(arg):
    if os.path.isdir(arg):
        return sorted(os.path.join(arg, f) for f in os.listdir(arg) if f.endswith(".smt2"))
    base = os.path.dirname(arg)
    out = []
    with open(arg) as f:
        for line in f:
            line = line.split("#")[0].strip()
            if line:
                out.append(line if os.path.isabs(line) else os.path.join(base, line))
    return out


_folders = {}  # directory -> {file name: folder} from its expected.tsv


def folder_of(path):
    directory, name = os.path.split(os.path.abspath(path))
    if directory not in _folders:
        _folders[directory] = {}
        tsv = os.path.join(directory, "expected.tsv")
        if os.path.exists(tsv):
            with open(tsv) as f:
                for line in f:
                    cols = line.rstrip("\n").split("\t")
                    if len(cols) >= 3:
                        _folders[directory][cols[0]] = cols[2]
    if name in _folders[directory]:
        return _folders[directory][name]
    return name.rsplit("__", 1)[0] if "__" in name else os.path.basename(directory)


def input_time(clpi, path):
    """The import's time inside `clpi verify` (its statistics' input_time_s), from a run
    stopped at once."""
    p = subprocess.run([clpi, "verify", "--json", "-q", "--timeout", "0.001", path],
                       capture_output=True, text=True, timeout=120)
    try:
        return json.loads(p.stdout)["stats"]["input_time_s"]
    except (ValueError, KeyError):
        return None


def import_one(clpi, path):
    start = time.monotonic()
    p = subprocess.run([clpi, "fmt", path], capture_output=True, text=True, timeout=120)
    wall = time.monotonic() - start
    text = p.stdout
    if p.returncode == 0:
        wall = input_time(clpi, path) or wall
    reason = ""
    if p.returncode != 0:
        lines = [l for l in p.stderr.splitlines() if "error:" in l]
        reason = lines[0].split("error:", 1)[1].strip() if lines else p.stderr.strip()[:200]
    return {"ok": p.returncode == 0, "time": wall, "reason": reason,
            "rules": sum(1 for l in text.splitlines() if " :- " in l and not l.startswith(":-")),
            "points": sum(1 for l in text.splitlines() if l.startswith(":- name("))}


def share_runs(clpi, paths, timeout, repeat=1):
    """Each problem run `repeat` times with `--timeout`, one run at a time, in passes over all
    of them (a burst of load elsewhere then falls on one run of many problems, not on every
    run of one): (share, name, import s, wall s, folder), the run of the median share of each."""
    runs = collections.defaultdict(list)
    for _ in range(repeat):
        for path in paths:
            start = time.monotonic()
            p = subprocess.run([clpi, "verify", "--json", "-q", "--timeout", str(timeout), path],
                               capture_output=True, text=True, timeout=timeout + 60)
            wall = time.monotonic() - start
            try:
                imp = json.loads(p.stdout)["stats"]["input_time_s"]
            except (ValueError, KeyError):
                continue
            runs[path].append((imp / wall, os.path.basename(path), imp, wall, folder_of(path)))
    out = []
    for rs in runs.values():
        rs.sort()
        out.append(rs[(len(rs) - 1) // 2])  # the median (the lower one of an even number)
    return sorted(out, reverse=True)


def print_shares(shares, timeout, repeat=1):
    print("\nImport time against the whole run (`--timeout %g`, one run at a time%s): %d problems, %d "
          "above 5%%, median share %.1f%%, largest %.1f%%"
          % (timeout, ", each problem's median share of %d runs" % repeat if repeat > 1 else "",
             len(shares), sum(1 for x in shares if x[0] > 0.05),
             100 * shares[len(shares) // 2][0] if shares else 0, 100 * shares[0][0] if shares else 0))
    print("\n| run length | problems | above 5% |")
    print("| --- | ---: | ---: |")
    for lo, hi, label in ((0, 0.05, "under 50 ms"), (0.05, 1.0, "50 ms to 1 s"), (1.0, float("inf"), "1 s or more")):
        runs = [x for x in shares if lo <= x[3] < hi]
        print("| %s | %d | %d |" % (label, len(runs), sum(1 for x in runs if x[0] > 0.05)))
    above = collections.Counter(x[4] for x in shares if x[0] > 0.05)
    if above:
        print("\nAbove 5%%, by folder: %s" % ", ".join("%s %d" % kv for kv in sorted(above.items())))
    for share, name, imp, run, _ in shares[:10]:
        print("  %s: import %.1f ms, run %.1f ms (%.0f%%)" % (name, 1000 * imp, 1000 * run, 100 * share))


def import_again(tool, path):
    """chc_import_time's figures for one problem, in a process of their own: (context,
    first import, import again) in seconds, or None."""
    p = subprocess.run([tool, path], capture_output=True, text=True, timeout=300)
    try:
        context, first, again, _ = p.stdout.split()
        return float(context) / 1000, float(first) / 1000, float(again) / 1000
    except ValueError:
        return None


def print_again(tool, shares, paths):
    """The problems above 5%, their import taken apart by chc_import_time: what it costs once
    its code has run in the process, and what the context's making costs beside it."""
    by_name = {os.path.basename(p): p for p in paths}
    over = [x for x in shares if x[0] > 0.05]
    rows = []
    for share, name, imp, run, _ in over:
        figures = import_again(tool, by_name[name])
        if figures:
            rows.append((share, name, imp, run, *figures))
    if not rows:
        return
    # The run's share were its import to cost what it costs again (the rest of the run as it was).
    warm_under = sum(1 for r in rows if r[6] / (r[3] - r[2] + r[6]) <= 0.05)
    in_wait = sum(1 for r in rows if r[5] <= r[4])
    print("\nThe %d problems above 5%%, their import taken apart (%s, one process each):"
          % (len(rows), os.path.basename(tool)))
    print("  under 5%% with the import at its cost again in the same process: %d" % warm_under)
    print("  first import no longer than the making of Z3's context it waits for: %d" % in_wait)
    print("  medians: the import again over its first time %.2f; the import in the run over "
          "its first time here %.2f" % (statistics.median(r[6] / r[5] for r in rows),
                                        statistics.median(r[2] / r[5] for r in rows)))
    print("\n| problem | run (ms) | import in the run (ms) | context (ms) | first (ms) | again (ms) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for share, name, imp, run, context, first, again in rows[:20]:
        print("| %s | %.1f | %.2f | %.2f | %.2f | %.2f |"
              % (name, 1000 * run, 1000 * imp, 1000 * context, 1000 * first, 1000 * again))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("set", help="a directory of .smt2 files or a list file")
    ap.add_argument("--clpi", default="build/clpi")
    ap.add_argument("--results", help="results.json of chc_harness.py on the same problems")
    ap.add_argument("--share", type=float, metavar="SECONDS",
                    help="also run each accepted problem once with this time limit and report "
                         "the import's share of the run")
    ap.add_argument("--repeat", type=int, default=1, metavar="N",
                    help="with --share: run each problem N times and take its median share "
                         "(a single run of a few milliseconds varies by more than the import)")
    ap.add_argument("--again", metavar="TOOL",
                    help="with --share: take the import of each problem above 5%% apart with "
                         "TOOL (build/chc_import_time): Z3's context, the import's first time "
                         "in a process and its time again")
    args = ap.parse_args()
    if args.again and not args.share:
        ap.error("--again needs --share")

    paths = instances(args.set)
    imports = {}
    for path in paths:
        imports[os.path.basename(path)] = import_one(args.clpi, path)

    by_folder = collections.defaultdict(list)
    for path in paths:
        by_folder[folder_of(path)].append(os.path.basename(path))

    print("| folder | problems | accepted | with control points | import max (s) |")
    print("| --- | --- | --- | --- | --- |")
    for folder in sorted(by_folder):
        names = by_folder[folder]
        ok = [n for n in names if imports[n]["ok"]]
        pts = [n for n in ok if imports[n]["points"] > 0]
        print("| %s | %d | %d | %d | %.2f |" % (folder, len(names), len(ok), len(pts),
                                               max(imports[n]["time"] for n in names)))
    refused = [(n, i["reason"]) for n, i in sorted(imports.items()) if not i["ok"]]
    print("\n%d of %d accepted." % (len(paths) - len(refused), len(paths)))
    for n, reason in refused:
        print("  refused: %s: %s" % (n, reason))

    if args.share:
        accepted = [p for p in paths if imports[os.path.basename(p)]["ok"]]
        shares = share_runs(args.clpi, accepted, args.share, args.repeat)
        print_shares(shares, args.share, args.repeat)
        if args.again:
            print_again(args.again, shares, accepted)

    if not args.results:
        return 0
    with open(args.results) as f:
        rows = json.load(f)
    rows = rows["instances"] if isinstance(rows, dict) else rows
    solved = collections.defaultdict(lambda: [0, 0, 0, 0, 0])  # n, clpi, z3, wrong clpi, wrong z3
    shares = []
    for row in rows:
        name = os.path.basename(row["instance"])
        folder = folder_of(row["instance"])
        s = solved[folder]
        s[0] += 1
        expected = row.get("expected")
        for k, tool in ((1, "clpi"), (2, "z3")):
            v = row.get(tool, {}).get("verdict")
            if v in ("safe", "unsafe"):
                if expected in ("safe", "unsafe") and v != expected:
                    s[k + 2] += 1
                else:
                    s[k] += 1
        t = row.get("clpi", {}).get("time") or 0
        imp = row.get("clpi", {}).get("input_time")
        if imp is None and name in imports:
            imp = imports[name]["time"]
        if imp is not None and t > 0:
            shares.append((imp / t, name, imp, t))
    print("\n| folder | problems | clpi solved | Spacer solved | wrong clpi / Spacer |")
    print("| --- | --- | --- | --- | --- |")
    total = [0, 0, 0, 0, 0]
    for folder in sorted(solved):
        s = solved[folder]
        total = [a + b for a, b in zip(total, s)]
        print("| %s | %d | %d | %d | %d / %d |" % (folder, *s))
    print("| all | %d | %d | %d | %d / %d |" % tuple(total))
    shares.sort(reverse=True)
    over = [x for x in shares if x[0] > 0.05]
    print("\nImport time against clpi's run time: largest share %.1f%%; %d of %d runs above 5%%"
          % (100 * shares[0][0] if shares else 0, len(over), len(shares)))
    for lo, hi in ((0.05, 0.2), (0.2, 0.5), (0.5, 1.01)):
        print("  share %2.0f%% to %3.0f%%: %d runs" % (100 * lo, 100 * hi,
                                                     sum(1 for x in shares if lo < x[0] <= hi)))
    long_runs = [x for x in shares if x[3] >= 1.0]
    print("  runs of 1 s or more: %d, of them %d above 5%% (largest share %.1f%%)"
          % (len(long_runs), sum(1 for x in long_runs if x[0] > 0.05),
             100 * max((x[0] for x in long_runs), default=0)))
    for share, name, imp, run in over[:20]:
        print("  %s: import %.3f s, run %.3f s (%.0f%%)" % (name, imp, run, 100 * share))
    return 0


if __name__ == "__main__":
    sys.exit(main())
