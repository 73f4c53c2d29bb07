r"""Voted, averaged, pocket, kernel and multi-class perceptrons.

:ref:`Chapter 6 <chapter-voted-averaged>`. The plain perceptron
returns its *last* weight vector, which one update can spoil. Freund
and Schapire (1999) keep every weight vector the perceptron passes through,
with its *survival count* (how many sample visits it lasted), and let them
vote; averaging the vectors instead of their votes gives one linear
classifier as cheap as the perceptron; Gallant's (1990) pocket keeps the
one with the fewest training mistakes. Kernels then let the same rule learn
curved boundaries, and one weight vector per class handles several classes.

The conventions are :mod:`mlcourse.perceptron`'s: labels -1/+1 with the
larger label positive, a mistake when
:math:`y (\mathbf w^\top \mathbf x + b) \le 0`, the update
:math:`\mathbf w \leftarrow \mathbf w + \eta_k y \mathbf x`,
:math:`b \leftarrow b + \eta_k y`.

The binary rule is the textbook loop of :func:`mlcourse.perceptron.plain_passes`,
written once: the references of this chapter (:func:`voted_perceptron_naive`,
:func:`averaged_perceptron_naive`, :func:`averaged_perceptron_plain`,
:func:`kernel_perceptron_naive`) read its passes, and the estimators read
the same passes from ``mlcourse.perceptron.fast_passes``, whose
next-mistake engine they share with the multi-class rule. The tests
compare the two bit for bit.
"""

from __future__ import annotations

import math
from itertools import repeat

import numpy as np
from scipy.linalg.blas import daxpy
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils import check_array
from sklearn.utils._param_validation import validate_params

from ._base import BinaryClassifierMixin, LinearBinaryClassifierMixin
from ._validation import (
    NON_NEGATIVE,
    PASSES,
    POSITIVE,
    RANDOM_STATE,
    STEP,
    StrOptions,
    check_finite_result,
    check_start,
    fit_context,
    fit_data,
    predict_data,
    step_sizes,
    warn_if_unscaled,
    warn_not_converged,
)
from .perceptron import (
    Scan,
    fast_passes,
    is_mistake,
    next_mistakes,
    normalized_rows,
    plain_passes,
    tolerance,
    visiting_orders,
)

__all__ = [
    "linear_kernel",
    "polynomial_kernel",
    "rbf_kernel",
    "polynomial_features_2d",
    "voted_perceptron_naive",
    "averaged_perceptron_naive",
    "averaged_perceptron_plain",
    "lazy_average",
    "kernel_perceptron_naive",
    "pocket_perceptron_naive",
    "mistake_counts",
    "multiclass_rule",
    "multiclass_perceptron_naive",
    "VotedPerceptron",
    "AveragedPerceptron",
    "PocketPerceptron",
    "KernelPerceptron",
    "MulticlassPerceptron",
]

#: Largest number of scores (or kernel values) ``VotedPerceptron`` and
#: ``KernelPerceptron`` compute at once in ``predict`` (8 MiB).
PREDICT_CHUNK = 1 << 20


# ---------------------------------------------------------------------------
# Feature maps and kernels (sections "Feature maps: making a circle linear", "The kernel trick")
# ---------------------------------------------------------------------------


@validate_params({"X": ["array-like"]}, prefer_skip_nested_validation=True)
def polynomial_features_2d(X):
    r"""The quadratic feature map of the plane, :eq:`eq-va-phi`.

    Section "Feature maps: making a circle linear":
    :math:`\phi(\mathbf x) = (x_1^2, \sqrt 2\, x_1 x_2, x_2^2)`, so that
    :math:`\phi(\mathbf x)^\top \phi(\mathbf z) = (\mathbf x^\top \mathbf z)^2`. ``X`` has shape ``(n_samples, 2)``.

    Parameters
    ----------
    X : array_like of shape (n, 2)
        Points of the plane.
    """
    X = check_array(X, dtype=np.float64, input_name="X")
    if X.shape[1] != 2:
        raise ValueError(
            "polynomial_features_2d maps points of the plane: X must have "
            f"2 features; got {X.shape[1]}."
        )
    x1, x2 = X[:, 0], X[:, 1]
    return np.column_stack([x1 * x1, np.sqrt(2.0) * x1 * x2, x2 * x2])


def _kernel_inputs(X, Z):
    X = check_array(X, dtype=np.float64, input_name="X")
    Z = X if Z is None else check_array(Z, dtype=np.float64, input_name="Z")
    if Z.shape[1] != X.shape[1]:
        raise ValueError(
            "X and Z must have the same number of features; got "
            f"{X.shape[1]} and {Z.shape[1]}."
        )
    return X, Z


_KERNEL_INPUTS = {"X": ["array-like"], "Z": ["array-like", None]}


@validate_params(_KERNEL_INPUTS, prefer_skip_nested_validation=True)
def linear_kernel(X, Z=None):
    r"""Inner products :math:`K_{ij} = \mathbf x_i^\top \mathbf z_j`: the kernel of the identity map.

    Parameters
    ----------
    X : array_like of shape (n, d)
        The samples, one per row.
    Z : array_like of shape (m, d) or None, default None
        Second samples; ``None`` takes ``X``.
    """
    X, Z = _kernel_inputs(X, Z)
    return X @ Z.T


@validate_params(
    {
        **_KERNEL_INPUTS,
        "degree": PASSES,
        "gamma": POSITIVE,
        "coef0": NON_NEGATIVE,
    },
    prefer_skip_nested_validation=True,
)
def polynomial_kernel(X, Z=None, degree=2, gamma=1.0, coef0=1.0):
    r""":math:`K_{ij} = (\beta\, \mathbf x_i^\top \mathbf z_j + a)^p`, :eq:`eq-va-poly`.

    The scale :math:`\beta` is ``gamma`` in code (scikit-learn's name), the
    offset :math:`a` is ``coef0`` and :math:`p` is ``degree``.

    With ``gamma=1, coef0=0, degree=2`` it is the inner product of
    :func:`polynomial_features_2d`; ``coef0 > 0`` adds every lower-degree
    monomial. Computed in place: the matrix is the only large array.

    Parameters
    ----------
    X : array_like of shape (n, d)
        The samples, one per row.
    Z : array_like of shape (m, d) or None, default None
        Second samples; ``None`` takes ``X``.
    degree : int, default 2
        The power.
    gamma : float, default 1.0
        The scale :math:`\beta` of the inner product.
    coef0 : float, default 1.0
        The offset :math:`a`, added before the power.
    """
    X, Z = _kernel_inputs(X, Z)
    K = X @ Z.T
    if gamma != 1:
        K *= gamma
    K += coef0
    return np.power(K, degree, out=K)


