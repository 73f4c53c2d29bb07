"""The one validation layer of the library, on scikit-learn's own checks.

Every estimator declares its hyper-parameters in ``_parameter_constraints``
and wraps ``fit`` in :func:`fit_context` (scikit-learn's ``_fit_context``,
and a failed fit undone), so that a bad value gets scikit-learn's wording
("The 'max_iter' parameter of Perceptron must be an int in the range
[1, inf). Got 0 instead."); the functions of the
library declare theirs with ``validate_params``, which words it the same
way. Data go through :func:`fit_data` and :func:`predict_data`, which call
scikit-learn's ``validate_data`` (shapes, NaN, infinity, sparse input,
``n_features_in_`` and ``feature_names_in_``) and add what its messages do
not say: a ragged X, and values whose products overflow. Each fault has
one wording, wherever it happens.

The book's conventions (the notation page): samples are rows; binary labels
map to -1/+1, the larger label in sorted order being +1.
"""

from __future__ import annotations

import functools
import math
import sys
import warnings
from numbers import Integral, Real

import numpy as np
from sklearn import exceptions as _exceptions
from sklearn.base import _fit_context
from sklearn.utils import check_array
from sklearn.utils._param_validation import Interval, StrOptions
from sklearn.utils.multiclass import (
    check_classification_targets,
    type_of_target,
)
from sklearn.utils.validation import check_is_fitted, validate_data

__all__ = [
    "ConvergenceWarning",
    "NotFittedError",
    "NumberInterval",
    "PASSES",
    "POSITIVE",
    "NON_NEGATIVE",
    "RANDOM_STATE",
    "STEP",
    "StrOptions",
    "check_rows",
    "fit_context",
    "column_moments",
    "scale_diagnosis",
    "fit_data",
    "predict_data",
    "encode_labels",
    "check_start",
    "check_random_state",
    "step_sizes",
    "check_finite_result",
    "warn_not_converged",
    "warn_if_unscaled",
]


class ConvergenceWarning(_exceptions.ConvergenceWarning):
    """Warned when an iterative method stops before it has converged.

    A subclass of scikit-learn's, so that filtering scikit-learn's
    convergence warnings filters these too.
    """


class NotFittedError(_exceptions.NotFittedError):
    """Raised when ``predict`` or a similar method is called before ``fit``.

    A subclass of scikit-learn's (itself a ``ValueError`` and an
    ``AttributeError``).
    """


class NumberInterval(Interval):
    """scikit-learn's ``Interval`` of numbers, bools excluded.

    Python counts ``True`` as the integer 1, so ``Interval(Integral, ...)``
    accepts ``max_iter=True``; a switch given where a number is expected is
    a mistake, refused here with scikit-learn's wording.
    """

    def is_satisfied_by(self, val):
        if isinstance(val, (bool, np.bool_)):
            return False
        return super().is_satisfied_by(val)


# The vocabulary of the hyper-parameters, shared by every estimator.
#: A number of passes over the data (``max_iter``), or a count of at least 1.
PASSES = [NumberInterval(Integral, 1, None, closed="left")]
#: A step, a scale or a tolerance: a number above zero.
POSITIVE = [NumberInterval(Real, 0, None, closed="neither")]
#: A penalty (``alpha``) or a momentum: a number at or above zero.
NON_NEGATIVE = [NumberInterval(Real, 0, None, closed="left")]
#: The step-size contract: a number above zero, or a function ``k -> eta_k``.
STEP = [NumberInterval(Real, 0, None, closed="neither"), callable]
#: A seed (scikit-learn's range, that of numpy's ``RandomState``), a
#: ``RandomState``, numpy's ``Generator``, or None.
RANDOM_STATE = [
    None,
    NumberInterval(Integral, 0, 2**32 - 1, closed="both"),
    np.random.RandomState,
    np.random.Generator,
]

_LARGEST = np.finfo(float).max


def check_rows(X, name="X"):
    """Refuse a ragged list of rows with a message that says so.

    numpy's own message ("inhomogeneous shape after 1 dimensions") names
    neither the rows nor their lengths.
    """
    if isinstance(X, (list, tuple)) and X:
        lengths = {
            len(row) if isinstance(row, (list, tuple, np.ndarray)) else 0
            for row in X
        }
        if len(lengths) > 1:
            raise ValueError(
                f"{name} must be a rectangular array, one row per sample; "
                f"its rows have different lengths: {sorted(lengths)}."
            )


def _check_magnitude(estimator, X):
    """Refuse values whose products overflow (the score of one sample)."""
    largest = max(float(X.max()), -float(X.min()))
    if largest * largest * X.shape[1] >= _LARGEST:
        raise ValueError(
            f"X has values up to {largest:.3g}: the products that "
            f"{type(estimator).__name__} computes overflow the largest "
            f"float ({_LARGEST:.3g}). Rescale X, for example with "
            "sklearn.preprocessing.StandardScaler."
        )


