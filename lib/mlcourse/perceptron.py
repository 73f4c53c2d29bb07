r"""The perceptron: the textbook loop, the next-mistake engine, the estimators.

:ref:`Chapter 4 <chapter-perceptron>` builds everything here;
:ref:`chapter 5 <chapter-convergence>` uses :func:`margin`, :func:`radius` and
:func:`mistake_bound`.

Conventions (the notation page):

- the score is :math:`f(\mathbf x) = \mathbf w^\top \mathbf x + b`; a
  sample is a **mistake** when :math:`y f(\mathbf x) \le 0`
  :eq:`eq-pc-mistake`, so a point on the boundary is a
  mistake whatever its label, and a score that is not a finite number is
  an error, never a correct answer;
- the update is :math:`\mathbf w \leftarrow \mathbf w + \eta_k y \mathbf x`
  and :math:`b \leftarrow b + \eta_k y` :eq:`eq-pc-update`, where
  :math:`\eta_k` is ``learning_rate`` (a number) or ``learning_rate(k)``
  for the :math:`k`-th update;
- the larger of the two labels in sorted order is the positive class ``+1``.

The single-sample rule is written once, as the textbook loop
(:func:`plain_passes`, :prf:ref:`alg-pc-single`). The estimators run the
same rule with the next mistake found by ``next_mistakes``, the
library's one next-mistake engine (the voted, averaged, kernel and
multi-class perceptrons of :mod:`mlcourse.perceptron_variants` use it too):
the updates and the weights are the plain loop's, bit for bit, which
``tests/test_perceptron.py`` checks on many random data sets.
"""

from __future__ import annotations

import math
from itertools import repeat
from numbers import Real
from typing import NamedTuple

import numpy as np
from scipy.linalg.blas import daxpy, ddot
from sklearn.base import BaseEstimator
from sklearn.utils import check_array
from sklearn.utils._param_validation import validate_params

from ._base import LinearBinaryClassifierMixin
from ._validation import (
    PASSES,
    RANDOM_STATE,
    STEP,
    check_finite_result,
    check_random_state,
    check_start,
    encode_labels,
    fit_context,
    step_sizes,
    warn_if_unscaled,
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
    "is_mistake",
    "plain_passes",
    "plain_perceptron",
    "fast_perceptron",
]

_EPS = float(np.finfo(float).eps)  # a Python float: the scans compare with it
_EPS32 = 2.0**-23  # float32's, for the blocks screened in single precision
#: Visits without a mistake after which the engine turns to blocks.
RUN = 16


# ---------------------------------------------------------------------------
# Helpers with the book's names (sections "The bias by augmentation",
# "Normalization: one class instead of two", and the convergence chapter)
# ---------------------------------------------------------------------------


def _samples(X):
    return check_array(X, dtype=np.float64, input_name="X")


def _signed(X, y):
    X = _samples(X)
    y = check_array(y, ensure_2d=False, dtype=None, input_name="y")
    if y.shape != (X.shape[0],):
        raise ValueError(
            f"y must have one label per row of X: X has {X.shape[0]} rows "
            f"and y has shape {y.shape}."
        )
    return X, encode_labels(y, binary=True)[0]


@validate_params({"X": ["array-like"]}, prefer_skip_nested_validation=True)
def augment(X):
    """Augmented samples ``[1, x]``, the ones first :eq:`eq-pc-augmented`.

    Section "The bias by augmentation": with ``X_tilde = augment(X)`` and
    ``w_tilde = [b, *w]``, ``X_tilde @ w_tilde`` equals ``X @ w + b``.

    Parameters
    ----------
    X : array_like of shape (n_samples, n_features)
        The samples, one per row.
    """
    X = _samples(X)
    return np.hstack([np.ones((X.shape[0], 1)), X])


@validate_params(
    {"X": ["array-like"], "y": ["array-like"]},
    prefer_skip_nested_validation=True,
)
def normalize(X, y):
    """The normalization (reflection) trick: row ``i`` is ``y_i * X[i]``.

    Section "Normalization: one class instead of two"
    :eq:`eq-pc-normalized`, with labels mapped to -1/+1: "every sample is
    classified correctly by ``w``" reads "``Z @ w > 0`` for every row of
    ``Z = normalize(X, y)``". Pass ``augment(X)`` to reflect the bias too.

    Parameters
    ----------
    X : array_like of shape (n_samples, n_features)
        The samples, one per row.
    y : array_like of shape (n_samples,)
        Two labels; the larger becomes +1.
    """
    X, y_signed = _signed(X, y)
    return y_signed[:, None] * X


