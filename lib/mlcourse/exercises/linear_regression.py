"""Checkers for the exercises of chapter 1, "Linear regression".

- :func:`check_least_squares_line` (:ref:`ex-lr-closed-form`):
  ``least_squares_line(x, y) -> (intercept, slope)`` from the closed form
  (equations :eq:`eq-lr-slope` and :eq:`eq-lr-intercept`), with no fitting
  routine;
- :func:`check_r2` (:ref:`ex-lr-r2`): ``r2(y, y_pred)``, equation
  :eq:`eq-lr-r2`;
- :func:`check_slope_standard_error` (:ref:`ex-lr-slope-se`):
  ``slope_standard_error(x, y)``, equation :eq:`eq-lr-se`;
- :func:`check_slope_interval` (:ref:`ex-lr-coverage`):
  ``slope_interval(x, y, confidence) -> (low, high)``;
- :func:`check_variance_inflation` (:ref:`ex-lr-vif`):
  ``variance_inflation(X, j)``, the VIF of section "Multiple regression".

What a case should give comes from scipy and scikit-learn
(``scipy.stats.linregress``, ``sklearn.metrics.r2_score``), which the
exercises do not let the answer call, or from another route than the
chapter's.
"""

from __future__ import annotations

import numpy as np

from . import Calls, Case, CheckResult, check_function, isclose
from .checks import with_cases

__all__ = [
    "check_least_squares_line",
    "check_r2",
    "check_slope_standard_error",
    "check_slope_interval",
    "check_variance_inflation",
]

FIVE_POINTS = (
    np.array([1.0, 2.0, -1.0, 3.0, 4.0]),
    np.array([2.0, 4.0, 0.0, 4.0, 6.0]),
)


def _regression(x, y):
    from scipy import stats

    return stats.linregress(x, y)


# ------------------------------------------------------- the closed form


def _line_cases(rng):
    cases = [
        Case(FIVE_POINTS, description="the lecture's five points"),
        Case(
            (np.array([0.0, 1.0, 2.0]), np.array([1.0, 3.0, 5.0])),
            description="three points on the line y = 1 + 2x",
        ),
        Case(
            (
                np.array([10.0, 12.0, 14.0, 16.0]),
                np.array([5.0, 4.0, 4.0, 2.0]),
            ),
            description="x far from 0 and a falling line",
        ),
    ]
    for n in (6, 25):
        x = np.round(rng.uniform(-5, 15, size=n), 2)
        y = np.round(
            rng.normal(2, 3) + rng.normal(0, 2) * x + rng.normal(size=n), 2
        )
        cases.append(
            Case((x, y), description=f"{n} random points", random=True)
        )
    return cases


@with_cases(_line_cases)
def check_least_squares_line(least_squares_line) -> CheckResult:
    """Check ``least_squares_line(x, y) -> (intercept, slope)``."""

    def line(x, y):
        fit = _regression(x, y)
        return float(fit.intercept), float(fit.slope)

    def swapped(given, expected, case):
        return isclose([given[1], given[0]], expected)

    def no_centering(given, expected, case):
        x, y = case.args
        return isclose(given[1], float(x @ y) / float(x @ x))

    def mixed_divisor(given, expected, case):
        n = case.args[0].size
        return any(
            isclose(given[1], expected[1] * factor)
            for factor in (n / (n - 1), (n - 1) / n)
        )

    def intercept_sign(given, expected, case):
        x, y = case.args
        return isclose(given[1], expected[1]) and isclose(
            given[0], y.mean() + given[1] * x.mean()
        )

    return check_function(
        least_squares_line,
        line,
        _line_cases,
        name="least_squares_line",
        labels=("intercept", "slope"),
        calls=Calls(
            forbidden=("numpy.polyfit",),
            reason="Write the closed form: the slope from sums of "
            "deviations from the means, then the intercept.",
        ),
        hints=[
            (
                swapped,
                "you returned (slope, intercept); the exercise asks for "
                "(intercept, slope).",
            ),
            (
                no_centering,
                "the slope uses deviations from the means: "
                "sum((x - xbar) * (y - ybar)) / sum((x - xbar)**2).",
            ),
            (
                mixed_divisor,
                "numerator and denominator must use the same divisor "
                "(both sums, or both divided by n - 1).",
            ),
            (
                intercept_sign,
                "the intercept is ybar - slope * xbar (note the minus sign).",
            ),
        ],
    )


