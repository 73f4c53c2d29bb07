"""Checkers for the exercises of chapter 3, "Gradient descent".

- :func:`check_logistic_gradient` (exercise ``ex-gd-logistic-gradient``):
  ``penalized_gradient(w, X, y, lam)``, the gradient of the mean logistic
  loss for labels in {-1, +1} plus an L2 penalty that spares the bias,
  free of overflow for large weights;
- :func:`check_max_stable_step` (exercise ``ex-gd-threshold``):
  ``max_stable_step(X)``, the threshold step of gradient descent on the
  least-squares loss with design ``X``;
- :func:`check_descend` (exercise ``ex-gd-loop``): ``descend(gradient,
  w_init, learning_rate, tol, max_steps)``, the gradient-descent loop with
  a stopping rule on the step length, returning the point and the count;
- :func:`check_central_difference` (exercise ``ex-gd-gradient-check``):
  ``central_difference(J, w, eps)``, the numerical gradient.

Each checker returns a :class:`~mlcourse.exercises.CheckResult` and never
raises. The gradient is checked against central differences of the loss,
computed independently; overflow while the answer runs is an error.
"""

from __future__ import annotations

import numpy as np
from scipy.special import expit

from . import Case, CheckResult, check_function, fresh_rng, isclose

__all__ = [
    "check_logistic_gradient",
    "check_max_stable_step",
    "check_central_difference",
    "check_descend",
]

_RAISE = {"over": "raise", "invalid": "raise", "divide": "raise"}


def _expected_gradient(w, X, y, lam):
    margins = y * (X @ w)
    weights = expit(-margins)
    penalty = lam * np.asarray(w, dtype=float).copy()
    penalty[0] = 0.0  # the bias is not penalized
    return -(X.T @ (y * weights)) / len(y) + penalty


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


def _penalty(case):
    w, _, _, lam = case.args
    penalty = lam * np.asarray(w, dtype=float).copy()
    penalty[0] = 0.0
    return penalty


def _sign_flipped(given, expected, case):
    data_part = expected - _penalty(case)
    return isclose(given, -data_part + _penalty(case), rtol=1e-6) or isclose(
        given, -expected, rtol=1e-6
    )


def _not_averaged(given, expected, case):
    n = len(case.args[2])
    data_part = expected - _penalty(case)
    return n > 1 and isclose(given, n * data_part + _penalty(case), rtol=1e-6)


def _bias_penalized(given, expected, case):
    w, _, _, lam = case.args
    shifted = np.array(expected, dtype=float)
    shifted[0] += lam * w[0]
    return w[0] != 0 and isclose(given, shifted, rtol=1e-6)


def _no_penalty(given, expected, case):
    return np.any(_penalty(case)) and isclose(
        given, expected - _penalty(case), rtol=1e-6
    )


def _penalty_factor(given, expected, case):
    data_part = expected - _penalty(case)
    return np.any(_penalty(case)) and any(
        isclose(given, data_part + factor * _penalty(case), rtol=1e-6)
        for factor in (0.5, 2.0)
    )


def _not_finite(given, expected, case):
    return not np.all(np.isfinite(np.asarray(given, dtype=float)))


_OVERFLOW = (
    "an exponential overflowed: write sigmoid(-m) in a form that never "
    "takes exp of a large positive number (for example the chapter's "
    "stable `sigmoid`); silencing the warning is not enough."
)


def check_logistic_gradient(penalized_gradient) -> CheckResult:
    """Check ``penalized_gradient(w, X, y, lam)``: the gradient of the mean
    logistic loss (labels +-1) plus ``lam / 2`` times the squared norm of the
    weights, the bias ``w[0]`` not penalized."""
    if callable(penalized_gradient):
        from . import forbidden_in

        silencer = forbidden_in(
            penalized_gradient, ("numpy.errstate", "numpy.seterr")
        )
        if silencer:
            return CheckResult(
                "wrong",
                f"Not quite: `penalized_gradient` uses `{silencer}`, which "
                "hides overflow warnings instead of avoiding the overflow. "
                + _OVERFLOW[0].upper()
                + _OVERFLOW[1:],
            )
    return check_function(
        penalized_gradient,
        _expected_gradient,
        _logistic_cases(fresh_rng()),
        name="penalized_gradient",
        rtol=1e-6,
        atol=1e-9,
        errstate=_RAISE,
        error_hints=[(FloatingPointError, _OVERFLOW)],
        hints=[
            (
                _bias_penalized,
                "you penalized the bias w[0] too: the penalty is on "
                "w[1], ..., w[d] only, so the bias entry has no penalty term.",
            ),
            (
                _no_penalty,
                "the penalty is missing: (lam / 2) * |w|^2 adds lam * w_j "
                "to every entry but the bias.",
            ),
            (
                _penalty_factor,
                "the penalty term has the wrong factor: the derivative of "
                "(lam / 2) * w_j^2 is lam * w_j.",
            ),
            (
                _sign_flipped,
                "a term has the wrong sign: the loss falls as y w.x grows, so "
                "its gradient is minus a weighted sum of y_i x_i, while the "
                "penalty adds +lam * w_j.",
            ),
            (
                _not_averaged,
                "you summed the loss gradient over samples: divide it by the "
                "number of samples n (the penalty is not divided).",
            ),
            (_not_finite, "your answer contains inf or NaN. " + _OVERFLOW),
        ],
    )