@validate_params(
    {"w": ["array-like"], "X": ["array-like"], "y": ["array-like"]},
    prefer_skip_nested_validation=True,
)
def margin(w, X, y, b: float = 0.0) -> float:
    r"""Geometric margin :math:`\min_i y_i (\mathbf w^\top \mathbf x_i + b) / \lVert \mathbf w \rVert` of ``(w, b)``.

    Used in :ref:`chapter 5 <chapter-convergence>`. The bias enters the scores
    but not the norm; positive when every sample is on its own side. For a
    separator in augmented form call ``margin(np.r_[b, w], augment(X), y)``.

    Parameters
    ----------
    w : array_like of shape (n_features,)
        The weights.
    X : array_like of shape (n_samples, n_features)
        The samples, one per row.
    y : array_like of shape (n_samples,)
        Two labels; the larger counts as +1.
    b : float, default 0.0
        The bias.
    """
    X, y_signed = _signed(X, y)
    w = check_array(w, ensure_2d=False, input_name="w").astype(float)
    if w.shape != (X.shape[1],) or not np.any(w):
        raise ValueError(
            f"w must be a non-zero vector of {X.shape[1]} weights (the zero "
            f"vector defines no hyperplane); got {w!r}."
        )
    return float(np.min(y_signed * (X @ w + float(b))) / np.linalg.norm(w))


@validate_params({"X": ["array-like"]}, prefer_skip_nested_validation=True)
def radius(X) -> float:
    r"""Radius of the data, :math:`R = \max_i \lVert \mathbf x_i \rVert` (:ref:`chapter 5 <chapter-convergence>`).

    Parameters
    ----------
    X : array_like of shape (n_samples, n_features)
        The samples, one per row.
    """
    return float(np.max(np.linalg.norm(_samples(X), axis=1)))


@validate_params(
    {"w": ["array-like"], "X": ["array-like"], "y": ["array-like"]},
    prefer_skip_nested_validation=True,
)
def perceptron_criterion(w, X, y, b: float = 0.0) -> float:
    r"""The perceptron criterion :math:`\sum_i \max\big(0, -y_i (\mathbf w^\top \mathbf x_i + b)\big)`.

    :eq:`eq-pc-criterion`: over the mistakes, how far on the wrong side each
    one is; zero exactly when no sample is strictly on the wrong side.

    Parameters
    ----------
    w : array_like of shape (n_features,)
        The weights.
    X : array_like of shape (n_samples, n_features)
        The samples, one per row.
    y : array_like of shape (n_samples,)
        Two labels; the larger counts as +1.
    b : float, default 0.0
        The bias.
    """
    X, y_signed = _signed(X, y)
    w = check_array(w, ensure_2d=False, input_name="w").astype(float)
    return float(np.sum(np.maximum(0.0, -y_signed * (X @ w + float(b)))))


@validate_params(
    {
        "R": [Real],
        "gamma": [Real],
    },
    prefer_skip_nested_validation=True,
)
def mistake_bound(R, gamma) -> float:
    """The convergence theorem's bound ``(R / gamma)**2`` on the updates.

    ``R`` is the radius of the data (:func:`radius`) and ``gamma > 0`` the
    margin of a unit separator (:func:`margin`), for the same samples.
    **With a bias** (``Perceptron(fit_intercept=True)``, the default) the
    theorem holds for the augmented vectors (section "The bias by
    augmentation"): pass ``radius(augment(X))`` and
    ``margin(np.r_[b, w], augment(X), y)``. The un-augmented ``R`` and
    ``gamma`` can give a bound the perceptron breaks.

    Parameters
    ----------
    R : float
        The radius of the data.
    gamma : float
        The margin, positive.

    Examples
    --------
    Two points separated by ``x = 0.004``; the perceptron learns a bias:

    >>> import numpy as np
    >>> X, y = np.array([[0.002], [0.006]]), np.array([-1, 1])
    >>> w, b = np.array([1.0]), -0.004
    >>> plain = mistake_bound(radius(X), margin(w, X, y, b))
    >>> Xa = augment(X)
    >>> bound = mistake_bound(radius(Xa), margin(np.r_[b, w], Xa, y))
    >>> round(plain), round(bound, -3)
    (9, 250000.0)
    >>> updates = Perceptron(max_iter=100_000).fit(X, y).n_updates_
    >>> bool(plain < updates <= bound)
    True
    """
    if not (R >= 0 and gamma > 0 and math.isfinite(R / gamma)):
        raise ValueError(
            "mistake_bound needs a radius R >= 0 and a margin gamma > 0; "
            f"got R={R!r}, gamma={gamma!r}."
        )
    return (R / gamma) ** 2


# ---------------------------------------------------------------------------
# The single-sample rule: the textbook loop (section "Two learning rules",
# algorithm alg-pc-single)
# ---------------------------------------------------------------------------


