"""Run every benchmark of the course in one process and write the results table.

    make bench                       # or: .venv/bin/python bench/run.py
    python bench/run.py --only perceptron logistic_regression   # a subset, printed only

A full run writes ``bench/results/latest.md`` and ``bench/results/latest.json`` (both
committed; the appendix page ``chapters/benchmarks.ipynb`` shows the JSON, and the run
re-executes it so that its stored outputs match). Each row is the median
of at least five repeats on seeded data (the book's rows are measured once), with the ratio
to its reference and a correctness check; the run fails when a check fails. A run takes
about five minutes on two cores.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import subprocess
import sys
import time
from pathlib import Path

import book_bench
import linear_regression_bench
import logistic_regression_bench
import mlp_bench
import perceptron_bench
import perceptron_variants_bench
from common import REPEATS, machine

SUITES = {
    "perceptron": perceptron_bench,
    "perceptron_variants": perceptron_variants_bench,
    "logistic_regression": logistic_regression_bench,
    "linear_regression": linear_regression_bench,
    "mlp": mlp_bench,
    "book": book_bench,
}
ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
PAGE = ROOT / "chapters" / "benchmarks.ipynb"


def _seconds(value):
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    if value >= 10:
        return f"{value:.1f}"
    if value >= 0.01:
        return f"{value:.3f}"
    return f"{value:.2g}"


def _ratio(value):
    return "-" if value is None or math.isnan(value) else f"{value:.2f}"


def markdown(report) -> str:
    m = report["machine"]
    versions = ", ".join(
        f"{name} {version}"
        for name, version in m["versions"].items()
        if version
    )
    lines = [
        "# Benchmarks of the course library and the book",
        "",
        f"Measured on {report['date']} with `{report['command']}` in {report['total_seconds']:.0f} s.",
        f"Machine: {m['cores']} cores ({m['usable_cores']} usable), {m['processor']}, {m['system']}"
        + (f", BLAS {m['blas']}" if m["blas"] else "")
        + ".",
        f"Versions: {versions}.",
        "",
        f"Times are wall-clock medians of {report['repeats']} repeats (the book's rows: one run). "
        "The ratio is the row's time divided by its reference's time: above 1 is slower.",
    ]
    for topic in report["topics"]:
        lines += [
            "",
            f"## {topic}",
            "",
            "| case | implementation | median time (s) | reference | ratio | check |",
            "|---|---|---:|---|---:|---|",
        ]
        for row in report["rows"]:
            if row["topic"] == topic:
                check = (
                    row["check"]
                    if row["ok"]
                    else f"**FAILED**: {row['check']}"
                )
                lines.append(
                    f"| {row['case']} | {row['implementation']} | {_seconds(row['seconds'])} | "
                    f"{row['reference'] or '-'} | {_ratio(row['ratio'])} | {check} |"
                )
    if report["goals"]:
        lines += [
            "",
            "## Goals",
            "",
            "| goal | measured | met |",
            "|---|---|---|",
        ]
        for goal in report["goals"]:
            lines.append(
                f"| {goal['goal']} | {goal['measured']} | {'yes' if goal['met'] else 'no'} |"
            )
        missed = [goal for goal in report["goals"] if not goal["met"]]
        lines += ["", "## Closing note", ""]
        if missed:
            for goal in missed:
                lines.append(
                    f"- Missed: {goal['goal']} ({goal['measured']}). {goal['note']}"
                )
        else:
            lines.append("Every goal is met on this machine.")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only",
        nargs="+",
        choices=sorted(SUITES),
        help="run these suites; print, write nothing",
    )
    args = parser.parse_args(argv)
    names = args.only or list(SUITES)
    start = time.perf_counter()
    rows, goals = [], []
    for name in names:
        suite_start = time.perf_counter()
        suite_rows, suite_goals = SUITES[name].run()
        print(
            f"{name}: {time.perf_counter() - suite_start:.1f} s",
            file=sys.stderr,
        )
        rows += suite_rows
        goals += suite_goals
    topics = list(dict.fromkeys(row.topic for row in rows))
    report = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime(
            "%Y-%m-%d %H:%M UTC"
        ),
        "command": "make bench",
        "total_seconds": time.perf_counter() - start,
        "repeats": REPEATS,
        "machine": machine(),
        "topics": topics,
        "rows": [row.as_dict() for row in rows],
        "goals": [goal.__dict__ for goal in goals],
        "all_checks_passed": all(row.ok for row in rows),
    }
    text = markdown(report)
    print(text)
    if not args.only:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "latest.md").write_text(text, encoding="utf-8")
        (RESULTS / "latest.json").write_text(
            json.dumps(report, indent=1, allow_nan=False, default=_no_nan)
            + "\n",
            encoding="utf-8",
        )
        print(
            f"Wrote {RESULTS.name}/latest.md and {RESULTS.name}/latest.json.",
            file=sys.stderr,
        )
        refresh_page()
    if not report["all_checks_passed"]:
        print("Some checks FAILED: see the table.", file=sys.stderr)
        return 1
    return 0


def refresh_page():
    """Re-execute the appendix page, whose stored outputs show the JSON just written."""
    if PAGE.is_file():
        subprocess.run(
            [
                sys.executable,
                "tools/execute_notebooks.py",
                str(PAGE.relative_to(ROOT)),
            ],
            cwd=ROOT,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        print(
            f"Re-executed {PAGE.relative_to(ROOT)}: commit it with the results.",
            file=sys.stderr,
        )


def _no_nan(value):
    """Store numpy scalars as Python numbers; anything else is a bug."""
    if hasattr(value, "item"):
        return value.item()
    raise TypeError(f"cannot store {value!r}")


if __name__ == "__main__":
    raise SystemExit(main())
