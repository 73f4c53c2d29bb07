"""Checkers for the exercises of chapter 3, "Gradient descent".

- :func:`check_logistic_gradient` (:ref:`ex-gd-logistic-gradient`):
  ``penalized_gradient(w, X, y, lam)``, the gradient of the mean logistic
  loss for labels in {-1, +1} (equation :eq:`eq-gd-logistic`) plus an L2
  penalty that spares the bias, free of overflow for large weights;
- :func:`check_max_stable_step` (:ref:`ex-gd-threshold`):
  ``max_stable_step(X)``, the threshold step of gradient descent on the
  least-squares loss with design ``X`` (:prf:ref:`thm-gd-quadratic`);
- :func:`check_descend` (:ref:`ex-gd-loop`): ``descend(gradient,
  w_init, learning_rate, tol, max_steps)``, the loop of equation
  :eq:`eq-gd-update` with a stopping rule on the step length;
- :func:`check_central_difference` (:ref:`ex-gd-gradient-check`):
  ``central_difference(J, w, eps)``, the numerical gradient.

What a case should give: the gradient from scipy's ``expit``; the
threshold from the largest singular value of ``X``; the loop from the
library's ``gradient_descent`` (which the answer may not call); the
central differences from their closed form on each test function at the
eps given (exact on a quadratic, 3 w^2 + eps^2 on w^3).
"""

from __future__ import annotations

import weakref

import numpy as np
from scipy.special import expit

from . import Calls, Case, CheckResult, check_function, isclose
from .checks import with_cases

__all__ = [
    "check_logistic_gradient",
    "check_max_stable_step",
    "check_central_difference",
    "check_descend",
]

_RAISE = {"over": "raise", "invalid": "raise", "divide": "raise"}
SIGMOID = "mlcourse.logistic_regression.sigmoid"


# ------------------------------------------------- the penalized gradient


def _penalty(w, lam):
    penalty = lam * np.array(w, dtype=float)
    penalty[0] = 0.0  # the bias is not penalized
    return penalty


def _penalized(w, X, y, lam):
    data = -np.einsum("nd,n->d", X, y * expit(-y * (X @ w))) / len(y)
    return data + _penalty(w, lam)


def _augmented(X):
    return np.column_stack([np.ones(len(X)), X])


def _logistic_cases(rng):
    cases = [
        Case(
            (
                np.array([0.5, 1.0, -2.0]),
                _augmented(np.array([[1.0, 2.0], [-1.0, 0.5], [0.3, -2.0]])),
                np.array([1.0, -1.0, 1.0]),
                0.1,
            ),
            description="three samples, lam = 0.1",
        ),
        Case(
            (
                np.array([3.0, 400.0, -400.0]),
                _augmented(np.array([[2.0, -1.0], [-1.0, 3.0], [1.0, 1.0]])),
                np.array([-1.0, 1.0, 1.0]),
                0.01,
            ),
            description="large weights, lam = 0.01: margins near -1200, "
            "-1600 and 0, where exp overflows",
        ),
        Case(
            (
                np.array([-2.0, -400.0, 400.0]),
                _augmented(np.array([[2.0, -1.0], [-1.0, 3.0]])),
                np.array([-1.0, 1.0]),
                0.5,
            ),
            description="large weights, lam = 0.5: two sure hits",
        ),
    ]
    for n, d in ((int(rng.integers(3, 8)), 3), (40, 4)):
        X = _augmented(np.round(rng.normal(size=(n, d)), 3))
        y = np.where(rng.random(n) < 0.5, -1.0, 1.0)
        lam = float(np.round(rng.uniform(0.05, 1.0), 2))
        cases.append(
            Case(
                (np.round(rng.normal(size=d + 1), 3), X, y, lam),
                description=f"random w, {n} samples, {d} features, "
                f"lam = {lam}",
                random=True,
            )
        )
    return cases


_OVERFLOW = (
    "an exponential overflowed: write sigmoid(-m) in a form that never "
    "takes exp of a large positive number (for example the chapter's "
    "stable `sigmoid`); silencing the warning is not enough."
)