def is_mistake(x, y_i, w, b) -> bool:
    r"""The mistake rule :math:`y (\mathbf w^\top \mathbf x + b) \le 0` :eq:`eq-pc-mistake`.

    Every decision of the plain loop is this expression; the engine uses it
    for each sample its approximate margins leave undecided, which is why
    the two agree bit for bit. The score sums the products :math:`w_j x_j` and
    :math:`b` exactly (``math.fsum``), so a score near 0 is decided the same on
    every machine: a BLAS product's rounding depends on its kernel and on
    where the rows lie in memory. A score that is not a finite number (the
    weights overflowed, or ``inf - inf``) is an error, never "correct".

    Parameters
    ----------
    x : ndarray of shape (n_features,)
        One sample.
    y_i : {-1, +1}
        Its label.
    w : ndarray of shape (n_features,)
        The weights.
    b : float
        The bias.
    """
    try:
        score = math.fsum([*np.multiply(x, w).tolist(), float(b)])
    except (OverflowError, ValueError):  # beyond the largest float; inf - inf
        score = math.nan
    if not math.isfinite(score):
        raise ValueError(
            f"a score overflowed ({score}): the weights grew beyond the "
            "largest float. Rescale X, for example with "
            "sklearn.preprocessing.StandardScaler, or lower learning_rate."
        )
    return y_i * score <= 0.0


class Pass(NamedTuple):
    """The updates of one pass of the single-sample rule.

    ``order`` is the visiting order (``None``: ``0, 1, ..., n - 1``),
    ``positions`` the place in that order of each update, ``etas`` its step
    size ``eta_k`` (one number for a constant step; the update adds
    ``eta_k y_i x_i``), ``weights`` (when recorded) the pair ``(w, b)``
    after each update, and ``coef``, ``intercept`` the weights at the end
    of the pass.
    """

    order: np.ndarray | None
    positions: list
    etas: list | float
    weights: list | None
    coef: np.ndarray
    intercept: float

    def rows(self):
        """The row of X behind each update."""
        if self.order is None:
            return list(self.positions)
        return self.order[self.positions].tolist()


def plain_passes(
    X, y, coef, b, eta, orders, fit_intercept=True, dual=False, record=False
):
    r"""The single-sample perceptron as the textbook writes it: the reference.

    :prf:ref:`alg-pc-single`: for each pass, visit the samples in its
    order; whenever :math:`y_i (\mathbf w^\top \mathbf x_i + b) \le 0`
    (:func:`is_mistake`), make update :math:`k`:
    :math:`\mathbf w \leftarrow \mathbf w + \eta_k y_i \mathbf x_i` and
    :math:`b \leftarrow b + \eta_k y_i` (:math:`b` stays put without
    ``fit_intercept``). Yields one ``Pass`` per pass, a named tuple:
    ``order`` (the visiting order, ``None`` for ``0, ..., n - 1``),
    ``positions`` (the place in that order of each update), ``etas``
    (their step sizes), ``weights`` (the ``(w, b)`` after each update, when
    ``record``; else ``None``), and ``coef``, ``intercept`` (the weights at
    the end of the pass).

    With ``dual``, the rows of ``X`` are those of a Gram matrix ``K``, and
    ``coef`` holds the dual coefficients :math:`a_j = \alpha_j y_j` of the
    kernel perceptron :eq:`eq-va-dual`: the score of sample :math:`i` is
    ``K[i] @ a + b``, and update :math:`k` adds :math:`\eta_k y_i` to
    :math:`a_i`.

    Parameters
    ----------
    X : ndarray of shape (n, d)
        The samples (or a Gram matrix with ``dual``).
    y : ndarray of shape (n,)
        Labels -1 or +1.
    coef : ndarray of shape (d,)
        Starting weights (dual coefficients with ``dual``); not modified.
    b : float
        Starting bias.
    eta : callable
        The schedule ``k -> eta_k``.
    orders : iterable
        One visiting order per pass, ``None`` for index order.
    fit_intercept : bool, default True
        Update ``b``.
    dual : bool, default False
        Run the kernel perceptron's dual form.
    record : bool, default False
        Keep the weights after every update.
    """
    coef, k, n = coef.copy(), 0, X.shape[0]
    for order in orders:
        positions, etas, weights = [], [], [] if record else None
        for position, i in enumerate(range(n) if order is None else order):
            if is_mistake(X[i], y[i], coef, b):
                k += 1
                step = eta(k) * y[i]
                if dual:
                    coef[i] = coef[i] + step
                else:
                    coef = coef + step * X[i]
                if fit_intercept:
                    b = b + step
                positions.append(position)
                etas.append(eta(k))
                if record:
                    weights.append((coef.copy(), b))
        yield Pass(order, positions, etas, weights, coef, b)


