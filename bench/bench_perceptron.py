"""Benchmark of the single-sample perceptron: plain loop, fast path and scikit-learn.

Run with ``python bench/bench_perceptron.py``. It draws 20,000 separable samples in 50
dimensions, trains each implementation for the same passes from w = 0, checks that the three
weight vectors are equal, and prints a markdown table: median wall time of 5 repeats and the
ratio of each to the fast path.
"""

from __future__ import annotations

import statistics
import time
import warnings

import numpy as np
from sklearn.linear_model import Perceptron as SklearnPerceptron

from mlcourse.datasets import make_separable
from mlcourse.perceptron import fast_perceptron, plain_perceptron

N_SAMPLES, N_FEATURES, MARGIN, REPEATS, SEED = 20_000, 50, 0.005, 5, 0


def _median_time(function, repeats=REPEATS):
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    data = make_separable(n_samples=N_SAMPLES, n_features=N_FEATURES, margin=MARGIN,
                          radius=1.0, distribution="ball", random_state=SEED)
    X, y = data.X, data.y.astype(float)

    fast_time, fast = _median_time(lambda: fast_perceptron(X, y))
    passes = fast.n_iter
    plain_time, plain = _median_time(lambda: plain_perceptron(X, y, max_iter=passes))

    def sklearn_fit():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return SklearnPerceptron(shuffle=False, tol=None, max_iter=passes).fit(X, y)

    sklearn_time, reference = _median_time(sklearn_fit)

    same_plain = np.array_equal(plain.coef_path, fast.coef_path) and np.array_equal(
        plain.intercept_path, fast.intercept_path)
    same_sklearn = np.array_equal(reference.coef_[0], fast.coef_path[-1]) and \
        reference.intercept_[0] == fast.intercept_path[-1]

    print(f"Perceptron on {N_SAMPLES:,} x {N_FEATURES} separable data (margin {MARGIN}, radius 1): "
          f"{passes} passes, {len(fast.update_indices)} updates, converged: {fast.converged}. "
          f"Median of {REPEATS} runs.\n")
    print("| implementation | median time (s) | time / fast path | same weights as fast path |")
    print("|---|---:|---:|---|")
    rows = [("plain loop (`plain_perceptron`)", plain_time, "yes, whole path" if same_plain else "NO"),
            ("fast path (`fast_perceptron`, used by `Perceptron`)", fast_time, "-"),
            ("scikit-learn `Perceptron(shuffle=False, tol=None)`", sklearn_time,
             "yes, final weights" if same_sklearn else "NO")]
    for name, seconds, same in rows:
        print(f"| {name} | {seconds:.3f} | {seconds / fast_time:.2f} | {same} |")
    if not (same_plain and same_sklearn):
        raise SystemExit("The implementations disagree: see the table.")


if __name__ == "__main__":
    main()