@with_cases(_logistic_cases)
def check_logistic_gradient(penalized_gradient) -> CheckResult:
    """Check ``penalized_gradient(w, X, y, lam)``: the gradient of the mean
    logistic loss (labels +-1) plus ``lam / 2`` times the squared norm of the
    weights, the bias ``w[0]`` not penalized."""

    def data_part(case):
        return _penalized(*case.args) - _penalty(case.args[0], case.args[3])

    def sign_flipped(given, expected, case):
        penalty = _penalty(case.args[0], case.args[3])
        return isclose(given, -data_part(case) + penalty, rtol=1e-6) or (
            isclose(given, -expected, rtol=1e-6)
        )

    def not_averaged(given, expected, case):
        n = len(case.args[2])
        penalty = _penalty(case.args[0], case.args[3])
        return n > 1 and isclose(given, n * data_part(case) + penalty, 1e-6)

    def bias_penalized(given, expected, case):
        w, _, _, lam = case.args
        shifted = np.array(expected, dtype=float)
        shifted[0] += lam * w[0]
        return w[0] != 0 and isclose(given, shifted, rtol=1e-6)

    def no_penalty(given, expected, case):
        return isclose(given, data_part(case), rtol=1e-6)

    def penalty_factor(given, expected, case):
        penalty = _penalty(case.args[0], case.args[3])
        return any(
            isclose(given, data_part(case) + f * penalty, rtol=1e-6)
            for f in (0.5, 2.0)
        )

    def not_finite(given, expected, case):
        return not np.all(np.isfinite(np.asarray(given, dtype=float)))

    return check_function(
        penalized_gradient,
        _penalized,
        _logistic_cases,
        name="penalized_gradient",
        rtol=1e-6,
        calls=Calls(
            allowed=(SIGMOID,),
            forbidden=("numpy.errstate", "numpy.seterr", "numpy.seterrcall"),
            reason="Avoid the overflow with a stable sigmoid (the "
            "chapter's `sigmoid`) instead of hiding it.",
        ),
        errstate=_RAISE,
        error_hints=[(FloatingPointError, _OVERFLOW)],
        hints=[
            (
                bias_penalized,
                "you penalized the bias w[0] too: the penalty is on "
                "w[1], ..., w[d] only, so the bias entry has no penalty term.",
            ),
            (
                no_penalty,
                "the penalty is missing: (lam / 2) * |w|^2 adds lam * w_j "
                "to every entry but the bias.",
            ),
            (
                penalty_factor,
                "the penalty term has the wrong factor: the derivative of "
                "(lam / 2) * w_j^2 is lam * w_j.",
            ),
            (
                sign_flipped,
                "a term has the wrong sign: the loss falls as y w.x grows, so "
                "its gradient is minus a weighted sum of y_i x_i, while the "
                "penalty adds +lam * w_j.",
            ),
            (
                not_averaged,
                "you summed the loss gradient over samples: divide it by the "
                "number of samples n (the penalty is not divided).",
            ),
            (not_finite, "your answer contains inf or NaN. " + _OVERFLOW),
        ],
    )


# ------------------------------------------------------ the largest step


def _threshold(X):
    from scipy.linalg import svdvals

    X = np.asarray(X, dtype=float)
    return 2.0 * len(X) / float(svdvals(X)[0] ** 2)


def _threshold_cases(rng):
    cases = [
        Case(
            (np.array([[1.0, 0.0], [0.0, 3.0], [1.0, 1.0]]),),
            description="X = [[1, 0], [0, 3], [1, 1]]",
        ),
        Case(
            (np.array([[2.0], [1.0], [1.0]]),),
            description="X = [[2], [1], [1]]",
        ),
        Case(
            (np.array([[1.0, 1.0], [1.0, 2.0], [1.0, 4.0], [1.0, -1.0]]),),
            description="X with a column of ones and x = (1, 2, 4, -1)",
        ),
    ]
    n, d = int(rng.integers(5, 12)), int(rng.integers(2, 5))
    cases.append(
        Case(
            (np.round(rng.normal(size=(n, d)), 3),),
            description=f"a random {n} x {d} design",
            random=True,
        )
    )
    X = np.column_stack([np.ones(20), np.round(rng.normal(size=(20, 3)), 3)])
    cases.append(
        Case((X,), description="a random augmented 20 x 4 design", random=True)
    )
    return cases


