#!/usr/bin/env python3
"""Differential test of clpi's minimax on random loop programs, against two independent judges.

Generates small programs (integer variables X, Y, Z with small initial values; one loop, two
loops in sequence, or two nested loops; random guards and updates with small constants; an
error check after the loops), writes each as CLP rules and as CHC (SMT-LIB Horn clauses), and
runs:
  - `clpi verify` (minimax, no bound): the verdict under test;
  - `clpi verify --strategy dse --unroll B`: plain path enumeration, no interpolation and no
    abstraction, the ground truth for UNSAFE within the bound;
  - `z3` (its Horn engine, Spacer) on the CHC form: the independent judge of SAFE;
  - `clpi verify --strategy bounded --unroll B`: interpolation and subsumption within the
    same bound as dse, which must give dse's verdict whenever both decide.
A wrong verdict is: bounded differing from dse; minimax SAFE where dse finds an error or Spacer says unsat; minimax UNSAFE
where Spacer says sat (clpi replays each counterexample itself, so this would be a bug of the
replay); any crash or internal error. Wrong programs are kept for study. UNKNOWN is never
wrong, only weaker: the table counts it.

With `--shapes straight` the programs have no loop but a chain of branches, some variables
free inputs: dse then explores every path and is the ground truth for both verdicts (the
shape that exercises interpolants of loop-free code, `--clpi-arg --slacken` among them).

The default test suite runs a few hundred programs with a fixed seed (deterministic); a
longer run is the same command with a larger --count.

    tools/bench/random_loops.py [--clpi build/clpi] [--count 300] [--seed 0] [--keep DIR]
                                [--shapes one,sequence,nested] [--clpi-arg ARG ...]
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile

VARS = ['X', 'Y', 'Z']
NEGATE = {'<': '>=', '<=': '>', '>': '<=', '>=': '<', '=': '!=', '!=': '='}


def rnd_expr(rng):
    v = rng.choice(VARS)
    c = rng.randint(0, 3)
    kind = rng.random()
    if kind < 0.4:
        return ('+', v, c)
    if kind < 0.6:
        return ('-', v, c)
    if kind < 0.8:
        return ('++', v, rng.choice(VARS))
    return ('c', c)


def guards(g):
    """A rule's guard: none, one condition, or a list of them (a conjunction)."""
    if g is None:
        return []
    return g if isinstance(g, list) else [g]


def rnd_cond(rng):
    return (rng.choice(VARS), rng.choice(['<', '<=', '>', '>=', '=', '!=']), rng.randint(-2, 6))


