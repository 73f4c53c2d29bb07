"""Input checks shared by every estimator of the course library.

Each check raises a :class:`ValueError` (or :class:`TypeError` for the wrong kind of
object) whose message says what was expected and what was given, so that a student sees
"X must be a 2-D array of shape (n_samples, n_features); got a 1-D array of shape (5,)"
instead of a numpy traceback from deep inside an algorithm.

The conventions are the book's (see the notation page): samples are rows, binary labels are
mapped to -1/+1 with the larger label in sorted order as the positive class.
"""

from __future__ import annotations

import numbers
import warnings

import numpy as np
from scipy import sparse as _sparse
from sklearn import exceptions as _sklearn_exceptions

__all__ = [
    "ConvergenceWarning",
    "NotFittedError",
    "check_X",
    "check_X_y",
    "check_vector",
    "check_binary_labels",
    "check_labels",
    "check_positive",
    "check_nonnegative",
    "check_positive_int",
    "check_learning_rate",
    "check_classification_targets",
    "check_random_state",
    "check_is_fitted",
    "check_n_features",
    "warn_not_converged",
]


class ConvergenceWarning(_sklearn_exceptions.ConvergenceWarning):
    """Raised (as a warning) when an iterative method stops before it has converged.

    A subclass of scikit-learn's, so that code filtering scikit-learn's
    convergence warnings filters these too.
    """


class NotFittedError(_sklearn_exceptions.NotFittedError):
    """Raised when ``predict`` or a similar method is called before ``fit``.

    A subclass of scikit-learn's (itself a ``ValueError`` and an
    ``AttributeError``), so that ``except sklearn.exceptions.NotFittedError``
    catches it.
    """


def _describe(a: np.ndarray) -> str:
    return f"a {a.ndim}-D array of shape {a.shape}"


def _refuse_none(values, name: str, kind: str) -> None:
    if values is None:
        if name == "y":
            raise ValueError(
                "this estimator requires y to be passed, but the target y "
                "is None: give one target per row of X."
            )
        raise TypeError(f"{name} must be an array of {kind}; got None.")


def _as_float_array(values, name: str) -> np.ndarray:
    _refuse_none(values, name, "numbers")
    if _sparse.issparse(values):
        raise TypeError(
            f"{name} is a sparse matrix, and sparse input is not supported: "
            f"the algorithms work on dense arrays; use {name}.toarray()."
        )
    if isinstance(values, str):
        raise TypeError(
            f"{name} must be an array of numbers; got the string {values!r}."
        )
    if hasattr(values, "dtype") and np.iscomplexobj(values):
        raise ValueError(
            f"Complex data not supported: {name} must be an array of real "
            "numbers; got complex numbers."
        )
    try:
        array = np.asarray(values, dtype=float)
    except (TypeError, ValueError) as error:
        raise TypeError(
            f"{name} must be an array of numbers (ints or floats); "
            f"it could not be converted: {error}."
        ) from None
    return array


def _check_finite(array: np.ndarray, name: str) -> None:
    if not np.all(np.isfinite(array)):
        n_nan = int(np.isnan(array).sum())
        n_inf = int(np.isinf(array).sum())
        raise ValueError(
            f"{name} must contain only finite numbers; "
            f"got {n_nan} NaN and {n_inf} infinite value(s)."
        )


def check_X(X, name: str = "X", min_samples: int = 1) -> np.ndarray:
    """Return ``X`` as a finite 2-D float array of shape ``(n_samples, n_features)``.

    A 1-D input is refused rather than guessed at: the message suggests
    ``X.reshape(-1, 1)`` (one feature) or ``X.reshape(1, -1)`` (one sample).
    """
    array = _as_float_array(X, name)
    if array.ndim == 1:
        raise ValueError(
            f"{name} must be a 2-D array of shape (n_samples, n_features); got {_describe(array)}. "
            f"Reshape your data: use {name}.reshape(-1, 1) for a single "
            f"feature or {name}.reshape(1, -1) for a single sample."
        )
    if array.ndim != 2:
        raise ValueError(
            f"{name} must be a 2-D array of shape (n_samples, n_features); got {_describe(array)}."
        )
    if array.shape[0] < min_samples:
        raise ValueError(
            f"{name} must have at least {min_samples} sample(s) (rows); "
            f"got {array.shape[0]} sample(s)."
        )
    if array.shape[1] == 0:
        raise ValueError(
            f"{name} must have at least one feature (column); got 0 "
            f"feature(s) (shape={array.shape}) while a minimum of 1 is "
            "required."
        )
    _check_finite(array, name)
    return array


