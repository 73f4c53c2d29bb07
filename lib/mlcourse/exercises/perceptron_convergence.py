"""Checkers for the exercises of chapter 5, "The perceptron convergence theorem".

- :func:`check_mistake_bound_for` (exercise ``ex-cv-bound-for``):
  ``mistake_bound_for(X, y, u)``, the bound ``(R / gamma)**2`` certified by
  a separating vector ``u`` of any length, ``np.inf`` if ``u`` does not
  separate (a margin of 0 included);
- :func:`check_first_cosine_above` (exercise ``ex-cv-lemmas``):
  ``first_cosine_above(coef_path, u, c)``, the first update whose cosine
  with ``u`` exceeds ``c``.

Each checker returns a :class:`~mlcourse.exercises.CheckResult` and never
raises. Division by zero is an error while the answer runs, so that an
answer testing ``gamma < 0`` instead of ``gamma <= 0`` is caught.
"""

from __future__ import annotations

import numpy as np

from . import Case, CheckResult, check_function, fresh_rng, isclose

__all__ = ["check_mistake_bound_for", "check_first_cosine_above"]


def _expected_bound(X, y, u):
    margins = y * (X @ u)
    if not np.min(margins) > 0:
        return np.inf
    gamma = np.min(margins) / np.sqrt(u @ u)
    radius_squared = np.max(np.einsum("ij,ij->i", X, X))
    return float(radius_squared / gamma**2)


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
    scores = Xr @ ur
    Xr = Xr[np.abs(scores) > 0.3]
    if len(Xr) == 0:
        Xr = np.array([ur / np.linalg.norm(ur)])
    yr = np.where(Xr @ ur > 0, 1, -1)
    cases.append(
        Case(
            (Xr, yr, np.round(ur * rng.uniform(0.5, 4), 3)),
            description="random points and a separator of random length",
            random=True,
        )
    )
    return cases


def _not_normalized(given, expected, case):
    X, y, u = case.args
    return np.isfinite(expected) and isclose(given, expected / np.dot(u, u))


def _ignored_labels(given, expected, case):
    return not np.isfinite(expected) and np.isfinite(given)


def _not_squared(given, expected, case):
    return np.isfinite(expected) and isclose(given, np.sqrt(expected))


def check_mistake_bound_for(candidate) -> CheckResult:
    """Check ``mistake_bound_for(X, y, u)`` against equation eq-cv-bound."""
    return check_function(
        candidate,
        _expected_bound,
        _bound_cases(fresh_rng()),
        name="mistake_bound_for",
        rtol=1e-9,
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
                _not_normalized,
                "the margin is that of the unit vector u / ||u||: divide "
                "y u.x by ||u|| (the bound must not change when u is "
                "scaled).",
            ),
            (
                _ignored_labels,
                "a vector with some y_i u.x_i <= 0 does not separate the "
                "data and certifies nothing: return np.inf. Do not take "
                "|u.x|, which forgets the labels.",
            ),
            (_not_squared, "the bound is the square of R / gamma."),
        ],
    )


def _expected_first_above(coef_path, u, c):
    path = np.asarray(coef_path, dtype=float)[1:]
    norms = np.sqrt(np.einsum("kj,kj->k", path, path))
    cosine = (path @ np.asarray(u, dtype=float)) / norms
    above = np.flatnonzero(cosine > c)
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
            (path[:1], e1, 0.5),
            description="a run with no update (only w_0 = 0)",
        ),
    ]
    k, d = int(rng.integers(5, 12)), int(rng.integers(2, 5))
    ur = rng.normal(size=d)
    ur /= np.linalg.norm(ur)
    steps = rng.integers(-2, 3, size=(k, d)) + 3 * np.sign(ur).astype(int)
    random_path = _path(steps)
    cases.append(
        Case(
            (random_path, ur, float(np.round(rng.uniform(0.5, 0.9), 2))),
            description=f"a random path of {k + 1} vectors in {d}-D",
            random=True,
        )
    )
    return cases


def check_first_cosine_above(candidate) -> CheckResult:
    """Check ``first_cosine_above(coef_path, u, c)``: the first update whose
    cosine with ``u`` exceeds ``c``, or -1."""

    def compare(given, expected):
        if isinstance(given, (bool, np.bool_)) or not isinstance(
            given, (int, np.integer)
        ):
            return False, (
                "expected a whole number (an update number, or -1), got "
                f"{given!r} of type {type(given).__name__}"
            )
        if given == expected:
            return True, ""
        return False, f"expected {expected}, got {given}"

    def at_least(given, expected, case, outcomes):
        path, u, c = case.args
        return isinstance(given, (int, np.integer)) and given == (
            _expected_first_above(path, u, c - 1e-12)
        )

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

    return check_function(
        candidate,
        _expected_first_above,
        _first_above_cases(fresh_rng()),
        name="first_cosine_above",
        compare=compare,
        none_hint="return -1 (not None) when no cosine exceeds c.",
        hints=[
            (at_least, "'exceeds' is strict: use > c, not >= c."),
            (
                row_index,
                "row 0 of coef_path is w_0 = 0, before any update: row k "
                "is w_k, so the update number is the row's index.",
            ),
            (
                alignment_only,
                "the cosine divides the alignment u.w_k by the length "
                "||w_k||.",
            ),
        ],
    )
