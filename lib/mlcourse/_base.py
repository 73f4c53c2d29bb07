"""The base every estimator of the library shares: scikit-learn's.

Estimators derive from :class:`sklearn.base.BaseEstimator` and the classifier
or regressor mixin, so that ``get_params``/``set_params``, ``clone``, the
``repr``, the estimator tags, ``Pipeline``, ``cross_val_score`` and
``GridSearchCV`` work as scikit-learn users expect. What the library's
classifiers share lives here once:

- :func:`check_predict_X`, the input check of every prediction method;
- :class:`LinearBinaryClassifierMixin`, prediction from the sign of the score
  (chapter "The perceptron", :eq:`eq-pc-rule`);
- :func:`check_classification_target`, which refuses a continuous target and
  maps class labels to the book's codes;
- :func:`learning_rate_schedule`, the one contract of a step size: a positive
  number, or a function ``k -> eta_k`` of the update (or step) number ``k``
  such as :class:`mlcourse.gradient_descent.InverseLinear`;
- :func:`check_start` and :func:`visiting_orders`, the starting point and the
  order of the samples of the mistake-driven rules.
"""

from __future__ import annotations

import numbers

import numpy as np
from scipy.sparse import issparse
from sklearn.base import BaseEstimator, ClassifierMixin, RegressorMixin
from sklearn.utils.multiclass import type_of_target

from ._validation import (
    check_is_fitted,
    check_positive,
    check_random_state,
    check_vector,
    check_X,
)

__all__ = [
    "BaseEstimator",
    "ClassifierMixin",
    "RegressorMixin",
    "LinearBinaryClassifierMixin",
    "check_predict_X",
    "check_fit_X",
    "check_classification_target",
    "learning_rate_schedule",
    "check_bool",
    "check_number",
    "check_start",
    "visiting_orders",
]


def _dense(X):
    """``X`` as a numpy array; a sparse matrix is refused clearly."""
    if issparse(X):
        raise TypeError(
            "X is a sparse matrix, but the library's estimators need dense "
            "data: pass X.toarray() (sparse input is not supported)."
        )
    if X is None or isinstance(X, str):
        return X
    return np.asarray(X)


def check_predict_X(estimator, X, attribute: str = "coef_") -> np.ndarray:
    """Validate ``X`` for prediction: fitted, finite, 2-D, as many features.

    The messages say what was expected, in scikit-learn's words where its
    own checks look for them ("Reshape your data", "X has 3 features, but
    ... is expecting 4 features as input").
    """
    check_is_fitted(estimator, attribute)
    X = _dense(X)
    if np.ndim(X) == 1:
        raise ValueError(
            "X must be a 2-D array of shape (n_samples, n_features); got a "
            f"1-D array of shape {X.shape}. Reshape your data: "
            "X.reshape(1, -1) for a single sample, X.reshape(-1, 1) for a "
            "single feature."
        )
    X = check_X(X)
    expected = estimator.n_features_in_
    if X.shape[1] != expected:
        raise ValueError(
            f"X has {X.shape[1]} features, but {type(estimator).__name__} "
            f"is expecting {expected} features as input: it was fitted with "
            f"{expected}."
        )
    return X


class LinearBinaryClassifierMixin(ClassifierMixin):
    """``decision_function`` and ``predict`` of a binary linear classifier.

    Scores are ``X @ coef_ + intercept_``; the prediction is ``classes_[1]``
    where the score is positive and ``classes_[0]`` otherwise (a tie goes to
    the negative class, as a zero score counts as a mistake in training).
    ``score`` (accuracy) comes from scikit-learn's ``ClassifierMixin``.
    """

    def decision_function(self, X) -> np.ndarray:
        """The scores ``X @ coef_ + intercept_``, shape ``(n_samples,)``."""
        X = check_predict_X(self, X)
        return X @ self.coef_ + self.intercept_

    def predict(self, X) -> np.ndarray:
        """``classes_[1]`` where the score is > 0, else ``classes_[0]``."""
        scores = self.decision_function(X)
        return self.classes_[(scores > 0).astype(int)]


def check_fit_X(X) -> np.ndarray:
    """Validate the samples given to ``fit``: a finite 2-D float array.

    As :func:`mlcourse._validation.check_X`, with scikit-learn's wording
    for an array without features (which its estimator checks look for).
    """
    X = _dense(X)
    if np.ndim(X) == 2 and X.shape[1] == 0:
        raise ValueError(
            f"X has 0 feature(s) (shape={X.shape}) while a minimum of 1 "
            "is required: X must have at least one feature (column)."
        )
    return check_X(X)


def _shown(classes) -> str:
    shown = ", ".join(
        repr(c.item() if hasattr(c, "item") else c) for c in classes[:5]
    )
    return shown + (", ..." if len(classes) > 5 else "")