class Program:
    """Points are integers; rules are (from, to, guard or None, {var: expr}, kind)."""

    def __init__(self, seed, shapes=('one', 'one', 'sequence', 'nested')):
        rng = random.Random(seed)
        self.init = {v: rng.randint(0, 2) for v in VARS}
        self.rules = []
        self.next_point = 2
        shape = rng.choice(shapes)
        if shape == 'straight':
            self.straight(rng)
            return
        start = 1
        if rng.random() < 0.4:
            # A branch before the loops: a variable is set to a constant or left alone, so
            # two paths with different states reach the first loop (what a loop proved
            # under one must not be reused for the other unless it holds there too).
            joined, start = self.fresh(), self.fresh()
            self.rules.append((1, joined, None, {rng.choice(VARS): ('c', rng.randint(-1, 5))}, 'atom'))
            self.rules.append((1, joined, None, {}, 'atom'))
            self.rules.append((joined, start, None, {}, 'atom'))
        if shape == 'one':
            end = self.loop(rng, start, None)
        elif shape == 'sequence':
            middle = self.loop(rng, start, None)
            end = self.loop(rng, middle, None)
        else:
            end = self.loop(rng, start, 'nested')
        self.rules.append((end, 0, rnd_cond(rng), {}, 'error'))
        self.end = end

    def straight(self, rng):
        """A chain of two-way branches, no loop; one or two variables are free inputs."""
        for v in rng.sample(VARS, rng.randint(0, 1)):
            self.init[v] = None
        point = 1
        for _ in range(rng.randint(3, 10)):
            nxt = self.fresh()
            for _ in range(2):
                assigns = {v: rnd_expr(rng) for v in rng.sample(VARS, rng.randint(1, 2))}
                g = rnd_cond(rng) if rng.random() < 0.3 else None
                self.rules.append((point, nxt, g, assigns, 'atom'))
            point = nxt
        self.rules.append((point, 0, [rnd_cond(rng) for _ in range(rng.randint(1, 3))], {}, 'error'))
        self.end = point

    def fresh(self):
        p = self.next_point
        self.next_point += 1
        return p

    def loop(self, rng, head, inner):
        """A loop at `head` (guard, one or two update branches, maybe a nondeterministic exit);
        returns the point after it. With inner='nested', the body runs a loop of its own."""
        body, after = self.fresh(), self.fresh()
        guard = rnd_cond(rng)
        self.rules.append((head, body, guard, {}, 'atom'))
        self.rules.append((head, after, (guard[0], NEGATE[guard[1]], guard[2]), {}, 'atom'))
        if rng.random() < 0.3:
            self.rules.append((head, after, None, {}, 'atom'))
        if inner == 'nested':
            inner_head = self.fresh()
            self.rules.append((body, inner_head, None, {rng.choice(VARS): rnd_expr(rng)}, 'atom'))
            inner_after = self.loop(rng, inner_head, None)
            body = inner_after
        for _ in range(rng.randint(1, 2)):
            assigns = {v: rnd_expr(rng) for v in rng.sample(VARS, rng.randint(1, 2))}
            g = rnd_cond(rng) if rng.random() < 0.3 else None
            self.rules.append((body, head, g, assigns, 'atom'))
        return after

    def clp(self):
        def expr(e):
            k = e[0]
            return {'+': lambda: f"{e[1]} + {e[2]}", '-': lambda: f"{e[1]} - {e[2]}",
                    '++': lambda: f"{e[1]} + {e[2]}", 'c': lambda: str(e[1])}[k]()

        def cond(c):
            return f"{c[0]} {'=<' if c[1] == '<=' else c[1]} {c[2]}"
        lines = ["?- p(0, X, Y, Z).",
                 "p(0, X, Y, Z) :- " + ", ".join(
                     ["p(1, X1, Y1, Z1)"]
                     + [f"{v}1 = {self.init[v]}" for v in VARS if self.init[v] is not None]) + "."]
        for (f, t, g, a, kind) in self.rules:
            cs = [cond(c) for c in guards(g)]
            nxt = []
            for v in VARS:
                if v in a:
                    nxt.append(v + "1")
                    cs.append(f"{v}1 = {expr(a[v])}")
                else:
                    nxt.append(v)
            body = "error" if kind == 'error' else f"p({t}, {', '.join(nxt)})"
            lines.append(f"p({f}, X, Y, Z) :- " + ", ".join([body] + cs) + ".")
        lines.append(f"p({self.end}, X, Y, Z).")
        return "\n".join(lines) + "\n"

    def chc(self):
        m = {v: v.lower() for v in VARS}
        m1 = {v: v.lower() + "1" for v in VARS}

        def expr(e):
            k = e[0]
            if k == '+':
                return f"(+ {m[e[1]]} {e[2]})"
            if k == '-':
                return f"(- {m[e[1]]} {e[2]})"
            if k == '++':
                return f"(+ {m[e[1]]} {m[e[2]]})"
            return str(e[1])

        def cond(c):
            v, op, k = c
            kk = f"(- {-k})" if k < 0 else str(k)
            if op == '!=':
                return f"(not (= {m[v]} {kk}))"
            return f"({op} {m[v]} {kk})"
        points = sorted({r[0] for r in self.rules} | {r[1] for r in self.rules if r[4] == 'atom'})
        out = ["(set-logic HORN)"] + [f"(declare-fun p{k} (Int Int Int) Bool)" for k in points]
        decl = " ".join(f"({x} Int)" for x in ['x', 'y', 'z', 'x1', 'y1', 'z1'])
        out.append(f"(assert (forall ({decl}) (=> (and "
                   + " ".join(f"(= {m1[v]} {self.init[v]})" for v in VARS
                              if self.init[v] is not None)
                   + " true) (p1 x1 y1 z1))))")
        for (f, t, g, a, kind) in self.rules:
            cs = [cond(c) for c in guards(g)]
            args = []
            for v in VARS:
                if v in a:
                    cs.append(f"(= {m1[v]} {expr(a[v])})")
                    args.append(m1[v])
                else:
                    args.append(m[v])
            head = "false" if kind == 'error' else f"(p{t} {' '.join(args)})"
            out.append(f"(assert (forall ({decl}) (=> (and (p{f} x y z) {' '.join(cs)} true) "
                       f"{head})))")
        out.append("(check-sat)")
        return "\n".join(out) + "\n"


