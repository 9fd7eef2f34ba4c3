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

Further shapes, each a family of loops whose proofs need a particular kind of invariant, with
error checks drawn so that some hold and some fail (an exact invariant, the same off by one, a
bound that the loop does or does not reach); none is in the default mix:
  - `coefficients`: variables moved in step by different constants in one loop body
    (`X += 1; Y += 2`, `X += 3; Y -= 2`), sometimes one branch moving one of them differently;
    the check compares a linear combination (`Y != 2*X`, `2*Y + 3*X = c`): relational
    invariants with coefficients;
  - `steps`: `while (X > L) X -= c` with c >= 2 (maybe counting the iterations in Y, maybe from
    a free start kept in Z); checks such as `X <= L - c`, `X > L`, `c*Y + X != Z`;
  - `flags`: a counter X moved up or down by a 0/1 direction flag Y that flips at 0 and at a
    bound M (`X += 2*Y - 1`, `Y = 1 - Y`), sometimes with the bound test off by one; the check
    is a bound on X, on Y, or on both;
  - `phases`: `while (X < N) { if (X > K) Y += d1 else Y += d2; X++ }` (or the two phases
    counted in Y and Z); the check is a relation between X, Y and Z at the exit;
  - `counters`: nested loops, the inner counter Y running from 0 up to the outer counter X
    (`0 <= Y <= X`, sometimes off by one or left early), Z counting the inner steps; checks at
    the inner head, after the inner loop and after both;
  - `remainders`: X counting up, a branch on `X mod m` moving Y by one step or another
    (`m*Y` against X, a parity), or on `X div m` moving X by 1 or by m (or m + 1) from a
    threshold on; the check is a relation of X and Y, or a remainder of X past a bound.
Their loops run at most about 20 times, or exit nondeterministically, or run up to a free
input, so that dse decides many of them within its bound and Spacer all of them quickly.

The default test suite runs a few hundred programs with a fixed seed (deterministic); a
longer run is the same command with a larger --count.

    tools/bench/random_loops.py [--clpi build/clpi] [--count 300] [--seed 0] [--keep DIR]
                                [--shapes one,sequence,nested] [--clpi-arg ARG ...]
    tools/bench/random_loops.py --shapes coefficients,steps,flags,phases,counters,remainders --count 200
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
from math import gcd

VARS = ['X', 'Y', 'Z']
NEGATE = {'<': '>=', '<=': '>', '>': '<=', '>=': '<', '=': '!=', '!=': '='}
LOOP_SHAPES = ['one', 'sequence', 'nested', 'straight']
NEW_SHAPES = ['coefficients', 'steps', 'flags', 'phases', 'counters', 'remainders']
SHAPES = LOOP_SHAPES + NEW_SHAPES

# Beyond rnd_expr's forms, an update may be ('lin', ((coef, var), ...), const), the linear
# sum coef*var + ... + const; and the first element of a condition (var, op, const) may be
# such a sum of ((coef, var), ...) in place of a single variable, or ('mod', var, k) or
# ('div', var, k): var mod k, var div k (k >= 2, rounding down as SMT-LIB's do).


def lin_clp(terms):
    """A sum of (coef, var) as CLP text: `2*X - Y`."""
    out = ""
    for c, v in terms:
        if c == 0:
            continue
        mag = "" if abs(c) == 1 else f"{abs(c)}*"
        if not out:
            out = ("-" if c < 0 else "") + mag + v
        else:
            out += (" - " if c < 0 else " + ") + mag + v
    return out or "0"


def num_chc(k):
    return f"(- {-k})" if k < 0 else str(k)


def lin_chc(terms, m):
    """A sum of (coef, var) as an SMT-LIB term, with m naming the variables."""
    parts = []
    for c, v in terms:
        if c == 0:
            continue
        parts.append(m[v] if c == 1 else f"(- {m[v]})" if c == -1
                     else f"(* {num_chc(c)} {m[v]})")
    if not parts:
        return "0"
    return parts[0] if len(parts) == 1 else f"(+ {' '.join(parts)})"


