#!/usr/bin/env python3
"""Query mutants of safe CHC problems, to check clpi's import against Spacer on unsafe ones too.

Every problem of extra-small-lia is safe, so a translation that loses states would go
unnoticed there. A mutant is a safe problem plus one more query,
`P(a0, ..., an) /\\ a_i >= K => false` (or `a_i <= -K`): the original queries stay
unreachable, so the mutant is unsafe exactly when some reachable state of P has
a_i >= K. Many are unsafe, with counterexamples of various depths, some stay safe. The
`:status` line is removed, so the harness has no expectation and judges by agreement:
run the mutants with chc_harness.py and look for `!!! DISAGREE`.

    tools/bench/chc_mutants.py build/extra-small-lia build/bench/mutants-in
    (--per-problem 2: at most two of each problem, for a folder of problems of all sizes)
    tools/bench/chc_harness.py build/bench/mutants-in --timeout 10 --out build/bench/mutants
"""

import argparse
import glob
import os
import random
import re

DECLARATION = re.compile(r"\(declare-fun (\S+) \(([^)]*)\) Bool\)")
BOUNDS = ((">=", 3), ("<=", -3), (">=", 40))


def mutants_of(path):
    """(file name, text) of every mutant of one problem."""
    text = open(path).read().replace("(set-info :status sat)", "").replace(
        "(set-info :status unsat)", "")
    base = os.path.basename(path)[:-len(".smt2")]
    for name, signature in DECLARATION.findall(text):
        sorts = signature.split()
        if any(s != "Int" for s in sorts):
            continue
        variables = " ".join("(a%d Int)" % k for k in range(len(sorts)))
        args = " ".join("a%d" % k for k in range(len(sorts)))
        for i in range(len(sorts)):
            for op, bound in BOUNDS:
                # SMT-LIB writes a negative number as `(- 3)`: `-3` is a symbol, which Z3
                # reads as a number and cvc5 does not.
                literal = str(bound) if bound >= 0 else "(- %d)" % -bound
                query = "(assert (forall (%s) (=> (and (%s %s) (%s a%d %s)) false)))\n" % (
                    variables, name, args, op, i, literal)
                label = "%s__%s_%d_%s%d" % (base, name, i, "ge" if op == ">=" else "le",
                                            abs(bound))
                yield label + ".smt2", text.replace("(check-sat)", query + "(check-sat)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[1:]))
    ap.add_argument("source", help="folder of safe .smt2 problems")
    ap.add_argument("target", help="folder to write the mutants into")
    ap.add_argument("--count", type=int, default=140, help="mutants to keep (default 140)")
    ap.add_argument("--seed", type=int, default=7, help="seed of the sample (default 7)")
    ap.add_argument("--per-problem", type=int, default=0, metavar="N",
                    help="at most N mutants of each problem (default: no limit; a problem of "
                         "many predicates and arguments otherwise fills most of the sample)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    every = []
    for p in sorted(glob.glob(os.path.join(args.source, "*.smt2"))):
        mutants = list(mutants_of(p))
        if args.per_problem > 0:
            rng.shuffle(mutants)
            mutants = mutants[:args.per_problem]
        every += mutants
    rng.shuffle(every)
    os.makedirs(args.target, exist_ok=True)
    for name, text in every[:args.count]:
        with open(os.path.join(args.target, name), "w") as f:
            f.write(text)
    print("%d mutants possible, %d written to %s" % (len(every), min(args.count, len(every)),
                                                      args.target))


if __name__ == "__main__":
    main()
