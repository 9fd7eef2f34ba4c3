#!/usr/bin/env python3
"""Tests of the C converter, one C file per CTest test.

  run_case.py verify CLPI C2CLP FILE.c   verdicts of `clpi verify FILE.c` (statement-level
                                         and --large-blocks) against the header comments
                                         `// expected: safe|unsafe`, `// expected-wrap: ...`
                                         (--int-semantics wrap), `// expected-lp64: ...`,
                                         `// expected-bounds: ...` (--check bounds),
                                         `// expected-memory: ...` (--check memory);
                                         `// expected-view: p->next = NULL` must be a line
                                         of the counterexample's C view of memory;
                                         an UNSAFE counterexample must name C lines; the
                                         generated CLP must pass `clpi check` and come back
                                         unchanged from `clpi fmt`.
  run_case.py refuse C2CLP FILE.c        c2clp exits with status 2 and prints the header's
                                         `// expected-error: FILE:LINE:COL: error: ...`.
  run_case.py golden C2CLP FILE.c        c2clp's output equals FILE.clp (FILE.large.clp for
                                         --large-blocks, FILE.report for --report's list,
                                         when those files exist).
  run_case.py regenerate C2CLP FILE.c    rewrites the golden files of FILE.c after a change
                                         of the translation (review the diff!).
"""
import os
import re
import subprocess
import sys
import tempfile

VERDICT_EXIT = {"safe": 0, "unsafe": 10, "unknown": 5}

# Under the sanitizers clpi runs several times slower: the build says by how much
# (CLPI_TEST_TIME_FACTOR), and every time limit here grows by that factor, so that a verdict
# found in time in the normal build is not an UNKNOWN (timeout) there.
TIME_FACTOR = max(1, int(os.environ.get("CLPI_TEST_TIME_FACTOR", "1")))
VERIFY_SECONDS = str(60 * TIME_FACTOR)


def run(cmd, cwd=None):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                          timeout=120 * TIME_FACTOR)


def header(path, key):
    with open(path) as f:
        for line in f:
            m = re.match(r"\s*//\s*" + re.escape(key) + r":\s*(.*\S)", line)
            if m:
                return m.group(1)
    return None


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def check_generated(clpi, c2clp, path, options, clang):
    conv = run([c2clp, *options, path, *clang], cwd=os.path.dirname(path) or ".")
    if conv.returncode != 0:
        fail(f"c2clp {' '.join(options)} {path}: exit {conv.returncode}\n{conv.stderr}")
    with tempfile.TemporaryDirectory() as tmp:
        clp = os.path.join(tmp, "out.clp")
        with open(clp, "w") as f:
            f.write(conv.stdout)
        check = run([clpi, "check", clp])
        if check.returncode != 0 or check.stderr.strip():
            fail(f"clpi check on the CLP of {path}: exit {check.returncode}\n{check.stderr}")
        fmt = run([clpi, "fmt", clp])
        if fmt.stdout != conv.stdout:
            fail(f"clpi fmt changes the CLP of {path}")


def verify(clpi, c2clp, path):
    configs = [("expected", [])]
    for key, opts in (("expected-wrap", ["--int-semantics", "wrap"]),
                      ("expected-lp64", ["--data-model", "lp64"]),
                      ("expected-bounds", ["--check", "bounds"]),
                      ("expected-memory", ["--check", "memory"])):
        if header(path, key):
            configs.append((key, opts))
    checked = 0
    for key, opts in configs:
        want = header(path, key)
        if want not in VERDICT_EXIT:
            fail(f"{path}: no `// {key}: safe|unsafe` header")
        extra = (header(path, "clang-args") or "").split()
        clang = ["--", *extra] if extra else []
        check_generated(clpi, c2clp, path, opts, clang)
        for blocks in ([], ["--large-blocks"]):
            r = run([clpi, "verify", "-q", "--timeout", VERIFY_SECONDS, *opts, *blocks, path, *clang],
                    cwd=os.path.dirname(path) or ".")
            got = r.stdout.split("\n", 1)[0].strip().lower()
            if r.returncode != VERDICT_EXIT[want] or not got.startswith(want):
                fail(f"clpi verify {' '.join(opts + blocks)} {path}: expected {want}, got "
                     f"{got!r} (exit {r.returncode})\n{r.stdout}{r.stderr}")
            view = header(path, "expected-view")
            if want == "unsafe" and view and key == "expected" and not blocks:
                lines = [l.strip() for l in r.stdout.split("Memory before the error, in C", 1)[-1].splitlines()]
                if "Memory before the error, in C" not in r.stdout or view not in lines:
                    fail(f"{path}: the counterexample's memory in C has no line `{view}`\n{r.stdout}")
            if want == "unsafe":
                # The counterexample speaks of the C program: lines and statements.
                if not re.search(r"\(label \"line \d+: ", r.stdout) or \
                        not re.search(r"\(line \d+\)", r.stdout):
                    fail(f"{path}: the counterexample does not name C lines\n{r.stdout}")
            checked += 1
        if want == "safe":
            end_is_reachable(clpi, path, opts, clang)
            checked += 1
    print(f"ok: {checked} verdicts of {path}")


