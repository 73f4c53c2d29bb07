"""Averaged perceptron against scikit-learn's averaged SGD on digits; voted prediction cost.

Data: scikit-learn's bundled digits, split 75/25 with ``random_state=0``; 10 passes.
``SGDClassifier(loss="perceptron", penalty=None, learning_rate="constant", eta0=1,
average=True, shuffle=False, tol=None)`` is a true averaged perceptron: it averages the
weights after every sample visit, as ``AveragedPerceptron`` does, so on the binary tasks the
two end at the same weights (to rounding) and the same test accuracy. On all ten digits
``MulticlassPerceptron(average=True)`` (one vector per class, argmax) meets the SGD's
one-against-the-rest, so only the accuracies are compared. Prediction cost:
``VotedPerceptron.predict`` takes one inner product per stored vector,
``AveragedPerceptron.predict`` one per sample.

Dense mistakes: the noisy 20,000 x 50 data of the perceptron benchmark (10% of the
labels flipped), 5 passes, for ``AveragedPerceptron`` against the averaged SGD above
(the same weights to rounding), and, with five classes (the argmax of five random
linear scores, 10% of the labels redrawn), for ``MulticlassPerceptron`` against
scikit-learn's ``Perceptron`` (one against the rest, so only accuracies compare).
"""

from __future__ import annotations

import numpy as np
from common import Row, median_time
from mlcourse.perceptron_variants import (
    AveragedPerceptron,
    MulticlassPerceptron,
    VotedPerceptron,
)
from perceptron_bench import DENSE_PASSES, dense_data
from sklearn.datasets import load_digits
from sklearn.linear_model import Perceptron as SklearnPerceptron
from sklearn.linear_model import SGDClassifier
from sklearn.model_selection import train_test_split

TOPIC = "Averaged and voted perceptron"
PASSES = 10
SGD = "scikit-learn SGDClassifier(loss='perceptron', average=True)"


def sgd(passes):
    return SGDClassifier(
        loss="perceptron",
        penalty=None,
        learning_rate="constant",
        eta0=1,
        average=True,
        shuffle=False,
        tol=None,
        max_iter=passes,
    )


def run():
    X, y = load_digits(return_X_y=True)
    rows = []
    tasks = [
        (f"digits {a} vs {b}", X[np.isin(y, (a, b))], y[np.isin(y, (a, b))])
        for a, b in [(3, 5), (4, 9), (1, 7)]
    ]
    tasks += [
        ("digits: 8 vs the rest", X, y == 8),
        ("digits: even vs odd", X, y % 2),
    ]
    for task, X_task, y_task in tasks:
        X_train, X_test, y_train, y_test = train_test_split(
            X_task, y_task, test_size=0.25, random_state=0
        )
        ours_time, ours_times, ours = median_time(
            lambda: AveragedPerceptron(max_iter=PASSES).fit(X_train, y_train)
        )
        ref_time, ref_times, ref = median_time(
            lambda: sgd(PASSES).fit(X_train, y_train)
        )
        acc, ref_acc = ours.score(X_test, y_test), ref.score(X_test, y_test)
        scale = max(1.0, float(np.max(np.abs(ref.coef_))))
        diff = (
            max(
                float(np.max(np.abs(ours.coef_ - ref.coef_[0]))),
                abs(ours.intercept_ - float(ref.intercept_[0])),
            )
            / scale
        )
        ok = diff < 1e-9 and acc == ref_acc
        case = f"{task}, {PASSES} passes"
        extra = {
            "accuracy": acc,
            "reference_accuracy": ref_acc,
            "relative_weight_difference": diff,
        }
        rows.append(
            Row(
                TOPIC,
                case,
                "mlcourse AveragedPerceptron",
                ours_time,
                SGD,
                ref_time,
                f"same averaged weights (relative difference {diff:.0e}) and test accuracy {acc:.4f}",
                ok,
                ours_times,
                extra,
                f"{task}: AveragedPerceptron",
            )
        )
        rows.append(
            Row(
                TOPIC,
                case,
                SGD,
                ref_time,
                SGD,
                ref_time,
                f"reference, test accuracy {ref_acc:.4f}",
                True,
                ref_times,
                extra,
                f"{task}: scikit-learn SGD",
            )
        )

    X_train, X_test, y_train, y_test = train_test_split(
        X, y, test_size=0.25, random_state=0
    )
    ours_time, ours_times, ours = median_time(
        lambda: MulticlassPerceptron(max_iter=PASSES, average=True).fit(
            X_train, y_train
        )
    )
    ref_time, ref_times, ref = median_time(
        lambda: sgd(PASSES).fit(X_train, y_train)
    )
    acc, ref_acc = ours.score(X_test, y_test), ref.score(X_test, y_test)
    case = f"all 10 digits, {PASSES} passes"
    extra = {"accuracy": acc, "reference_accuracy": ref_acc}
    rows.append(
        Row(
            TOPIC,
            case,
            "mlcourse MulticlassPerceptron(average=True)",
            ours_time,
            SGD + ", one-vs-rest",
            ref_time,
            f"test accuracy {acc:.4f} (scikit-learn {ref_acc:.4f})",
            acc >= ref_acc - 0.03,
            ours_times,
            extra,
            "10 digits: MulticlassPerceptron",
        )
    )
    rows.append(
        Row(
            TOPIC,
            case,
            SGD + ", one-vs-rest",
            ref_time,
            SGD + ", one-vs-rest",
            ref_time,
            f"reference, test accuracy {ref_acc:.4f}",
            True,
            ref_times,
            extra,
            "10 digits: scikit-learn SGD",
        )
    )

    rows += run_dense()

    X_train, X_test, y_train, y_test = train_test_split(
        X, y % 2, test_size=0.25, random_state=0
    )
    for passes in (1, 10, 50):
        voted = VotedPerceptron(max_iter=passes).fit(X_train, y_train)
        averaged = AveragedPerceptron(max_iter=passes).fit(X_train, y_train)
        voted_time, voted_times, _ = median_time(lambda: voted.predict(X_test))
        averaged_time, averaged_times, _ = median_time(
            lambda: averaged.predict(X_test)
        )
        k = int(voted.weights_.shape[0])
        acc_v, acc_a = (
            voted.score(X_test, y_test),
            averaged.score(X_test, y_test),
        )
        case = (
            f"predict {X_test.shape[0]} digits, even vs odd, after {passes} pass{'es' if passes > 1 else ''} "
            f"(K = {k} vectors)"
        )
        extra = {
            "stored_vectors": k,
            "accuracy": acc_v,
            "reference_accuracy": acc_a,
        }
        rows.append(
            Row(
                TOPIC,
                case,
                "mlcourse VotedPerceptron.predict",
                voted_time,
                "mlcourse AveragedPerceptron.predict",
                averaged_time,
                f"test accuracy {acc_v:.4f} (averaged {acc_a:.4f})",
                acc_v >= 0.8,
                voted_times,
                extra,
                f"predict after {passes} pass{'es' if passes > 1 else ''}: voted",
            )
        )
        rows.append(
            Row(
                TOPIC,
                case,
                "mlcourse AveragedPerceptron.predict",
                averaged_time,
                "mlcourse AveragedPerceptron.predict",
                averaged_time,
                f"reference, test accuracy {acc_a:.4f}",
                acc_a >= 0.8,
                averaged_times,
                extra,
                f"predict after {passes} pass{'es' if passes > 1 else ''}: averaged",
            )
        )
    return rows, []


