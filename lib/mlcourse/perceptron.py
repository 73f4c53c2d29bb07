"""The perceptron: the single-sample and batch rules, and the book's helpers.

Chapter "The perceptron" (label ``chapter-perceptron``) builds everything here; the chapter
"The perceptron convergence theorem" uses :func:`margin`, :func:`radius` and
:func:`mistake_bound`.

Conventions (the notation page):

- the score is ``f(x) = w @ x + b``; a sample is a **mistake** when ``y * f(x) <= 0``, so a
  point on the boundary (score exactly 0) is a mistake whatever its label;
- the single-sample update is ``w += eta_k * y * x`` and ``b += eta_k * y``, where ``k`` is the
  number of the update (1 for the first) and ``eta_k`` is ``learning_rate`` (a number) or
  ``learning_rate(k)`` (a function or a schedule such as
  :class:`mlcourse.gradient_descent.InverseLinear`);
- the larger of the two labels in sorted order is the positive class ``+1``.

Two implementations of the single-sample rule live side by side:

- :func:`plain_perceptron`, the textbook loop, one sample at a time; it is the reference;
- :func:`fast_perceptron`, which finds the next mistake with :func:`find_next_mistake`
  (matrix-vector products over blocks of samples) and then makes the *same* update. It gives
  bit for bit the same ``coef_path`` as the plain loop; ``tests/test_perceptron.py`` proves
  it on many random data sets. :class:`Perceptron` uses the fast path.
"""

from __future__ import annotations

import numbers
from typing import NamedTuple

import numpy as np

from ._validation import (
    check_binary_labels,
    check_is_fitted,
    check_n_features,
    check_nonnegative,
    check_positive,
    check_positive_int,
    check_random_state,
    check_vector,
    check_X,
    warn_not_converged,
)

__all__ = [
    "Perceptron",
    "BatchPerceptron",
    "PerceptronRun",
    "augment",
    "normalize",
    "margin",
    "radius",
    "perceptron_criterion",
    "mistake_bound",
    "plain_perceptron",
    "fast_perceptron",
    "find_next_mistake",
]

_EPS = np.finfo(float).eps
_TINY = np.finfo(float).tiny


# ---------------------------------------------------------------------------------------
# Helpers with the book's names (sections "Bias by augmentation", "Normalization",
# and the convergence chapter)
# ---------------------------------------------------------------------------------------


def augment(X) -> np.ndarray:
    """Augmented samples ``[1, x]``: a column of ones is put FIRST (equation eq-pc-augmented).

    With ``X_tilde = augment(X)`` and ``w_tilde = [b, *w]``, ``X_tilde @ w_tilde`` equals
    ``X @ w + b``: the bias becomes the weight ``w_tilde[0]`` of a constant feature, as in
    the lectures' ``a = [a0, a1, ..., ad]``.
    """
    X = check_X(X)
    return np.hstack([np.ones((X.shape[0], 1)), X])


def normalize(X, y) -> np.ndarray:
    """The normalization (reflection) trick: row ``i`` of the result is ``y_i * X[i]``.

    Labels are mapped to -1/+1 (larger label is +1). Then "every sample is correctly
    classified by ``w``" reads "``Z @ w > 0`` for every row of ``Z = normalize(X, y)``".
    Pass augmented samples, ``normalize(augment(X), y)``, to reflect the bias feature too.
    """
    X, y = _check_X_labels(X, y)
    y_signed, _ = check_binary_labels(y)
    return y_signed[:, None] * X


def margin(w, X, y, b: float = 0.0) -> float:
    """Geometric margin of the separator ``(w, b)`` on ``(X, y)``: ``min_i y_i (w @ x_i + b) / ||w||``.

    - The bias ``b`` (default 0: a separator through the origin, as in the convergence
      theorem) enters the scores but not the norm: the result is the smallest signed
      Euclidean distance from a sample to the hyperplane ``w @ x + b = 0``.
    - Sign convention: positive when every sample is on its own side (the larger of the
      distances is then the separator's margin, called gamma in the convergence chapter);
      zero or negative when some sample is on the boundary or on the wrong side.
    - To measure a separator with a bias in augmented form, call
      ``margin(np.r_[b, w], augment(X), y)``: that divides by ``||(b, w)||`` instead.
    """
    X, y = _check_X_labels(X, y)
    w = check_vector(w, "w", length=X.shape[1])
    b = _check_number(b, "b")
    norm = np.linalg.norm(w)
    if norm == 0:
        raise ValueError(
            "w must not be the zero vector: the zero vector defines no hyperplane."
        )
    y_signed, _ = check_binary_labels(y)
    return float(np.min(y_signed * (X @ w + b)) / norm)


