#!/usr/bin/env python3
"""What a SAFE answer's certificate costs: for every program of clp/ and examples/ (or the
files given) that clpi proves safe, the verification time, the time to build the
certificate from the memo tables, and the time cvc5 takes to check it clause by clause
(`clpi verify --validate --json`), with their share of the verification time; and, with
--wall N, what a user waits for: the median wall time of N runs of `clpi verify` with and
without --validate, one after the other, and the share the validation adds. (clpi starts cvc5
in a thread of its own while the search runs, so part of cvc5's start-up overlaps the
search: the first share counts what is left of it, the second is the time the answer takes.)

usage: certificate_overhead.py [--clpi build/clpi] [--validator cvc5] [--timeout 60] [--target 0.2]
                               [--repeat N] [--wall N] [FILE...]
(--validator: cvc5, the default, checks in clpi's process; a path to cvc5's executable checks
as a program of its own, as clpi did before.)
Prints a Markdown table and a summary line; exits 1 when a certificate fails or is not
validated, or (with --strict) when a program's overhead is above the target share.
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import time


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clpi", default=os.path.join(root, "build", "clpi"))
    ap.add_argument("--validator", default="cvc5", help="clpi's --validator")
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--target", type=float, default=0.2,
                    help="the share of the verification time the certificate may take")
    ap.add_argument("--strict", action="store_true", help="fail when a program is above the target")
    ap.add_argument("--repeat", type=int, default=1, metavar="N",
                    help="run each program N times and report the run of its median share "
                         "(runs of a few milliseconds vary by more than the checks take)")
    ap.add_argument("--wall", type=int, default=0, metavar="N",
                    help="also time N runs with and without --validate (medians of wall time)")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    files = a.files or sorted(glob.glob(os.path.join(root, "clp", "*.clp"))) + \
        sorted(glob.glob(os.path.join(root, "examples", "*.c")))
    rows, bad, above = [], [], []
    for path in files:
        measured = []  # (share, verify s, the JSON result, its certificate statistics) of each run
        for _ in range(a.repeat):
            out = subprocess.run([a.clpi, "verify", "--json", "--validate", "--validator", a.validator,
                                  "--timeout", str(a.timeout), path],
                                 capture_output=True, text=True)
            try:
                j = json.loads(out.stdout)
            except json.JSONDecodeError:
                bad.append("%s: exit %d, %s" % (path, out.returncode, out.stderr.strip()[-300:]))
                break
            if j["verdict"] != "safe":
                break  # only a SAFE has a certificate (an UNSAFE's check is of its path)
            cert = j["stats"].get("certificate")
            if cert is None or not cert.get("validated"):
                bad.append("%s: %s %s" % (path, j["verdict"], j.get("reason_text", "")))
                break
            verify = j["stats"]["time_s"] - cert["build_time_s"]
            cost = cert["build_time_s"] + cert["time_s"]
            measured.append((cost / verify if verify > 0 else float("inf"), verify, j, cert))
        if len(measured) < a.repeat:
            continue
        measured.sort(key=lambda m: m[0])
        share, verify, j, cert = measured[(len(measured) - 1) // 2]  # the run of the median share
        wall = None
        if a.wall > 0:
            plain, checked = [], []
            for _ in range(a.wall):
                for extra, into in (([], plain), (["--validate", "--validator", a.validator], checked)):
                    t0 = time.monotonic()
                    subprocess.run([a.clpi, "verify", "--quiet", "--timeout", str(a.timeout)] + extra + [path],
                                   capture_output=True)
                    into.append(time.monotonic() - t0)
            wall = (statistics.median(plain), statistics.median(checked))
        rows.append((os.path.relpath(path, root), j["stats"]["nodes"], cert["clauses"], verify,
                     cert["build_time_s"], cert["time_s"], share, wall))
        if share > a.target:
            above.append(path)
    walls = a.wall > 0
    print("| program | nodes | clauses | verify s | build s | cvc5 s | share |" +
          (" wall s | wall s, --validate | added |" if walls else ""))
    print("|---|---:|---:|---:|---:|---:|---:|" + ("---:|---:|---:|" if walls else ""))
    for name, nodes, clauses, verify, build, check, share, wall in rows:
        line = "| %s | %d | %d | %.3f | %.4f | %.3f | %.0f%% |" % (name, nodes, clauses, verify, build,
                                                                  check, 100 * share)
        if wall:
            line += " %.3f | %.3f | %.0f%% |" % (wall[0], wall[1], 100 * (wall[1] - wall[0]) / wall[0])
        print(line)
    if rows:
        shares = [r[6] for r in rows]
        print("\n%d SAFE programs, all certificates valid under %s; share of the verification "
              "time: median %.0f%%, max %.0f%%, min %.0f%%; %d of %d under the %.0f%% target; build "
              "alone at most %.1f ms; the check alone: median %.1f ms, max %.1f ms"
              % (len(rows), a.validator, 100 * statistics.median(shares), 100 * max(shares),
                 100 * min(shares), len(rows) - len(above), len(rows), 100 * a.target,
                 1000 * max(r[4] for r in rows), 1000 * statistics.median(r[5] for r in rows),
                 1000 * max(r[5] for r in rows)))
    if rows and walls:
        added = [(r[7][1] - r[7][0]) / r[7][0] for r in rows]
        print("wall time added by --validate (medians of %d runs each): median %.0f%%, max %.0f%%, "
              "min %.0f%%; %d of %d under the %.0f%% target"
              % (a.wall, 100 * statistics.median(added), 100 * max(added), 100 * min(added),
                 sum(1 for x in added if x <= a.target), len(rows), 100 * a.target))
    for b in bad:
        print("NOT VALIDATED: " + b, file=sys.stderr)
    return 1 if bad or (a.strict and above) else 0


if __name__ == "__main__":
    sys.exit(main())
