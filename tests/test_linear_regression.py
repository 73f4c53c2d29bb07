"""Tests of mlcourse.linear_regression: the lecture's example, gold standards, properties, bad input."""

import warnings

import numpy as np
import pytest
from mlcourse._validation import NotFittedError
from mlcourse.datasets import five_points_regression
from mlcourse.linear_regression import (
    LinearRegression,
    RankWarning,
    Ridge,
    correlation,
    least_squares_line,
    linear_inference,
    r2_score,
    slope_inference,
    sse,
)
from scipy import stats
from sklearn.linear_model import LinearRegression as SkLinearRegression
from sklearn.linear_model import Ridge as SkRidge


def _five():
    data = five_points_regression()
    return data.X, data.y


# --- the lecture's five-point example, exactly -------------------------------------------


def test_five_point_line_exact():
    X, y = _five()
    intercept, slope = least_squares_line(X[:, 0], y)
    assert slope == pytest.approx(43 / 37, abs=1e-14)
    assert intercept == pytest.approx(41 / 37, abs=1e-14)


def test_five_point_sse_and_correlation_exact():
    X, y = _five()
    model = LinearRegression().fit(X, y)
    assert model.coef_[0] == pytest.approx(43 / 37, abs=1e-13)
    assert model.intercept_ == pytest.approx(41 / 37, abs=1e-13)
    assert model.sse_ == pytest.approx(30 / 37, abs=1e-13)
    assert correlation(X[:, 0], y) == pytest.approx(
        43 / (2 * np.sqrt(481)), abs=1e-14
    )
    # R^2 = r^2 in simple regression
    assert model.score(X, y) == pytest.approx(
        (43 / (2 * np.sqrt(481))) ** 2, abs=1e-13
    )


def test_slope_is_r_times_sy_over_sx():
    rng = np.random.default_rng(0)
    x = rng.normal(size=30)
    y = 2 * x + rng.normal(size=30)
    _, slope = least_squares_line(x, y)
    assert slope == pytest.approx(
        correlation(x, y) * y.std(ddof=1) / x.std(ddof=1), rel=1e-12
    )


# --- gold standards -------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_line_matches_polyfit(seed):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=40) * 3 + 1
    y = -0.7 * x + 4 + rng.normal(size=40)
    intercept, slope = least_squares_line(x, y)
    ref_slope, ref_intercept = np.polyfit(x, y, 1)
    assert slope == pytest.approx(ref_slope, abs=1e-10)
    assert intercept == pytest.approx(ref_intercept, abs=1e-10)
    assert correlation(x, y) == pytest.approx(
        np.corrcoef(x, y)[0, 1], abs=1e-12
    )


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("fit_intercept", [True, False])
def test_multiple_regression_matches_lstsq_and_sklearn(seed, fit_intercept):
    rng = np.random.default_rng(100 + seed)
    n, d = 60, 5
    X = rng.normal(size=(n, d))
    y = X @ rng.normal(size=d) + 3.0 + rng.normal(size=n)
    model = LinearRegression(fit_intercept=fit_intercept).fit(X, y)
    reference = SkLinearRegression(fit_intercept=fit_intercept).fit(X, y)
    np.testing.assert_allclose(model.coef_, reference.coef_, atol=1e-10)
    assert model.intercept_ == pytest.approx(reference.intercept_, abs=1e-10)
    design = np.column_stack([np.ones(n), X]) if fit_intercept else X
    solution = np.linalg.lstsq(design, y, rcond=None)[0]
    np.testing.assert_allclose(
        np.r_[model.intercept_, model.coef_] if fit_intercept else model.coef_,
        solution,
        atol=1e-10,
    )
    np.testing.assert_allclose(
        model.predict(X), reference.predict(X), atol=1e-10
    )
    assert model.score(X, y) == pytest.approx(reference.score(X, y), abs=1e-10)
    assert model.sse_ == pytest.approx(
        np.sum((y - reference.predict(X)) ** 2), abs=1e-9
    )


def test_single_feature_agrees_with_closed_form():
    rng = np.random.default_rng(7)
    x = rng.uniform(0, 10, size=25)
    y = 1.5 * x - 2 + rng.normal(size=25)
    model = LinearRegression().fit(x.reshape(-1, 1), y)
    intercept, slope = least_squares_line(x, y)
    assert model.coef_[0] == pytest.approx(slope, abs=1e-12)
    assert model.intercept_ == pytest.approx(intercept, abs=1e-12)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("confidence", [0.9, 0.95, 0.99])