def fit_data(estimator, X, y, *, classes=None, magnitude=True):
    """Validate the training data with scikit-learn's ``validate_data``.

    Returns ``(X, y)`` with X as float64. Sets ``n_features_in_`` and, for
    a DataFrame, ``feature_names_in_``. With ``classes`` ("binary" or
    "multiclass") the labels are encoded by :func:`encode_labels` and
    ``classes_`` is set; otherwise y must be numeric. With ``magnitude``,
    values whose products overflow are refused. A fit that fails here, or
    later, leaves the estimator as it was (:func:`fit_context`).
    """
    check_rows(X)
    X, y = validate_data(
        estimator,
        X,
        y,
        dtype=np.float64,
        order="C",
        y_numeric=classes is None,
    )
    if magnitude:
        _check_magnitude(estimator, X)
    if classes is not None:
        y, estimator.classes_ = encode_labels(y, binary=classes == "binary")
    return X, y


def fit_context(fit):
    """Decorate ``fit``: scikit-learn's ``_fit_context``, and a failed fit
    leaves the estimator as it was.

    ``_fit_context`` validates the hyper-parameters. When ``fit`` then
    raises (bad data, weights that overflow, a diverged training), every
    attribute is put back as it was before the call: a fitted estimator
    keeps its previous fit whole (its ``n_features_in_`` agrees with its
    weights), and an unfitted one stays unfitted, so ``predict`` raises
    :class:`NotFittedError`, not an error from inside numpy.
    """

    @functools.wraps(fit)
    def guarded(estimator, *args, **kwargs):
        before = dict(estimator.__dict__)
        try:
            return fit(estimator, *args, **kwargs)
        except BaseException:
            estimator.__dict__.clear()
            estimator.__dict__.update(before)
            raise

    return _fit_context(prefer_skip_nested_validation=True)(guarded)


def column_moments(X):
    """The mean and standard deviation of each column of ``X``.

    Computed on the columns divided by their largest size, so that neither
    tiny values (whose squares underflow to 0) nor large ones (whose squares
    overflow) spoil the spread.
    """
    size = np.max(np.abs(X), axis=0)
    size[size == 0] = 1.0
    scaled = X / size
    return scaled.mean(axis=0) * size, scaled.std(axis=0) * size


def _both_signs(X):
    """Whether every column of X holds a value <= 0 and a value >= 0.

    Its first rows are looked at first (a sign change among them holds for
    the column), and all of X only if they do not settle it: a reduction
    down the columns of a C-ordered X is ten times slower than over all
    of it.
    """
    for rows in (X[:64], X):
        if np.all((rows.min(axis=0) <= 0) & (rows.max(axis=0) >= 0)):
            return True
    return False


def scale_diagnosis(X):
    """The sentence naming X's scale as a failed fit's cause, or "".

    Fixed steps and the bias step of the perceptrons assume columns of
    roughly unit scale, centred near 0. Named (the worst column, with the
    advice to standardize): a column whose values are beyond 100 in size
    (a timestamp, a price), a column nearly constant far from 0 (its mean
    more than 100 standard deviations away: a second bias), or an X whose
    every value is below 0.01 in size (the bias step swamps ``w @ x``).
    """
    largest = max(float(X.max()), -float(X.min()))  # a cheap screen first
    if 0.01 <= largest <= 100 and _both_signs(X):
        return ""  # no large column, not all tiny, none far from 0 alone
    mean, spread = column_moments(X)
    size = np.maximum(np.abs(mean), spread)
    with np.errstate(divide="ignore", invalid="ignore"):
        offset = np.where(spread > 0, np.abs(mean) / spread, 0.0)
    if size.max() > 100 or size.max() < 0.01:
        j = int(np.argmax(size))
    elif offset.max() > 100:
        j = int(np.argmax(offset))
    else:
        return ""
    if size[j] == 0:  # X is all zeros: no scale to blame
        return ""
    return (
        f"X is not standardized: column {j} spans [{X[:, j].min():.3g}, "
        f"{X[:, j].max():.3g}] (mean {mean[j]:.3g}, standard deviation "
        f"{spread[j]:.3g}), far from the unit scale, centred at 0, that "
        "the step sizes and the bias assume. Standardize X (for example "
        "with sklearn.preprocessing.StandardScaler)."
    )


def predict_data(estimator, X, attribute=None):
    """Validate ``X`` for prediction: fitted, finite, the features of ``fit``.

    scikit-learn's messages: "X has 3 features, but ... is expecting 4
    features as input", and a DataFrame whose columns are not those of
    ``fit`` is refused ("The feature names should match those that were
    passed during fit").
    """
    try:
        check_is_fitted(estimator, attribute)
    except _exceptions.NotFittedError as error:
        raise NotFittedError(str(error)) from None
    check_rows(X)
    return validate_data(
        estimator, X, dtype=np.float64, order="C", reset=False
    )


