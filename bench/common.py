"""Shared pieces of the benchmark harness: timing, result rows, machine description.

Every measured time is the median of ``REPEATS`` wall-clock runs (``time.perf_counter``).
A row records its own times, the name and time of its reference, the ratio of the two
(above 1: slower than the reference) and a correctness check that must pass.
"""

from __future__ import annotations

import os
import platform
import statistics
import time
import warnings
from dataclasses import asdict, dataclass, field
from importlib import metadata

REPEATS = 5


def median_time(function, repeats: int = REPEATS):
    """Run ``function`` ``repeats`` times; return (median seconds, all times, last result)."""
    times, result = [], None
    for _ in range(repeats):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            start = time.perf_counter()
            result = function()
            times.append(time.perf_counter() - start)
    return statistics.median(times), times, result


@dataclass
class Row:
    """One line of the results table."""

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
        if not self.reference_seconds:
            return None
        return self.seconds / self.reference_seconds

    def as_dict(self):
        out = asdict(self)
        out["ok"] = bool(self.ok)
        out["ratio"] = self.ratio
        out["repeats"] = len(self.times)
        return out


@dataclass
class Goal:
    """A target from the issue, with what was measured and whether it was met."""

    goal: str
    measured: str
    met: bool
    note: str = ""


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine() -> dict:
    """Cores, processor, system and the versions of the libraries that were measured."""
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        usable = os.cpu_count()
    versions = {"python": platform.python_version()}
    for package in (
        "numpy",
        "scipy",
        "scikit-learn",
        "matplotlib",
        "mlcourse",
        "jupyter-book",
        "nbval",
        "pytest",
    ):
        try:
            versions[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            versions[package] = None
    try:
        import numpy as np

        blas = np.show_config(mode="dicts")["Build Dependencies"]["blas"][
            "name"
        ]
    except Exception:  # older numpy, or no such key
        blas = None
    return {
        "cores": os.cpu_count(),
        "usable_cores": usable,
        "processor": cpu_model(),
        "system": f"{platform.system()} {platform.machine()}",
        "blas": blas,
        "versions": versions,
    }