def radius(X) -> float:
    """Radius of the data, ``R = max_i ||x_i||``: the smallest origin-centred ball holding it."""
    X = check_X(X)
    return float(np.max(np.linalg.norm(X, axis=1)))


def perceptron_criterion(w, X, y, b: float = 0.0) -> float:
    """The perceptron criterion ``J_p(w, b) = sum_i max(0, -y_i (w @ x_i + b))`` (eq-pc-criterion).

    It sums, over the mistakes, how far on the wrong side each one is (measured by its
    score); samples on the boundary count as mistakes but add 0. It is 0 exactly when no
    sample is strictly on the wrong side.
    """
    X, y = _check_X_labels(X, y)
    w = check_vector(w, "w", length=X.shape[1])
    b = _check_number(b, "b")
    y_signed, _ = check_binary_labels(y)
    return float(np.sum(np.maximum(0.0, -y_signed * (X @ w + b))))


def mistake_bound(R, gamma) -> float:
    """The convergence theorem's bound ``(R / gamma)**2`` on the number of updates.

    ``R`` is the radius of the data (:func:`radius`) and ``gamma`` the margin of a unit
    separator (:func:`margin`), both for the same (possibly augmented) samples.
    """
    R = check_nonnegative(R, "R")
    gamma = check_positive(gamma, "gamma")
    return (R / gamma) ** 2


# ---------------------------------------------------------------------------------------
# Validation helpers
# ---------------------------------------------------------------------------------------


def _check_number(value, name: str) -> float:
    if isinstance(value, (bool, np.bool_)) or not isinstance(
        value, (numbers.Real, np.floating, np.integer)
    ):
        raise TypeError(
            f"{name} must be a number; got {value!r} of type {type(value).__name__}."
        )
    value = float(value)
    if not np.isfinite(value):
        raise ValueError(f"{name} must be a finite number; got {value}.")
    return value


def _check_X_labels(X, y):
    X = check_X(X)
    y = check_vector(y, "y", length=X.shape[0], numeric=False)
    return X, y


def _check_learning_rate(learning_rate):
    """Return a function ``k -> eta_k`` that checks each step size it returns."""
    if callable(learning_rate):

        def eta(k: int) -> float:
            try:
                value = learning_rate(k)
            except Exception as error:
                raise TypeError(
                    f"learning_rate must be a number or a function of the update number k "
                    f"(k = 1, 2, ...); calling it with k={k} raised {type(error).__name__}: {error}"
                ) from error
            if isinstance(value, (bool, np.bool_)) or not isinstance(
                value, (numbers.Real, np.floating, np.integer)
            ):
                raise TypeError(
                    f"learning_rate(k) must return a number; got {value!r} for k={k}."
                )
            value = float(value)
            if not np.isfinite(value) or value <= 0:
                raise ValueError(
                    f"learning_rate(k) must return a finite number greater than 0; got {value} for k={k}."
                )
            return value

        return eta
    if isinstance(learning_rate, (bool, np.bool_)) or not isinstance(
        learning_rate, (numbers.Real, np.floating, np.integer)
    ):
        raise TypeError(
            "learning_rate must be a positive number or a function k -> eta_k "
            f"(for example InverseLinear(1.0)); got {learning_rate!r}."
        )
    constant = check_positive(float(learning_rate), "learning_rate")
    return lambda k: constant


def _check_max_iter(max_iter) -> int:
    return check_positive_int(max_iter, "max_iter")


def _check_init(
    coef_init, intercept_init, n_features: int, fit_intercept: bool
):
    if coef_init is None:
        w = np.zeros(n_features)
    else:
        w = check_vector(coef_init, "coef_init", length=n_features).copy()
    if intercept_init is None:
        b = 0.0
    else:
        b = _check_number(intercept_init, "intercept_init")
        if not fit_intercept and b != 0.0:
            raise ValueError(
                f"intercept_init={b} was given but fit_intercept=False fixes the bias at 0; "
                "use fit_intercept=True or leave intercept_init out."
            )
    return w, b


# ---------------------------------------------------------------------------------------
# The single-sample rule: the plain loop and the fast path (section "The single-sample rule")
# ---------------------------------------------------------------------------------------