@validate_params(
    {**_KERNEL_INPUTS, "gamma": POSITIVE}, prefer_skip_nested_validation=True
)
def rbf_kernel(X, Z=None, gamma=1.0):
    r"""The Gaussian (RBF) kernel :math:`K_{ij} = e^{-\beta \lVert \mathbf x_i - \mathbf z_j \rVert^2}`.

    :eq:`eq-va-rbf`, with :math:`\beta` ``gamma`` in code (scikit-learn's
    name), computed in place from
    :math:`\lVert \mathbf x \rVert^2 + \lVert \mathbf z \rVert^2 - 2 \mathbf x^\top \mathbf z`.

    Parameters
    ----------
    X : array_like of shape (n, d)
        The samples, one per row.
    Z : array_like of shape (m, d) or None, default None
        Second samples; ``None`` takes ``X``.
    gamma : float, default 1.0
        The scale :math:`\beta`, an inverse squared width; larger is
        narrower.
    """
    X, Z = _kernel_inputs(X, Z)
    K = X @ Z.T
    K *= -2.0
    K += np.einsum("ij,ij->i", X, X)[:, None]
    K += np.einsum("ij,ij->i", Z, Z)[None, :]
    np.maximum(K, 0.0, out=K)
    K *= -gamma
    return np.exp(K, out=K)


# ---------------------------------------------------------------------------
# The references: the textbook loop's passes, read in the chapter's ways
# (sections "The voted perceptron", "The averaged perceptron")
# ---------------------------------------------------------------------------


def _passes(
    passes, X, y, max_iter, learning_rate, fit_intercept, orders,
    coef_init=None, intercept_init=None, record=False,
):  # fmt: skip
    """Every pass of the binary rule from ``(coef_init, intercept_init)``."""
    X = check_array(X, dtype=np.float64, input_name="X")
    y = np.asarray(y, dtype=float)
    w0, b0 = check_start(coef_init, intercept_init, X.shape[1], fit_intercept)
    orders = [None] * max_iter if orders is None else orders
    eta = step_sizes(learning_rate)
    yield from passes(X, y, w0, b0, eta, orders, fit_intercept, record=record)


def _votes(passes, n, start):
    """The vectors of a run, and their survival counts :eq:`eq-va-voted`.

    The vector made by a mistake counts that visit as its first, so the
    counts add up to the number of visits.
    """
    vectors, counts = [start], [0]
    for p in passes:
        previous = 0
        for position, weights in zip(p.positions, p.weights):
            counts[-1] += position - previous
            counts.append(1)
            vectors.append(weights)
            previous = position + 1
        counts[-1] += n - previous
    weights = np.array([w for w, _ in vectors])
    intercepts = np.array([b for _, b in vectors])
    return weights, intercepts, np.array(counts, dtype=float)


_SAMPLES = """    X : ndarray of shape (n, d)
        The samples, one per row.
"""
_GRAM = """    K : ndarray of shape (n, n)
        The Gram matrix ``K[i, j] = k(x_i, x_j)``, in place of the samples.
"""
_RUN = """    y_signed : ndarray of shape (n,)
        Labels -1 or +1.
    max_iter : int, default 10
        Number of passes over the data.
    learning_rate : float, default 1.0
        The step ``eta``.
    fit_intercept : bool, default True
        Learn a bias ``b``; otherwise ``b`` stays 0.
    orders : list of arrays or None, default None
        The visiting order of each pass; ``None`` visits in index order.
"""
_INITIAL = """    coef_init : ndarray or None, default None
        Starting weights; ``None`` is zeros.
    intercept_init : float, default 0.0
        Starting bias.
"""


def _with_run_parameters(gram=False, initial=False):
    """Append the reference loops' shared Parameters section to a docstring."""
    text = "\n    Parameters\n    ----------\n"
    text += (
        (_GRAM if gram else _SAMPLES) + _RUN + (_INITIAL if initial else "")
    )

    def document(function):
        function.__doc__ = function.__doc__.rstrip() + "\n" + text
        return function

    return document


@_with_run_parameters()
def voted_perceptron_naive(
    X,
    y_signed,
    max_iter=10,
    learning_rate=1.0,
    fit_intercept=True,
    orders=None,
):
    """The voted perceptron (:prf:ref:`alg-va-voted`), from the plain loop.

    Returns ``(weights, intercepts, counts)``: the M weight vectors in order
    (the start first), their intercepts and their survival counts.
    ``orders`` gives the visiting order of each pass (default: in order).
    """
    passes = _passes(
        plain_passes, X, y_signed, max_iter, learning_rate, fit_intercept,
        orders, record=True,
    )  # fmt: skip
    X = np.asarray(X)
    return _votes(passes, X.shape[0], (np.zeros(X.shape[1]), 0.0))


@_with_run_parameters()
def averaged_perceptron_naive(
    X,
    y_signed,
    max_iter=10,
    learning_rate=1.0,
    fit_intercept=True,
    orders=None,
):
    """The definition, :eq:`eq-va-average`: the mean of the weights after every visit.

    Keeps all ``max_iter * n`` weight vectors of the plain loop's run and
    averages them, at the memory cost the lazy trick avoids. Returns
    ``(coef, intercept)``.
    """
    X = np.asarray(X, dtype=float)
    n, d = X.shape
    w, b, history = np.zeros(d), 0.0, []
    for p in _passes(
        plain_passes, X, y_signed, max_iter, learning_rate, fit_intercept,
        orders, record=True,
    ):  # fmt: skip
        after = dict(zip(p.positions, p.weights))
        for position in range(n):
            w, b = after.get(position, (w, b))
            history.append(np.append(w, b))
    mean = np.mean(history, axis=0)
    return mean[:d], float(mean[d])


