"""The checks of the CHC test scripts: each prints `ok` or `FAIL` and its name; a failure
also prints the detail that explains it and is remembered for the exit status."""

FAILURES = []


def expect(what, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        FAILURES.append(what)
        print("     " + str(detail).replace("\n", "\n     "))
