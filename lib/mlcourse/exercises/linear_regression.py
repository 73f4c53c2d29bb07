"""Checkers for the exercises of chapter "1. Linear regression".

- :func:`check_least_squares_line` for exercise ``ex-lr-closed-form``: a function
  ``least_squares_line(x, y)`` returning ``(intercept, slope)``.
- :func:`check_r2` for exercise ``ex-lr-r2``: a function ``r2(y, y_pred)``.

Each checker returns a :class:`~mlcourse.exercises.CheckResult` and never raises.
"""

from __future__ import annotations

import numpy as np

from . import Case, CheckResult, check_function
from ..linear_regression import least_squares_line as _reference_line
from ..linear_regression import r2_score as _reference_r2

__all__ = ["check_least_squares_line", "check_r2"]


def _line_cases():
    rng = np.random.default_rng(2024)
    x_random = rng.uniform(-5, 5, size=20)
    y_random = 3.0 - 0.8 * x_random + rng.normal(size=20)
    return [
        Case((np.array([1.0, 2.0, -1.0, 3.0, 4.0]), np.array([2.0, 4.0, 0.0, 4.0, 6.0])),
             description="the lecture's five points"),
        Case((np.array([0.0, 1.0, 2.0]), np.array([1.0, 3.0, 5.0])),
             description="three points on the line y = 1 + 2x"),
        Case((np.array([10.0, 12.0, 14.0, 16.0]), np.array([5.0, 4.0, 4.0, 2.0])),
             description="x far from 0 and a falling line"),
        Case((x_random, y_random), description="20 random points"),
    ]


def _swapped(given, expected, case) -> bool:
    return np.allclose([given[1], given[0]], expected, atol=1e-7)


def _no_centering(given, expected, case) -> bool:
    x, y = case.args
    slope = float(x @ y) / float(x @ x)
    return np.isclose(given[1], slope)


def _n_minus_one_mix(given, expected, case) -> bool:
    x, y = case.args
    n = x.size
    return np.isclose(given[1], expected[1] * n / (n - 1)) or np.isclose(given[1], expected[1] * (n - 1) / n)


def _wrong_intercept_sign(given, expected, case) -> bool:
    x, y = case.args
    return np.isclose(given[1], expected[1]) and np.isclose(given[0], y.mean() + given[1] * x.mean())


def check_least_squares_line(candidate) -> CheckResult:
    """Check ``least_squares_line(x, y) -> (intercept, slope)`` against the closed form."""
    return check_function(
        candidate,
        _reference_line,
        _line_cases(),
        name="least_squares_line",
        rtol=1e-7,
        atol=1e-9,
        hints=[
            (_swapped, "you returned (slope, intercept); the exercise asks for (intercept, slope)."),
            (_no_centering, "the slope uses deviations from the means: "
                            "sum((x - xbar) * (y - ybar)) / sum((x - xbar)**2)."),
            (_n_minus_one_mix, "numerator and denominator must use the same divisor "
                               "(both sums, or both divided by n - 1)."),
            (_wrong_intercept_sign, "the intercept is ybar - slope * xbar (note the minus sign)."),
        ],
    )


def _r2_cases():
    rng = np.random.default_rng(7)
    y = rng.normal(size=15) * 3 + 10
    return [
        Case((np.array([2.0, 4.0, 0.0, 4.0, 6.0]),
              41 / 37 + 43 / 37 * np.array([1.0, 2.0, -1.0, 3.0, 4.0])),
             description="the lecture's five points and their least-squares line"),
        Case((np.array([1.0, 2.0, 3.0, 4.0]), np.array([1.0, 2.0, 3.0, 4.0])),
             description="a perfect prediction"),
        Case((np.array([1.0, 2.0, 3.0, 4.0]), np.array([4.0, 3.0, 2.0, 1.0])),
             description="a prediction worse than the mean (R^2 < 0)"),
        Case((y, y + rng.normal(size=15)), description="15 random values"),
    ]


def _used_correlation(given, expected, case) -> bool:
    y, y_pred = case.args
    return np.isclose(given, np.corrcoef(y, y_pred)[0, 1] ** 2) and not np.isclose(given, expected)


def _ratio_inverted(given, expected, case) -> bool:
    y, y_pred = case.args
    sse = np.sum((y - y_pred) ** 2)
    sst = np.sum((y - y.mean()) ** 2)
    return np.isclose(given, sse / sst) or np.isclose(given, 1 - sst / sse)


def check_r2(candidate) -> CheckResult:
    """Check ``r2(y, y_pred)`` against ``1 - SSE / SST``."""
    return check_function(
        candidate,
        _reference_r2,
        _r2_cases(),
        name="r2",
        hints=[
            (_ratio_inverted, "R^2 is 1 - SSE / SST, with SSE = sum((y - y_pred)**2) "
                              "and SST = sum((y - ybar)**2)."),
            (_used_correlation, "the squared correlation equals R^2 only for a least-squares fit "
                                "with intercept; compute 1 - SSE / SST instead."),
        ],
    )