class PerceptronRun(NamedTuple):
    """What a run of the single-sample rule returns.

    ``coef_path[k]`` and ``intercept_path[k]`` are the weights after ``k`` updates (row 0 is
    the starting point); ``update_indices[k - 1]`` is the row of ``X`` that caused update
    ``k``; ``n_iter`` is the number of passes made; ``converged`` says whether the last pass
    found no mistake.
    """

    coef_path: np.ndarray
    intercept_path: np.ndarray
    update_indices: np.ndarray
    n_iter: int
    converged: bool


def _score(x, w, b):
    """The score ``w @ x + b`` of one sample, as both implementations compute it.

    Every mistake decision of the plain loop and of the fast path goes through this one
    expression, which is what makes the two agree bit for bit.
    """
    return float(x @ w) + b


def _is_mistake(x, y_i, w, b) -> bool:
    """The mistake rule ``y * (w @ x + b) <= 0`` (equation eq-pc-mistake); ``y_i`` is -1 or +1."""
    return y_i * _score(x, w, b) <= 0.0


def _visiting_orders(n_samples, max_iter, shuffle, random_state):
    """Yield the order of the samples for each pass: ``0..n-1``, or a fresh permutation."""
    rng = check_random_state(random_state) if shuffle else None
    identity = np.arange(n_samples)
    for _ in range(max_iter):
        yield rng.permutation(n_samples) if shuffle else identity


def _check_run_inputs(
    X,
    y_signed,
    coef_init,
    intercept_init,
    learning_rate,
    max_iter,
    fit_intercept,
):
    X = check_X(X)
    y_signed = check_vector(y_signed, "y_signed", length=X.shape[0])
    if not np.all(np.isin(y_signed, (-1.0, 1.0))):
        raise ValueError(
            "y_signed must contain only -1 and +1; map labels with check_binary_labels first."
        )
    w, b = _check_init(coef_init, intercept_init, X.shape[1], fit_intercept)
    return (
        X,
        y_signed,
        w,
        b,
        _check_learning_rate(learning_rate),
        _check_max_iter(max_iter),
    )


def plain_perceptron(
    X,
    y_signed,
    coef_init=None,
    intercept_init=None,
    *,
    learning_rate=1.0,
    max_iter=1000,
    fit_intercept=True,
    shuffle=False,
    random_state=None,
) -> PerceptronRun:
    """The single-sample perceptron as the textbook writes it: the reference loop.

    Algorithm "single-sample perceptron" of the chapter: visit the samples in order (or in a
    fresh random order each pass when ``shuffle``); whenever ``y_i (w @ x_i + b) <= 0``,
    update ``w += eta_k y_i x_i`` and ``b += eta_k y_i`` (``b`` stays 0 when not
    ``fit_intercept``). Stop after a pass with no mistake, or after ``max_iter`` passes.
    ``y_signed`` holds -1/+1 labels. Returns a :class:`PerceptronRun`; it does not warn.
    """
    X, y_signed, w, b, eta, max_iter = _check_run_inputs(
        X,
        y_signed,
        coef_init,
        intercept_init,
        learning_rate,
        max_iter,
        fit_intercept,
    )
    coef_path, intercept_path, updates = [w.copy()], [b], []
    n_iter, converged = 0, False
    for order in _visiting_orders(X.shape[0], max_iter, shuffle, random_state):
        n_iter += 1
        mistakes = 0
        for i in order:
            if _is_mistake(X[i], y_signed[i], w, b):
                w, b = _update(
                    w,
                    b,
                    X[i],
                    y_signed[i],
                    eta(len(updates) + 1),
                    fit_intercept,
                )
                coef_path.append(w.copy())
                intercept_path.append(b)
                updates.append(i)
                mistakes += 1
        if mistakes == 0:
            converged = True
            break
    return PerceptronRun(
        np.array(coef_path),
        np.array(intercept_path),
        np.array(updates, dtype=int),
        n_iter,
        converged,
    )


def _update(w, b, x, y_i, eta_k, fit_intercept):
    """One update (equation eq-pc-update): ``w + eta_k y x`` and ``b + eta_k y``."""
    step = eta_k * y_i
    w = w + step * x
    if fit_intercept:
        b = b + step
    return w, b


