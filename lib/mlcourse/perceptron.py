"""The perceptron: the single-sample and batch rules, and the book's helpers.

Chapter "The perceptron" (label ``chapter-perceptron``) builds everything
here; the chapter "The perceptron convergence theorem" uses :func:`margin`,
:func:`radius` and :func:`mistake_bound`.

Conventions (the notation page):

- the score is ``f(x) = w @ x + b``; a sample is a **mistake** when
  ``y * f(x) <= 0`` (:eq:`eq-pc-mistake`), so a point on the boundary (score
  exactly 0) is a mistake whatever its label;
- the single-sample update is ``w += eta_k * y * x`` and ``b += eta_k * y``
  (:eq:`eq-pc-update`), where ``k`` is the number of the update (1 for the
  first) and ``eta_k`` is ``learning_rate`` (a number) or
  ``learning_rate(k)`` (a function or a schedule such as
  :class:`mlcourse.gradient_descent.InverseLinear`);
- the larger of the two labels in sorted order is the positive class ``+1``.

Two implementations of the single-sample rule live side by side:

- :func:`plain_perceptron`, the textbook loop (algorithm
  ``alg-pc-single``), one sample at a time; it is the reference;
- :func:`fast_perceptron`, which finds the next mistake with the block scan
  of :func:`mistakes_in_pass` and then makes the *same* update. It gives bit
  for bit the same weights as the plain loop; ``tests/test_perceptron.py``
  proves it on many random data sets. :class:`Perceptron` uses the fast path.

The block scan is the library's one next-mistake engine: the voted,
averaged, kernel and multi-class perceptrons of
:mod:`mlcourse.perceptron_variants` use it too.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from ._base import (
    BaseEstimator,
    LinearBinaryClassifierMixin,
    check_classification_target,
    check_fit_X,
    check_number,
    check_pass_params,
    check_signed_run,
    check_start,
    visiting_orders,
)
from ._validation import (
    check_binary_labels,
    check_nonnegative,
    check_positive,
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
    "mistakes_in_pass",
    "rounding_tolerance",
]

_EPS = np.finfo(float).eps
_TINY = np.finfo(float).tiny
FIRST_BLOCK = 64


# ---------------------------------------------------------------------------
# Helpers with the book's names (sections "The bias by augmentation",
# "Normalization", and the convergence chapter)
# ---------------------------------------------------------------------------


def augment(X) -> np.ndarray:
    """Augmented samples ``[1, x]``, the ones FIRST (:eq:`eq-pc-augmented`).

    Section "The bias by augmentation": with ``X_tilde = augment(X)`` and
    ``w_tilde = [b, *w]``, ``X_tilde @ w_tilde`` equals ``X @ w + b``: the
    bias becomes the weight ``w_tilde[0]`` of a constant feature, as in the
    lectures' ``a = [a0, a1, ..., ad]``.
    """
    X = check_X(X)
    return np.hstack([np.ones((X.shape[0], 1)), X])


def normalize(X, y) -> np.ndarray:
    """The normalization (reflection) trick: row ``i`` is ``y_i * X[i]``.

    Section "Normalization: one class instead of two"
    (:eq:`eq-pc-normalized`). Labels are mapped to -1/+1 (larger label is
    +1). Then "every sample is correctly classified by ``w``" reads
    "``Z @ w > 0`` for every row of ``Z = normalize(X, y)``". Pass augmented
    samples, ``normalize(augment(X), y)``, to reflect the bias feature too.
    """
    X, y = _check_X_labels(X, y)
    y_signed, _ = check_binary_labels(y)
    return y_signed[:, None] * X


def margin(w, X, y, b: float = 0.0) -> float:
    """Geometric margin of ``(w, b)`` on ``(X, y)``.

    ``min_i y_i (w @ x_i + b) / ||w||`` (chapter "The perceptron
    convergence theorem").

    - The bias ``b`` (default 0: a separator through the origin, as in the
      convergence theorem) enters the scores but not the norm: the result
      is the smallest signed Euclidean distance from a sample to the
      hyperplane ``w @ x + b = 0``.
    - Sign convention: positive when every sample is on its own side (the
      margin, called gamma in the convergence chapter); zero or negative
      when some sample is on the boundary or on the wrong side.
    - To measure a separator with a bias in augmented form, call
      ``margin(np.r_[b, w], augment(X), y)``: that divides by
      ``||(b, w)||`` instead.
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
    """Radius of the data, ``R = max_i ||x_i||``.

    The smallest ball centred at the origin that holds the data (chapter
    "The perceptron convergence theorem").
    """
    X = check_X(X)
    return float(np.max(np.linalg.norm(X, axis=1)))


def perceptron_criterion(w, X, y, b: float = 0.0) -> float:
    """The perceptron criterion (:eq:`eq-pc-criterion`).

    ``J_p(w, b) = sum_i max(0, -y_i (w @ x_i + b))`` sums, over the
    mistakes, how far on the wrong side each one is (measured by its
    score); samples on the boundary count as mistakes but add 0. It is 0
    exactly when no sample is strictly on the wrong side.
    """
    X, y = _check_X_labels(X, y)
    w = check_vector(w, "w", length=X.shape[1])
    b = _check_number(b, "b")
    y_signed, _ = check_binary_labels(y)
    return float(np.sum(np.maximum(0.0, -y_signed * (X @ w + b))))


def mistake_bound(R, gamma) -> float:
    """The convergence theorem's bound ``(R / gamma)**2`` on the updates.

    ``R`` is the radius of the data (:func:`radius`) and ``gamma`` the
    margin of a unit separator (:func:`margin`), both for the same
    (possibly augmented) samples.
    """
    R = check_nonnegative(R, "R")
    gamma = check_positive(gamma, "gamma")
    return (R / gamma) ** 2


# ---------------------------------------------------------------------------
# Validation helpers
# ---------------------------------------------------------------------------

_check_number = check_number


def _check_X_labels(X, y):
    X = check_X(X)
    y = check_vector(y, "y", length=X.shape[0], numeric=False)
    return X, y


# ---------------------------------------------------------------------------
# The next-mistake engine (section "A faster search for the next mistake")
# ---------------------------------------------------------------------------


def rounding_tolerance(n_terms: int, row_norm, weight_norm):
    """How far a computed score may be from the plain loop's: the one rule.

    A score ``z @ v`` of ``n_terms`` products, computed in floating point
    in any order (a per-sample dot product, or one row of a matrix-vector
    product), is within ``n_terms * eps / 2 * ||z|| ||v||`` of the exact
    value (the standard bound for sums). Two ways of computing the same
    score are therefore within ``n_terms * eps * ||z|| ||v||`` of each
    other. The tolerance is eight times that, with two extra terms for the
    bias and a few smallest normal numbers for underflow::

        8 (n_terms + 2) eps ||z|| ||v|| + (n_terms + 2) tiny

    A row whose block score is beyond the tolerance on either side is
    decided; the few within it are decided by the plain loop's expression.
    """
    return (
        8.0 * (n_terms + 2) * _EPS * row_norm * weight_norm
        + (n_terms + 2) * _TINY
    )


def mistakes_in_pass(
    n, block_margins, is_mistake, first_block=FIRST_BLOCK, decide_sure=True
):
    """Yield, in order, each row of one pass that is a mistake when reached.

    The engine behind every fast perceptron of the library. It yields
    exactly the rows that the plain loop ``for i in range(n): if
    is_mistake(i): ...`` updates on, provided the caller makes its update
    (in place) before asking for the next row:

    - ``block_margins(start, stop)`` returns the margins ``y * f(x)`` of
      rows ``start..stop-1`` computed for the current weights in one
      vectorized product, and a (scalar) :func:`rounding_tolerance` within
      which they may differ from the plain loop's;
    - ``is_mistake(i)`` is the plain loop's own per-sample test.

    The rows are scanned in blocks that start at ``first_block`` (64) rows
    and double while no mistake is found, so that an early mistake pays for
    a small product and a clean pass for a few large ones. A margin above
    the tolerance is certainly not a mistake, one below minus the tolerance
    certainly is; a margin within it is decided by ``is_mistake``. (With
    ``decide_sure=False`` every candidate goes to ``is_mistake``, for rules
    whose update needs more than the yes or no, such as the rival class of
    the multi-class rule.) After a mistake the scan restarts at the next
    row with a small block.
    """
    position, block = 0, first_block
    while position < n:
        stop = min(n, position + block)
        margins, tolerance = block_margins(position, stop)
        offset = int((margins <= tolerance).argmax())
        margin = float(margins[offset])
        if margin > tolerance:
            position, block = stop, 2 * block
            continue
        i = position + offset
        position = i + 1
        if (decide_sure and margin < -tolerance) or is_mistake(i):
            yield i
            block = first_block


def _is_mistake(x, y_i, w, b) -> bool:
    """The mistake rule ``y * (w @ x + b) <= 0`` (:eq:`eq-pc-mistake`).

    ``y_i`` is -1 or +1. Every decision of the plain loops goes through this
    one expression, ``float(x @ w) + b``; the fast path uses it for every
    sample that its block products leave undecided, which is what makes
    the two agree bit for bit.
    """
    return y_i * (float(x @ w) + b) <= 0.0


def normalized_rows(X, y_signed, fit_intercept=True):
    """The rows ``z_i = y_i [x_i, 1]`` (``y_i [x_i, 0]`` without a bias).

    Section "Normalization: one class instead of two": with the weights
    stacked as ``v = [w, b]``, the margin of sample ``i`` is ``z_i @ v``
    and the update of :eq:`eq-pc-update` is ``v += eta_k z_i``. (The bias is
    put last here, unlike :func:`augment`, so that ``v[:d]`` is ``w``.)
    """
    n, d = X.shape
    Z = np.empty((n, d + 1))
    np.multiply(X, y_signed[:, None], out=Z[:, :d])
    Z[:, d] = y_signed if fit_intercept else 0.0
    return Z


class LinearPass(NamedTuple):
    """The updates of one pass of the single-sample rule.

    ``positions`` are the rows (in visiting order) of the mistakes,
    ``steps`` the step ``eta_k`` of each, and ``weights`` (only when asked
    for) the stacked weights ``[w, b]`` after each update, one row each.
    """

    positions: list
    steps: list
    weights: list | None


def linear_pass(Z, X, y_signed, v, z_max, eta, k, record=False):
    """One pass of the single-sample rule, exactly as the plain loop makes it.

    ``Z`` holds the normalized rows (:func:`normalized_rows`) in visiting
    order, ``X`` and ``y_signed`` the same samples, ``v = [w, b]`` the
    weights (updated in place), ``z_max`` the largest row norm of ``Z``,
    ``eta`` the step function (from
    :func:`mlcourse._validation.check_learning_rate`) and ``k`` the number of
    updates made before this pass. Returns a :class:`LinearPass`.

    The next mistake is found by the block scan of :func:`mistakes_in_pass`
    (margins within the :func:`rounding_tolerance` decided by the plain
    loop's own expression); the update is the plain loop's,
    ``v += eta_k z_i``.
    """
    d = X.shape[1]
    w = v[:d]
    n_terms = d + 1
    result = LinearPass([], [], [] if record else None)
    # An upper bound on ||v||: exact at the start, then grown by the
    # triangle inequality (a larger bound only makes the tolerance safer).
    norm = [math.sqrt(float(v @ v))]

    def block_margins(start, stop):
        margins = Z[start:stop].dot(v)
        return margins, rounding_tolerance(n_terms, z_max, norm[0])

    def is_mistake(i):
        return _is_mistake(X[i], y_signed[i], w, v[d])

    for i in mistakes_in_pass(X.shape[0], block_margins, is_mistake):
        step = eta(k + len(result.positions) + 1)
        step_in_place(v, step, Z[i])
        norm[0] += step * z_max
        result.positions.append(i)
        result.steps.append(step)
        if record:
            result.weights.append(v.copy())
    return result


def step_in_place(v, step, z):
    """``v += step * z`` with the rounding of ``w + (eta_k y) x``.

    ``z = y [x, 1]`` and ``y`` is -1 or +1, so ``step * z`` equals
    ``(step * y) * [x, 1]`` exactly (rounding is symmetric about zero);
    with ``step == 1`` the product is skipped, as it changes nothing.
    """
    if step == 1.0:
        v += z
    else:
        v += step * z


def find_next_mistake(
    X, y_signed, w, b, start=0, row_norms=None, first_block=FIRST_BLOCK
) -> int:
    """Index of the first mistake at or after row ``start``, or -1.

    It returns exactly what this loop returns, only faster::

        for i in range(start, len(X)):
            if y_signed[i] * (float(X[i] @ w) + b) <= 0:
                return i
        return -1

    The rows are scanned by :func:`mistakes_in_pass` (blocks of 64, 128,
    ... rows, one matrix-vector product each; margins within the
    :func:`rounding_tolerance` are decided by the per-sample expression).

    Parameters
    ----------
    X : ndarray of shape (n, d)
        The samples (trusted: an inner routine, no validation).
    y_signed : ndarray of shape (n,)
        Labels -1/+1.
    w : ndarray of shape (d,)
        The weights.
    b : float
        The bias.
    start : int
        First row to look at.
    row_norms : ndarray of shape (n,), optional
        ``np.linalg.norm(X, axis=1)``; pass it when calling many times.
    first_block : int
        Length of the first block (64); later blocks double.
    """
    X, y_signed = X[start:], y_signed[start:]
    if row_norms is None:
        row_norms = np.sqrt(np.einsum("ij,ij->i", X, X))
    else:
        row_norms = row_norms[start:]
    if X.shape[0] == 0:
        return -1
    x_max = float(np.max(row_norms))
    scale = math.sqrt(float(w @ w))
    n_terms = X.shape[1] + 1

    def block_margins(a, c):
        tolerance = rounding_tolerance(n_terms, x_max + 1.0, scale + abs(b))
        return y_signed[a:c] * (X[a:c] @ w + b), tolerance

    def is_mistake(i):
        return _is_mistake(X[i], y_signed[i], w, b)

    found = mistakes_in_pass(
        X.shape[0], block_margins, is_mistake, first_block
    )
    i = next(found, -1)
    return -1 if i < 0 else start + i


# ---------------------------------------------------------------------------
# The single-sample rule: the plain loop and the fast path
# (section "Two learning rules", algorithm alg-pc-single)
# ---------------------------------------------------------------------------


class PerceptronRun(NamedTuple):
    """What a run of the single-sample rule returns.

    ``coef`` and ``intercept`` are the final weights, ``n_updates`` the
    number of updates. With ``record_path`` (the default of the functions),
    ``coef_path[k]`` and ``intercept_path[k]`` are the weights after ``k``
    updates (row 0 is the starting point) and ``update_indices[k - 1]`` is
    the row of ``X`` that caused update ``k``; without it the three are
    ``None``. ``n_iter`` is the number of passes made; ``converged`` says
    whether the last pass found no mistake.
    """

    coef_path: np.ndarray | None
    intercept_path: np.ndarray | None
    update_indices: np.ndarray | None
    n_iter: int
    converged: bool
    coef: np.ndarray
    intercept: float
    n_updates: int


def _in_order(order, *arrays):
    """The arrays with their rows in visiting order (``None``: as they are)."""
    if order is None:
        return arrays
    return tuple(a[order] for a in arrays)


def _finish(path, intercepts, updates, n_iter, converged, w, b, n_updates):
    if path is None:
        return PerceptronRun(
            None, None, None, n_iter, converged, w, float(b), n_updates
        )
    return PerceptronRun(
        np.array(path),
        np.array(intercepts),
        np.array(updates, dtype=int),
        n_iter,
        converged,
        w,
        float(b),
        n_updates,
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
    record_path=True,
) -> PerceptronRun:
    """The single-sample perceptron as the textbook writes it: the reference.

    Algorithm ``alg-pc-single`` of the chapter: visit the samples in order
    (or in a fresh random order each pass when ``shuffle``); whenever
    ``y_i (w @ x_i + b) <= 0`` (:eq:`eq-pc-mistake`), update
    ``w += eta_k y_i x_i`` and ``b += eta_k y_i`` (:eq:`eq-pc-update`; ``b``
    stays 0 when not ``fit_intercept``). Stop after a pass with no mistake,
    or after ``max_iter`` passes. ``y_signed`` holds -1/+1 labels. Returns a
    :class:`PerceptronRun`; it does not warn.
    """
    X, y_signed, w, b, eta, max_iter = check_signed_run(
        X, y_signed, coef_init, intercept_init, learning_rate, max_iter,
        fit_intercept,
    )  # fmt: skip
    path, intercepts, updates = [w.copy()], [b], []
    k, n_iter, converged = 0, 0, False
    n = X.shape[0]
    for order in visiting_orders(n, max_iter, shuffle, random_state):
        n_iter += 1
        mistakes = 0
        for i in range(n) if order is None else order:
            if _is_mistake(X[i], y_signed[i], w, b):
                k += 1
                step = eta(k) * y_signed[i]
                w = w + step * X[i]
                if fit_intercept:
                    b = b + step
                mistakes += 1
                if record_path:
                    path.append(w.copy())
                    intercepts.append(b)
                    updates.append(int(i))
        if mistakes == 0:
            converged = True
            break
    if not record_path:
        path = intercepts = updates = None
    return _finish(path, intercepts, updates, n_iter, converged, w, b, k)


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
    record_path=True,
) -> PerceptronRun:
    """The single-sample perceptron with the next mistake found by blocks.

    Same arguments, same visiting orders (the same random permutations when
    ``shuffle``), same updates and the same result as
    :func:`plain_perceptron`, bit for bit: only the search for the next
    mistake is vectorized (:func:`mistakes_in_pass`). The weights are kept
    stacked, ``v = [w, b]``, and each update is ``v += eta_k z_i`` with the
    normalized row ``z_i = y_i [x_i, 1]``.
    """
    X, y_signed, w, b, eta, max_iter = check_signed_run(
        X, y_signed, coef_init, intercept_init, learning_rate, max_iter,
        fit_intercept,
    )  # fmt: skip
    n, d = X.shape
    Z = normalized_rows(X, y_signed, fit_intercept)
    z_max = float(np.sqrt(np.max(np.einsum("ij,ij->i", Z, Z))))
    v = np.append(w, b)
    path = [v.copy()] if record_path else None
    updates = []
    k, n_iter, converged = 0, 0, False
    for order in visiting_orders(n, max_iter, shuffle, random_state):
        n_iter += 1
        Zp, Xp, yp = _in_order(order, Z, X, y_signed)
        run = linear_pass(Zp, Xp, yp, v, z_max, eta, k, record_path)
        k += len(run.positions)
        if record_path:
            path.extend(run.weights)
            updates.extend(
                run.positions if order is None else order[run.positions]
            )
        if not run.positions:
            converged = True
            break
    if record_path:
        path = np.array(path)
        return PerceptronRun(
            path[:, :d].copy(),
            path[:, d].copy(),
            np.array(updates, dtype=int),
            n_iter,
            converged,
            v[:d].copy(),
            float(v[d]),
            k,
        )
    return _finish(None, None, None, n_iter, converged, v[:d].copy(), v[d], k)


