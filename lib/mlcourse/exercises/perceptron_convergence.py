"""Checkers for the exercises of chapter 5, "The perceptron convergence theorem".

- :func:`check_mistake_bound_for` (:ref:`ex-cv-bound-for`):
  ``mistake_bound_for(X, y, u)``, the bound ``(R / gamma)**2`` of equation
  :eq:`eq-cv-bound` certified by a separating vector ``u`` of any length,
  ``np.inf`` if ``u`` does not separate (a margin of 0 included);
- :func:`check_first_cosine_above` (:ref:`ex-cv-lemmas`):
  ``first_cosine_above(coef_path, u, c)``, the first update whose cosine
  with ``u`` exceeds ``c`` (equation :eq:`eq-cv-cosine`).

What a case should give: the bound from the library's ``radius``,
``margin`` and ``mistake_bound`` (which the answer may not call); the
update from all the cosines of the path at once. Division by zero is an
error while the answer runs, so that an answer testing ``gamma < 0``
instead of ``gamma <= 0`` is caught.
"""

from __future__ import annotations

import numpy as np

from . import Calls, Case, CheckResult, check_function, isclose
from ._values import compare, whole_number
from .checks import with_cases

__all__ = ["check_mistake_bound_for", "check_first_cosine_above"]


def _bound(X, y, u):
    from ..perceptron import margin, mistake_bound, radius

    gamma = margin(u, X, y)
    return mistake_bound(radius(X), gamma) if gamma > 0 else np.inf


def _bound_cases(rng):
    X = np.array(
        [
            [1.0, 2.0, 0.5],
            [-2.0, -1.0, 1.0],
            [1.5, -0.5, -1.0],
            [-1.0, -2.5, 0.0],
        ]
    )
    u = np.array([0.6, -0.8, 0.0])
    y = np.where(X @ u > 0, 1, -1)
    X2 = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, -1.0]])
    y2 = np.array([1, 1, -1])
    cases = [
        Case((X, y, u), description="a unit separator in 3-D"),
        Case((X, y, 5.0 * u), description="the same separator, length 5"),
        Case(
            (X2, y2, np.array([2.0, 1.0])),
            description="three points, a separator of length sqrt(5)",
        ),
        Case(
            (X2, y2, np.array([1.0, -2.0])),
            description="a vector that does not separate the points",
        ),
        Case(
            (X2, np.array([1, -1, -1]), np.array([1.0, 0.0])),
            description="a point exactly on the separator (margin 0)",
        ),
    ]
    d = int(rng.integers(2, 5))
    n = int(rng.integers(5, 12))
    ur = rng.normal(size=d)
    Xr = np.round(rng.uniform(-3, 3, size=(n, d)), 2)
    Xr = np.vstack([ur / np.linalg.norm(ur), -ur / np.linalg.norm(ur), Xr])
    Xr = Xr[np.abs(Xr @ ur) > 0.3 * np.linalg.norm(ur)]
    yr = np.where(Xr @ ur > 0, 1, -1)
    cases.append(
        Case(
            (Xr, yr, np.round(ur * rng.uniform(0.5, 4), 3)),
            description="random points and a separator of random length",
            random=True,
        )
    )
    return cases


@with_cases(_bound_cases)
def check_mistake_bound_for(mistake_bound_for) -> CheckResult:
    """Check ``mistake_bound_for(X, y, u)`` against :eq:`eq-cv-bound`."""

    def not_normalized(given, expected, case):
        u = case.args[2]
        return np.isfinite(expected) and isclose(given, expected / (u @ u))

    def ignored_labels(given, expected, case):
        return not np.isfinite(expected) and np.isfinite(given)

    def not_squared(given, expected, case):
        return np.isfinite(expected) and isclose(given, np.sqrt(expected))

    return check_function(
        mistake_bound_for,
        _bound,
        _bound_cases,
        name="mistake_bound_for",
        rtol=1e-9,
        calls=Calls(
            reason="Compute R and gamma from their definitions with numpy."
        ),
        errstate={"divide": "raise", "invalid": "raise"},
        error_hints=[
            (
                (FloatingPointError, ZeroDivisionError),
                "you divided by a margin of 0. A vector with some "
                "y_i u.x_i <= 0 (zero included) certifies nothing: test "
                "gamma <= 0, not gamma < 0, and return np.inf.",
            )
        ],
        hints=[
            (
                not_normalized,
                "the margin is that of the unit vector u / ||u||: divide "
                "y u.x by ||u|| (the bound must not change when u is "
                "scaled).",
            ),
            (
                ignored_labels,
                "a vector with some y_i u.x_i <= 0 does not separate the "
                "data and certifies nothing: return np.inf. Do not take "
                "|u.x|, which forgets the labels.",
            ),
            (not_squared, "the bound is the square of R / gamma."),
        ],
    )


