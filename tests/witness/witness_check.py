"""Checks an SV-COMP witness (format 2.0) that `clpi verify --witness` wrote for a C program.

Both kinds are validated against tests/witness/witness-2.0.schema.json. Then:
- a correctness witness (SAFE): every loop invariant stands at the keyword of a C loop, and
  is re-checked on the C program's CLP form: the C expression is read back (by this file,
  not by clpi) over the CLP variables of each head of its loop in the program c2clp makes,
  and Z3 must prove that the certificate's formula there implies it. The certificate is an
  inductive invariant of that program (cvc5 has validated it in the same run, --validate),
  so the loop invariant holds at every visit of the loop's head;
- a violation witness (UNSAFE): the target waypoint stands at the failing call and is the
  last waypoint; every branching waypoint stands at an `if`, `while`, `for` or `do`.

check_witness(...) returns the list of what failed (empty when all holds)."""
import json
import os
import re
import subprocess
import tempfile

import jsonschema
import yaml

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "witness-2.0.schema.json")


def load_schema():
    with open(SCHEMA, encoding="utf-8") as f:
        return json.load(f)


# ---- C expressions of the witnesses, read back -----------------------------------------

_TOKEN = re.compile(r"\s*(?:(\d+)(?:LL)?|([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)|(&&|\|\||==|!=|<=|>=|[<>!()*+-]))")


def tokens(text):
    text = text.replace("(long long)", "")  # a cast to a wider type keeps the value
    out, pos = [], 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            if text[pos:].strip() == "":
                break
            raise ValueError(f"cannot read the C expression at {text[pos:]!r}")
        pos = m.end()
        if m.group(1):
            out.append(("num", int(m.group(1))))
        elif m.group(2):
            out.append(("id", m.group(2)))
        else:
            out.append(("op", m.group(3)))
    return out


class CParser:
    """expr := and ('||' and)*; and := unit ('&&' unit)*; unit := '!' unit | '(' expr ')' |
    sum REL sum | number; sum := ['-'] term (('+'|'-') term)*; term := number ['*' name] | name."""

    def __init__(self, text):
        self.toks = tokens(text)
        self.i = 0

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else (None, None)

    def take(self, value=None):
        tok = self.peek()
        if value is not None and tok != ("op", value):
            raise ValueError(f"expected {value!r}, found {tok}")
        self.i += 1
        return tok

    def parse(self):
        e = self.expr()
        if self.i != len(self.toks):
            raise ValueError(f"unexpected {self.peek()}")
        return e

    def expr(self):
        parts = [self.conj()]
        while self.peek() == ("op", "||"):
            self.take()
            parts.append(self.conj())
        return ("or", parts) if len(parts) > 1 else parts[0]

    def conj(self):
        parts = [self.unit()]
        while self.peek() == ("op", "&&"):
            self.take()
            parts.append(self.unit())
        return ("and", parts) if len(parts) > 1 else parts[0]

    def unit(self):
        if self.peek() == ("op", "!"):
            self.take()
            return ("not", self.unit())
        if self.peek() == ("op", "("):
            self.take()
            e = self.expr()
            self.take(")")
            return e
        lhs = self.sum()
        kind, rel = self.peek()
        if kind == "op" and rel in ("==", "!=", "<=", ">=", "<", ">"):
            self.take()
            return ("rel", rel, lhs, self.sum())
        if len(lhs) == 1 and lhs[0][1] is None:  # a number alone: C truth
            return ("const", lhs[0][0] != 0)
        raise ValueError("a term where a condition was expected")

    def sum(self):
        sign = 1
        if self.peek() == ("op", "-"):
            self.take()
            sign = -1
        terms = [self.term(sign)]
        while self.peek() in (("op", "+"), ("op", "-")):
            sign = 1 if self.take()[1] == "+" else -1
            terms.append(self.term(sign))
        return terms

    def term(self, sign):
        kind, value = self.take()
        if kind == "num":
            if self.peek() == ("op", "*"):
                self.take()
                k, name = self.take()
                if k != "id":
                    raise ValueError("expected a variable after '*'")
                return (sign * value, name)
            return (sign * value, None)
        if kind == "id":
            return (sign, value)
        raise ValueError(f"unexpected {value!r}")


_SMT_REL = {"==": "=", "!=": "distinct", "<=": "<=", ">=": ">=", "<": "<", ">": ">"}


def c_to_smt(e, names):
    """SMT-LIB of a parsed C condition, C names -> CLP names (the witness's reading)."""
    kind = e[0]
    if kind == "const":
        return "true" if e[1] else "false"
    if kind == "not":
        return f"(not {c_to_smt(e[1], names)})"
    if kind in ("and", "or"):
        return f"({kind} {' '.join(c_to_smt(p, names) for p in e[1])})"
    _, rel, lhs, rhs = e

    def side(terms):
        out = []
        for coef, name in terms:
            if name is None:
                out.append(smt_int(coef))
                continue
            if name not in names:
                raise ValueError(f"the witness names `{name}`, not a variable in scope")
            out.append(f"|{names[name]}|" if coef == 1 else f"(* {smt_int(coef)} |{names[name]}|)")
        return out[0] if len(out) == 1 else f"(+ {' '.join(out)})"

    return f"({_SMT_REL[rel]} {side(lhs)} {side(rhs)})"


