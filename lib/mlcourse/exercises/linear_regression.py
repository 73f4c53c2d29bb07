"""Checkers for the exercises of chapter 1, "Linear regression".

- :func:`check_least_squares_line` (exercise ``ex-lr-closed-form``): a
  function ``least_squares_line(x, y)`` returning ``(intercept, slope)``
  from the closed form, with no library fitting routine;
- :func:`check_r2` (exercise ``ex-lr-r2``): a function ``r2(y, y_pred)``;
- :func:`check_slope_standard_error` (exercise ``ex-lr-slope-se``):
  ``slope_standard_error(x, y)``, ``s / sqrt(S_xx)`` with ``s^2`` the SSE
  over ``n - 2``;
- :func:`check_slope_interval` (exercise ``ex-lr-coverage``):
  ``slope_interval(x, y, confidence) -> (low, high)``, the t interval.

Each checker returns a :class:`~mlcourse.exercises.CheckResult` and never
raises. What a case should give is recomputed independently: the line by
a least-squares solve of the design matrix, ``R^2`` from its definition.
"""

from __future__ import annotations

import numpy as np

from . import Case, CheckResult, check_function, fresh_rng, isclose

__all__ = [
    "check_least_squares_line",
    "check_r2",
    "check_slope_standard_error",
    "check_slope_interval",
]

#: Library routines that fit the line for you (the exercise forbids them).
FITTING_ROUTINES = (
    "numpy.polyfit",
    "numpy.polynomial.polynomial.polyfit",
    "numpy.linalg.lstsq",
    "scipy.stats.linregress",
    "mlcourse.linear_regression.least_squares_line",
    "mlcourse.linear_regression.LinearRegression",
    "mlcourse.linear_regression.slope_inference",
    "sklearn.linear_model.LinearRegression",
)


def _expected_line(x, y):
    design = np.column_stack([np.ones_like(x, dtype=float), x])
    (intercept, slope), *_ = np.linalg.lstsq(design, y, rcond=None)
    return float(intercept), float(slope)


