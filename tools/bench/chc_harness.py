#!/usr/bin/env python3
"""clpi against Z3's Spacer on a benchmark set: verdicts, time, memory, PAR-2, cactus plot.

Instances: a directory (its .smt2, .clp and .c files), one such file, or a list file (one path a line,
relative to the list file; `#` comments). CHC files go to both tools as they are; CLP
programs go to clpi directly and to z3 as the output of `clpi export --chc`. A C program is
converted once by c2clp; clpi verifies the CLP program it gives and z3 that program's export,
and the conversion's time is reported apart (--c-end-to-end: clpi gets the C program).
Expected verdicts: an `expected.tsv` next to the instances (`file<TAB>sat|unsat|safe|unsafe`),
else a header comment `expected: safe|unsafe` (or `actual: safe|unsafe`), else
`(set-info :status sat|unsat)`.
`--families` adds the generated scaling families of tools/bench/families.py.

Each run has a time limit (clpi --timeout, z3 -T:, and a kill a little later) and a memory
limit (RLIMIT_AS); at most --jobs (default 2) runs at a time. Prints a table per instance
and a summary, writes results.csv, results.json and cactus.png into --out.

    git clone https://github.com/chc-comp/extra-small-lia build/extra-small-lia
    tools/bench/chc_harness.py build/extra-small-lia --timeout 60
    tools/bench/chc_harness.py clp --families diamonds:10,40,160 --timeout 10
    tools/bench/chc_harness.py LIA --z3-only --out build/bench/z3   # Spacer once, then
    tools/bench/chc_harness.py LIA --z3-from build/bench/z3/results.json   # clpi alone
"""

import argparse
import concurrent.futures
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chc_report  # noqa: E402
import families  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KINDS = (".smt2", ".clp", ".c")
GRACE_S = 5  # a tool that overruns its own limit by this much is killed


# ---- instances and expected verdicts ---------------------------------------------------

def normalize(verdict):
    v = verdict.strip().lower()
    return {"sat": "safe", "unsat": "unsafe", "safe": "safe", "unsafe": "unsafe"}.get(v)


def sidecar_expectations(folder):
    path = os.path.join(folder, "expected.tsv")
    out = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                cols = line.rstrip("\n").split("\t")
                if len(cols) >= 2 and normalize(cols[1]):
                    out[cols[0]] = normalize(cols[1])
    return out


def header_expectation(path):
    with open(path, errors="replace") as f:
        head = "".join(f.readline() for _ in range(40))
    m = re.search(r"expected:\s*(safe|unsafe)", head, re.I)
    if m:
        return m.group(1).lower()
    # `expected: unknown` (what clpi is known to answer) with `actual: safe|unsafe`, the truth
    m = re.search(r"\bactual:\s*(safe|unsafe)", head, re.I)
    if m:
        return m.group(1).lower()
    m = re.search(r"\(set-info\s+:status\s+(sat|unsat)\)", head)
    return normalize(m.group(1)) if m else None


def instances_of(spec):
    """Paths of the instances a directory or list file names (or the instance itself)."""
    if spec.endswith(KINDS):
        return [spec]
    if os.path.isdir(spec):
        return sorted(os.path.join(spec, f) for f in os.listdir(spec) if f.endswith(KINDS))
    base = os.path.dirname(spec)
    with open(spec) as f:
        lines = [ln.split("#")[0].strip() for ln in f]
    return [p if os.path.isabs(p) else os.path.join(base, p) for p in lines if p]


def expected_of(path, sidecars):
    folder = os.path.dirname(path)
    if folder not in sidecars:
        sidecars[folder] = sidecar_expectations(folder)
    return sidecars[folder].get(os.path.basename(path)) or header_expectation(path)


def family_instances(spec, folder):
    """Writes the scaling families (`name:size,size;name:size`) as .clp files."""
    out = []
    os.makedirs(folder, exist_ok=True)
    for part in filter(None, spec.split(";")):
        name, sizes = part.split(":")
        for n in sizes.split(","):
            path = os.path.join(folder, "%s-%s.clp" % (name, n))
            with open(path, "w") as f:
                f.write("% expected: safe\n" + families.FAMILIES[name](int(n)))
            out.append(path)
    return out


# ---- running one tool under limits -----------------------------------------------------

