"""What the benchmarks share: result rows, the machine, seeded data, a case.

The library's cases are pytest-benchmark tests (``*_bench.py``): each times
the same fit by ``mlcourse`` and by its reference (scikit-learn) on the
same data and checks that they agree; ``run.py`` makes the table.
"""

import os
import platform
import warnings
from dataclasses import asdict, dataclass, field
from functools import cache
from importlib import metadata

import numpy as np

ROUNDS = 7  # timed runs of each fit; the table shows the fastest
WHO = ["mlcourse", "scikit-learn"]


@dataclass
class Row:
    """One line of the results table; its reference is another row."""

    topic: str
    case: str
    implementation: str
    seconds: float
    reference: str | None
    reference_seconds: float | None
    check: str
    ok: bool
    times: list = field(default_factory=list)
    extra: dict = field(default_factory=dict)
    short: str = ""  # a short label for the figure of the appendix page

    @property
    def ratio(self):
        ref = self.reference_seconds
        return self.seconds / ref if ref else None

    def as_dict(self):
        return {
            **asdict(self),
            "ratio": self.ratio,
            "repeats": len(self.times),
        }


@dataclass
class Goal:
    """A target, with what was measured and whether it was met."""

    goal: str
    measured: str
    met: bool
    note: str = ""


def machine():
    """Cores, processor, system, BLAS and the versions measured."""
    names = ("numpy", "scipy", "scikit-learn", "mlcourse", "pytest-benchmark")
    versions = {"python": platform.python_version()}
    versions.update({name: metadata.version(name) for name in names})
    cpu = [
        line.split(":", 1)[1].strip()
        for line in open("/proc/cpuinfo", encoding="utf-8")
        if line.startswith("model name")
    ]
    blas = np.show_config(mode="dicts")["Build Dependencies"]["blas"]
    return {
        "cores": os.cpu_count(),
        "usable_cores": len(os.sched_getaffinity(0)),
        "processor": cpu[0] if cpu else platform.machine(),
        "system": f"{platform.system()} {platform.machine()}",
        "blas": blas["name"],
        "versions": versions,
    }


@cache
def noisy(n=20_000, d=50, classes=2, flipped=0.1, seed=0):
    """Gaussian samples, the sign (or argmax) of random linear scores.

    ``flipped`` of the labels are flipped (two classes) or drawn again.
    """
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d))
    if classes == 2:
        y = np.where(X @ rng.standard_normal(d) > 0, 1.0, -1.0)
        y[rng.random(n) < flipped] *= -1
        return X, y
    y = np.argmax(X @ rng.standard_normal((d, classes)), axis=1)
    redrawn = rng.random(n) < flipped
    y[redrawn] = rng.integers(0, classes, size=int(redrawn.sum()))
    return X, y


def run_case(benchmark, case, who, fit, check=None, **options):
    """Time ``fit`` (``who``'s); ``check(model)`` words it, or fails.

    Options: ``short`` (the figure's label), ``rounds``, and extra facts.
    """
    short = options.pop("short", who)
    rounds = options.pop("rounds", ROUNDS)
    benchmark.group = case
    benchmark.extra_info.update(who=who, short=short, **options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = benchmark.pedantic(fit, rounds=rounds, warmup_rounds=1)
        benchmark.extra_info["check"] = check(model) if check else None
