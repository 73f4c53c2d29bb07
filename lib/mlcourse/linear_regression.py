"""Linear regression by least squares (chapter "1. Linear regression").

- :func:`least_squares_line` and :func:`correlation`: the closed form of simple regression,
  equations ``eq-lr-slope`` and ``eq-lr-intercept`` (section "Least squares").
- :class:`LinearRegression`: multiple regression with a design matrix, solved by a
  numerically stable least-squares routine (``numpy.linalg.lstsq``, an SVD), never by
  inverting :math:`X^\\top X` (section "Multiple regression").
- :func:`slope_inference`: standard errors, t statistic, p-value and confidence interval for
  the slope of a simple regression under the model's five assumptions (section "Inference").

Only numpy is used in the algorithms; ``scipy.stats`` supplies the Student t distribution.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._validation import (
    check_is_fitted,
    check_n_features,
    check_vector,
    check_X,
    check_X_y,
)

__all__ = [
    "LinearRegression",
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

    The closed form of equations ``eq-lr-slope`` and ``eq-lr-intercept``:
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
    """Pearson's sample correlation ``r = S_xy / sqrt(S_xx S_yy)`` (equation ``eq-lr-correlation``)."""
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
    """Coefficient of determination ``R^2 = 1 - SSE / SST`` (equation ``eq-lr-r2``).

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


class LinearRegression:
    """Ordinary least squares, ``y ~ intercept_ + X @ coef_`` (section "Multiple regression").

    The coefficients minimize the sum of squared errors (equation ``eq-lr-normal``). They are
    computed with ``numpy.linalg.lstsq`` on the design matrix (with a column of ones when
    ``fit_intercept``), which uses an SVD and so stays accurate when ``X^T X`` is badly
    conditioned; the normal equations are never solved by inverting ``X^T X``.

    Learned attributes: ``coef_`` (n_features,), ``intercept_``, ``residuals_`` (n_samples,),
    ``sse_``, ``rank_``, ``singular_values_``, ``n_features_in_``.
    """

    def __init__(self, fit_intercept: bool = True):
        self.fit_intercept = fit_intercept

    def fit(self, X, y):
        """Fit by least squares; return ``self``."""
        if not isinstance(self.fit_intercept, (bool, np.bool_)):
            raise TypeError(
                f"fit_intercept must be True or False; got {self.fit_intercept!r}."
            )
        min_samples = 2 if self.fit_intercept else 1
        X, y = check_X_y(X, y, min_samples=min_samples)
        if self.fit_intercept:
            design = np.column_stack([np.ones(X.shape[0]), X])
        else:
            design = X
        solution, _, rank, singular_values = np.linalg.lstsq(
            design, y, rcond=None
        )
        if self.fit_intercept:
            self.intercept_ = float(solution[0])
            self.coef_ = solution[1:]
        else:
            self.intercept_ = 0.0
            self.coef_ = solution
        self.rank_ = int(rank)
        self.singular_values_ = singular_values
        self.n_features_in_ = X.shape[1]
        self.residuals_ = y - self.predict(X)
        self.sse_ = float(self.residuals_ @ self.residuals_)
        return self

    def predict(self, X) -> np.ndarray:
        """Fitted values ``intercept_ + X @ coef_``."""
        check_is_fitted(self)
        X = check_X(X)
        check_n_features(X, self.n_features_in_, type(self).__name__)
        return self.intercept_ + X @ self.coef_

    def score(self, X, y) -> float:
        """R^2 of the predictions on ``(X, y)`` (equation ``eq-lr-r2``)."""
        X, y = check_X_y(X, y)
        return r2_score(y, self.predict(X))

    def __repr__(self) -> str:
        return f"LinearRegression(fit_intercept={self.fit_intercept})"


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
    straight line), with ``s^2 = SSE / (n - 2)`` (equation ``eq-lr-sigma``):

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