@with_cases(_threshold_cases)
def check_max_stable_step(max_stable_step) -> CheckResult:
    """Check ``max_stable_step(X)``: the supremum of the constant steps for
    which gradient descent on ``|X w - y|^2 / (2 n)`` converges."""

    def spectrum(case):
        X = np.asarray(case.args[0], dtype=float)
        return np.linalg.eigvalsh(X.T @ X), X.T @ X, len(X)

    def half(g, e, case):
        return isclose(g, e / 2)

    def forgot_n(g, e, case):
        values, _, n = spectrum(case)
        return n > 1 and isclose(g, 2.0 / values.max())

    def used_smallest(g, e, case):
        values, _, n = spectrum(case)
        low, high = values[0], values[-1]
        return low < high and any(isclose(g, c * n / low) for c in (1.0, 2.0))

    def singular_value(g, e, case):
        values, _, n = spectrum(case)
        top = np.sqrt(values.max())
        return abs(top - 1) > 1e-6 and any(
            isclose(g, c * m / top) for c in (1.0, 2.0) for m in (1.0, n)
        )

    def diagonal(g, e, case):
        _, G, n = spectrum(case)
        return not np.allclose(G, np.diag(np.diag(G))) and any(
            isclose(g, c / np.max(np.diag(G))) for c in (2.0 * n, 2.0)
        )

    return check_function(
        max_stable_step,
        _threshold,
        _threshold_cases,
        name="max_stable_step",
        rtol=1e-9,
        atol=1e-12,
        calls=Calls(allowed=("numpy.linalg",)),
        hints=[
            (
                half,
                "you returned 1 / L: that step is safe, but the threshold "
                "is twice as large.",
            ),
            (
                forgot_n,
                "the loss is a mean over the n samples, so its Hessian is "
                "X^T X / n, not X^T X.",
            ),
            (
                used_smallest,
                "the binding direction is the steepest one: use the largest "
                "eigenvalue, not the smallest.",
            ),
            (
                singular_value,
                "the Hessian X^T X / n has the squares of the singular "
                "values of X, divided by n, as its eigenvalues.",
            ),
            (
                diagonal,
                "the diagonal entries of X^T X are its eigenvalues only when "
                "it is diagonal: use np.linalg.eigvalsh.",
            ),
        ],
    )


# ------------------------------------------------- central differences


#: The central difference at step eps, in closed form, and the exact
#: gradient of each test function the cases pass as ``J``.
_FORMULAS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _test_function(value, central, gradient):
    _FORMULAS[value] = (central, gradient)
    return value


def _central_cases(rng):
    A = np.array([[3.0, 1.0], [1.0, 2.0]])
    b = np.array([1.0, -1.0])
    d = int(rng.integers(2, 5))
    M = np.round(rng.normal(size=(d, d)), 2)
    S = M @ M.T + np.eye(d)
    # A central difference is exact on a quadratic; on sum(w^3) it is
    # 3 w^2 + eps^2, so a large eps separates it from the derivative.
    quadratic = _test_function(
        lambda w: 0.5 * float(w @ A @ w) - float(b @ w),
        lambda w, eps: A @ w - b,
        lambda w: A @ w - b,
    )
    cubes = _test_function(
        lambda w: float(np.sum(w**3)),
        lambda w, eps: 3 * w**2 + eps**2,
        lambda w: 3 * w**2,
    )
    random = _test_function(
        lambda w: 0.5 * float(w @ S @ w),
        lambda w, eps: S @ w,
        lambda w: S @ w,
    )
    return [
        Case(
            (quadratic, np.array([1.0, 2.0]), 1e-5),
            description="J(w) = w^T A w / 2 - b^T w",
        ),
        Case(
            (cubes, np.array([1.0, -2.0, 0.5]), 1e-4),
            description="J(w) = sum(w^3), where forward differences are off",
        ),
        Case(
            (cubes, np.array([1.0]), 0.5),
            description="J(w) = sum(w^3) at w = [1.] with eps = 0.5, where "
            "the central difference is 3.25 and the derivative 3",
        ),
        Case(
            (cubes, np.array([1, 2]), 0.5),
            description="J(w) = sum(w^3) at the integer point w = [1, 2], "
            "eps = 0.5",
        ),
        Case(
            (random, np.round(rng.normal(size=d), 3), 1e-5),
            description=f"a random quadratic in {d}-D",
            random=True,
        ),
    ]


def _central_formula(J, w, eps):
    """The central difference of the test function at step ``eps``, from
    its closed form (exact for a quadratic; 3 w^2 + eps^2 for w^3)."""
    return _FORMULAS[J][0](np.asarray(w, dtype=float), eps)


