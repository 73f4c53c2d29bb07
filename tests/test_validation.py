"""Tests of mlcourse._validation: every bad input gets a clear error that says what was
expected and what was given; labels map to -1/+1 with the larger label as the positive class."""

import warnings

import numpy as np
import pytest
from mlcourse._validation import (
    ConvergenceWarning,
    NotFittedError,
    check_binary_labels,
    check_is_fitted,
    check_labels,
    check_n_features,
    check_nonnegative,
    check_positive,
    check_positive_int,
    check_random_state,
    check_vector,
    check_X,
    check_X_y,
    warn_not_converged,
)

# --------------------------------------------------------------------------- check_X


def test_check_X_returns_float_2d_array():
    X = check_X([[1, 2], [3, 4], [5, 6]])
    assert isinstance(X, np.ndarray)
    assert X.dtype == float
    assert X.shape == (3, 2)
    np.testing.assert_array_equal(X, [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])


def test_check_X_refuses_1d_with_reshape_advice():
    with pytest.raises(
        ValueError,
        match=r"X must be a 2-D array of shape \(n_samples, n_features\); "
        r"got a 1-D array of shape \(5,\)",
    ) as info:
        check_X(np.arange(5))
    assert "X.reshape(-1, 1)" in str(info.value)
    assert "X.reshape(1, -1)" in str(info.value)


@pytest.mark.parametrize("shape", [(2, 3, 4), ()])
def test_check_X_refuses_other_dimensions(shape):
    with pytest.raises(
        ValueError, match=rf"2-D array .*got a {len(shape)}-D array of shape"
    ):
        check_X(np.zeros(shape))


def test_check_X_uses_the_given_name():
    with pytest.raises(ValueError, match=r"^X_test must be a 2-D array"):
        check_X([1.0, 2.0], name="X_test")


def test_check_X_refuses_empty_and_featureless():
    with pytest.raises(
        ValueError, match=r"at least 1 sample\(s\) \(rows\); got 0"
    ):
        check_X(np.zeros((0, 2)))
    with pytest.raises(
        ValueError, match=r"at least 3 sample\(s\) \(rows\); got 2"
    ):
        check_X(np.zeros((2, 2)), min_samples=3)
    with pytest.raises(
        ValueError,
        match=r"at least one feature \(column\); got 0 feature\(s\) "
        r"\(shape=\(3, 0\)\)",
    ):
        check_X(np.zeros((3, 0)))


@pytest.mark.parametrize(
    "bad, counts",
    [
        (np.nan, "1 NaN and 0 infinite"),
        (np.inf, "0 NaN and 1 infinite"),
        (-np.inf, "0 NaN and 1 infinite"),
    ],
)
def test_check_X_refuses_non_finite(bad, counts):
    X = np.ones((3, 2))
    X[1, 1] = bad
    with pytest.raises(
        ValueError,
        match=f"X must contain only finite numbers; got {counts} value",
    ):
        check_X(X)


def test_check_X_counts_several_non_finite():
    X = np.array([[np.nan, np.nan], [np.inf, 1.0]])
    with pytest.raises(ValueError, match="got 2 NaN and 1 infinite"):
        check_X(X)


def test_check_X_wrong_kinds_are_type_errors():
    with pytest.raises(
        TypeError, match="X must be an array of numbers; got None"
    ):
        check_X(None)
    with pytest.raises(
        TypeError, match="X must be an array of numbers; got the string 'abc'"
    ):
        check_X("abc")
    with pytest.raises(TypeError, match="could not be converted"):
        check_X([["a", "b"], ["c", "d"]])
    with pytest.raises(TypeError, match="could not be converted"):
        check_X([[1.0, 2.0], [3.0]])  # ragged
    with pytest.raises(
        ValueError,
        match="Complex data not supported: X must be an array of real "
        "numbers; got complex numbers",
    ):
        check_X(
            np.array([[1 + 1j, 2.0]])
        )  # numpy would drop the imaginary part with only a warning
    with pytest.raises(
        ValueError,
        match="y must be an array of real numbers; got complex numbers",
    ):
        check_vector(np.array([1j, 2.0]))


# --------------------------------------------------------------------------- check_vector


def test_check_vector_accepts_lists_and_returns_float():
    y = check_vector([1, 2, 3])
    assert y.dtype == float and y.shape == (3,)


def test_check_vector_column_gets_ravel_advice():
    with pytest.raises(
        ValueError,
        match=r"y must be a 1-D array; got a 2-D array of shape \(4, 1\)\. "
        r"Use y\.ravel\(\)",
    ):
        check_vector(np.zeros((4, 1)))
    with pytest.raises(
        ValueError, match=r"got a 2-D array of shape \(1, 4\)\. Use y\.ravel"
    ):
        check_vector(np.zeros((1, 4)))


def test_check_vector_refuses_matrices_and_scalars():
    with pytest.raises(
        ValueError,
        match=r"y must be a 1-D array; got a 2-D array of shape \(3, 2\)\.$",
    ):
        check_vector(np.zeros((3, 2)))
    with pytest.raises(ValueError, match=r"got a 0-D array of shape \(\)"):
        check_vector(3.0)