def test_inference_matches_scipy_linregress(seed, confidence):
    rng = np.random.default_rng(200 + seed)
    n = 12 + 5 * seed
    x = rng.uniform(-3, 5, size=n)
    y = 0.4 * x + 1 + rng.normal(scale=1.5, size=n)
    result = slope_inference(x, y, confidence=confidence)
    ref = stats.linregress(x, y)
    assert result.slope == pytest.approx(ref.slope, abs=1e-12)
    assert result.intercept == pytest.approx(ref.intercept, abs=1e-12)
    assert result.slope_stderr == pytest.approx(ref.stderr, rel=1e-10)
    assert result.intercept_stderr == pytest.approx(
        ref.intercept_stderr, rel=1e-10
    )
    assert result.p_value == pytest.approx(ref.pvalue, rel=1e-8, abs=1e-300)
    assert result.t_statistic == pytest.approx(
        ref.slope / ref.stderr, rel=1e-10
    )
    t_crit = stats.t.ppf(0.5 + confidence / 2, n - 2)
    low, high = result.confidence_interval
    assert low == pytest.approx(ref.slope - t_crit * ref.stderr, abs=1e-12)
    assert high == pytest.approx(ref.slope + t_crit * ref.stderr, abs=1e-12)
    assert result.dof == n - 2


def test_inference_on_five_points_by_hand():
    X, y = _five()
    result = slope_inference(X[:, 0], y)
    sigma = np.sqrt((30 / 37) / 3)
    assert result.sigma == pytest.approx(sigma, abs=1e-14)
    assert result.slope_stderr == pytest.approx(
        sigma / np.sqrt(14.8), abs=1e-14
    )
    assert len(result.confidence_interval) == 2


def test_confidence_interval_coverage():
    """About 95% of intervals from simulated data cover the true slope."""
    rng = np.random.default_rng(3)
    x = np.linspace(0, 1, 15)
    covered = 0
    trials = 2000
    for _ in range(trials):
        y = 2.0 + 0.5 * x + rng.normal(scale=0.3, size=x.size)
        low, high = slope_inference(x, y).confidence_interval
        covered += low <= 0.5 <= high
    # binomial standard deviation at 0.95 is about 0.005 for 2000 trials
    assert abs(covered / trials - 0.95) < 0.02


def test_exact_line_inference():
    x = np.array([0.0, 1.0, 2.0, 3.0])
    result = slope_inference(x, 2 * x + 1)
    assert result.slope_stderr == 0.0
    assert result.confidence_interval == (2.0, 2.0)
    assert np.isinf(result.t_statistic)


# --- properties --------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_residuals_sum_to_zero_and_line_through_means(seed):
    rng = np.random.default_rng(300 + seed)
    X = rng.normal(size=(50, 3)) * [1, 10, 100] + [5, -3, 50]
    y = rng.normal(size=50) * 4 + 20
    model = LinearRegression().fit(X, y)
    assert abs(model.residuals_.sum()) < 1e-9
    # residuals are orthogonal to every column of X (normal equations)
    np.testing.assert_allclose(X.T @ model.residuals_, 0.0, atol=1e-7)
    assert model.predict(X.mean(axis=0, keepdims=True))[0] == pytest.approx(
        y.mean(), abs=1e-10
    )
    intercept, slope = least_squares_line(X[:, 0], y)
    assert intercept + slope * X[:, 0].mean() == pytest.approx(
        y.mean(), abs=1e-12
    )


def test_without_intercept_line_through_origin():
    rng = np.random.default_rng(9)
    x = rng.uniform(1, 5, size=20)
    y = 3 * x + rng.normal(size=20)
    model = LinearRegression(fit_intercept=False).fit(x.reshape(-1, 1), y)
    assert model.intercept_ == 0.0
    assert model.coef_[0] == pytest.approx((x @ y) / (x @ x), rel=1e-12)


def test_r2_properties():
    y = np.array([1.0, 2.0, 3.0, 4.0])
    assert r2_score(y, y) == 1.0
    assert r2_score(y, np.full(4, y.mean())) == 0.0
    assert r2_score(y, y[::-1]) < 0
    assert r2_score(np.ones(3), np.ones(3)) == 1.0
    assert r2_score(np.ones(3), np.zeros(3)) == 0.0
    assert sse(y, y + 1) == 4.0


def test_scale_invariance_of_fit():
    rng = np.random.default_rng(11)
    X = rng.normal(size=(30, 2))
    y = X @ [1.0, -2.0] + rng.normal(size=30)
    model = LinearRegression().fit(X, y)
    scaled = LinearRegression().fit(X * [10.0, 0.1], y)
    np.testing.assert_allclose(
        scaled.coef_, model.coef_ / [10.0, 0.1], rtol=1e-10
    )
    np.testing.assert_allclose(scaled.residuals_, model.residuals_, atol=1e-10)