@with_cases(_central_cases)
def check_central_difference(central_difference) -> CheckResult:
    """Check ``central_difference(J, w, eps)``, the numerical gradient.

    :ref:`ex-gd-gradient-check`: entry ``j`` is
    ``(J(w + eps u_j) - J(w - eps u_j)) / (2 eps)`` at the ``eps`` given;
    ``w`` (floats or integers) is left as it was.
    """

    def forward(given, expected, case):
        J, w, eps = case.args
        w = np.asarray(w, dtype=float)
        g = [(J(w + eps * u) - J(w)) / eps for u in np.eye(len(w))]
        return isclose(given, g, rtol=1e-9)

    def half(given, expected, case):
        return isclose(np.asarray(given, dtype=float) / 2, expected, rtol=1e-5)

    def own_eps(given, expected, case):
        J, w, eps = case.args
        exact = _FORMULAS[J][1](np.asarray(w, dtype=float))
        return isclose(given, exact, rtol=1e-5) and not isclose(
            expected, exact, rtol=1e-5
        )

    def truncated(given, expected, case):
        w = case.args[1]
        return np.issubdtype(np.asarray(w).dtype, np.integer) and isclose(
            given, np.trunc(expected)
        )

    return check_function(
        central_difference,
        _central_formula,
        _central_cases,
        name="central_difference",
        rtol=1e-7,
        atol=1e-8,
        calls=Calls(reason="Write the differences yourself."),
        hints=[
            (
                forward,
                "that is the forward difference (J(w + eps u_j) - J(w)) / "
                "eps, whose error is of order eps; use the central one.",
            ),
            (half, "divide by 2 eps, the distance between the two points."),
            (
                truncated,
                "w holds integers here, and so does an array made from it "
                "(np.zeros_like(w)): the differences were cut to integers. "
                "Make the result an array of floats.",
            ),
            (
                own_eps,
                "that is the exact derivative, not the central difference "
                "at the eps given: step by eps itself (at eps = 0.5 the "
                "central difference of w^3 is 3 w^2 + 0.25).",
            ),
        ],
    )


# ---------------------------------------------------------------- the loop


def _descent(gradient, w_init, learning_rate, tol, max_steps):
    """The loop of ``descend``: the library's ``gradient_descent``.

    Both follow the box :prf:ref:`alg-gd-template`: take the step, then
    stop if it was shorter than ``tol``; the count is ``run.n_iter``.
    """
    from ..gradient_descent import gradient_descent

    run = gradient_descent(
        gradient,
        w_init,
        learning_rate=learning_rate,
        tol=tol,
        max_iter=max_steps,
    )
    return run.x, run.n_iter


def _descent_cases(rng):
    def bowl(w):
        return np.array([w[0], 10 * w[1]])

    A = np.array([[3.0, 1.0], [1.0, 2.0]])
    c = np.array([1.0, -1.0])
    d = int(rng.integers(2, 5))
    M = np.round(rng.normal(size=(d, d)), 2)
    S = M @ M.T + np.eye(d)
    b = np.round(rng.normal(size=d), 2)
    step = float(np.round(1 / np.linalg.eigvalsh(S).max(), 4))
    return [
        Case(
            (bowl, np.array([1.0, 1.0]), 0.1, 1e-3, 100),
            description="the bowl (w1^2 + 10 w2^2) / 2 from (1, 1), step "
            "0.1, tol 1e-3",
        ),
        Case(
            (lambda w: A @ w - c, np.array([0.0, 0.0]), 0.2, 1e-8, 500),
            description="the quadratic w^T A w / 2 - c^T w, tol 1e-8",
        ),
        Case(
            (lambda w: 4 * w**3, np.array([1.0, -0.5, 0.2]), 0.05, 1e-3, 30),
            description="sum(w^4) in 3-D: max_steps = 30 is reached first",
        ),
        Case(
            (bowl, np.array([2.0, -1.0]), 0.1, 10.0, 50),
            description="the bowl: the first step is already shorter "
            "than tol, so one step is taken",
        ),
        Case(
            (bowl, np.array([1.0, 1.0]), 0.01, 1e-3, 2000),
            description="the bowl with step 0.01: the step is a hundredth "
            "of the gradient",
        ),
        Case(
            (lambda w: np.full(4, 0.7), np.zeros(4), 1e-3, 1e-3, 5),
            description="a constant gradient in 4-D whose steps have "
            "entries of 0.7 tol each, but length 1.4 tol",
        ),
        Case(
            (lambda w: np.array([1.0]), np.array([0.0]), 0.5, 0.5, 3),
            description="a constant gradient [1.] with step 0.5 and tol 0.5: "
            "every step is exactly as long as tol, so none is short",
        ),
        Case(
            (
                lambda w: S @ w - b,
                np.round(rng.normal(size=d), 3),
                step,
                1e-6,
                int(rng.integers(200, 400)),
            ),
            description=f"a random quadratic in {d}-D",
            random=True,
        ),
    ]