def _multiclass_data(n_samples=20_000, n_features=50, n_classes=5, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n_samples, n_features))
    y = np.argmax(X @ rng.standard_normal((n_features, n_classes)), axis=1)
    noisy = rng.random(n_samples) < 0.1
    y[noisy] = rng.integers(0, n_classes, size=int(noisy.sum()))
    return X, y


def run_dense(passes=DENSE_PASSES):
    X, y = dense_data()
    rows = []
    ours_time, ours_times, ours = median_time(
        lambda: AveragedPerceptron(max_iter=passes).fit(X, y)
    )
    ref_time, ref_times, ref = median_time(lambda: sgd(passes).fit(X, y))
    scale = max(1.0, float(np.max(np.abs(ref.coef_))))
    diff = (
        max(
            float(np.max(np.abs(ours.coef_ - ref.coef_[0]))),
            abs(ours.intercept_ - float(ref.intercept_[0])),
        )
        / scale
    )
    case = (
        f"{X.shape[0]:,} x {X.shape[1]} noisy (10% labels flipped), "
        f"{passes} passes, {ours.n_updates_:,} updates"
    )
    extra = {"relative_weight_difference": diff}
    rows.append(
        Row(
            TOPIC,
            case,
            "mlcourse AveragedPerceptron",
            ours_time,
            SGD,
            ref_time,
            f"same averaged weights (relative difference {diff:.0e})",
            diff < 1e-9,
            ours_times,
            extra,
            "dense mistakes: AveragedPerceptron",
        )
    )
    rows.append(
        Row(
            TOPIC,
            case,
            SGD,
            ref_time,
            SGD,
            ref_time,
            "reference",
            True,
            ref_times,
            extra,
            "dense mistakes: scikit-learn SGD",
        )  # fmt: skip
    )
    X, y = _multiclass_data()
    ours_time, ours_times, ours = median_time(
        lambda: MulticlassPerceptron(max_iter=passes).fit(X, y)
    )
    ref_time, ref_times, ref = median_time(
        lambda: SklearnPerceptron(
            shuffle=False, tol=None, max_iter=passes, eta0=1.0, alpha=0.0
        ).fit(X, y)
    )
    acc, ref_acc = ours.score(X, y), ref.score(X, y)
    case = (
        f"{X.shape[0]:,} x {X.shape[1]}, 5 noisy classes, {passes} passes, "
        f"{ours.n_updates_:,} updates"
    )
    extra = {"accuracy": acc, "reference_accuracy": ref_acc}
    reference = "scikit-learn Perceptron(shuffle=False, tol=None), one-vs-rest"
    rows.append(
        Row(
            TOPIC,
            case,
            "mlcourse MulticlassPerceptron",
            ours_time,
            reference,
            ref_time,
            f"training accuracy {acc:.4f} (scikit-learn {ref_acc:.4f})",
            acc >= ref_acc - 0.03,
            ours_times,
            extra,
            "dense mistakes: MulticlassPerceptron",
        )
    )
    rows.append(
        Row(
            TOPIC,
            case,
            reference,
            ref_time,
            reference,
            ref_time,
            f"reference, training accuracy {ref_acc:.4f}",
            True,
            ref_times,
            extra,
            "dense mistakes: scikit-learn Perceptron",
        )  # fmt: skip
    )
    return rows