def run_limited(cmd, time_limit, memory_mb):
    """(exit status, stdout, wall seconds, peak MB, killed) of one command under the limits."""
    def limit_memory():
        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    with tempfile.TemporaryFile() as out:
        start = time.monotonic()
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL,
                                preexec_fn=limit_memory if memory_mb > 0 else None)
        killed = []
        timer = threading.Timer(time_limit + GRACE_S, lambda: (killed.append(1), proc.kill()))
        timer.start()
        _, status, usage = os.wait4(proc.pid, 0)
        timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)  # Popen must not wait again
        wall = time.monotonic() - start
        out.seek(0)
        text = out.read().decode(errors="replace")
    return proc.returncode, text, wall, usage.ru_maxrss / 1024.0, bool(killed)


# The engine whose answer ended a run, read from its notes (the search's own otherwise).
ENGINES = (("property-directed reachability", "pdr"), ("bounded model checking", "bmc"),
           ("reversed program", "reverse"))


def answered_by(doc):
    if doc.get("verdict") not in ("safe", "unsafe"):
        return ""
    for note in doc.get("notes", []):
        if "beside the search" in note:
            for words, name in ENGINES:
                if words in note:
                    return name
    return "search"


def run_clpi(args, path):
    cmd = [args.clpi, "verify", "--json", "-q", "--timeout", str(args.timeout)]
    if args.memory_mb > 0:
        cmd += ["--memory-limit", str(args.memory_mb)]
    cmd += args.clpi_arg + [path]
    address_mb = args.memory_mb + 256 if args.memory_mb > 0 else 0
    status, text, wall, mem, killed = run_limited(cmd, args.timeout, address_mb)
    res = {"time": wall, "memory_mb": mem, "status": status, "nodes": None}
    try:
        doc = json.loads(text)
        res["verdict"] = doc["verdict"]
        res["nodes"] = doc.get("stats", {}).get("nodes")
        res["input_time"] = doc.get("stats", {}).get("input_time_s")
        res["reason"] = doc.get("reason", "")
        res["by"] = answered_by(doc)
    except (ValueError, KeyError):
        res["verdict"] = "timeout" if killed else "error"
        res["reason"] = "exit status %d" % status
    return res


def run_z3(args, path):
    cmd = [args.z3, "-T:%d" % max(1, int(args.timeout)), path]
    status, text, wall, mem, killed = run_limited(cmd, args.timeout, args.memory_mb)
    first = text.strip().splitlines()[0] if text.strip() else ""
    verdict = {"sat": "safe", "unsat": "unsafe", "unknown": "unknown",
               "timeout": "timeout"}.get(first, "timeout" if killed else "error")
    if verdict == "error" and ("memory" in text.lower() or
                               (args.memory_mb > 0 and mem >= 0.85 * args.memory_mb)):
        verdict = "memout"  # the memory limit (RLIMIT_AS) stopped it
    return {"time": wall, "memory_mb": mem, "status": status, "nodes": None,
            "verdict": verdict, "reason": "" if verdict != "error" else first[:80]}


def clpi_input(args, path, folder):
    """The file clpi verifies, and the seconds a conversion took (None when none was made).

    A C program is converted once by c2clp, as z3's input is exported once: the engines
    are timed on the same translated program and the translation is reported apart
    (--c-end-to-end times `clpi verify prog.c`, conversion included)."""
    if not path.endswith(".c") or args.c_end_to_end:
        return path, None
    os.makedirs(folder, exist_ok=True)
    target = os.path.join(folder, os.path.basename(path)[:-2] + ".clp")
    converter = args.c2clp or os.path.join(os.path.dirname(os.path.abspath(args.clpi)), "c2clp")
    start = time.monotonic()
    done = subprocess.run([converter, "-o", target, path], stderr=subprocess.PIPE, text=True)
    seconds = time.monotonic() - start
    if done.returncode != 0:
        print("  conversion failed for %s: %s" % (path, done.stderr.strip()), file=sys.stderr)
        return path, None  # clpi reports the C program's error itself
    return target, seconds