def test_check_vector_empty_length_and_finite():
    with pytest.raises(ValueError, match="y must not be empty"):
        check_vector([])
    with pytest.raises(
        ValueError, match="one entry per sample: expected length 3, got 2"
    ):
        check_vector([1.0, 2.0], length=3)
    with pytest.raises(
        ValueError, match="w must contain only finite numbers; got 1 NaN"
    ):
        check_vector([1.0, np.nan], name="w")


def test_check_vector_non_numeric():
    y = check_vector(["a", "b"], numeric=False)
    assert y.tolist() == ["a", "b"]
    with pytest.raises(
        ValueError, match="requires y to be passed, but the target y is None"
    ):
        check_vector(None, numeric=False)
    with pytest.raises(
        TypeError, match="labels must be an array of labels; got None"
    ):
        check_vector(None, "labels", numeric=False)
    with pytest.raises(
        TypeError, match="y must be an array of numbers; got the string"
    ):
        check_vector("ab")


# --------------------------------------------------------------------------- check_X_y


def test_check_X_y_returns_both_and_checks_lengths():
    X, y = check_X_y([[1, 2], [3, 4]], [0, 1])
    assert X.shape == (2, 2) and y.shape == (2,)
    with pytest.raises(
        ValueError,
        match="same number of samples; got 3 rows in X and 2 labels in y",
    ):
        check_X_y(np.zeros((3, 2)), [1, 2])


def test_check_X_y_passes_min_samples_and_label_kind():
    with pytest.raises(ValueError, match=r"at least 2 sample\(s\)"):
        check_X_y([[1.0]], [1.0], min_samples=2)
    X, y = check_X_y([[1.0], [2.0]], ["no", "yes"], numeric_y=False)
    assert y.tolist() == ["no", "yes"]
    with pytest.raises(TypeError, match="could not be converted"):
        check_X_y([[1.0], [2.0]], ["no", "yes"])


# --------------------------------------------------------------------------- labels


@pytest.mark.parametrize(
    "y, classes, signed",
    [
        ([0, 1, 1, 0], [0, 1], [-1, 1, 1, -1]),
        ([-1, 1, -1], [-1, 1], [-1, 1, -1]),
        ([3, 7, 7, 3], [3, 7], [-1, 1, 1, -1]),
        ([7, 3], [3, 7], [1, -1]),
        ([2.5, -4.0], [-4.0, 2.5], [1, -1]),
        (["spam", "ham", "spam"], ["ham", "spam"], [1, -1, 1]),
        (["F", "A", "A"], ["A", "F"], [1, -1, -1]),
        ([True, False], [False, True], [1, -1]),
    ],
)
def test_binary_labels_larger_label_is_positive(y, classes, signed):
    y_signed, found = check_binary_labels(y)
    assert found.tolist() == classes
    assert y_signed.tolist() == signed
    assert y_signed.dtype == float
    # mapping back: classes[(y_signed > 0)] recovers the labels
    assert found[(y_signed > 0).astype(int)].tolist() == list(y)


def test_binary_labels_wrong_number_of_classes():
    with pytest.raises(
        ValueError,
        match=r"exactly two classes for a binary model; got 1 class: \[1\]",
    ):
        check_binary_labels([1, 1, 1])
    with pytest.raises(ValueError, match=r"got 3 classes: \['a', 'b', 'c'\]"):
        check_binary_labels(["a", "b", "c"])
    with pytest.raises(
        ValueError, match=r"got 7 classes: \[0, 1, 2, 3, 4\.\.\.\]"
    ):
        check_binary_labels(np.arange(7))


def test_labels_bad_arrays():
    with pytest.raises(
        ValueError, match="requires y to be passed, but the target y is None"
    ):
        check_binary_labels(None)
    with pytest.raises(
        ValueError,
        match=r"y must be a 1-D array of labels; got a 2-D array of shape \(2, 1\)",
    ):
        check_binary_labels([[0], [1]])
    with pytest.raises(ValueError, match="labels must not be empty"):
        check_labels([], name="labels")
    with pytest.raises(
        ValueError, match="must not contain NaN or infinite labels"
    ):
        check_binary_labels([0.0, np.nan, 1.0])
    with pytest.raises(
        TypeError, match="mixes label types that cannot be sorted"
    ):
        check_binary_labels(np.array([1, "a", None], dtype=object))


def test_check_labels_encodes_sorted_classes():
    y = ["cat", "dog", "bird", "dog"]
    y_index, classes = check_labels(y)
    assert classes.tolist() == ["bird", "cat", "dog"]
    assert y_index.tolist() == [1, 2, 0, 2]
    assert classes[y_index].tolist() == y
    y_index, classes = check_labels([5, 1, 9, 1])
    assert classes.tolist() == [1, 5, 9] and y_index.tolist() == [1, 0, 2, 0]