# -------------------------------------------------------------- R squared


def _r2_cases(rng):
    x = FIVE_POINTS[0]
    cases = [
        Case(
            (FIVE_POINTS[1], 41 / 37 + 43 / 37 * x),
            description="the lecture's five points and their line",
        ),
        Case(
            (np.array([1.0, 2.0, 3.0, 4.0]), np.array([1.0, 2.0, 3.0, 4.0])),
            description="a perfect prediction",
        ),
        Case(
            (np.array([1.0, 2.0, 3.0, 4.0]), np.array([4.0, 3.0, 2.0, 1.0])),
            description="a prediction worse than the mean (R^2 < 0)",
        ),
        Case(
            (np.array([1.0, 2.0, 3.0, 4.0]), np.array([2.0, 3.0, 4.0, 5.0])),
            description="a prediction shifted up by 1",
        ),
    ]
    y = np.round(rng.normal(10, 3, size=12), 2)
    cases.append(
        Case(
            (y, np.round(y + rng.normal(size=12), 2)),
            description="12 random values",
            random=True,
        )
    )
    y = np.round(rng.normal(0, 1, size=8), 2)
    cases.append(
        Case(
            (y, np.round(rng.normal(0, 2, size=8), 2)),
            description="8 random values and an unrelated prediction",
            random=True,
        )
    )
    return cases


@with_cases(_r2_cases)
def check_r2(r2) -> CheckResult:
    """Check ``r2(y, y_pred)`` against scikit-learn's ``r2_score``."""
    from sklearn.metrics import r2_score

    def correlation(given, expected, case):
        y, y_pred = case.args
        return isclose(given, np.corrcoef(y, y_pred)[0, 1] ** 2)

    def flipped(given, expected, case):
        return isclose(given, -expected)

    def inverted(given, expected, case):
        y, y_pred = case.args
        sse = np.sum((y - y_pred) ** 2)
        sst = np.sum((y - y.mean()) ** 2)
        return isclose(given, sse / sst) or isclose(given, 1 - sst / sse)

    def against_prediction_mean(given, expected, case):
        y, y_pred = case.args
        sse = np.sum((y - y_pred) ** 2)
        return isclose(given, 1 - sse / np.sum((y - y_pred.mean()) ** 2))

    return check_function(
        r2,
        lambda y, y_pred: float(r2_score(y, y_pred)),
        _r2_cases,
        name="r2",
        calls=Calls(reason="Compute 1 - SSE / SST yourself."),
        hints=[
            (
                flipped,
                "the sign is flipped: R^2 is 1 - SSE / SST, which is 1 for a "
                "perfect prediction.",
            ),
            (
                inverted,
                "R^2 is 1 - SSE / SST, with SSE = sum((y - y_pred)**2) "
                "and SST = sum((y - ybar)**2).",
            ),
            (
                correlation,
                "the squared correlation equals R^2 only for a least-squares "
                "fit with intercept; compute 1 - SSE / SST instead.",
            ),
            (
                against_prediction_mean,
                "SST measures the spread of the observed y around their own "
                "mean ybar, not around the mean of the predictions.",
            ),
        ],
    )


# ------------------------------------------------- inference for the slope


def _stderr_cases(rng):
    cases = [
        Case(FIVE_POINTS, description="the lecture's five points"),
        Case(
            (np.array([0.0, 1.0, 2.0, 3.0]), np.array([1.0, 2.0, 2.0, 5.0])),
            description="four points",
        ),
    ]
    for n in (int(rng.integers(6, 12)), 40):
        x = np.round(rng.uniform(0, 20, size=n), 2)
        y = np.round(rng.normal(5, 2) + rng.normal() * x, 2)
        y = np.round(y + rng.normal(0, rng.uniform(0.5, 3), size=n), 2)
        cases.append(
            Case((x, y), description=f"{n} random points", random=True)
        )
    return cases


def _sums(x, y):
    """S_xx and the SSE of the least-squares line, from their definitions."""
    dx = x - x.mean()
    sxx = float(dx @ dx)
    slope = float(dx @ (y - y.mean())) / sxx
    sse = float(np.sum((y - y.mean() - slope * dx) ** 2))
    return sxx, sse, x.size