def smt_int(v):
    return str(v) if v >= 0 else f"(- {-v})"


_CLP_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_][\w']*)|(=<|<=|>=|!=|[=<>(),;*+-]))")


class ClpFormula:
    """A certificate formula in CLP syntax (`A, B ; C`, comparisons of linear terms, `mod`,
    `div`, `select` and `store`, `true`) as SMT-LIB."""

    def __init__(self, text):
        self.toks, pos = [], 0
        while pos < len(text):
            m = _CLP_TOKEN.match(text, pos)
            if not m or m.end() == pos:
                if text[pos:].strip() == "":
                    break
                raise ValueError(f"cannot read the certificate at {text[pos:]!r}")
            pos = m.end()
            self.toks.append(m.group(1) or m.group(2) or m.group(3))
        self.i = 0
        self.arrays = set()  # the variables read as arrays

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, want=None):
        tok = self.peek()
        if want is not None and tok != want:
            raise ValueError(f"expected {want!r} in the certificate, found {tok!r}")
        self.i += 1
        return tok

    def parse(self):
        f = self.disj()
        if self.peek() is not None:
            raise ValueError(f"unexpected {self.peek()!r} in the certificate")
        return f

    def disj(self):
        parts = [self.conj()]
        while self.peek() == ";":
            self.take()
            parts.append(self.conj())
        return parts[0] if len(parts) == 1 else f"(or {' '.join(parts)})"

    def conj(self):
        parts = [self.lit()]
        while self.peek() == ",":
            self.take()
            parts.append(self.lit())
        return parts[0] if len(parts) == 1 else f"(and {' '.join(parts)})"

    def lit(self):
        if self.peek() == "(":
            # A group of cases, or arithmetic in parentheses (`(1 + X) mod 4 = 0`): try the
            # first, and read a comparison when it does not end where a condition ends.
            start = self.i
            try:
                self.take()
                f = self.disj()
                self.take(")")
                if self.peek() in (",", ";", ")", None):
                    return f
            except ValueError:
                pass
            self.i = start
        if self.peek() in ("true", "false"):
            return self.take()
        lhs = self.sum()
        rel = self.take()
        rel = {"=<": "<=", "=": "=", "!=": "distinct"}.get(rel, rel)
        if rel not in ("<=", ">=", "<", ">", "=", "distinct"):
            raise ValueError(f"unexpected {rel!r} in the certificate")
        return f"({rel} {lhs} {self.sum()})"

    def sum(self):
        negative = False
        if self.peek() == "-":
            self.take()
            negative = True
        parts = [self.prod()]
        if negative:
            parts[0] = f"(- {parts[0]})"
        while self.peek() in ("+", "-"):
            op = self.take()
            p = self.prod()
            parts.append(p if op == "+" else f"(- {p})")
        return parts[0] if len(parts) == 1 else f"(+ {' '.join(parts)})"

    def prod(self):
        f = self.factor()
        while self.peek() in ("*", "mod", "div"):
            op = self.take()
            f = f"({op} {f} {self.factor()})"
        return f

    def factor(self):
        tok = self.take()
        if tok is None:
            raise ValueError("the certificate ends early")
        if tok == "(":
            f = self.sum()
            self.take(")")
            return f
        if tok.isdigit():
            return tok
        if tok in ("select", "store") and self.peek() == "(":
            # Arrays (C arrays): the first argument is an array variable or a store.
            self.take("(")
            array = self.array()
            args = [array, self.comma_sum()]
            if tok == "store":
                args.append(self.comma_sum())
            self.take(")")
            return f"({tok} {' '.join(args)})"
        if re.match(r"[A-Za-z_]", tok):
            return f"|{tok}|"
        raise ValueError(f"unexpected {tok!r} in the certificate")

    def comma_sum(self):
        self.take(",")
        return self.sum()

    def array(self):
        if self.peek() == "store":
            return self.factor()
        tok = self.take()
        if tok is None or not re.match(r"[A-Za-z_]", tok):
            raise ValueError(f"expected an array in the certificate, found {tok!r}")
        self.arrays.add(tok)
        return f"|{tok}|"


# ---- the checks ----------------------------------------------------------------------

def run(cmd, timeout):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def source_at(source, line, column):
    lines = source.splitlines()
    if not 1 <= line <= len(lines):
        return ""
    return lines[line - 1][column - 1:]