def lin(*pairs):
    """lin(2, 'X', -1, 'Y') -> ((2, 'X'), (-1, 'Y'))."""
    return tuple((pairs[i], pairs[i + 1]) for i in range(0, len(pairs), 2))


def add(v, c):
    """The update var + c, as rnd_expr writes it."""
    return ('+', v, c) if c >= 0 else ('-', v, -c)


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
        if shape in NEW_SHAPES:
            getattr(self, shape)(rng)
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

    # --- The shapes of NEW_SHAPES: each sets self.init, its rules and self.end. ---

    def loop_rules(self, head, body, after, guard, nondet_exit=False):
        """head -> body under guard (a single condition; None: always), head -> after under its
        negation; with no guard, or with nondet_exit, the loop may also be left at any time."""
        self.rules.append((head, body, guard, {}, 'atom'))
        if guard is not None:
            self.rules.append((head, after, (guard[0], NEGATE[guard[1]], guard[2]), {}, 'atom'))
        if guard is None or nondet_exit:
            self.rules.append((head, after, None, {}, 'atom'))

    def error(self, point, conds):
        self.rules.append((point, 0, conds, {}, 'error'))

    def coefficients(self, rng):
        """Variables moved in step by different constants; the check is a linear relation."""
        step = {'X': rng.randint(1, 3), 'Y': rng.choice([-3, -2, -1, 1, 2, 3])}
        z = rng.random()
        if z < 0.3:
            step['Z'] = 1                      # an iteration counter
        elif z < 0.5:
            step['Z'] = rng.choice([-2, 2, 3])
        self.init = {'X': rng.randint(0, 2), 'Y': rng.randint(-2, 2), 'Z': 0}
        head, body, after = self.fresh(), self.fresh(), self.fresh()
        entry = None
        e = rng.random()
        if e < 0.45:                           # while (X < N) or while (Z < N), Z counting
            v = 'Z' if step.get('Z') == 1 else 'X'
            guard = (v, '<', rng.randint(2, 20) if v == 'X' else rng.randint(2, 10))
        elif e < 0.65 and 'Z' not in step:     # while (X < Z), Z a free input
            self.init['Z'] = None
            entry = [('Z', '>=', 0)] + ([('Z', '<=', 20)] if rng.random() < 0.5 else [])
            guard = (lin(1, 'X', -1, 'Z'), '<', 0)
        else:                                  # while (*)
            guard = None
        self.rules.append((1, head, entry, {}, 'atom'))
        self.loop_rules(head, body, after, guard, rng.random() < 0.2)
        update = {v: add(v, s) for v, s in step.items()}
        if rng.random() < 0.35:
            # if (X op K) one variable moves by another step: the relation may break.
            w = rng.choice([v for v in step if v != 'X' and step[v] != 1])  \
                if any(v != 'X' and step[v] != 1 for v in step) else 'Y'
            g = ('X', rng.choice(['>', '=', '>=']), rng.randint(0, 12))
            odd = dict(update)
            odd[w] = add(w, step[w] + rng.choice([-1, 1]))
            self.rules.append((body, head, g, odd, 'atom'))
            self.rules.append((body, head, (g[0], NEGATE[g[1]], g[2]), update, 'atom'))
        else:
            self.rules.append((body, head, None, update, 'atom'))
        # su*w - sw*u is constant along the loop (divided by their gcd).
        u, w = rng.sample(sorted(step), 2)
        su, sw = step[u], step[w]
        g = gcd(su, sw)
        a, b = sw // g, -su // g
        if rng.random() < 0.5:
            a, b = -a, -b
        const = a * (self.init[u] or 0) + b * (self.init[w] or 0)
        op = rng.choice(['!=', '!=', '=', '=', '>', '<', '>=', '<='])
        cond = [(lin(a, u, b, w), op, const + rng.choice([0, 0, 0, 1, -1, 2, -2]))]
        if rng.random() < 0.25:
            cond.append(('X', rng.choice(['>', '>=', '<']), rng.randint(0, 10)))
        self.error(head if rng.random() < 0.25 else after, cond)
        self.end = after

    def steps(self, rng):
        """while (X > L) X -= c, c >= 2; maybe Y counting the iterations, Z keeping the start."""
        c = rng.randint(2, 4)
        low = 0 if rng.random() < 0.7 else rng.randint(-2, 3)
        count = rng.random() < 0.5
        self.init = {'X': rng.randint(0, 20), 'Y': 0, 'Z': 0}
        head, body, after = self.fresh(), self.fresh(), self.fresh()
        start = rng.random()
        r = 0
        if start < 0.2:                        # X = Z free, X >= L (maybe <= 20)
            self.init['X'] = self.init['Z'] = None
            entry = [('X', '>=', low)] + ([('X', '<=', 20)] if rng.random() < 0.5 else [])
            self.rules.append((1, head, entry, {'Z': ('lin', lin(1, 'X'), 0)}, 'atom'))
            x0 = lin(1, 'Z')                   # X's start, as a sum
        elif start < 0.35:                     # X = c*Z + r, Z free, 0 <= Z <= 8
            self.init['X'] = self.init['Z'] = None
            r = rng.randint(0, c - 1)
            entry = [('Z', '>=', 0), ('Z', '<=', 8)]
            self.rules.append((1, head, entry, {'X': ('lin', lin(c, 'Z'), r)}, 'atom'))
            x0 = lin(c, 'Z')
        else:
            self.rules.append((1, head, None, {}, 'atom'))
            x0 = ()
        self.loop_rules(head, body, after, ('X', '>', low), rng.random() < 0.15)
        update = {'X': ('-', 'X', c)}
        if count:
            update['Y'] = ('+', 'Y', 1)
        self.rules.append((body, head, None, update, 'atom'))
        checks = [[('X', '<=', low - c)], [('X', '<=', low - c + 1)], [('X', '<', low)],
                  [('X', '>', low)], [('X', '!=', low)], [('X', '>=', low)],
                  [('X', '<', low - rng.randint(1, c))]]
        if count:
            # c*Y + X = X's start (+ r): exact, then off by one.
            rel = lin(c, 'Y', 1, 'X') + tuple((-k, v) for k, v in x0)
            base = self.init['X'] if self.init['X'] is not None else r
            checks += [[(rel, '!=', base)], [(rel, '!=', base + rng.choice([-1, 1]))],
                       [(rel, '>', base)], [(rel, '=', base + rng.choice([-1, 1]))],
                       [('Y', '<', 0)]]
            if self.init['X'] is not None:
                n = max(0, -(-(self.init['X'] - low) // c))   # iterations: ceil((x0-L)/c)
                checks += [[('Y', '>', n)], [('Y', '>=', n)], [('Y', '<', n)]]
        cond = rng.choice(checks)
        if rng.random() < 0.2:
            cond = cond + rng.choice(checks)
        self.error(after, cond)
        self.end = after

    def flags(self, rng):
        """A counter X moved up (Y = 1) or down (Y = 0) between 0 and M, Y flipping at the ends."""
        m = rng.randint(1, 6)
        self.init = {'X': rng.randint(0, min(m, 2)), 'Y': rng.randint(0, 1), 'Z': 0}
        head, body, after = self.fresh(), self.fresh(), self.fresh()
        self.rules.append((1, head, None, {}, 'atom'))
        counted = rng.random() < 0.5
        if counted:                            # while (Z < N) ... Z++
            n = rng.randint(2, 20)
            self.loop_rules(head, body, after, ('Z', '<', n), rng.random() < 0.2)
        else:                                  # while (*)
            self.loop_rules(head, body, after, None)
        up, down = ('X', '<', m), ('X', '>', 0)
        bug = rng.random()
        if bug < 0.15:
            up = ('X', '<=', m)                # climbs to M + 1
        elif bug < 0.3:
            down = ('X', '>=', 0)              # sinks to -1
        one = ('Y', '=', 1) if rng.random() < 0.5 else ('Y', '>=', 1)
        zero = ('Y', '=', 0) if rng.random() < 0.5 else ('Y', '<=', 0)
        if rng.random() < 0.5:                 # X += 2*Y - 1; Y = 1 - Y
            move = ('lin', lin(1, 'X', 2, 'Y'), -1)
            flip = ('lin', lin(-1, 'Y'), 1)
            cases = [([one, up], {'X': move}), ([one, (up[0], NEGATE[up[1]], up[2])], {'Y': flip}),
                     ([zero, down], {'X': move}),
                     ([zero, (down[0], NEGATE[down[1]], down[2])], {'Y': flip})]
        else:
            cases = [([one, up], {'X': ('+', 'X', 1)}),
                     ([one, (up[0], NEGATE[up[1]], up[2])], {'Y': ('c', 0)}),
                     ([zero, down], {'X': ('-', 'X', 1)}),
                     ([zero, (down[0], NEGATE[down[1]], down[2])], {'Y': ('c', 1)})]
        for g, a in cases:
            if counted:
                a = dict(a, Z=('+', 'Z', 1))
            self.rules.append((body, head, g, a, 'atom'))
        checks = [[('X', '>', m)], [('X', '>=', m)], [('X', '>', m - 1)], [('X', '<', 0)],
                  [('X', '<', 1)], [('Y', '>', 1)], [('Y', '<', 0)],
                  [('Y', '=', 0), ('X', '=', m)], [('Y', '=', 1), ('X', '=', 0)],
                  [('Y', '=', 0), ('X', '>', m - 1)],
                  [(lin(1, 'X', 1, 'Y'), '>', m + 1)], [(lin(1, 'X', 1, 'Y'), '>', m)],
                  [(lin(1, 'X', -1, 'Y'), '<', -1)], [(lin(1, 'X', -1, 'Y'), '<', 0)]]
        if counted:
            x0 = self.init['X']
            checks += [[(lin(1, 'X', -1, 'Z'), '>', x0)], [(lin(1, 'X', -1, 'Z'), '>=', x0)],
                       [(lin(1, 'X', 1, 'Z'), '<', x0)], [('Z', '>', n)], [('Z', '<', n)]]
        for _ in range(rng.randint(1, 2)):
            self.error(head if rng.random() < 0.3 else after, rng.choice(checks))
        self.end = after

    def phases(self, rng):
        """while (X < N) { if (X > K) Y += d1 else Y += d2; X++ } or the phases counted in Y, Z."""
        k = rng.randint(0, 12)
        op = rng.choice(['>', '>='])
        kk = k if op == '>' else k - 1          # the second phase runs from X = kk + 1 on
        split = rng.random() < 0.3
        d1, d2 = rng.sample([-1, 0, 1, 2], 2)
        y0 = 0 if split else rng.randint(-2, 2)
        self.init = {'X': 0, 'Y': y0, 'Z': 0}
        head, body, after = self.fresh(), self.fresh(), self.fresh()
        e = rng.random()
        n = None
        entry = None
        if e < 0.5:
            n = rng.randint(1, 20)
            guard = ('X', '<', n)
        elif e < 0.7 and not split:            # while (X < Z), Z a free input
            self.init['Z'] = None
            entry = [('Z', '>=', 0)] + ([('Z', '<=', 20)] if rng.random() < 0.5 else [])
            guard = (lin(1, 'X', -1, 'Z'), '<', 0)
        else:
            guard = None
        self.rules.append((1, head, entry, {}, 'atom'))
        self.loop_rules(head, body, after, guard, guard is not None and rng.random() < 0.15)
        if split:
            late, early = {'Z': ('+', 'Z', 1)}, {'Y': ('+', 'Y', 1)}
        else:
            late = {'Y': add('Y', d1)} if d1 else {}
            early = {'Y': add('Y', d2)} if d2 else {}
        late['X'] = early['X'] = ('+', 'X', 1)
        self.rules.append((body, head, ('X', op, k), late, 'atom'))
        self.rules.append((body, head, ('X', NEGATE[op], k), early, 'atom'))
        off = rng.choice([0, 0, 1, -1])
        if split:
            checks = [[(lin(1, 'Y', 1, 'Z', -1, 'X'), '!=', off)],
                      [('Y', '>', kk + 1 + off)], [('Y', '>=', kk + 1)],
                      [(lin(1, 'Z', -1, 'X'), '<', -kk - 1 + off)],
                      [('X', '>', kk + 1), (lin(1, 'Y'), '!=', kk + 1 + off)],
                      [('X', '<=', kk + 1), (lin(1, 'Y', -1, 'X'), '!=', off)],
                      [('Z', '>', 0), ('Y', '<', kk + 1 + off)]]
        else:
            cb = y0 + (d2 - d1) * (kk + 1)       # Y - d1*X in the second phase
            checks = [[('X', '>', kk + 1), (lin(1, 'Y', -d1, 'X'), '!=', cb + off)],
                      [('X', '<=', kk + 1), (lin(1, 'Y', -d2, 'X'), '!=', y0 + off)],
                      [(lin(1, 'Y', -d1, 'X'), '!=', cb + off)],
                      [(lin(1, 'Y', -d2, 'X'), '!=', y0 + off)],
                      [(lin(1, 'Y', -d1, 'X'), rng.choice(['<', '>']), cb + off)]]
            if n is not None:
                yf = y0 + d2 * min(n, kk + 1) + d1 * max(0, n - kk - 1)
                checks += [[('Y', '!=', yf + off)], [('Y', '>', yf + off)],
                           [('Y', '<', yf + off)]]
        self.error(after, rng.choice(checks))
        self.end = after

    def remainders(self, rng):
        """X counts up; a branch on X mod m moves Y by a or b, or one on X div m moves X by 1
        below a threshold and by m (or m + 1) above it."""
        m = rng.randint(2, 4)
        self.init = {'X': rng.randint(0, 2), 'Y': 0, 'Z': 0}
        head, body, after = self.fresh(), self.fresh(), self.fresh()
        self.rules.append((1, head, None, {}, 'atom'))
        n = rng.randint(4, 24)
        self.loop_rules(head, body, after, ('X', '<', n) if rng.random() < 0.7 else None,
                        rng.random() < 0.2)
        if rng.random() < 0.6:                 # if (X mod m == r) Y += a; else Y += b; X++
            r = rng.randint(0, m - 1)
            a, b = rng.choice([(1, 0), (2, 0), (1, 1), (0, 1), (2, 1), (1, 2)])
            g = (('mod', 'X', m), '=', r)
            self.rules.append((body, head, g, {'X': add('X', 1), 'Y': add('Y', a)}, 'atom'))
            self.rules.append((body, head, (g[0], '!=', r), {'X': add('X', 1), 'Y': add('Y', b)},
                               'atom'))
            c = rng.randint(-m, m)
            checks = [[(lin(m, 'Y', -1, 'X'), rng.choice(['>', '<', '!=', '=']), c)],
                      [(lin(m, 'Y', -a - (m - 1) * b, 'X'), rng.choice(['>', '<']), c)],
                      [(('mod', 'X', m), '=', rng.randint(0, m - 1)), ('Y', '>', rng.randint(0, 8))],
                      [(lin(1, 'Y', -2, 'X'), '>', c)]]
        else:                                  # if (X div m >= k) X += s; else X += 1
            k = rng.randint(1, 4)
            step = m if rng.random() < 0.7 else m + 1
            g = (('div', 'X', m), '>=', k)
            self.rules.append((body, head, g, {'X': add('X', step), 'Z': add('Z', 1)}, 'atom'))
            self.rules.append((body, head, (g[0], '<', k), {'X': add('X', 1), 'Z': add('Z', 1)},
                               'atom'))
            checks = [[(('mod', 'X', m), '!=', 0), ('X', '>', k * m + rng.randint(-1, 2))],
                      [(('mod', 'X', m), '=', rng.randint(1, m - 1)), ('Z', '>', k * m)],
                      [(lin(1, 'X', -1, 'Z'), '<', 0)], [('X', '>', n + step)]]
        for _ in range(rng.randint(1, 2)):
            self.error(head if rng.random() < 0.3 else after, rng.choice(checks))
        self.end = after

    def counters(self, rng):
        """Nested loops: the inner counter Y runs between 0 and the outer X; Z counts its steps."""
        self.init = {'X': 0, 'Y': 0, 'Z': 0}
        oh, ob, ih, ib, ia, oa = (self.fresh() for _ in range(6))
        self.rules.append((1, oh, None, {}, 'atom'))
        n = rng.randint(1, 5)
        if rng.random() < 0.7:                 # for (X = 0; X < N; X++)
            self.loop_rules(oh, ob, oa, ('X', '<', n), rng.random() < 0.15)
        else:
            n = None
            self.loop_rules(oh, ob, oa, None)
        down = rng.random() < 0.3
        bug = rng.random() < 0.2
        early = rng.random() < 0.15            # the inner loop may stop at any time
        yx = lin(1, 'Y', -1, 'X')
        if down:                               # for (Y = X; Y > 0; Y--)
            self.rules.append((ob, ih, None, {'Y': ('lin', lin(1, 'X'), 0)}, 'atom'))
            self.loop_rules(ih, ib, ia, ('Y', '>=' if bug else '>', 0), early)
            step = {'Y': ('-', 'Y', 1)}
        else:                                  # for (Y = 0; Y < X; Y++)
            self.rules.append((ob, ih, None, {'Y': ('c', 0)}, 'atom'))
            self.loop_rules(ih, ib, ia, (yx, '<=' if bug else '<', 0), early)
            step = {'Y': ('+', 'Y', 1)}
        step['Z'] = ('+', 'Z', 1)
        self.rules.append((ib, ih, None, step, 'atom'))
        self.rules.append((ia, oh, None, {'X': ('+', 'X', 1)}, 'atom'))
        at = {ih: [[(yx, '>', 0)], [('Y', '<', 0)], [(yx, '>=', 0)], [(yx, '>', -1)],
                   [(lin(1, 'Z', -1, 'Y'), '<', 0)], [(lin(1, 'X', -1, 'Y'), '<', 0)],
                   [('Y', '<', 0), ('X', '>', 0)]],
              ia: [[(yx, '!=', 0)], [(yx, '<', 0)], [(yx, '>', 0)], [(lin(1, 'Z', -1, 'X'), '<', 0)],
                   [('Y', '!=', 0)] if down else [('Y', '>', 0), ('X', '=', 0)]],
              oa: [[(lin(1, 'Z', -1, 'X'), '<', -1)], [(lin(1, 'Z', -1, 'X'), '<', 0)],
                   [('Z', '<', 0)], [(lin(2, 'Z', -1, 'X'), '<', -1)]]}
        if n is not None:
            tri = n * (n - 1) // 2
            at[oa] += [[('X', '!=', n)], [('Z', '>', tri)], [('Z', '>=', tri)],
                       [('Z', '<', tri)], [('X', '=', n), ('Z', '!=', tri)]]
        for _ in range(rng.randint(1, 2)):
            point = rng.choice([ih, ih, ia, oa])
            self.error(point, rng.choice(at[point]))
        self.end = oa

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
            if k == 'lin':
                if not any(c for c, _ in e[1]):
                    return str(e[2])
                return lin_clp(e[1]) + (f" + {e[2]}" if e[2] > 0 else f" - {-e[2]}" if e[2] < 0
                                        else "")
            return {'+': lambda: f"{e[1]} + {e[2]}", '-': lambda: f"{e[1]} - {e[2]}",
                    '++': lambda: f"{e[1]} + {e[2]}", 'c': lambda: str(e[1])}[k]()

        def cond(c):
            if isinstance(c[0], str):
                v = c[0]
            elif c[0][0] in ('mod', 'div'):
                v = f"{c[0][1]} {c[0][0]} {c[0][2]}"
            else:
                v = lin_clp(c[0])
            return f"{v} {'=<' if c[1] == '<=' else c[1]} {c[2]}"
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
            if k == 'lin':
                if not any(c for c, _ in e[1]):
                    return num_chc(e[2])
                t = lin_chc(e[1], m)
                return f"(+ {t} {num_chc(e[2])})" if e[2] else t
            return str(e[1])

        def cond(c):
            v, op, k = c
            if isinstance(v, str):
                t = m[v]
            elif v[0] in ('mod', 'div'):
                t = f"({v[0]} {m[v[1]]} {v[2]})"
            else:
                t = lin_chc(v, m)
            kk = f"(- {-k})" if k < 0 else str(k)
            if op == '!=':
                return f"(not (= {t} {kk}))"
            return f"({op} {t} {kk})"
        points = sorted({r[0] for r in self.rules} | {r[1] for r in self.rules if r[4] == 'atom'})
        out = ["(set-logic HORN)"] + [f"(declare-fun p{k} (Int Int Int) Bool)" for k in points]
        decl = " ".join(f"({x} Int)" for x in ['x', 'y', 'z', 'x1', 'y1', 'z1'])
        out.append(f"(assert (forall ({decl}) (=> (and "
                   + " ".join(f"(= {m1[v]} {num_chc(self.init[v])})" for v in VARS
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
                    help="program shapes to draw from (a name twice draws it twice as often): "
                    "one, sequence, nested (random loops), straight (no loop); coefficients "
                    "(variables moved in step, linear relations), steps (while (X > L) X -= c), "
                    "flags (an up/down counter with a direction flag), phases (a body branching "
                    "on the counter), counters (nested loops, 0 <= inner <= outer); "
                    "default %(default)s")
    ap.add_argument("--clpi-arg", action="append", default=[],
                    help="extra argument for the minimax and bounded runs (repeatable)")
    ap.add_argument("--no-validate", action="store_true",
                    help="do not check the certificates of minimax's and bounded's SAFE answers "
                    "with cvc5 (by default a certificate that fails is an internal error, exit 6, "
                    "and counts as wrong)")
    a = ap.parse_args()
    unknown = [s for s in a.shapes.split(",") if s not in SHAPES]
    if unknown:
        ap.error("unknown shape(s) %s; known: %s" % (", ".join(unknown), ", ".join(SHAPES)))
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
            validate = () if a.no_validate else ("--validate",)
            mm = clpi(a.clpi, clp, a.timeout, (*validate, *a.clpi_arg))
            dse = clpi(a.clpi, clp, a.timeout, ("--strategy", "dse", "--unroll", str(a.dse_unroll)))
            bounded = clpi(a.clpi, clp, a.timeout,
                           ("--strategy", "bounded", "--unroll", str(a.dse_unroll), *validate,
                            *a.clpi_arg))
            z = spacer(chc, a.timeout)
            rows[(mm, dse, z)] = rows.get((mm, dse, z), 0) + 1
            why = None
            if any(v.startswith("exit") for v in (mm, dse, bounded)):
                why = "a run ended with an internal error or crash (or a certificate failed)"
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
