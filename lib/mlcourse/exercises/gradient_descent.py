"""Checkers for the exercises of the chapter "Gradient descent" (chapter 3).

- :func:`check_logistic_gradient` for exercise ``ex-gd-logistic-gradient``;
- :func:`check_max_stable_step` for exercise ``ex-gd-threshold``.
"""

from __future__ import annotations

import numpy as np

from . import Case, CheckResult, check_function

__all__ = ["check_logistic_gradient", "check_max_stable_step", "reference_logistic_gradient",
           "reference_max_stable_step"]


def reference_logistic_gradient(w, X, y):
    """Gradient of ``(1/n) sum_i log(1 + exp(-y_i w.x_i))`` for labels ``y_i`` in {-1, +1}."""
    margins = y * (X @ w)
    weights = 0.5 * (1.0 - np.tanh(margins / 2.0))  # sigmoid(-margin), without overflow
    return -(X.T @ (y * weights)) / len(y)


def reference_max_stable_step(A):
    """The largest constant step for which gradient descent on ``x^T A x / 2 - b^T x`` converges: ``2 / lambda_max``."""
    return 2.0 / float(np.linalg.eigvalsh(A).max())


def _logistic_cases():
    rng = np.random.default_rng(2024)
    cases = [Case((np.array([0.0, 0.0]), np.array([[1.0, 2.0], [-1.0, 0.5], [0.3, -2.0]]), np.array([1.0, -1.0, 1.0])),
                  description="w = 0, three samples")]
    for n, d in ((5, 3), (40, 4)):
        X = rng.normal(size=(n, d))
        y = np.where(rng.random(n) < 0.5, -1.0, 1.0)
        cases.append(Case((rng.normal(size=d), X, y), description=f"random w, {n} samples, {d} features"))
    cases.append(Case((np.array([30.0, -30.0]), np.array([[2.0, -1.0], [-1.0, 3.0]]), np.array([-1.0, 1.0])),
                      description="large weights: two confident mistakes (watch for overflow)"))
    return cases


def _sign_flipped(given, expected, case):
    return np.allclose(np.asarray(given, dtype=float), -expected, rtol=1e-6, atol=1e-9)


def _not_averaged(given, expected, case):
    n = len(case.args[2])
    return n > 1 and np.allclose(np.asarray(given, dtype=float), n * expected, rtol=1e-6, atol=1e-9)


def check_logistic_gradient(logistic_gradient) -> CheckResult:
    """Check ``logistic_gradient(w, X, y)`` against the gradient of the mean logistic loss."""
    return check_function(
        logistic_gradient,
        reference_logistic_gradient,
        _logistic_cases(),
        name="logistic_gradient",
        rtol=1e-6,
        atol=1e-9,
        hints=[
            (_sign_flipped, "your gradient has the wrong sign: the loss falls as y w.x grows, so "
                            "the gradient is minus a weighted sum of y_i x_i."),
            (_not_averaged, "you returned the sum over samples: divide by the number of samples n."),
            (lambda g, e, c: not np.all(np.isfinite(np.asarray(g, dtype=float))),
             "your answer contains inf or NaN: write sigmoid(-m) in a form that cannot overflow "
             "(for example 0.5 * (1 - tanh(m / 2)))."),
        ],
    )


def _threshold_cases():
    rng = np.random.default_rng(7)
    cases = [Case((np.diag([1.0, 10.0]),), description="A = diag(1, 10)"),
             Case((np.array([[4.0]]),), description="A = [[4]]")]
    M = rng.normal(size=(4, 4))
    cases.append(Case((M @ M.T + 0.5 * np.eye(4),), description="a random 4 x 4 positive definite matrix"))
    Q, _ = np.linalg.qr(rng.normal(size=(3, 3)))
    cases.append(Case((Q @ np.diag([0.2, 3.0, 7.0]) @ Q.T,), description="a rotated diag(0.2, 3, 7)"))
    return cases


def _ratio(given, expected):
    try:
        return float(given) / expected
    except (TypeError, ValueError, ZeroDivisionError):
        return np.nan


def check_max_stable_step(max_stable_step) -> CheckResult:
    """Check ``max_stable_step(A)`` against ``2 / largest eigenvalue of A``."""
    def used_smallest(g, e, case):
        eig = np.linalg.eigvalsh(case.args[0])
        return np.isclose(float(g), 2.0 / eig.min())

    return check_function(
        max_stable_step,
        reference_max_stable_step,
        _threshold_cases(),
        name="max_stable_step",
        rtol=1e-9,
        atol=1e-12,
        hints=[
            (lambda g, e, c: np.isclose(_ratio(g, e), 0.5),
             "you returned 1 / lambda_max: that step is safe, but the threshold is twice as large."),
            (used_smallest, "the binding direction is the steepest one: use the largest eigenvalue, not the smallest."),
            (lambda g, e, c: np.isclose(_ratio(g, e), np.linalg.eigvalsh(c.args[0]).max() ** 2 / 2.0) or
             np.isclose(float(g), np.linalg.eigvalsh(c.args[0]).max()),
             "you returned something built from lambda_max itself; the threshold is 2 / lambda_max."),
            (lambda g, e, c: bool(np.isclose(float(g), 2.0 / np.max(np.diag(c.args[0])))),
             "the diagonal entries of A are its eigenvalues only when A is diagonal: use np.linalg.eigvalsh."),
        ],
    )