# ---------------------------------------------------------------------------
# The next-mistake engine: the rule of section "Two learning rules", fast
# ---------------------------------------------------------------------------


class Scan:
    """The engine's tolerances, which the caller raises after each update.

    ``tol`` bounds how far an approximate margin (a BLAS dot product, or a
    row of a matrix product) may be from the plain loop's: a margin beyond
    it on either side is decided; within it, the plain expression decides.
    ``block_tol`` is the same bound for margins computed in single
    precision (:func:`fast_passes`).
    """

    __slots__ = ("tol", "block_tol")

    def __init__(self, tol=0.0, block_tol=0.0):
        self.tol, self.block_tol = tol, block_tol


def tolerance(n_terms, bound, eps=_EPS, tiny=5e-324):
    """``4 (n_terms + 2) (eps bound + tiny)``, or ``inf`` if not safe.

    Two computations of a sum of ``n_terms`` products, in any order, differ
    by at most ``2 n_terms (eps / 2)`` times the sum of the products' sizes
    (the standard bound), plus the underflow of each rounding (``tiny``
    bounds it; float64's smallest number by default); ``bound`` is an upper
    bound of that sum. The factor 4 covers the rounding of the bound itself
    and, in single precision (float32's ``eps``), the rounding of the
    operands to it. Near overflow, or for a NaN bound, the tolerance is
    infinite: every visit is then decided by the plain expression.
    """
    if not bound < 1e300:
        return math.inf
    return 4.0 * (n_terms + 2) * (eps * bound + tiny)


def dot_visits(rows, coef):
    """Visit the rows one at a time: the margin of each, a BLAS dot product.

    The ``visits(start, stop, scan)`` of :func:`next_mistakes`: with the
    normalized rows ``z_i = y_i [x_i, 1]`` and the weights ``v = [w, b]``
    (section "Normalization: one class instead of two"), ``z_i @ v``
    approximates the margin ``y_i (w @ x_i + b)``. The pairs ``(i, z_i @
    v)`` come from ``map``, so each margin is computed when the engine
    asks for it, with the weights of that moment.
    """

    def visits(start, stop, scan):
        return enumerate(map(ddot, rows[start:stop], repeat(coef)), start)

    return visits


