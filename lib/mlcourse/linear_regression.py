"""Linear regression by least squares (:ref:`chapter 1 <chapter-linear-regression>`).

- :func:`least_squares_line` and :func:`correlation`: the closed form of simple regression,
  :eq:`eq-lr-slope` and :eq:`eq-lr-intercept` (section "Least squares").
- :class:`LinearRegression`: multiple regression with a design matrix, solved from a QR
  decomposition of the centred, scaled data and the SVD of its small triangular factor,
  never by inverting :math:`X^\\top X` (section "Multiple regression", and
  :ref:`why not <lr-invert>`).
- :class:`Ridge`: least squares with an L2 penalty, :eq:`eq-lr-ridge`, solved from the SVD
  of the centred design (section :ref:`lr-ridge`).
- :func:`slope_inference`: standard errors, t statistic, p-value and confidence interval for
  the slope of a simple regression under the model's five assumptions (section "Inference
  for the slope").
- :func:`linear_inference`: the same for every coefficient of a multiple regression, with
  variance inflation factors, the F-test of a group of slopes and the intervals at new
  inputs (sections "Coefficients and collinearity" and :ref:`lr-f-test`).

The algorithms are numpy's (its QR and SVD call LAPACK); ``scipy.stats``
supplies the Student t distribution.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from numbers import Real

import numpy as np
from sklearn.base import BaseEstimator, RegressorMixin
from sklearn.utils import check_array
from sklearn.utils._param_validation import Interval, validate_params

from ._validation import NON_NEGATIVE, fit_context, fit_data, predict_data

__all__ = [
    "LinearRegression",
    "Ridge",
    "RankWarning",
    "SlopeInference",
    "LinearInference",
    "FTest",
    "least_squares_line",
    "correlation",
    "slope_inference",
    "linear_inference",
    "sse",
    "r2_score",
]


def _vector(values, name, min_samples=1):
    return check_array(
        values,
        ensure_2d=False,
        dtype=np.float64,
        input_name=name,
        ensure_min_samples=min_samples,
    )


def _check_pair(x, y, min_samples: int = 2):
    """Validate two 1-D samples of equal length with at least ``min_samples`` points."""
    x, y = _vector(x, "x", min_samples), _vector(y, "y", min_samples)
    if x.shape != y.shape or x.ndim != 1:
        raise ValueError(
            "x and y must be 1-D and of the same length; got shapes "
            f"{x.shape} and {y.shape}."
        )
    return x, y


_PAIR = {"x": ["array-like"], "y": ["array-like"]}


def _check_spread(x, name: str = "x") -> float:
    """Return S_xx, refusing an x with (numerically) no spread: no line is then determined."""
    deviations = x - x.mean()
    s_xx = float(deviations @ deviations)
    scale = max(float(np.max(np.abs(x))), 1.0)
    if s_xx <= (1e-12 * scale) ** 2 * x.shape[0]:
        raise ValueError(
            f"{name} has zero variance (all values equal {float(x[0])!r}): "
            "the slope of a line through points with a single x value is "
            "not determined."
        )
    return s_xx


@validate_params(_PAIR, prefer_skip_nested_validation=True)
def least_squares_line(x, y):
    """Return ``(intercept, slope)`` of the least-squares line of ``y`` on ``x``.

    The closed form of :eq:`eq-lr-slope` and :eq:`eq-lr-intercept`:
    ``slope = S_xy / S_xx`` and ``intercept = ybar - slope * xbar``.

    Parameters
    ----------
    x : array_like of shape (n,)
        The inputs, at least two distinct values.
    y : array_like of shape (n,)
        The targets.
    """
    x, y = _check_pair(x, y)
    s_xx = _check_spread(x)
    x_bar, y_bar = x.mean(), y.mean()
    s_xy = float((x - x_bar) @ (y - y_bar))
    slope = s_xy / s_xx
    intercept = y_bar - slope * x_bar
    return float(intercept), float(slope)


@validate_params(_PAIR, prefer_skip_nested_validation=True)
def correlation(x, y) -> float:
    r"""Pearson's sample correlation :math:`r = S_{xy} / \sqrt{S_{xx} S_{yy}}`.

    Equation :eq:`eq-lr-correlation`.

    Parameters
    ----------
    x : array_like of shape (n,)
        The first sample, not constant.
    y : array_like of shape (n,)
        The second sample, of the same length, not constant.
    """
    x, y = _check_pair(x, y)
    s_xx = _check_spread(x, "x")
    s_yy = _check_spread(y, "y")
    s_xy = float((x - x.mean()) @ (y - y.mean()))
    return float(np.clip(s_xy / np.sqrt(s_xx * s_yy), -1.0, 1.0))


@validate_params(
    {"y": ["array-like"], "y_pred": ["array-like"]},
    prefer_skip_nested_validation=True,
)
def sse(y, y_pred) -> float:
    r"""Sum of squared errors :math:`\sum_i (y_i - \hat y_i)^2`.

    Also called the residual sum of squares.

    Parameters
    ----------
    y : array_like of shape (n,)
        The targets.
    y_pred : array_like of shape (n,)
        The predictions.
    """
    y, y_pred = _check_pair(y, y_pred, 1)
    residuals = y - y_pred
    return float(residuals @ residuals)


@validate_params(
    {"y": ["array-like"], "y_pred": ["array-like"]},
    prefer_skip_nested_validation=True,
)
def r2_score(y, y_pred) -> float:
    """Coefficient of determination :math:`R^2 = 1 - SSE/SST` :eq:`eq-lr-r2`.

    When ``y`` is constant, SST is zero: the score is 1.0 for a perfect prediction and 0.0
    otherwise (scikit-learn's convention).

    Parameters
    ----------
    y : array_like of shape (n,)
        The targets.
    y_pred : array_like of shape (n,)
        The predictions.
    """
    y, y_pred = _check_pair(y, y_pred, 1)
    deviations = y - y.mean()
    sst = float(deviations @ deviations)
    error = sse(y, y_pred)
    if sst == 0.0:
        return 1.0 if error == 0.0 else 0.0
    return 1.0 - error / sst


class LinearRegression(RegressorMixin, BaseEstimator):
    r"""Ordinary least squares, ``y ~ intercept_ + X @ coef_``.

    Section "Multiple regression" of the chapter "Linear regression": the
    coefficients minimize the sum of squared errors, that is, they solve the
    normal equations :eq:`eq-lr-normal`, but without ever forming or
    inverting :math:`X^\top X` (:ref:`why not <lr-invert>`).

    The solver works on the data themselves:

    1. centre: subtract the column means from ``X`` and the mean from ``y``
       (with ``fit_intercept``), so that a large offset, such as a Unix
       timestamp, costs no precision; then scale each column to unit length,
       so that the rank decision does not depend on the units;
    2. a QR decomposition of the centred, scaled ``[X | y]``: its triangular
       factor holds :math:`R` (:math:`X = QR`), :math:`Q^\top y` and the residual norm;
    3. the singular values of the small ``R`` (those of the scaled ``X``):
       directions whose singular value is below ``max(n, d) * eps`` times
       the largest (``n`` samples, ``d`` features)
       count as dependent (the rank is reported in ``rank_``, with a warning
       when it is below the number of features), and the solution is the
       minimum-norm one, as with ``numpy.linalg.lstsq``;
    4. undo the scaling, and recover the intercept from the means.

    Before all this, each column of ``X`` and ``y`` is divided by a power of
    two near its largest value, which is exact: any finite magnitude works
    (values of ``1e300`` too), with the arithmetic of the data themselves.

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
    feature_names_in_ : ndarray of shape (n_features_in_,)
        The column names of a DataFrame given to ``fit``.
    """

    _parameter_constraints = {"fit_intercept": ["boolean"]}

    def __init__(self, *, fit_intercept: bool = True):
        self.fit_intercept = fit_intercept

    @fit_context
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
        X, y = fit_data(self, X, y, magnitude=False)
        if self.fit_intercept and X.shape[0] < 2:
            raise ValueError(
                "LinearRegression with an intercept needs at least 2 "
                f"samples; got n_samples = {X.shape[0]}."
            )
        n, d = X.shape
        # powers of two bring every value to [-1, 1] exactly, so that any
        # finite magnitude works and the arithmetic is that of the data
        x_unit, y_unit = _power_of_two(X, axis=0), _power_of_two(y)
        design = np.empty((n, d + 1))
        np.divide(X, x_unit, out=design[:, :d])
        design[:, d] = y / y_unit
        x_mean, y_mean = np.zeros(d), 0.0
        if self.fit_intercept:
            x_mean, y_mean = design[:, :d].mean(axis=0), design[:, d].mean()
            design[:, :d] -= x_mean
            design[:, d] -= y_mean
        scale = np.sqrt(np.einsum("ij,ij->j", design[:, :d], design[:, :d]))
        scale[scale == 0] = 1.0  # a constant column: rank deficiency
        design[:, :d] /= scale
        units = x_unit / np.max(x_unit)  # the minimum norm in X's units
        solution, rank, singular_values = _least_squares(
            design, n, scale, units
        )
        self.coef_ = solution / x_unit * y_unit
        self.intercept_ = float((y_mean - x_mean @ solution) * y_unit)
        self.rank_ = rank
        self.singular_values_ = singular_values
        with np.errstate(over="ignore"):  # beyond 1e154: an infinite sse_
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
                stacklevel=3,
            )
        return self

    def predict(self, X) -> np.ndarray:
        """Fitted values ``intercept_ + X @ coef_``.

        Returns
        -------
        ndarray of shape (n_samples,)
        """
        X = predict_data(self, X, "coef_")
        return self.intercept_ + X @ self.coef_


class Ridge(RegressorMixin, BaseEstimator):
    r"""Ridge regression: least squares with an L2 penalty on the slopes.

    Section :ref:`lr-ridge` of the chapter "Linear regression": the
    coefficients minimize :eq:`eq-lr-ridge`,
    :math:`\sum_i (y_i - \tilde{\mathbf x}_i^\top\boldsymbol\beta)^2 +
    \lambda \sum_{j=1}^d \beta_j^2` with :math:`\lambda` = ``alpha``, the
    penalty of scikit-learn's ``Ridge`` (the intercept :math:`\beta_0` is not
    penalized). With :math:`X_c` the centred design, the slopes are
    :math:`\hat{\boldsymbol\beta}_\lambda = (X_c^\top X_c + \lambda I)^{-1}
    X_c^\top \mathbf y` :eq:`eq-lr-ridge-solution`, computed without
    forming :math:`X_c^\top X_c`: from the thin SVD of :math:`X_c`, with
    singular values :math:`\delta_j` and left and right singular vectors
    :math:`\mathbf u_j`, :math:`\mathbf v_j`,
    :math:`\hat{\boldsymbol\beta}_\lambda = \sum_j \frac{\delta_j}{\delta_j^2
    + \lambda} \mathbf v_j \mathbf u_j^\top \mathbf y`
    :eq:`eq-lr-ridge-svd`, which shrinks the least-squares coefficient
    along each :math:`\mathbf v_j` by the factor :math:`f_j = \delta_j^2 /
    (\delta_j^2 + \lambda)`. ``alpha = 0`` gives the least-squares fit (the
    minimum-norm one when the design is rank-deficient, as
    :class:`LinearRegression` returns). The penalty is not scale-invariant:
    standardize the features first.

    Parameters
    ----------
    alpha : float, default 1.0
        Strength of the penalty (the book's :math:`\lambda`), at least 0, in
        the units of ``X`` squared.
    fit_intercept : bool, default True
        Fit an unpenalized intercept; otherwise the fit goes through the
        origin.

    Attributes
    ----------
    coef_ : ndarray of shape (n_features,)
        The penalized slopes.
    intercept_ : float
        The intercept (0.0 when ``fit_intercept=False``).
    singular_values_ : ndarray of shape (min(n_samples, n_features),)
        The singular values :math:`\delta_j` of the centred design, largest
        first.
    effective_dof_ : float
        The effective number of parameters of the slopes,
        :math:`\sum_j f_j` :eq:`eq-lr-ridge-dof`: at ``alpha = 0`` the rank
        of the centred design (the number of features when no column
        depends on the others), falling to 0 as ``alpha`` grows.
    n_features_in_ : int
        Number of features seen during ``fit``.
    feature_names_in_ : ndarray of shape (n_features_in_,)
        The column names of a DataFrame given to ``fit``.
    """

    _parameter_constraints = {
        "alpha": NON_NEGATIVE,
        "fit_intercept": ["boolean"],
    }

    def __init__(self, *, alpha: float = 1.0, fit_intercept: bool = True):
        self.alpha = alpha
        self.fit_intercept = fit_intercept

    @fit_context
    def fit(self, X, y):
        """Fit by penalized least squares.

        Parameters
        ----------
        X : array_like of shape (n_samples, n_features)
        y : array_like of shape (n_samples,)

        Returns
        -------
        self
        """
        X, y = fit_data(self, X, y)
        x_mean, y_mean = np.zeros(X.shape[1]), 0.0
        if self.fit_intercept:
            x_mean, y_mean = X.mean(axis=0), float(y.mean())
        U, s, Vt = np.linalg.svd(X - x_mean, full_matrices=False)
        shrink = _ridge_factors(s, float(self.alpha), max(X.shape))
        self.coef_ = Vt.T @ (shrink * (U.T @ (y - y_mean)))
        self.intercept_ = float(y_mean - x_mean @ self.coef_)
        self.singular_values_ = s
        self.effective_dof_ = float(np.sum(shrink * s))
        return self

    predict = LinearRegression.predict  # the same affine map


def _ridge_factors(s, alpha, size):
    r"""The factors :math:`s / (s^2 + \alpha)` of :eq:`eq-lr-ridge-svd`.

    With :math:`\alpha = 0` they are :math:`1 / s`; singular values below
    ``size * eps`` times the largest then count as zero (the directions a
    rank-deficient design does not determine get no weight: the
    minimum-norm solution).
    """
    if alpha > 0:
        return s / (s * s + alpha)
    keep = s > np.finfo(float).eps * size * (s[0] if s.size else 0.0)
    return np.where(keep, 1.0 / np.where(keep, s, 1.0), 0.0)


def _power_of_two(a, axis=None):
    """The largest ``|a|`` (along ``axis``) rounded down to a power of two.

    Dividing by it is exact; zeros give 1.
    """
    largest = np.max(np.abs(a), axis=axis)
    largest = np.where(largest > 0, largest, 1.0)
    return np.exp2(np.floor(np.log2(largest)))


class RankWarning(UserWarning):
    """Warned when a least-squares design is rank-deficient."""


def _least_squares(design, n, scale, units):
    """Solve the scaled problem from the QR of ``[X | y]`` (see the class).

    ``design`` holds the centred ``X`` with its columns divided by ``scale``,
    then ``y``. Returns ``(coef, rank, singular_values)``: ``coef`` in the
    units of the design, and, when the rank is deficient, the solution of
    smallest norm once divided by ``units`` (those of X).
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
        weights = scale * units
        z = np.linalg.lstsq(N / weights[:, None], -u / weights, rcond=None)
        u = u + N @ z[0]
    return u / scale, rank, s


@dataclass(frozen=True)
class SlopeInference:
    """What :func:`slope_inference` returns (section "Inference for the slope")."""

    #: The least-squares slope :math:`\hat\beta_1`.
    slope: float
    #: The least-squares intercept :math:`\hat\beta_0`.
    intercept: float
    #: Standard error of the slope, :math:`s / \sqrt{S_{xx}}`.
    slope_stderr: float
    #: Standard error of the intercept,
    #: :math:`s \sqrt{1/n + \bar x^2 / S_{xx}}`.
    intercept_stderr: float
    #: The statistic of the test of :math:`\beta_1 = 0`,
    #: :math:`t = \hat\beta_1 / \mathrm{se}(\hat\beta_1)`.
    t_statistic: float
    #: Two-sided p-value of that test, from Student's t with ``dof`` degrees
    #: of freedom.
    p_value: float
    #: The interval ``(low, high)`` for the slope at level ``confidence``.
    confidence_interval: tuple
    #: The level of the interval, as given (0.95 by default).
    confidence: float
    #: The estimate :math:`s = \sqrt{\mathrm{SSE} / (n - 2)}` of the noise's
    #: standard deviation :eq:`eq-lr-sigma`.
    sigma: float
    #: Degrees of freedom of :math:`s` and of the t statistic, :math:`n - 2`.
    dof: int


@validate_params(
    {**_PAIR, "confidence": [Interval(Real, 0, 1, closed="neither")]},
    prefer_skip_nested_validation=True,
)
def slope_inference(x, y, confidence: float = 0.95) -> SlopeInference:
    r"""Standard errors, test of :math:`\beta_1 = 0` and confidence interval for the slope.

    Under the five assumptions (independent Gaussian noise of constant variance around a
    straight line), with :math:`s^2 = \mathrm{SSE} / (n - 2)` :eq:`eq-lr-sigma` and
    :math:`S_{xx} = \sum_i (x_i - \bar x)^2`:

    - ``slope_stderr``: :math:`s / \sqrt{S_{xx}}`;
    - ``intercept_stderr``: :math:`s \sqrt{1/n + \bar x^2 / S_{xx}}`;
    - ``t_statistic``: the slope over ``slope_stderr``, with :math:`n - 2`
      degrees of freedom;
    - ``p_value``: two-sided, for the null hypothesis :math:`\beta_1 = 0`;
    - ``confidence_interval``: the slope :math:`\mp t \cdot` ``slope_stderr``,
      with :math:`t` the :math:`(1 + c)/2` quantile of Student's
      :math:`t_{n-2}` for the level :math:`c` (``confidence``).

    Needs at least 3 points (otherwise the line fits exactly and :math:`s` is undefined).
    When the points lie exactly on a line, the standard errors are 0, the t statistic is
    infinite (or NaN for a zero slope) and the interval has zero width.

    Parameters
    ----------
    x : array_like of shape (n,)
        The inputs, at least two distinct values.
    y : array_like of shape (n,)
        The targets.
    confidence : float, default 0.95
        The level of the interval, strictly between 0 and 1.
    """
    from scipy import stats

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


@dataclass(frozen=True)
class FTest:
    """What :meth:`LinearInference.f_test` returns (section :ref:`lr-f-test`)."""

    #: The statistic :math:`F` of :eq:`eq-lr-f`.
    statistic: float
    #: The probability that :math:`F_{q,\,n-d-1}` exceeds it.
    p_value: float
    #: The number :math:`q` of slopes tested, the numerator's degrees of
    #: freedom.
    q: int
    #: The denominator's degrees of freedom, :math:`n - d - 1`.
    dof: int


@dataclass(frozen=True)
class LinearInference:
    """What :func:`linear_inference` returns.

    Sections "Coefficients and collinearity" and :ref:`lr-f-test`. The field
    names follow :class:`SlopeInference` and
    :class:`mlcourse.logistic_regression.LogisticInference`; ``covariance``
    orders the coefficients intercept first,
    :math:`(\\beta_0, \\beta_1, \\dots, \\beta_d)`.
    """

    #: The least-squares slopes, shape ``(n_features,)``.
    coef: np.ndarray
    #: The least-squares intercept :math:`\hat\beta_0`.
    intercept: float
    #: Standard errors of the slopes, shape ``(n_features,)``.
    coef_stderr: np.ndarray
    #: Standard error of the intercept.
    intercept_stderr: float
    #: ``coef / coef_stderr``, one t statistic per slope.
    t_statistic: np.ndarray
    #: Two-sided p-values of "this slope is 0", from Student's t with
    #: ``dof`` degrees of freedom.
    p_value: np.ndarray
    #: One row ``(low, high)`` per slope, at level ``confidence``.
    confidence_interval: np.ndarray
    #: The level of the intervals, as given (0.95 by default).
    confidence: float
    #: :math:`s^2 (\tilde X^\top \tilde X)^{-1}` :eq:`eq-lr-cov`, shape
    #: ``(n_features + 1, n_features + 1)``, intercept first.
    covariance: np.ndarray
    #: The estimate :math:`s` of the noise's standard deviation, the root of
    #: :math:`s^2 = \mathrm{SSE} / (n - d - 1)` :eq:`eq-lr-cov`.
    sigma: float
    #: Degrees of freedom of :math:`s^2` and of the t statistics,
    #: :math:`n - d - 1`.
    dof: int
    #: The variance inflation factors :math:`1 / (1 - R_j^2)`, one per
    #: feature.
    vif: np.ndarray

    def f_test(self, columns) -> FTest:
        r"""The F-test that the slopes of ``columns`` are all 0 :eq:`eq-lr-f`.

        The smaller, nested model drops the :math:`q` features ``columns``
        (indices into the features). With :math:`\mathbf b` their slopes
        and :math:`V` their block of ``covariance``,
        :math:`F = \mathbf b^\top V^{-1} \mathbf b / q`, which equals
        :math:`\frac{(\mathrm{SSE}_0 - \mathrm{SSE})/q}{s^2}` of
        :eq:`eq-lr-f` exactly, without refitting the smaller model. For one
        column, :math:`F = t^2`.

        Parameters
        ----------
        columns : sequence of int
            Distinct indices of the slopes tested, at least one.
        """
        from scipy import stats

        d = self.coef.shape[0]
        picked = np.asarray(columns)
        if (
            picked.ndim != 1
            or picked.size == 0
            or not np.issubdtype(picked.dtype, np.integer)
            or len(set(picked.tolist())) != picked.size
            or picked.min() < -d
            or picked.max() >= d
        ):
            raise ValueError(
                "columns must be distinct integer indices of the "
                f"{d} features (at least one); got {columns!r}."
            )
        picked = np.unique(picked % d)
        b = self.coef[picked]
        block = self.covariance[np.ix_(picked + 1, picked + 1)]
        statistic = float(b @ np.linalg.solve(block, b) / picked.size)
        return FTest(
            statistic=statistic,
            p_value=float(stats.f.sf(statistic, picked.size, self.dof)),
            q=int(picked.size),
            dof=self.dof,
        )

    def mean_interval(self, X) -> np.ndarray:
        r"""Intervals for the mean response at new inputs :eq:`eq-lr-intervals`.

        At each row :math:`\mathbf x_0` of ``X``,
        :math:`\hat y_0 \pm t\,s\sqrt{h_0}` with
        :math:`s^2 h_0 = \tilde{\mathbf x}_0^\top\,` ``covariance``
        :math:`\,\tilde{\mathbf x}_0` and :math:`t` the
        :math:`(1 + c)/2` quantile of :math:`t_{n-d-1}`. Returns one row
        ``(low, high)`` per row of ``X``.
        """
        return self._intervals(X, 0.0)

    def prediction_interval(self, X) -> np.ndarray:
        r"""Intervals for one new observation at new inputs :eq:`eq-lr-intervals`.

        As :meth:`mean_interval`, with :math:`s\sqrt{1 + h_0}`: the new
        observation carries its own noise. Returns one row ``(low, high)``
        per row of ``X``.
        """
        return self._intervals(X, 1.0)

    def _intervals(self, X, noise):
        from scipy import stats

        d = self.coef.shape[0]
        X = check_array(X, dtype=np.float64, input_name="X")
        if X.shape[1] != d:
            raise ValueError(
                f"X has {X.shape[1]} features, but the fit had {d}."
            )
        A = np.column_stack([np.ones(X.shape[0]), X])
        variance = np.einsum("ij,jk,ik->i", A, self.covariance, A)
        fitted = self.intercept + X @ self.coef
        t = stats.t.ppf(0.5 + self.confidence / 2, self.dof)
        half = t * np.sqrt(variance + noise * self.sigma**2)
        return np.column_stack([fitted - half, fitted + half])


@validate_params(
    {
        "X": ["array-like"],
        "y": ["array-like"],
        "confidence": [Interval(Real, 0, 1, closed="neither")],
    },
    prefer_skip_nested_validation=True,
)
def linear_inference(X, y, confidence: float = 0.95) -> LinearInference:
    r"""Standard errors, t tests, intervals and F-tests of multiple regression.

    Sections "Coefficients and collinearity" and :ref:`lr-f-test` of the
    chapter "Linear regression". Fits :class:`LinearRegression` (with an
    intercept), then, under the model's assumptions with independent
    :math:`\mathcal N(0, \sigma^2)` noise, with :math:`d` features and
    :math:`\tilde X` the design with its column of ones:

    - ``sigma``: :math:`s`, with :math:`s^2 = \mathrm{SSE} / (n - d - 1)`
      and ``dof`` :math:`= n - d - 1` :eq:`eq-lr-cov`;
    - ``covariance``: :math:`s^2 (\tilde X^\top \tilde X)^{-1}`
      :eq:`eq-lr-cov`, intercept first, computed from the centred
      features (never by inverting :math:`\tilde X^\top \tilde X`);
    - ``coef_stderr``, ``intercept_stderr``: the roots of its diagonal;
      for slope :math:`j`, :math:`s / \sqrt{S_{jj}(1 - R_j^2)}`
      :eq:`eq-lr-se-fwl`;
    - ``t_statistic = coef / coef_stderr``, its two-sided ``p_value`` from
      :math:`t_{n-d-1}`, and ``confidence_interval``:
      ``coef -/+ t * coef_stderr`` with :math:`t` the :math:`(1 + c)/2`
      quantile of :math:`t_{n-d-1}` for the level :math:`c`
      (``confidence``);
    - ``vif``: :math:`\mathrm{VIF}_j = 1 / (1 - R_j^2)`, with
      :math:`R_j^2` the :math:`R^2` of feature :math:`j` regressed on the
      others;
    - :meth:`LinearInference.f_test`: the F-test :eq:`eq-lr-f` that a group
      of slopes is 0; :meth:`LinearInference.mean_interval` and
      :meth:`LinearInference.prediction_interval`: the intervals
      :eq:`eq-lr-intervals` at new inputs.

    With one feature the results are those of :func:`slope_inference`.

    Parameters
    ----------
    X : array_like of shape (n_samples, n_features)
        At least ``n_features + 2`` samples.
    y : array_like of shape (n_samples,)
    confidence : float, default 0.95
        The level of the intervals, strictly between 0 and 1.

    Returns
    -------
    LinearInference

    Raises
    ------
    ValueError
        When there are fewer than ``n_features + 2`` samples (no degree of
        freedom is left for :math:`s^2`), or when a feature is constant or
        a linear combination of others (the coefficients are not
        determined).
    """
    from scipy import stats

    model = LinearRegression()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RankWarning)
        model.fit(X, y)
    X = np.asarray(predict_data(model, X), dtype=float)
    n, d = X.shape
    if n < d + 2:
        raise ValueError(
            f"Inference with {d} features and an intercept needs at least "
            f"{d + 2} samples, to leave a degree of freedom for s^2; got "
            f"n_samples = {n}."
        )
    if model.rank_ < d:
        raise ValueError(
            f"The centred design has rank {model.rank_} but {d} features: "
            "some features are constant or linear combinations of others, "
            "so their coefficients are not determined. Drop the redundant "
            "features."
        )
    dof = n - d - 1
    sigma2 = model.sse_ / dof
    x_bar = X.mean(axis=0)
    centred = X - x_bar
    s_jj = np.einsum("ij,ij->j", centred, centred)
    scale = np.sqrt(s_jj)
    # (Xc^T Xc)^{-1} = D^{-1} R^{-1} R^{-T} D^{-1} from the QR of Xc D^{-1}
    R = np.linalg.qr(centred / scale, mode="r")
    R_inv = np.linalg.solve(R, np.eye(d)) / scale[:, None]
    slopes = sigma2 * (R_inv @ R_inv.T)
    covariance = np.empty((d + 1, d + 1))
    covariance[1:, 1:] = slopes
    covariance[0, 1:] = covariance[1:, 0] = -(x_bar @ slopes)
    covariance[0, 0] = sigma2 / n + x_bar @ slopes @ x_bar
    stderr = np.sqrt(np.diag(covariance))
    t_statistic = model.coef_ / stderr[1:]
    half = stats.t.ppf(0.5 + float(confidence) / 2, dof) * stderr[1:]
    return LinearInference(
        coef=model.coef_,
        intercept=model.intercept_,
        coef_stderr=stderr[1:],
        intercept_stderr=float(stderr[0]),
        t_statistic=t_statistic,
        p_value=2 * stats.t.sf(np.abs(t_statistic), dof),
        confidence_interval=np.column_stack(
            [model.coef_ - half, model.coef_ + half]
        ),
        confidence=float(confidence),
        covariance=covariance,
        sigma=float(np.sqrt(sigma2)),
        dof=dof,
        vif=np.diag(slopes) * s_jj / sigma2,
    )