def find_next_mistake(
    X, y_signed, w, b, start=0, row_norms=None, first_block=64
) -> int:
    """Index of the first mistake at or after row ``start``, or -1 when there is none.

    It returns exactly what this loop returns, only faster::

        for i in range(start, len(X)):
            if y_signed[i] * (float(X[i] @ w) + b) <= 0:
                return i
        return -1

    How. The rows are scanned in blocks: first ``first_block`` rows (64), and each following
    block twice as long as the one before, so that an early mistake costs a small product and
    a clean pass costs a few large ones. For a block, one matrix-vector product gives all the
    scores at once. A matrix-vector product may round differently from the per-sample dot
    product, so its scores are not used to *decide*; they are used to *rule out*. Both ways
    of summing ``d`` products and adding ``b`` are within about ``(d + 1) * eps / 2`` times
    ``sum_j |x_ij w_j| + |b| <= ||x_i|| ||w|| + |b|`` of the exact score (the standard
    bound for floating-point sums, whatever the order or blocking). The tolerance used is
    ``8 (d + 2) eps (||x_i|| ||w|| + |b|)`` (plus a few smallest normal numbers for
    underflow), far above twice that bound. A row whose block margin exceeds the tolerance
    is certainly not a mistake for the per-sample computation either; every other row
    (a candidate) is checked, in order, with the per-sample expression the plain loop uses.
    The first candidate that is a mistake is returned. Hence the same index, bit for bit.

    Parameters
    ----------
    X : (n, d) float array; y_signed : (n,) array of -1/+1; w : (d,) array; b : float
        Trusted arrays (this is an inner routine: no validation).
    start : int
        First row to look at.
    row_norms : (n,) array, optional
        ``np.linalg.norm(X, axis=1)``; pass it when calling many times on the same ``X``.
    first_block : int
        Length of the first block (64); later blocks double.
    """
    n, d = X.shape
    if row_norms is None:
        row_norms = np.sqrt(np.einsum("ij,ij->i", X, X))
    slack = 4.0 * (d + 2) * _EPS * 2.0
    scale = float(np.sqrt(w @ w))
    abs_b = abs(b)
    block = first_block
    while start < n:
        stop = min(n, start + block)
        margins = y_signed[start:stop] * (X[start:stop] @ w + b)
        tolerance = (
            slack * (row_norms[start:stop] * scale + abs_b) + (d + 2) * _TINY
        )
        for offset in np.flatnonzero(margins <= tolerance):
            i = start + int(offset)
            if _is_mistake(X[i], y_signed[i], w, b):
                return i
        start = stop
        block *= 2
    return -1


def fast_perceptron(
    X,
    y_signed,
    coef_init=None,
    intercept_init=None,
    *,
    learning_rate=1.0,
    max_iter=1000,
    fit_intercept=True,
    shuffle=False,
    random_state=None,
) -> PerceptronRun:
    """The single-sample perceptron with the next mistake found by :func:`find_next_mistake`.

    Same arguments, same visiting orders (the same random permutations when ``shuffle``),
    same updates and the same result as :func:`plain_perceptron`, bit for bit: only the
    search for the next mistake is vectorized.
    """
    X, y_signed, w, b, eta, max_iter = _check_run_inputs(
        X,
        y_signed,
        coef_init,
        intercept_init,
        learning_rate,
        max_iter,
        fit_intercept,
    )
    norms = np.sqrt(np.einsum("ij,ij->i", X, X))
    coef_path, intercept_path, updates = [w.copy()], [b], []
    n_iter, converged = 0, False
    for order in _visiting_orders(X.shape[0], max_iter, shuffle, random_state):
        n_iter += 1
        if shuffle:
            X_pass, y_pass, norms_pass = (
                X[order],
                y_signed[order],
                norms[order],
            )
        else:
            X_pass, y_pass, norms_pass = X, y_signed, norms
        mistakes, position = 0, 0
        while True:
            position = find_next_mistake(
                X_pass, y_pass, w, b, position, norms_pass
            )
            if position < 0:
                break
            w, b = _update(
                w,
                b,
                X_pass[position],
                y_pass[position],
                eta(len(updates) + 1),
                fit_intercept,
            )
            coef_path.append(w.copy())
            intercept_path.append(b)
            updates.append(int(order[position]))
            mistakes += 1
            position += 1
        if mistakes == 0:
            converged = True
            break
    return PerceptronRun(
        np.array(coef_path),
        np.array(intercept_path),
        np.array(updates, dtype=int),
        n_iter,
        converged,
    )


