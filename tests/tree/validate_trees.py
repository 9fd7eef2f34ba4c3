#!/usr/bin/env python3
"""Validates `clpi verify --tree json` of every program in clp/ against the JSON Schema in
tools/viewer/tree.schema.json, and checks that two runs of the search alone give
byte-identical documents; then that the tree of a C program with a heap says what its nodes
know in C (p->next == NULL).

    validate_trees.py CLPI_BINARY SOURCE_DIR
"""
import glob
import json
import os
import subprocess
import sys

import jsonschema


def tree(clpi, path):
    # The search's own tree: the engines beside it start a fifth of a second (the search on
    # the reversed program a second) into the run and may stop it at whatever node it has
    # reached then, which depends on the machine's load. Without a time limit the search
    # ends at its unrolling bound, where reverse-continuation.clp's (which only the reversed
    # program's search proves) would otherwise go on probing to the limit.
    cmd = [clpi, "verify", "--tree", "json", "--quiet", "--no-bmc", "--no-pdr", "--no-reverse",
           "--timeout", "0", path]
    p = subprocess.run(cmd, capture_output=True, timeout=120)
    if p.returncode not in (0, 5, 10):
        sys.exit("%s: exit status %d\n%s" % (path, p.returncode, p.stderr.decode()))
    return p.stdout


def main():
    clpi, root = sys.argv[1], sys.argv[2]
    with open(os.path.join(root, "tools", "viewer", "tree.schema.json")) as f:
        schema = json.load(f)
    files = sorted(glob.glob(os.path.join(root, "clp", "*.clp")))
    for path in files:
        first = tree(clpi, path)
        jsonschema.validate(json.loads(first), schema)
        if tree(clpi, path) != first:
            sys.exit("%s: two runs gave different JSON" % path)
    # A C program with memory: its nodes say what they know of the heap in C.
    c_program = os.path.join(root, "tests", "c2clp", "verify", "heap-list-unsafe.c")
    doc = json.loads(tree(clpi, c_program))
    jsonschema.validate(doc, schema)
    facts = [f for n in doc["nodes"] for f in n.get("known_in_c", [])]
    for expected in ("n->data == 1", "n->next == NULL", "head->next->data == 2"):
        if expected not in facts:
            sys.exit("%s: no node knows `%s` in C; facts: %s" % (c_program, expected, sorted(set(facts))[:40]))
    story = subprocess.run([clpi, "explain", c_program, "23"], capture_output=True, timeout=120).stdout.decode()
    if "in C" not in story or "head->next->data == 2" not in story:
        sys.exit("%s: `clpi explain` of node 23 does not say its heap in C:\n%s" % (c_program, story))
    # Its safe twin's interpolants: the part of the heap each proof needs.
    c_program = os.path.join(root, "tests", "c2clp", "verify", "heap-list.c")
    doc = json.loads(tree(clpi, c_program))
    jsonschema.validate(doc, schema)
    interpolants = [n["interpolant_in_c"] for n in doc["nodes"] if "interpolant_in_c" in n]
    if not any("n->next->data == 1" in i for i in interpolants):
        sys.exit("%s: no interpolant says n->next->data == 1 in C: %s" % (c_program, interpolants[:10]))
    print("%d trees valid and deterministic; the C program's tree speaks of its heap in C" % len(files))


if __name__ == "__main__":
    main()
