# This file is part of clpi. It is a tool-info module for BenchExec
# (https://github.com/sosy-lab/benchexec): copy it to benchexec/tools/clpi.py, or put this
# folder on PYTHONPATH and name the tool `clpi` in a benchmark definition
# (<tool name="clpi"> needs the module on the path as `benchexec.tools.clpi`; with
# `tools.benchexec.clpi` BenchExec also accepts a full module name).
"""BenchExec tool-info module for clpi, a CLP-based verifier (minimax, interpolation).

clpi verifies C programs (SV-COMP conventions: reach_error, __VERIFIER_nondet_*), CLP
programs and CHC-COMP problems. Run as `clpi verify --output sv-comp [--timeout S] FILE`,
it prints `true`, `false(unreach-call)` or `unknown` first, and exits 0, 10 or 5.
"""

import os

import benchexec.result as result
import benchexec.tools.template


class Tool(benchexec.tools.template.BaseTool2):
    """clpi: SAFE is true, UNSAFE is false(unreach-call), UNKNOWN is unknown."""

    def executable(self, tool_locator):
        return tool_locator.find_executable("clpi", subdir="build")

    def program_files(self, executable):
        # What a run needs beside clpi: the C converter (C programs) and cvc5's checks
        # (--validate), which the build puts next to it.
        here = os.path.dirname(executable)
        beside = [os.path.join(here, f) for f in ("c2clp", "libclpi_cvc5.so")]
        return [executable] + [f for f in beside if os.path.exists(f)]

    def name(self):
        return "clpi"

    def project_url(self):
        return "https://github.com/clpi-verifier/clpi"

    def version(self, executable):
        # `clpi --version` prints "clpi X.Y.Z".
        text = self._version_from_tool(executable, arg="--version")
        return text.split()[-1] if text else ""

    def cmdline(self, executable, options, task, rlimits):
        cmd = [executable, "verify", "--output", "sv-comp", "--quiet"]
        # clpi's own time limit ends the search with UNKNOWN (timeout) and its statistics,
        # a little before BenchExec would kill it.
        if rlimits.cputime and "--timeout" not in options:
            cmd += ["--timeout", str(max(1, int(rlimits.cputime * 0.95)))]
        data_model = task.options.get("data_model") if isinstance(task.options, dict) else None
        if data_model and "--data-model" not in options:
            cmd += ["--data-model", data_model.lower()]
        return cmd + list(options) + [task.single_input_file]

    def determine_result(self, run):
        lines = [line.strip() for line in run.output if line.strip()]
        first = lines[0] if lines else ""
        if first == "true":
            return result.RESULT_TRUE_PROP
        if first.startswith("false(unreach-call)"):
            return result.RESULT_FALSE_REACH
        if first == "unknown":
            for line in lines:
                if line.startswith("UNKNOWN (timeout"):
                    return result.RESULT_UNKNOWN + "(timeout)"
            return result.RESULT_UNKNOWN
        if run.exit_code.value == 2:
            return result.RESULT_ERROR + "(bad input)"
        if run.exit_code.value == 6:
            return result.RESULT_ERROR + "(internal)"
        return result.RESULT_ERROR