# ---------------------------------------------------------------------------------------
# Estimators
# ---------------------------------------------------------------------------------------


class _LinearBinaryClassifier:
    """Shared prediction code: ``decision_function``, ``predict``, ``score``."""

    def _check_predict_X(self, X):
        check_is_fitted(self)
        X = check_X(X)
        check_n_features(X, self.coef_.shape[0], type(self).__name__)
        return X

    def decision_function(self, X) -> np.ndarray:
        """The scores ``X @ coef_ + intercept_``."""
        X = self._check_predict_X(X)
        return X @ self.coef_ + self.intercept_

    def predict(self, X) -> np.ndarray:
        """``classes_[1]`` where the score is > 0, ``classes_[0]`` otherwise (ties go negative)."""
        scores = self.decision_function(X)
        return self.classes_[(scores > 0).astype(int)]

    def score(self, X, y) -> float:
        """Accuracy: the fraction of samples whose predicted label equals ``y``."""
        X = self._check_predict_X(X)
        y = check_vector(y, "y", length=X.shape[0], numeric=False)
        return float(np.mean(self.predict(X) == y))

    def _check_common(self):
        _check_learning_rate(self.learning_rate)
        _check_max_iter(self.max_iter)
        if not isinstance(self.fit_intercept, (bool, np.bool_)):
            raise TypeError(
                f"fit_intercept must be True or False; got {self.fit_intercept!r}."
            )

    def get_params(self, deep: bool = True) -> dict:
        return {name: getattr(self, name) for name in self._param_names}

    def set_params(self, **params):
        for name, value in params.items():
            if name not in self._param_names:
                raise ValueError(
                    f"{type(self).__name__} has no parameter {name!r}; it has {self._param_names}."
                )
            setattr(self, name, value)
        return self

    def __repr__(self) -> str:
        changed = ", ".join(
            f"{k}={v!r}"
            for k, v in self.get_params().items()
            if v != self._defaults[k]
        )
        return f"{type(self).__name__}({changed})"


class Perceptron(_LinearBinaryClassifier):
    """The online (single-sample) perceptron of Rosenblatt (chapter "The perceptron").

    Parameters
    ----------
    learning_rate : float or callable, default 1.0
        The step ``eta_k`` of update ``k``: a positive number, or a function of ``k``
        (``k = 1`` for the first update), such as ``InverseLinear(1.0)`` from
        :mod:`mlcourse.gradient_descent`.
    max_iter : int, default 1000
        Largest number of passes over the data.
    fit_intercept : bool, default True
        Learn the bias ``b``; when False, ``b`` stays 0 (separator through the origin).
    shuffle : bool, default False
        Visit the samples in a fresh random order each pass (else in the order of ``X``).
    random_state : None, int or Generator
        Seed of the shuffling.

    Attributes
    ----------
    coef_, intercept_ : the final ``w`` and ``b``.
    coef_path_, intercept_path_ : the weights before the first update and after each one,
        shapes ``(n_updates_ + 1, n_features)`` and ``(n_updates_ + 1,)``.
    update_indices_ : the row of ``X`` behind each update, shape ``(n_updates_,)``.
    n_updates_ : number of updates (mistakes met during training).
    n_iter_ : number of passes made.
    converged_ : True when the last pass found no mistake.
    classes_ : the two labels; ``classes_[1]`` is the positive class.

    A sample is a mistake when ``y (w @ x + b) <= 0``. Training stops after a pass with no
    mistake, or after ``max_iter`` passes with a ``ConvergenceWarning`` (non-separable data
    never hangs). The next mistake is found by :func:`find_next_mistake`; the result is
    identical to :func:`plain_perceptron`.
    """

    _param_names = (
        "learning_rate",
        "max_iter",
        "fit_intercept",
        "shuffle",
        "random_state",
        "record_path",
    )
    _defaults = dict(
        learning_rate=1.0,
        max_iter=1000,
        fit_intercept=True,
        shuffle=False,
        random_state=None,
        record_path=True,
    )

    def __init__(
        self,
        learning_rate=1.0,
        max_iter=1000,
        fit_intercept=True,
        shuffle=False,
        random_state=None,
        record_path=True,
    ):
        self.learning_rate = learning_rate
        self.max_iter = max_iter
        self.fit_intercept = fit_intercept
        self.shuffle = shuffle
        self.random_state = random_state
        self.record_path = record_path

    _run = staticmethod(fast_perceptron)

    def fit(self, X, y, coef_init=None, intercept_init=None):
        """Run the single-sample rule from ``(coef_init, intercept_init)`` (default zeros)."""
        self._check_common()
        X, y = _check_X_labels(X, y)
        y_signed, self.classes_ = check_binary_labels(y)
        run = self._run(
            X,
            y_signed,
            coef_init,
            intercept_init,
            learning_rate=self.learning_rate,
            max_iter=self.max_iter,
            fit_intercept=self.fit_intercept,
            shuffle=bool(self.shuffle),
            random_state=self.random_state,
        )
        self.coef_path_ = run.coef_path
        self.intercept_path_ = run.intercept_path
        self.update_indices_ = run.update_indices
        self.coef_ = run.coef_path[-1].copy()
        self.intercept_ = float(run.intercept_path[-1])
        self.n_updates_ = len(run.update_indices)
        self.n_iter_ = run.n_iter
        self.converged_ = run.converged
        if not run.converged:
            warn_not_converged(
                f"{type(self).__name__} made mistakes in every one of its {run.n_iter} passes "
                f"(max_iter={self.max_iter}): the data may not be linearly separable. "
                "It stopped with the weights of its last update; raise max_iter or use a "
                "decaying learning_rate."
            )
        return self