def check_vector(
    values, name: str = "y", length: int | None = None, numeric: bool = True
) -> np.ndarray:
    """Return ``values`` as a 1-D array (float when ``numeric``), optionally of a given length."""
    if numeric:
        array = _as_float_array(values, name)
    else:
        _refuse_none(values, name, "labels")
        array = np.asarray(values)
    if array.ndim == 2 and 1 in array.shape and array.size > 0:
        raise ValueError(
            f"{name} must be a 1-D array; got {_describe(array)}. Use {name}.ravel() to flatten it."
        )
    if array.ndim != 1:
        raise ValueError(
            f"{name} must be a 1-D array; got {_describe(array)}."
        )
    if array.size == 0:
        raise ValueError(f"{name} must not be empty.")
    if length is not None and array.shape[0] != length:
        raise ValueError(
            f"{name} must have one entry per sample: expected length {length}, got {array.shape[0]}."
        )
    if numeric:
        _check_finite(array, name)
    return array


def check_X_y(X, y, min_samples: int = 1, numeric_y: bool = True):
    """Check a design matrix and a target vector together; return ``(X, y)`` as arrays."""
    X = check_X(X, "X", min_samples=min_samples)
    y = check_vector(y, "y", numeric=numeric_y)
    if y.shape[0] != X.shape[0]:
        raise ValueError(
            f"X and y must have the same number of samples; got {X.shape[0]} rows in X "
            f"and {y.shape[0]} labels in y."
        )
    return X, y


def _check_label_array(y, name: str) -> np.ndarray:
    _refuse_none(y, name, "labels")
    labels = np.asarray(y)
    if labels.ndim != 1:
        raise ValueError(
            f"{name} must be a 1-D array of labels; got {_describe(labels)}."
        )
    if labels.size == 0:
        raise ValueError(f"{name} must not be empty.")
    if labels.dtype.kind == "f" and not np.all(np.isfinite(labels)):
        raise ValueError(f"{name} must not contain NaN or infinite labels.")
    if labels.dtype.kind == "O":
        try:
            np.unique(labels)
        except TypeError:
            raise TypeError(
                f"{name} mixes label types that cannot be sorted: {labels[:5]!r}..."
            ) from None
    return labels


def _n_classes(count: int) -> str:
    return "1 class" if count == 1 else f"{count} classes"


def check_binary_labels(y, name: str = "y"):
    """Map two-class labels to -1/+1.

    Returns ``(y_signed, classes)`` where ``classes`` holds the two labels in sorted order;
    ``classes[1]`` (the larger) is the positive class (+1), as on the notation page.
    Any two labels work, strings included.
    """
    labels = _check_label_array(y, name)
    classes = np.unique(labels)
    if classes.size != 2:
        shown = ", ".join(
            repr(c.item() if hasattr(c, "item") else c) for c in classes[:5]
        )
        more = "..." if classes.size > 5 else ""
        raise ValueError(
            f"{name} must contain exactly two classes for a binary model; "
            f"got {_n_classes(classes.size)}: [{shown}{more}]."
            + (
                " Only binary classification is supported by this model."
                if classes.size > 2
                else ""
            )
        )
    y_signed = np.where(labels == classes[1], 1.0, -1.0)
    return y_signed, classes


def check_labels(y, name: str = "y", min_classes: int = 2):
    """Encode labels of any number of classes as integers ``0..K-1``.

    Returns ``(y_index, classes)`` with ``classes`` sorted; ``classes[y_index] == y``.
    """
    labels = _check_label_array(y, name)
    classes, y_index = np.unique(labels, return_inverse=True)
    if classes.size < min_classes:
        raise ValueError(
            f"{name} must contain at least {min_classes} classes; got "
            f"{_n_classes(classes.size)} "
            f"({', '.join(map(repr, classes.tolist()))})."
        )
    return y_index, classes


def _is_real_number(value) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def check_positive(value, name: str) -> float:
    """Return ``value`` as a float, requiring a finite number strictly above zero."""
    if not _is_real_number(value):
        raise TypeError(
            f"{name} must be a positive number; got {value!r} of type {type(value).__name__}."
        )
    value = float(value)
    if not np.isfinite(value) or value <= 0:
        raise ValueError(
            f"{name} must be a finite number greater than 0; got {value}."
        )
    return value


def check_nonnegative(value, name: str) -> float:
    """Return ``value`` as a float, requiring a finite number at or above zero."""
    if not _is_real_number(value):
        raise TypeError(
            f"{name} must be a non-negative number; got {value!r} of type {type(value).__name__}."
        )
    value = float(value)
    if not np.isfinite(value) or value < 0:
        raise ValueError(
            f"{name} must be a finite number at least 0; got {value}."
        )
    return value


