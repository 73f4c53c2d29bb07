"""Linear regression by least squares (chapter "1. Linear regression").

- :func:`least_squares_line` and :func:`correlation`: the closed form of simple regression,
  :eq:`eq-lr-slope` and :eq:`eq-lr-intercept` (section "Least squares").
- :class:`LinearRegression`: multiple regression with a design matrix, solved by a
  numerically stable least-squares routine (``numpy.linalg.lstsq``, an SVD), never by
  inverting :math:`X^\\top X` (section "Multiple regression").
- :func:`slope_inference`: standard errors, t statistic, p-value and confidence interval for
  the slope of a simple regression under the model's five assumptions (section "Inference").

Only numpy is used in the algorithms; ``scipy.stats`` supplies the Student t distribution.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from ._base import BaseEstimator, RegressorMixin, check_predict_X
from ._validation import check_vector, check_X_y

__all__ = [
    "LinearRegression",
    "RankWarning",
    "SlopeInference",
    "least_squares_line",
    "correlation",
    "slope_inference",
    "sse",
    "r2_score",
]


def _check_pair(x, y, min_samples: int = 2):
    """Validate two 1-D samples of equal length with at least ``min_samples`` points."""
    x = check_vector(x, "x")
    y = check_vector(y, "y")
    if x.shape[0] != y.shape[0]:
        raise ValueError(
            f"x and y must have the same length; got {x.shape[0]} values in x and {y.shape[0]} in y."
        )
    if x.shape[0] < min_samples:
        raise ValueError(
            f"at least {min_samples} points are needed; got {x.shape[0]}."
        )
    return x, y


def _check_spread(x, name: str = "x") -> float:
    """Return S_xx, refusing an x with (numerically) no spread: no line is then determined."""
    deviations = x - x.mean()
    s_xx = float(deviations @ deviations)
    scale = max(float(np.max(np.abs(x))), 1.0)
    if s_xx <= (1e-12 * scale) ** 2 * x.shape[0]:
        raise ValueError(
            f"{name} has zero variance (all values equal {x[0]!r}): the slope of a line "
            f"through points with a single x value is not determined."
        )
    return s_xx


def least_squares_line(x, y):
    """Return ``(intercept, slope)`` of the least-squares line of ``y`` on ``x``.

    The closed form of :eq:`eq-lr-slope` and :eq:`eq-lr-intercept`:
    ``slope = S_xy / S_xx`` and ``intercept = ybar - slope * xbar``.
    """
    x, y = _check_pair(x, y)
    s_xx = _check_spread(x)
    x_bar, y_bar = x.mean(), y.mean()
    s_xy = float((x - x_bar) @ (y - y_bar))
    slope = s_xy / s_xx
    intercept = y_bar - slope * x_bar
    return float(intercept), float(slope)


def correlation(x, y) -> float:
    """Pearson's sample correlation ``r = S_xy / sqrt(S_xx S_yy)``.

    Equation :eq:`eq-lr-correlation`.
    """
    x, y = _check_pair(x, y)
    s_xx = _check_spread(x, "x")
    s_yy = _check_spread(y, "y")
    s_xy = float((x - x.mean()) @ (y - y.mean()))
    return float(np.clip(s_xy / np.sqrt(s_xx * s_yy), -1.0, 1.0))


def sse(y, y_pred) -> float:
    """Sum of squared errors (residual sum of squares) ``sum (y_i - yhat_i)^2``."""
    y = check_vector(y, "y")
    y_pred = check_vector(y_pred, "y_pred", length=y.shape[0])
    residuals = y - y_pred
    return float(residuals @ residuals)


def r2_score(y, y_pred) -> float:
    """Coefficient of determination ``R^2 = 1 - SSE / SST`` (:eq:`eq-lr-r2`).

    When ``y`` is constant, SST is zero: the score is 1.0 for a perfect prediction and 0.0
    otherwise (scikit-learn's convention).
    """
    y = check_vector(y, "y")
    y_pred = check_vector(y_pred, "y_pred", length=y.shape[0])
    deviations = y - y.mean()
    sst = float(deviations @ deviations)
    error = sse(y, y_pred)
    if sst == 0.0:
        return 1.0 if error == 0.0 else 0.0
    return 1.0 - error / sst


class LinearRegression(RegressorMixin, BaseEstimator):
    """Ordinary least squares, ``y ~ intercept_ + X @ coef_``.

    Section "Multiple regression" of the chapter "Linear regression": the
    coefficients minimize the sum of squared errors, that is, they solve the
    normal equations :eq:`eq-lr-normal`, but without ever forming or
    inverting ``X^T X`` (section "Why not invert X^T X").

    The solver works on the data themselves:

    1. centre: subtract the column means from ``X`` and the mean from ``y``
       (with ``fit_intercept``), so that a large offset, such as a Unix
       timestamp, costs no precision; then scale each column to unit length,
       so that the rank decision does not depend on the units;
    2. a QR decomposition of the centred, scaled ``[X | y]``: its triangular
       factor holds ``R`` (``X = Q R``), ``Q^T y`` and the residual norm;
    3. the singular values of the small ``R`` (those of the scaled ``X``):
       directions whose singular value is below ``n * eps`` times the largest
       count as dependent (the rank is reported in ``rank_``, with a warning
       when it is below the number of features), and the solution is the
       minimum-norm one, as with ``numpy.linalg.lstsq``;
    4. undo the scaling, and recover the intercept from the means.

    Parameters
    ----------
    fit_intercept : bool, default True
        Fit an intercept; otherwise the line goes through the origin.

    Attributes
    ----------
    coef_ : ndarray of shape (n_features,)
        The slopes.
    intercept_ : float
        The intercept (0.0 when ``fit_intercept=False``).
    residuals_ : ndarray of shape (n_samples,)
        ``y - predict(X)`` on the training data.
    sse_ : float
        The sum of squared residuals.
    rank_ : int
        The numerical rank of the (centred, scaled) design.
    singular_values_ : ndarray of shape (n_features,)
        The singular values of the centred design whose columns are scaled
        to unit length, largest first.
    n_features_in_ : int
        Number of features seen during ``fit``.
    """

    def __init__(self, fit_intercept: bool = True):
        self.fit_intercept = fit_intercept

    def fit(self, X, y):
        """Fit by least squares.

        Parameters
        ----------
        X : array_like of shape (n_samples, n_features)
        y : array_like of shape (n_samples,)

        Returns
        -------
        self
        """
        if not isinstance(self.fit_intercept, (bool, np.bool_)):
            raise TypeError(
                "fit_intercept must be True or False; "
                f"got {self.fit_intercept!r}."
            )
        X, y = check_X_y(X, y, min_samples=2 if self.fit_intercept else 1)
        n, d = X.shape
        design = np.empty((n, d + 1))
        if self.fit_intercept:
            x_mean, y_mean = X.mean(axis=0), float(y.mean())
            np.subtract(X, x_mean, out=design[:, :d])
            design[:, d] = y - y_mean
        else:
            x_mean, y_mean = np.zeros(d), 0.0
            design[:, :d] = X
            design[:, d] = y
        scale = np.sqrt(np.einsum("ij,ij->j", design[:, :d], design[:, :d]))
        scale[scale == 0] = 1.0  # a constant column: rank deficiency
        design[:, :d] /= scale
        solution, rank, singular_values = _least_squares(design, n, scale)
        self.coef_ = solution
        self.intercept_ = (
            float(y_mean - x_mean @ self.coef_) if self.fit_intercept else 0.0
        )
        self.rank_ = rank
        self.singular_values_ = singular_values
        self.n_features_in_ = d
        self.residuals_ = y - (self.intercept_ + X @ self.coef_)
        self.sse_ = float(self.residuals_ @ self.residuals_)
        if rank < d:
            warnings.warn(
                f"The design has rank {rank} but {d} features"
                + (" (after centring)" if self.fit_intercept else "")
                + ": some features are linear combinations of others (or "
                "constant), so their coefficients are not determined. "
                "LinearRegression returns the minimum-norm solution; drop "
                "the redundant features to make it unique.",
                RankWarning,
                stacklevel=2,
            )
        return self

    def predict(self, X) -> np.ndarray:
        """Fitted values ``intercept_ + X @ coef_``.

        Returns
        -------
        ndarray of shape (n_samples,)
        """
        X = check_predict_X(self, X)
        return self.intercept_ + X @ self.coef_


class RankWarning(UserWarning):
    """Warned when a least-squares design is rank-deficient."""


def _least_squares(design, n, scale):
    """Solve the scaled problem from the QR of ``[X | y]`` (see the class).

    ``design`` holds the centred ``X`` with its columns divided by ``scale``,
    then ``y``. Returns ``(coef, rank, singular_values)``: ``coef`` in the
    original units, the minimum-norm solution when the rank is deficient.
    """
    d = design.shape[1] - 1
    R = np.linalg.qr(design, mode="r")
    if R.shape[0] < d:  # fewer samples than features: pad with zero rows
        R = np.vstack([R, np.zeros((d - R.shape[0], d + 1))])
    U, s, Vt = np.linalg.svd(R[:d, :d])
    cutoff = np.finfo(float).eps * max(n, d) * (s[0] if s.size else 0.0)
    rank = int(np.sum(s > cutoff))
    u = Vt[:rank].T @ ((U[:, :rank].T @ R[:d, d]) / s[:rank])
    if rank < d:
        # u + N z solves the scaled problem for every z (N: the null space);
        # choose z so that coef = (u + N z) / scale has the smallest norm
        N = Vt[rank:].T
        z = np.linalg.lstsq(N / scale[:, None], -u / scale, rcond=None)[0]
        u = u + N @ z
    return u / scale, rank, s


@dataclass(frozen=True)
class SlopeInference:
    """What :func:`slope_inference` returns (section "Inference")."""

    slope: float
    intercept: float
    slope_stderr: float
    intercept_stderr: float
    t_statistic: float
    p_value: float
    confidence_interval: tuple
    confidence: float
    sigma: float
    dof: int


def slope_inference(x, y, confidence: float = 0.95) -> SlopeInference:
    """Standard errors, test of ``beta_1 = 0`` and confidence interval for the slope.

    Under the five assumptions (independent Gaussian noise of constant variance around a
    straight line), with ``s^2 = SSE / (n - 2)`` (:eq:`eq-lr-sigma`):

    - ``slope_stderr = s / sqrt(S_xx)``,
    - ``intercept_stderr = s * sqrt(1/n + xbar^2 / S_xx)``,
    - ``t_statistic = slope / slope_stderr``, with ``n - 2`` degrees of freedom,
    - ``p_value``: two-sided, for the null hypothesis ``beta_1 = 0``,
    - ``confidence_interval = slope -/+ t_{n-2, (1+confidence)/2} * slope_stderr``.

    Needs at least 3 points (otherwise the line fits exactly and ``s`` is undefined).
    When the points lie exactly on a line, the standard errors are 0, the t statistic is
    infinite (or NaN for a zero slope) and the interval has zero width.
    """
    from scipy import stats

    if isinstance(confidence, bool) or not isinstance(
        confidence, (int, float, np.floating)
    ):
        raise TypeError(
            f"confidence must be a number between 0 and 1; got {confidence!r}."
        )
    if not 0.0 < float(confidence) < 1.0:
        raise ValueError(
            f"confidence must lie strictly between 0 and 1; got {confidence}."
        )
    x, y = _check_pair(x, y, min_samples=3)
    intercept, slope = least_squares_line(x, y)
    n = x.shape[0]
    dof = n - 2
    x_bar = x.mean()
    s_xx = float((x - x_bar) @ (x - x_bar))
    residuals = y - (intercept + slope * x)
    sigma = float(np.sqrt(residuals @ residuals / dof))
    slope_stderr = sigma / np.sqrt(s_xx)
    intercept_stderr = sigma * np.sqrt(1.0 / n + x_bar**2 / s_xx)
    with np.errstate(divide="ignore", invalid="ignore"):
        t_statistic = float(np.float64(slope) / np.float64(slope_stderr))
    p_value = (
        float(2.0 * stats.t.sf(abs(t_statistic), dof))
        if not np.isnan(t_statistic)
        else float("nan")
    )
    t_critical = float(stats.t.ppf(0.5 + float(confidence) / 2.0, dof))
    half_width = t_critical * slope_stderr
    return SlopeInference(
        slope=slope,
        intercept=intercept,
        slope_stderr=float(slope_stderr),
        intercept_stderr=float(intercept_stderr),
        t_statistic=t_statistic,
        p_value=p_value,
        confidence_interval=(
            float(slope - half_width),
            float(slope + half_width),
        ),
        confidence=float(confidence),
        sigma=sigma,
        dof=dof,
    )
