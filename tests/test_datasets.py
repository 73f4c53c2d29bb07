"""Tests of mlcourse.datasets: guaranteed margins, determinism, clear errors, and the exact
values of the lectures' worked examples."""

import threading

import numpy as np
import pytest
from mlcourse import datasets
from mlcourse.datasets import (
    SBP_AGE_SUMMARY,
    Dataset,
    SeparableData,
    five_points_nonseparable,
    five_points_regression,
    four_points,
    make_overlapping_classes,
    make_separable,
    make_xor,
    students,
    xor_points,
)
from sklearn.svm import LinearSVC


def _finishes(function, seconds=30.0):
    """Run ``function`` in a thread; return (finished, exception raised or None)."""
    outcome = {}

    def target():
        try:
            function()
        except BaseException as error:  # noqa: BLE001 - reported to the test
            outcome["error"] = error

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    return not thread.is_alive(), outcome.get("error")


# --------------------------------------------------------------------------- make_separable


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"n_samples": 50, "margin": 0.5, "radius": 2.0},
        {"n_samples": 200, "n_features": 5, "margin": 0.1, "radius": 4.0},
        {
            "n_samples": 80,
            "n_features": 20,
            "margin": 0.05,
            "radius": 3.0,
            "distribution": "ball",
        },
        {"n_samples": 30, "margin": 0.0},
        {"n_samples": 40, "intercept": 0.7},
    ],
)
def test_make_separable_margin_and_radius_hold(seed, kwargs):
    data = make_separable(random_state=seed, **kwargs)
    assert isinstance(data, SeparableData)
    X, y, coef, intercept = data
    n = kwargs.get("n_samples", 100)
    d = kwargs.get("n_features", 2)
    margin = kwargs.get("margin", 0.3)
    radius = kwargs.get("radius", 3.0)
    assert X.shape == (n, d) and y.shape == (n,) and coef.shape == (d,)
    assert isinstance(intercept, float)
    if "intercept" in kwargs:
        assert intercept == kwargs["intercept"]
    assert np.isclose(np.linalg.norm(coef), 1.0)
    assert np.all(y * (X @ coef + intercept) > margin)
    assert np.all(np.linalg.norm(X, axis=1) < radius)
    assert set(np.unique(y)) == {-1, 1}
    assert np.all(np.isfinite(X))


def test_make_separable_default_intercept_bound():
    for seed in range(20):
        _, _, _, intercept = make_separable(
            n_samples=100, margin=1.0, radius=3.0, random_state=seed
        )
        assert abs(intercept) <= 1.0  # min(1, (3 - 1) / 2)
        _, _, _, intercept = make_separable(
            n_samples=100, margin=0.5, radius=1.5, random_state=seed
        )
        assert abs(intercept) <= 0.5  # min(1, (1.5 - 0.5) / 2)


def test_make_separable_is_deterministic_by_seed():
    a = make_separable(random_state=7)
    b = make_separable(random_state=7)
    for u, v in zip(a, b):
        np.testing.assert_array_equal(u, v)
    c = make_separable(random_state=8)
    assert not np.array_equal(a.X, c.X)
    d = make_separable(random_state=np.random.default_rng(7))
    np.testing.assert_array_equal(a.X, d.X)


def test_make_separable_is_separable_by_a_linear_svm():
    X, y, _, _ = make_separable(n_samples=200, random_state=3)
    svm = LinearSVC(C=1e4, max_iter=200_000).fit(X, y)
    assert svm.score(X, y) == 1.0


@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        (
            {"margin": 3.0, "radius": 3.0},
            ValueError,
            r"margin must be smaller than radius.*margin=3.0, radius=3.0",
        ),
        (
            {"margin": 5.0, "radius": 1.0},
            ValueError,
            r"margin must be smaller than radius",
        ),
        (
            {"intercept": 2.8, "margin": 0.3, "radius": 3.0},
            ValueError,
            r"\|intercept\| \+ margin must be below radius",
        ),
        (
            {"intercept": -2.8},
            ValueError,
            r"\|intercept\| \+ margin must be below radius",
        ),
        ({"intercept": np.nan}, ValueError, r"'intercept' parameter"),
        ({"intercept": "0.5"}, ValueError, r"'intercept' parameter"),
        ({"n_samples": 1}, ValueError, r"'n_samples' parameter.*\[2, inf\)"),
        ({"n_samples": 10.0}, ValueError, r"'n_samples' parameter"),
        ({"n_features": 0}, ValueError, r"'n_features' parameter"),
        ({"margin": -0.1}, ValueError, r"'margin' parameter"),
        ({"radius": 0}, ValueError, r"'radius' parameter"),
        ({"distribution": "uniform"}, ValueError, r"'distribution' parameter"),
        ({"random_state": "seed"}, ValueError, r"'random_state' parameter"),
    ],
)
def test_make_separable_bad_requests(kwargs, error, message):
    with pytest.raises(error, match=message):
        make_separable(**kwargs)