def next_mistakes(n, visits, scan, decide, block=None, sure=True, run=RUN):
    """Yield, in order, every position of a pass that the plain loop updates on.

    The library's one next-mistake engine. The caller makes its update
    (the weights in place, ``scan.tol``) before asking for the next
    position; the engine then yields exactly the positions at which
    ``for i in range(n): if decide(i): update`` updates. ``decide(i)`` is
    the plain loop's own test (:func:`is_mistake` or the multi-class rule).

    - Where mistakes come close together, the engine visits the samples one
      at a time: ``visits(start, stop, scan)`` yields ``(i, margin)``, the
      approximate margin of each visit computed lazily, with the weights of
      the moment (a BLAS dot product each, :func:`dot_visits`); it may
      leave out a visit whose margin is above ``scan.tol`` (a correct
      answer). A margin below ``-scan.tol`` is a mistake; one within the
      tolerance (or NaN) goes to ``decide``.
    - After ``run`` visits without a mistake (checked at the end of each
      stretch of single visits: ``4 run`` of them, doubling up to ``64
      run`` while mistakes keep coming), or when the last two mistakes were
      more than ``4 run`` apart, it scans blocks: ``block(start, stop)``
      gives their approximate margins in one matrix product, and their
      tolerance. The first block is half the last gap between mistakes (at
      least ``2 run`` samples) and the blocks double until one holds a
      margin that is not clearly correct, which goes to the same test (a
      clear mistake is one if ``sure``). ``block=None`` keeps single
      visits. A larger ``run`` suits costlier blocks (the multi-class's).
    """
    i, last, gap, span = 0, -1, 0, 4 * run
    while i < n:
        while i < n and (block is None or gap <= 4 * run):
            end, tol = min(n, i + span), scan.tol
            pairs = visits(i, end, scan)
            for i, m in pairs:
                if m > tol:
                    continue
                if m < -tol or decide(i):
                    yield i
                    last, tol = i, scan.tol
            gap, i, span = end - last, end, min(2 * span, 64 * run)
            if gap > run:
                break
        size, span = max(2 * run, gap // 2), 4 * run
        while i < n and block is not None:
            stop = min(n, i + size)
            block_margins, tol = block(i, stop)
            clear = block_margins > tol
            j = int(clear.argmin())
            if clear[j]:
                i, size = stop, 2 * size
                continue
            i += j
            if (sure and block_margins[j] < -tol) or decide(i):
                yield i
                last, gap = i, i - last
            i += 1
            break


def normalized_rows(X, y, fit_intercept=True):
    """The rows ``z_i = y_i [x_i, 1]`` (``y_i [x_i, 0]`` without a bias).

    Section "Normalization: one class instead of two": with the weights
    stacked as ``v = [w, b]``, the margin of sample ``i`` is ``z_i @ v`` and
    the update :eq:`eq-pc-update` is ``v += eta_k z_i``.
    """
    n, d = X.shape
    Z = np.empty((n, d + 1))
    np.multiply(X, y[:, None], out=Z[:, :d])
    Z[:, d] = y if fit_intercept else 0.0
    return Z


def fast_passes(
    X, y, coef, b, eta, orders, fit_intercept=True, dual=False, record=False,
    size=None,
):  # fmt: skip
    """:func:`plain_passes` with the next mistake found by :func:`next_mistakes`.

    Same arguments and the same :class:`Pass` results, bit for bit
    (``size``, the largest ``|X[i, j]|``, saves a pass over X when known).
    The weights are kept stacked, ``v = [w, b]``, and update ``k`` is
    ``v += eta_k z_i`` with the normalized row ``z_i``: BLAS ``daxpy`` for
    a step of 1 (which rounds once, as ``w + y_i x_i`` does), the plain
    loop's two roundings otherwise. Blocks of more than ``2 RUN`` rows are
    scored in single precision (half the memory to read; the copy is made
    for the first of them) with float32's tolerance, while the weights'
    bound ``size |v|_1`` stays below ``1e30``. The dual rule's margins are
    ``y_i (K[i] @ a + b)`` from the rows of the Gram matrix itself, visited
    one at a time (a block would cost the same reads of ``K``).
    """
    n, d = X.shape
    v, scan, k = np.append(coef, b), Scan(), 0
    w, constant = v[:d], getattr(eta, "constant", None)
    if size is None:
        size = max(float(X.max()), -float(X.min()), 1.0)
    # the tolerance grows with the weights' l1 norm: by size + 1 per unit
    # step for the dual rule, (d + 1) size^2 for the primal (|z_i|_1)
    growth = tolerance(d + 1, size + 1.0 if dual else (d + 1) * size * size)
    # float32 underflows by at most 2^-150 per operand and product
    tiny32 = 2.0**-149 * (d + 1) * size
    growth32 = tolerance(d + 1, (d + 1) * size * size, _EPS32, tiny32)
    limit32 = tolerance(d + 1, 1e30, _EPS32) if size < 1e30 else 0.0
    if dual:
        all_rows, ys = list(X), y.tolist()
    else:
        Z = normalized_rows(X, y, fit_intercept)
        all_rows, Z32 = list(Z), []
    for order in orders:
        sample = range(n) if order is None else order

        def decide(i, sample=sample):
            j = sample[i]
            return is_mistake(X[j], y[j], w, v[d])

        positions, etas, weights = [], [], [] if record else None
        l1 = float(np.sum(np.abs(v)))
        scan.tol = tolerance(d + 1, size * l1)
        scan.block_tol = tolerance(
            d + 1, size * l1, _EPS32, tiny32 + 2.0**-149 * l1
        )
        if dual:

            def visits(start, stop, scan, sample=sample):
                tol = scan.tol
                for i in range(start, stop):
                    j = sample[i]
                    m = ys[j] * (ddot(all_rows[j], w) + v[d])
                    if not m > tol:
                        yield i, m
                        tol = scan.tol

            for i in next_mistakes(n, visits, scan, decide):
                k, j = k + 1, sample[i]
                etas.append(eta(k))
                v[j] = v[j] + etas[-1] * ys[j]
                if fit_intercept:
                    v[d] = v[d] + etas[-1] * ys[j]
                scan.tol += growth * etas[-1]
                positions.append(i)
                if record:
                    weights.append((w.copy(), float(v[d])))
            yield Pass(order, positions, etas, weights, w, float(v[d]))
            continue
        Zp = Z if order is None else Z[order]
        rows = all_rows if order is None else list(Zp)
        Zp32 = Z32 if order is None else []

        def block(start, stop, Zp=Zp, Zp32=Zp32):
            if scan.block_tol < limit32 and stop - start > 2 * RUN:
                if not Zp32:
                    Zp32.append(Zp.astype(np.float32))
                block32 = Zp32[0][start:stop]
                return block32 @ v.astype(np.float32), scan.block_tol
            return Zp[start:stop] @ v, scan.tol

        mistakes = next_mistakes(n, dot_visits(rows, v), scan, decide, block)
        if constant == 1.0 and not record:  # the common case, made lean
            for i in mistakes:
                daxpy(rows[i], v)
                scan.tol += growth
                scan.block_tol += growth32
                positions.append(i)
            etas = constant
        for i in mistakes:
            etas.append(constant or eta(k + len(etas) + 1))
            if etas[-1] == 1.0:
                daxpy(rows[i], v)
            else:
                v += etas[-1] * rows[i]
            scan.tol += growth * etas[-1]
            scan.block_tol += growth32 * etas[-1]
            positions.append(i)
            if record:
                weights.append((w.copy(), float(v[d])))
        k += len(positions)
        yield Pass(order, positions, etas, weights, w, float(v[d]))


def visiting_orders(n_samples, max_iter, shuffle, random_state):
    """The order of the samples, pass by pass (``None``: in order).

    With ``shuffle`` each pass gets a fresh permutation, drawn when the
    pass starts, so that memory does not grow with ``max_iter``.
    """
    rng = check_random_state(random_state) if shuffle else None
    for _ in range(max_iter):
        yield rng.permutation(n_samples) if shuffle else None


# ---------------------------------------------------------------------------
# Runs of the single-sample rule
# ---------------------------------------------------------------------------


class PerceptronRun(NamedTuple):
    """What a run of the single-sample rule returns.

    ``coef`` and ``intercept`` are the final weights, ``n_updates`` the
    number of updates, ``n_iter`` the passes made, ``converged`` whether the
    last pass found no mistake. With ``record_path``, ``coef_path[k]`` and
    ``intercept_path[k]`` are the weights after ``k`` updates (row 0: the
    start) and ``update_indices[k - 1]`` the row of X behind update ``k``;
    otherwise the three are ``None``.
    """

    #: The weights after each update (row 0 is the start), or ``None``.
    coef_path: np.ndarray | None
    #: The bias after each update (entry 0 is the start), or ``None``.
    intercept_path: np.ndarray | None
    #: The row of X behind each update, or ``None``.
    update_indices: np.ndarray | None
    #: The passes made.
    n_iter: int
    #: Whether the last pass found no mistake.
    converged: bool
    #: The final weights.
    coef: np.ndarray
    #: The final bias.
    intercept: float
    #: The number of updates.
    n_updates: int


def _checked_run(passes, X, y_signed, coef_init, intercept_init, options):
    X = _samples(X)
    y = check_array(y_signed, ensure_2d=False, input_name="y_signed")
    if y.shape != (X.shape[0],) or not np.all(np.abs(y) == 1):
        raise ValueError(
            "y_signed must hold -1 or +1 for each row of X; map labels "
            "with mlcourse._validation.encode_labels first."
        )
    fit_intercept = options.get("fit_intercept", True)
    w, b = check_start(coef_init, intercept_init, X.shape[1], fit_intercept)
    return _run(passes, X, y, w, b, **options)


def _run(
    passes, X, y, w, b, *, learning_rate=1.0, max_iter=100,
    fit_intercept=True, shuffle=False, random_state=None, record_path=True,
):  # fmt: skip
    """A run of ``passes`` from ``(w, b)`` on checked data."""
    orders = visiting_orders(X.shape[0], max_iter, shuffle, random_state)
    eta, record = step_sizes(learning_rate), record_path
    path, rows, n_iter, k = [(w.copy(), b)], [], 0, 0
    for p in passes(X, y, w, b, eta, orders, fit_intercept, record=record):
        n_iter, k = n_iter + 1, k + len(p.positions)
        if record:
            path += p.weights
            rows += p.rows()
        if not p.positions:
            break
    w, b, converged = p.coef.copy(), float(p.intercept), not p.positions
    if not record:
        return PerceptronRun(None, None, None, n_iter, converged, w, b, k)
    return PerceptronRun(
        np.array([c for c, _ in path]),
        np.array([i for _, i in path]),
        np.array(rows, dtype=int),
        n_iter,
        converged,
        w,
        b,
        k,
    )


def plain_perceptron(X, y_signed, coef_init=None, intercept_init=None, **kw):
    """A run of the textbook loop (:func:`plain_passes`) from ``w0``, ``b0``.

    Keywords: ``learning_rate`` (1.0), ``max_iter`` (100), ``fit_intercept``
    (True), ``shuffle`` (False), ``random_state``, ``record_path`` (True).
    It stops after a pass with no mistake, or after ``max_iter`` passes;
    ``y_signed`` holds -1/+1. Returns a :class:`PerceptronRun`.

    Parameters
    ----------
    X : ndarray of shape (n, d)
        The samples.
    y_signed : ndarray of shape (n,)
        Labels -1 or +1.
    coef_init : ndarray or None, default None
        Starting weights ``w0``; ``None`` is zeros.
    intercept_init : float or None, default None
        Starting bias ``b0``; ``None`` is 0.
    **kw
        The keywords listed above.
    """
    return _checked_run(
        plain_passes, X, y_signed, coef_init, intercept_init, kw
    )


def fast_perceptron(X, y_signed, coef_init=None, intercept_init=None, **kw):
    """:func:`plain_perceptron` with the engine: the same run, bit for bit.

    Parameters
    ----------
    X : ndarray of shape (n, d)
        The samples.
    y_signed : ndarray of shape (n,)
        Labels -1 or +1.
    coef_init : ndarray or None, default None
        Starting weights ``w0``; ``None`` is zeros.
    intercept_init : float or None, default None
        Starting bias ``b0``; ``None`` is 0.
    **kw
        The keywords of :func:`plain_perceptron`.
    """
    return _checked_run(
        fast_passes, X, y_signed, coef_init, intercept_init, kw
    )


# ---------------------------------------------------------------------------
# Estimators
# ---------------------------------------------------------------------------

_RULE_PARAMETERS = {
    "learning_rate": STEP,
    "max_iter": PASSES,
    "fit_intercept": ["boolean"],
    "record_path": ["boolean"],
}
_PATH_ATTRIBUTES = ("coef_path_", "intercept_path_", "update_indices_")


class _PerceptronRule(LinearBinaryClassifierMixin, BaseEstimator):
    """What the two rules share: storing a run, and its warning."""

    def _store(self, X, coef, intercept, paths, n_updates, n_iter, converged):
        check_finite_result(self, coef, intercept)
        for name in _PATH_ATTRIBUTES:
            self.__dict__.pop(name, None)
        if self.record_path:
            for name, value in zip(_PATH_ATTRIBUTES, paths):
                if value is not None:
                    setattr(self, name, value)
        self.coef_, self.intercept_ = coef, float(intercept)
        self.n_updates_, self.n_iter_ = n_updates, n_iter
        self.converged_ = converged
        symptom = f"still made mistakes after max_iter={self.max_iter} passes"
        if not converged and not warn_if_unscaled(self, X, symptom):
            warn_not_converged(
                f"{type(self).__name__} {symptom}: the data may not be "
                "linearly separable. It returns the last weights. On "
                "separable data a larger max_iter ends with a pass without "
                "mistakes; on data no line separates, no max_iter will: "
                "use AveragedPerceptron or PocketPerceptron "
                "(mlcourse.perceptron_variants, chapter 6), or "
                "LogisticRegression."
            )
        return self


class Perceptron(_PerceptronRule):
    r"""The online (single-sample) perceptron of Rosenblatt.

    Chapter "The perceptron", :prf:ref:`alg-pc-single`: a sample is a
    mistake when :math:`y (\mathbf w^\top \mathbf x + b) \le 0`
    :eq:`eq-pc-mistake`, and each mistake updates
    :math:`\mathbf w \leftarrow \mathbf w + \eta_k y \mathbf x`,
    :math:`b \leftarrow b + \eta_k y` :eq:`eq-pc-update`. Training stops after a pass with no mistake
    (``converged_``), or after ``max_iter`` passes with a
    ``ConvergenceWarning``. The next mistake is found by the engine
    (``next_mistakes``); the run is :func:`plain_perceptron`'s, bit for
    bit.

    Parameters
    ----------
    learning_rate : float or callable, default=1.0
        The step :math:`\eta_k` of update :math:`k`: a number above zero, or a
        function of ``k`` (``k = 1`` first), such as ``InverseLinear(1.0)``
        from :mod:`mlcourse.gradient_descent`.
    max_iter : int, default=100
        Largest number of passes over the data. 100 passes bound the work on
        data that no line separates (10,000 samples of 50 features: about a
        fifth of a second); separable data with a small margin may need
        more.
    fit_intercept : bool, default=True
        Learn the bias ``b``; when False, ``b`` stays at its start (0).
    shuffle : bool, default=False
        Visit the samples in a fresh random order each pass.
    random_state : None, int, RandomState or Generator, default=None
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
    feature_names_in_ : ndarray of shape (n_features_in_,)
        The column names of a DataFrame given to ``fit``.
    coef_path_ : ndarray of shape (n_updates_ + 1, n_features)
        With ``record_path=True``: the weights before the first update and
        after each one.
    intercept_path_ : ndarray of shape (n_updates_ + 1,)
        With ``record_path=True``: the bias along the run.
    update_indices_ : ndarray of shape (n_updates_,)
        With ``record_path=True``: the row of ``X`` behind each update.
    """

    _parameter_constraints = {
        **_RULE_PARAMETERS,
        "shuffle": ["boolean"],
        "random_state": RANDOM_STATE,
    }

    def __init__(
        self,
        *,
        learning_rate=1.0,
        max_iter=100,
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

    @fit_context
    def fit(self, X, y, coef_init=None, intercept_init=None):
        """Run the single-sample rule from ``(coef_init, intercept_init)``.

        The start defaults to zeros. Returns ``self``.
        """
        X, y_signed = self._fit_data(X, y)
        w, b = check_start(
            coef_init, intercept_init, X.shape[1], self.fit_intercept
        )
        run = _run(fast_passes, X, y_signed, w, b, **self.get_params())
        paths = run.coef_path, run.intercept_path, run.update_indices
        return self._store(
            X,
            run.coef,
            run.intercept,
            paths,
            run.n_updates,
            run.n_iter,
            run.converged,
        )


class BatchPerceptron(_PerceptronRule):
    """The batch perceptron: gradient descent on the perceptron criterion.

    Chapter "The perceptron", :prf:ref:`alg-pc-batch`
    :eq:`eq-pc-batch`: each iteration finds the set :math:`M` of mistakes
    (:math:`y_i (\\mathbf w^\\top \\mathbf x_i + b) \\le 0`) and takes one
    step :math:`\\mathbf w \\leftarrow \\mathbf w + \\eta_k \\sum_{i \\in M} y_i \\mathbf x_i`,
    :math:`b \\leftarrow b + \\eta_k \\sum_{i \\in M} y_i`.
    It stops when :math:`M` is empty (``converged_``) or after ``max_iter``
    iterations (passes over the data), with a ``ConvergenceWarning``.

    Parameters
    ----------
    learning_rate : float or callable, default=1.0
        The step :math:`\\eta_k` of step :math:`k` (``k = 1`` first).
    max_iter : int, default=100
        Largest number of iterations, each a pass over the data.
    fit_intercept : bool, default=True
        Learn the bias ``b``; when False, ``b`` stays at its start (0).
    record_path : bool, default=False
        Keep the weights before the first step and after each step in
        ``coef_path_`` and ``intercept_path_``.

    Attributes
    ----------
    coef_, intercept_, n_updates_, n_iter_, converged_, classes_, \
n_features_in_, feature_names_in_, coef_path_, intercept_path_
        As for :class:`Perceptron` (``n_updates_`` counts the steps).
    n_mistakes_ : ndarray of shape (n_iter_,) or (n_iter_ + 1,)
        The number of mistakes at each iteration's weights: shape
        ``(n_iter_,)`` when a fit converged (the last entry is 0),
        ``(n_iter_ + 1,)`` when it stopped at ``max_iter`` (the last entry
        counts the final weights' mistakes).
    """

    _parameter_constraints = _RULE_PARAMETERS

    def __init__(
        self,
        *,
        learning_rate=1.0,
        max_iter=100,
        fit_intercept=True,
        record_path=False,
    ):
        self.learning_rate = learning_rate
        self.max_iter = max_iter
        self.fit_intercept = fit_intercept
        self.record_path = record_path

    @fit_context
    def fit(self, X, y, coef_init=None, intercept_init=None):
        """Run the batch rule from ``(coef_init, intercept_init)`` (zeros)."""
        X, y = self._fit_data(X, y)
        w, b = check_start(
            coef_init, intercept_init, X.shape[1], self.fit_intercept
        )
        eta = step_sizes(self.learning_rate)
        # the path is kept only when asked for: memory would grow with it
        record = self.record_path
        path, intercepts, n_mistakes, k = [w.copy()], [b], [], 0
        with np.errstate(over="ignore", invalid="ignore"):
            for _ in range(self.max_iter):
                mistakes = ~(y * (X @ w + b) > 0)  # a NaN score is a mistake
                n_mistakes.append(int(mistakes.sum()))
                if not mistakes.any():
                    break
                k += 1
                eta_k = eta(k)
                w = w + eta_k * (y[mistakes] @ X[mistakes])
                if self.fit_intercept:
                    b = b + eta_k * float(y[mistakes].sum())
                if record:
                    path.append(w.copy())
                    intercepts.append(b)
            else:
                mistakes = ~(y * (X @ w + b) > 0)
                n_mistakes.append(int(mistakes.sum()))
        self.n_mistakes_ = np.array(n_mistakes)
        paths = (np.array(path), np.array(intercepts), None) if record else ()
        n_iter = min(len(n_mistakes), self.max_iter)
        return self._store(X, w, b, paths, k, n_iter, n_mistakes[-1] == 0)
