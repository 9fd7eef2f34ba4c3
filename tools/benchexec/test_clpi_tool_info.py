#!/usr/bin/env python3
"""The BenchExec tool-info module (clpi.py) against the real clpi.

With BenchExec installed this is `python3 -m benchexec.test_tool_info clpi`; without it
(it is not a Debian package) the module is loaded over a minimal stand-in for the two
BenchExec modules it imports, and each of its functions is checked: the command line it
builds, the version it reads from `clpi --version`, and the result it reads from clpi's real
output on a safe, an unsafe and an undecided program.

usage: test_clpi_tool_info.py CLPI SOURCE_DIR
"""

import importlib.util
import os
import subprocess
import sys
import tempfile
import types


def stand_in_benchexec():
    """benchexec.result and benchexec.tools.template, as far as the module uses them."""
    pkg = types.ModuleType("benchexec")
    res = types.ModuleType("benchexec.result")
    res.RESULT_TRUE_PROP = "true"
    res.RESULT_FALSE_REACH = "false(unreach-call)"
    res.RESULT_UNKNOWN = "unknown"
    res.RESULT_ERROR = "ERROR"
    tools = types.ModuleType("benchexec.tools")
    template = types.ModuleType("benchexec.tools.template")

    class BaseTool2:
        def _version_from_tool(self, executable, arg="--version"):
            out = subprocess.run([executable, arg], capture_output=True, text=True)
            return out.stdout.strip()

    template.BaseTool2 = BaseTool2
    pkg.result, pkg.tools, tools.template = res, tools, template
    sys.modules.update({"benchexec": pkg, "benchexec.result": res,
                        "benchexec.tools": tools, "benchexec.tools.template": template})


class Task:
    def __init__(self, path, options=None):
        self.single_input_file = path
        self.options = options


class Limits:
    def __init__(self, cputime):
        self.cputime = cputime


class ExitCode:
    def __init__(self, value):
        self.value = value


class Run:
    def __init__(self, output, exit_code):
        self.output = output.splitlines()
        self.exit_code = ExitCode(exit_code)


def main():
    clpi, src = sys.argv[1], sys.argv[2]
    try:
        import benchexec  # noqa: F401
        real = True
    except ImportError:
        stand_in_benchexec()
        real = False
    spec = importlib.util.spec_from_file_location("clpi_tool", os.path.join(src, "tools", "benchexec", "clpi.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    tool = module.Tool()
    failures = []

    def check(what, got, want):
        if got != want:
            failures.append("%s: got %r, want %r" % (what, got, want))
        print("%s: %r" % (what, got))

    check("name", tool.name(), "clpi")
    files = tool.program_files(clpi)
    module_file = os.path.join(os.path.dirname(clpi), "libclpi_cvc5.so")
    check("program files: clpi first", files[:1], [clpi])
    check("program files: cvc5's checks", module_file in files, os.path.exists(module_file))
    version = tool.version(clpi)
    if not version or not version[0].isdigit():
        failures.append("version: %r is not a version number" % version)
    print("version: %r" % version)

    with tempfile.TemporaryDirectory() as tmp:
        safe = ("?- p(0, X), X = 0.\np(0, X) :- p(0, Y), X < 10, Y = X + 1.\n"
                "p(0, X) :- error, X < 0.\n")
        unsafe = ("?- p(0, X), X = 0.\np(0, X) :- p(0, Y), X < 10, Y = X + 1.\n"
                  "p(0, X) :- error, X = 7.\n")
        runs = [("safe.clp", safe, [], "true"),
                ("unsafe.clp", unsafe, [], "false(unreach-call)"),
                # Options of the benchmark definition come before the file: a bound leaves
                # the loop undecided.
                ("safe.clp", safe, ["--strategy", "bounded", "--unroll", "2"], "unknown")]
        for name, text, options, want in runs:
            path = os.path.join(tmp, name)
            with open(path, "w") as f:
                f.write(text)
            cmd = tool.cmdline(clpi, options, Task(path, {"language": "C", "data_model": "ILP32"}), Limits(3))
            check("cmdline " + name, cmd[:5], [clpi, "verify", "--output", "sv-comp", "--quiet"])
            check("cmdline %s: last" % name, cmd[-1 - len(options):], options + [path])
            if "--timeout" not in cmd or cmd[cmd.index("--timeout") + 1] != "2":
                failures.append("cmdline %s: no --timeout 2 for a 3 s limit: %r" % (name, cmd))
            if "--data-model" not in cmd or cmd[cmd.index("--data-model") + 1] != "ilp32":
                failures.append("cmdline %s: the task's data model is not passed: %r" % (name, cmd))
            out = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
            check("determine_result %s %s" % (name, " ".join(options)),
                  tool.determine_result(Run(out.stdout, out.returncode)), want)
        check("determine_result of a timeout", tool.determine_result(
            Run("unknown\nUNKNOWN (timeout)\n", 5)), "unknown(timeout)")
        check("determine_result of bad input", tool.determine_result(
            Run("", 2)), "ERROR(bad input)")
    print("BenchExec itself:", "installed" if real else "not installed (a stand-in was used)")
    for f in failures:
        print("FAIL: " + f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