def _lazy_sums(p, X, y, stack, visits):
    """Add one pass's terms ``c_k eta_k y_k [x_k, 1]`` to ``stack[0]``.

    The terms are written in the rows below it (``stack`` has ``n + 1``)
    and added in order by one cumulative sum, which rounds as the sequence
    of additions of :func:`averaged_perceptron_plain` does.
    """
    if m := len(p.positions):
        rows, terms = np.array(p.rows()), stack[1 : m + 1]
        weights = (visits + np.array(p.positions)) * np.asarray(p.etas)
        weights *= y[rows]
        np.multiply(X[rows], weights[:, None], out=terms[:, :-1])
        terms[:, -1] = weights
        stack[0] = np.cumsum(stack[: m + 1], axis=0, out=stack[: m + 1])[-1]


def _averaged(passes, X, y, fit_intercept):
    """The lazy averaging of :eq:`eq-va-lazy` over a run's passes."""
    n, d = X.shape
    stack, visits, k, p = np.zeros((n + 1, d + 1)), 0, 0, None
    for p in passes:
        _lazy_sums(p, X, y, stack, visits)
        k, visits = k + len(p.positions), visits + n
    u = stack[0]
    if not fit_intercept:
        u[d] = 0.0
    w, b = p.coef.copy(), p.intercept
    return w - u[:d] / visits, b - u[d] / visits, w, b, k, not p.positions


@_with_run_parameters(initial=True)
def averaged_perceptron_plain(
    X, y_signed, max_iter=10, learning_rate=1.0, fit_intercept=True,
    orders=None, coef_init=None, intercept_init=0.0,
):  # fmt: skip
    """The averaged perceptron with lazy averaging, one update at a time.

    :prf:ref:`alg-va-averaged` :eq:`eq-va-lazy`: keep the weights
    ``w``, a weighted sum ``u`` of the updates and the number ``c`` of
    visits so far; an update ``delta`` made at visit ``c + 1`` adds
    ``c * delta`` to ``u``, and after ``c`` visits the average is
    ``w - u / c``. The reference of :func:`lazy_average`. Returns
    ``(coef, intercept, last_coef, last_intercept, n_updates)``.
    """
    X, y = np.asarray(X, dtype=float), np.asarray(y_signed, dtype=float)
    u, u_b, c, k = np.zeros(X.shape[1]), 0.0, 0, 0
    for p in _passes(
        plain_passes, X, y_signed, max_iter, learning_rate, fit_intercept,
        orders, coef_init, intercept_init,
    ):  # fmt: skip
        for position, row, eta_k in zip(p.positions, p.rows(), p.etas):
            step = eta_k * y[row]
            u = u + ((c + position) * step) * X[row]
            if fit_intercept:
                u_b = u_b + (c + position) * step
        c, k, w, b = c + X.shape[0], k + len(p.positions), p.coef, p.intercept
    return w - u / c, b - u_b / c, w, b, k


@_with_run_parameters(initial=True)
def lazy_average(
    X, y_signed, max_iter=10, learning_rate=1.0, fit_intercept=True,
    orders=None, coef_init=None, intercept_init=0.0,
):  # fmt: skip
    """:func:`averaged_perceptron_plain` with the engine: the same, bit for bit.

    Samples the current weights classify correctly are skipped in bulk, so
    the cost is the perceptron's. Returns
    ``(coef, intercept, last_coef, last_intercept, n_updates)``.
    """
    X = np.asarray(X, dtype=float)
    passes = _passes(
        fast_passes, X, y_signed, max_iter, learning_rate, fit_intercept,
        orders, coef_init, intercept_init,
    )  # fmt: skip
    return _averaged(passes, X, np.asarray(y_signed, float), fit_intercept)[:5]


@_with_run_parameters(gram=True)
def kernel_perceptron_naive(
    K,
    y_signed,
    max_iter=10,
    learning_rate=1.0,
    fit_intercept=True,
    orders=None,
):
    """The dual perceptron on a Gram matrix (:prf:ref:`alg-va-kernel`).

    :eq:`eq-va-dual`: the weights are never formed; the score of sample
    ``i`` is ``K[i] @ a + b`` with ``a_j = alpha_j y_j``, and a mistake on
    sample ``i`` adds ``eta_k y_i`` to ``a_i``: the textbook loop
    (:func:`mlcourse.perceptron.plain_passes`) in its dual form. Stops after
    a pass with no mistake. Returns ``(alpha, b)``.
    """
    K = check_array(K, dtype=np.float64, input_name="K")
    y = np.asarray(y_signed, dtype=float)
    eta = step_sizes(learning_rate)
    orders = [None] * max_iter if orders is None else orders
    a, b = np.zeros(K.shape[0]), 0.0
    for p in plain_passes(K, y, a, b, eta, orders, fit_intercept, dual=True):
        a, b = p.coef, p.intercept
        if not p.positions:
            break
    return a * y, b


# ---------------------------------------------------------------------------
# The binary estimators
# ---------------------------------------------------------------------------

_BINARY_PARAMETERS = {
    "learning_rate": STEP,
    "max_iter": PASSES,
    "fit_intercept": ["boolean"],
    "shuffle": ["boolean"],
    "random_state": RANDOM_STATE,
}

_PARAMETERS = """
    Parameters
    ----------
    learning_rate : float or callable, default=1.0
        The step ``eta_k`` of update ``k``: a number above zero or a
        function of ``k`` (``k = 1`` first), as for ``Perceptron``.
    max_iter : int, default=10
        Number of passes over the data, all of them run: {over}.
    fit_intercept : bool, default=True
        Learn the bias ``b``; when False, ``b`` stays at 0.
    shuffle : bool, default=False
        Visit the samples in a fresh random order each pass.
    random_state : None, int, RandomState or Generator, default=None
        Seed of the shuffling.
"""
_VARIANT_PARAMETERS = _PARAMETERS.format(
    over="the vote (the average) is over every visit"
)

_ATTRIBUTES = """
    n_updates_ : int
        Number of updates.
    n_iter_ : int
        Number of passes made (``max_iter``).
    converged_ : bool
        {converged}
    classes_ : ndarray of shape (2,)
        The two labels; ``classes_[1]`` is the positive class.
    n_features_in_ : int
        Number of features seen in ``fit``.
    feature_names_in_ : ndarray of shape (n_features_in_,)
        The column names of a DataFrame given to ``fit``.
"""
_COMMON_ATTRIBUTES = _ATTRIBUTES.format(
    converged="""True when a pass made no mistake: the last weights no
        longer change, but every further pass still moves the average (the
        vote) towards them."""
)
_LAST = """
    last_coef_ : ndarray of shape (n_features,)
        The last weights (the plain perceptron's answer).
    last_intercept_ : float
        The last bias."""
