#!/usr/bin/env python3
"""Validates `clpi verify --tree json` of every program in clp/ against the JSON Schema in
tools/viewer/tree.schema.json, and checks that two runs give byte-identical documents.

    validate_trees.py CLPI_BINARY SOURCE_DIR
"""
import glob
import json
import os
import subprocess
import sys

import jsonschema


def tree(clpi, path):
    cmd = [clpi, "verify", "--tree", "json", "--quiet", path]
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
    print("%d trees valid and deterministic" % len(files))


if __name__ == "__main__":
    main()
