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
- :func:`check_pass_params`, the hyper-parameters every mistake-driven
  estimator shares (the step size is checked by
  :func:`mlcourse._validation.check_learning_rate`, the library's one
  contract of a step size);
- :func:`check_start`, :func:`check_signed_run` and :func:`visiting_orders`,
  the starting point, the inputs of a textbook loop on -1/+1 labels and the
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
    check_learning_rate,
    check_positive_int,
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
    "check_bool",
    "check_pass_params",
    "check_number",
    "check_start",
    "check_signed_run",
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


def check_signed_run(
    X,
    y_signed,
    coef_init,
    intercept_init,
    learning_rate,
    max_iter,
    fit_intercept,
):
    """Check the inputs of a textbook loop on -1/+1 labels.

    Returns ``(X, y_signed, w0, b0, eta, max_iter)``: the samples, the
    labels (only -1 and +1), the starting point of :func:`check_start`, the
    step ``eta(k)`` of update ``k`` and the number of passes.
    """
    X = check_X(X)
    y_signed = check_vector(y_signed, "y_signed", length=X.shape[0])
    if not np.all(np.isin(y_signed, (-1.0, 1.0))):
        raise ValueError(
            "y_signed must contain only -1 and +1; map labels with "
            "check_binary_labels first."
        )
    w, b = check_start(coef_init, intercept_init, X.shape[1], fit_intercept)
    eta = check_learning_rate(learning_rate)
    return X, y_signed, w, b, eta, check_positive_int(max_iter, "max_iter")


def check_pass_params(estimator, flags=("fit_intercept", "shuffle")):
    """Check a mistake-driven estimator's hyper-parameters.

    Returns ``(eta, max_iter)``: the step ``eta(k)`` of update ``k`` and the
    number of passes; each name in ``flags`` that the estimator has must be
    True or False.
    """
    eta = check_learning_rate(estimator.learning_rate)
    max_iter = check_positive_int(estimator.max_iter, "max_iter")
    for name in flags:
        if hasattr(estimator, name):
            check_bool(getattr(estimator, name), name)
    return eta, max_iter


def visiting_orders(n_samples: int, max_iter: int, shuffle, random_state):
    """Yield the order of the samples pass by pass.

    ``None`` stands for ``0, 1, ..., n - 1``; with ``shuffle`` each pass gets a
    fresh permutation, drawn when that pass starts (so that memory does not
    grow with ``max_iter``).
    """
    rng = check_random_state(random_state) if shuffle else None
    for _ in range(max_iter):
        yield rng.permutation(n_samples) if shuffle else None
