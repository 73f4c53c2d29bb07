"""Tests of mlcourse._validation: one validation layer, one wording per fault."""

import re
import warnings

import numpy as np
import pytest
import scipy.sparse as sp
from mlcourse._validation import (
    ConvergenceWarning,
    NotFittedError,
    check_finite_result,
    check_random_state,
    check_start,
    encode_labels,
    fit_context,
    fit_data,
    predict_data,
    scale_diagnosis,
    step_sizes,
    warn_not_converged,
)
from mlcourse.gradient_descent import InverseLinear, numerical_gradient
from mlcourse.linear_regression import LinearRegression, least_squares_line
from mlcourse.logistic_regression import LogisticRegression
from mlcourse.mlp import MLPClassifier
from mlcourse.perceptron import Perceptron, augment, margin
from mlcourse.perceptron_variants import (
    KernelPerceptron,
    MulticlassPerceptron,
    polynomial_kernel,
)
from sklearn.exceptions import ConvergenceWarning as SklearnConvergenceWarning
from sklearn.exceptions import NotFittedError as SklearnNotFittedError

X = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 1.0], [1.0, 3.0]])
Y = np.array([0, 1, 1, 0])


def _fresh():
    return Perceptron(max_iter=5)


# --------------------------------------------------------------------------
# The data of fit and predict
# --------------------------------------------------------------------------


def test_fit_data_returns_float_c_arrays_and_sets_the_feature_count():
    model = _fresh()
    X_checked, y_signed = fit_data(
        model, np.asfortranarray(X.astype(int)), Y, classes="binary"
    )
    assert X_checked.dtype == np.float64 and X_checked.flags.c_contiguous
    assert model.n_features_in_ == 2
    np.testing.assert_array_equal(y_signed, [-1, 1, 1, -1])
    np.testing.assert_array_equal(model.classes_, [0, 1])


@pytest.mark.parametrize(
    "bad, error, wording",
    [
        (
            [[1.0, 2.0], [3.0]],
            ValueError,
            "rectangular array.*lengths: \\[1, 2\\]",
        ),
        (np.array([1.0, 2.0, 3.0, 4.0]), ValueError, "Reshape your data"),
        (X + np.array([np.nan, 0]), ValueError, "Input X contains NaN"),
        (X + np.inf, ValueError, "Input X contains infinity"),
        (np.zeros((4, 0)), ValueError, "0 feature\\(s\\)"),
        (sp.csr_matrix(X), TypeError, "Sparse data was passed"),
        (X + 1j, ValueError, "Complex data not supported"),
        (X * 1e200, ValueError, "values up to 3e\\+200.*Rescale X"),
    ],
    ids=[
        "ragged",
        "1-D",
        "NaN",
        "infinity",
        "no feature",
        "sparse",
        "complex",
        "huge",
    ],
)
def test_fit_data_refuses_bad_x_with_one_wording(bad, error, wording):
    with pytest.raises(error, match=wording):
        fit_data(_fresh(), bad, Y, classes="binary")


def test_a_failed_fit_leaves_the_estimator_as_it_was():
    model = _fresh().fit(X, Y)
    with pytest.raises(ValueError):
        model.fit(np.ones((4, 3)), np.zeros(4))  # one class
    assert model.n_features_in_ == 2
    np.testing.assert_array_equal(model.classes_, [0, 1])


def test_linear_regression_takes_any_magnitude_so_it_skips_that_check():
    model = LinearRegression()
    X_checked, _ = fit_data(model, X * 1e300, Y * 1.0, magnitude=False)
    assert X_checked.max() == 3e300


def test_predict_data_checks_the_fit_the_features_and_their_names():
    with pytest.raises(SklearnNotFittedError, match="is not fitted yet"):
        predict_data(_fresh(), X, "coef_")
    with pytest.raises(NotFittedError):
        _fresh().predict(X)
    model = _fresh().fit(X, Y)
    with pytest.raises(ValueError, match="X has 3 features, but Perceptron"):
        model.predict(np.ones((2, 3)))
    with pytest.raises(ValueError, match="rectangular"):
        model.predict([[1.0, 2.0], [1.0]])