VERDICT = {0: "SAFE", 10: "UNSAFE", 5: "UNKNOWN"}


def clpi(binary, path, timeout, extra=()):
    r = subprocess.run([binary, "verify", "--quiet", "--timeout", str(timeout), *extra, path],
                       capture_output=True, text=True)
    return VERDICT.get(r.returncode, "exit %d" % r.returncode)


def spacer(path, timeout):
    try:
        out = subprocess.run(["z3", "-T:%d" % timeout, path], capture_output=True, text=True,
                             timeout=timeout + 10).stdout
    except subprocess.TimeoutExpired:
        return "timeout"
    return (out.split("\n")[0].strip() or "none")


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clpi", default=os.path.join(root, "build", "clpi"))
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=int, default=10, help="per run of each tool, seconds")
    ap.add_argument("--dse-unroll", type=int, default=8,
                    help="how often dse may repeat a point on a path (its search depth)")
    ap.add_argument("--keep", default="random-loops-disagreements",
                    help="where wrong programs are copied")
    ap.add_argument("--shapes", default="one,one,sequence,nested",
                    help="program shapes to draw from: one, sequence, nested (loops), straight")
    ap.add_argument("--clpi-arg", action="append", default=[],
                    help="extra argument for the minimax and bounded runs (repeatable)")
    a = ap.parse_args()
    rows = {}
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        clp, chc = os.path.join(tmp, "p.clp"), os.path.join(tmp, "p.smt2")
        for seed in range(a.seed, a.seed + a.count):
            prog = Program(seed, a.shapes.split(","))
            with open(clp, "w") as f:
                f.write(prog.clp())
            with open(chc, "w") as f:
                f.write(prog.chc())
            mm = clpi(a.clpi, clp, a.timeout, a.clpi_arg)
            dse = clpi(a.clpi, clp, a.timeout, ("--strategy", "dse", "--unroll", str(a.dse_unroll)))
            bounded = clpi(a.clpi, clp, a.timeout,
                           ("--strategy", "bounded", "--unroll", str(a.dse_unroll), *a.clpi_arg))
            z = spacer(chc, a.timeout)
            rows[(mm, dse, z)] = rows.get((mm, dse, z), 0) + 1
            why = None
            if any(v.startswith("exit") for v in (mm, dse, bounded)):
                why = "a run ended with an internal error or crash"
            elif bounded != dse and "UNKNOWN" not in (bounded, dse):
                why = "bounded %s, dse %s within the same bound" % (bounded, dse)
            elif mm == "SAFE" and dse == "UNSAFE":
                why = "minimax SAFE, dse found an error"
            elif mm == "UNSAFE" and dse == "SAFE":
                why = "minimax UNSAFE, dse explored every path safely"
            elif mm == "SAFE" and z == "unsat":
                why = "minimax SAFE, Spacer unsat"
            elif mm == "UNSAFE" and z == "sat":
                why = "minimax UNSAFE, Spacer sat"
            if why:
                bad += 1
                os.makedirs(a.keep, exist_ok=True)
                shutil.copy(clp, os.path.join(a.keep, "seed%d.clp" % seed))
                shutil.copy(chc, os.path.join(a.keep, "seed%d.smt2" % seed))
                print("WRONG seed %d: %s (minimax %s, dse %s, z3 %s)" % (seed, why, mm, dse, z),
                      flush=True)
    print("| minimax | dse --unroll %d | z3 (Spacer) | programs |" % a.dse_unroll)
    print("|---|---|---|---|")
    for (mm, dse, z), n in sorted(rows.items()):
        print("| %s | %s | %s | %d |" % (mm, dse, z, n))
    decided = sum(n for (mm, _, _), n in rows.items() if mm in ("SAFE", "UNSAFE"))
    print("minimax decided %d of %d programs" % (decided, a.count))
    # The closing line counts programs: passed = no wrong verdict.
    print("%d passed, %d failed" % (a.count - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