_LAST_ATTRIBUTES = _LAST + _COMMON_ATTRIBUTES


class _BinaryVariant(BaseEstimator):
    """Constructor and passes shared by the voted and averaged perceptrons."""

    _parameter_constraints = _BINARY_PARAMETERS

    def __init__(
        self,
        *,
        learning_rate=1.0,
        max_iter=10,
        fit_intercept=True,
        shuffle=False,
        random_state=None,
    ):
        self.learning_rate = learning_rate
        self.max_iter = max_iter
        self.fit_intercept = fit_intercept
        self.shuffle = shuffle
        self.random_state = random_state

    def _fast_passes(self, X, y, coef_init, intercept_init, record=False):
        w0, b0 = check_start(
            coef_init, intercept_init, X.shape[1], self.fit_intercept
        )
        orders = visiting_orders(
            X.shape[0], self.max_iter, self.shuffle, self.random_state
        )
        eta = step_sizes(self.learning_rate)
        return fast_passes(
            X, y, w0, b0, eta, orders, self.fit_intercept, record=record
        )


class AveragedPerceptron(LinearBinaryClassifierMixin, _BinaryVariant):
    __doc__ = (
        """The averaged perceptron (:prf:ref:`alg-va-averaged`).

    Section "The averaged perceptron": runs all ``max_iter`` passes of the
    perceptron rule and returns, as ``coef_`` and ``intercept_``, the mean
    of the weights taken after every sample visit :eq:`eq-va-average`,
    computed with lazy averaging :eq:`eq-va-lazy`: what scikit-learn's
    ``SGDClassifier(loss="perceptron", average=True, ...)`` computes, to
    rounding. The result is :func:`averaged_perceptron_plain`'s, bit for
    bit.
"""
        + _VARIANT_PARAMETERS
        + """
    Attributes
    ----------
    coef_ : ndarray of shape (n_features,)
        The averaged weights.
    intercept_ : float
        The averaged bias."""
        + _LAST_ATTRIBUTES
    )

    @fit_context
    def fit(self, X, y, coef_init=None, intercept_init=None):
        """Run all passes from ``(coef_init, intercept_init)`` (zeros)."""
        X, y_signed = self._fit_data(X, y)
        passes = self._fast_passes(X, y_signed, coef_init, intercept_init)
        coef, b, last, last_b, k, converged = _averaged(
            passes, X, y_signed, self.fit_intercept
        )
        check_finite_result(self, coef, b, last, last_b)
        self.coef_, self.intercept_ = coef, float(b)
        self.last_coef_, self.last_intercept_ = last, float(last_b)
        self.n_updates_, self.n_iter_ = k, self.max_iter
        self.converged_ = converged
        _warn_if_unscaled(self, X)
        return self


def _warn_if_unscaled(model, X):
    """The variants run all passes; a last pass with mistakes on unscaled
    data has its cause named (on scaled data, mistakes are the norm)."""
    if not model.converged_:
        warn_if_unscaled(
            model,
            X,
            f"still made mistakes in the last of its {model.max_iter} passes",
        )


