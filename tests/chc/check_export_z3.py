#!/usr/bin/env python3
"""Every program of clp/ (and examples/*.c when the C converter is built) exported as CHC:
Z3 reads each file, and every answer Z3 gives agrees with clpi's verdict on the program
(sat = SAFE, unsat = UNSAFE); then the exported file imported again gets clpi's verdict.
Every SAFE of clpi, on the program and on its re-import, is checked with --validate: its
certificate must hold under cvc5.

usage: check_export_z3.py CLPI SOURCE_DIR
Z3's timeouts and unknowns are tolerated, counted and printed, and so is a re-imported run
that reaches clpi's time limit (a busy machine can push a 3-second proof past it); a
disagreement between two definite answers fails.
"""

import concurrent.futures
import glob
import os
import shutil
import subprocess
import sys
import tempfile

Z3_LIMIT_S = 2
CLPI_LIMIT_S = 5
VERDICTS = {"SAFE": "safe", "UNSAFE": "unsafe", "sat": "safe", "unsat": "unsafe"}


def first_word(text):
    return text.split()[0] if text.split() else ""


class RunFailed(Exception):
    """A run of clpi or z3 that ended wrongly (a crash, a bad exit status, a hang)."""


def run(command, limit_s):
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=limit_s)
    except subprocess.TimeoutExpired:
        raise RunFailed("`%s` had not ended after %d s" % (" ".join(command), limit_s))


def clpi_verdict(clpi, path):
    # --validate: each SAFE's certificate is checked by cvc5 too, on the program as read
    # (the CLP program, and the same program read back from its CHC export).
    command = [clpi, "verify", "-q", "--validate", "--timeout", str(CLPI_LIMIT_S), path]
    out = run(command, CLPI_LIMIT_S + 30)
    if out.returncode not in (0, 5, 10):
        raise RunFailed("`%s` exited %d: %s" % (" ".join(command), out.returncode, out.stderr[-2000:]))
    return VERDICTS.get(first_word(out.stdout), "unknown")


def programs(clpi, src):
    found = sorted(glob.glob(os.path.join(src, "clp", "*.clp")))
    c2clp = os.path.join(os.path.dirname(clpi), "c2clp")
    c_files = sorted(glob.glob(os.path.join(src, "examples", "*.c")))
    if c_files and os.path.exists(c2clp):
        found += c_files
    elif c_files:
        print("skipping %d C examples: no c2clp binary next to clpi" % len(c_files))
    else:
        print("no C examples in examples/ (nothing to skip)")
    return found


def check_one(clpi, z3, tmp, path):
    """The checks of one program: (line to print or None, failures, z3 open, re-import open)."""
    try:
        return check_program(clpi, z3, tmp, path)
    except RunFailed as e:  # reported with the program's name, the other programs still checked
        return None, ["%s: %s" % (os.path.basename(path), e)], False, False


def check_program(clpi, z3, tmp, path):
    name = os.path.basename(path)
    chc = os.path.join(tmp, name + ".smt2")
    exported = run([clpi, "export", "--chc", path, "-o", chc], 60)
    if exported.returncode != 0:
        return None, ["%s: export failed: %s" % (name, exported.stderr.strip())], False, False
    mine = clpi_verdict(clpi, path)
    z3_out = run([z3, "-T:%d" % Z3_LIMIT_S, chc], Z3_LIMIT_S + 30)
    answer = first_word(z3_out.stdout)
    if answer not in ("sat", "unsat", "unknown", "timeout"):
        return None, ["%s: z3 did not read the export: %s" % (name, z3_out.stdout[:300])], \
            False, False
    failures = []
    theirs = VERDICTS.get(answer)
    if theirs is not None and mine != "unknown" and mine != theirs:
        failures.append("%s: clpi says %s, z3 says %s" % (name, mine, answer))
    # Without a verdict to keep, a second run would only wait for the time limit.
    again = clpi_verdict(clpi, chc) if mine != "unknown" else "-"
    reimport_open = mine != "unknown" and again == "unknown"
    if mine != "unknown" and not reimport_open and again != mine:
        failures.append("%s: %s, but %s after export and import" % (name, mine, again))
    line = "%-36s clpi %-8s z3 %-8s re-imported %s" % (name, mine, answer, again)
    return line, failures, theirs is None, reimport_open


def main():
    clpi, src = sys.argv[1], sys.argv[2]
    z3 = shutil.which("z3")
    if not z3:
        raise SystemExit("FAIL: z3 is not installed (tools/install-deps.sh installs it)")
    failures, z3_open, reimport_open, checked = [], [], [], 0
    paths = programs(clpi, src)
    with tempfile.TemporaryDirectory() as tmp:
        # Two programs at a time (the machines that run the suite have two cores or more).
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(lambda p: check_one(clpi, z3, tmp, p), paths))
    lines = []
    for path, (line, fails, open_z3, open_again) in zip(paths, results):
        failures += fails
        if line is None:
            continue
        checked += 1
        lines.append(line)
        if open_z3:
            z3_open.append(os.path.basename(path))
        if open_again:
            reimport_open.append(os.path.basename(path))
    if len(reimport_open) * 10 > checked:  # more than a tenth: the import lost something
        failures.append("%d of %d re-imported runs ended without an answer" %
                        (len(reimport_open), checked))
    # The failures first and last: a log cut to its start and end still shows them.
    for f in failures:
        print("FAIL: " + f)
    print("\n".join(lines))
    print("%d programs checked; z3 timed out or said unknown on %d: %s" %
          (checked, len(z3_open), ", ".join(z3_open) or "-"))
    print("re-imported runs that reached the time limit: %d: %s" %
          (len(reimport_open), ", ".join(reimport_open) or "-"))
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