# --------------------------------------------------------------------------
# Labels, starting points, seeds, steps
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "y, classes, signed",
    [
        ([0, 1, 1], [0, 1], [-1, 1, 1]),
        (["spam", "ham", "spam"], ["ham", "spam"], [1, -1, 1]),
        ([2.0, -3.0, 2.0], [-3.0, 2.0], [1, -1, 1]),
    ],
)
def test_binary_labels_larger_label_is_positive(y, classes, signed):
    codes, found = encode_labels(np.array(y), binary=True)
    np.testing.assert_array_equal(found, classes)
    np.testing.assert_array_equal(codes, signed)


def test_labels_refused_with_a_reason():
    with pytest.raises(ValueError, match="1 class"):
        encode_labels(np.array([3, 3, 3]), binary=False)
    with pytest.raises(ValueError, match="exactly two classes; got 3"):
        encode_labels(np.array([0, 1, 2]), binary=True)
    with pytest.raises(ValueError, match="Unknown label type: continuous"):
        encode_labels(np.array([0.5, 1.5, 2.25]), binary=False)
    codes, classes = encode_labels(np.array(["b", "a", "c", "a"]), False)
    np.testing.assert_array_equal(classes[codes], ["b", "a", "c", "a"])


def test_check_start():
    w, b = check_start(None, None, 3, True)
    assert np.array_equal(w, np.zeros(3)) and b == 0.0
    w, b = check_start([1, 2, 3], 0.5, 3, True)
    assert w.dtype == float and b == 0.5
    with pytest.raises(ValueError, match="shape \\(3,\\)"):
        check_start([1.0, 2.0], None, 3, True)
    with pytest.raises(ValueError, match="fit_intercept=False"):
        check_start(None, 1.0, 3, False)
    with pytest.raises(ValueError, match="contains NaN"):
        check_start([1.0, np.nan, 0.0], None, 3, True)


def test_random_state_as_scikit_learn_takes_it():
    generator = np.random.default_rng(5)
    assert check_random_state(generator) is generator
    a, b = check_random_state(7), check_random_state(7)
    assert a.integers(1000) == b.integers(1000)
    first = check_random_state(np.random.RandomState(3)).integers(1000)
    again = check_random_state(np.random.RandomState(3)).integers(1000)
    assert first == again
    shared = np.random.RandomState(3)  # its stream advances, as in sklearn
    draws = {check_random_state(shared).integers(10**9) for _ in range(3)}
    assert len(draws) == 3


def test_the_one_step_size_contract():
    constant = step_sizes(0.5)
    assert constant(1) == constant(100) == 0.5 and constant.constant == 0.5
    decaying = step_sizes(InverseLinear(2.0))
    assert decaying(4) == 0.5 and not hasattr(decaying, "constant")
    with pytest.raises(ValueError, match="above zero; got -1.0 for k=1"):
        step_sizes(lambda k: -1.0)(1)
    with pytest.raises(ValueError, match="above zero; got 'big' for k=2"):
        step_sizes(lambda k: "big")(2)


def test_one_wording_per_fault_across_the_library():
    bad = X.copy()
    bad[0, 0] = np.nan
    for call in (
        lambda: Perceptron().fit(bad, Y),
        lambda: LinearRegression().fit(bad, Y * 1.0),
        lambda: LogisticRegression().fit(bad, Y),
        lambda: MLPClassifier().fit(bad, Y),
        lambda: augment(bad),
        lambda: margin([1.0, 1.0], bad, Y),
        lambda: polynomial_kernel(bad),
    ):
        with pytest.raises(ValueError, match="Input X contains NaN"):
            call()
    for call in (
        lambda: Perceptron(max_iter=0).fit(X, Y),
        lambda: MulticlassPerceptron(max_iter=0).fit(X, Y),
        lambda: KernelPerceptron(max_iter=0).fit(X, Y),
    ):
        with pytest.raises(
            ValueError,
            match="'max_iter' parameter of \\w+ must be an int in the range \\[1, inf\\)",
        ):
            call()
    for call in (
        lambda: least_squares_line("x", [1, 2]),
        lambda: numerical_gradient(np.sum, [1.0], eps=0),
    ):
        with pytest.raises(ValueError, match="parameter of \\w+ must be"):
            call()


# --------------------------------------------------------------------------
# Results and warnings
# --------------------------------------------------------------------------


