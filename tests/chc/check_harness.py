#!/usr/bin/env python3
"""The benchmark harness against Spacer on a few programs: it runs both tools, finds the
expected verdicts in the headers, converts a C program once for both, and writes a table,
CSV and JSON whose verdicts and summary are right.

usage: check_harness.py CLPI SOURCE_DIR WORK_DIR MEMORY_MB [C2CLP]
(MEMORY_MB 0 under AddressSanitizer, which cannot run under an address-space limit)
"""

import csv
import json
import os
import subprocess
import sys

from expectations import FAILURES, expect


def main():
    clpi, source, work, memory_mb = sys.argv[1:5]
    c2clp = sys.argv[5] if len(sys.argv) > 5 and sys.argv[5] else None
    os.makedirs(work, exist_ok=True)
    programs = ["clp/lazy-simple.clp", "clp/lazy-simple-unsafe.clp", "clp/rv11-fig1a.clp"]
    if c2clp:
        programs.append("examples/lazy-diamond-unsafe.c")
    listing = os.path.join(work, "instances.txt")
    with open(listing, "w") as f:
        f.write("# a few programs of every kind\n")
        for p in programs:
            f.write(os.path.join(source, p) + "\n")
    out = os.path.join(work, "out")
    cmd = [sys.executable, os.path.join(source, "tools", "bench", "chc_harness.py"), listing,
           "--clpi", clpi, "--timeout", "30", "--memory-mb", memory_mb, "--out", out]
    if c2clp:
        cmd += ["--c2clp", c2clp]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    expect("the harness exits 0 (no wrong verdict)", done.returncode == 0, done.stdout + done.stderr)
    expect("it prints the summary table", "PAR-2" in done.stdout and "| clpi |" in done.stdout,
           done.stdout)
    with open(os.path.join(out, "results.json")) as f:
        doc = json.load(f)
    rows = {os.path.basename(r["instance"]): r for r in doc["instances"]}
    expect("one row per program", len(rows) == len(programs), sorted(rows))
    for name, row in sorted(rows.items()):
        wanted = "unsafe" if "unsafe" in name else "safe"
        expect("%s: expected verdict read from the header" % name, row["expected"] == wanted, row)
        for tool in ("clpi", "z3"):
            expect("%s: %s answers %s" % (name, tool, wanted), row[tool]["verdict"] == wanted,
                   row[tool])
        expect("%s: clpi's node count is kept" % name, (row["clpi"]["nodes"] or 0) > 0, row)
    tools = doc["summary"]["tools"]
    expect("summary: clpi solved all, none wrong",
           tools["clpi"]["solved"] == len(programs) and tools["clpi"]["wrong"] == 0, tools)
    expect("summary: the median time ratio is over the instances both solved",
           doc["summary"]["both_solved"] == len(programs)
           and doc["summary"]["median_time_ratio_clpi_over_z3"] is not None, doc["summary"])
    if c2clp:
        row = rows["lazy-diamond-unsafe.c"]
        expect("the C program is converted once: clpi gets the CLP program",
               row["clpi_input"].endswith(".clp") and row["convert_s"] is not None, row)
        expect("and z3 the export of that program", row["z3_input"].endswith(".clp.smt2"), row)
        expect("the summary reports the conversion apart",
               doc["summary"].get("c_conversion", {}).get("programs") == 1
               and "converted once by c2clp" in done.stdout, doc["summary"])
    with open(os.path.join(out, "results.csv")) as f:
        table = list(csv.DictReader(f))
    expect("results.csv has the same rows", len(table) == len(programs)
           and all(r["clpi_verdict"] in ("safe", "unsafe") for r in table), table)
    if FAILURES:
        print("%d check(s) failed" % len(FAILURES))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
