"""Tables, summary, CSV, JSON and the cactus plot of a chc_harness.py run."""

import csv
import json
import os
import statistics

TOOLS = ("clpi", "z3")
NAMES = {"clpi": "clpi", "z3": "z3 (Spacer)"}


def definite(res):
    return res["verdict"] in ("safe", "unsafe")


def solved(row, tool, limit):
    """A correct definite answer within the limit (correct when the expectation is known)."""
    res = row[tool]
    if not definite(res) or res["time"] > limit:
        return False
    return row["expected"] is None or res["verdict"] == row["expected"]


def wrong(row, tool):
    res = row[tool]
    return definite(res) and row["expected"] is not None and res["verdict"] != row["expected"]


def disagree(row):
    return definite(row["clpi"]) and definite(row["z3"]) and \
        row["clpi"]["verdict"] != row["z3"]["verdict"]


def wrong_count(rows, _limit):
    return sum(wrong(r, t) for r in rows for t in TOOLS) + sum(disagree(r) for r in rows)


def par2(rows, tool, limit):
    return sum(r[tool]["time"] if solved(r, tool, limit) else 2 * limit for r in rows)


def flags(row):
    out = []
    for t in TOOLS:
        if wrong(row, t):
            out.append("!!! WRONG %s" % t)
    if disagree(row):
        out.append("!!! DISAGREE")
    return " ".join(out)


def cell(res):
    v = res["verdict"]
    return "%-8s %7.2f %7.1f" % (v, res["time"], res["memory_mb"])


def progress_line(row, _limit):
    nodes = row["clpi"]["nodes"]
    return "%-36s %-7s | %s %8s %-7s | %s %s" % (
        os.path.basename(row["instance"])[:36], row["expected"] or "?", cell(row["clpi"]),
        nodes if nodes is not None else "-", row["clpi"].get("by", ""), cell(row["z3"]), flags(row))


def table(rows, limit):
    head = "%-36s %-7s | %-8s %7s %7s %8s %-7s | %-8s %7s %7s" % (
        "instance", "expect", "clpi", "time s", "mem MB", "nodes", "by", "z3", "time s", "mem MB")
    lines = [head, "-" * len(head)]
    lines += [progress_line(r, limit) for r in sorted(rows, key=lambda r: r["instance"])]
    return "\n".join(lines)


def summary(rows, limit):
    """One dict per tool plus the comparison numbers."""
    out = {"instances": len(rows), "limit_s": limit, "tools": {}}
    for t in TOOLS:
        other = "z3" if t == "clpi" else "clpi"
        out["tools"][t] = {
            "solved": sum(solved(r, t, limit) for r in rows),
            "safe": sum(solved(r, t, limit) and r[t]["verdict"] == "safe" for r in rows),
            "unsafe": sum(solved(r, t, limit) and r[t]["verdict"] == "unsafe" for r in rows),
            "wrong": sum(wrong(r, t) for r in rows),
            "unique": sum(solved(r, t, limit) and not solved(r, other, limit) for r in rows),
            "unsolved": sum(not solved(r, t, limit) for r in rows),
            "par2": round(par2(rows, t, limit), 2),
        }
    both = [r for r in rows if solved(r, "clpi", limit) and solved(r, "z3", limit)]
    ratios = [max(r["clpi"]["time"], 0.001) / max(r["z3"]["time"], 0.001) for r in both]
    out["both_solved"] = len(both)
    out["median_time_ratio_clpi_over_z3"] = round(statistics.median(ratios), 3) if ratios else None
    out["clpi_faster_on_both_solved"] = sum(x <= 1.0 for x in ratios)
    out["disagreements"] = [r["instance"] for r in rows if disagree(r)]
    # Which of clpi's engines gave its solved answers (the search, or a helper beside it).
    by = {}
    for r in rows:
        if solved(r, "clpi", limit):
            name = r["clpi"].get("by") or "search"
            by[name] = by.get(name, 0) + 1
    out["clpi_answered_by"] = by
    converted = sorted(r["convert_s"] for r in rows if r.get("convert_s") is not None)
    if converted:
        out["c_conversion"] = {"programs": len(converted),
                               "median_s": round(statistics.median(converted), 3),
                               "max_s": round(converted[-1], 3)}
    return out


def summary_text(s):
    lines = ["| tool | solved | safe | unsafe | wrong | unique | unsolved | PAR-2 (s) |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for t in TOOLS:
        x = s["tools"][t]
        lines.append("| %s | %d / %d | %d | %d | %d | %d | %d | %.1f |" % (
            NAMES[t], x["solved"], s["instances"], x["safe"], x["unsafe"], x["wrong"],
            x["unique"], x["unsolved"], x["par2"]))
    ratio = s["median_time_ratio_clpi_over_z3"]
    lines.append("")
    lines.append("Solved by both: %d; median time ratio clpi/Spacer on them: %s; clpi as fast "
                 "or faster on %d of them." % (s["both_solved"], "-" if ratio is None else ratio,
                                               s["clpi_faster_on_both_solved"]))
    conv = s.get("c_conversion")
    if conv:
        lines.append("C programs: %d converted once by c2clp (median %.3f s, max %.3f s), not "
                     "counted in either tool's time: clpi verified the converted CLP program, "
                     "Spacer its CHC export." % (conv["programs"], conv["median_s"], conv["max_s"]))
    by = s.get("clpi_answered_by")
    if by:
        lines.append("clpi's answers by engine: " + ", ".join(
            "%s %d" % (k, v) for k, v in sorted(by.items(), key=lambda kv: -kv[1])) + ".")
    if s["disagreements"]:
        lines.append("!!! VERDICTS DISAGREE on: " + ", ".join(s["disagreements"]))
    return "\n".join(lines)


def write_csv(rows, path):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["instance", "expected"] + ["%s_%s" % (t, k) for t in TOOLS
                                               for k in ("verdict", "time_s", "memory_mb", "nodes", "reason")]
                   + ["c2clp_time_s", "clpi_by"])
        for r in rows:
            w.writerow([r["instance"], r["expected"] or ""] +
                       [r[t].get(k) if r[t].get(k) is not None else "" for t in TOOLS
                        for k in ("verdict", "time", "memory_mb", "nodes", "reason")]
                       + ["" if r.get("convert_s") is None else round(r["convert_s"], 4),
                          r["clpi"].get("by", "")])


def cactus(rows, limit, path):
    """Instances solved (x) against the time limit needed (y), one line per tool."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("no cactus plot: matplotlib is missing (Debian package python3-matplotlib)")
        return
    fig, ax = plt.subplots(figsize=(6, 4))
    for t in TOOLS:
        times = sorted(r[t]["time"] for r in rows if solved(r, t, limit))
        ax.plot(range(1, len(times) + 1), times, marker="o", markersize=3, label=NAMES[t])
    ax.set_xlabel("instances solved")
    ax.set_ylabel("time per instance (s)")
    ax.set_yscale("log")
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def report(rows, args):
    limit = args.timeout
    s = summary(rows, limit)
    print()
    print(table(rows, limit))
    print()
    print(summary_text(s))
    write_csv(rows, os.path.join(args.out, "results.csv"))
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump({"summary": s, "instances": rows}, f, indent=1)
    cactus(rows, limit, os.path.join(args.out, "cactus.png"))
    print("\nwrote %s/results.csv, results.json, cactus.png" % args.out)
