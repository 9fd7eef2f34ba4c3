#!/usr/bin/env python3
"""Differential test of clpi against Z3's Spacer on random loop programs.

Generates small programs (one loop with one or two branches over X, Y, Z, small constants,
an error check after the loop), writes each as CLP rules and as CHC (SMT-LIB Horn clauses),
runs `clpi verify` and `z3`, and counts the verdict pairs. A definite disagreement (SAFE
against unsat, UNSAFE against sat) is a bug in one of them: the program is kept for study.

    tools/bench/random_loops.py [--clpi build/clpi] [--count 200] [--seed 0] [--keep DIR]
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile


# Random one- or two-loop programs over X, Y, Z with small constants; CLP and CHC forms.
OPS = ['+', '-']
def rnd_expr(vars_):
    v = random.choice(vars_); c = random.randint(0, 3)
    kind = random.random()
    if kind < 0.4: return f"{v} + {c}", ('+', v, c)
    if kind < 0.6: return f"{v} - {c}", ('-', v, c)
    if kind < 0.8:
        w = random.choice(vars_); return f"{v} + {w}", ('++', v, w)
    return f"{c}", ('c', c)
def rnd_cond(vars_):
    v = random.choice(vars_); c = random.randint(-2, 6); op = random.choice(['<', '<=', '>', '>=', '=', '!='])
    return v, op, c
def smt_expr(e, m):
    k = e[0]
    if k == '+': return f"(+ {m[e[1]]} {e[2]})"
    if k == '-': return f"(- {m[e[1]]} {e[2]})"
    if k == '++': return f"(+ {m[e[1]]} {m[e[2]]})"
    return str(e[1])
def smt_cond(c, m):
    v, op, k = c
    kk = f"(- {-k})" if k < 0 else str(k)
    if op == '!=': return f"(not (= {m[v]} {kk}))"
    if op == '<=': return f"(<= {m[v]} {kk})"
    return f"({op} {m[v]} {kk})"
def clp_cond(c):
    v, op, k = c
    return f"{v} {'=<' if op == '<=' else op} {k}"
VARS = ['X', 'Y', 'Z']
def program(seed):
    random.seed(seed)
    rules = []  # (from, to, guard or None, assigns dict, kind)
    init = {v: random.randint(0, 2) for v in VARS}
    # point 1: loop head; 2: body a; 3: body b; back to 1; exit to 4; 4: check
    g = rnd_cond(VARS)
    rules.append((1, 2, g, {}, 'atom'))
    neg = (g[0], {'<': '>=', '<=': '>', '>': '<=', '>=': '<', '=': '!=', '!=': '='}[g[1]], g[2])
    rules.append((1, 4, neg, {}, 'atom'))
    rules.append((1, 4, None, {}, 'atom')) if random.random() < 0.3 else None
    for body_to in (1,):
        n_branches = random.randint(1, 2)
        for b in range(n_branches):
            assigns = {}
            for v in random.sample(VARS, random.randint(1, 2)):
                assigns[v] = rnd_expr(VARS)
            guard = rnd_cond(VARS) if random.random() < 0.3 else None
            rules.append((2, 1, guard, assigns, 'atom'))
    err = rnd_cond(VARS)
    rules.append((4, 0, err, {}, 'error'))
    return init, rules
def to_clp(init, rules):
    lines = ["?- p(0, X, Y, Z).", "p(0, X, Y, Z) :- p(1, X1, Y1, Z1), " + ", ".join(f"{v}1 = {init[v]}" for v in VARS) + "."]
    for (f, t, g, a, kind) in rules:
        cs = []
        if g: cs.append(clp_cond(g))
        nxt = []
        for v in VARS:
            if v in a: nxt.append(v + "1"); cs.append(f"{v}1 = {a[v][0]}")
            else: nxt.append(v)
        body = "error" if kind == 'error' else f"p({t}, {', '.join(nxt)})"
        lines.append(f"p({f}, X, Y, Z) :- " + ", ".join([body] + cs) + ".")
    lines.append("p(4, X, Y, Z).")
    return "\n".join(lines) + "\n"
def to_chc(init, rules):
    out = ["(set-logic HORN)"] + [f"(declare-fun p{k} (Int Int Int) Bool)" for k in (1, 2, 4)]
    m = {v: v.lower() for v in VARS}; m1 = {v: v.lower() + "1" for v in VARS}
    decl = " ".join(f"({x} Int)" for x in ['x','y','z','x1','y1','z1'])
    out.append(f"(assert (forall ({decl}) (=> (and " + " ".join(f"(= {m1[v]} {init[v]})" for v in VARS) + f" true) (p1 x1 y1 z1))))")
    for (f, t, g, a, kind) in rules:
        cs = []
        if g: cs.append(smt_cond(g, m))
        args = []
        for v in VARS:
            if v in a: cs.append(f"(= {m1[v]} {smt_expr(a[v][1], m)})"); args.append(m1[v])
            else: args.append(m[v])
        head = "false" if kind == 'error' else f"(p{t} {' '.join(args)})"
        out.append(f"(assert (forall ({decl}) (=> (and (p{f} x y z) {' '.join(cs)} true) {head})))")
    out.append("(check-sat)")
    return "\n".join(out) + "\n"

def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clpi", default=os.path.join(root, "build", "clpi"))
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=int, default=20)
    ap.add_argument("--keep", default="random-loops-disagreements")
    a = ap.parse_args()
    pairs = {}
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        clp, chc = os.path.join(tmp, "p.clp"), os.path.join(tmp, "p.smt2")
        for seed in range(a.seed, a.seed + a.count):
            init, rules = program(seed)
            with open(clp, "w") as f:
                f.write(to_clp(init, rules))
            with open(chc, "w") as f:
                f.write(to_chc(init, rules))
            try:
                z = subprocess.run(["z3", "-T:%d" % a.timeout, chc], capture_output=True,
                                   text=True, timeout=a.timeout + 10).stdout.split("\n")[0].strip()
            except subprocess.TimeoutExpired:
                z = "timeout"
            r = subprocess.run([a.clpi, "verify", "--quiet", "--timeout", str(a.timeout), clp],
                               capture_output=True, text=True)
            c = {0: "SAFE", 10: "UNSAFE", 5: "UNKNOWN"}.get(r.returncode, "exit %d" % r.returncode)
            pairs[(z, c)] = pairs.get((z, c), 0) + 1
            wrong = (z == "sat" and c == "UNSAFE") or (z == "unsat" and c == "SAFE") or c.startswith("exit")
            if wrong:
                bad += 1
                os.makedirs(a.keep, exist_ok=True)
                shutil.copy(clp, os.path.join(a.keep, "seed%d.clp" % seed))
                shutil.copy(chc, os.path.join(a.keep, "seed%d.smt2" % seed))
                print("!! seed %d: z3 %s, clpi %s" % (seed, z, c), flush=True)
    print("| z3 (Spacer) | clpi | programs |")
    print("|---|---|---|")
    for (z, c), n in sorted(pairs.items()):
        print("| %s | %s | %d |" % (z, c, n))
    print("disagreements: %d of %d" % (bad, a.count))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
