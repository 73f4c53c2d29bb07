"""Checkers for the exercises of the chapter "The perceptron convergence theorem".

Each checker takes the student's function, runs it on a few small cases against a reference
written from the chapter's equations, and prints "Correct", "Not attempted yet", or what went
wrong with a hint. A checker never raises.
"""

from __future__ import annotations

import numpy as np

from . import Case, CheckResult, check_function

__all__ = [
    "reference_mistake_bound_for",
    "reference_alignment_and_norm",
    "check_mistake_bound_for",
    "check_alignment_and_norm",
]


def reference_mistake_bound_for(X, y, u):
    """The bound ``(R / gamma)**2`` that a separating vector ``u`` certifies (eq-cv-bound).

    ``R`` is the largest norm of a row of ``X`` and ``gamma = min_i y_i u.x_i / ||u||`` is the
    margin of the *normalized* ``u``. When ``u`` does not separate the data (``gamma <= 0``) it
    certifies nothing, and the answer is ``inf``.
    """
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    u = np.asarray(u, dtype=float)
    gamma = np.min(y * (X @ u)) / np.linalg.norm(u)
    if gamma <= 0:
        return np.inf
    radius = np.max(np.linalg.norm(X, axis=1))
    return float((radius / gamma) ** 2)


def reference_alignment_and_norm(coef_path, u):
    """The two quantities of the proof along a run: ``u.w_k`` and ``||w_k||**2`` for every row."""
    coef_path = np.asarray(coef_path, dtype=float)
    u = np.asarray(u, dtype=float)
    return coef_path @ u, np.sum(coef_path ** 2, axis=1)


def _bound_cases():
    rng = np.random.default_rng(7)
    X = rng.uniform(-2.0, 2.0, size=(12, 3))
    u = np.array([0.6, -0.8, 0.0])
    y = np.where(X @ u > 0, 1, -1)
    keep = np.abs(X @ u) > 0.2
    X, y = X[keep], y[keep]
    X2 = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, -1.0]])
    y2 = np.array([1, 1, -1])
    return [
        Case((X, y, u), description="a unit separator in 3-D"),
        Case((X, y, 5.0 * u), description="the same separator, scaled to length 5"),
        Case((X2, y2, np.array([2.0, 1.0])), description="three points, a separator of length sqrt(5)"),
        Case((X2, y2, np.array([1.0, -2.0])), description="a vector that does not separate the points"),
        Case((X2, np.array([1, -1, -1]), np.array([1.0, 0.0])),
             description="a point exactly on the separator (a margin of 0 certifies nothing)"),
    ]


def _not_normalized(given, expected, case):
    X, y, u = case.args
    return np.isfinite(expected) and np.isclose(given, expected / np.dot(u, u))


def _used_abs(given, expected, case):
    return not np.isfinite(expected) and np.isfinite(given)


def _used_norm_not_square(given, expected, case):
    return np.isfinite(expected) and np.isclose(given, np.sqrt(expected))


def check_mistake_bound_for(candidate) -> CheckResult:
    """Check ``mistake_bound_for(X, y, u)`` against equation eq-cv-bound."""
    return check_function(
        candidate,
        reference_mistake_bound_for,
        _bound_cases(),
        name="mistake_bound_for",
        rtol=1e-9,
        hints=[
            (_not_normalized, "the margin is that of the unit vector u / ||u||: divide y u.x by ||u|| "
                              "(the bound must not change when u is scaled)."),
            (_used_abs, "a vector with some y_i u.x_i <= 0 does not separate the data and certifies "
                        "nothing: return np.inf. Do not take |u.x|, which forgets the labels."),
            (_used_norm_not_square, "the bound is the square of R / gamma."),
        ],
    )


def _alignment_cases():
    rng = np.random.default_rng(11)
    path = np.cumsum(np.vstack([np.zeros(3), rng.normal(size=(6, 3))]), axis=0)
    u = np.array([2.0, 1.0, -2.0]) / 3.0
    return [
        Case((path, u), description="a path of 7 weight vectors in 3-D"),
        Case((path[:1], u), description="the path of a run with no update (only w_0 = 0)"),
        Case((path[:, :2], np.array([0.0, 1.0])), description="a path in 2-D, u = e_2"),
    ]


def _compare_pairs(given, expected):
    if not isinstance(given, (tuple, list)) or len(given) != 2:
        return False, "expected a pair (alignment, squared_norm) of arrays"
    for name, g, e in zip(("alignment", "squared_norm"), given, expected):
        g = np.asarray(g, dtype=float)
        if g.shape != e.shape:
            return False, f"`{name}` should have one entry per row of coef_path, shape {e.shape}; got shape {g.shape}"
        if not np.allclose(g, e, rtol=1e-9, atol=1e-12):
            return False, (f"`{name}` should be {np.array2string(e, precision=4)}, "
                           f"got {np.array2string(g, precision=4)}")
    return True, ""


def _norm_not_squared(given, expected, case):
    return np.allclose(np.asarray(given[1]) ** 2, expected[1])


def _wrong_axis(given, expected, case):
    return np.asarray(given[1]).shape != expected[1].shape


def check_alignment_and_norm(candidate) -> CheckResult:
    """Check ``alignment_and_norm(coef_path, u)``: the two sides of the lemmas along a run."""
    return check_function(
        candidate,
        reference_alignment_and_norm,
        _alignment_cases(),
        name="alignment_and_norm",
        compare=_compare_pairs,
        hints=[
            (_norm_not_squared, "the second lemma is about the *squared* norm ||w_k||^2."),
            (_wrong_axis, "each row of coef_path is one weight vector w_k: sum over axis=1."),
        ],
    )