def check_classification_target(y, n_samples: int, binary: bool):
    """Check class labels and encode them; return ``(codes, classes_)``.

    ``classes_`` holds the distinct labels in sorted order (any labels that
    sort: numbers, strings). With ``binary``, ``codes`` are -1/+1 and the
    larger label is the positive class (the notation page); otherwise codes
    are the indices ``0..K-1`` into ``classes_``. A continuous target (floats
    that are not whole numbers) is refused: a classifier would otherwise
    treat every distinct value as a class of its own.
    """
    if y is None:
        raise ValueError(
            "This classifier requires y to be passed, but the target y is "
            "None: call fit(X, y) with one class label per sample."
        )
    y = check_vector(y, "y", length=n_samples, numeric=False)
    if y.dtype.kind in "fc":
        if np.isnan(y).any():
            raise ValueError(
                "Input y contains NaN: y must hold one class label per sample."
            )
        if np.isinf(y).any():
            raise ValueError(
                "Input y contains infinity: y must hold one class label per "
                "sample."
            )
    if y.dtype.kind == "O":
        try:
            np.unique(y)
        except TypeError:
            raise TypeError(
                f"y mixes label types that cannot be sorted: {y[:5]!r}..."
            ) from None
    kind = type_of_target(y, input_name="y")
    if kind == "continuous":
        raise ValueError(
            "Unknown label type: continuous. A classifier needs class labels "
            "(integers, strings, or floats that are whole numbers); y holds "
            f"real values such as {y[0]!r}. For a real-valued target use a "
            "regression model."
        )
    classes, codes = np.unique(y, return_inverse=True)
    if classes.size < 2:
        wanted = (
            "exactly two classes for a binary model"
            if binary
            else ("at least two classes")
        )
        raise ValueError(
            f"y must contain {wanted}; got 1 class ({_shown(classes)}): a "
            "classifier cannot learn from one."
        )
    if binary:
        if classes.size != 2:
            raise ValueError(
                "Only binary classification is supported. y must contain "
                "exactly two classes for a binary model; got "
                f"{classes.size} distinct labels: [{_shown(classes)}]. Use "
                "MulticlassPerceptron for more classes."
            )
        return np.where(codes == 1, 1.0, -1.0), classes
    return codes, classes


def check_number(value, name: str) -> float:
    """Return ``value`` as a finite float; refuse booleans and non-numbers."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(
        value, (numbers.Real, np.floating, np.integer)
    ):
        raise TypeError(
            f"{name} must be a number; got {value!r} of type "
            f"{type(value).__name__}."
        )
    value = float(value)
    if not np.isfinite(value):
        raise ValueError(f"{name} must be a finite number; got {value}.")
    return value


def check_bool(value, name: str) -> bool:
    """Return ``value`` as a bool; refuse anything but True and False."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False; got {value!r}.")
    return bool(value)


def learning_rate_schedule(learning_rate, name: str = "learning_rate"):
    """Return ``eta(k)``, the step of update ``k`` (``k = 1`` first).

    The one contract of a step size in the library: ``learning_rate`` is a
    positive number (the same step every time) or a callable ``k -> eta_k``
    such as ``InverseLinear(1.0)``; each value it returns is checked (a
    positive, finite number) when it is used.
    """
    if callable(learning_rate):

        def eta(k: int) -> float:
            try:
                value = learning_rate(k)
            except Exception as error:
                raise TypeError(
                    f"{name} must be a number or a function of the update "
                    f"number k (k = 1, 2, ...); calling it with k={k} raised "
                    f"{type(error).__name__}: {error}"
                ) from error
            if isinstance(value, (bool, np.bool_)) or not isinstance(
                value, (numbers.Real, np.floating, np.integer)
            ):
                raise TypeError(
                    f"{name}(k) must return a number; got {value!r} for k={k}."
                )
            value = float(value)
            if not np.isfinite(value) or value <= 0:
                raise ValueError(
                    f"{name}(k) must return a finite number greater than 0; "
                    f"got {value} for k={k}."
                )
            return value

        eta.constant = None
        return eta
    if isinstance(learning_rate, (bool, np.bool_)) or not isinstance(
        learning_rate, (numbers.Real, np.floating, np.integer)
    ):
        raise TypeError(
            f"{name} must be a positive number or a function k -> eta_k "
            f"(for example InverseLinear(1.0)); got {learning_rate!r}."
        )
    constant = check_positive(float(learning_rate), name)

    def eta(k: int) -> float:
        return constant

    eta.constant = constant
    return eta


def check_start(coef_init, intercept_init, n_features: int, fit_intercept):
    """The starting point ``(w0, b0)`` of a mistake-driven rule (zeros)."""
    if coef_init is None:
        w = np.zeros(n_features)
    else:
        w = check_vector(coef_init, "coef_init", length=n_features).copy()
    if intercept_init is None:
        return w, 0.0
    b = check_number(intercept_init, "intercept_init")
    if not fit_intercept and b != 0.0:
        raise ValueError(
            f"intercept_init={b} was given but fit_intercept=False fixes the "
            "bias at 0; use fit_intercept=True or leave intercept_init out."
        )
    return w, b


def visiting_orders(n_samples: int, max_iter: int, shuffle, random_state):
    """Yield the order of the samples pass by pass.

    ``None`` stands for ``0, 1, ..., n - 1``; with ``shuffle`` each pass gets a
    fresh permutation, drawn when that pass starts (so that memory does not
    grow with ``max_iter``).
    """
    rng = check_random_state(random_state) if shuffle else None
    for _ in range(max_iter):
        yield rng.permutation(n_samples) if shuffle else None
