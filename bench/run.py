"""make bench: the library's cases on pytest-benchmark, the book's, the report.

    make bench                          # or: .venv/bin/python bench/run.py
    python bench/run.py --only perceptron mlp   # some suites, printed only

Each library case (``*_bench.py``) times ``mlcourse`` and its reference
(scikit-learn) on the same data with pytest-benchmark and checks that they
agree; a failed check fails the run. The table gives each median and its
ratio to the reference. A full run also measures the book
(``book_bench``), writes ``bench/results/latest.md`` and ``latest.json``
and re-executes the appendix page that shows them. The table and the goals
are this project's own report: pytest-benchmark compares runs, not pairs.
"""

import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import ROUNDS, Goal, Row, machine

BENCH = Path(__file__).resolve().parent
ROOT, RESULTS = BENCH.parent, BENCH / "results"
PAGE = ROOT / "chapters" / "benchmarks.ipynb"
SUITES = [
    "perceptron",
    "perceptron_variants",
    "logistic_regression",
    "linear_regression",
    "mlp",
    "defaults",
]


def library_rows(suites):
    """Run the suites under pytest-benchmark; one Row per timed fit."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "benchmark.json"
        files = [f"{name}_bench.py" for name in suites]
        options = ["-o", "python_files=*_bench.py", "-p", "no:cacheprovider"]
        command = [sys.executable, "-m", "pytest", "-q", *options]
        command += ["--benchmark-json", str(report), *files]
        command += ["--benchmark-columns", "median,iqr,rounds"]
        # one thread each, as scikit-learn's SGD loops run: the ratios then
        # compare the algorithms, not how two libraries share the cores
        env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
        if subprocess.run(command, cwd=BENCH, env=env).returncode:
            sys.exit("A case's check FAILED: see pytest's report above.")
        runs = json.loads(report.read_text())["benchmarks"]
    rows = []
    for run in runs:
        info, stats = dict(run["extra_info"]), run["stats"]
        pair = [r for r in runs if r["group"] == run["group"]]
        ref = [r for r in pair if r["extra_info"]["who"] != "mlcourse"]
        ref = ref[0] if len(ref) == 1 and len(pair) > 1 else None
        rows.append(
            Row(
                topic=info.pop("topic"),
                case=run["group"],
                implementation=info.pop("who"),
                seconds=stats["median"],
                reference=ref and ref["extra_info"]["who"],
                reference_seconds=ref and ref["stats"]["median"],
                check=info.pop("check") or "-",
                ok=True,
                times=stats["data"],
                short=info.pop("short"),
                extra=info,
            )
        )
    return rows


def goals(rows):
    """Every ratio to scikit-learn at most 5; at most 1 if mistakes are sparse."""
    found = []
    for row in rows:
        if row.reference != "scikit-learn" or row.implementation != "mlcourse":
            continue
        limit = 1 if row.extra.get("sparse") else 5
        found.append(
            Goal(
                f"{row.case}: at most {limit}x scikit-learn's time",
                f"{row.ratio:.2f}x",
                row.ratio <= limit,
            )
        )
    return found


def _number(value, digits=3):
    return "-" if value is None else f"{value:.{digits}g}"


def markdown(report):
    m = report["machine"]
    versions = ", ".join(f"{k} {v}" for k, v in m["versions"].items() if v)
    lines = [
        "# Benchmarks of the course library and the book",
        "",
        f"Measured on {report['date']} with `make bench` in "
        f"{report['total_seconds']:.0f} s; {m['cores']} cores "
        f"({m['usable_cores']} usable), {m['processor']}, {m['system']}, "
        f"BLAS {m['blas']}; {versions}.",
        "",
        f"Times are medians of {ROUNDS} runs (the book's: one run); the "
        "ratio is the time over its reference's: above 1 is slower.",
    ]
    header = (
        "| case | implementation | median (s) | reference | ratio | check |"
    )
    for topic in report["topics"]:
        lines += ["", f"## {topic}", "", header, "|---|---|---:|---|---:|---|"]
        for row in report["rows"]:
            if row["topic"] == topic:
                lines.append(
                    f"| {row['case']} | {row['implementation']} | "
                    f"{_number(row['seconds'])} | {row['reference'] or '-'} "
                    f"| {_number(row['ratio'])} | {row['check']} |"
                )
    lines += ["", "## Goals", "", "| goal | measured | met |", "|---|---|---|"]
    for goal in report["goals"]:
        met = "yes" if goal["met"] else "**no**"
        lines.append(f"| {goal['goal']} | {goal['measured']} | {met} |")
    return "\n".join(lines) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", choices=SUITES + ["book"])
    only = parser.parse_args(argv).only
    start = time.perf_counter()
    suites = [s for s in SUITES if not only or s in only]
    rows = library_rows(suites) if suites else []
    found = goals(rows)
    if not only or "book" in only:
        import book_bench  # the book and the website, measured once each

        book, book_goals = book_bench.run()
        rows, found = rows + book, found + book_goals
    report = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime(
            "%Y-%m-%d %H:%M UTC"
        ),
        "command": "make bench",
        "total_seconds": time.perf_counter() - start,
        "repeats": ROUNDS,
        "machine": machine(),
        "topics": list(dict.fromkeys(row.topic for row in rows)),
        "rows": [row.as_dict() for row in rows],
        "goals": [goal.__dict__ for goal in found],
        "all_checks_passed": all(row.ok for row in rows),
    }
    print(markdown(report))
    if not only:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "latest.md").write_text(markdown(report), encoding="utf-8")
        text = json.dumps(report, indent=1, allow_nan=False)
        (RESULTS / "latest.json").write_text(text + "\n", encoding="utf-8")
        execute = [sys.executable, "tools/execute_notebooks.py", str(PAGE)]
        subprocess.run(execute, cwd=ROOT, check=True)
    return 0 if all(goal.met for goal in found) else 1


if __name__ == "__main__":
    sys.exit(main())
