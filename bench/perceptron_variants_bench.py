"""The averaged perceptron against scikit-learn; the kernel perceptron's memory.

``AveragedPerceptron`` meets ``SGDClassifier(loss="perceptron",
average=True)``, the same averaged weights to rounding, on the noisy
20,000 x 50 data of the perceptron's dense case and on the digits, even
against odd. ``KernelPerceptron`` (polynomial kernel of degree 2, 5 passes)
on the noisy data at three sizes: its peak memory (tracemalloc's) against
the 8 n^2 bytes of its Gram matrix. ``MulticlassPerceptron`` meets
scikit-learn's ``Perceptron`` (one against the rest: only accuracies
compare) on 20,000 x 50 with 2 or 5 noisy classes and 5 separable ones;
its updates (ours) are recorded with every fit of the case.
"""

import tracemalloc

import numpy as np
import pytest
from common import noisy, run_case
from mlcourse.perceptron_variants import (
    AveragedPerceptron,
    KernelPerceptron,
    MulticlassPerceptron,
)
from sklearn.datasets import load_digits
from sklearn.linear_model import Perceptron as SkPerceptron
from sklearn.linear_model import SGDClassifier


@pytest.mark.parametrize("data", ["noisy 20,000 x 50", "digits"])
@pytest.mark.parametrize("who", ["mlcourse", "scikit-learn"])
def test_averaged(benchmark, data, who):
    if data == "digits":
        X, y = load_digits(return_X_y=True)
        y, passes = y % 2, 10  # even against odd
    else:
        (X, y), passes = noisy(), 5
    sgd = SGDClassifier(
        loss="perceptron", penalty=None, learning_rate="constant", eta0=1,
        average=True, shuffle=False, tol=None, max_iter=passes,
    )  # fmt: skip
    ours = AveragedPerceptron(max_iter=passes)
    fit = {"mlcourse": ours, "scikit-learn": sgd}[who].fit

    def check(model):
        theirs = sgd.fit(X, y)
        ours = np.r_[model.coef_.ravel(), model.intercept_]
        gap = ours - np.r_[theirs.coef_[0], theirs.intercept_]
        assert np.max(np.abs(gap)) / max(1.0, np.max(np.abs(ours))) < 1e-9
        return "the same averaged weights, to rounding"

    updates = ours.fit(X, y).n_updates_
    run_case(benchmark, f"averaged, {data}", who, lambda: fit(X, y), check,
             passes=passes, updates=updates, visits=passes * len(y))  # fmt: skip


@pytest.mark.filterwarnings("ignore")
@pytest.mark.parametrize("n", [1250, 2500, 5000])
def test_kernel_memory(benchmark, n):
    X, y = noisy(n, seed=1)
    model = KernelPerceptron(max_iter=5)
    tracemalloc.start()
    model.fit(X, y)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    gram = 8 * n**2
    assert gram <= peak < 4 * gram, "the Gram matrix is most of the memory"
    run_case(benchmark, f"kernel perceptron, n = {n:,}", "mlcourse",
             lambda: model.fit(X, y), rounds=3, n=n, peak_bytes=peak,
             gram_bytes=gram, updates=model.n_updates_)  # fmt: skip


def classes_data(classes, flipped, n=20_000, d=50, seed=0):
    """The argmax of random linear scores; ``flipped`` labels drawn again."""
    if classes == 2:
        return noisy(n, d, flipped, seed)
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d))
    y = np.argmax(X @ rng.standard_normal((d, classes)), axis=1)
    redrawn = rng.random(n) < flipped
    y[redrawn] = rng.integers(0, classes, size=int(redrawn.sum()))
    return X, y


@pytest.mark.parametrize("classes, flipped", [(2, 0.1), (5, 0.1), (5, 0)])
@pytest.mark.parametrize("who", ["mlcourse", "scikit-learn"])
def test_multiclass(benchmark, classes, flipped, who):
    X, y = classes_data(classes, flipped)
    sk = SkPerceptron(shuffle=False, tol=None, max_iter=5)
    model = {"mlcourse": MulticlassPerceptron(max_iter=5), "scikit-learn": sk}

    def check(ours):
        reference = sk.fit(X, y).score(X, y)
        assert ours.score(X, y) > reference - 0.05
        return "training accuracy within 0.05 of scikit-learn's"

    kind = f"{classes} {'noisy' if flipped else 'separable'} classes"
    updates = MulticlassPerceptron(max_iter=5).fit(X, y).n_updates_
    run_case(benchmark, f"multi-class, 20,000 x 50, {kind}", who,
             lambda: model[who].fit(X, y), check, passes=5,
             updates=updates, visits=5 * len(y))  # fmt: skip