class VotedPerceptron(BinaryClassifierMixin, _BinaryVariant):
    __doc__ = (
        """The voted perceptron (:prf:ref:`alg-va-voted`).

    :cite:`freund1999`; section "The voted perceptron". Stores every
    weight vector the perceptron passes through and its survival count. A
    prediction is the sign of the survival-weighted vote
    ``sum_k v_k sign(w_k @ x + b_k)`` :eq:`eq-va-voted`, with ``v_k``
    (``counts_``) the survival counts; a vector with score exactly 0
    abstains. The vectors are
    :func:`voted_perceptron_naive`'s, bit for bit.
"""
        + _VARIANT_PARAMETERS
        + """
    Attributes
    ----------
    weights_ : ndarray of shape (M, n_features)
        Every weight vector, the start first: :math:`M` is
        ``n_updates_ + 1``.
    intercepts_ : ndarray of shape (M,)
        Their biases.
    counts_ : ndarray of shape (M,)
        Their survival counts, which sum to the number of visits.
    coef_ : ndarray of shape (n_features,)
        The averaged weights ``sum_k v_k w_k / sum_k v_k`` (the vote
        without its inner sign).
    intercept_ : float
        The averaged bias."""
        + _COMMON_ATTRIBUTES
    )

    @fit_context
    def fit(self, X, y, coef_init=None, intercept_init=None):
        """Run all passes from ``(coef_init, intercept_init)`` (zeros)."""
        X, y_signed = self._fit_data(X, y)
        passes = list(
            self._fast_passes(X, y_signed, coef_init, intercept_init, True)
        )
        start = check_start(
            coef_init, intercept_init, X.shape[1], self.fit_intercept
        )
        self.weights_, self.intercepts_, self.counts_ = _votes(
            passes, X.shape[0], start
        )
        check_finite_result(self, self.weights_, self.intercepts_)
        total = self.counts_.sum()
        self.coef_ = self.counts_ @ self.weights_ / total
        self.intercept_ = float(self.counts_ @ self.intercepts_ / total)
        self.n_updates_ = self.counts_.size - 1
        self.n_iter_ = self.max_iter
        self.converged_ = not passes[-1].positions
        _warn_if_unscaled(self, X)
        return self

    def decision_function(self, X):
        r"""The vote :math:`\sum_k v_k \operatorname{sign}(\mathbf w_k^\top \mathbf x + b_k) / \sum_k v_k`, in [-1, 1].

        :math:`M` inner products per sample, one per stored vector, computed a
        few vectors at a time (a bounded number of scores at once) so that
        memory stays bounded; the sums are of whole numbers, so the
        result does not depend on the chunks.
        """
        X = predict_data(self, X, "weights_")
        n, M = X.shape[0], self.counts_.shape[0]
        chunk = max(1, PREDICT_CHUNK // max(n, 1))
        votes = np.zeros(n)
        for a in range(0, M, chunk):
            scores = X @ self.weights_[a : a + chunk].T
            scores += self.intercepts_[a : a + chunk]
            votes += np.sign(scores) @ self.counts_[a : a + chunk]
        return votes / self.counts_.sum()

    def predict(self, X):
        """``classes_[1]`` where the vote is positive, else ``classes_[0]``."""
        scores = self.decision_function(X)
        return self.classes_[(scores > 0).astype(int)]


# ---------------------------------------------------------------------------
# The pocket algorithm (section "Keep the best vector: the pocket")
# ---------------------------------------------------------------------------


@_with_run_parameters()
def pocket_perceptron_naive(
    X, y_signed, max_iter=10, learning_rate=1.0, fit_intercept=True,
    orders=None,
):  # fmt: skip
    """The pocket algorithm by brute force: every vector of the run, counted.

    :prf:ref:`alg-va-pocket`: the training mistakes of every weight
    vector the plain loop passes through (the start, then the vector after
    each update) are counted sample by sample with the mistake rule
    (:func:`mlcourse.perceptron.is_mistake`); the pocket holds the first
    vector with the fewest. Returns ``(coef, intercept, mistakes)``.
    """
    X, y = np.asarray(X, dtype=float), np.asarray(y_signed, dtype=float)
    weights, intercepts, _ = voted_perceptron_naive(
        X, y, max_iter, learning_rate, fit_intercept, orders
    )
    counts = [
        sum(is_mistake(x, y_i, w, b) for x, y_i in zip(X, y))
        for w, b in zip(weights, intercepts)
    ]
    k = int(np.argmin(counts))
    return weights[k], float(intercepts[k]), counts[k]


def mistake_counts(Z, X, y, V, size):
    """Training mistakes of each of several weight vectors ``[w, b]``.

    ``Z`` holds the normalized augmented samples ``y_i [x_i, 1]``
    (``y_i [x_i, 0]`` without a bias; section "Normalization: one class
    instead of two"). **The 1 comes last here**, and ``b`` last in each row
    ``[w, b]`` of ``V``: the reverse of
    :func:`mlcourse.perceptron.augment`, which puts the 1 first. So
    ``Z @ v`` approximates the margins of ``v`` in one matrix product (a
    few vectors at a time, and a bounded number of margins at once, so
    memory stays bounded); a margin within its rounding tolerance of 0
    (``size`` bounds ``|Z|``) is decided by
    :func:`mlcourse.perceptron.is_mistake` itself, so each count is the
    mistake rule's, sample by sample.

    Parameters
    ----------
    Z : ndarray of shape (n, d + 1)
        The normalized augmented samples.
    X : ndarray of shape (n, d)
        The samples.
    y : ndarray of shape (n,)
        Labels -1 or +1.
    V : ndarray of shape (m, d + 1)
        The weight vectors ``[w, b]``, one per row.
    size : float
        A bound on the entries of ``|Z|``, for the rounding tolerance.
    """
    d, counts = X.shape[1], np.empty(len(V), dtype=int)
    chunk = max(1, PREDICT_CHUNK // max(X.shape[0], 1))
    for a in range(0, len(V), chunk):
        block = V[a : a + chunk]
        margins = Z @ block.T
        tol = [tolerance(d + 1, size * float(np.abs(v).sum())) for v in block]
        counts[a : a + chunk] = np.sum(margins < -np.array(tol), axis=0)
        for j, c in zip(*np.nonzero(~(np.abs(margins) > tol))):
            counts[a + c] += is_mistake(X[j], y[j], block[c, :d], block[c, d])
    return counts


class PocketPerceptron(LinearBinaryClassifierMixin, _BinaryVariant):
    __doc__ = (
        """The pocket algorithm, counting every vector (:prf:ref:`alg-va-pocket`).

    Gallant (1990); :ref:`chapter 6 <sec-va-pocket>`. Runs all
    ``max_iter`` passes of the perceptron rule and keeps "in its pocket"
    the weight vector with the fewest training mistakes among all those
    the run passes through (the start included; the first one on a tie):
    ``coef_`` and ``intercept_``. Every vector is counted on the whole
    training set (:func:`mistake_counts`, ``n`` inner products per
    vector), so a fit costs about ``n_updates_ * n * n_features``
    operations; Gallant counts only a vector whose run of correct visits
    is the longest so far, which saves counts but may miss the best. The
    pocket is :func:`pocket_perceptron_naive`'s, bit for bit.
"""
        + _PARAMETERS.format(
            over="the pocket is chosen among every vector of the run"
        )
        + """
    Attributes
    ----------
    coef_ : ndarray of shape (n_features,)
        The pocket weights.
    intercept_ : float
        The pocket bias.
    pocket_mistakes_ : int
        Training mistakes of the pocket weights (a score of 0 counts).
    pocket_update_ : int
        The number of updates after which the pocket weights appeared
        (0: the start)."""
        + _LAST
        + _ATTRIBUTES.format(
            converged="True when a pass made no mistake (the training "
            "data are separated; the later passes change nothing)."
        )
    )

    @fit_context
    def fit(self, X, y, coef_init=None, intercept_init=None):
        """Run all passes from ``(coef_init, intercept_init)`` (zeros)."""
        X, y_signed = self._fit_data(X, y)
        w0, b0 = check_start(
            coef_init, intercept_init, X.shape[1], self.fit_intercept
        )
        Z = normalized_rows(X, y_signed, self.fit_intercept)
        size = max(float(np.max(np.abs(X))), 1.0)
        best, candidates, first, k = (math.inf, None, 0), [(w0, b0)], 0, 0
        for p in self._fast_passes(X, y_signed, w0, b0, record=True):
            candidates += p.weights
            k += len(p.positions)
            if candidates and best[0] > 0:  # none can beat 0 mistakes
                V = np.array([np.append(w, b) for w, b in candidates])
                counts = mistake_counts(Z, X, y_signed, V, size)
                j = int(np.argmin(counts))
                if counts[j] < best[0]:
                    best = (int(counts[j]), V[j], first + j)
            first, candidates = first + len(candidates), []
        check_finite_result(self, best[1], p.coef, p.intercept)
        d = X.shape[1]
        self.coef_, self.intercept_ = best[1][:d].copy(), float(best[1][d])
        self.pocket_mistakes_, self.pocket_update_ = best[0], best[2]
        self.last_coef_, self.last_intercept_ = p.coef.copy(), p.intercept
        self.n_updates_, self.n_iter_ = k, self.max_iter
        self.converged_ = not p.positions
        _warn_if_unscaled(self, X)
        return self


# ---------------------------------------------------------------------------
# The kernel perceptron (section "The kernel trick")
# ---------------------------------------------------------------------------


class KernelPerceptron(BinaryClassifierMixin, _BinaryVariant):
    """The kernel (dual) perceptron (:prf:ref:`alg-va-kernel`).

    Section "The kernel trick" :eq:`eq-va-dual`: the perceptron's rule on
    the scores :math:`\\sum_j \\alpha_j y_j k(\\mathbf x_j, \\mathbf x) + b`, through the engine's
    passes in their dual form; the run is :func:`kernel_perceptron_naive`'s,
    bit for bit. It stops after a pass with no mistake (``converged_``),
    or after ``max_iter`` passes with a ``ConvergenceWarning``. The Gram
    matrix is the only large array (:math:`8 n^2` bytes for :math:`n` samples), and
    a kernel that returns a value that is not a finite number is refused.

    Parameters
    ----------
    kernel : {"linear", "poly", "rbf"} or callable, default="poly"
        ``"poly"`` is :math:`(\\beta\\, \\mathbf x^\\top \\mathbf z + a)^p`
        :eq:`eq-va-poly`, ``"rbf"`` is
        :math:`e^{-\\beta \\lVert \\mathbf x - \\mathbf z \\rVert^2}`
        :eq:`eq-va-rbf`; a
        callable ``k(A, B)`` returns the matrix of kernel values between
        the rows of A and of B.
    degree : int, default=2
        Degree of the polynomial kernel.
    gamma : float, default=1.0
        The scale :math:`\\beta` of the polynomial and RBF kernels (named
        ``gamma`` as in scikit-learn; the book's :math:`\\gamma` is the
        margin).
    coef0 : float, default=1.0
        The offset :math:`a` of the polynomial kernel.
    learning_rate, fit_intercept, shuffle, random_state
        As for :class:`VotedPerceptron`.
    max_iter : int, default=10
        Largest number of passes over the data (each costs a pass over the
        Gram matrix).

    Attributes
    ----------
    dual_coef_ : ndarray of shape (n_samples,)
        ``alpha_j * y_j`` for every training sample.
    alpha_ : ndarray of shape (n_samples,)
        The (step-scaled) mistake counts.
    intercept_ : float
        The bias.
    support_ : ndarray
        Indices of the samples with ``alpha_j > 0``.
    X_fit_ : ndarray of shape (n_samples, n_features)
        A copy of the training samples.
    n_updates_, n_iter_, converged_, classes_, n_features_in_, \
feature_names_in_
        As for :class:`Perceptron`.
    """

    _parameter_constraints = {
        **_BINARY_PARAMETERS,
        "kernel": [StrOptions({"linear", "poly", "rbf"}), callable],
        "degree": PASSES,
        "gamma": POSITIVE,
        "coef0": NON_NEGATIVE,
    }

    def __init__(
        self,
        *,
        kernel="poly",
        degree=2,
        gamma=1.0,
        coef0=1.0,
        learning_rate=1.0,
        max_iter=10,
        fit_intercept=True,
        shuffle=False,
        random_state=None,
    ):
        super().__init__(
            learning_rate=learning_rate,
            max_iter=max_iter,
            fit_intercept=fit_intercept,
            shuffle=shuffle,
            random_state=random_state,
        )
        self.kernel = kernel
        self.degree = degree
        self.gamma = gamma
        self.coef0 = coef0

    def _gram(self, A, B):
        """The kernel matrix, checked, and its largest size (at least 1)."""
        if callable(self.kernel):
            K = np.asarray(self.kernel(A, B), dtype=float)
        elif self.kernel == "linear":
            K = linear_kernel(A, B)
        elif self.kernel == "rbf":
            K = rbf_kernel(A, B, gamma=self.gamma)
        else:
            K = polynomial_kernel(
                A, B, degree=self.degree, gamma=self.gamma, coef0=self.coef0
            )
        if K.shape != (A.shape[0], B.shape[0]):
            raise ValueError(
                "the kernel must return a matrix of shape "
                f"{(A.shape[0], B.shape[0])} for inputs of {A.shape[0]} and "
                f"{B.shape[0]} rows; got shape {K.shape}."
            )
        largest, smallest = float(K.max()), float(K.min())  # NaN if any is
        if not (math.isfinite(largest) and math.isfinite(smallest)):
            raise ValueError(
                "the kernel returned values that are not finite numbers "
                "(NaN or infinity): no score can be computed from them."
            )
        return K, max(largest, -smallest, 1.0)

    @fit_context
    def fit(self, X, y):
        """Run the dual rule for at most ``max_iter`` passes."""
        X, y_signed = self._fit_data(X, y)
        K, size = self._gram(X, X)
        orders = visiting_orders(
            X.shape[0], self.max_iter, self.shuffle, self.random_state
        )
        eta = step_sizes(self.learning_rate)
        a, b, k, n_iter = np.zeros(X.shape[0]), 0.0, 0, 0
        for p in fast_passes(
            K, y_signed, a, b, eta, orders, self.fit_intercept, dual=True,
            size=size,
        ):  # fmt: skip
            k, n_iter = k + len(p.positions), n_iter + 1
            if not p.positions:
                break
        a, b = p.coef.copy(), p.intercept
        check_finite_result(self, a, b)
        self.dual_coef_, self.alpha_ = a, a * y_signed
        self.intercept_ = float(b)
        self.support_ = np.flatnonzero(self.alpha_ > 0)
        self.X_fit_ = np.array(X, copy=True)
        self.n_updates_, self.n_iter_ = k, n_iter
        self.converged_ = not p.positions
        if not self.converged_:
            warn_not_converged(
                f"KernelPerceptron still made mistakes after max_iter="
                f"{self.max_iter} passes: the data may not be separable "
                "with this kernel. Raise max_iter or change the kernel.",
            )
        return self

    def decision_function(self, X):
        r"""The score :math:`\sum_j \alpha_j y_j k(\mathbf x_j, \mathbf x) + b` over the support samples.

        The kernel values are computed a block of rows at a time (a bounded
        number at once), so that memory stays bounded whatever the number
        of rows; each row's score is the same sum (to rounding).
        """
        X = predict_data(self, X, "dual_coef_")
        s = self.support_
        scores = np.full(X.shape[0], self.intercept_)
        if s.size == 0:
            return scores
        support, weights = self.X_fit_[s], self.dual_coef_[s]
        rows = max(1, PREDICT_CHUNK // s.size)  # bounded memory: row blocks
        for a in range(0, X.shape[0], rows):
            K, _ = self._gram(X[a : a + rows], support)
            scores[a : a + rows] += K @ weights
        return scores

    def predict(self, X):
        """``classes_[1]`` where the score is positive, else ``classes_[0]``."""
        scores = self.decision_function(X)
        return self.classes_[(scores > 0).astype(int)]


# ---------------------------------------------------------------------------
# Several classes (section "More than two classes")
# ---------------------------------------------------------------------------


def multiclass_rule(a, y_i, W):
    """The top-scoring wrong class if augmented ``a`` is a mistake, else -1.

    ``a = [x, 1]`` is the augmented sample and ``W`` holds one augmented
    weight vector ``[w_c, b_c]`` per class (section "The bias by
    augmentation"), so the scores are ``W @ a``. **The 1 comes last** in
    ``a``, and ``b_c`` last in each row of ``W``: the reverse of
    :func:`mlcourse.perceptron.augment`, which puts the 1 first, so pass
    ``np.r_[x, 1]``, not ``augment(x)``. The rival is the highest-scoring
    class other than ``y_i`` (the smallest index on a tie); the sample is a
    mistake when the rival scores at least as high as the true class
    :eq:`eq-va-multiclass`. The plain loop and the engine both
    decide with this function; a score that is not a finite number is an
    error.

    Parameters
    ----------
    a : ndarray of shape (d + 1,)
        The augmented sample ``[x, 1]``.
    y_i : int
        Its class index.
    W : ndarray of shape (C, d + 1)
        One augmented weight vector per class.
    """
    scores = W @ a
    true = scores[y_i]
    scores[y_i] = -np.inf
    rival = int(scores.argmax())
    if not (math.isfinite(scores[rival]) and math.isfinite(true)):
        raise ValueError(
            "a score overflowed: the weights grew beyond the largest float. "
            "Rescale X, for example with StandardScaler, or lower "
            "learning_rate."
        )
    return rival if scores[rival] >= true else -1


def _augmented(X, fit_intercept):
    """``[x, 1]`` for every sample (``[x, 0]`` without a bias)."""
    return normalized_rows(X, np.ones(X.shape[0]), fit_intercept)


def multiclass_perceptron_naive(
    X, y_index, n_classes, max_iter=10, learning_rate=1.0,
    fit_intercept=True, orders=None, average=False,
):  # fmt: skip
    """The multi-class perceptron, one sample at a time: the reference.

    :prf:ref:`alg-va-multiclass`: one weight vector per class; on a
    mistake (:func:`multiclass_rule`) the true class moves towards x and the
    rival away from it. With ``average`` the plain average of the weights
    after every visit is returned. Returns ``(W, b)``.

    Parameters
    ----------
    X : ndarray of shape (n, d)
        The samples, one per row.
    y_index : ndarray of shape (n,)
        Class indices 0 to ``n_classes - 1``.
    n_classes : int
        Number of classes ``C``.
    max_iter : int, default 10
        Number of passes over the data.
    learning_rate : float, default 1.0
        The step ``eta``.
    fit_intercept : bool, default True
        Learn a bias ``b``; otherwise ``b`` stays 0.
    orders : list of arrays or None, default None
        The visiting order of each pass; ``None`` visits in index order.
    average : bool, default False
        Return the average of the weights after every visit, not the
        last weights.
    """
    A = _augmented(
        check_array(X, dtype=np.float64, input_name="X"), fit_intercept
    )
    eta = step_sizes(learning_rate)
    W, k = np.zeros((n_classes, A.shape[1])), 0
    total, visits = np.zeros_like(W), 0
    for order in [None] * max_iter if orders is None else orders:
        for i in range(A.shape[0]) if order is None else order:
            rival = multiclass_rule(A[i], y_index[i], W)
            if rival >= 0:
                k += 1
                step = eta(k)
                W[y_index[i]] += step * A[i]
                W[rival] -= step * A[i]
            total += W
            visits += 1
    W = total / visits if average else W
    return W[:, :-1].copy(), W[:, -1].copy()


class _Multiclass:
    """A multi-class run (three classes or more), for the engine.

    The weights are augmented, one row ``[w_c, b_c]`` of ``W`` per class. A
    visit's approximate scores are ``K`` dot products; a clear mistake whose
    rival is clear is taken as one, anything else goes to
    :func:`multiclass_rule`, and blocks are scored by one matrix product.
    """

    def __init__(self, X, y, n_classes, fit_intercept):
        n, d = X.shape
        self.A, self.y = _augmented(X, fit_intercept), y
        self.W, self.scan = np.zeros((n_classes, d + 1)), Scan()
        self.buf = np.empty(n_classes)
        self.W_rows, self.a_rows = list(self.W), list(self.A)
        self.size = max(float(X.max()), -float(X.min()), 1.0)
        # a unit step adds at most |a_i|_1 <= (d + 1) size to two rows'
        # l1 norms, and 2 tolerance(...) of that to the tolerance
        self.growth = 2 * tolerance(d + 1, (d + 1) * self.size**2)

    def pass_(self, order):
        """The engine's positions for one pass in ``order``."""
        self.Ap = self.A if order is None else self.A[order]
        self.yp = self.y if order is None else self.y[order]
        rows = self.a_rows if order is None else list(self.Ap)
        self.rows, self.labels, self.rival = rows, self.yp.tolist(), -1
        norm = float(np.max(np.sum(np.abs(self.W), axis=1)))
        self.scan.tol = 2 * tolerance(self.A.shape[1], self.size * norm)
        return next_mistakes(
            self.A.shape[0], self._visits, self.scan, self.decide,
            self.block, sure=False, run=32,
        )  # fmt: skip

    def _visits(self, start, stop, scan):
        """Visits not clearly correct; the rival of a clear mistake."""
        low, tol = -1e308, scan.tol
        # each visit's scores W @ a_i, computed lazily into one buffer
        scores_of = map(self.W.dot, self.rows[start:stop], repeat(self.buf))
        for i, scores, y_i in zip(
            range(start, stop), map(np.ndarray.tolist, scores_of),
            self.labels[start:stop],
        ):  # fmt: skip
            true, scores[y_i] = scores[y_i], low
            best = max(scores)
            if true - best > tol:
                continue
            if true - best < -tol:
                self.rival = rival = scores.index(best)
                scores[rival] = low
                if best - max(scores) <= tol:  # the rival is not clear
                    best = math.nan
            yield i, true - best
            tol = scan.tol

    def decide(self, i):
        self.rival = multiclass_rule(self.Ap[i], self.yp[i], self.W)
        return self.rival >= 0

    def block(self, start, stop):
        S = self.Ap[start:stop] @ self.W.T
        rows = np.arange(stop - start)
        true = S[rows, self.yp[start:stop]]
        S[rows, self.yp[start:stop]] = -np.inf
        return true - S.max(axis=1), self.scan.tol


class MulticlassPerceptron(ClassifierMixin, BaseEstimator):
    """The multi-class perceptron: one weight vector per class.

    Section "More than two classes" (:prf:ref:`alg-va-multiclass`,
    :eq:`eq-va-multiclass`): a mistake (some other class scores at least as
    high as the true class ``y``) moves ``w_y`` towards x and the
    best-scoring wrong class away from it; the prediction is the class of
    the largest score. The next mistake is found by the engine
    (``mlcourse.perceptron.next_mistakes``); the weights are
    :func:`multiclass_perceptron_naive`'s, bit for bit. With
    ``average=True`` they are averaged over every visit, lazily. All
    ``max_iter`` passes are run.

    Parameters
    ----------
    learning_rate, max_iter, fit_intercept, shuffle, random_state
        As for :class:`AveragedPerceptron`.
    average : bool, default=False
        Return the average of the weights over every visit.

    Attributes
    ----------
    coef_ : ndarray of shape (n_classes, n_features)
        One weight vector per class.
    intercept_ : ndarray of shape (n_classes,)
        One bias per class.
    classes_ : ndarray of shape (n_classes,)
        The labels, sorted.
    converged_ : bool
        True when a pass made no mistake: the weights no longer change
        (with ``average=True``, every further pass still moves the average
        towards them).
    n_updates_, n_iter_, n_features_in_, feature_names_in_
        As for :class:`AveragedPerceptron`.
    """

    _parameter_constraints = {**_BINARY_PARAMETERS, "average": ["boolean"]}

    def __init__(
        self,
        *,
        learning_rate=1.0,
        max_iter=10,
        fit_intercept=True,
        shuffle=False,
        random_state=None,
        average=False,
    ):
        self.learning_rate = learning_rate
        self.max_iter = max_iter
        self.fit_intercept = fit_intercept
        self.shuffle = shuffle
        self.random_state = random_state
        self.average = average

    @fit_context
    def fit(self, X, y):
        """Run all ``max_iter`` passes from zero weights."""
        X, y_index = fit_data(self, X, y, classes="multiclass")
        eta = step_sizes(self.learning_rate)
        orders = visiting_orders(
            X.shape[0], self.max_iter, self.shuffle, self.random_state
        )
        if self.classes_.size == 2:
            W, k, converged = self._two_classes(X, y_index, eta, orders)
        else:
            W, k, converged = self._classes(X, y_index, eta, orders)
        check_finite_result(self, W)
        self.coef_, self.intercept_ = W[:, :-1].copy(), W[:, -1].copy()
        self.n_updates_, self.n_iter_ = k, self.max_iter
        self.converged_ = converged
        _warn_if_unscaled(self, X)
        return self

    def _two_classes(self, X, y_index, eta, orders):
        """Two classes: the binary rule on ``w = W[1]``, and ``W[0] = -W[1]``.

        From zero the updates of the two rows are opposite, and rounding is
        symmetric, so ``W[0] = -W[1]`` exactly and the scores are opposite:
        the rival scores at least as high exactly when ``y' W[1] @ a <= 0``
        with ``y' = +1`` for ``classes_[1]``, the binary rule, bit for bit.
        """
        y = 2.0 * y_index - 1.0
        passes = fast_passes(
            X, y, np.zeros(X.shape[1]), 0.0, eta, orders, self.fit_intercept
        )
        if self.average:
            coef, b, _, _, k, converged = _averaged(
                passes, X, y, self.fit_intercept
            )
        else:
            k = 0
            for p in passes:
                k += len(p.positions)
            coef, b, converged = p.coef.copy(), p.intercept, not p.positions
        w = np.append(coef, b)
        return np.array([-w, w]), k, converged

    def _classes(self, X, y_index, eta, orders):
        """Three classes or more: the engine with :class:`_Multiclass`.

        A mistake moves the true class towards ``a_i`` and the rival away
        (``daxpy`` for a step of 1, as for the binary rule); each update
        raises the tolerance by ``run.growth`` per unit step.
        """
        run = _Multiclass(X, y_index, self.classes_.size, self.fit_intercept)
        U, k, visits, W_rows = np.zeros_like(run.W), 0, 0, run.W_rows
        constant = getattr(eta, "constant", None)
        scan, growth = run.scan, run.growth
        for order in orders:
            positions, first = run.pass_(order), k
            labels, rows = run.labels, run.rows
            for i in positions:
                k += 1
                step, a = constant or eta(k), rows[i]
                true, rival = W_rows[labels[i]], W_rows[run.rival]
                if step == 1.0:
                    daxpy(a, true)
                    daxpy(a, rival, a.size, -1.0)
                else:
                    true += step * a
                    rival -= step * a
                scan.tol += growth * step
                if self.average:
                    U[labels[i]] += (visits + i) * step * a
                    U[run.rival] -= (visits + i) * step * a
            visits += X.shape[0]
        converged = k == first
        return (run.W - U / visits if self.average else run.W), k, converged

    def decision_function(self, X):
        """Scores ``X @ coef_.T + intercept_``, one column per class.

        With two classes, the difference of the two columns (positive for
        ``classes_[1]``), shape ``(n_samples,)``, as scikit-learn's binary
        classifiers return.
        """
        X = predict_data(self, X, "coef_")
        scores = X @ self.coef_.T + self.intercept_
        return scores[:, 1] - scores[:, 0] if scores.shape[1] == 2 else scores

    def predict(self, X):
        """The class with the largest score (the first one on a tie)."""
        X = predict_data(self, X, "coef_")
        scores = X @ self.coef_.T + self.intercept_
        return self.classes_[np.argmax(scores, axis=1)]
