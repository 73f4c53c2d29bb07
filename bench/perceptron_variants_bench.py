"""The averaged, multi-class and voted perceptrons against scikit-learn.

``AveragedPerceptron`` meets ``SGDClassifier(loss="perceptron",
average=True)``, a true averaged perceptron (the same weights to rounding),
on the noisy 20,000 x 50 data of the perceptron's dense case and on the
digits, even against odd. ``MulticlassPerceptron`` meets scikit-learn's
``Perceptron`` (one against the rest: only accuracies compare) on
20,000 x 50 with 2 or 5 noisy classes and 5 separable ones.
"""

import numpy as np
import pytest
from common import WHO, noisy, run_case
from mlcourse.perceptron_variants import (
    AveragedPerceptron,
    MulticlassPerceptron,
)
from sklearn.datasets import load_digits
from sklearn.linear_model import Perceptron as SkPerceptron
from sklearn.linear_model import SGDClassifier


def digits():
    X, y = load_digits(return_X_y=True)
    return X, y % 2  # even against odd


@pytest.mark.parametrize("data", ["noisy", "digits"])
@pytest.mark.parametrize("who", WHO)
def test_averaged(benchmark, data, who):
    (X, y), passes = (noisy(), 5) if data == "noisy" else (digits(), 10)
    sgd = SGDClassifier(
        loss="perceptron", penalty=None, learning_rate="constant", eta0=1,
        average=True, shuffle=False, tol=None, max_iter=passes,
    )  # fmt: skip
    fits = {
        "mlcourse": lambda: AveragedPerceptron(max_iter=passes).fit(X, y),
        "scikit-learn": lambda: sgd.fit(X, y),
    }

    def check(ours):
        theirs = sgd.fit(X, y)
        scale = max(1.0, float(np.max(np.abs(theirs.coef_))))
        gaps = (
            np.r_[ours.coef_, ours.intercept_]
            - np.r_[theirs.coef_[0], theirs.intercept_]
        )
        assert np.max(np.abs(gaps)) / scale < 1e-9
        return "same averaged weights as scikit-learn, to rounding"

    check = check if who == "mlcourse" else None
    what = "20,000 x 50 noisy" if data == "noisy" else "digits, even vs odd"
    case, short = f"averaged: {what}, {passes} passes", f"averaged, {data}"
    run_case(benchmark, case, who, fits[who], check, short=f"{short}: {who}")


@pytest.mark.parametrize("classes, flipped", [(2, 0.1), (5, 0.1), (5, 0)])
@pytest.mark.parametrize("who", WHO)
def test_multiclass(benchmark, classes, flipped, who):
    X, y = noisy(classes=classes, flipped=flipped)
    fits = {
        "mlcourse": lambda: MulticlassPerceptron(max_iter=5).fit(X, y),
        "scikit-learn": lambda: SkPerceptron(
            shuffle=False, tol=None, max_iter=5
        ).fit(X, y),
    }

    def check(ours):
        reference = fits["scikit-learn"]().score(X, y)
        score = ours.score(X, y)
        assert score > reference - 0.05
        return (
            f"training accuracy {score:.4f} "
            f"(scikit-learn, one against the rest: {reference:.4f})"
        )

    kind = f"{classes} {'noisy' if flipped else 'separable'} classes"
    case = f"multi-class: 20,000 x 50, {kind}, 5 passes"
    check = check if who == "mlcourse" else None
    run_case(benchmark, case, who, fits[who], check, short=f"{kind}: {who}")
