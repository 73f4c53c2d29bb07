"""The single-sample perceptron: the textbook loop, the engine, scikit-learn.

Sparse mistakes: separable data in the unit ball, margin 0.005
(``make_separable``), 20,000 x 50 and 100,000 x 20, run to convergence
(scikit-learn's ``Perceptron(shuffle=False, tol=None, max_iter=passes)``
makes as many passes). Dense mistakes: 20,000 x 50 Gaussian samples with 10% of the
labels flipped, 5 passes. All three end at the same weights, bit for bit.
"""

from functools import cache

import numpy as np
import pytest
from common import ROUNDS, noisy, run_case
from mlcourse.datasets import make_separable
from mlcourse.perceptron import Perceptron, plain_perceptron
from sklearn.linear_model import Perceptron as SkPerceptron

CASES = {
    "sparse, 20,000 x 50": (20_000, 50),
    "sparse, 100,000 x 20": (100_000, 20),
    "dense, 20,000 x 50": None,
}


@cache
def data(case):
    """X, y (-1/+1) and the passes to make."""
    if CASES[case] is None:
        return *noisy(), 5
    data = make_separable(*CASES[case], margin=0.005, radius=1.0,
                          distribution="ball", random_state=0)  # fmt: skip
    passes = Perceptron(max_iter=1000).fit(data.X, data.y).n_iter_
    return data.X, data.y.astype(float), passes


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("who", ["mlcourse", "plain loop", "scikit-learn"])
def test_perceptron(benchmark, case, who):
    X, y, passes = data(case)
    if who == "plain loop" and case == "sparse, 100,000 x 20":
        pytest.skip("the plain loop takes a minute here: timed on 20,000 x 50")
    ours = Perceptron(max_iter=passes).fit(X, y)
    fits = {
        "mlcourse": lambda: Perceptron(max_iter=passes).fit(X, y),
        "plain loop": lambda: plain_perceptron(X, y, max_iter=passes,
                                               record_path=False),
        "scikit-learn": lambda: SkPerceptron(shuffle=False, tol=None,
                                             max_iter=passes).fit(X, y),
    }  # fmt: skip

    def check(model):
        coef = np.ravel(getattr(model, "coef_", getattr(model, "coef", None)))
        assert np.array_equal(coef, ours.coef_), "not the same weights"
        return "the same weights, bit for bit"

    run_case(benchmark, f"perceptron, {case}", who, fits[who], check,
             1 if who == "plain loop" else ROUNDS, passes=passes,
             updates=ours.n_updates_, visits=passes * len(y))  # fmt: skip
