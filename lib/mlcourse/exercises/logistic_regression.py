"""Checkers for the exercises of chapter 2, "Logistic regression".

- :func:`check_sigmoid` (exercise ``ex-logr-stable-sigmoid``): a function
  ``sigmoid_answer(z)``, exact and free of overflow for any ``z``;
- :func:`check_log_likelihood_gradient` (exercise ``ex-logr-gradient``):
  ``log_likelihood_gradient(X, y, w, b) -> (grad_w, grad_b)``, labels in
  {0, 1}, with no Python loop over the examples;
- :func:`check_softmax` (exercise ``ex-logr-softmax``): a stable
  ``softmax_answer(Z)``, one distribution per row;
- :func:`check_newton_step` (exercise ``ex-logr-newton-step``):
  ``newton_step(X, y, w)``, one Newton (IRLS) step.

Each checker returns a :class:`~mlcourse.exercises.CheckResult` and never
raises. Overflow inside ``np.exp`` is turned into an error while the
answer runs, so that an answer which overflows is told so even when its
values come out right.
"""

from __future__ import annotations

import numpy as np

from . import (
    Case,
    CheckResult,
    check_function,
    forbidden_in,
    fresh_rng,
    isclose,
)

__all__ = [
    "check_sigmoid",
    "check_log_likelihood_gradient",
    "check_softmax",
    "check_newton_step",
]

_RAISE = {"over": "raise", "invalid": "raise", "divide": "raise"}

#: Ways to silence an overflow instead of avoiding it.
SILENCERS = ("numpy.errstate", "numpy.seterr", "numpy.seterrcall")

#: Ready-made sigmoids (the exercise asks you to write one).
READY_MADE = (
    "scipy.special.expit",
    "mlcourse.logistic_regression.sigmoid",
    "mlcourse.mlp.sigmoid",
)


def _expected_sigmoid(z):
    from scipy.special import expit

    return expit(np.asarray(z, dtype=float))


def _sigmoid_cases(rng):
    return [
        Case((np.array([0.0]),), description="z = [0]"),
        Case((np.array([-2.0, -0.5, 0.5, 2.0]),), description="small z"),
        Case(
            (np.array([-800.0, -40.0, 40.0, 800.0]),),
            description="large |z|, where exp overflows",
        ),
        Case((np.linspace(-745.0, 745.0, 11),), description="a wide range"),
        Case(
            (np.round(rng.normal(0, 400, size=9), 3),),
            description="9 random values of z",
            random=True,
        ),
        Case(
            (np.round(rng.normal(0, 3, size=(2, 3)), 3),),
            description="a random 2 x 3 array (keep its shape)",
            random=True,
        ),
    ]


def check_sigmoid(candidate, name: str = "sigmoid_answer") -> CheckResult:
    """Check a stable ``sigmoid_answer(z)``: exact, and ``np.exp`` never overflows."""
    if callable(candidate):
        silencer = forbidden_in(candidate, SILENCERS)
        if silencer:
            return CheckResult(
                "wrong",
                f"Not quite: `{name}` uses `{silencer}`, which hides the "
                "overflow instead of avoiding it. Write the formula so that "
                "`np.exp` only ever sees numbers <= 0, and no warning can "
                "arise.",
            )

    def wrong_sign(given, expected, case):
        return isclose(given, 1 - expected, atol=1e-9)

    def not_finite(given, expected, case):
        return not np.all(np.isfinite(np.asarray(given, dtype=float)))

    uses_where = callable(candidate) and bool(
        forbidden_in(candidate, ("numpy.where",))
    )
    overflow_hint = (
        "`np.where(cond, a, b)` computes both a and b on every element "
        "before choosing, so the branch you meant for the other sign still "
        "overflows. Compute each formula only on its own elements (boolean "
        "indexing, `z[z < 0]`), or use exp(-|z|), which never overflows."
        if uses_where
        else "exp(-z) overflows for very negative z; for z < 0 use "
        "exp(z) / (1 + exp(z)), which only ever takes exp of a negative "
        "number."
    )
    return check_function(
        candidate,
        _expected_sigmoid,
        _sigmoid_cases(fresh_rng()),
        name=name,
        rtol=1e-9,
        atol=1e-300,
        forbidden=READY_MADE,
        forbidden_reason="Write the stable formula yourself.",
        errstate=_RAISE,
        error_hints=[(FloatingPointError, overflow_hint)],
        hints=[
            (
                wrong_sign,
                "you computed 1 / (1 + exp(z)), the lecture's sign; the book "
                "uses 1 / (1 + exp(-z)).",
            ),
            (not_finite, overflow_hint),
        ],
    )


def _expected_gradient(X, y, w, b):
    p = _expected_sigmoid(X @ w + b)
    return X.T @ (y - p), float(np.sum(y - p))


