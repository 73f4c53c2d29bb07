"""The single-sample perceptron against scikit-learn's ``Perceptron``.

Sparse mistakes: separable data in the unit ball, margin 0.005
(``make_separable``), 20,000 x 50 and 100,000 x 20; ours runs to
convergence and scikit-learn's ``Perceptron(shuffle=False, tol=None)``
makes as many passes. Dense mistakes: 20,000 x 50 Gaussian samples, 10% of
the labels flipped, 5 passes (a quarter of the visits are mistakes). Both
end at the same weights, bit for bit.
"""

from functools import cache

import numpy as np
import pytest
from common import WHO, noisy, run_case
from mlcourse.datasets import make_separable
from mlcourse.perceptron import Perceptron
from sklearn.linear_model import Perceptron as SkPerceptron


@cache
def separable(n, d):
    data = make_separable(
        n, d, margin=0.005, radius=1.0, distribution="ball", random_state=0
    )
    passes = Perceptron(max_iter=1000).fit(data.X, data.y).n_iter_
    return data.X, data.y.astype(float), passes


def timed(benchmark, who, case, X, y, passes, **options):
    fits = {
        "mlcourse": lambda: Perceptron(max_iter=passes).fit(X, y),
        "scikit-learn": lambda: SkPerceptron(
            shuffle=False, tol=None, max_iter=passes
        ).fit(X, y),
    }

    def check(ours):
        theirs = fits["scikit-learn"]()
        assert np.array_equal(ours.coef_, theirs.coef_[0])
        assert ours.intercept_ == theirs.intercept_[0]
        return f"same weights as scikit-learn, bit for bit ({passes} passes)"

    check = check if who == "mlcourse" else None
    run_case(benchmark, case, who, fits[who], check, **options)


@pytest.mark.parametrize("shape", [(20_000, 50), (100_000, 20)], ids=str)
@pytest.mark.parametrize("who", WHO)
def test_sparse_mistakes(benchmark, shape, who):
    X, y, passes = separable(*shape)
    case = f"{shape[0]:,} x {shape[1]} separable (margin 0.005)"
    label = f"{shape[0]:,} x {shape[1]}: {who}"
    timed(benchmark, who, case, X, y, passes, short=label, sparse=True)


@pytest.mark.parametrize("who", WHO)
def test_dense_mistakes(benchmark, who):
    case = "20,000 x 50 noisy (10% labels flipped), 5 passes"
    label = f"dense mistakes: {who}"
    timed(benchmark, who, case, *noisy(), 5, short=label)
