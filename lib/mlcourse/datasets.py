"""Seeded data sets used across the book, and the lectures' small worked examples.

Every generator takes ``random_state`` (an int seed, ``None``, a numpy ``Generator`` or a
``RandomState``) and draws only from the Generator it gives (``np.random.default_rng(seed)``
for a seed), so a chapter that passes a seed gets the same numbers on every run. Binary labels are ``-1``/``+1`` (see the notation page).

The worked examples are the exact data of the source lectures; the chapters reproduce the
lectures' calculations on them and the tests check those calculations.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from numbers import Integral, Real
from typing import NamedTuple

import numpy as np
from sklearn.utils._param_validation import Interval, validate_params

from ._validation import (
    NON_NEGATIVE,
    PASSES,
    POSITIVE,
    RANDOM_STATE,
    StrOptions,
    check_random_state,
)

_AT_LEAST_TWO = [Interval(Integral, 2, None, closed="left")]

__all__ = [
    "Dataset",
    "SeparableData",
    "make_separable",
    "make_xor",
    "xor_points",
    "make_overlapping_classes",
    "four_points",
    "students",
    "five_points_nonseparable",
    "five_points_regression",
    "SBP_AGE_SUMMARY",
]


@dataclass(frozen=True)
class Dataset:
    """A small named data set: ``X`` (one sample per row), ``y`` and what they mean.

    Unpacks as ``X, y = dataset``.
    """

    #: The samples, one per row, shape ``(n_samples, n_features)``.
    X: np.ndarray
    #: The targets or labels, shape ``(n_samples,)``.
    y: np.ndarray
    #: What each column of ``X`` measures, in order.
    feature_names: tuple[str, ...]
    #: Where the data come from and which chapter uses them.
    description: str
    #: A name for each row (the lecture's), or empty.
    sample_names: tuple[str, ...] = ()
    #: The lecture's label for each value of ``y``, e.g. ``{1: "A", -1: "F"}``.
    label_names: dict = field(default_factory=dict)

    def __iter__(self):
        yield self.X
        yield self.y


class SeparableData(NamedTuple):
    """Linearly separable data with its true separator ``(coef, intercept)``.

    ``coef`` has unit length, so ``y * (X @ coef + intercept) > margin`` for every sample:
    ``margin`` is a lower bound on the geometric margin of the data set.
    """

    #: The samples, one per row, shape ``(n_samples, n_features)``.
    X: np.ndarray
    #: The labels, -1 or +1, shape ``(n_samples,)``.
    y: np.ndarray
    #: The true separator's unit normal vector, shape ``(n_features,)``.
    coef: np.ndarray
    #: The true separator's intercept.
    intercept: float


def _draw_in_ball(rng, n, n_features, radius, distribution):
    if distribution == "gaussian":
        points = rng.standard_normal((n, n_features))
        return points[np.linalg.norm(points, axis=1) < radius]
    directions = rng.standard_normal((n, n_features))
    directions /= np.linalg.norm(directions, axis=1, keepdims=True)
    lengths = radius * rng.random(n) ** (1.0 / n_features)
    return directions * lengths[:, None]


@validate_params(
    {
        "n_samples": _AT_LEAST_TWO,
        "n_features": PASSES,
        "margin": NON_NEGATIVE,
        "radius": POSITIVE,
        "intercept": [Interval(Real, None, None, closed="neither"), None],
        "distribution": [StrOptions({"gaussian", "ball"})],
        "random_state": RANDOM_STATE,
    },
    prefer_skip_nested_validation=True,
)
def make_separable(
    n_samples: int = 100,
    n_features: int = 2,
    margin: float = 0.3,
    radius: float = 3.0,
    intercept: float | None = None,
    distribution: str = "gaussian",
    random_state=None,
) -> SeparableData:
    """Draw linearly separable data with a guaranteed margin (perceptron chapters).

    A unit normal vector ``coef`` is drawn at random, and an ``intercept`` uniformly from
    ``[-b, b]`` with ``b = min(1, (radius - margin) / 2)`` unless one is given. Candidate
    points are drawn and kept only if they lie inside the ball ``||x|| < radius`` and clear the
    margin, ``|coef @ x + intercept| > margin``; the label is the side they fall on, so the
    class shares follow the random intercept and vary from seed to seed (pass ``intercept=0``
    for classes near balance with Gaussian candidates). This is
    the rejection scheme of the Straight Dope perceptron notebook, vectorized: candidates are
    drawn in batches, never one at a time.

    Parameters
    ----------
    n_samples : int, default 100
        Number of points kept.
    n_features : int, default 2
        Dimension ``d`` of each point.
    margin : float, default 0.3
        Every point is farther than ``margin`` from the true separator: a lower bound
        on the data's margin ``gamma``. Must be below ``radius``.
    radius : float, default 3.0
        Every point lies inside the ball ``||x|| < radius``: a bound ``R`` on the
        points' norms.
    intercept : float or None, default None
        The true separator's ``b``; ``None`` draws it as above. A given value needs
        ``|intercept| + margin < radius``.
    distribution : "gaussian" or "ball"
        ``"gaussian"`` draws candidates from a standard normal (as the lecture does);
        ``"ball"`` draws them uniformly from the ball, which suits many features, where a
        standard normal point rarely falls inside a small ball.
    random_state : int, RandomState or None, default None
        Seed of the draws, as in scikit-learn.

    Returns
    -------
    SeparableData
        ``(X, y, coef, intercept)`` with ``y`` in ``{-1, +1}`` and both classes present.
    """
    if margin >= radius:
        raise ValueError(
            f"margin must be smaller than radius, or no point can clear it; got margin={margin}, radius={radius}."
        )
    rng = check_random_state(random_state)
    coef = rng.standard_normal(n_features)
    coef /= np.linalg.norm(coef)
    if intercept is None:
        bound = min(1.0, (radius - margin) / 2)
        intercept = float(rng.uniform(-bound, bound))
    elif abs(float(intercept)) + margin >= radius:
        raise ValueError(
            f"|intercept| + margin must be below radius so that both classes fit in the ball; "
            f"got intercept={intercept}, margin={margin}, radius={radius}."
        )
    intercept = float(intercept)

    kept, n_kept, n_drawn = [], 0, 0
    batch = max(256, 2 * n_samples)
    max_draws = 2_000 * n_samples + 1_000_000
    while n_kept < n_samples:
        if n_drawn > max_draws:
            raise ValueError(
                f"could not draw {n_samples} points with margin {margin} inside radius {radius} "
                f"in {n_features} dimension(s): too few candidates clear the margin. Use a smaller "
                f"margin, a larger radius, or distribution='ball' for many features."
            )
        candidates = _draw_in_ball(
            rng, batch, n_features, radius, distribution
        )
        n_drawn += batch
        scores = candidates @ coef + intercept
        candidates = candidates[np.abs(scores) > margin]
        kept.append(candidates)
        n_kept += len(candidates)
    X = np.concatenate(kept)[:n_samples]
    y = np.where(X @ coef + intercept > 0, 1, -1)
    if np.unique(y).size < 2:
        raise ValueError(
            "all drawn points fell on one side of the separator; draw more samples or choose "
            "an intercept nearer 0."
        )
    return SeparableData(X, y, coef, intercept)


def xor_points() -> Dataset:
    """The four points of XOR: label +1 exactly when the two inputs differ (MLP chapter)."""
    X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    y = np.array([-1, 1, 1, -1])
    return Dataset(X, y, ("x1", "x2"), "XOR of two bits: +1 when x1 != x2.")


@validate_params(
    {
        "n_samples": PASSES,
        "noise": NON_NEGATIVE,
        "random_state": RANDOM_STATE,
    },
    prefer_skip_nested_validation=True,
)
def make_xor(n_samples: int = 200, noise: float = 0.25, random_state=None):
    """Noisy XOR: Gaussian clouds around the corners ``(+-1, +-1)``.

    The label is ``+1`` for the corners whose coordinates have opposite signs and ``-1``
    otherwise, so no line separates the classes. Returns ``(X, y)``.

    Parameters
    ----------
    n_samples : int, default 200
        Number of points, dealt to the four corners in turn and shuffled.
    noise : float, default 0.25
        Standard deviation of each cloud around its corner.
    random_state : int, RandomState or None, default None
        Seed of the draws, as in scikit-learn.
    """
    rng = check_random_state(random_state)
    corners = np.array([[-1.0, -1.0], [-1.0, 1.0], [1.0, -1.0], [1.0, 1.0]])
    which = np.arange(n_samples) % 4
    rng.shuffle(which)
    X = corners[which] + noise * rng.standard_normal((n_samples, 2))
    y = np.where(corners[which, 0] * corners[which, 1] < 0, 1, -1)
    return X, y


@validate_params(
    {
        "n_samples": _AT_LEAST_TWO,
        "n_features": PASSES,
        "separation": NON_NEGATIVE,
        "noise": POSITIVE,
        "random_state": RANDOM_STATE,
    },
    prefer_skip_nested_validation=True,
)
def make_overlapping_classes(
    n_samples: int = 200,
    n_features: int = 2,
    separation: float = 2.0,
    noise: float = 1.0,
    random_state=None,
):
    """Two Gaussian classes that overlap, so no line separates them.

    Class ``+1`` is centred at ``+separation/2`` and class ``-1`` at ``-separation/2`` along a
    random unit direction; both have covariance ``noise**2 * I``. Half the samples (rounded
    up) are in class ``+1``. Returns ``(X, y)``.

    Parameters
    ----------
    n_samples : int, default 200
        Number of points.
    n_features : int, default 2
        Dimension of each point.
    separation : float, default 2.0
        Distance between the two class centres.
    noise : float, default 1.0
        Standard deviation of each class in every direction.
    random_state : int, RandomState or None, default None
        Seed of the draws, as in scikit-learn.
    """
    rng = check_random_state(random_state)
    direction = rng.standard_normal(n_features)
    direction /= np.linalg.norm(direction)
    y = np.where(np.arange(n_samples) < (n_samples + 1) // 2, 1, -1)
    rng.shuffle(y)
    X = (
        y[:, None] * separation / 2
    ) * direction + noise * rng.standard_normal((n_samples, n_features))
    return X, y


def four_points() -> Dataset:
    """The CUHK lecture's four points: the perceptron from w = 0 ends at w = (1, 1).

    ``p1 = (1, 0)`` and ``p3 = (0, 1)`` have label +1; ``p2 = (0, -1)`` and ``p4 = (-1, 0)``
    have label -1. No bias term (the separator passes through the origin).
    """
    X = np.array([[1.0, 0.0], [0.0, -1.0], [0.0, 1.0], [-1.0, 0.0]])
    y = np.array([1, -1, 1, -1])
    return Dataset(
        X,
        y,
        ("x1", "x2"),
        "Four points in the plane (CUHK lecture).",
        sample_names=("p1", "p2", "p3", "p4"),
    )


def students() -> Dataset:
    """The NUS lecture's students table: four yes/no features coded +1/-1, grade A or F.

    Grade A is class 1 in the lecture and is coded ``y = +1`` here; grade F is ``y = -1``
    (``label_names`` maps them back). Rows are Jane, Steve, Mary and Peter, in the
    lecture's visiting order.
    """
    X = np.array(
        [
            [1.0, 1.0, -1.0, -1.0],  # Jane
            [1.0, 1.0, 1.0, 1.0],  # Steve
            [-1.0, -1.0, -1.0, 1.0],  # Mary
            [1.0, -1.0, -1.0, 1.0],  # Peter
        ]
    )
    y = np.array([1, -1, -1, 1])
    return Dataset(
        X,
        y,
        ("good attendance", "tall", "sleeps in class", "chews gum"),
        "Four students, yes (+1) / no (-1) features and their grade (NUS lecture 7).",
        sample_names=("Jane", "Steve", "Mary", "Peter"),
        label_names={1: "A", -1: "F"},
    )


def five_points_nonseparable() -> Dataset:
    """The NUS lecture's five points that no line separates.

    Class 1 (``y = +1``): (2, 1), (4, 3), (3, 5); class 2 (``y = -1``): (1, 3), (5, 6),
    in the lecture's order y1, ..., y5.
    """
    X = np.array([[2.0, 1.0], [4.0, 3.0], [3.0, 5.0], [1.0, 3.0], [5.0, 6.0]])
    y = np.array([1, 1, 1, -1, -1])
    return Dataset(
        X,
        y,
        ("x1", "x2"),
        "Five points, not linearly separable (NUS lecture 7).",
        sample_names=("y1", "y2", "y3", "y4", "y5"),
    )


def five_points_regression() -> Dataset:
    """The NUS lecture's five (x, y) pairs for simple linear regression.

    x = 1, 2, -1, 3, 4 and y = 2, 4, 0, 4, 6; ``X`` has shape (5, 1). The least-squares line
    is y = 41/37 + 43/37 x.
    """
    X = np.array([[1.0], [2.0], [-1.0], [3.0], [4.0]])
    y = np.array([2.0, 4.0, 0.0, 4.0, 6.0])
    return Dataset(
        X, y, ("x",), "Five (x, y) pairs (NUS lecture 7 regression example)."
    )


#: Summary statistics of the NUS lecture's systolic blood pressure (SBP) against age data:
#: means, sample variances and sample covariance (the raw data are not in the lecture).
SBP_AGE_SUMMARY = {
    "x_mean": 45.13,  # age, years
    "y_mean": 142.53,  # SBP, mm Hg
    "s_x2": 233.91,
    "s_y2": 509.91,
    "s_xy": 227.10,
}