def check_witness(c2clp, c_file, witness_path, verdict, certificate, extra, timeout):
    failures = []
    try:
        with open(witness_path, encoding="utf-8") as f:
            doc = yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # C: fast on long witnesses
    except (OSError, yaml.YAMLError) as e:
        return [f"the witness cannot be read as YAML: {e}"]
    try:
        jsonschema.validate(doc, load_schema())
    except jsonschema.ValidationError as e:
        return [f"the witness does not follow the format 2.0 schema: {e.message} at {list(e.path)}"]
    entry = doc[0]
    with open(c_file, encoding="utf-8") as f:
        source = f.read()
    if entry["metadata"]["task"]["input_files"] != [c_file]:
        failures.append(f"the witness names {entry['metadata']['task']['input_files']}, not {c_file}")
    want = "invariant_set" if verdict == "safe" else "violation_sequence"
    if entry["entry_type"] != want:
        return failures + [f"a {verdict} answer came with a {entry['entry_type']} witness"]
    if verdict == "unsafe":
        waypoints = [s["waypoint"] for seg in entry["content"] for s in seg["segment"]]
        if waypoints[-1]["type"] != "target":
            failures.append("the last waypoint is not the target")
        for w in waypoints:
            loc = w["location"]
            text = source_at(source, loc["line"], loc["column"])
            # (a macro that expands to a branch, `assert`, stands where it is used)
            if w["type"] == "branching" and not re.match(r"(if|while|for|do|assert)\b", text):
                failures.append(f"a branching waypoint at {loc['line']}:{loc['column']} is not at a "
                                f"branching statement: {text[:40]!r}")
            if w["type"] == "target" and not re.match(r"(reach_error|__VERIFIER_error|__VERIFIER_assert|assert|__assert_fail)\s*\(", text):
                failures.append(f"the target at {loc['line']}:{loc['column']} is not a failing call: {text[:40]!r}")
        return failures
    # SAFE: every invariant, read back over the CLP variables of its loop's heads, follows
    # from the certificate there.
    formulas = {c["point"]: c for c in (certificate or [])}
    with tempfile.TemporaryDirectory() as work:
        map_file = os.path.join(work, "map.json")
        out = run([c2clp] + extra + [c_file, "-o", os.path.join(work, "program.clp"),
                                     "--witness-map", map_file], 60)
        if out.returncode != 0:
            return failures + [f"c2clp failed: {out.stderr[-400:]}"]
        with open(map_file, encoding="utf-8") as f:
            cmap = json.load(f)
        checks, labels = [], []
        for item in entry["content"]:
            inv = item["invariant"]
            loc = inv["location"]
            text = source_at(source, loc["line"], loc["column"])
            if not re.match(r"(while|for|do)\b", text):
                failures.append(f"a loop invariant at {loc['line']}:{loc['column']} is not at a loop: {text[:40]!r}")
            heads = [h for h in cmap["loops"] if (h["line"], h["column"], h["function"]) ==
                     (loc["line"], loc["column"], loc.get("function"))]
            if not heads:
                failures.append(f"no loop head of the program at {loc['line']}:{loc['column']}")
            # Each head, and the points runs that skip it reach with its state.
            for h, point in [(h, k) for h in heads for k in [h["point"]] + h.get("also_at", [])]:
                if h["bypassed"]:
                    failures.append(f"an invariant at line {loc['line']}, whose head runs skip untracked")
                    continue
                cert = formulas.get(f"p({point})")
                if cert is None:
                    failures.append(f"the certificate has no formula for p({point})")
                    continue
                names = {}
                for p in h["visible"]:
                    v = cmap["state"][p]
                    if v["c"] and (v["c"] not in names or v["scope"] != "global"):
                        names[v["c"]] = cert["variables"][p]
                try:
                    claim = c_to_smt(CParser(inv["value"]).parse(), names)
                    reader = ClpFormula(cert["formula"])
                    known = reader.parse()
                except ValueError as e:
                    failures.append(f"the invariant at line {loc['line']} cannot be checked: {e}")
                    continue
                decls = "".join(f"(declare-const |{v}| {'(Array Int Int)' if v in reader.arrays else 'Int'})"
                                for v in cert["variables"])
                checks.append(f"(push 1){decls}(assert {known})(assert (not {claim}))(check-sat)(pop 1)")
                labels.append(f"the loop invariant at line {loc['line']} (p({point}))")
        if not checks:
            return failures
        script = os.path.join(work, "implications.smt2")
        with open(script, "w", encoding="utf-8") as f:
            f.write("\n".join(checks) + "\n")
        out = run(["z3", "-T:%d" % timeout, script], timeout + 30)
        answers = out.stdout.split()
        for label, answer in zip(labels, answers):
            if answer != "unsat":
                failures.append(f"{label} does not follow from the certificate there (z3: {answer})")
        if len(answers) < len(labels):
            failures.append(f"z3 answered {len(answers)} of {len(labels)} checks: {out.stderr[-300:]}")
    return failures