def test_check_finite_result_names_the_estimator_and_the_cure():
    check_finite_result(_fresh(), np.ones(3), 1.0)
    with pytest.raises(ValueError, match="Perceptron's weights overflowed"):
        check_finite_result(_fresh(), np.array([1.0, np.inf]), 0.0)


def test_convergence_warning_is_scikit_learns_and_points_at_the_caller():
    assert issubclass(ConvergenceWarning, SklearnConvergenceWarning)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        warn_not_converged("slow")
        Perceptron(max_iter=1).fit(X, Y)  # the last line of this file
    assert [w.category for w in caught] == [ConvergenceWarning] * 2
    assert all(w.filename == __file__ for w in caught)


# --------------------------------------------------------------------------
# The one diagnosis of an unscaled X
# --------------------------------------------------------------------------


def _columns(seed=0, n=500):
    return np.random.default_rng(seed).standard_normal((n, 3))


@pytest.mark.parametrize(
    "change, column, wording",
    [
        (lambda Z: np.c_[Z, 1.7e9 + 3e7 * Z[:, 0]], 3, r"mean 1\.7e\+09"),
        (lambda Z: Z * 1e-300, 2, r"standard deviation 1\.02e-300"),
        (lambda Z: np.c_[Z, 5 + 1e-3 * Z[:, 1]], 3, "mean 5,"),
        (lambda Z: np.c_[Z, 250.0 * Z[:, 2]], 3, "standard deviation 2.5"),
    ],
    ids=["timestamp", "tiny", "offset", "large"],
)
def test_scale_diagnosis_names_the_worst_column(change, column, wording):
    message = scale_diagnosis(change(_columns()))
    assert message.startswith(f"X is not standardized: column {column} ")
    assert re.search(wording, message) and "Standardize X" in message


def _one_zero_at_the_end(n=10**5):
    """A column near 5 whose last value is 0: not far from 0 alone (the
    screen must read past the first rows to see it)."""
    X = np.c_[_columns(n=n), 5 + 1e-3 * _columns(1, n)[:, 0]]
    X[-1, 3] = 0.0
    return X


@pytest.mark.parametrize(
    "X",
    [
        _columns(),
        np.zeros((5, 2)),
        # sparse pixels in [0, 1]: small spreads are not a scale fault
        np.random.default_rng(1).binomial(1, 0.002, (2000, 4)) * 1.0,
        np.c_[_columns(), 40 + 12 * _columns()[:, 0]],  # ages
        np.sort(_columns(), axis=0),  # no sign change in the first rows
        _one_zero_at_the_end(),
    ],
    ids=["standard", "zeros", "sparse pixels", "ages", "sorted", "a zero"],
)
def test_scale_diagnosis_is_silent_on_usable_scales(X):
    assert scale_diagnosis(X) == ""


# --------------------------------------------------------------------------
# A failed fit is undone
# --------------------------------------------------------------------------


class _Halting(Perceptron):
    """A Perceptron whose fit stores weights, then raises ``error`` (an
    exception class), as a diverged or overflowing fit does."""

    def __init__(self, *, error=None, **params):
        super().__init__(**params)
        self.error = error

    @fit_context
    def fit(self, X, y):
        X, y = self._fit_data(X, y)
        self.coef_, self.intercept_ = np.ones(X.shape[1]), 0.0
        if self.error is not None:
            raise self.error
        return self


@pytest.mark.parametrize("error", [ValueError, KeyboardInterrupt])
def test_fit_context_undoes_a_fit_that_raises_after_validation(error):
    fitted = _Halting().fit(X, Y)
    before = dict(fitted.__dict__)
    fitted.set_params(error=error)
    with pytest.raises(error):
        fitted.fit(np.c_[X, X], Y)  # 4 features now: validation passes
    after = dict(fitted.__dict__)
    assert after.pop("error") is error and before.pop("error") is None
    assert after.keys() == before.keys()
    assert all(after[key] is before[key] for key in before)
    fresh = _Halting(error=error)
    with pytest.raises(error):
        fresh.fit(X, Y)
    assert not hasattr(fresh, "coef_") and not hasattr(fresh, "classes_")
    with pytest.raises(NotFittedError):
        fresh.predict(X)
