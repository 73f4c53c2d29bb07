"""make bench: the library's cases on pytest-benchmark, the book's, the report.

    make bench                          # or: .venv/bin/python bench/run.py
    python bench/run.py --only perceptron mlp   # some suites, printed only

Each library case (``*_bench.py``) times ``mlcourse`` and its reference
(scikit-learn) on the same data with pytest-benchmark and checks that they
agree; a failed check fails the run. The table gives the CPU time of each
fit's fastest run (the least disturbed by other programs) and its ratio to
the reference. A full run also measures the book (``book_bench``), writes
``bench/results/latest.md`` and ``.json`` and re-executes the appendix
page. The table and the goals are this project's own report:
pytest-benchmark compares runs, not pairs.
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
TOPICS = {
    "perceptron": "Perceptron",
    "perceptron_variants": "Averaged and multi-class perceptrons",
    "logistic_regression": "Logistic regression",
    "linear_regression": "Linear regression",
    "mlp": "Multi-layer perceptron",
    "defaults": "Default fits",
}


def library_rows(suites):
    """Run the suites under pytest-benchmark; one Row per timed fit."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "benchmark.json"
        files = [f"{name}_bench.py" for name in suites]
        options = ["-o", "python_files=*_bench.py", "-p", "no:cacheprovider"]
        command = [sys.executable, "-m", "pytest", "-q", *options]
        command += ["--benchmark-json", str(report), *files]
        command += ["--benchmark-columns", "min,median,rounds"]
        command += ["--benchmark-timer", "time.process_time"]
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
        ref = ref[0] if len(ref) == 1 and len(pair) > 1 else {}
        topic = TOPICS[Path(run["fullname"].split("::")[0]).stem[:-6]]
        who, check, short = (info.pop(k) for k in ("who", "check", "short"))
        reference = ref and (ref["extra_info"]["who"], ref["stats"]["min"])
        rows.append(Row(topic, run["group"], who, stats["min"],
                        *(reference or (None, None)), check or "-", True,
                        stats["data"], info, short))  # fmt: skip
    return rows


def goals(rows):
    """Ratios to scikit-learn at most 5 (1 if mistakes are sparse) or none."""
    found = []
    for row in rows:
        pair = (row.implementation, row.reference)
        if pair == ("mlcourse", "scikit-learn") and row.extra.get("goal", 1):
            limit = 1 if row.extra.get("sparse") else 5
            short = "" if row.short.endswith("mlcourse") else f" ({row.short})"
            name = row.case + short
            goal = f"{name}: at most {limit}x scikit-learn's time"
            found.append(Goal(goal, f"{row.ratio:.2f}x", row.ratio <= limit))
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
        f"Times are CPU seconds, the fastest of {ROUNDS} runs (the book's: "
        "one run, wall clock); the ratio is the time over its reference's: "
        "above 1 is slower.",
    ]
    header = "| case | implementation | time (s) | reference | ratio | check |"
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
    parser.add_argument("--only", nargs="+", choices=[*TOPICS, "book"])
    only = parser.parse_args(argv).only
    start = time.perf_counter()
    suites = [s for s in TOPICS if not only or s in only]
    rows = library_rows(suites) if suites else []
    found = goals(rows)
    if not only or "book" in only:
        import book_bench  # the book and the website, measured once each

        book, book_goals = book_bench.run()
        rows, found = rows + book, found + book_goals
    report = {
        "date": f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M UTC}",
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