@with_cases(_stderr_cases)
def check_slope_standard_error(slope_standard_error) -> CheckResult:
    """Check ``slope_standard_error(x, y)`` against ``s / sqrt(S_xx)``."""

    def with_divisor(shift):
        def diagnose(given, expected, case):
            sxx, sse, n = _sums(*case.args)
            return isclose(given, np.sqrt(sse / (n - shift) / sxx))

        return diagnose

    def squared(given, expected, case):
        return isclose(given, expected**2)

    def no_sxx(given, expected, case):
        sxx, sse, n = _sums(*case.args)
        s = np.sqrt(sse / (n - 2))
        return isclose(given, s) or isclose(given, s / sxx)

    def spread_of_y(given, expected, case):
        x, y = case.args
        sxx = float(np.sum((x - x.mean()) ** 2))
        return any(
            isclose(given, np.std(y, ddof=ddof) / np.sqrt(sxx))
            for ddof in (1, 2)
        )

    return check_function(
        slope_standard_error,
        lambda x, y: float(_regression(x, y).stderr),
        _stderr_cases,
        name="slope_standard_error",
        atol=1e-12,
        calls=Calls(
            forbidden=("numpy.polyfit",),
            reason="Compute s and S_xx from their definitions.",
        ),
        hints=[
            (
                with_divisor(0),
                "s^2 divides the SSE by n - 2, the number of points minus "
                "the two fitted parameters, not by n.",
            ),
            (
                with_divisor(1),
                "s^2 divides the SSE by n - 2 (two parameters were fitted), "
                "not by n - 1.",
            ),
            (
                squared,
                "that is the variance s^2 / S_xx: take its square root.",
            ),
            (
                no_sxx,
                "the standard error is s / sqrt(S_xx), with "
                "S_xx = sum((x - xbar)**2).",
            ),
            (
                spread_of_y,
                "s measures the spread of the residuals y - yhat around the "
                "fitted line, not the spread of y around its mean.",
            ),
        ],
    )


def _interval_cases(rng):
    cases = [
        Case(
            (*FIVE_POINTS, 0.95), description="the lecture's five points, 95%"
        ),
        Case((*FIVE_POINTS, 0.8), description="the same points, 80%"),
    ]
    for n in (int(rng.integers(4, 9)), 30):
        x = np.round(rng.uniform(0, 10, size=n), 2)
        y = np.round(1 + 0.5 * x + rng.normal(0, 2, size=n), 2)
        level = float(rng.choice([0.8, 0.9, 0.95, 0.99]))
        cases.append(
            Case(
                (x, y, level),
                description=f"{n} random points, {level:.0%}",
                random=True,
            )
        )
    return cases


@with_cases(_interval_cases)
def check_slope_interval(slope_interval) -> CheckResult:
    """Check ``slope_interval(x, y, confidence) -> (low, high)``."""
    from scipy import stats

    def interval(x, y, confidence):
        fit = _regression(x, y)
        low, high = stats.t.interval(
            confidence, x.size - 2, loc=fit.slope, scale=fit.stderr
        )
        return float(low), float(high)

    def with_quantile(quantile):
        def diagnose(given, expected, case):
            x, y, confidence = case.args
            fit = _regression(x, y)
            half = quantile(confidence, x.size) * fit.stderr
            return isclose(given, (fit.slope - half, fit.slope + half))

        return diagnose

    return check_function(
        slope_interval,
        interval,
        _interval_cases,
        name="slope_interval",
        atol=1e-10,
        labels=("low", "high"),
        calls=Calls(
            allowed=("scipy.stats.t", "numpy.linalg"),
            forbidden=("numpy.polyfit", "scipy.stats.t.interval"),
            reason="Build the interval from the slope, its standard error "
            "and a quantile of `stats.t`.",
        ),
        hints=[
            (
                with_quantile(lambda c, n: stats.norm.ppf(0.5 + c / 2)),
                "that is the normal quantile; with s estimated from n "
                "points the quantile comes from Student's t on n - 2 degrees "
                "of freedom (stats.t.ppf).",
            ),
            (
                with_quantile(lambda c, n: stats.t.ppf(c, n - 2)),
                "a two-sided interval leaves (1 - confidence) / 2 in each "
                "tail: use the quantile at 0.5 + confidence / 2.",
            ),
            (
                with_quantile(lambda c, n: stats.t.ppf(0.5 + c / 2, n - 1)),
                "the t distribution has n - 2 degrees of freedom here (two "
                "parameters were fitted), not n - 1.",
            ),
        ],
    )


# ------------------------------------------- the variance inflation factor


