"""What the benchmarks share: the machine, seeded data, one timed case.

The cases are pytest-benchmark tests (``*_bench.py``): each times one fit
(by ``mlcourse``, its plain textbook loop, or scikit-learn) on seeded data
and checks its answer; ``run.py`` collects them into the results file.
"""

import os
import platform
import warnings
from functools import cache
from importlib import metadata

import numpy as np

ROUNDS = 7  # timed runs of each fit; the page reads the fastest


def machine():
    """Cores, processor, system, BLAS and the versions measured."""
    names = ("numpy", "scipy", "scikit-learn", "mlcourse", "pytest-benchmark")
    versions = {"python": platform.python_version()}
    versions.update({name: metadata.version(name) for name in names})
    with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
        cpu = [line.split(":", 1)[1].strip() for line in cpuinfo
               if line.startswith("model name")]  # fmt: skip
    blas = np.show_config(mode="dicts")["Build Dependencies"]["blas"]
    return {
        "cores": os.cpu_count(),
        "processor": cpu[0] if cpu else platform.machine(),
        "system": f"{platform.system()} {platform.machine()}",
        "blas": blas["name"],
        "versions": versions,
    }


@cache
def noisy(n=20_000, d=50, flipped=0.1, seed=0):
    """Gaussian samples labelled by the sign of a random linear score.

    ``flipped`` of the labels are flipped, so the classes overlap.
    """
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d))
    y = np.where(X @ rng.standard_normal(d) > 0, 1.0, -1.0)
    y[rng.random(n) < flipped] *= -1
    return X, y


def run_case(benchmark, case, who, fit, check=None, rounds=ROUNDS, **facts):
    """Time ``fit`` (``who``'s) on ``case``; ``check(model)`` words its answer.

    A check asserts what the answer must be, so a wrong answer fails the
    run; ``facts`` (counts of updates or iterations, memory) go with it.
    """
    benchmark.group = case
    benchmark.extra_info.update(who=who, **facts)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = benchmark.pedantic(fit, rounds=rounds, warmup_rounds=1)
        benchmark.extra_info["check"] = check(model) if check else ""
