"""Checkers for the exercises of the logistic-regression chapter (``chapter-logistic-regression``)."""

from __future__ import annotations

import numpy as np

from . import Case, CheckResult, check_function
from ..logistic_regression import sigmoid as _sigmoid

__all__ = ["check_sigmoid", "check_log_likelihood_gradient"]


def _reference_sigmoid(z):
    return _sigmoid(np.asarray(z, dtype=float))


def check_sigmoid(candidate) -> CheckResult:
    """Exercise ``ex-logr-stable-sigmoid``: ``sigmoid(z)`` on arrays, exact and stable for large ``|z|``."""
    cases = [
        Case((np.array([0.0]),), description="z = [0]"),
        Case((np.array([-2.0, -0.5, 0.5, 2.0]),), description="small arguments"),
        Case((np.array([-800.0, -40.0, 40.0, 800.0]),), description="large |z|, where exp overflows"),
        Case((np.linspace(-745.0, 745.0, 11),), description="a wide range of z"),
    ]

    def wrong_sign(given, expected, case):
        return np.allclose(np.asarray(given, dtype=float), 1 - expected, atol=1e-9)

    def not_finite(given, expected, case):
        return not np.all(np.isfinite(np.asarray(given, dtype=float)))

    hints = [
        (wrong_sign, "you computed 1 / (1 + exp(z)), the lecture's sign; the book uses 1 / (1 + exp(-z))."),
        (not_finite, "exp(-z) overflows for very negative z; for z < 0 use exp(z) / (1 + exp(z)) instead."),
    ]
    # An overflow inside exp is the mistake this exercise is about: make it an error, so the
    # answer is reported as "raised FloatingPointError: overflow ..." rather than passing
    # with a warning.
    with np.errstate(over="raise", invalid="raise"):
        result = check_function(candidate, _reference_sigmoid, cases, name="sigmoid", rtol=1e-9, atol=1e-300,
                                hints=hints)
    if result.status == "error" and "FloatingPointError" in result.message:
        result.message += ("\nHint: exp(-z) overflows for very negative z; for z < 0 use "
                           "exp(z) / (1 + exp(z)), which only ever takes exp of a negative number.")
    return result


def _reference_gradient(X, y, w, b):
    p = _sigmoid(X @ w + b)
    return X.T @ (y - p), float(np.sum(y - p))


def check_log_likelihood_gradient(candidate) -> CheckResult:
    """Exercise ``ex-logr-gradient``: ``(dl/dw, dl/db)`` of the log-likelihood, labels in {0, 1}."""
    rng = np.random.default_rng(4)
    cases = [
        Case((np.array([[1.0, 2.0], [-1.0, 0.5], [0.0, -1.0]]), np.array([1.0, 0.0, 1.0]),
              np.array([0.0, 0.0]), 0.0), description="w = 0, b = 0: every p is 1/2"),
        Case((np.array([[1.0, 2.0], [-1.0, 0.5], [0.0, -1.0]]), np.array([1.0, 0.0, 1.0]),
              np.array([0.5, -1.0]), 0.3), description="three points, w = (0.5, -1), b = 0.3"),
        Case((rng.standard_normal((20, 3)), (rng.random(20) < 0.5).astype(float),
              rng.standard_normal(3), -0.7), description="20 random points in 3-D"),
    ]

    def flipped(given, expected, case):
        return np.allclose(given[0], -expected[0]) and np.isclose(given[1], -expected[1])

    def averaged(given, expected, case):
        n = case.args[0].shape[0]
        return np.allclose(np.asarray(given[0], dtype=float) * n, expected[0])

    def no_bias(given, expected, case):
        return np.allclose(given[0], expected[0]) and not np.isclose(given[1], expected[1])

    hints = [
        (flipped, "the sign is flipped: that is the gradient of the loss -l, not of the log-likelihood l."),
        (averaged, "the lecture's gradient is a sum over the examples, not a mean."),
        (no_bias, "the bias behaves like a weight on a constant feature 1: dl/db = sum_l (y_l - p_l)."),
    ]

    def compare(given, expected):
        if not isinstance(given, (tuple, list)) or len(given) != 2:
            return False, f"expected a pair (grad_w, grad_b), got {type(given).__name__}"
        gw, gb = np.asarray(given[0], dtype=float), np.asarray(given[1], dtype=float)
        if gw.shape != expected[0].shape:
            return False, f"grad_w should have shape {expected[0].shape}, got {gw.shape}"
        if gb.size != 1:
            return False, f"grad_b should be a single number, got shape {gb.shape}"
        if not np.allclose(gw, expected[0], rtol=1e-7, atol=1e-9):
            return False, f"grad_w: expected {np.round(expected[0], 4)}, got {np.round(gw, 4)}"
        if not np.isclose(float(gb), expected[1], rtol=1e-7, atol=1e-9):
            return False, f"grad_b: expected {expected[1]:.6g}, got {float(gb):.6g}"
        return True, ""

    return check_function(candidate, _reference_gradient, cases, name="log_likelihood_gradient",
                          hints=hints, compare=compare)