def _gradient_cases(rng):
    X3 = np.array([[1.0, 2.0], [-1.0, 0.5], [0.0, -1.0]])
    y3 = np.array([1.0, 0.0, 1.0])
    cases = [
        Case((X3, y3, np.array([0.0, 0.0]), 0.0), description="w = 0, b = 0"),
        Case(
            (X3, y3, np.array([0.5, -1.0]), 0.3),
            description="three points, w = (0.5, -1), b = 0.3",
        ),
        Case(
            (X3, y3, np.array([0.5, -1.0]), -3.0),
            description="the same w with a large negative bias",
        ),
        Case(
            (
                np.array([[3.0, -2.0], [-4.0, 1.0]]),
                np.array([0.0, 1.0]),
                np.array([300.0, 200.0]),
                10.0,
            ),
            description="large weights: scores of about +-1000",
        ),
    ]
    n, d = int(rng.integers(5, 30)), int(rng.integers(1, 5))
    cases.append(
        Case(
            (
                np.round(rng.standard_normal((n, d)), 3),
                (rng.random(n) < 0.5).astype(float),
                np.round(rng.standard_normal(d), 3),
                float(np.round(rng.normal(), 3)),
            ),
            description=f"{n} random points in {d}-D",
            random=True,
        )
    )
    return cases


def check_log_likelihood_gradient(candidate) -> CheckResult:
    """Check ``log_likelihood_gradient(X, y, w, b) -> (grad_w, grad_b)``."""

    def flipped(given, expected, case):
        return isclose(given[0], -expected[0]) and isclose(
            given[1], -expected[1]
        )

    def averaged(given, expected, case):
        n = case.args[0].shape[0]
        return isclose(np.asarray(given[0], dtype=float) * n, expected[0])

    def no_bias(given, expected, case):
        X, y, w, b = case.args
        p = _expected_sigmoid(X @ w)
        return isclose(given[0], X.T @ (y - p))

    def bias_gradient(given, expected, case):
        return isclose(given[0], expected[0])

    def compare(given, expected):
        if not isinstance(given, (tuple, list)) or len(given) != 2:
            return False, "expected a pair (grad_w, grad_b)"
        from . import _close

        agrees, reason = _close(tuple(given), expected, 1e-7, 1e-9)
        return agrees, reason.replace(
            "entry 0 of the result", "grad_w"
        ).replace("entry 1 of the result", "grad_b")

    return check_function(
        candidate,
        _expected_gradient,
        _gradient_cases(fresh_rng()),
        name="log_likelihood_gradient",
        compare=compare,
        no_loops=True,
        errstate=_RAISE,
        error_hints=[
            (
                FloatingPointError,
                "an exponential overflowed: compute the probabilities with a "
                "stable sigmoid (the chapter's `sigmoid`, or your own from "
                "the previous exercise).",
            )
        ],
        hints=[
            (
                flipped,
                "the sign is flipped: that is the gradient of the loss -l, "
                "not of the log-likelihood l.",
            ),
            (
                averaged,
                "the gradient is a sum over the examples, not a mean.",
            ),
            (
                no_bias,
                "the probabilities p_l use the whole score w.x_l + b: the "
                "bias is missing from it.",
            ),
            (
                bias_gradient,
                "grad_w is right; the bias behaves like a weight on a "
                "constant feature 1: dl/db = sum_l (y_l - p_l).",
            ),
        ],
    )


def _expected_softmax(Z):
    shifted = Z - np.max(Z, axis=1, keepdims=True)
    e = np.exp(shifted)
    return e / np.sum(e, axis=1, keepdims=True)


def _softmax_cases(rng):
    return [
        Case((np.array([[0.0, 0.0, 0.0]]),), description="one row of zeros"),
        Case(
            (np.array([[1.0, 2.0, 3.0], [1.0, 1.0, -1.0]]),),
            description="two rows",
        ),
        Case(
            (np.array([[1000.0, 1001.0], [-1000.0, -1002.0]]),),
            description="scores of about +-1000, where exp overflows",
        ),
        Case(
            (np.round(rng.normal(0, 300, size=(4, 5)), 2),),
            description="a random 4 x 5 array of large scores",
            random=True,
        ),
    ]


