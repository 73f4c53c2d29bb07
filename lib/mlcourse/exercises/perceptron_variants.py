"""Checkers for the exercises of the chapter "Voted and averaged perceptrons".

- :func:`check_lazy_average` (exercise ``ex-va-lazy``): the averaged perceptron written with the
  lazy-averaging trick, ``(X, y_signed, max_iter) -> (coef, intercept)``.
- :func:`check_voted_predict` (exercise ``ex-va-voted-predict``): the voted prediction from
  stored vectors and survival counts, ``(weights, intercepts, counts, X) -> labels in {-1, +1}``.

Each checker returns a :class:`~mlcourse.exercises.CheckResult` and never raises.
"""

from __future__ import annotations

import numpy as np

from . import Case, CheckResult, check_function
from ..perceptron_variants import averaged_perceptron_naive, voted_perceptron_naive

__all__ = ["check_lazy_average", "check_voted_predict"]


def _data(seed, n, d):
    rng = np.random.default_rng(seed)
    X = rng.integers(-3, 4, size=(n, d)).astype(float)
    w = rng.standard_normal(d)
    y = np.where(X @ w + 0.8 * rng.standard_normal(n) > 0, 1.0, -1.0)
    y[:2] = [1.0, -1.0]
    return X, y


def _lazy_reference(X, y_signed, max_iter):
    return averaged_perceptron_naive(X, y_signed, max_iter)


def _last_weights(X, y_signed, max_iter):
    weights, intercepts, _ = voted_perceptron_naive(X, y_signed, max_iter)
    return weights[-1], intercepts[-1]


def _average_with_start(X, y_signed, max_iter):
    """The typical off-by-one: the zero starting vector counted as one more visit."""
    coef, intercept = averaged_perceptron_naive(X, y_signed, max_iter)
    visits = max_iter * X.shape[0]
    return coef * visits / (visits + 1), intercept * visits / (visits + 1)


def _agrees(given, expected):
    try:
        coef, intercept = given
        return (np.allclose(np.asarray(coef, float), expected[0], rtol=1e-7, atol=1e-9)
                and np.isclose(float(intercept), expected[1], rtol=1e-7, atol=1e-9))
    except Exception:
        return False


def check_lazy_average(lazy_average) -> CheckResult:
    """Check ``lazy_average(X, y_signed, max_iter) -> (coef, intercept)`` against the plain average."""
    cases = [
        Case((np.array([[2.0, 1.0], [-1.0, -2.0], [1.0, -1.0]]), np.array([1.0, -1.0, 1.0]), 2),
             description="three points, two passes"),
        Case(_data(1, 20, 2) + (1,), description="20 points, one pass"),
        Case(_data(2, 60, 4) + (3,), description="60 noisy points, three passes"),
    ]
    hints = [
        (lambda given, expected, case: _agrees(given, _last_weights(*case.args)),
         "you returned the last weights w; the averaged perceptron returns w - u / c."),
        (lambda given, expected, case: _agrees(given, _average_with_start(*case.args)),
         "off by one: average over the max_iter * n weights taken after each visit, "
         "not over the starting zero vector as well (c should end at max_iter * n)."),
        (lambda given, expected, case: _agrees((-np.asarray(given[0], float), -float(given[1])), expected),
         "the sign is flipped: subtract u / c from w."),
    ]
    return check_function(lazy_average, _lazy_reference, cases, name="lazy_average",
                          rtol=1e-7, atol=1e-9, hints=hints)


def _voted_reference(weights, intercepts, counts, X):
    votes = np.sign(X @ weights.T + intercepts) @ counts
    return np.where(votes > 0, 1.0, -1.0)


def _averaged_prediction(weights, intercepts, counts, X):
    scores = X @ (counts @ weights) + counts @ intercepts
    return np.where(scores > 0, 1.0, -1.0)


def _voted_cases():
    cases = [
        Case((np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 1.0]]), np.array([0.0, 0.0, 0.0]),
              np.array([1.0, 2.0, 4.0]), np.array([[1.0, -1.0], [3.0, -1.0], [-1.0, -2.0], [2.0, 1.0]])),
             description="three hand-made vectors"),
    ]
    X, y = _data(5, 40, 3)
    weights, intercepts, counts = voted_perceptron_naive(X, y, 3)
    Z = np.random.default_rng(6).integers(-3, 4, size=(30, 3)).astype(float)
    cases.append(Case((weights, intercepts, counts, Z), description="a voted perceptron trained on 40 points"))
    # one heavy vector with a huge score against many light ones: here the vote and the average disagree
    cases.append(Case((np.array([[100.0], [-1.0]]), np.array([0.0, 0.0]), np.array([1.0, 3.0]),
                       np.array([[1.0], [2.0]])), description="a big vector outvoted by a frequent one"))
    return cases


def check_voted_predict(voted_predict) -> CheckResult:
    """Check ``voted_predict(weights, intercepts, counts, X) -> labels in {-1, +1}``."""
    hints = [
        (lambda given, expected, case: np.array_equal(np.asarray(given, float), _averaged_prediction(*case.args)),
         "this is the averaged perceptron's prediction: take the sign of each vector's score "
         "before weighting it by its count."),
        (lambda given, expected, case: np.array_equal(np.asarray(given, float), -expected),
         "every label is flipped: a positive vote means the positive class."),
        (lambda given, expected, case: np.array_equal(
            np.asarray(given, float), _voted_reference(case.args[0], case.args[1], np.ones_like(case.args[2]), case.args[3])),
         "every vector gets one vote here: weight each vote by the vector's survival count."),
    ]
    return check_function(voted_predict, _voted_reference, _voted_cases(), name="voted_predict", hints=hints)