def end_is_reachable(clpi, path, opts, clang):
    """A SAFE verdict must not come from a translation that cuts every path: with an error
    put before the last `return 0;` of the file, the same program must be UNSAFE."""
    with open(path) as f:
        text = f.read()
    at = text.rfind("return 0;")
    if at < 0:
        fail(f"{path}: a safe test program ends main with `return 0;`")
    text = "extern void reach_error(void);\n" + text[:at] + "reach_error(); " + text[at:]
    # Next to the original, so that its includes are found the same way.
    with tempfile.TemporaryDirectory(dir=os.path.dirname(path) or ".") as tmp:
        probe = os.path.join(tmp, os.path.basename(path))
        with open(probe, "w") as f:
            f.write(text)
        clang = [a.replace("-Iinclude", "-I" + os.path.join(os.path.dirname(path), "include"))
                 for a in clang]
        r = run([clpi, "verify", "-q", "--timeout", VERIFY_SECONDS, *opts, probe, *clang])
        if r.returncode != VERDICT_EXIT["unsafe"]:
            fail(f"{path}: the end of main is unreachable (exit {r.returncode} with an error "
                 f"put there): the SAFE verdict may be vacuous\n{r.stdout}{r.stderr}")


def refuse(c2clp, path):
    want = header(path, "expected-error")
    if not want:
        fail(f"{path}: no `// expected-error:` header")
    folder, name = os.path.split(path)
    r = run([c2clp, name], cwd=folder or ".")
    if r.returncode != 2:
        fail(f"c2clp {path}: expected exit 2, got {r.returncode}\n{r.stdout}{r.stderr}")
    if want not in r.stderr:
        fail(f"c2clp {path}: expected the message\n  {want}\ngot\n{r.stderr}")
    if r.stdout:
        fail(f"c2clp {path}: printed CLP although it refused the program")
    print(f"ok: {want}")


def golden_files(path):
    base = path[:-2]
    return [(base + ".clp", []), (base + ".large.clp", ["--large-blocks"])]


def golden(c2clp, path, rewrite):
    folder, name = os.path.split(path)
    compared = 0
    for expected_file, opts in golden_files(path):
        if not rewrite and not os.path.exists(expected_file):
            continue
        r = run([c2clp, *opts, name], cwd=folder or ".")
        if r.returncode != 0:
            fail(f"c2clp {' '.join(opts)} {path}: exit {r.returncode}\n{r.stderr}")
        if rewrite:
            with open(expected_file, "w") as f:
                f.write(r.stdout)
            continue
        with open(expected_file) as f:
            want = f.read()
        if r.stdout != want:
            import difflib
            diff = difflib.unified_diff(want.splitlines(True), r.stdout.splitlines(True),
                                        expected_file, "c2clp output")
            fail(f"{expected_file} differs (regenerate with: {sys.argv[0]} regenerate C2CLP "
                 f"{path}):\n" + "".join(diff))
        compared += 1
    report_file = path[:-2] + ".report"
    if rewrite or os.path.exists(report_file):
        r = run([c2clp, "--report", name], cwd=folder or ".")
        if rewrite:
            with open(report_file, "w") as f:
                f.write(r.stderr)
        else:
            with open(report_file) as f:
                if f.read() != r.stderr:
                    fail(f"{report_file} differs from `c2clp --report {name}`:\n{r.stderr}")
            compared += 1
    if not rewrite and compared == 0:
        fail(f"{path}: no golden file")
    print(f"ok: {compared} golden files of {path}")


def main():
    mode = sys.argv[1]
    # Tools as absolute paths: some cases run in the folder of the C file.
    sys.argv[2:] = [os.path.abspath(a) for a in sys.argv[2:]]
    if mode == "verify":
        verify(sys.argv[2], sys.argv[3], sys.argv[4])
    elif mode == "refuse":
        refuse(sys.argv[2], sys.argv[3])
    elif mode in ("golden", "regenerate"):
        golden(sys.argv[2], sys.argv[3], mode == "regenerate")
    else:
        fail(f"unknown mode {mode}")


if __name__ == "__main__":
    main()
