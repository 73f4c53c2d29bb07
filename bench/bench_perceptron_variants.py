"""Benchmark: the averaged perceptron against scikit-learn's averaged SGD on digits.

Run with ``python bench/bench_perceptron_variants.py``; it prints a markdown table and takes
well under two minutes. Each time is the median of 5 repeats. The data are scikit-learn's
bundled digits (no download), split 75/25 with a fixed seed.

Rows:
- binary tasks (pairs of digits, one digit against the rest, even against odd): ``AveragedPerceptron`` and ``SGDClassifier(loss="perceptron",
  penalty=None, learning_rate="constant", eta0=1, average=True, shuffle=False, tol=None)``,
  which compute the same averaged weights, so their test accuracies agree;
- all ten digits: ``MulticlassPerceptron(average=True)`` (one vector per class, argmax) against
  the same SGD, which trains one-against-the-rest;
- prediction cost: ``VotedPerceptron.predict`` uses one inner product per stored vector,
  ``AveragedPerceptron.predict`` one per sample.
"""

from __future__ import annotations

import time
import warnings

import numpy as np
from sklearn.datasets import load_digits
from sklearn.linear_model import SGDClassifier
from sklearn.model_selection import train_test_split

from mlcourse.perceptron_variants import AveragedPerceptron, MulticlassPerceptron, VotedPerceptron

REPEATS = 5
PASSES = 10


def median_time(function, repeats=REPEATS):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return float(np.median(times)), result


def sgd(passes):
    return SGDClassifier(loss="perceptron", penalty=None, learning_rate="constant", eta0=1,
                         average=True, shuffle=False, tol=None, max_iter=passes)


def main():
    warnings.simplefilter("ignore")
    X, y = load_digits(return_X_y=True)
    rows = []
    tasks = [(f"digits {a} vs {b}", X[np.isin(y, (a, b))], y[np.isin(y, (a, b))]) for a, b in [(3, 5), (4, 9), (1, 7)]]
    tasks += [("8 vs the rest", X, y == 8), ("even vs odd", X, y % 2)]
    for task, X_task, y_task in tasks:
        X_train, X_test, y_train, y_test = train_test_split(X_task, y_task, test_size=0.25, random_state=0)
        ours_time, ours = median_time(lambda: AveragedPerceptron(max_iter=PASSES).fit(X_train, y_train))
        ref_time, ref = median_time(lambda: sgd(PASSES).fit(X_train, y_train))
        rows.append((task, "AveragedPerceptron", ours_time, ours.score(X_test, y_test),
                     "SGDClassifier(average=True)", ref_time, ref.score(X_test, y_test)))
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=0)
    ours_time, ours = median_time(lambda: MulticlassPerceptron(max_iter=PASSES, average=True).fit(X_train, y_train))
    ref_time, ref = median_time(lambda: sgd(PASSES).fit(X_train, y_train))
    rows.append(("all 10 digits", "MulticlassPerceptron(average=True)", ours_time, ours.score(X_test, y_test),
                 "SGDClassifier(average=True), one-vs-rest", ref_time, ref.score(X_test, y_test)))

    print(f"## Averaged perceptron against scikit-learn on digits ({PASSES} passes, median of {REPEATS})\n")
    print("| data | mlcourse | fit time (ms) | test accuracy | scikit-learn | fit time (ms) | test accuracy |")
    print("|---|---|---:|---:|---|---:|---:|")
    for data, name, t, acc, ref_name, rt, racc in rows:
        print(f"| {data} | {name} | {1000 * t:.1f} | {acc:.4f} | {ref_name} | {1000 * rt:.1f} | {racc:.4f} |")

    X_train, X_test, y_train, y_test = train_test_split(X, y % 2, test_size=0.25, random_state=0)
    print(f"\n## Prediction cost on digits, even vs odd ({X_test.shape[0]} test samples, median of {REPEATS})\n")
    print("| passes | stored vectors K | voted predict (ms) | averaged predict (ms) | ratio | voted accuracy | averaged accuracy |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for passes in (1, 10, 50):
        voted = VotedPerceptron(max_iter=passes).fit(X_train, y_train)
        averaged = AveragedPerceptron(max_iter=passes).fit(X_train, y_train)
        voted_time, _ = median_time(lambda: voted.predict(X_test))
        averaged_time, _ = median_time(lambda: averaged.predict(X_test))
        print(f"| {passes} | {voted.weights_.shape[0]} | {1000 * voted_time:.2f} | {1000 * averaged_time:.3f} | "
              f"{voted_time / averaged_time:.0f} | {voted.score(X_test, y_test):.4f} | {averaged.score(X_test, y_test):.4f} |")


if __name__ == "__main__":
    main()