# ---------------------------------------------------------------------------
# Estimators
# ---------------------------------------------------------------------------


class _MistakeDrivenClassifier(LinearBinaryClassifierMixin, BaseEstimator):
    """What the binary mistake-driven estimators share: checks and tags."""

    def _check_params(self):
        return check_pass_params(
            self, ("fit_intercept", "shuffle", "record_path")
        )

    def _check_data(self, X, y):
        X = check_fit_X(X)
        y_signed, classes = check_classification_target(
            y, X.shape[0], binary=True
        )
        return X, y_signed, classes

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False
        return tags


_PATH_ATTRIBUTES = ("coef_path_", "intercept_path_", "update_indices_")


class Perceptron(_MistakeDrivenClassifier):
    """The online (single-sample) perceptron of Rosenblatt.

    Chapter "The perceptron", algorithm ``alg-pc-single``: a sample is a
    mistake when ``y (w @ x + b) <= 0`` (:eq:`eq-pc-mistake`), and each
    mistake updates ``w += eta_k y x``, ``b += eta_k y``
    (:eq:`eq-pc-update`). Training stops after a pass with no mistake, or
    after ``max_iter`` passes with a ``ConvergenceWarning`` (non-separable
    data never hangs). The next mistake is found by the block scan of
    :func:`fast_perceptron`; the result is identical to
    :func:`plain_perceptron`.

    Parameters
    ----------
    learning_rate : float or callable, default=1.0
        The step ``eta_k`` of update ``k``: a positive number, or a function
        of ``k`` (``k = 1`` for the first update), such as
        ``InverseLinear(1.0)`` from :mod:`mlcourse.gradient_descent`.
    max_iter : int, default=1000
        Largest number of passes over the data.
    fit_intercept : bool, default=True
        Learn the bias ``b``; when False, ``b`` stays 0.
    shuffle : bool, default=False
        Visit the samples in a fresh random order each pass.
    random_state : None, int or numpy Generator, default=None
        Seed of the shuffling.
    record_path : bool, default=False
        Keep every weight vector of the run in ``coef_path_`` and
        ``intercept_path_`` (memory grows with the number of updates).

    Attributes
    ----------
    coef_ : ndarray of shape (n_features,)
        The final weights ``w``.
    intercept_ : float
        The final bias ``b``.
    n_updates_ : int
        Number of updates (mistakes met during training).
    n_iter_ : int
        Number of passes made.
    converged_ : bool
        True when the last pass found no mistake.
    classes_ : ndarray of shape (2,)
        The two labels; ``classes_[1]`` is the positive class.
    n_features_in_ : int
        Number of features seen in ``fit``.
    coef_path_ : ndarray of shape (n_updates_ + 1, n_features)
        Only with ``record_path=True``: the weights before the first update
        and after each one.
    intercept_path_ : ndarray of shape (n_updates_ + 1,)
        Only with ``record_path=True``: the bias along the run.
    update_indices_ : ndarray of shape (n_updates_,)
        Only with ``record_path=True``: the row of ``X`` behind each update.
    """

    def __init__(
        self,
        learning_rate=1.0,
        max_iter=1000,
        fit_intercept=True,
        shuffle=False,
        random_state=None,
        record_path=False,
    ):
        self.learning_rate = learning_rate
        self.max_iter = max_iter
        self.fit_intercept = fit_intercept
        self.shuffle = shuffle
        self.random_state = random_state
        self.record_path = record_path

    def fit(self, X, y, coef_init=None, intercept_init=None):
        """Run the single-sample rule from ``(coef_init, intercept_init)``.

        The start defaults to zeros. Returns ``self``.
        """
        self._check_params()
        X, y_signed, classes = self._check_data(X, y)
        run = fast_perceptron(
            X,
            y_signed,
            coef_init,
            intercept_init,
            learning_rate=self.learning_rate,
            max_iter=self.max_iter,
            fit_intercept=self.fit_intercept,
            shuffle=self.shuffle,
            random_state=self.random_state,
            record_path=self.record_path,
        )
        for name in _PATH_ATTRIBUTES:
            self.__dict__.pop(name, None)
        if self.record_path:
            self.coef_path_ = run.coef_path
            self.intercept_path_ = run.intercept_path
            self.update_indices_ = run.update_indices
        self.classes_ = classes
        self.n_features_in_ = X.shape[1]
        self.coef_ = run.coef
        self.intercept_ = run.intercept
        self.n_updates_ = run.n_updates
        self.n_iter_ = run.n_iter
        self.converged_ = run.converged
        if not run.converged:
            warn_not_converged(
                f"{type(self).__name__} made mistakes in every one of its "
                f"{run.n_iter} passes (max_iter={self.max_iter}): the data "
                "may not be linearly separable. It stopped with the weights "
                "of its last update; raise max_iter or use a decaying "
                "learning_rate."
            )
        return self