def test_check_labels_min_classes():
    with pytest.raises(
        ValueError, match=r"at least 2 classes; got 1 class \('a'\)"
    ):
        check_labels(["a", "a"])
    with pytest.raises(
        ValueError, match=r"at least 3 classes; got 2 classes \(0, 1\)"
    ):
        check_labels([0, 1, 0], min_classes=3)


# --------------------------------------------------------------------------- numbers


@pytest.mark.parametrize("value", [1, 0.5, np.float64(2.0), np.int64(3)])
def test_check_positive_accepts(value):
    assert check_positive(value, "learning_rate") == float(value)
    assert isinstance(check_positive(value, "learning_rate"), float)


@pytest.mark.parametrize(
    "value, text",
    [
        (0, "got 0.0"),
        (-0.1, "got -0.1"),
        (np.inf, "got inf"),
        (np.nan, "got nan"),
    ],
)
def test_check_positive_refuses_values(value, text):
    with pytest.raises(
        ValueError,
        match=f"learning_rate must be a finite number greater than 0; {text}",
    ):
        check_positive(value, "learning_rate")


@pytest.mark.parametrize(
    "value, shown",
    [
        (True, "True of type bool"),
        ("0.1", "'0.1' of type str"),
        (None, "None of type NoneType"),
        ([1.0], r"\[1.0\] of type list"),
    ],
)
def test_check_positive_refuses_kinds(value, shown):
    with pytest.raises(
        TypeError,
        match=f"learning_rate must be a positive number; got {shown}",
    ):
        check_positive(value, "learning_rate")


def test_check_nonnegative():
    assert check_nonnegative(0, "alpha") == 0.0
    assert check_nonnegative(2, "alpha") == 2.0
    with pytest.raises(
        ValueError, match="alpha must be a finite number at least 0; got -1.0"
    ):
        check_nonnegative(-1, "alpha")
    with pytest.raises(ValueError, match="got nan"):
        check_nonnegative(float("nan"), "alpha")
    with pytest.raises(
        TypeError,
        match="alpha must be a non-negative number; got False of type bool",
    ):
        check_nonnegative(False, "alpha")


def test_check_positive_int():
    assert check_positive_int(5, "max_iter") == 5
    assert type(check_positive_int(np.int64(5), "max_iter")) is int
    with pytest.raises(ValueError, match="max_iter must be at least 1; got 0"):
        check_positive_int(0, "max_iter")
    with pytest.raises(
        ValueError, match="max_iter must be at least 1; got -3"
    ):
        check_positive_int(-3, "max_iter")
    with pytest.raises(
        TypeError,
        match="max_iter must be a whole number of at least 1; got 10.0 of type float",
    ):
        check_positive_int(10.0, "max_iter")
    with pytest.raises(TypeError, match="got True of type bool"):
        check_positive_int(True, "max_iter")
    with pytest.raises(TypeError, match="got '3' of type str"):
        check_positive_int("3", "max_iter")


# --------------------------------------------------------------------------- random state


def test_check_random_state():
    rng = np.random.default_rng(0)
    assert check_random_state(rng) is rng
    assert isinstance(check_random_state(None), np.random.Generator)
    a = check_random_state(42).random(3)
    b = check_random_state(np.int64(42)).random(3)
    np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(a, np.random.default_rng(42).random(3))


@pytest.mark.parametrize("value", [1.5, "0", True, np.random.RandomState(0)])
def test_check_random_state_refuses_kinds(value):
    with pytest.raises(
        TypeError,
        match="random_state must be None, an int seed or a numpy Generator; got",
    ):
        check_random_state(value)


def test_check_random_state_refuses_negative_seed():
    with pytest.raises(
        ValueError,
        match="random_state must be a non-negative int seed; got -1",
    ):
        check_random_state(-1)


# --------------------------------------------------------------------------- fitted state


class _Model:
    pass


def test_check_is_fitted_and_not_fitted_error():
    model = _Model()
    with pytest.raises(
        NotFittedError,
        match=r"This _Model is not fitted yet: call fit\(X, y\)",
    ):
        check_is_fitted(model)
    # catchable both as scikit-learn users expect (ValueError) and as attribute access does
    assert issubclass(NotFittedError, ValueError) and issubclass(
        NotFittedError, AttributeError
    )
    model.coef_ = np.zeros(2)
    check_is_fitted(model)
    with pytest.raises(NotFittedError):
        check_is_fitted(model, "weights_")


def test_check_n_features():
    check_n_features(np.zeros((4, 3)), 3, "Perceptron")
    with pytest.raises(
        ValueError,
        match=r"X has 2 features, but Perceptron is expecting 3 features "
        r"as input \(the number it was fitted with\)",
    ):
        check_n_features(np.zeros((4, 2)), 3, "Perceptron")


def test_warn_not_converged_points_at_the_caller():
    def fit():
        warn_not_converged("stopped after 5 passes")

    with pytest.warns(
        ConvergenceWarning, match="stopped after 5 passes"
    ) as record:
        fit()
    assert record[0].filename == __file__
    assert issubclass(ConvergenceWarning, UserWarning)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ConvergenceWarning)
        with pytest.raises(ConvergenceWarning):
            warn_not_converged("x")