@with_cases(_descent_cases)
def check_descend(descend) -> CheckResult:
    """Check ``descend(gradient, w_init, learning_rate, tol, max_steps)``.

    :ref:`ex-gd-loop`: gradient descent with a constant step from
    ``w_init`` (left unchanged) that stops after a step shorter than
    ``tol`` or after ``max_steps`` steps; returns ``(point, steps taken)``.
    """

    def pair(given):
        if isinstance(given, (tuple, list)) and len(given) == 2:
            return given
        return None, None

    def count_off(given, expected, case):
        x, k = pair(given)
        return (
            k is not None
            and isclose(x, expected[0])
            and np.ndim(k) == 0
            and abs(float(k) - expected[1]) == 1
        )

    def one_step_fewer(given, expected, case):
        gradient, w_init, eta, tol, max_steps = case.args
        x, k = pair(given)
        if k is None or expected[1] < 1:
            return False
        fewer = _descent(gradient, w_init, eta, 1e-300, expected[1] - 1)
        return isclose(x, fewer[0])

    def gradient_test(given, expected, case):
        gradient, w_init, eta, tol, max_steps = case.args
        x, k = pair(given)
        if k is None:
            return False
        other = _descent(gradient, w_init, eta, tol * eta, max_steps)
        return isclose(x, other[0]) and not isclose(x, expected[0])

    def largest_entry(given, expected, case):
        gradient, w_init, eta, tol, max_steps = case.args
        x, k = pair(given)
        step = eta * np.asarray(gradient(w_init), dtype=float)
        short = np.max(np.abs(step)) < tol <= np.linalg.norm(step)
        return k is not None and short and isclose(x, w_init - step)

    def stops_at_tol(given, expected, case):
        gradient, w_init, eta, tol, max_steps = case.args
        x, k = pair(given)
        step = eta * np.asarray(gradient(w_init), dtype=float)
        return (
            k is not None
            and np.linalg.norm(step) == tol
            and isclose(x, w_init - step)
        )

    def no_cap(given, expected, case):
        x, k = pair(given)
        return k is not None and np.ndim(k) == 0 and float(k) > case.args[4]

    def ascent(given, expected, case):
        gradient, w_init, eta, tol, max_steps = case.args
        x, k = pair(given)
        with np.errstate(all="ignore"):
            up = _descent(lambda w: -gradient(w), w_init, eta, tol, max_steps)
        return k is not None and isclose(x, up[0])

    def frozen_gradient(given, expected, case):
        gradient, w_init, eta, tol, max_steps = case.args
        x, k = pair(given)
        if k is None or np.ndim(k) != 0 or float(k) < 2:
            return False
        g = np.asarray(gradient(np.asarray(w_init, dtype=float)), dtype=float)
        return isclose(x, w_init - float(k) * eta * g)

    def point_only(given, expected, case):
        return isclose(given, expected[0])

    return check_function(
        descend,
        _descent,
        _descent_cases,
        name="descend",
        rtol=1e-9,
        atol=1e-12,
        labels=("the last point", "the number of steps"),
        errstate={"over": "ignore", "invalid": "ignore"},  # uphill answers
        calls=Calls(reason="Write the loop yourself."),
        hints=[
            (
                point_only,
                "return a pair: the last point and the number of steps taken.",
                "type",
            ),
            (
                ascent,
                "you stepped up the slope: the update subtracts "
                "learning_rate * gradient(w).",
            ),
            (
                frozen_gradient,
                "evaluate the gradient at the current point in every step, "
                "not once at w_init.",
            ),
            (
                largest_entry,
                "the rule is on the length of the step, its norm "
                "np.linalg.norm(step), not on its largest entry.",
            ),
            (
                stops_at_tol,
                "a step exactly as long as tol is not short: stop only "
                "after a step shorter than tol (norm < tol, not <=).",
            ),
            (
                gradient_test,
                "the rule is on the length of the step, learning_rate * "
                "gradient(w), not on the gradient alone.",
            ),
            (
                one_step_fewer,
                "take the step, then test it, as in the algorithm box: the "
                "short last step is taken and counted.",
            ),
            (
                no_cap,
                "stop after max_steps steps even when the steps are still "
                "long.",
            ),
            (
                count_off,
                "the point is right but the count is off by one: count the "
                "steps actually taken.",
            ),
        ],
    )
