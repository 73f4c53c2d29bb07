"""MLP on digits: ``mlcourse.mlp.MLPClassifier`` against scikit-learn's ``MLPClassifier``.

Both train one hidden layer of 64 tanh units with a softmax output by minibatch SGD with
momentum 0.9 (step 0.1, batches of 32, no penalty, no early stopping) for the same number of
passes, on the same split of the digits scaled to [0, 1]. Repeat ``k`` uses seed ``k`` for
both; the row gives the median time and the median test accuracy. Check: our median test
accuracy is within two points of scikit-learn's.
"""

from __future__ import annotations

import statistics
import time
import warnings

from common import REPEATS, Row
from mlcourse.mlp import MLPClassifier
from sklearn.datasets import load_digits
from sklearn.model_selection import train_test_split
from sklearn.neural_network import MLPClassifier as SklearnMLP

TOPIC = "Multi-layer perceptron"
HIDDEN = (64,)
REFERENCE = "scikit-learn MLPClassifier(solver='sgd')"


def ours(max_iter, seed):
    return MLPClassifier(
        hidden_layer_sizes=HIDDEN,
        activation="tanh",
        learning_rate=0.1,
        momentum=0.9,
        batch_size=32,
        max_iter=max_iter,
        random_state=seed,
    )


def theirs(max_iter, seed):
    return SklearnMLP(
        hidden_layer_sizes=HIDDEN,
        activation="tanh",
        solver="sgd",
        learning_rate_init=0.1,
        momentum=0.9,
        nesterovs_momentum=False,
        batch_size=32,
        alpha=0.0,
        max_iter=max_iter,
        tol=0.0,
        n_iter_no_change=max_iter + 1,
        random_state=seed,
    )


def measure(make, max_iter, data):
    X_train, X_test, y_train, y_test = data
    times, scores = [], []
    for seed in range(REPEATS):
        model = make(max_iter, seed)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            start = time.perf_counter()
            model.fit(X_train, y_train)
            times.append(time.perf_counter() - start)
        scores.append(model.score(X_test, y_test))
    return statistics.median(times), times, statistics.median(scores)


def run():
    X, y = load_digits(return_X_y=True)
    data = train_test_split(
        X / 16.0, y, test_size=0.25, random_state=0, stratify=y
    )
    rows = []
    for max_iter in (30, 200):
        case = f"digits ({len(data[0])} train / {len(data[1])} test), 64 tanh units, {max_iter} passes"
        t, times, acc = measure(ours, max_iter, data)
        rt, rtimes, racc = measure(theirs, max_iter, data)
        extra = {"accuracy": acc, "reference_accuracy": racc}
        rows.append(
            Row(
                TOPIC,
                case,
                "mlcourse MLPClassifier",
                t,
                REFERENCE,
                rt,
                f"median test accuracy {acc:.4f} (scikit-learn {racc:.4f})",
                acc >= racc - 0.02,
                times,
                extra,
                f"{max_iter} passes: mlcourse",
            )
        )
        rows.append(
            Row(
                TOPIC,
                case,
                REFERENCE,
                rt,
                REFERENCE,
                rt,
                f"reference, median test accuracy {racc:.4f}",
                True,
                rtimes,
                extra,
                f"{max_iter} passes: scikit-learn",
            )
        )
    return rows, []