# ------------------------------------------------------ the first cosine


def _cosines(coef_path, u):
    path = np.asarray(coef_path, dtype=float)[1:]
    return (path @ u) / np.linalg.norm(path, axis=1)


def _first_above(coef_path, u, c):
    above = np.flatnonzero(_cosines(coef_path, u) > c)
    return int(above[0]) + 1 if above.size else -1


def _path(steps):
    steps = np.asarray(steps, dtype=float)
    return np.cumsum(np.vstack([np.zeros(steps.shape[1]), steps]), axis=0)


def _first_above_cases(rng):
    # cosines with u = e_1 along this path: 1/sqrt(2), 2/sqrt(5), 1
    path = _path([[1, 1], [1, -1], [1, 0]])
    e1 = np.array([1.0, 0.0])
    path3 = _path([[1, 0, -1], [0, 1, 1], [-1, 0, 2]])
    u3 = np.array([2.0, 1.0, -2.0]) / 3.0
    cases = [
        Case(
            (_path([[0.9, 3.0], [0.6, 0.0], [4.5, 0.0]]), e1, 0.8),
            description="in 2-D, u = e_1, c = 0.8: the alignment exceeds c "
            "first, the cosine only at the third update",
        ),
        Case((path, e1, 0.8), description="in 2-D, u = e_1, c = 0.8"),
        Case(
            (path, e1, 1 / np.sqrt(2)),
            description="a cosine exactly equal to c does not exceed it",
        ),
        Case(
            (path, e1, 0.5), description="the first update already exceeds c"
        ),
        Case(
            (path3, u3, 0.5),
            description="a path in 3-D whose cosine never exceeds c",
        ),
        Case(
            (np.array([[0.0, 0.0], [-1.0, 0.0], [1.0, 0.1]]), e1, 0.9),
            description="in 2-D, u = e_1, c = 0.9: w_1 points against u",
        ),
        Case(
            (path[:1], e1, 0.5),
            description="a run with no update (only w_0 = 0)",
        ),
    ]
    k, d = int(rng.integers(5, 12)), int(rng.integers(2, 5))
    ur = rng.normal(size=d)
    ur /= np.linalg.norm(ur)
    steps = rng.integers(-2, 3, size=(k, d)) + 3 * np.sign(ur).astype(int)
    cases.append(
        Case(
            (_path(steps), ur, float(np.round(rng.uniform(0.5, 0.9), 2))),
            description=f"a random path of {k + 1} vectors in {d}-D",
            random=True,
        )
    )
    return cases


@with_cases(_first_above_cases)
def check_first_cosine_above(first_cosine_above) -> CheckResult:
    """Check ``first_cosine_above(coef_path, u, c)``: the first update whose
    cosine with ``u`` exceeds ``c``, or -1."""

    def exact(given, expected):
        problem = whole_number(given, "an update number, or -1")
        return problem or compare(given, expected)

    def at_least(given, expected, case, outcomes):
        path, u, c = case.args
        return given == _first_above(path, u, c - 1e-12)

    def row_index(given, expected, case, outcomes):
        return all(
            isinstance(o.given, (int, np.integer))
            and o.given == o.expected - 1
            for o in outcomes
            if o.expected >= 1
        )

    def alignment_only(given, expected, case, outcomes):
        path, u, c = case.args
        above = np.flatnonzero(np.asarray(path, dtype=float)[1:] @ u > c)
        return given == (int(above[0]) + 1 if above.size else -1)

    def absolute(given, expected, case, outcomes):
        path, u, c = case.args
        above = np.flatnonzero(np.abs(_cosines(path, u)) > c)
        return given == (int(above[0]) + 1 if above.size else -1)

    return check_function(
        first_cosine_above,
        _first_above,
        _first_above_cases,
        name="first_cosine_above",
        compare=exact,
        calls=Calls(),
        none_hint="return -1 (not None) when no cosine exceeds c.",
        hints=[
            (at_least, "'exceeds' is strict: use > c, not >= c."),
            (
                row_index,
                "row 0 of coef_path is w_0 = 0, before any update: row k "
                "is w_k, so the update number is the row's index.",
            ),
            (
                absolute,
                "the cosine has a sign: a w_k that points against u has a "
                "cosine near -1, which does not exceed c. Do not take its "
                "absolute value.",
            ),
            (
                alignment_only,
                "the cosine divides the alignment u.w_k by the length "
                "||w_k||.",
            ),
        ],
    )
