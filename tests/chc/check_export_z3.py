#!/usr/bin/env python3
"""Every program of clp/ (and examples/*.c when the C converter is built) exported as CHC:
Z3 reads each file, and every answer Z3 gives agrees with clpi's verdict on the program
(sat = SAFE, unsat = UNSAFE); then the exported file imported again gets clpi's verdict.

usage: check_export_z3.py CLPI SOURCE_DIR
Z3's timeouts and unknowns are tolerated, counted and printed, and so is a re-imported run
that reaches clpi's time limit (a busy machine can push a 3-second proof past it); a
disagreement between two definite answers fails.
"""

import glob
import os
import shutil
import subprocess
import sys
import tempfile

Z3_LIMIT_S = 5
CLPI_LIMIT_S = 5
VERDICTS = {"SAFE": "safe", "UNSAFE": "unsafe", "sat": "safe", "unsat": "unsafe"}


def first_word(text):
    return text.split()[0] if text.split() else ""


def clpi_verdict(clpi, path):
    out = subprocess.run([clpi, "verify", "-q", "--timeout", str(CLPI_LIMIT_S), path],
                         capture_output=True, text=True, timeout=CLPI_LIMIT_S + 30)
    if out.returncode not in (0, 5, 10):
        raise SystemExit("FAIL: clpi verify %s exited %d: %s" % (path, out.returncode, out.stderr))
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


def main():
    clpi, src = sys.argv[1], sys.argv[2]
    z3 = shutil.which("z3")
    if not z3:
        raise SystemExit("FAIL: z3 is not installed (tools/install-deps.sh installs it)")
    failures, z3_open, reimport_open, checked = [], [], [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in programs(clpi, src):
            name = os.path.basename(path)
            chc = os.path.join(tmp, name + ".smt2")
            exported = subprocess.run([clpi, "export", "--chc", path, "-o", chc],
                                      capture_output=True, text=True)
            if exported.returncode != 0:
                failures.append("%s: export failed: %s" % (name, exported.stderr.strip()))
                continue
            mine = clpi_verdict(clpi, path)
            z3_out = subprocess.run([z3, "-T:%d" % Z3_LIMIT_S, chc], capture_output=True,
                                    text=True, timeout=Z3_LIMIT_S + 30)
            answer = first_word(z3_out.stdout)
            if answer not in ("sat", "unsat", "unknown", "timeout"):
                failures.append("%s: z3 did not read the export: %s" % (name, z3_out.stdout[:300]))
                continue
            theirs = VERDICTS.get(answer)
            if theirs is None:
                z3_open.append(name)
            elif mine != "unknown" and mine != theirs:
                failures.append("%s: clpi says %s, z3 says %s" % (name, mine, answer))
            again = clpi_verdict(clpi, chc)
            if mine != "unknown" and again == "unknown":
                reimport_open.append(name)
            elif mine != "unknown" and again != mine:
                failures.append("%s: %s, but %s after export and import" % (name, mine, again))
            checked += 1
            print("%-36s clpi %-8s z3 %-8s re-imported %s" % (name, mine, answer, again))
    print("%d programs checked; z3 timed out or said unknown on %d: %s" %
          (checked, len(z3_open), ", ".join(z3_open) or "-"))
    print("re-imported runs that reached the time limit: %d: %s" %
          (len(reimport_open), ", ".join(reimport_open) or "-"))
    if len(reimport_open) * 10 > checked:  # more than a tenth: the import lost something
        failures.append("%d of %d re-imported runs ended without an answer" %
                        (len(reimport_open), checked))
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