def _expected_step(X):
    X = np.asarray(X, dtype=float)
    return 2.0 * len(X) / float(np.linalg.eigvalsh(X.T @ X).max())


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


def _ratio(given, expected):
    try:
        return float(given) / expected
    except (TypeError, ValueError, ZeroDivisionError):
        return np.nan


def check_max_stable_step(max_stable_step) -> CheckResult:
    """Check ``max_stable_step(X)``: the supremum of the constant steps for
    which gradient descent on ``|X w - y|^2 / (2 n)`` converges."""

    def gram(case):
        X = np.asarray(case.args[0], dtype=float)
        return X.T @ X, len(X)

    def forgot_n(g, e, case):
        G, n = gram(case)
        return n > 1 and isclose(g, 2.0 / np.linalg.eigvalsh(G).max())

    def used_smallest(g, e, case):
        G, n = gram(case)
        low, high = np.linalg.eigvalsh(G)[[0, -1]]
        return low < high and any(isclose(g, c * n / low) for c in (1.0, 2.0))

    def singular_value(g, e, case):
        G, n = gram(case)
        top = np.sqrt(np.linalg.eigvalsh(G).max())
        return abs(top - 1) > 1e-6 and any(
            isclose(g, c * m / top) for c in (1.0, 2.0) for m in (1.0, n)
        )

    def diagonal(g, e, case):
        G, n = gram(case)
        return not np.allclose(G, np.diag(np.diag(G))) and any(
            isclose(g, c / np.max(np.diag(G))) for c in (2.0 * n, 2.0)
        )

    return check_function(
        max_stable_step,
        _expected_step,
        _threshold_cases(fresh_rng()),
        name="max_stable_step",
        rtol=1e-9,
        atol=1e-12,
        hints=[
            (
                lambda g, e, c: isclose(_ratio(g, e), 0.5),
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


def _quadratic(A, b):
    return lambda x: 0.5 * float(x @ A @ x) - float(b @ x)


def _expected_central(J, w, eps):
    # the test functions know their gradient; central differences agree
    # with it to O(eps^2), well within the tolerance
    return J.gradient(w)


class _Function:
    """A test function that knows its gradient and counts its calls."""

    def __init__(self, value, gradient, description):
        self.value, self.gradient, self.description = (
            value,
            gradient,
            description,
        )

    def __call__(self, x):
        return self.value(np.asarray(x, dtype=float))

    def __repr__(self):
        return self.description


def _central_cases(rng):
    A = np.array([[3.0, 1.0], [1.0, 2.0]])
    b = np.array([1.0, -1.0])
    quadratic = _Function(
        _quadratic(A, b), lambda x: A @ x - b, "w^T A w / 2 - b^T w"
    )
    cubic = _Function(
        lambda x: float(np.sum(x**3)), lambda x: 3 * x**2, "sum(w^3)"
    )
    d = int(rng.integers(2, 5))
    M = np.round(rng.normal(size=(d, d)), 2)
    S = M @ M.T + np.eye(d)
    random_quadratic = _Function(
        lambda x: 0.5 * float(x @ S @ x), lambda x: S @ x, "a random quadratic"
    )
    return [
        Case(
            (quadratic, np.array([1.0, 2.0]), 1e-5), description="a quadratic"
        ),
        Case(
            (cubic, np.array([1.0, -2.0, 0.5]), 1e-4),
            description="sum of cubes, where forward differences are off",
        ),
        Case(
            (random_quadratic, np.round(rng.normal(size=d), 3), 1e-5),
            description=f"a random quadratic in {d}-D",
            random=True,
        ),
    ]


def check_central_difference(central_difference) -> CheckResult:
    """Check ``central_difference(J, w, eps)``, the numerical gradient.

    Exercise ``ex-gd-gradient-check``: component ``i`` is
    ``(J(w + eps u_j) - J(w - eps u_j)) / (2 eps)``; ``w`` is left as it
    was.
    """

    def forward(given, expected, case):
        J, w, eps = case.args
        g = [(J(w + eps * u) - J(w)) / eps for u in np.eye(len(w))]
        return isclose(given, g, rtol=1e-9)

    def half(given, expected, case):
        return isclose(np.asarray(given, dtype=float) / 2, expected, rtol=1e-5)

    return check_function(
        central_difference,
        _expected_central,
        _central_cases(fresh_rng()),
        name="central_difference",
        rtol=1e-5,
        atol=1e-6,
        forbidden=(
            "mlcourse.gradient_descent.numerical_gradient",
            "scipy.optimize.approx_fprime",
        ),
        forbidden_reason="Write the differences yourself.",
        hints=[
            (
                forward,
                "that is the forward difference (J(w + eps u_j) - J(w)) / "
                "eps, whose error is of order eps; use the central one.",
            ),
            (half, "divide by 2 eps, the distance between the two points."),
        ],
    )


def _expected_descent(
    gradient, w_init, learning_rate, tol, max_steps, test_gradient=False
):
    x = np.array(w_init, dtype=float)
    for k in range(max_steps):
        g = np.asarray(gradient(x), dtype=float)
        step = learning_rate * g
        if np.linalg.norm(g if test_gradient else step) < tol:
            return x, k
        x = x - step
    return x, max_steps


def _gradient_of(gradient, description):
    """A gradient function that shows itself by what it is the gradient of."""
    return _Function(gradient, None, f"the gradient of {description}")


def _descent_cases(rng):
    bowl = _gradient_of(
        lambda x: np.array([x[0], 10 * x[1]]), "(w1^2 + 10 w2^2) / 2"
    )
    A = np.array([[3.0, 1.0], [1.0, 2.0]])
    c = np.array([1.0, -1.0])
    quadratic = _gradient_of(lambda x: A @ x - c, "w^T A w / 2 - c^T w")
    quartic = _gradient_of(lambda x: 4 * x**3, "sum(w^4)")
    d = int(rng.integers(2, 5))
    M = np.round(rng.normal(size=(d, d)), 2)
    S = M @ M.T + np.eye(d)
    b = np.round(rng.normal(size=d), 2)
    random_quadratic = _gradient_of(lambda x: S @ x - b, "a random quadratic")
    step = float(np.round(1 / np.linalg.eigvalsh(S).max(), 4))
    return [
        Case(
            (bowl, np.array([1.0, 1.0]), 0.1, 1e-3, 100),
            description="the bowl from (1, 1), step 0.1, tol 1e-3",
        ),
        Case(
            (quadratic, np.array([0.0, 0.0]), 0.2, 1e-8, 500),
            description="a quadratic, tol 1e-8",
        ),
        Case(
            (quartic, np.array([1.0, -0.5, 0.2]), 0.05, 1e-3, 30),
            description="sum of fourth powers in 3-D: max_steps = 30 is "
            "reached first",
        ),
        Case(
            (bowl, np.array([2.0, -1.0]), 0.1, 10.0, 50),
            description="the first step is already shorter than tol",
        ),
        Case(
            (bowl, np.array([1.0, 1.0]), 0.01, 1e-3, 2000),
            description="the bowl with step 0.01: the step is a hundredth "
            "of the gradient",
        ),
        Case(
            (
                random_quadratic,
                np.round(rng.normal(size=d), 3),
                step,
                1e-6,
                int(rng.integers(200, 400)),
            ),
            description=f"a random quadratic in {d}-D",
            random=True,
        ),
    ]


def check_descend(descend) -> CheckResult:
    """Check ``descend(gradient, w_init, learning_rate, tol, max_steps)``.

    Exercise ``ex-gd-loop``: gradient descent with a constant step from
    ``w_init`` (left unchanged) that stops before a step shorter than
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

    def step_then_test(given, expected, case):
        gradient, w_init, eta, tol, max_steps = case.args
        x, k = pair(given)
        if k is None or expected[1] >= max_steps:
            return False
        one_more = _expected_descent(
            gradient, w_init, eta, 0.0, expected[1] + 1
        )
        return isclose(x, one_more[0])

    def gradient_test(given, expected, case):
        x, k = pair(given)
        if k is None:
            return False
        other = _expected_descent(*case.args, test_gradient=True)
        return isclose(x, other[0]) and not isclose(x, expected[0])

    def no_cap(given, expected, case):
        gradient, w_init, eta, tol, max_steps = case.args
        x, k = pair(given)
        return k is not None and np.ndim(k) == 0 and float(k) > max_steps

    def ascent(given, expected, case):
        gradient, w_init, eta, tol, max_steps = case.args
        x, k = pair(given)
        return k is not None and isclose(
            x, _expected_descent(gradient, w_init, -eta, tol, max_steps)[0]
        )

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
        _expected_descent,
        _descent_cases(fresh_rng()),
        name="descend",
        rtol=1e-9,
        atol=1e-12,
        errstate={"over": "ignore", "invalid": "ignore"},  # uphill answers
        forbidden=(
            "mlcourse.gradient_descent.gradient_descent",
            "mlcourse.gradient_descent.sgd",
            "scipy.optimize.minimize",
        ),
        forbidden_reason="Write the loop yourself.",
        hints=[
            (
                point_only,
                "return a pair: the last point and the number of steps taken.",
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
                gradient_test,
                "the rule is on the length of the step, learning_rate * "
                "gradient(w), not on the gradient alone.",
            ),
            (
                step_then_test,
                "test the step before taking it: a step shorter than tol "
                "is not taken.",
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
