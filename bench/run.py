"""make bench: time the library against its references, write the results.

    make bench                               # or: .venv/bin/python bench/run.py
    python bench/run.py --only perceptron    # some suites, printed only

Each case (``*_bench.py``) times one fit with pytest-benchmark, on the
process's CPU clock, and checks its answer: a wrong answer fails the run.
A full run writes ``bench/results/latest.json`` (one line per timed fit)
and re-executes the benchmarks page, which reads it. Hand-written because
pytest-benchmark's own report compares runs, not the fits of one run.
"""

import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from common import machine

BENCH = Path(__file__).resolve().parent
RESULTS, PAGE = BENCH / "results" / "latest.json", "chapters/benchmarks.ipynb"
SUITES = ["perceptron", "perceptron_variants", "logistic_regression",
          "linear_regression", "mlp"]  # fmt: skip


def timed_fits(suites):
    """Run the suites under pytest-benchmark; one dict per timed fit."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "benchmark.json"
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                   "-o", "python_files=*_bench.py", "--benchmark-json", report,
                   "--benchmark-timer", "time.process_time",
                   "--benchmark-columns", "min,median,rounds",
                   *(f"{suite}_bench.py" for suite in suites)]  # fmt: skip
        # one BLAS thread each, as scikit-learn's SGD loops run: a ratio then
        # compares the algorithms, not how two libraries share the cores
        env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
        if subprocess.run(command, cwd=BENCH, env=env).returncode:
            sys.exit("A case's check FAILED: see pytest's report above.")
        runs = json.loads(report.read_text())["benchmarks"]
    return [{"case": run["group"], **run["extra_info"],
             "seconds": run["stats"]["min"], "times": run["stats"]["data"]}
            for run in runs]  # fmt: skip


def write(report):
    """The results as JSON, one line per fit, so that a diff reads by fit."""
    head = {key: value for key, value in report.items() if key != "fits"}
    lines = [json.dumps(head)[:-1] + ', "fits": [']
    lines += [json.dumps(fit) + "," for fit in report["fits"]]
    lines[-1] = lines[-1].rstrip(",")
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text("\n".join(lines) + "\n]}\n", encoding="utf-8")
    json.loads(RESULTS.read_text(encoding="utf-8"))  # it reads back


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", choices=SUITES)
    only = parser.parse_args(argv).only
    fits = timed_fits(only or SUITES)
    for fit in fits:
        print(f"{fit['case']:40} {fit['who']:22} {fit['seconds']:9.4f} s")
    if not only:
        now = datetime.datetime.now(datetime.UTC)
        write({"date": f"{now:%Y-%m-%d}", "command": "make bench",
               "machine": machine(), "fits": fits})  # fmt: skip
        execute = [sys.executable, "tools/execute_notebooks.py", PAGE]
        subprocess.run(execute, cwd=BENCH.parent, check=True)


if __name__ == "__main__":
    main()
