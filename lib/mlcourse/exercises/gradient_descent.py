"""Checkers for the exercises of chapter 3, "Gradient descent".

- :func:`check_logistic_gradient` (exercise ``ex-gd-logistic-gradient``):
  ``logistic_gradient(w, X, y)``, the gradient of the mean logistic loss
  for labels in {-1, +1}, free of overflow for large weights;
- :func:`check_max_stable_step` (exercise ``ex-gd-threshold``):
  ``max_stable_step(A)``, the threshold step of a quadratic;
- :func:`check_descend` (exercise ``ex-gd-loop``): ``descend(gradient,
  x0, learning_rate, n_steps)``, the gradient-descent loop;
- :func:`check_central_difference` (exercise ``ex-gd-gradient-check``):
  ``central_difference(f, x, eps)``, the numerical gradient.

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


def _expected_gradient(w, X, y):
    margins = y * (X @ w)
    weights = expit(-margins)
    return -(X.T @ (y * weights)) / len(y)


def _logistic_cases(rng):
    cases = [
        Case(
            (
                np.array([0.0, 0.0]),
                np.array([[1.0, 2.0], [-1.0, 0.5], [0.3, -2.0]]),
                np.array([1.0, -1.0, 1.0]),
            ),
            description="w = 0, three samples",
        ),
        Case(
            (
                np.array([400.0, -400.0]),
                np.array([[2.0, -1.0], [-1.0, 3.0], [1.0, 1.0]]),
                np.array([-1.0, 1.0, 1.0]),
            ),
            description="large weights: margins of -1200, -1600 and 0, "
            "where exp overflows",
        ),
        Case(
            (
                np.array([-400.0, 400.0]),
                np.array([[2.0, -1.0], [-1.0, 3.0]]),
                np.array([-1.0, 1.0]),
            ),
            description="large weights: two sure hits, margins 1200 and 1600",
        ),
    ]
    for n, d in ((int(rng.integers(3, 8)), 3), (40, 4)):
        X = np.round(rng.normal(size=(n, d)), 3)
        y = np.where(rng.random(n) < 0.5, -1.0, 1.0)
        cases.append(
            Case(
                (np.round(rng.normal(size=d), 3), X, y),
                description=f"random w, {n} samples, {d} features",
                random=True,
            )
        )
    return cases


def _sign_flipped(given, expected, case):
    return isclose(given, -expected, rtol=1e-6)


def _not_averaged(given, expected, case):
    n = len(case.args[2])
    return n > 1 and isclose(given, n * expected, rtol=1e-6)


def _not_finite(given, expected, case):
    return not np.all(np.isfinite(np.asarray(given, dtype=float)))


_OVERFLOW = (
    "an exponential overflowed: write sigmoid(-m) in a form that never "
    "takes exp of a large positive number (for example "
    "0.5 * (1 - tanh(m / 2)), or the chapter's stable `sigmoid`); "
    "silencing the warning is not enough."
)


def check_logistic_gradient(logistic_gradient) -> CheckResult:
    """Check ``logistic_gradient(w, X, y)`` (mean logistic loss, labels +-1)."""
    if callable(logistic_gradient):
        from . import forbidden_in

        silencer = forbidden_in(
            logistic_gradient, ("numpy.errstate", "numpy.seterr")
        )
        if silencer:
            return CheckResult(
                "wrong",
                f"Not quite: `logistic_gradient` uses `{silencer}`, which "
                "hides overflow warnings instead of avoiding the overflow. "
                + _OVERFLOW[0].upper()
                + _OVERFLOW[1:],
            )
    return check_function(
        logistic_gradient,
        _expected_gradient,
        _logistic_cases(fresh_rng()),
        name="logistic_gradient",
        rtol=1e-6,
        atol=1e-9,
        errstate=_RAISE,
        error_hints=[(FloatingPointError, _OVERFLOW)],
        hints=[
            (
                _sign_flipped,
                "your gradient has the wrong sign: the loss falls as y w.x "
                "grows, so the gradient is minus a weighted sum of y_i x_i.",
            ),
            (
                _not_averaged,
                "you returned the sum over samples: divide by the number of "
                "samples n.",
            ),
            (_not_finite, "your answer contains inf or NaN. " + _OVERFLOW),
        ],
    )


def _expected_step(A):
    return 2.0 / float(np.max(np.linalg.eigvals(A).real))


def _threshold_cases(rng):
    cases = [
        Case((np.diag([1.0, 10.0]),), description="A = diag(1, 10)"),
        Case((np.array([[4.0]]),), description="A = [[4]]"),
        Case(
            (np.array([[2.0, 1.0], [1.0, 2.0]]),),
            description="A = [[2, 1], [1, 2]], not diagonal",
        ),
    ]
    d = int(rng.integers(2, 6))
    M = np.round(rng.normal(size=(d, d)), 3)
    cases.append(
        Case(
            (M @ M.T + 0.5 * np.eye(d),),
            description=f"a random {d} x {d} positive definite matrix",
            random=True,
        )
    )
    Q, _ = np.linalg.qr(rng.normal(size=(3, 3)))
    eigenvalues = np.round(np.sort(rng.uniform(0.1, 9.0, size=3)), 2)
    cases.append(
        Case(
            (Q @ np.diag(eigenvalues) @ Q.T,),
            description="a rotated random diagonal matrix",
            random=True,
        )
    )
    return cases


def _ratio(given, expected):
    try:
        return float(given) / expected
    except (TypeError, ValueError, ZeroDivisionError):
        return np.nan


def check_max_stable_step(max_stable_step) -> CheckResult:
    """Check ``max_stable_step(A)``: the supremum of the converging steps."""

    def used_smallest(g, e, case):
        return isclose(g, 2.0 / np.linalg.eigvalsh(case.args[0]).min())

    def from_lambda_max(g, e, case):
        top = np.linalg.eigvalsh(case.args[0]).max()
        return isclose(g, top) or isclose(g, top / 2.0)

    def diagonal(g, e, case):
        return isclose(g, 2.0 / np.max(np.diag(case.args[0])))

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
                "you returned 1 / lambda_max: that step is safe, but the "
                "threshold is twice as large.",
            ),
            (
                used_smallest,
                "the binding direction is the steepest one: use the largest "
                "eigenvalue, not the smallest.",
            ),
            (
                from_lambda_max,
                "you returned something built from lambda_max itself; the "
                "threshold is 2 / lambda_max.",
            ),
            (
                diagonal,
                "the diagonal entries of A are its eigenvalues only when A is "
                "diagonal: use np.linalg.eigvalsh.",
            ),
        ],
    )


def _quadratic(A, b):
    return lambda x: 0.5 * float(x @ A @ x) - float(b @ x)


def _expected_central(f, x, eps):
    # the test functions know their gradient; central differences agree
    # with it to O(eps^2), well within the tolerance
    return f.gradient(x)


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
        _quadratic(A, b), lambda x: A @ x - b, "x^T A x / 2 - b^T x"
    )
    cubic = _Function(
        lambda x: float(np.sum(x**3)), lambda x: 3 * x**2, "sum(x^3)"
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
    """Check ``central_difference(f, x, eps)``, the numerical gradient.

    Exercise ``ex-gd-gradient-check``: component ``i`` is
    ``(f(x + eps e_i) - f(x - eps e_i)) / (2 eps)``; ``x`` is left as it
    was.
    """

    def forward(given, expected, case):
        f, x, eps = case.args
        g = [(f(x + eps * e) - f(x)) / eps for e in np.eye(len(x))]
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
                "that is the forward difference (f(x + eps e_i) - f(x)) / "
                "eps, whose error is of order eps; use the central one.",
            ),
            (half, "divide by 2 eps, the distance between the two points."),
        ],
    )


def _expected_descent(gradient, x0, learning_rate, n_steps):
    x = np.array(x0, dtype=float)
    for _ in range(n_steps):
        x = x - learning_rate * np.asarray(gradient(x), dtype=float)
    return x


def _gradient_of(gradient, description):
    """A gradient function that shows itself by what it is the gradient of."""
    return _Function(gradient, None, f"the gradient of {description}")


def _descent_cases(rng):
    bowl = _gradient_of(
        lambda x: np.array([x[0], 10 * x[1]]), "(x1^2 + 10 x2^2) / 2"
    )
    A = np.array([[3.0, 1.0], [1.0, 2.0]])
    c = np.array([1.0, -1.0])
    quadratic = _gradient_of(lambda x: A @ x - c, "x^T A x / 2 - c^T x")
    quartic = _gradient_of(lambda x: 4 * x**3, "sum(x^4)")
    d = int(rng.integers(2, 5))
    M = np.round(rng.normal(size=(d, d)), 2)
    S = M @ M.T + np.eye(d)
    b = np.round(rng.normal(size=d), 2)
    random_quadratic = _gradient_of(lambda x: S @ x - b, "a random quadratic")
    step = float(np.round(1 / np.linalg.eigvalsh(S).max(), 4))
    return [
        Case(
            (bowl, np.array([1.0, 1.0]), 0.1, 3),
            description="the bowl, 3 steps of 0.1 from (1, 1)",
        ),
        Case(
            (quadratic, np.array([0.0, 0.0]), 0.2, 25),
            description="a quadratic, 25 steps",
        ),
        Case(
            (quartic, np.array([1.0, -0.5, 0.2]), 0.05, 10),
            description="sum of fourth powers in 3-D, 10 steps",
        ),
        Case(
            (bowl, np.array([2.0, -1.0]), 0.1, 0),
            description="no step at all (n_steps = 0)",
        ),
        Case(
            (
                random_quadratic,
                np.round(rng.normal(size=d), 3),
                step,
                int(rng.integers(5, 40)),
            ),
            description=f"a random quadratic in {d}-D",
            random=True,
        ),
    ]


def check_descend(descend) -> CheckResult:
    """Check ``descend(gradient, x0, learning_rate, n_steps)``.

    Exercise ``ex-gd-loop``: ``n_steps`` steps of gradient descent with a
    constant step from ``x0`` (left unchanged); the last point is returned.
    """

    def with_steps(shift):
        def diagnose(given, expected, case):
            gradient, x0, eta, n = case.args
            if n + shift < 0:
                return False
            return isclose(
                given, _expected_descent(gradient, x0, eta, n + shift)
            )

        return diagnose

    def ascent(given, expected, case):
        gradient, x0, eta, n = case.args
        return n > 0 and isclose(
            given, _expected_descent(gradient, x0, -eta, n)
        )

    def frozen_gradient(given, expected, case):
        gradient, x0, eta, n = case.args
        g = np.asarray(gradient(np.asarray(x0, dtype=float)), dtype=float)
        return n > 1 and isclose(given, x0 - n * eta * g)

    def whole_path(given, expected, case):
        return np.ndim(given) == np.ndim(expected) + 1

    return check_function(
        descend,
        _expected_descent,
        _descent_cases(fresh_rng()),
        name="descend",
        rtol=1e-9,
        atol=1e-12,
        forbidden=(
            "mlcourse.gradient_descent.gradient_descent",
            "mlcourse.gradient_descent.sgd",
            "scipy.optimize.minimize",
        ),
        forbidden_reason="Write the loop yourself.",
        hints=[
            (
                whole_path,
                "return only the last point, not the whole path.",
            ),
            (
                ascent,
                "you stepped up the slope: the update subtracts "
                "learning_rate * gradient(x).",
            ),
            (
                frozen_gradient,
                "evaluate the gradient at the current point in every step, "
                "not once at x0.",
            ),
            (
                with_steps(-1),
                "one step short: the loop should take exactly n_steps steps.",
            ),
            (
                with_steps(1),
                "one step too many: the loop should take exactly n_steps "
                "steps.",
            ),
        ],
    )
