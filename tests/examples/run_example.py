#!/usr/bin/env python3
"""End-to-end test of one C program of examples/: clpi must give the verdict the program's
header declares (`expected: safe|unsafe|unknown`), both with the default granularity and
with --large-blocks; an unsafe verdict must come with a counterexample that names a line of
the C file and a path that cvc5 finds feasible, a safe one with a certificate that cvc5
validates (--validate); each answer's
SV-COMP witness (--witness) must follow the format 2.0 schema, and a correctness witness's
loop invariants must hold when asserted on the program (tests/witness/witness_check.py);
and the CLP text the converter makes of the program, with either granularity,
must pass `clpi check`, already be in `clpi fmt`'s canonical form, and be a fixed point of
`clpi fmt` (formatting twice gives the same text).

Usage: run_example.py --clpi CLPI --c2clp=C2CLP [--timeout S] [--skip-status N] FILE.c
Exit status 0 when everything holds, 1 otherwise (with the reasons on standard error); the
skip status (77) when --c2clp is empty, that is when the converter is not part of the build."""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "witness"))
from example_header import expected_of  # noqa: E402
from witness_check import check_witness  # noqa: E402

EXIT_OF_VERDICT = {"safe": 0, "unsafe": 10, "unknown": 5}
failures = []


def fail(message):
    failures.append(message)
    print(f"FAIL: {message}", file=sys.stderr)


def run(cmd, timeout):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def supports(clpi, option):
    """Whether `clpi verify` documents an option in its --help."""
    return option in run([clpi, "verify", "--help"], 30).stdout


def counterexample_lines(report):
    return [step["line"] for step in report.get("counterexample", {}).get("path", [])
            if isinstance(step.get("line"), int)]


def check_verdict(args, expected, source_lines, extra):
    """Runs clpi verify --json with the extra options and checks the verdict."""
    # A SAFE must come with a certificate that cvc5 validates, an UNSAFE with a path that
    # cvc5 finds feasible with its values (a failure exits 6).
    if expected in ("safe", "unsafe") and supports(args.clpi, "--validate"):
        extra = extra + ["--validate"]
    label = " ".join(["clpi verify"] + extra)
    workdir = tempfile.mkdtemp()
    witness = os.path.join(workdir, "witness.yml")
    cmd = [args.clpi, "verify", "--json", "--timeout", str(args.timeout), "--witness", witness] + extra + [args.file]
    out = run(cmd, args.timeout + 30)
    try:
        report = json.loads(out.stdout)
    except json.JSONDecodeError:
        fail(f"{label}: no JSON on standard output (exit {out.returncode}): {out.stderr[-800:]}")
        return
    verdict = report.get("verdict")
    stats = report.get("stats", {})
    print(f"{label}: {verdict} ({report.get('reason', '')}) nodes {stats.get('nodes')} "
          f"exit {out.returncode}")
    if verdict != expected:
        fail(f"{label}: verdict {verdict} ({report.get('reason', '')}), expected {expected}")
    if out.returncode != EXIT_OF_VERDICT.get(verdict, -1):
        fail(f"{label}: exit status {out.returncode} does not match the verdict {verdict}")
    if verdict == "unsafe":
        lines = counterexample_lines(report)
        if not any(1 <= line <= source_lines for line in lines):
            fail(f"{label}: the counterexample names no line of the C file (lines {lines})")
    if verdict in ("safe", "unsafe"):
        granularity = [x for x in extra if x == "--large-blocks"]
        if not os.path.exists(witness):
            fail(f"{label}: no witness written for {verdict}")
        else:
            for problem in check_witness(args.c2clp, args.file, witness, verdict,
                                         report.get("certificate"), granularity, args.timeout):
                fail(f"{label} --witness: {problem}")
    shutil.rmtree(workdir, ignore_errors=True)


def check_round_trip(args, workdir, extra):
    """The converter's CLP text passes clpi check, and clpi fmt is a fixed point on it."""
    label = " ".join(["c2clp"] + extra)
    clp = os.path.join(workdir, "converted.clp")
    out = run([args.c2clp] + extra + [args.file, "-o", clp], 60)
    if out.returncode != 0:
        fail(f"{label} failed (exit {out.returncode}): {out.stderr[-800:]}")
        return
    out = run([args.clpi, "check", clp], 60)
    if out.returncode != 0:
        fail(f"clpi check of the program {label} made failed: {out.stderr[-800:]}")
    once = run([args.clpi, "fmt", clp], 60)
    formatted = os.path.join(workdir, "formatted.clp")
    with open(formatted, "w", encoding="utf-8") as f:
        f.write(once.stdout)
    twice = run([args.clpi, "fmt", formatted], 60)
    if once.returncode != 0 or twice.returncode != 0 or once.stdout != twice.stdout:
        fail(f"clpi fmt is not a fixed point on the program {label} made")
    with open(clp, encoding="utf-8") as f:
        if f.read() != once.stdout:
            fail(f"{label} does not print its program in clpi fmt's canonical form")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clpi", required=True)
    parser.add_argument("--c2clp", default="")
    parser.add_argument("--timeout", type=int, default=20)
    parser.add_argument("--skip-status", type=int, default=77)
    parser.add_argument("file")
    args = parser.parse_args()
    if not args.c2clp:
        print("the C converter c2clp is not part of this build: skipped")
        return args.skip_status
    expected = expected_of(args.file)
    with open(args.file, encoding="utf-8") as f:
        source_lines = len(f.read().splitlines())
    check_verdict(args, expected, source_lines, [])
    if supports(args.clpi, "--large-blocks"):
        check_verdict(args, expected, source_lines, ["--large-blocks"])
    else:
        fail("clpi verify has no --large-blocks option")
    with tempfile.TemporaryDirectory() as workdir:
        check_round_trip(args, workdir, [])
        check_round_trip(args, workdir, ["--large-blocks"])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