class BatchPerceptron(_MistakeDrivenClassifier):
    """The batch perceptron: gradient descent on the perceptron criterion.

    Chapter "The perceptron", algorithm ``alg-pc-batch``
    (:eq:`eq-pc-batch`): each iteration computes the set ``M`` of mistakes
    (``y_i (w @ x_i + b) <= 0``) and takes one step
    ``w += eta_k * sum_{i in M} y_i x_i``, ``b += eta_k * sum_{i in M} y_i``.
    It stops when ``M`` is empty (``converged_``) or after ``max_iter``
    iterations, with a ``ConvergenceWarning``.

    Parameters
    ----------
    learning_rate : float or callable, default=1.0
        The step ``eta_k`` of step ``k`` (``k = 1`` first): a positive number
        or a function of ``k``.
    max_iter : int, default=1000
        Largest number of iterations (steps).
    fit_intercept : bool, default=True
        Learn the bias ``b``; when False, ``b`` stays 0.
    record_path : bool, default=False
        Keep the weights before the first step and after each step in
        ``coef_path_`` and ``intercept_path_``.

    Attributes
    ----------
    coef_ : ndarray of shape (n_features,)
        The final weights.
    intercept_ : float
        The final bias.
    n_mistakes_ : ndarray of shape (n_iter_ + 1,) or (n_iter_,)
        The number of mistakes at each iteration's weights.
    n_updates_ : int
        Number of steps taken.
    n_iter_ : int
        Number of iterations made.
    converged_ : bool
        True when the final weights make no mistake.
    classes_ : ndarray of shape (2,)
        The two labels; ``classes_[1]`` is the positive class.
    n_features_in_ : int
        Number of features seen in ``fit``.
    coef_path_ : ndarray of shape (n_updates_ + 1, n_features)
        Only with ``record_path=True``.
    intercept_path_ : ndarray of shape (n_updates_ + 1,)
        Only with ``record_path=True``.
    """

    def __init__(
        self,
        learning_rate=1.0,
        max_iter=1000,
        fit_intercept=True,
        record_path=False,
    ):
        self.learning_rate = learning_rate
        self.max_iter = max_iter
        self.fit_intercept = fit_intercept
        self.record_path = record_path

    def fit(self, X, y, coef_init=None, intercept_init=None):
        """Run the batch rule from ``(coef_init, intercept_init)`` (zeros)."""
        eta, max_iter = self._check_params()
        X, y_signed, classes = self._check_data(X, y)
        w, b = check_start(
            coef_init, intercept_init, X.shape[1], self.fit_intercept
        )
        path, intercepts = [w.copy()], [b]
        n_mistakes, n_steps = [], 0
        converged, n_iter = False, 0
        for k in range(1, max_iter + 1):
            n_iter = k
            mistakes = y_signed * (X @ w + b) <= 0
            n_mistakes.append(int(mistakes.sum()))
            if not mistakes.any():
                converged = True
                break
            n_steps += 1
            eta_k = eta(n_steps)
            w = w + eta_k * (y_signed[mistakes] @ X[mistakes])
            if self.fit_intercept:
                b = b + eta_k * float(y_signed[mistakes].sum())
            if self.record_path:
                path.append(w.copy())
                intercepts.append(b)
        if not converged:
            mistakes = y_signed * (X @ w + b) <= 0
            n_mistakes.append(int(mistakes.sum()))
            converged = not mistakes.any()
        for name in _PATH_ATTRIBUTES:
            self.__dict__.pop(name, None)
        if self.record_path:
            self.coef_path_ = np.array(path)
            self.intercept_path_ = np.array(intercepts)
        self.classes_ = classes
        self.n_features_in_ = X.shape[1]
        self.n_mistakes_ = np.array(n_mistakes)
        self.coef_ = w.copy()
        self.intercept_ = float(b)
        self.n_updates_ = n_steps
        self.n_iter_ = n_iter
        self.converged_ = converged
        if not converged:
            warn_not_converged(
                f"BatchPerceptron still had {n_mistakes[-1]} mistake(s) "
                f"after max_iter={max_iter} iterations: the data may not be "
                "linearly separable. Raise max_iter or use a decaying "
                "learning_rate."
            )
        return self