def _vif_cases(rng):
    from sklearn.datasets import load_diabetes

    diabetes = load_diabetes().data
    cases = [
        Case(
            (
                np.array([[1.0, 1.0], [1.0, -1.0], [-1.0, 1.0], [-1.0, -1.0]]),
                0,
            ),
            description="two uncorrelated columns (VIF 1)",
        ),
        Case(
            (
                np.array(
                    [
                        [1.0, 2.0, 0.0],
                        [2.0, 1.0, 1.0],
                        [3.0, 4.0, 1.0],
                        [4.0, 3.0, 0.0],
                        [5.0, 6.0, 2.0],
                    ]
                ),
                1,
            ),
            description="five rows, the middle column",
        ),
        Case((diabetes, 4), description="the diabetes data, s1"),
    ]
    for n, d in ((int(rng.integers(8, 15)), 3), (40, 5)):
        base = rng.normal(size=(n, d))
        mixed = base @ (np.eye(d) + rng.uniform(-0.8, 0.8, size=(d, d)))
        j = int(rng.integers(0, d))
        cases.append(
            Case(
                (np.round(mixed + rng.normal(5, 2, size=d), 3), j),
                description=f"{n} random rows, {d} correlated columns",
                random=True,
            )
        )
    return cases


def _r2_of_column(X, j, intercept=True, centred=True):
    """R_j^2 of the least-squares fit of column j on the other columns.

    ``intercept=False`` leaves out the column of ones, a common slip, and
    ``centred=False`` then also measures the spread around 0.
    """
    target = X[:, j]
    others = np.delete(X, j, axis=1)
    if intercept:
        others = np.column_stack([np.ones(len(X)), others])
    coef = np.linalg.lstsq(others, target, rcond=None)[0]
    residual = target - others @ coef
    spread = target - target.mean() if centred else target
    return 1 - (residual @ residual) / (spread @ spread)


@with_cases(_vif_cases)
def check_variance_inflation(variance_inflation) -> CheckResult:
    """Check ``variance_inflation(X, j)``, the VIF of column ``j``."""

    def r2_of(case):
        return _r2_of_column(*case.args)

    def one_based(given, expected, case):
        X, j = case.args
        if j == 0:
            return False
        r2 = _r2_of_column(X, j - 1)
        return isclose(given, 1 / (1 - r2))

    def no_intercept(given, expected, case):
        X, j = case.args
        return any(
            isclose(given, 1 / (1 - _r2_of_column(X, j, False, centred)))
            for centred in (True, False)
        )

    def r2_itself(given, expected, case):
        r2 = r2_of(case)
        return any(isclose(given, v) for v in (r2, 1 - r2, 1 / r2))

    def sign(given, expected, case):
        return isclose(given, 1 / (1 + r2_of(case)))

    def one_pair(given, expected, case):
        X, j = case.args
        corr = np.corrcoef(X, rowvar=False)[j]
        pairs = [1 / (1 - r**2) for k, r in enumerate(corr) if k != j]
        return any(isclose(given, v) for v in pairs)

    # The expected VIF by another route than the exercise's regression: the
    # diagonal of the inverse correlation matrix. It is a one-line answer,
    # so it stays out of the docstring, which the library reference shows;
    # the teaching page lists the exercise among those the source answers.
    def inverse_correlation(X, j):
        return float(np.linalg.inv(np.corrcoef(X, rowvar=False))[j, j])

    return check_function(
        variance_inflation,
        inverse_correlation,
        _vif_cases,
        name="variance_inflation",
        rtol=1e-6,
        calls=Calls(
            allowed=("numpy.linalg",),
            forbidden=("numpy.polyfit",),
            reason="Fit the regression of column j on the others yourself.",
        ),
        hints=[
            (
                one_based,
                "the columns are numbered from 0: feature j is X[:, j].",
            ),
            (
                no_intercept,
                "the regression of column j on the others needs an "
                "intercept (a column of ones), or R_j^2 measures the spread "
                "around 0 instead of around the column's mean.",
            ),
            (
                r2_itself,
                "that is R_j^2 or a step towards it; the VIF is "
                "1 / (1 - R_j^2).",
            ),
            (sign, "the VIF is 1 / (1 - R_j^2), with a minus sign."),
            (
                one_pair,
                "that is the VIF from the correlation with one other column; "
                "R_j^2 comes from regressing column j on all the others "
                "together.",
            ),
        ],
    )