def encode_labels(y, binary):
    """Check class labels and encode them; return ``(codes, classes_)``.

    ``classes_`` holds the distinct labels in sorted order. With
    ``binary``, codes are -1/+1 and ``classes_[1]`` is +1; otherwise they
    are indices ``0..K-1`` into ``classes_``. A continuous target gets
    scikit-learn's "Unknown label type" error.
    """
    check_classification_targets(y)
    classes, codes = np.unique(y, return_inverse=True)
    if classes.size < 2:
        raise ValueError(
            "y contains 1 class: a classifier needs at least two "
            f"(got only {classes[0]!r})."
        )
    if not binary:
        return codes, classes
    if classes.size > 2 or type_of_target(y) == "multiclass-multioutput":
        raise ValueError(
            "Only binary classification is supported: y must contain "
            f"exactly two classes; got {classes.size}. Use "
            "MulticlassPerceptron or SoftmaxRegression for more."
        )
    return np.where(codes == 1, 1.0, -1.0), classes


def check_start(coef_init, intercept_init, n_features, fit_intercept):
    """The starting weights ``(w0, b0)`` of a binary model (zeros)."""
    w = np.zeros(n_features)
    if coef_init is not None:
        w = check_array(
            coef_init, ensure_2d=False, input_name="coef_init"
        ).astype(float)
        if w.shape != (n_features,):
            raise ValueError(
                f"coef_init must have shape ({n_features},), one weight "
                f"per feature; got shape {w.shape}."
            )
    if intercept_init is None:
        return w, 0.0
    if not isinstance(intercept_init, Real) or not math.isfinite(
        intercept_init
    ):
        raise ValueError(
            f"intercept_init must be a finite number; got {intercept_init!r}."
        )
    b = np.array([intercept_init], dtype=float)
    if not fit_intercept and b[0] != 0.0:
        raise ValueError(
            f"intercept_init={b[0]:g} was given, but fit_intercept=False "
            "keeps the bias at 0."
        )
    return w, float(b[0])


def check_random_state(random_state) -> np.random.Generator:
    """A numpy ``Generator`` for ``None``, a seed, a Generator or a RandomState.

    A seed gives ``np.random.default_rng(seed)``. A ``RandomState`` is used
    as scikit-learn uses one: its stream advances, here by drawing the seed
    of the Generator.
    """
    if isinstance(random_state, np.random.Generator):
        return random_state
    if isinstance(random_state, np.random.RandomState):
        return np.random.default_rng(random_state.randint(2**31, size=4))
    return np.random.default_rng(random_state)


def step_sizes(learning_rate):
    """The library's one step-size contract: ``k -> eta_k``.

    ``learning_rate`` is a number above zero (a constant step) or a
    function of the step number ``k = 1, 2, ...``, such as
    :class:`mlcourse.gradient_descent.InverseLinear`. The function returned
    checks each step it gives: a number, finite and above zero. A line
    search (a schedule whose ``adaptive`` is true, such as
    :class:`mlcourse.gradient_descent.Backtracking`) chooses each step from
    an objective that the estimators do not hand to it: it is refused.
    """
    if getattr(learning_rate, "adaptive", False):
        raise TypeError(
            f"learning_rate={learning_rate!r} is a line search, which needs "
            "the objective at each step; the estimators take a number or a "
            "function k -> eta_k (such as InverseLinear or InverseSqrt). "
            "Use learning_rate='auto' where offered (a step that never "
            "increases the loss), or a number."
        )
    if not callable(learning_rate):
        constant = float(learning_rate)

        def eta(k):
            return constant

        eta.constant = constant  # the engine skips the call
        return eta

    def eta(k):
        value = learning_rate(k)
        if not isinstance(value, Real) or not 0 < value < math.inf:
            raise ValueError(
                "learning_rate(k) must return a number above zero; got "
                f"{value!r} for k={k}."
            )
        return float(value)

    return eta


def check_finite_result(estimator, *arrays):
    """Refuse a fit whose weights overflowed (a clear error, not NaN)."""
    if not all(np.all(np.isfinite(a)) for a in arrays):
        raise ValueError(
            f"{type(estimator).__name__}'s weights overflowed during fit: "
            "X or the step size is too large. Rescale X (for example with "
            "sklearn.preprocessing.StandardScaler) or lower learning_rate."
        )


def warn_not_converged(message):
    """Issue a :class:`ConvergenceWarning` with ``message``.

    The warning points at the first caller outside the library and
    scikit-learn (whose ``_fit_context`` wraps every ``fit``).
    """
    depth, frame = 1, sys._getframe(1)
    while frame is not None and frame.f_globals.get("__name__", "").split(".")[
        0
    ] in ("mlcourse", "sklearn"):
        depth, frame = depth + 1, frame.f_back
    warnings.warn(message, ConvergenceWarning, stacklevel=depth + 1)


def warn_if_unscaled(estimator, X, symptom):
    """Warn that X's scale is the cause of ``symptom``, if it is.

    ``symptom`` says what went wrong ("still made mistakes after 10
    passes"); the warning adds :func:`scale_diagnosis`. Returns whether it
    warned, so that a caller can give its other explanation otherwise.
    """
    diagnosis = scale_diagnosis(X)
    if diagnosis:
        warn_not_converged(
            f"{type(estimator).__name__} {symptom}. {diagnosis}"
        )
    return bool(diagnosis)
