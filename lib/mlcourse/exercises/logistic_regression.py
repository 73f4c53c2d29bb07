"""Checkers for the exercises of chapter 2, "Logistic regression".

- :func:`check_sigmoid` (:ref:`ex-logr-stable-sigmoid`):
  ``sigmoid_answer(z)``, accurate and free of overflow for any ``z``;
- :func:`check_log_likelihood_gradient` (:ref:`ex-logr-gradient`):
  ``log_likelihood_gradient(X, y, w, b) -> (grad_w, grad_b)``, labels in
  {0, 1}, with no Python loop over the examples (equation
  :eq:`eq-logr-gradient`);
- :func:`check_softmax` (:ref:`ex-logr-softmax`): a stable
  ``softmax_answer(Z)``, one distribution per row, no Python loop;
- :func:`check_newton_step` (:ref:`ex-logr-newton-step`):
  ``newton_step(X, y, w)``, one Newton (IRLS) step (:prf:ref:`alg-logr-newton`).

What a case should give comes from scipy (``expit``, ``softmax``, a
Cholesky solve), which the answers may not call. Overflow inside
``np.exp`` is an error while the answer runs, so that an answer which
overflows is told so even when its values come out right.
"""

from __future__ import annotations

import numpy as np

from . import Calls, Case, CheckResult, check_function, isclose
from ._answer_code import uses
from ._behaviour import loop_judge
from .checks import with_cases

__all__ = [
    "check_sigmoid",
    "check_log_likelihood_gradient",
    "check_softmax",
    "check_newton_step",
]

_RAISE = {"over": "raise", "invalid": "raise", "divide": "raise"}

#: Ways to silence an overflow instead of avoiding it.
SILENCERS = ("numpy.errstate", "numpy.seterr", "numpy.seterrcall")

#: The chapter's stable sigmoid, which the later exercises may use.
SIGMOID = "mlcourse.logistic_regression.sigmoid"

#: Rows of a watched case: a Python loop over them runs thousands of lines.
MANY = 2000


def _expit(z):
    from scipy.special import expit

    return expit(np.asarray(z, dtype=float))


def _judge_loop(what: str):
    return loop_judge(
        what,
        MANY,
        "numpy operations on whole arrays (`@`, sums, broadcasting)",
    )


# --------------------------------------------------------------- sigmoid


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


@with_cases(_sigmoid_cases)
def check_sigmoid(sigmoid_answer, name: str = "sigmoid_answer") -> CheckResult:
    """Check a stable ``sigmoid_answer(z)``: accurate to about nine digits
    everywhere (also where it is tiny), and ``np.exp`` never overflows."""

    def wrong_sign(given, expected, case):
        return isclose(given, 1 - expected, atol=1e-9)

    def not_finite(given, expected, case):
        return not np.all(np.isfinite(np.asarray(given, dtype=float)))

    def absorbed(given, expected, case):
        given = np.asarray(given, dtype=float)
        tiny = expected < 1e-12
        return bool(np.any(tiny)) and isclose(given, expected, atol=1e-12)

    uses_where = callable(sigmoid_answer) and any(
        u.path == "numpy.where" for u in uses(sigmoid_answer)
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
        sigmoid_answer,
        _expit,
        _sigmoid_cases,
        name=name,
        rtol=1e-9,
        atol=1e-300,
        calls=Calls(
            forbidden=SILENCERS,
            reason="Hiding the overflow is not avoiding it: write the "
            "formula so that `np.exp` only ever sees numbers <= 0.",
        ),
        errstate=_RAISE,
        error_hints=[(FloatingPointError, overflow_hint)],
        hints=[
            (
                wrong_sign,
                "you computed 1 / (1 + exp(z)), the lecture's sign; the book "
                "uses 1 / (1 + exp(-z)).",
            ),
            (not_finite, overflow_hint),
            (
                absorbed,
                "where sigma(z) is tiny your values lose their digits (a "
                "formula like 1 - 1 / (1 + exp(z)) rounds them to 0): for "
                "z < 0 use exp(z) / (1 + exp(z)).",
            ),
        ],
    )


# ------------------------------------------------ log-likelihood gradient


def _gradient(X, y, w, b):
    p = _expit(np.einsum("nd,d->n", X, w) + b)
    return np.einsum("nd,n->d", X, y - p), float(np.sum(y - p))


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
    many = np.linspace(-2.0, 2.0, 3 * MANY).reshape(MANY, 3)
    cases.append(
        Case(
            (many, (np.arange(MANY) % 2).astype(float), np.ones(3), 0.5),
            description=f"{MANY} examples with 3 features",
            watch="lines",
        )
    )
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


