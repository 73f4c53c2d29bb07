"""Every estimator's default fit on 10,000 x 50 noisy data: time and memory.

The perceptron's noisy data with 10,000 samples (two classes, 10% of the
labels flipped; five classes for the multi-class models; a linear score
plus noise for linear regression). The peak memory is tracemalloc's.
"""

import tracemalloc
import warnings

import numpy as np
import pytest
from common import noisy, run_case
from mlcourse.linear_regression import LinearRegression
from mlcourse.logistic_regression import LogisticRegression, SoftmaxRegression
from mlcourse.mlp import MLPClassifier
from mlcourse.perceptron import BatchPerceptron, Perceptron
from mlcourse.perceptron_variants import (
    AveragedPerceptron,
    KernelPerceptron,
    MulticlassPerceptron,
    VotedPerceptron,
)

BINARY = [Perceptron, BatchPerceptron, AveragedPerceptron, VotedPerceptron]
MULTI = [MulticlassPerceptron, SoftmaxRegression, MLPClassifier]


@pytest.mark.parametrize(
    "cls",
    BINARY + [KernelPerceptron, LogisticRegression, LinearRegression] + MULTI,
    ids=lambda c: c.__name__,
)
def test_default_fit(benchmark, cls):
    X, y = noisy(10_000, classes=5 if cls in MULTI else 2, seed=1)
    if cls is LinearRegression:
        y = X @ np.linspace(-1, 1, 50) + np.sin(np.arange(10_000))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tracemalloc.start()
        cls().fit(X, y)
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
    rounds = 1 if cls is KernelPerceptron else 3
    run_case(
        benchmark,
        "default fit, 10,000 x 50 noisy",
        cls.__name__,
        lambda: cls().fit(X, y),
        lambda _: f"peak memory {peak:.0f} MiB",
        rounds=rounds,
        peak_mib=peak,
    )
