"""Reads the verdict an example in examples/ declares in its header comment.

`expected: safe|unsafe|unknown` is what clpi must answer; for an `unknown` one, `actual:
safe|unsafe` says what is really true (checked by the concrete runs)."""
import re

_EXPECTED = re.compile(r"\bexpected:\s*(safe|unsafe|unknown)\b")
_ACTUAL = re.compile(r"\bactual:\s*(safe|unsafe)\b")


def header_of(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    end = text.find("*/")
    if not text.lstrip().startswith("/*") or end < 0:
        raise ValueError(f"{path}: no header comment")
    return text[:end]


def expected_of(path):
    match = _EXPECTED.search(header_of(path))
    if not match:
        raise ValueError(f"{path}: the header has no 'expected: safe|unsafe|unknown'")
    return match.group(1)


def truth_of(path):
    expected = expected_of(path)
    if expected != "unknown":
        return expected
    match = _ACTUAL.search(header_of(path))
    if not match:
        raise ValueError(f"{path}: an 'expected: unknown' header needs 'actual: safe|unsafe'")
    return match.group(1)
