"""Checkers for the exercises of chapter 5, "The perceptron convergence theorem".

- :func:`check_mistake_bound_for` (exercise ``ex-cv-bound-for``):
  ``mistake_bound_for(X, y, u)``, the bound ``(R / gamma)**2`` certified by
  a separating vector ``u`` of any length, ``np.inf`` if ``u`` does not
  separate (a margin of 0 included);
- :func:`check_alignment_and_norm` (exercise ``ex-cv-lemmas``):
  ``alignment_and_norm(coef_path, u)``, the two sides of the proof.

Each checker returns a :class:`~mlcourse.exercises.CheckResult` and never
raises. Division by zero is an error while the answer runs, so that an
answer testing ``gamma < 0`` instead of ``gamma <= 0`` is caught.
"""

from __future__ import annotations

import numpy as np

from . import Case, CheckResult, check_function, fresh_rng, isclose

__all__ = ["check_mistake_bound_for", "check_alignment_and_norm"]


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


def _expected_alignment(coef_path, u):
    return (
        np.einsum("kj,j->k", coef_path, u),
        np.einsum("kj,kj->k", coef_path, coef_path),
    )


def _alignment_cases(rng):
    path = np.cumsum(
        np.vstack([np.zeros(3), [[1, 0, -1], [0, 1, 1], [-1, 0, 2]]]), axis=0
    ).astype(float)
    u = np.array([2.0, 1.0, -2.0]) / 3.0
    cases = [
        Case((path, u), description="a path of 4 weight vectors in 3-D"),
        Case((path[:1], u), description="a run with no update (only w_0 = 0)"),
        Case(
            (path[:, :2], np.array([0.0, 1.0])), description="in 2-D, u = e_2"
        ),
    ]
    k, d = int(rng.integers(3, 9)), int(rng.integers(2, 5))
    steps = rng.integers(-2, 3, size=(k, d)).astype(float)
    random_path = np.cumsum(np.vstack([np.zeros(d), steps]), axis=0)
    ur = rng.normal(size=d)
    cases.append(
        Case(
            (random_path, np.round(ur / np.linalg.norm(ur), 4)),
            description=f"a random path of {k + 1} vectors in {d}-D",
            random=True,
        )
    )
    return cases


def _compare_pairs(given, expected):
    if not isinstance(given, (tuple, list)) or len(given) != 2:
        return False, "expected a pair (alignment, squared_norm) of arrays"
    from . import _close

    agrees, reason = _close(tuple(given), expected, 1e-9, 1e-12)
    return agrees, reason.replace(
        "entry 0 of the result", "`alignment`"
    ).replace("entry 1 of the result", "`squared_norm`")


def _norm_not_squared(given, expected, case):
    return isclose(np.asarray(given[1], dtype=float) ** 2, expected[1])


def _wrong_axis(given, expected, case):
    return np.shape(given[1]) != expected[1].shape


def check_alignment_and_norm(candidate) -> CheckResult:
    """Check ``alignment_and_norm(coef_path, u)``: both sides of the lemmas."""
    return check_function(
        candidate,
        _expected_alignment,
        _alignment_cases(fresh_rng()),
        name="alignment_and_norm",
        compare=_compare_pairs,
        hints=[
            (
                _norm_not_squared,
                "the second lemma is about the *squared* norm ||w_k||^2.",
            ),
            (
                _wrong_axis,
                "each row of coef_path is one weight vector w_k: one entry "
                "per row, so sum over axis=1.",
            ),
        ],
    )
