"""Benchmark: mlcourse.mlp.MLPClassifier against scikit-learn's MLPClassifier on the digits.

Both train a network with one hidden layer of 64 tanh units and a softmax output by
minibatch SGD with momentum 0.9 (step 0.1, batches of 32, no penalty) for the same number
of passes, on the same split of scikit-learn's digits scaled to [0, 1]. The table gives the
median training time and the median test accuracy over 5 repeats (seeds 0 to 4).

Run: python bench/bench_mlp.py      (about 15 seconds on two cores)
"""

from __future__ import annotations

import time
import warnings

import numpy as np
from sklearn.datasets import load_digits
from sklearn.model_selection import train_test_split
from sklearn.neural_network import MLPClassifier as SklearnMLP

from mlcourse.mlp import MLPClassifier

REPEATS = 5
HIDDEN = (64,)


def ours(max_iter, seed):
    return MLPClassifier(hidden_layer_sizes=HIDDEN, activation="tanh", learning_rate=0.1, momentum=0.9,
                         batch_size=32, max_iter=max_iter, random_state=seed)


def theirs(max_iter, seed):
    return SklearnMLP(hidden_layer_sizes=HIDDEN, activation="tanh", solver="sgd", learning_rate_init=0.1,
                      momentum=0.9, nesterovs_momentum=False, batch_size=32, alpha=0.0, max_iter=max_iter,
                      tol=0.0, n_iter_no_change=max_iter + 1, random_state=seed)


def measure(make, max_iter, data):
    X_train, X_test, y_train, y_test = data
    times, scores = [], []
    for seed in range(REPEATS):
        model = make(max_iter, seed)
        start = time.perf_counter()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            model.fit(X_train, y_train)
        times.append(time.perf_counter() - start)
        scores.append(model.score(X_test, y_test))
    return float(np.median(times)), float(np.median(scores))


def main():
    X, y = load_digits(return_X_y=True)
    data = train_test_split(X / 16.0, y, test_size=0.25, random_state=0, stratify=y)
    print(f"Digits: {len(data[0])} training and {len(data[1])} test images; hidden layer {HIDDEN}, "
          f"tanh, SGD with momentum; median of {REPEATS} repeats.\n")
    print("| passes | implementation | training time (s) | test accuracy |")
    print("|---:|---|---:|---:|")
    for max_iter in (30, 200):
        for name, make in (("mlcourse", ours), ("scikit-learn", theirs)):
            seconds, accuracy = measure(make, max_iter, data)
            print(f"| {max_iter} | {name} | {seconds:.2f} | {accuracy:.4f} |")


if __name__ == "__main__":
    main()