@with_cases(_gradient_cases)
def check_log_likelihood_gradient(log_likelihood_gradient) -> CheckResult:
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
        return b != 0 and isclose(given[0], _gradient(X, y, w, 0.0)[0])

    def bias_gradient(given, expected, case):
        return isclose(given[0], expected[0])

    return check_function(
        log_likelihood_gradient,
        _gradient,
        _gradient_cases,
        name="log_likelihood_gradient",
        labels=("grad_w", "grad_b"),
        calls=Calls(
            allowed=(SIGMOID,),
            reason="Compute the probabilities with the chapter's `sigmoid` "
            "(or your own) and the sums with numpy.",
        ),
        errstate=_RAISE,
        judge=_judge_loop("examples"),
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


# --------------------------------------------------------------- softmax


def _softmax(Z):
    from scipy.special import softmax

    return softmax(np.asarray(Z, dtype=float), axis=1)


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
            (np.array([[1000.0, 0.0, -1000.0], [3.0, 2.0, 1.0]]),),
            description="a row whose scores span 2000",
        ),
        Case(
            (np.tile([[0.5, -0.5, 2.0]], (MANY, 1)),),
            description=f"{MANY} rows",
            watch="lines",
        ),
        Case(
            (np.round(rng.normal(0, 300, size=(4, 5)), 2),),
            description="a random 4 x 5 array of large scores",
            random=True,
        ),
    ]


@with_cases(_softmax_cases)
def check_softmax(softmax_answer) -> CheckResult:
    """Check ``softmax_answer(Z)``: each row of scores to probabilities.

    :ref:`ex-logr-softmax`: stable for large scores, one
    distribution per row (axis 1), no Python loop over the rows.
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
        _softmax,
        _softmax_cases,
        name="softmax_answer",
        rtol=1e-9,
        atol=1e-300,
        calls=Calls(reason="Write the stable formula yourself."),
        errstate=_RAISE,
        judge=_judge_loop("rows"),
        error_hints=[
            (
                FloatingPointError,
                "exp overflowed, or underflowed to 0 across a whole row "
                "(0 / 0): subtract each row's own largest score before "
                "taking exp (the probabilities do not change, and each "
                "row keeps an exponent of 0).",
            )
        ],
        hints=[
            (
                by_column,
                "each row is one sample: normalize over axis=1, not axis=0.",
            ),
            (
                whole_array,
                "normalize each row on its own (axis=1, keepdims=True), not "
                "the whole array at once.",
            ),
        ],
    )


# ------------------------------------------------------------ Newton step


def _newton(X, y, w):
    from scipy.linalg import solve

    p = _expit(X @ w)
    curvature = np.einsum("ni,n,nj->ij", X, p * (1 - p), X)
    return w + solve(curvature, X.T @ (y - p), assume_a="pos")


def _newton_cases(rng):
    X5 = np.array(
        [[1.0, 2.0], [1.0, -1.0], [1.0, 0.5], [1.0, -2.0], [1.0, 1.0]]
    )
    y5 = np.array([1.0, 0.0, 0.0, 1.0, 1.0])
    many = np.column_stack([np.ones(MANY), np.linspace(-2.0, 2.0, MANY)])
    cases = [
        Case(
            (X5, y5, np.array([0.0, 0.0])),
            description="five points, from w = 0",
        ),
        Case(
            (X5, y5, np.array([0.3, -0.4])),
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
        Case(
            (many, (np.arange(MANY) % 3 == 0).astype(float), np.zeros(2)),
            description=f"{MANY} examples",
            watch="lines",
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


@with_cases(_newton_cases)
def check_newton_step(newton_step) -> CheckResult:
    """Check ``newton_step(X, y, w)``: one full Newton (IRLS) step.

    ``X`` is augmented (first column ones), ``y`` in {0, 1}; the step is
    ``w + (X^T S X)^{-1} X^T (y - p)`` (equation :eq:`eq-logr-newton`).
    """

    def gradient(case):
        X, y, w = case.args
        return X.T @ (y - _expit(X @ w))

    def wrong_sign(given, expected, case):
        return isclose(given, 2 * case.args[2] - expected)

    def gradient_step(given, expected, case):
        w, g, n = case.args[2], gradient(case), len(case.args[1])
        return isclose(given, w + g) or isclose(given, w + g / n)

    def unweighted(given, expected, case):
        X, y, w = case.args
        return isclose(given, w + np.linalg.solve(X.T @ X, gradient(case)))

    def mixed_scale(given, expected, case):
        w, n = case.args[2], len(case.args[1])
        step = expected - w
        return isclose(given, w + step / n) or isclose(given, w + step * n)

    def delta_only(given, expected, case):
        return isclose(given, expected - case.args[2])

    return check_function(
        newton_step,
        _newton,
        _newton_cases,
        name="newton_step",
        rtol=1e-6,
        calls=Calls(
            allowed=("numpy.linalg", SIGMOID),
            reason="Write the step from its formula, with the chapter's "
            "`sigmoid` and `np.linalg.solve`.",
        ),
        errstate=_RAISE,
        judge=_judge_loop("examples"),
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