class BatchPerceptron(_LinearBinaryClassifier):
    """The batch perceptron: gradient descent on the perceptron criterion (eq-pc-batch).

    Each iteration computes the set ``M`` of mistakes (``y_i (w @ x_i + b) <= 0``) and takes
    one step ``w += eta_k * sum_{i in M} y_i x_i``, ``b += eta_k * sum_{i in M} y_i``. It
    stops when ``M`` is empty (``converged_``) or after ``max_iter`` iterations, with a
    ``ConvergenceWarning``. Same parameters as :class:`Perceptron` (without shuffling, which
    does not change a sum) and the same attributes; ``n_iter_`` counts iterations and
    ``coef_path_`` holds the weights before the first step and after each step.
    """

    _param_names = (
        "learning_rate",
        "max_iter",
        "fit_intercept",
        "record_path",
    )
    _defaults = dict(
        learning_rate=1.0, max_iter=1000, fit_intercept=True, record_path=True
    )

    def __init__(
        self,
        learning_rate=1.0,
        max_iter=1000,
        fit_intercept=True,
        record_path=True,
    ):
        self.learning_rate = learning_rate
        self.max_iter = max_iter
        self.fit_intercept = fit_intercept
        self.record_path = record_path

    def fit(self, X, y, coef_init=None, intercept_init=None):
        """Run the batch rule from ``(coef_init, intercept_init)`` (default zeros)."""
        self._check_common()
        X, y = _check_X_labels(X, y)
        y_signed, self.classes_ = check_binary_labels(y)
        w, b = _check_init(
            coef_init, intercept_init, X.shape[1], self.fit_intercept
        )
        eta = _check_learning_rate(self.learning_rate)
        max_iter = _check_max_iter(self.max_iter)
        coef_path, intercept_path, n_mistakes = [w.copy()], [b], []
        converged, n_iter = False, 0
        for k in range(1, max_iter + 1):
            n_iter = k
            mistakes = y_signed * (X @ w + b) <= 0
            n_mistakes.append(int(mistakes.sum()))
            if not mistakes.any():
                converged = True
                break
            eta_k = eta(len(coef_path))
            w = w + eta_k * (y_signed[mistakes] @ X[mistakes])
            if self.fit_intercept:
                b = b + eta_k * float(y_signed[mistakes].sum())
            coef_path.append(w.copy())
            intercept_path.append(b)
        if not converged:
            mistakes = y_signed * (X @ w + b) <= 0
            n_mistakes.append(int(mistakes.sum()))
            converged = not mistakes.any()
        self.coef_path_ = np.array(coef_path)
        self.intercept_path_ = np.array(intercept_path)
        self.n_mistakes_ = np.array(n_mistakes)
        self.coef_ = w.copy()
        self.intercept_ = float(b)
        self.n_updates_ = len(coef_path) - 1
        self.n_iter_ = n_iter
        self.converged_ = converged
        if not converged:
            warn_not_converged(
                f"BatchPerceptron still had {n_mistakes[-1]} mistake(s) after max_iter={max_iter} "
                "iterations: the data may not be linearly separable. Raise max_iter or use a "
                "decaying learning_rate."
            )
        return self