def test_make_separable_impossible_draw_errors_rather_than_hangs():
    # A standard normal point in 60 dimensions almost never falls inside a ball of radius 3.
    finished, error = _finishes(
        lambda: make_separable(
            n_samples=50, n_features=60, radius=3.0, random_state=0
        )
    )
    assert finished, "make_separable did not return within 30 s"
    assert isinstance(error, ValueError)
    assert "could not draw 50 points" in str(
        error
    ) and "distribution='ball'" in str(error)


def test_make_separable_ball_distribution_handles_many_features():
    X, y, coef, intercept = make_separable(
        n_samples=50,
        n_features=60,
        radius=3.0,
        margin=0.05,
        distribution="ball",
        random_state=0,
    )
    assert np.all(y * (X @ coef + intercept) > 0.05)
    assert np.all(np.linalg.norm(X, axis=1) < 3.0)


def test_make_separable_tight_margin_still_terminates():
    finished, error = _finishes(
        lambda: make_separable(
            n_samples=20, margin=2.99, radius=3.0, random_state=1
        )
    )
    assert finished
    assert error is None or isinstance(error, ValueError)


# --------------------------------------------------------------------------- make_xor


def test_make_xor_labels_follow_the_corners():
    X, y = make_xor(n_samples=400, noise=0.0, random_state=0)
    assert X.shape == (400, 2) and y.shape == (400,)
    assert set(np.unique(X)) == {-1.0, 1.0}
    np.testing.assert_array_equal(y, np.where(X[:, 0] * X[:, 1] < 0, 1, -1))
    # the corners are used equally often
    _, counts = np.unique(X, axis=0, return_counts=True)
    assert counts.tolist() == [100, 100, 100, 100]
    assert (y == 1).sum() == 200


def test_make_xor_noise_and_determinism():
    X, y = make_xor(n_samples=200, noise=0.25, random_state=5)
    X2, y2 = make_xor(n_samples=200, noise=0.25, random_state=5)
    np.testing.assert_array_equal(X, X2)
    np.testing.assert_array_equal(y, y2)
    # small noise keeps most points in their corner's quadrant
    assert np.mean(np.sign(X[:, 0] * X[:, 1]) == -y) > 0.95
    assert set(np.unique(y)) == {-1, 1}


def test_make_xor_is_not_linearly_separable():
    X, y = make_xor(n_samples=200, noise=0.1, random_state=0)
    assert LinearSVC(C=100.0, max_iter=50_000).fit(X, y).score(X, y) < 0.8


def test_make_xor_bad_input():
    with pytest.raises(ValueError, match="'noise' parameter of make_xor"):
        make_xor(noise=-1)
    with pytest.raises(ValueError, match="'n_samples' parameter of make_xor"):
        make_xor(n_samples=0)


def test_xor_points():
    data = xor_points()
    X, y = data
    np.testing.assert_array_equal(X, [[0, 0], [0, 1], [1, 0], [1, 1]])
    np.testing.assert_array_equal(y, [-1, 1, 1, -1])
    np.testing.assert_array_equal(y, np.where(X[:, 0] != X[:, 1], 1, -1))


# --------------------------------------------------------------------------- overlapping classes


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_make_overlapping_classes_is_not_separable(seed):
    X, y = make_overlapping_classes(n_samples=200, random_state=seed)
    assert X.shape == (200, 2)
    assert (y == 1).sum() == 100 and (y == -1).sum() == 100
    svm = LinearSVC(C=1e3, max_iter=100_000).fit(X, y)
    assert svm.score(X, y) < 1.0
    # but they are not noise either: a line does clearly better than chance
    assert svm.score(X, y) > 0.7