def test_ill_conditioned_design_is_solved_accurately():
    """lstsq keeps accuracy where inverting X^T X loses it."""
    rng = np.random.default_rng(5)
    t = np.linspace(0, 1, 50)
    X = np.column_stack([t**k for k in range(1, 9)])
    true = rng.normal(size=8)
    y = 0.5 + X @ true
    model = LinearRegression().fit(X, y)
    np.testing.assert_allclose(model.predict(X), y, atol=1e-8)
    assert model.sse_ < 1e-16


def test_fit_returns_self_and_repr():
    X, y = _five()
    model = LinearRegression()
    assert model.fit(X, y) is model
    assert repr(model) == "LinearRegression()"
    assert repr(LinearRegression(fit_intercept=False)) == (
        "LinearRegression(fit_intercept=False)"
    )


# --- bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "function", [least_squares_line, correlation, slope_inference]
)
def test_pair_functions_reject_bad_input(function):
    with pytest.raises(ValueError, match="minimum of [23] is required"):
        function([1.0], [2.0])
    with pytest.raises(ValueError, match="same length"):
        function([1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0])
    with pytest.raises(
        ValueError, match=r"zero variance \(all values equal 2\.0\)"
    ):
        function([2.0, 2.0, 2.0], [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="Input x contains NaN"):
        function([1.0, np.nan, 3.0], [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="Input y contains infinity"):
        function([1.0, 2.0, 3.0], [1.0, np.inf, 3.0])
    with pytest.raises(ValueError, match="could not convert"):
        function(["a", "b", "c"], [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="1-D"):
        function(np.ones((3, 2)), [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="'x' parameter of \\w+ must be"):
        function(3.0, [1.0, 2.0, 3.0])


def test_correlation_rejects_constant_y():
    with pytest.raises(ValueError, match="y has zero variance"):
        correlation([1.0, 2.0, 3.0], [5.0, 5.0, 5.0])


def test_slope_inference_needs_three_points_and_valid_confidence():
    with pytest.raises(ValueError, match="minimum of 3 is required"):
        slope_inference([1.0, 2.0], [1.0, 3.0])
    for bad in (95, 0.0, "high"):
        with pytest.raises(ValueError, match="'confidence' parameter"):
            slope_inference([1.0, 2.0, 3.0], [1.0, 3.0, 2.0], confidence=bad)


def test_estimator_rejects_bad_input():
    model = LinearRegression()
    with pytest.raises(ValueError, match="at least 2 samples"):
        model.fit([[1.0]], [2.0])
    with pytest.raises(ValueError, match="inconsistent numbers of samples"):
        model.fit([[1.0], [2.0], [3.0]], [1.0, 2.0])
    with pytest.raises(ValueError, match="Input X contains NaN"):
        model.fit([[1.0], [np.nan], [3.0]], [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="Input y contains infinity"):
        model.fit([[1.0], [2.0], [3.0]], [1.0, np.inf, 3.0])
    with pytest.raises(ValueError, match="Reshape your data"):
        model.fit([1.0, 2.0, 3.0], [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="rectangular"):
        model.fit([[1.0, 2.0], [3.0]], [1.0, 2.0])
    with pytest.raises(ValueError, match="'fit_intercept' parameter"):
        LinearRegression(fit_intercept="yes").fit([[1.0], [2.0]], [1.0, 2.0])
    with pytest.raises(NotFittedError, match="not fitted"):
        LinearRegression().predict([[1.0]])
    model.fit([[1.0, 2.0], [2.0, 0.0], [3.0, 1.0]], [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="X has 1 features"):
        model.predict([[1.0]])


def test_sse_and_r2_reject_mismatched_lengths():
    with pytest.raises(ValueError, match="same length"):
        r2_score([1.0, 2.0, 3.0], [1.0, 2.0])
    with pytest.raises(ValueError, match="same length"):
        sse([1.0, 2.0], [1.0])


@pytest.mark.parametrize("scale", [1e-300, 1e-150, 1e150, 1e155, 1e200, 1e300])
def test_any_finite_magnitude_gives_the_same_fit(scale):
    """Values beyond 1.3e154 / sqrt(n) used to overflow the column scales
    (coef_ = 0 and a false "rank 0" warning)."""
    rng = np.random.default_rng(3)
    X = rng.standard_normal((60, 3))
    y = X @ [1.0, -2.0, 0.5] + 3.0 + 0.1 * rng.standard_normal(60)
    reference = LinearRegression().fit(X, y)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RankWarning)
        scaled = LinearRegression().fit(X * scale, y)
        both = LinearRegression().fit(X * scale, y * scale)
    assert scaled.rank_ == 3 and both.rank_ == 3
    np.testing.assert_allclose(
        scaled.coef_ * scale, reference.coef_, rtol=1e-12
    )
    np.testing.assert_allclose(both.coef_, reference.coef_, rtol=1e-12)
    assert both.intercept_ / scale == pytest.approx(
        reference.intercept_, rel=1e-12
    )
    np.testing.assert_allclose(
        scaled.predict(X * scale), reference.predict(X), rtol=1e-12
    )


def test_dividing_by_powers_of_two_changes_no_digit():
    """The magnitude fix is exact: ordinary data give the same bits as the
    solve on the data themselves (centred, scaled to unit columns)."""
    rng = np.random.default_rng(4)
    X = rng.standard_normal((50, 4)) * [1.0, 3.7, 1e-3, 250.0] + 17.0
    y = X @ [0.3, -1.0, 2.0, 0.01] + rng.standard_normal(50)
    model = LinearRegression().fit(X, y)
    design = np.column_stack([X - X.mean(axis=0), y - y.mean()])
    scale = np.linalg.norm(design[:, :4], axis=0)
    design[:, :4] /= scale
    R = np.linalg.qr(design, mode="r")
    U, s, Vt = np.linalg.svd(R[:4, :4])
    coef = Vt.T @ ((U.T @ R[:4, 4]) / s) / scale
    np.testing.assert_array_equal(model.coef_, coef)


# --- the explorer's drawing function ------------------------------------------------------


def test_plot_residual_squares_returns_sse_and_draws_one_square_per_point():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from mlcourse.widgets.linear_regression import (
        plot_residual_squares,
        residual_squares_explorer,
    )

    X, y = _five()
    fig, ax = plt.subplots()
    error = plot_residual_squares(ax, X[:, 0], y, 41 / 37, 43 / 37)
    assert error == pytest.approx(30 / 37, abs=1e-12)
    assert len(ax.patches) == 5
    areas = sum(p.get_width() * p.get_height() for p in ax.patches)
    assert areas == pytest.approx(30 / 37, abs=1e-12)
    plt.close(fig)
    widget = residual_squares_explorer(X[:, 0], y)
    assert len(widget.children) == 2
    plt.close("all")


def _sbp_like(n=69, seed=0):
    """Ages and blood pressures with the NUS lecture's means, variances
    and covariance (its raw data are not published): an intercept near
    99 mm Hg, far from 0."""
    from mlcourse.datasets import SBP_AGE_SUMMARY as s

    Z = np.random.default_rng(seed).standard_normal((n, 2))
    Z = (Z - Z.mean(axis=0)) @ np.linalg.inv(
        np.linalg.cholesky(np.cov(Z, rowvar=False))
    ).T
    cov = [[s["s_x2"], s["s_xy"]], [s["s_xy"], s["s_y2"]]]
    XY = Z @ np.linalg.cholesky(cov).T + [s["x_mean"], s["y_mean"]]
    return XY[:, 0], XY[:, 1]


@pytest.mark.parametrize(
    "data", [lambda: (_five()[0][:, 0], _five()[1]), _sbp_like]
)
def test_explorer_sliders_reach_the_best_line_and_start_flat(data):
    """The sliders are centred on the least-squares line, whatever the
    scale, and start at the flat line through the mean of y."""
    from mlcourse.widgets.linear_regression import residual_squares_explorer

    x, y = data()
    b, w = least_squares_line(x, y)
    widget = residual_squares_explorer(x, y)
    intercept, slope = widget.children[0].children
    for slider, best in ((intercept, b), (slope, w)):
        assert slider.min < best < slider.max
        assert slider.value - slider.min > 0 and slider.max > slider.value
        assert (slider.max - slider.min) / slider.step == pytest.approx(400)
    assert intercept.value == pytest.approx(y.mean())
    assert slope.value == 0
    if x.mean() > 40:  # the blood pressures: the intercept is near 99
        assert 90 < b < 110 < intercept.max and intercept.min < 0 < w


# --- numerics: centring, scaling, rank -------------------------------------


def test_unix_timestamps_within_one_day_fit_as_well_as_scikit_learn():
    """A large offset costs no precision: the data are centred first."""
    rng = np.random.default_rng(0)
    t = 1.7e9 + rng.uniform(0, 86400, size=400)
    y = 2e-4 * (t - 1.7e9) + rng.normal(scale=4.0, size=400)
    X = t.reshape(-1, 1)
    model = LinearRegression().fit(X, y)
    reference = SkLinearRegression().fit(X, y)
    assert model.score(X, y) == pytest.approx(reference.score(X, y), abs=1e-9)
    assert 0.5 < model.score(X, y) < 0.8
    assert model.rank_ == 1
    assert model.coef_[0] == pytest.approx(reference.coef_[0], rel=1e-9)
    # the uncentred design [1, t] loses the slope under lstsq's cut-off
    design = np.column_stack([np.ones_like(t), t])
    naive = np.linalg.lstsq(design, y, rcond=None)[0]
    naive_r2 = r2_score(y, design @ naive)
    assert naive_r2 < model.score(X, y) - 0.3


@pytest.mark.parametrize("scale", [1e-8, 1.0, 1e8])
def test_extreme_feature_scales_keep_full_rank(scale):
    rng = np.random.default_rng(1)
    X = rng.normal(size=(80, 3)) * np.array([1.0, scale, 1.0])
    y = X @ np.array([1.0, 2.0 / scale, -1.0]) + rng.normal(size=80)
    model = LinearRegression().fit(X, y)
    assert model.rank_ == 3
    # the reference is fitted on the rescaled, well-conditioned features
    units = np.array([1.0, scale, 1.0])
    reference = SkLinearRegression().fit(X / units, y)
    np.testing.assert_allclose(model.coef_ * units, reference.coef_, rtol=1e-9)
    assert model.intercept_ == pytest.approx(reference.intercept_, abs=1e-9)


def test_rank_deficient_design_warns_and_gives_the_minimum_norm_solution():
    rng = np.random.default_rng(2)
    X = rng.normal(size=(50, 3))
    X = np.column_stack([X, X[:, 0] + X[:, 1]])  # a dependent column
    y = X[:, :3] @ np.array([1.0, 2.0, 3.0]) + 1.0
    with pytest.warns(RankWarning, match="rank 3 but 4 features"):
        model = LinearRegression().fit(X, y)
    assert model.rank_ == 3
    assert model.singular_values_.shape == (4,)
    assert model.singular_values_[-1] < 1e-12 * model.singular_values_[0]
    # numpy's lstsq on the centred data gives the minimum-norm solution
    centred = np.linalg.lstsq(X - X.mean(axis=0), y - y.mean(), rcond=None)
    np.testing.assert_allclose(model.coef_, centred[0], atol=1e-10)
    np.testing.assert_allclose(
        model.coef_, SkLinearRegression().fit(X, y).coef_, atol=1e-10
    )
    assert model.score(X, y) == pytest.approx(1.0, abs=1e-12)


def test_constant_feature_is_reported_as_rank_deficient():
    rng = np.random.default_rng(3)
    X = np.column_stack([rng.normal(size=30), np.full(30, 5.0)])
    y = 2.0 * X[:, 0] + 1.0
    with pytest.warns(RankWarning, match="constant"):
        model = LinearRegression().fit(X, y)
    assert model.rank_ == 1 and model.coef_[1] == 0.0
    assert model.intercept_ == pytest.approx(1.0, abs=1e-12)


def test_full_rank_fit_gives_no_warning_and_reports_singular_values():
    rng = np.random.default_rng(4)
    X = rng.normal(size=(100, 4))
    y = X @ np.ones(4)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model = LinearRegression().fit(X, y)
    assert model.rank_ == 4
    centred = X - X.mean(axis=0)
    scaled = centred / np.linalg.norm(centred, axis=0)
    np.testing.assert_allclose(
        model.singular_values_,
        np.linalg.svd(scaled, compute_uv=False),
        rtol=1e-12,
    )


def test_more_features_than_samples_matches_lstsq():
    rng = np.random.default_rng(5)
    X, y = rng.normal(size=(4, 7)), rng.normal(size=4)
    with pytest.warns(RankWarning):
        model = LinearRegression().fit(X, y)
    assert model.rank_ == 3  # four centred samples span three dimensions
    np.testing.assert_allclose(
        model.coef_, SkLinearRegression().fit(X, y).coef_, atol=1e-10
    )
    np.testing.assert_allclose(model.predict(X), y, atol=1e-10)


# --- ridge regression ------------------------------------------------------------------------


def _collinear_design(seed, n=60, d=5):
    """Columns 0 and 1 almost equal: the design ridge is made for."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    X[:, 1] = X[:, 0] + 0.01 * rng.normal(size=n)
    y = 3.0 + X @ rng.normal(size=d) + rng.normal(size=n)
    return X, y


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("alpha", [1e-3, 0.1, 1.0, 10.0, 1e4])
@pytest.mark.parametrize("fit_intercept", [True, False])
def test_ridge_matches_the_closed_form_and_scikit_learn(
    seed, alpha, fit_intercept
):
    X, y = _collinear_design(seed)
    ours = Ridge(alpha=alpha, fit_intercept=fit_intercept).fit(X, y)
    # the closed form on the centred data, eq-lr-ridge-solution
    Xc = X - X.mean(axis=0) if fit_intercept else X
    yc = y - y.mean() if fit_intercept else y
    coef = np.linalg.solve(Xc.T @ Xc + alpha * np.eye(X.shape[1]), Xc.T @ yc)
    np.testing.assert_allclose(ours.coef_, coef, rtol=1e-8, atol=1e-10)
    sk = SkRidge(alpha=alpha, fit_intercept=fit_intercept).fit(X, y)
    np.testing.assert_allclose(ours.coef_, sk.coef_, rtol=1e-8, atol=1e-10)
    assert ours.intercept_ == pytest.approx(sk.intercept_, abs=1e-9)
    np.testing.assert_allclose(ours.predict(X), sk.predict(X), atol=1e-8)


def test_ridge_is_least_squares_on_augmented_data():
    """The penalty is sqrt(alpha) I stacked under the centred design."""
    X, y = _collinear_design(4)
    alpha = 0.5
    Xc, yc = X - X.mean(axis=0), y - y.mean()
    stacked = np.vstack([Xc, np.sqrt(alpha) * np.eye(X.shape[1])])
    target = np.r_[yc, np.zeros(X.shape[1])]
    coef = np.linalg.lstsq(stacked, target, rcond=None)[0]
    np.testing.assert_allclose(
        Ridge(alpha=alpha).fit(X, y).coef_, coef, rtol=1e-10
    )


def test_ridge_minimises_its_objective():
    X, y = _collinear_design(5)
    alpha = 2.0
    model = Ridge(alpha=alpha).fit(X, y)

    def objective(intercept, coef):
        residual = y - intercept - X @ coef
        return residual @ residual + alpha * coef @ coef

    best = objective(model.intercept_, model.coef_)
    rng = np.random.default_rng(6)
    for _ in range(200):
        step = 1e-3 * rng.normal(size=X.shape[1] + 1)
        assert (
            objective(model.intercept_ + step[0], model.coef_ + step[1:])
            > best
        )


def test_ridge_without_penalty_is_least_squares():
    X, y = _collinear_design(7)
    ridge = Ridge(alpha=0.0).fit(X, y)
    ols = LinearRegression().fit(X, y)
    np.testing.assert_allclose(ridge.coef_, ols.coef_, rtol=1e-6)
    assert ridge.effective_dof_ == X.shape[1]
    # a rank-deficient design: the minimum-norm solution, as lstsq gives
    X[:, 1] = X[:, 0]
    ridge = Ridge(alpha=0.0).fit(X, y)
    Xc = X - X.mean(axis=0)
    expected = np.linalg.lstsq(Xc, y - y.mean(), rcond=None)[0]
    np.testing.assert_allclose(ridge.coef_, expected, rtol=1e-8)
    assert ridge.effective_dof_ == X.shape[1] - 1


def test_ridge_shrinks_along_the_singular_directions():
    """eq-lr-ridge-svd: the least-squares coefficient along each right
    singular vector, times s^2 / (s^2 + alpha); effective dof their sum."""
    X, y = _collinear_design(8)
    ols = LinearRegression().fit(X, y)
    Xc = X - X.mean(axis=0)
    _, s, Vt = np.linalg.svd(Xc, full_matrices=False)
    for alpha in (0.01, 1.0, 100.0):
        ridge = Ridge(alpha=alpha).fit(X, y)
        factors = s**2 / (s**2 + alpha)
        np.testing.assert_allclose(
            Vt @ ridge.coef_, factors * (Vt @ ols.coef_), rtol=1e-7
        )
        assert ridge.effective_dof_ == pytest.approx(factors.sum())
        np.testing.assert_allclose(ridge.singular_values_, s)
    # the norm of the coefficients falls as alpha grows, towards zero
    norms = [
        np.linalg.norm(Ridge(alpha=a).fit(X, y).coef_)
        for a in np.logspace(-3, 6, 10)
    ]
    assert np.all(np.diff(norms) < 0) and norms[-1] < 1e-3 * norms[0]
    huge = Ridge(alpha=1e12).fit(X, y)
    assert huge.intercept_ == pytest.approx(y.mean(), abs=1e-6)


def test_ridge_has_a_smaller_coefficient_error_than_least_squares():
    """Hoerl and Kennard: on a collinear design some alpha > 0 beats least
    squares in mean squared error of the coefficients; simulated."""
    rng = np.random.default_rng(9)
    n, beta = 40, np.array([1.0, 1.0, 0.5])
    X = rng.normal(size=(n, 3))
    X[:, 1] = X[:, 0] + 0.05 * rng.normal(size=n)
    errors = {0.0: [], 1.0: []}
    for _ in range(500):
        y = X @ beta + rng.normal(size=n)
        for alpha in errors:
            coef = Ridge(alpha=alpha).fit(X, y).coef_
            errors[alpha].append(np.sum((coef - beta) ** 2))
    assert np.mean(errors[1.0]) < 0.5 * np.mean(errors[0.0])


def test_ridge_rejects_bad_input():
    with pytest.raises(ValueError, match="'alpha' parameter of Ridge"):
        Ridge(alpha=-1.0).fit([[1.0], [2.0]], [1.0, 2.0])
    with pytest.raises(TypeError, match="positional"):
        Ridge(1.0)
    with pytest.raises(ValueError, match="Input X contains NaN"):
        Ridge().fit([[1.0], [np.nan]], [1.0, 2.0])
    with pytest.raises(ValueError, match="values up to 1e\\+200"):
        Ridge().fit([[1e200], [-1e200]], [1.0, 2.0])
    with pytest.raises(NotFittedError, match="not fitted"):
        Ridge().predict([[1.0]])


# --- multiple-regression inference -------------------------------------------------------


def _diabetes():
    from sklearn.datasets import load_diabetes

    return load_diabetes(return_X_y=True)


def test_linear_inference_with_one_feature_is_slope_inference():
    """d = 1: the closed forms of simple regression, eq-lr-se and
    eq-lr-intervals with h_0 = 1/n + (x_0 - x bar)^2 / S_xx."""
    rng = np.random.default_rng(11)
    x = rng.uniform(-3, 5, size=17)
    y = 0.4 * x + 1 + rng.normal(scale=1.5, size=x.size)
    simple = slope_inference(x, y, confidence=0.9)
    result = linear_inference(x[:, None], y, confidence=0.9)
    assert result.coef[0] == pytest.approx(simple.slope, rel=1e-12)
    assert result.intercept == pytest.approx(simple.intercept, rel=1e-12)
    assert result.coef_stderr[0] == pytest.approx(
        simple.slope_stderr, rel=1e-12
    )
    assert result.intercept_stderr == pytest.approx(
        simple.intercept_stderr, rel=1e-12
    )
    assert result.t_statistic[0] == pytest.approx(
        simple.t_statistic, rel=1e-12
    )
    assert result.p_value[0] == pytest.approx(simple.p_value, rel=1e-9)
    np.testing.assert_allclose(
        result.confidence_interval[0], simple.confidence_interval, rtol=1e-12
    )
    assert (result.sigma, result.dof) == (
        pytest.approx(simple.sigma, rel=1e-12),
        simple.dof,
    )
    assert result.vif[0] == pytest.approx(1.0, abs=1e-12)
    x0 = np.array([-4.0, 1.0, 7.0])
    h0 = 1 / x.size + (x0 - x.mean()) ** 2 / np.sum((x - x.mean()) ** 2)
    t = stats.t.ppf(0.95, x.size - 2)
    fitted = simple.intercept + simple.slope * x0
    for method, extra in (("mean_interval", 0), ("prediction_interval", 1)):
        half = t * simple.sigma * np.sqrt(extra + h0)
        np.testing.assert_allclose(
            getattr(result, method)(x0[:, None]),
            np.column_stack([fitted - half, fitted + half]),
            rtol=1e-12,
        )
    assert result.f_test([0]).statistic == pytest.approx(
        simple.t_statistic**2, rel=1e-12
    )


def test_linear_inference_on_diabetes_matches_an_independent_computation():
    """eq-lr-cov from numpy's pseudo-inverse of the design with its ones
    column; the VIFs from regressions of each feature on the others."""
    X, y = _diabetes()
    result = linear_inference(X, y, confidence=0.99)
    A = np.column_stack([np.ones(len(y)), X])
    beta, sse_, *_ = np.linalg.lstsq(A, y, rcond=None)
    dof = len(y) - A.shape[1]
    s2 = sse_[0] / dof
    A_plus = np.linalg.pinv(A)
    covariance = s2 * A_plus @ A_plus.T
    np.testing.assert_allclose(
        result.covariance,
        covariance,
        rtol=1e-9,
        atol=1e-12 * np.abs(covariance).max(),  # the zeros of centred data
    )
    np.testing.assert_allclose(result.coef, beta[1:], rtol=1e-10)
    assert result.intercept == pytest.approx(beta[0], rel=1e-12)
    se = np.sqrt(np.diag(covariance))
    np.testing.assert_allclose(result.coef_stderr, se[1:], rtol=1e-10)
    assert result.intercept_stderr == pytest.approx(se[0], rel=1e-10)
    t = beta[1:] / se[1:]
    np.testing.assert_allclose(result.t_statistic, t, rtol=1e-10)
    np.testing.assert_allclose(
        result.p_value, 2 * stats.t.sf(np.abs(t), dof), rtol=1e-8
    )
    half = stats.t.ppf(0.995, dof) * se[1:]
    np.testing.assert_allclose(
        result.confidence_interval,
        np.column_stack([beta[1:] - half, beta[1:] + half]),
        rtol=1e-10,
    )
    assert result.sigma**2 == pytest.approx(s2, rel=1e-12)
    assert result.dof == dof == 431
    for j in range(X.shape[1]):
        others = np.delete(X, j, axis=1)
        r2_j = SkLinearRegression().fit(others, X[:, j]).score(others, X[:, j])
        assert result.vif[j] == pytest.approx(1 / (1 - r2_j), rel=1e-9)


def test_linear_inference_reproduces_chapter_one():
    """The printed values of "Coefficients and collinearity" and of the
    F-test of the six serum values; the F-test against the two fits."""
    X, y = _diabetes()
    result = linear_inference(X, y)
    assert result.coef_stderr[4] == pytest.approx(416.7, abs=0.1)
    assert result.coef_stderr[5] == pytest.approx(339.0, abs=0.1)
    np.testing.assert_allclose(
        result.vif.round(1),
        [1.2, 1.3, 1.5, 1.5, 59.2, 39.2, 15.4, 8.9, 10.1, 1.5],
    )
    serum = result.f_test(range(4, 10))
    assert (serum.q, serum.dof) == (6, 431)
    assert serum.statistic == pytest.approx(17.50, abs=0.01)
    assert serum.p_value < 1e-15

    def sse_with(columns):
        A = np.column_stack([np.ones(len(y)), X[:, columns]])
        return np.linalg.lstsq(A, y, rcond=None)[1][0]

    sse_1 = sse_with(list(range(10)))
    for dropped in ([4, 5, 6, 7, 8, 9], [8], [0, 2]):
        kept = [j for j in range(10) if j not in dropped]
        F = (sse_with(kept) - sse_1) / len(dropped) / (sse_1 / 431)
        test = result.f_test(dropped)
        assert test.statistic == pytest.approx(F, rel=1e-9)
        assert test.p_value == pytest.approx(
            stats.f.sf(F, len(dropped), 431), rel=1e-6
        )
    assert result.f_test([8]).statistic == pytest.approx(
        result.t_statistic[8] ** 2, rel=1e-12
    )
    assert result.f_test([-1]) == result.f_test([9])


def test_prediction_intervals_cover_new_observations():
    """95% of new observations fall in their prediction intervals (2000
    simulated data sets, three features)."""
    rng = np.random.default_rng(12)
    X = rng.normal(size=(20, 3))
    beta = np.array([1.0, -2.0, 0.5])
    x0 = rng.normal(size=(1, 3))
    hits = 0
    for _ in range(2000):
        y = 3 + X @ beta + rng.normal(size=20)
        low, high = linear_inference(X, y).prediction_interval(x0)[0]
        hits += low <= 3 + x0[0] @ beta + rng.normal() <= high
    assert abs(hits / 2000 - 0.95) < 0.02  # 4 binomial sd


def test_linear_inference_rejects_bad_input():
    X, y = _diabetes()
    with pytest.raises(ValueError, match="at least 12 samples"):
        linear_inference(X[:11], y[:11])
    with pytest.raises(ValueError, match="rank 10 but 11 features"):
        linear_inference(np.column_stack([X, X[:, 4] - X[:, 5]]), y)
    with pytest.raises(ValueError, match="rank 10 but 11 features"):
        linear_inference(np.column_stack([X, np.ones(len(y))]), y)
    with pytest.raises(ValueError, match="'confidence' parameter"):
        linear_inference(X, y, confidence=95)
    with pytest.raises(ValueError, match="Input X contains NaN"):
        linear_inference(np.where(X > 0.1, np.nan, X), y)
    result = linear_inference(X, y)
    for bad in ([], [10], [1, 1], [0.5], [[1, 2]]):
        with pytest.raises(ValueError, match="distinct integer indices"):
            result.f_test(bad)
    with pytest.raises(ValueError, match="X has 3 features, but the fit"):
        result.mean_interval(np.ones((2, 3)))