def check_softmax(softmax_answer) -> CheckResult:
    """Check ``softmax_answer(Z)``: each row of scores to probabilities.

    Exercise ``ex-logr-softmax``: stable for large scores, one
    distribution per row (axis 1), no Python loop.
    """

    def by_column(given, expected, case):
        Z = case.args[0]
        e = np.exp(Z - Z.max(axis=0, keepdims=True))
        return isclose(given, e / e.sum(axis=0, keepdims=True))

    def whole_array(given, expected, case):
        Z = case.args[0]
        e = np.exp(Z - Z.max())
        return isclose(given, e / e.sum())

    return check_function(
        softmax_answer,
        _expected_softmax,
        _softmax_cases(fresh_rng()),
        name="softmax_answer",
        rtol=1e-9,
        atol=1e-300,
        no_loops=True,
        forbidden=(
            "scipy.special.softmax",
            "mlcourse.logistic_regression.softmax",
            "mlcourse.mlp.softmax",
        ),
        forbidden_reason="Write the stable formula yourself.",
        errstate=_RAISE,
        error_hints=[
            (
                FloatingPointError,
                "exp overflowed: subtract each row's largest score before "
                "taking exp (the probabilities do not change).",
            )
        ],
        hints=[
            (
                by_column,
                "each row is one sample: normalise over axis=1, not axis=0.",
            ),
            (
                whole_array,
                "normalise each row on its own (axis=1, keepdims=True), not "
                "the whole array at once.",
            ),
        ],
    )


def _expected_newton(X, y, w):
    p = _expected_sigmoid(X @ w)
    hessian = X.T @ (X * (p * (1 - p))[:, None])
    return w + np.linalg.solve(hessian, X.T @ (y - p))


def _newton_cases(rng):
    X3 = np.array(
        [[1.0, 2.0], [1.0, -1.0], [1.0, 0.5], [1.0, -2.0], [1.0, 1.0]]
    )
    y3 = np.array([1.0, 0.0, 0.0, 1.0, 1.0])
    cases = [
        Case(
            (X3, y3, np.array([0.0, 0.0])),
            description="five points, from w = 0",
        ),
        Case(
            (X3, y3, np.array([0.3, -0.4])),
            description="the same points, from w = (0.3, -0.4)",
        ),
        Case(
            (
                np.column_stack(
                    [np.ones(6), [0.5, -1.0, 1.5, -0.3, 800.0, -800.0]]
                ),
                np.array([1.0, 0.0, 1.0, 0.0, 1.0, 0.0]),
                np.array([0.2, 1.0]),
            ),
            description="two far points with scores of +-800, where exp "
            "overflows",
        ),
    ]
    n, d = int(rng.integers(8, 30)), int(rng.integers(1, 4))
    X = np.column_stack([np.ones(n), np.round(rng.normal(size=(n, d)), 3)])
    y = (rng.random(n) < 0.5).astype(float)
    cases.append(
        Case(
            (X, y, np.round(rng.normal(0, 0.5, size=d + 1), 3)),
            description=f"{n} random points with {d} features",
            random=True,
        )
    )
    return cases


def check_newton_step(newton_step) -> CheckResult:
    """Check ``newton_step(X, y, w)``: one full Newton (IRLS) step.

    ``X`` is augmented (first column ones), ``y`` in {0, 1}; the step is
    ``w + (X^T S X)^{-1} X^T (y - p)`` of :eq:`eq-logr-newton`.
    """

    def wrong_sign(given, expected, case):
        X, y, w = case.args
        return isclose(given, 2 * w - expected)

    def gradient_step(given, expected, case):
        X, y, w = case.args
        p = _expected_sigmoid(X @ w)
        g = X.T @ (y - p)
        return isclose(given, w + g) or isclose(given, w + g / len(y))

    def unweighted(given, expected, case):
        X, y, w = case.args
        p = _expected_sigmoid(X @ w)
        return isclose(given, w + np.linalg.solve(X.T @ X, X.T @ (y - p)))

    def mixed_scale(given, expected, case):
        X, y, w = case.args
        n = len(y)
        step = expected - w
        return isclose(given, w + step / n) or isclose(given, w + step * n)

    def delta_only(given, expected, case):
        return isclose(given, expected - case.args[2])

    return check_function(
        newton_step,
        _expected_newton,
        _newton_cases(fresh_rng()),
        name="newton_step",
        rtol=1e-6,
        atol=1e-9,
        no_loops=True,
        forbidden=(
            "mlcourse.logistic_regression.LogisticRegression",
            "sklearn.linear_model.LogisticRegression",
        ),
        forbidden_reason="Write the step from its formula.",
        errstate=_RAISE,
        error_hints=[
            (
                FloatingPointError,
                "an exponential overflowed: compute p with a stable sigmoid "
                "(the chapter's `sigmoid`).",
            )
        ],
        hints=[
            (
                delta_only,
                "you returned the step delta; return the new weights "
                "w + delta.",
            ),
            (
                wrong_sign,
                "the step has the wrong sign: the log-likelihood is concave, "
                "so Newton moves by +(X^T S X)^{-1} X^T (y - p).",
            ),
            (
                gradient_step,
                "that is a gradient step; Newton's step multiplies the "
                "gradient by the inverse of X^T S X.",
            ),
            (
                unweighted,
                "the curvature matrix is X^T S X with S = diag(p (1 - p)), "
                "not X^T X.",
            ),
            (
                mixed_scale,
                "gradient and curvature must both be sums (or both means) "
                "over the examples, so that n cancels.",
            ),
        ],
    )