def test_make_overlapping_classes_perceptron_never_reaches_100_percent():
    from sklearn.linear_model import Perceptron

    X, y = make_overlapping_classes(
        n_samples=300, n_features=3, random_state=4
    )
    model = Perceptron(max_iter=200, tol=None, random_state=0).fit(X, y)
    assert model.score(X, y) < 1.0


def test_make_overlapping_classes_shapes_balance_and_determinism():
    X, y = make_overlapping_classes(n_samples=7, n_features=4, random_state=1)
    assert X.shape == (7, 4)
    assert (y == 1).sum() == 4 and (
        y == -1
    ).sum() == 3  # half rounded up in class +1
    X2, y2 = make_overlapping_classes(
        n_samples=7, n_features=4, random_state=1
    )
    np.testing.assert_array_equal(X, X2)
    np.testing.assert_array_equal(y, y2)


def test_make_overlapping_classes_means_are_separated():
    X, y = make_overlapping_classes(
        n_samples=20_000, separation=3.0, noise=0.5, random_state=0
    )
    gap = X[y == 1].mean(axis=0) - X[y == -1].mean(axis=0)
    assert np.linalg.norm(gap) == pytest.approx(3.0, abs=0.05)
    assert X[y == 1].std(axis=0) == pytest.approx([0.5, 0.5], abs=0.02)


def test_make_overlapping_classes_bad_input():
    for bad in ({"noise": 0}, {"separation": -1}, {"n_samples": 1}):
        name = next(iter(bad))
        with pytest.raises(ValueError, match=f"'{name}' parameter"):
            make_overlapping_classes(**bad)


# --------------------------------------------------------------------------- worked examples


def test_four_points():
    data = four_points()
    assert isinstance(data, Dataset)
    np.testing.assert_array_equal(data.X, [[1, 0], [0, -1], [0, 1], [-1, 0]])
    np.testing.assert_array_equal(data.y, [1, -1, 1, -1])
    assert data.sample_names == ("p1", "p2", "p3", "p4")
    # w = (1, 1) through the origin separates them, as the lecture finds
    assert np.all(data.y * (data.X @ np.array([1.0, 1.0])) > 0)


def test_students():
    data = students()
    np.testing.assert_array_equal(
        data.X, [[1, 1, -1, -1], [1, 1, 1, 1], [-1, -1, -1, 1], [1, -1, -1, 1]]
    )
    np.testing.assert_array_equal(data.y, [1, -1, -1, 1])
    assert data.sample_names == ("Jane", "Steve", "Mary", "Peter")
    assert data.feature_names == (
        "good attendance",
        "tall",
        "sleeps in class",
        "chews gum",
    )
    assert data.label_names == {1: "A", -1: "F"}


def test_five_points_nonseparable():
    data = five_points_nonseparable()
    np.testing.assert_array_equal(
        data.X, [[2, 1], [4, 3], [3, 5], [1, 3], [5, 6]]
    )
    np.testing.assert_array_equal(data.y, [1, 1, 1, -1, -1])
    assert data.sample_names == ("y1", "y2", "y3", "y4", "y5")
    assert (
        LinearSVC(C=1e4, max_iter=200_000)
        .fit(data.X, data.y)
        .score(data.X, data.y)
        < 1.0
    )


def test_five_points_regression_and_its_least_squares_line():
    X, y = five_points_regression()
    assert X.shape == (5, 1)
    np.testing.assert_array_equal(X.ravel(), [1, 2, -1, 3, 4])
    np.testing.assert_array_equal(y, [2, 4, 0, 4, 6])
    slope, intercept = np.polyfit(X.ravel(), y, 1)
    assert slope == pytest.approx(43 / 37, abs=1e-12)
    assert intercept == pytest.approx(41 / 37, abs=1e-12)


def test_sbp_age_summary():
    assert SBP_AGE_SUMMARY == {
        "x_mean": 45.13,
        "y_mean": 142.53,
        "s_x2": 233.91,
        "s_y2": 509.91,
        "s_xy": 227.10,
    }


def test_worked_examples_are_fresh_copies():
    a = four_points()
    a.X[0, 0] = 99.0
    assert four_points().X[0, 0] == 1.0


def test_dataset_is_frozen_and_unpacks():
    data = xor_points()
    with pytest.raises(AttributeError):
        data.X = None
    X, y = data
    assert X is data.X and y is data.y


def test_public_names():
    for name in datasets.__all__:
        assert hasattr(datasets, name), name