def check_positive_int(value, name: str) -> int:
    """Return ``value`` as an int, requiring a whole number of at least 1."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(
            f"{name} must be a whole number of at least 1; got {value!r} of type {type(value).__name__}."
        )
    if value < 1:
        raise ValueError(f"{name} must be at least 1; got {value}.")
    return int(value)


def check_learning_rate(learning_rate, auto: bool = False):
    """The one ``learning_rate`` contract of the library's estimators.

    ``learning_rate`` is a positive number (a constant step), a function
    ``k -> eta_k`` of the step number ``k = 1, 2, ...`` (such as
    :class:`mlcourse.gradient_descent.InverseLinear`), or, for the estimators
    that can choose a step themselves (``auto=True``), the string ``"auto"``.

    Returns ``"auto"`` or a function ``k -> eta_k`` that checks every step
    size it returns (a number, finite and above zero).
    """
    if isinstance(learning_rate, str):
        if auto and learning_rate == "auto":
            return "auto"
        error = ValueError if auto else TypeError
        choices = (
            "a function k -> eta_k, or 'auto'"
            if auto
            else ("or a function k -> eta_k")
        )
        raise error(
            f"learning_rate must be a positive number, {choices}; "
            f"got {learning_rate!r}."
        )
    if callable(learning_rate):
        return _checked_schedule(learning_rate)
    if not _is_real_number(learning_rate):
        raise TypeError(
            "learning_rate must be a positive number or a function "
            f"k -> eta_k (for example InverseLinear(1.0)); got "
            f"{learning_rate!r}."
        )
    constant = check_positive(learning_rate, "learning_rate")
    return lambda k: constant


def _checked_schedule(learning_rate):
    """Wrap ``k -> eta_k`` so that a bad step size gets a clear error."""

    def eta(k: int) -> float:
        try:
            value = learning_rate(k)
        except Exception as error:
            raise TypeError(
                "learning_rate must be a number or a function of the step "
                f"number k (k = 1, 2, ...); calling it with k={k} raised "
                f"{type(error).__name__}: {error}"
            ) from error
        if not _is_real_number(value):
            raise TypeError(
                "learning_rate(k) must return a number; "
                f"got {value!r} for k={k}."
            )
        value = float(value)
        if not np.isfinite(value) or value <= 0:
            raise ValueError(
                "learning_rate(k) must return a finite number greater than "
                f"0; got {value} for k={k}."
            )
        return value

    return eta


def check_classification_targets(y, name: str = "y") -> None:
    """Refuse a continuous target given to a classifier.

    Float labels that are not whole numbers (``0.5``, ``1.7``, ...) are
    measurements, not classes: each distinct value would become a class of
    its own. The message starts as scikit-learn's does ("Unknown label
    type"), so that code written for scikit-learn recognises it.
    """
    labels = np.asarray(y)
    if labels.dtype.kind != "f" or not np.all(np.isfinite(labels)):
        return
    if np.any(labels != np.round(labels)):
        raise ValueError(
            f"Unknown label type: continuous. {name} holds non-integer "
            "numbers, which look like measurements, not class labels; a "
            "classifier needs labels such as 0/1, -1/+1 or strings "
            "(use a regressor for a continuous target)."
        )


def check_random_state(random_state) -> np.random.Generator:
    """Turn ``None``, an int seed or a Generator into a :class:`numpy.random.Generator`."""
    if isinstance(random_state, np.random.Generator):
        return random_state
    if random_state is None or (
        isinstance(random_state, numbers.Integral)
        and not isinstance(random_state, bool)
    ):
        if random_state is not None and random_state < 0:
            raise ValueError(
                f"random_state must be a non-negative int seed; got {random_state}."
            )
        return np.random.default_rng(random_state)
    raise TypeError(
        f"random_state must be None, an int seed or a numpy Generator; got {random_state!r}."
    )


def check_is_fitted(estimator, attribute: str = "coef_") -> None:
    """Raise :class:`NotFittedError` unless ``estimator`` has been fitted."""
    if not hasattr(estimator, attribute):
        raise NotFittedError(
            f"This {type(estimator).__name__} is not fitted yet: call fit(X, y) before using it."
        )


def check_n_features(X, n_features: int, estimator_name: str) -> None:
    """Require ``X`` to have the number of features seen during ``fit``."""
    if X.shape[1] != n_features:
        raise ValueError(
            f"X has {X.shape[1]} features, but {estimator_name} is expecting "
            f"{n_features} features as input (the number it was fitted "
            "with)."
        )


def warn_not_converged(message: str, stacklevel: int = 3) -> None:
    """Issue a :class:`ConvergenceWarning` with ``message``."""
    warnings.warn(message, ConvergenceWarning, stacklevel=stacklevel)