def _line_cases(rng):
    cases = [
        Case(
            (
                np.array([1.0, 2.0, -1.0, 3.0, 4.0]),
                np.array([2.0, 4.0, 0.0, 4.0, 6.0]),
            ),
            description="the lecture's five points",
        ),
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


def _swapped(given, expected, case) -> bool:
    return isclose([given[1], given[0]], expected)


def _no_centering(given, expected, case) -> bool:
    x, y = case.args
    return isclose(given[1], float(x @ y) / float(x @ x))


def _mixed_divisor(given, expected, case) -> bool:
    n = case.args[0].size
    return isclose(given[1], expected[1] * n / (n - 1)) or isclose(
        given[1], expected[1] * (n - 1) / n
    )


def _intercept_sign(given, expected, case) -> bool:
    x, y = case.args
    return isclose(given[1], expected[1]) and isclose(
        given[0], y.mean() + given[1] * x.mean()
    )


def check_least_squares_line(candidate) -> CheckResult:
    """Check ``least_squares_line(x, y) -> (intercept, slope)``."""
    return check_function(
        candidate,
        _expected_line,
        _line_cases(fresh_rng()),
        name="least_squares_line",
        rtol=1e-7,
        atol=1e-9,
        forbidden=FITTING_ROUTINES,
        forbidden_reason=(
            "Write the closed form: the slope from sums of deviations from "
            "the means, then the intercept."
        ),
        hints=[
            (
                _swapped,
                "you returned (slope, intercept); the exercise asks for "
                "(intercept, slope).",
            ),
            (
                _no_centering,
                "the slope uses deviations from the means: "
                "sum((x - xbar) * (y - ybar)) / sum((x - xbar)**2).",
            ),
            (
                _mixed_divisor,
                "numerator and denominator must use the same divisor "
                "(both sums, or both divided by n - 1).",
            ),
            (
                _intercept_sign,
                "the intercept is ybar - slope * xbar (note the minus sign).",
            ),
        ],
    )


def _expected_r2(y, y_pred):
    residual = float(np.sum((y - y_pred) ** 2))
    spread = float(np.sum((y - np.mean(y)) ** 2))
    return 1.0 - residual / spread


def _r2_cases(rng):
    x = np.array([1.0, 2.0, -1.0, 3.0, 4.0])
    cases = [
        Case(
            (np.array([2.0, 4.0, 0.0, 4.0, 6.0]), 41 / 37 + 43 / 37 * x),
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


def _correlation(given, expected, case) -> bool:
    y, y_pred = case.args
    return isclose(given, np.corrcoef(y, y_pred)[0, 1] ** 2)


def _inverted(given, expected, case) -> bool:
    y, y_pred = case.args
    sse = np.sum((y - y_pred) ** 2)
    sst = np.sum((y - y.mean()) ** 2)
    return isclose(given, sse / sst) or isclose(given, 1 - sst / sse)


def _against_prediction_mean(given, expected, case) -> bool:
    y, y_pred = case.args
    sse = np.sum((y - y_pred) ** 2)
    return isclose(given, 1 - sse / np.sum((y - y_pred.mean()) ** 2))


def check_r2(candidate) -> CheckResult:
    """Check ``r2(y, y_pred)`` against ``1 - SSE / SST``."""
    return check_function(
        candidate,
        _expected_r2,
        _r2_cases(fresh_rng()),
        name="r2",
        forbidden=(
            "sklearn.metrics.r2_score",
            "mlcourse.linear_regression.r2_score",
        ),
        forbidden_reason="Compute 1 - SSE / SST yourself.",
        hints=[
            (
                _inverted,
                "R^2 is 1 - SSE / SST, with SSE = sum((y - y_pred)**2) "
                "and SST = sum((y - ybar)**2).",
            ),
            (
                _correlation,
                "the squared correlation equals R^2 only for a least-squares "
                "fit with intercept; compute 1 - SSE / SST instead.",
            ),
            (
                _against_prediction_mean,
                "SST measures the spread of the observed y around their own "
                "mean ybar, not around the mean of the predictions.",
            ),
        ],
    )


# ------------------------------------------------- inference for the slope

#: Routines that compute the standard error or the interval for you.
INFERENCE_ROUTINES = (
    "scipy.stats.linregress",
    "mlcourse.linear_regression.slope_inference",
    "mlcourse.linear_regression.LinearRegression",
    "sklearn.linear_model.LinearRegression",
    "numpy.polyfit",
)


def _sxx_and_s(x, y):
    """S_xx and the residual standard deviation s, from their definitions."""
    n = x.size
    x_bar, y_bar = float(np.mean(x)), float(np.mean(y))
    sxx = float(np.sum((x - x_bar) ** 2))
    slope = float(np.sum((x - x_bar) * (y - y_bar))) / sxx
    residuals = y - (y_bar + slope * (x - x_bar))
    sse = float(np.sum(residuals**2))
    return sxx, sse, n, slope


def _expected_stderr(x, y):
    sxx, sse, n, _ = _sxx_and_s(x, y)
    return float(np.sqrt(sse / (n - 2) / sxx))


def _stderr_cases(rng):
    cases = [
        Case(
            (
                np.array([1.0, 2.0, -1.0, 3.0, 4.0]),
                np.array([2.0, 4.0, 0.0, 4.0, 6.0]),
            ),
            description="the lecture's five points",
        ),
        Case(
            (
                np.array([0.0, 1.0, 2.0, 3.0]),
                np.array([1.0, 2.0, 2.0, 5.0]),
            ),
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


def _stderr_with(divisor_shift):
    def diagnose(given, expected, case):
        x, y = case.args
        sxx, sse, n, _ = _sxx_and_s(x, y)
        return isclose(given, np.sqrt(sse / (n - divisor_shift) / sxx))

    return diagnose


def _stderr_squared(given, expected, case):
    return isclose(given, expected**2)


def _stderr_no_sxx(given, expected, case):
    x, y = case.args
    sxx, sse, n, _ = _sxx_and_s(x, y)
    s = np.sqrt(sse / (n - 2))
    return isclose(given, s) or isclose(given, s / sxx)


def _stderr_spread_of_y(given, expected, case):
    x, y = case.args
    sxx = float(np.sum((x - x.mean()) ** 2))
    return isclose(given, np.std(y, ddof=1) / np.sqrt(sxx)) or isclose(
        given, np.std(y, ddof=2) / np.sqrt(sxx)
    )


def check_slope_standard_error(candidate) -> CheckResult:
    """Check ``slope_standard_error(x, y)`` against ``s / sqrt(S_xx)``."""
    return check_function(
        candidate,
        _expected_stderr,
        _stderr_cases(fresh_rng()),
        name="slope_standard_error",
        rtol=1e-7,
        atol=1e-12,
        forbidden=INFERENCE_ROUTINES,
        forbidden_reason="Compute s and S_xx from their definitions.",
        hints=[
            (
                _stderr_with(0),
                "s^2 divides the SSE by n - 2, the number of points minus "
                "the two fitted parameters, not by n.",
            ),
            (
                _stderr_with(1),
                "s^2 divides the SSE by n - 2 (two parameters were fitted), "
                "not by n - 1.",
            ),
            (
                _stderr_squared,
                "that is the variance s^2 / S_xx: take its square root.",
            ),
            (
                _stderr_no_sxx,
                "the standard error is s / sqrt(S_xx), with "
                "S_xx = sum((x - xbar)**2).",
            ),
            (
                _stderr_spread_of_y,
                "s measures the spread of the residuals y - yhat around the "
                "fitted line, not the spread of y around its mean.",
            ),
        ],
    )


def _expected_interval(x, y, confidence):
    from scipy import stats

    sxx, sse, n, slope = _sxx_and_s(x, y)
    half = stats.t.ppf(0.5 + confidence / 2, n - 2) * np.sqrt(
        sse / (n - 2) / sxx
    )
    return (slope - half, slope + half)


def _interval_cases(rng):
    five = (
        np.array([1.0, 2.0, -1.0, 3.0, 4.0]),
        np.array([2.0, 4.0, 0.0, 4.0, 6.0]),
    )
    cases = [
        Case((*five, 0.95), description="the lecture's five points, 95%"),
        Case((*five, 0.8), description="the same points, 80%"),
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


def _interval_with(quantile):
    def diagnose(given, expected, case):
        x, y, confidence = case.args
        sxx, sse, n, slope = _sxx_and_s(x, y)
        half = quantile(confidence, n) * np.sqrt(sse / (n - 2) / sxx)
        return isclose(given, (slope - half, slope + half))

    return diagnose


def _normal_quantile(confidence, n):
    from scipy import stats

    return stats.norm.ppf(0.5 + confidence / 2)


def _one_sided(confidence, n):
    from scipy import stats

    return stats.t.ppf(confidence, n - 2)


def _wrong_dof(confidence, n):
    from scipy import stats

    return stats.t.ppf(0.5 + confidence / 2, n - 1)


def check_slope_interval(candidate) -> CheckResult:
    """Check ``slope_interval(x, y, confidence) -> (low, high)``."""

    def compare(given, expected):
        if not isinstance(given, (tuple, list, np.ndarray)) or len(given) != 2:
            return False, "expected a pair (low, high)"
        from . import _close

        return _close(tuple(given), expected, 1e-7, 1e-10)

    return check_function(
        candidate,
        _expected_interval,
        _interval_cases(fresh_rng()),
        name="slope_interval",
        compare=compare,
        forbidden=INFERENCE_ROUTINES,
        forbidden_reason="Build the interval from the slope, its standard "
        "error and a t quantile.",
        hints=[
            (
                _interval_with(_normal_quantile),
                "that is the normal quantile; with s estimated from n points "
                "the quantile comes from Student's t on n - 2 degrees of "
                "freedom (scipy.stats.t.ppf).",
            ),
            (
                _interval_with(_one_sided),
                "a two-sided interval leaves (1 - confidence) / 2 in each "
                "tail: use the quantile at 0.5 + confidence / 2.",
            ),
            (
                _interval_with(_wrong_dof),
                "the t distribution has n - 2 degrees of freedom here (two "
                "parameters were fitted), not n - 1.",
            ),
        ],
    )