def z3_input(args, path, folder):
    """The CHC file z3 reads for an instance: the file itself, or clpi's export of it."""
    if path.endswith(".smt2"):
        return path
    os.makedirs(folder, exist_ok=True)
    target = os.path.join(folder, os.path.basename(path) + ".smt2")
    done = subprocess.run([args.clpi, "export", "--chc", path, "-o", target],
                          stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        print("  export failed for %s: %s" % (path, done.stderr.strip()), file=sys.stderr)
        return None
    return target


# ---- main ------------------------------------------------------------------------------

def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[1:]))
    ap.add_argument("sets", nargs="*", help="directories or list files of instances")
    ap.add_argument("--families", default="",
                    help="generated families, e.g. 'diamonds:10,40;tracerx:5,10'")
    ap.add_argument("--timeout", type=float, default=60, help="seconds per run (default 60)")
    ap.add_argument("--memory-mb", type=int, default=4096,
                    help="MB per run (default 4096; 0: no limit, for builds under "
                         "AddressSanitizer, which reserves terabytes of address space)")
    ap.add_argument("--jobs", type=int, default=2, help="runs at a time (at most 2)")
    ap.add_argument("--clpi", default=os.path.join(ROOT, "build", "clpi"))
    ap.add_argument("--z3", default="z3")
    ap.add_argument("--c2clp", help="the C converter (default: the c2clp next to --clpi)")
    ap.add_argument("--clpi-arg", action="append", default=[],
                    help="extra argument for clpi verify (repeatable)")
    ap.add_argument("--c-end-to-end", action="store_true",
                    help="time clpi on C programs themselves, their conversion by c2clp "
                         "included (default: both tools get the converted program, and the "
                         "conversion is timed apart)")
    ap.add_argument("--z3-from", metavar="RESULTS_JSON", action="append", default=[],
                    help="take z3's results from an earlier run's results.json (same instances "
                         "and limit) instead of running z3 again: for re-measuring clpi alone; "
                         "repeatable, for a set measured in parts")
    ap.add_argument("--z3-only", action="store_true",
                    help="run z3 alone (clpi's column stays empty): its results.json is for a "
                         "later --z3-from, so that Spacer's long run on a large set is made "
                         "once while clpi changes")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "bench", "chc"),
                    help="folder for results.csv, results.json, cactus.png")
    args = ap.parse_args()
    args.jobs = max(1, min(args.jobs, 2))
    if not args.sets and not args.families:
        ap.error("name at least one set or --families")
    if args.z3_only and args.z3_from:
        ap.error("--z3-only runs z3; --z3-from takes its results from elsewhere")
    return args


def earlier_z3_results(paths, limit):
    """instance -> z3 result of earlier runs, which must have had the same time limit.
    Also by file name alone, for the generated families (written into each run's --out)."""
    found = {}
    for path in paths:
        with open(path) as f:
            doc = json.load(f)
        if doc["summary"]["limit_s"] != limit:
            raise SystemExit("%s was run with a limit of %gs, not %gs" %
                             (path, doc["summary"]["limit_s"], limit))
        found.update({r["instance"]: r["z3"] for r in doc["instances"]})
        found.update({os.path.basename(r["instance"]): r["z3"] for r in doc["instances"]})
    return found


NOT_RUN = {"verdict": "not-run", "time": 0.0, "memory_mb": 0.0, "nodes": None,
           "reason": "--z3-only", "status": None}


def main():
    args = parse_args()
    earlier = earlier_z3_results(args.z3_from, args.timeout) if args.z3_from else {}
    os.makedirs(args.out, exist_ok=True)
    paths = [p for s in args.sets for p in instances_of(s)]
    if args.families:
        paths += family_instances(args.families, os.path.join(args.out, "families"))
    sidecars = {}
    rows = []
    for p in paths:
        source, convert_s = clpi_input(args, p, os.path.join(args.out, "converted"))
        rows.append({"instance": os.path.relpath(p), "expected": expected_of(p, sidecars),
                     "clpi_input": os.path.relpath(source), "convert_s": convert_s,
                     "z3_input": z3_input(args, source, os.path.join(args.out, "exported"))})
    print("%d instances, limit %gs and %d MB per run, %d at a time" %
          (len(rows), args.timeout, args.memory_mb, args.jobs), flush=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {}
        for row in rows:
            if args.z3_only:
                row["clpi"] = NOT_RUN
            else:
                futures[pool.submit(run_clpi, args, row["clpi_input"])] = (row, "clpi")
            if args.z3_from:
                z3 = earlier.get(row["instance"]) or earlier.get(os.path.basename(row["instance"]))
                if z3 is None:
                    raise SystemExit("%s has no z3 result for %s" % (args.z3_from, row["instance"]))
                row["z3"] = z3
            elif row["z3_input"]:
                futures[pool.submit(run_z3, args, row["z3_input"])] = (row, "z3")
            else:
                row["z3"] = {"verdict": "error", "time": 0.0, "memory_mb": 0.0, "nodes": None,
                             "reason": "export failed", "status": None}
        for fut in concurrent.futures.as_completed(futures):
            row, tool = futures[fut]
            row[tool] = fut.result()
            if "clpi" in row and "z3" in row:
                print(chc_report.progress_line(row, args.timeout), flush=True)
    chc_report.report(rows, args)
    return 1 if chc_report.wrong_count(rows, args.timeout) else 0


if __name__ == "__main__":
    sys.exit(main())
