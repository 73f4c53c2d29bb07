"""Voted, averaged, kernel and multi-class perceptrons.

Chapter "Voted and averaged perceptrons, and kernels". The plain perceptron
returns its *last* weight vector, which one late mistake can spoil. Freund
and Schapire (1999) keep every weight vector the perceptron passes through,
together with its *survival count* (how many sample visits it lasted), and
let them vote; averaging the vectors instead of their votes gives a single
linear classifier that is as good in practice and as cheap to use as the
perceptron itself. Feature maps and kernels then let the same
mistake-driven rule learn curved boundaries.

Everything here uses the book's conventions: labels are mapped to -1/+1
with the larger label positive, a sample is a mistake when
``y * (w @ x + b) <= 0`` (zero counts as a mistake), and an update is
``w += eta_k * y * x``, ``b += eta_k * y``, with ``eta_k`` the
``learning_rate`` (a positive number or a function of the update number
``k``, as for :class:`mlcourse.perceptron.Perceptron`).

Each fast estimator sits next to the plain textbook loop it reproduces bit
for bit (:func:`voted_perceptron_naive`, :func:`averaged_perceptron_plain`,
:func:`kernel_perceptron_naive`, :func:`multiclass_perceptron_naive`); the
fast paths find the next mistake with the block scan of
:func:`mlcourse.perceptron.mistakes_in_pass`, and the tests compare them
with the plain loops on many random data sets.
"""

from __future__ import annotations

import math

import numpy as np

from ._base import (
    BaseEstimator,
    ClassifierMixin,
    check_classification_target,
    check_fit_X,
    check_pass_params,
    check_predict_X,
    check_signed_run,
    check_start,
    visiting_orders,
)
from ._validation import (
    check_learning_rate,
    check_nonnegative,
    check_positive,
    check_positive_int,
    check_X,
)
from .perceptron import (
    _MistakeDrivenClassifier,
    find_next_mistake,
    linear_pass,
    mistakes_in_pass,
    normalized_rows,
    rounding_tolerance,
)

__all__ = [
    "linear_kernel",
    "polynomial_kernel",
    "rbf_kernel",
    "polynomial_features_2d",
    "next_mistake",
    "voted_perceptron_naive",
    "averaged_perceptron_naive",
    "averaged_perceptron_plain",
    "kernel_perceptron_naive",
    "multiclass_perceptron_naive",
    "lazy_average",
    "VotedPerceptron",
    "AveragedPerceptron",
    "KernelPerceptron",
    "MulticlassPerceptron",
]

#: Largest number of scores ``VotedPerceptron`` computes at once (8 MiB).
PREDICT_CHUNK = 1 << 20


# ---------------------------------------------------------------------------
# Feature maps and kernels (sections "Feature maps", "The kernel trick")
# ---------------------------------------------------------------------------


def polynomial_features_2d(X):
    """The quadratic feature map of the plane, :eq:`eq-va-phi`.

    Section "Feature maps: making a circle linear":
    ``phi(x) = (x1**2, sqrt(2) * x1 * x2, x2**2)``, so that
    ``phi(x) @ phi(z) == (x @ z)**2``; a circle ``x1**2 + x2**2 = r**2``
    becomes the plane ``z1 + z3 = r**2``. ``X`` has shape
    ``(n_samples, 2)``; the result has shape ``(n_samples, 3)``.
    """
    X = check_X(X)
    if X.shape[1] != 2:
        raise ValueError(
            f"polynomial_features_2d maps points of the plane: X must have 2 features; got {X.shape[1]}."
        )
    x1, x2 = X[:, 0], X[:, 1]
    return np.column_stack([x1 * x1, np.sqrt(2.0) * x1 * x2, x2 * x2])


def _kernel_inputs(X, Z):
    X = check_X(X, "X")
    Z = X if Z is None else check_X(Z, "Z")
    if Z.shape[1] != X.shape[1]:
        raise ValueError(
            f"X and Z must have the same number of features; got {X.shape[1]} and {Z.shape[1]}."
        )
    return X, Z


def linear_kernel(X, Z=None):
    """``K[i, j] = X[i] @ Z[j]``: the kernel of the identity feature map."""
    X, Z = _kernel_inputs(X, Z)
    return X @ Z.T


def polynomial_kernel(X, Z=None, degree=2, gamma=1.0, coef0=1.0):
    """``K[i, j] = (gamma * X[i] @ Z[j] + coef0) ** degree``, :eq:`eq-va-poly`.

    With ``gamma=1, coef0=0, degree=2`` it is the inner product of
    :func:`polynomial_features_2d`; ``coef0 > 0`` adds every lower-degree monomial.
    """
    X, Z = _kernel_inputs(X, Z)
    degree = check_positive_int(degree, "degree")
    gamma = check_positive(gamma, "gamma")
    coef0 = check_nonnegative(coef0, "coef0")
    return (gamma * (X @ Z.T) + coef0) ** degree


def rbf_kernel(X, Z=None, gamma=1.0):
    """The Gaussian (RBF) kernel, :eq:`eq-va-rbf`.

    ``K[i, j] = exp(-gamma * ||X[i] - Z[j]||**2)``.
    """
    X, Z = _kernel_inputs(X, Z)
    gamma = check_positive(gamma, "gamma")
    squared = (
        (X * X).sum(axis=1)[:, None]
        + (Z * Z).sum(axis=1)[None, :]
        - 2.0 * (X @ Z.T)
    )
    return np.exp(-gamma * np.maximum(squared, 0.0))


# ---------------------------------------------------------------------------
# Shared pieces
# ---------------------------------------------------------------------------


def next_mistake(X, y_signed, w, b, start, row_norms=None):
    """Index of the first sample at or after ``start`` that is a mistake.

    ``-1`` when there is none. This is the perceptron chapter's
    :func:`mlcourse.perceptron.find_next_mistake` (the plain loop's answer,
    bit for bit, found by blocks).
    """
    return int(find_next_mistake(X, y_signed, w, b, start, row_norms))


def _orders(orders, n_samples, max_iter):
    """The given visiting orders, or ``None`` (in order) for every pass."""
    return [None] * max_iter if orders is None else orders


def _pass_order(order, n):
    return range(n) if order is None else order


# ---------------------------------------------------------------------------
# Plain reference loops (sections "The voted perceptron", "The averaged
# perceptron")
# ---------------------------------------------------------------------------


def voted_perceptron_naive(
    X,
    y_signed,
    max_iter=10,
    learning_rate=1.0,
    fit_intercept=True,
    orders=None,
):
    """The voted perceptron, one sample at a time (algorithm ``alg-va-voted``).

    Returns ``(weights, intercepts, counts)``: the K weight vectors in
    order, their intercepts, and their survival counts ``c_k`` (the number
    of visits after which ``w_k`` was the current vector; the vector created
    by a mistake counts that visit). ``orders`` gives the visiting order of
    each pass (default: ``0..n-1`` every pass).
    """
    X, y_signed, w, b, eta, max_iter = check_signed_run(
        X, y_signed, None, None, learning_rate, max_iter, fit_intercept
    )
    n, d = X.shape
    k = 0
    weights, intercepts, counts = [w.copy()], [b], [0]
    for order in _orders(orders, n, max_iter):
        for i in _pass_order(order, n):
            if y_signed[i] * (float(X[i] @ w) + b) <= 0:
                k += 1
                step = eta(k) * y_signed[i]
                w = w + step * X[i]
                if fit_intercept:
                    b = b + step
                weights.append(w.copy())
                intercepts.append(b)
                counts.append(1)
            else:
                counts[-1] += 1
    return (
        np.array(weights),
        np.array(intercepts),
        np.array(counts, dtype=float),
    )


def averaged_perceptron_naive(
    X,
    y_signed,
    max_iter=10,
    learning_rate=1.0,
    fit_intercept=True,
    orders=None,
):
    """The plain average of the weights after every visit, :eq:`eq-va-average`.

    Keeps every one of the ``max_iter * n`` weight vectors and averages
    them: the definition, at a memory cost that the lazy trick of
    :func:`averaged_perceptron_plain` avoids. Returns ``(coef, intercept)``.
    """
    X, y_signed, w, b, eta, max_iter = check_signed_run(
        X, y_signed, None, None, learning_rate, max_iter, fit_intercept
    )
    n, d = X.shape
    k = 0
    history_w, history_b = [], []
    for order in _orders(orders, n, max_iter):
        for i in _pass_order(order, n):
            if y_signed[i] * (float(X[i] @ w) + b) <= 0:
                k += 1
                step = eta(k) * y_signed[i]
                w = w + step * X[i]
                if fit_intercept:
                    b = b + step
            history_w.append(w.copy())
            history_b.append(b)
    return np.mean(history_w, axis=0), float(np.mean(history_b))


def averaged_perceptron_plain(
    X,
    y_signed,
    max_iter=10,
    learning_rate=1.0,
    fit_intercept=True,
    orders=None,
    coef_init=None,
    intercept_init=0.0,
):
    """The averaged perceptron with lazy averaging, one sample at a time.

    Algorithm ``alg-va-averaged`` (:eq:`eq-va-lazy`): keep the weights
    ``w``, a weighted sum ``u`` of the updates and the number ``c`` of
    visits so far; an update ``delta`` made at visit ``c + 1`` adds
    ``c * delta`` to ``u``, and after ``c`` visits the average of the
    weights is ``w - u / c``. The reference that :func:`lazy_average`
    reproduces bit for bit. Returns
    ``(coef, intercept, last_coef, last_intercept, n_updates)``.
    """
    X, y_signed, w, b, eta, max_iter = check_signed_run(
        X,
        y_signed,
        coef_init,
        intercept_init,
        learning_rate,
        max_iter,
        fit_intercept,
    )
    n, d = X.shape
    u, u_b, c, k = np.zeros(d), 0.0, 0, 0
    for order in _orders(orders, n, max_iter):
        for i in _pass_order(order, n):
            if y_signed[i] * (float(X[i] @ w) + b) <= 0:
                k += 1
                step = eta(k) * y_signed[i]
                w = w + step * X[i]
                u = u + (c * step) * X[i]
                if fit_intercept:
                    b = b + step
                    u_b = u_b + c * step
            c += 1
    return w - u / c, b - u_b / c, w, b, k


def _averaged_run(X, y_signed, eta, orders, fit_intercept, w0, b0):
    """The fast path of :func:`averaged_perceptron_plain` (same result).

    Mistakes come from :func:`mlcourse.perceptron.linear_pass`; the lazy
    sum ``u`` gets the terms ``(c * eta_k) z_i`` of a pass in order, added
    by one cumulative sum (which rounds as the sequence of additions does).
    """
    n, d = X.shape
    Z = normalized_rows(X, y_signed, fit_intercept)
    z_max = float(np.sqrt(np.max(np.einsum("ij,ij->i", Z, Z))))
    v = np.append(w0, b0)
    u = np.zeros(d + 1)
    visits = k = 0
    for order in orders:
        Zp = Z if order is None else Z[order]
        Xp = X if order is None else X[order]
        yp = y_signed if order is None else y_signed[order]
        run = linear_pass(Zp, Xp, yp, v, z_max, eta, k)
        if run.positions:
            k += len(run.positions)
            weights = (visits + np.array(run.positions)) * np.array(run.steps)
            stack = np.empty((len(run.positions) + 1, d + 1))
            stack[0] = u
            np.multiply(Zp[run.positions], weights[:, None], out=stack[1:])
            np.cumsum(stack, axis=0, out=stack)
            u = stack[-1].copy()
        visits += n
    w, b = v[:d].copy(), float(v[d])
    return w - u[:d] / visits, b - u[d] / visits, w, b, k


def lazy_average(
    X,
    y_signed,
    max_iter=10,
    learning_rate=1.0,
    fit_intercept=True,
    orders=None,
    coef_init=None,
    intercept_init=0.0,
):
    """The averaged perceptron with lazy averaging (:eq:`eq-va-lazy`), fast.

    Same arguments and result as :func:`averaged_perceptron_plain`, bit for
    bit; samples the current weights classify correctly are skipped in bulk
    by the block scan, so the cost is that of the perceptron itself.
    Returns ``(coef, intercept, last_coef, last_intercept, n_updates)``.
    """
    X, y_signed, w0, b0, eta, max_iter = check_signed_run(
        X,
        y_signed,
        coef_init,
        intercept_init,
        learning_rate,
        max_iter,
        fit_intercept,
    )
    orders = _orders(orders, X.shape[0], max_iter)
    return _averaged_run(X, y_signed, eta, orders, fit_intercept, w0, b0)


# ---------------------------------------------------------------------------
# The binary estimators
# ---------------------------------------------------------------------------


class _BinaryVariant(_MistakeDrivenClassifier):
    """Constructor and data checks shared by the binary variants."""

    def __init__(
        self,
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

    def _orders(self, n_samples, max_iter):
        return visiting_orders(
            n_samples, max_iter, self.shuffle, self.random_state
        )


_VARIANT_PARAMETERS = """
    Parameters
    ----------
    learning_rate : float or callable, default=1.0
        The step ``eta_k`` of update ``k``: a positive number or a function
        of ``k`` (``k = 1`` first), as for ``Perceptron``.
    max_iter : int, default=10
        Number of passes over the data.
    fit_intercept : bool, default=True
        Learn the bias ``b``; when False, ``b`` stays 0.
    shuffle : bool, default=False
        Visit the samples in a fresh random order each pass.
    random_state : None, int or numpy Generator, default=None
        Seed of the shuffling.
"""


class AveragedPerceptron(_BinaryVariant):
    __doc__ = (
        """The averaged perceptron (algorithm ``alg-va-averaged``).

    Chapter "Voted and averaged perceptrons", section "The averaged
    perceptron": runs all ``max_iter`` passes of the perceptron rule and
    returns, as ``coef_`` and ``intercept_``, the mean of the weights taken
    after every sample visit (:eq:`eq-va-average`), computed with lazy
    averaging (:eq:`eq-va-lazy`): what scikit-learn's
    ``SGDClassifier(loss="perceptron", average=True, ...)`` computes, to
    rounding. The result equals :func:`averaged_perceptron_plain` bit for
    bit.
"""
        + _VARIANT_PARAMETERS
        + """
    Attributes
    ----------
    coef_ : ndarray of shape (n_features,)
        The averaged weights.
    intercept_ : float
        The averaged bias.
    last_coef_ : ndarray of shape (n_features,)
        The last weights (the plain perceptron's answer).
    last_intercept_ : float
        The last bias.
    n_updates_ : int
        Number of updates.
    n_iter_ : int
        Number of passes made (``max_iter``).
    classes_ : ndarray of shape (2,)
        The two labels; ``classes_[1]`` is the positive class.
    n_features_in_ : int
        Number of features seen in ``fit``.
    """
    )

    def fit(self, X, y, coef_init=None, intercept_init=None):
        """Run all passes from ``(coef_init, intercept_init)`` (zeros)."""
        eta, passes = self._check_params()
        X, y_signed, classes = self._check_data(X, y)
        w0, b0 = check_start(
            coef_init, intercept_init, X.shape[1], self.fit_intercept
        )
        coef, intercept, last, last_b, n_updates = _averaged_run(
            X,
            y_signed,
            eta,
            self._orders(X.shape[0], passes),
            self.fit_intercept,
            w0,
            b0,
        )
        self.classes_ = classes
        self.n_features_in_ = X.shape[1]
        self.coef_, self.intercept_ = coef, float(intercept)
        self.last_coef_, self.last_intercept_ = last, float(last_b)
        self.n_updates_, self.n_iter_ = n_updates, passes
        return self


class VotedPerceptron(_BinaryVariant):
    __doc__ = (
        """The voted perceptron (algorithm ``alg-va-voted``).

    Freund and Schapire (1999); chapter "Voted and averaged perceptrons",
    section "The voted perceptron". Stores every weight vector the
    perceptron passes through and its survival count. A prediction is the
    sign of the survival-weighted vote ``sum_k c_k sign(w_k @ x + b_k)``
    (:eq:`eq-va-voted`); a vector with score exactly 0 abstains. The stored
    vectors equal :func:`voted_perceptron_naive`'s bit for bit.
"""
        + _VARIANT_PARAMETERS
        + """
    Attributes
    ----------
    weights_ : ndarray of shape (K, n_features)
        Every weight vector, the start first.
    intercepts_ : ndarray of shape (K,)
        Their biases.
    counts_ : ndarray of shape (K,)
        Their survival counts, which sum to the number of visits.
    coef_ : ndarray of shape (n_features,)
        The averaged weights ``sum_k c_k w_k / sum_k c_k`` (the vote
        without its inner sign).
    intercept_ : float
        The averaged bias.
    n_updates_ : int
        Number of updates (``K - 1``).
    n_iter_ : int
        Number of passes made (``max_iter``).
    classes_ : ndarray of shape (2,)
        The two labels; ``classes_[1]`` is the positive class.
    n_features_in_ : int
        Number of features seen in ``fit``.
    """
    )

    def fit(self, X, y, coef_init=None, intercept_init=None):
        """Run all passes from ``(coef_init, intercept_init)`` (zeros)."""
        eta, passes = self._check_params()
        X, y_signed, classes = self._check_data(X, y)
        w, b = check_start(
            coef_init, intercept_init, X.shape[1], self.fit_intercept
        )
        n, d = X.shape
        Z = normalized_rows(X, y_signed, self.fit_intercept)
        z_max = float(np.sqrt(np.max(np.einsum("ij,ij->i", Z, Z))))
        v = np.append(w, b)
        stacked, counts, k = [v.copy()], [0], 0
        for order in self._orders(n, passes):
            Zp = Z if order is None else Z[order]
            Xp = X if order is None else X[order]
            yp = y_signed if order is None else y_signed[order]
            run = linear_pass(Zp, Xp, yp, v, z_max, eta, k, record=True)
            k += len(run.positions)
            previous = 0
            for j in run.positions:
                counts[-1] += j - previous
                counts.append(1)
                previous = j + 1
            counts[-1] += n - previous
            stacked.extend(run.weights)
        stacked = np.array(stacked)
        self.weights_ = stacked[:, :d].copy()
        self.intercepts_ = stacked[:, d].copy()
        self.counts_ = np.array(counts, dtype=float)
        total = self.counts_.sum()
        self.coef_ = self.counts_ @ self.weights_ / total
        self.intercept_ = float(self.counts_ @ self.intercepts_ / total)
        self.classes_ = classes
        self.n_features_in_ = d
        self.n_updates_, self.n_iter_ = k, passes
        return self

    def decision_function(self, X):
        """The vote ``sum_k c_k sign(w_k @ x + b_k) / sum_k c_k``, in [-1, 1].

        It costs ``K`` inner products per sample, one per stored vector,
        against one for the averaged perceptron. The scores are computed
        for a few vectors at a time (at most ``PREDICT_CHUNK`` at once), so
        that memory stays bounded; the sums are of whole numbers, so the
        result does not depend on the chunks.
        """
        X = check_predict_X(self, X)
        n, K = X.shape[0], self.counts_.shape[0]
        chunk = max(1, PREDICT_CHUNK // max(n, 1))
        votes = np.zeros(n)
        for a in range(0, K, chunk):
            scores = X @ self.weights_[a : a + chunk].T
            scores += self.intercepts_[a : a + chunk]
            votes += np.sign(scores) @ self.counts_[a : a + chunk]
        return votes / self.counts_.sum()


# ---------------------------------------------------------------------------
# The kernel perceptron (section "The kernel trick")
# ---------------------------------------------------------------------------


def _kernel_function(kernel, degree, gamma, coef0):
    if callable(kernel):
        return kernel
    if kernel == "linear":
        return linear_kernel
    if kernel == "poly":
        return lambda A, B: polynomial_kernel(
            A, B, degree=degree, gamma=gamma, coef0=coef0
        )
    if kernel == "rbf":
        return lambda A, B: rbf_kernel(A, B, gamma=gamma)
    raise ValueError(
        "kernel must be 'linear', 'poly', 'rbf' or a callable k(A, B); "
        f"got {kernel!r}."
    )


def kernel_perceptron_naive(
    K,
    y_signed,
    max_iter=10,
    learning_rate=1.0,
    fit_intercept=True,
    orders=None,
):
    """The dual perceptron on a Gram matrix, one sample at a time.

    Algorithm ``alg-va-kernel`` (:eq:`eq-va-dual`): the weight vector is
    never formed: ``w = sum_j alpha_j y_j phi(x_j)``, and the score of
    sample ``i`` is ``sum_j alpha_j y_j K[i, j] + b``, a dot product of row
    ``i`` of ``K`` with the dual coefficients ``a_j = alpha_j y_j``. A
    mistake on sample ``i`` adds the step to ``alpha_i``. Stops after a pass
    with no mistake. Returns ``(alpha, b)``.
    """
    K = np.asarray(K, dtype=float)
    y_signed = np.asarray(y_signed, dtype=float)
    n = K.shape[0]
    eta = check_learning_rate(learning_rate)
    a, b, k = np.zeros(n), 0.0, 0
    for order in _orders(orders, n, max_iter):
        mistakes = 0
        for i in _pass_order(order, n):
            if y_signed[i] * (float(K[i] @ a) + b) <= 0:
                k += 1
                step = eta(k) * y_signed[i]
                a[i] = a[i] + step
                if fit_intercept:
                    b = b + step
                mistakes += 1
        if mistakes == 0:
            break
    return a * y_signed, b


class KernelPerceptron(_BinaryVariant):
    """The kernel (dual) perceptron (algorithm ``alg-va-kernel``).

    Chapter "Voted and averaged perceptrons, and kernels", section "The
    kernel trick" (:eq:`eq-va-dual`). The mistake rule of the perceptron
    on the scores ``sum_j alpha_j y_j k(x_j, x) + b``; the next mistake is
    found by the block scan (:func:`mlcourse.perceptron.mistakes_in_pass`)
    with rows of the Gram matrix as features, and the result equals
    :func:`kernel_perceptron_naive`'s bit for bit. It stops early only
    after a pass with no mistake, which gives the same result as running
    the remaining passes.

    Parameters
    ----------
    kernel : {"linear", "poly", "rbf"} or callable, default="poly"
        ``"poly"`` is ``(gamma x @ z + coef0) ** degree`` (:eq:`eq-va-poly`),
        ``"rbf"`` is ``exp(-gamma ||x - z||**2)`` (:eq:`eq-va-rbf`); a
        callable ``k(A, B)`` returns the matrix of kernel values between
        the rows of A and of B.
    degree : int, default=2
        Degree of the polynomial kernel.
    gamma : float, default=1.0
        Scale of the polynomial and RBF kernels.
    coef0 : float, default=1.0
        Constant of the polynomial kernel.
    learning_rate : float or callable, default=1.0
        The step ``eta_k`` of update ``k``.
    max_iter : int, default=10
        Largest number of passes over the data.
    fit_intercept : bool, default=True
        Learn the bias ``b``.
    shuffle : bool, default=False
        Visit the samples in a fresh random order each pass.
    random_state : None, int or numpy Generator, default=None
        Seed of the shuffling.

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
        The training samples.
    n_updates_ : int
        Number of updates.
    n_iter_ : int
        Number of passes made.
    converged_ : bool
        True when the last pass found no mistake.
    classes_ : ndarray of shape (2,)
        The two labels; ``classes_[1]`` is the positive class.
    n_features_in_ : int
        Number of features seen in ``fit``.
    """

    def __init__(
        self,
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
            learning_rate, max_iter, fit_intercept, shuffle, random_state
        )
        self.kernel = kernel
        self.degree = degree
        self.gamma = gamma
        self.coef0 = coef0

    def _gram(self, A, B):
        kernel = _kernel_function(
            self.kernel, self.degree, self.gamma, self.coef0
        )
        values = np.asarray(kernel(A, B), dtype=float)
        if values.shape != (A.shape[0], B.shape[0]):
            raise ValueError(
                "the kernel must return a matrix of shape "
                f"{(A.shape[0], B.shape[0])} for inputs of {A.shape[0]} and "
                f"{B.shape[0]} rows; got shape {values.shape}."
            )
        return values

    def fit(self, X, y):
        """Run the dual rule for at most ``max_iter`` passes."""
        eta, passes = self._check_params()
        X, y_signed, classes = self._check_data(X, y)
        K = self._gram(X, X)
        n = X.shape[0]
        # v = [a, b]: the dual coefficients a_j = alpha_j y_j and the bias
        Z = normalized_rows(K, y_signed, self.fit_intercept)
        z_max = float(np.sqrt(np.max(np.einsum("ij,ij->i", Z, Z))))
        v = np.zeros(n + 1)
        a = v[:n]
        k, n_iter, converged = 0, 0, False
        for order in self._orders(n, passes):
            n_iter += 1
            rows = np.arange(n) if order is None else order

            def block_margins(start, stop, rows=rows):
                norm = math.sqrt(float(v @ v))
                tolerance = rounding_tolerance(n + 1, z_max, norm)
                return Z[rows[start:stop]].dot(v), tolerance

            def is_mistake(j, rows=rows):
                i = rows[j]
                return y_signed[i] * (float(K[i] @ a) + v[n]) <= 0

            mistakes = 0
            for j in mistakes_in_pass(n, block_margins, is_mistake):
                i = rows[j]
                k += 1
                step = eta(k) * y_signed[i]
                a[i] = a[i] + step
                if self.fit_intercept:
                    v[n] = v[n] + step
                mistakes += 1
            if mistakes == 0:
                converged = True
                break
        self.dual_coef_ = a.copy()
        self.alpha_ = a * y_signed
        self.intercept_ = float(v[n])
        self.support_ = np.flatnonzero(self.alpha_ > 0)
        self.X_fit_ = X
        self.classes_ = classes
        self.n_features_in_ = X.shape[1]
        self.n_updates_, self.n_iter_, self.converged_ = k, n_iter, converged
        return self

    def decision_function(self, X):
        """``sum_j alpha_j y_j k(x_j, x) + b`` over the support samples."""
        X = check_predict_X(self, X, "dual_coef_")
        s = self.support_
        if s.size == 0:
            return np.full(X.shape[0], self.intercept_)
        return (
            self._gram(X, self.X_fit_[s]) @ self.dual_coef_[s]
            + self.intercept_
        )


# ---------------------------------------------------------------------------
# Several classes (section "More than two classes")
# ---------------------------------------------------------------------------


def _multiclass_rival(x, y_i, W, b):
    """The best-scoring wrong class, and whether the sample is a mistake.

    Scores are ``W @ x + b``; the rival is the highest-scoring class other
    than ``y_i`` (the smallest index on a tie), and the sample is a mistake
    when the rival scores at least as high as the true class
    (:eq:`eq-va-multiclass`). The plain loop and the fast path both decide
    with this function.
    """
    scores = W @ x + b
    true = scores[y_i]
    scores[y_i] = -np.inf
    rival = int(np.argmax(scores))
    return rival, bool(scores[rival] >= true)


def multiclass_perceptron_naive(
    X,
    y_index,
    n_classes,
    max_iter=10,
    learning_rate=1.0,
    fit_intercept=True,
    orders=None,
    average=False,
):
    """The multi-class perceptron, one sample at a time.

    Algorithm ``alg-va-multiclass``: one weight vector per class; a sample
    is a mistake when some other class scores at least as high as the true
    one (ties count as mistakes, as in the binary rule). The true class
    moves towards x, the best-scoring wrong class away from it. With
    ``average`` the plain average of the weights after every visit is
    returned. Returns ``(W, b)``.
    """
    X = np.asarray(X, dtype=float)
    n, d = X.shape
    eta = check_learning_rate(learning_rate)
    W, b, k = np.zeros((n_classes, d)), np.zeros(n_classes), 0
    sum_W, sum_b, visits = np.zeros_like(W), np.zeros_like(b), 0
    for order in _orders(orders, n, max_iter):
        for i in _pass_order(order, n):
            true = y_index[i]
            rival, mistake = _multiclass_rival(X[i], true, W, b)
            if mistake:
                k += 1
                step = eta(k)
                W[true] += step * X[i]
                W[rival] -= step * X[i]
                if fit_intercept:
                    b[true] += step
                    b[rival] -= step
            sum_W += W
            sum_b += b
            visits += 1
    if average:
        return sum_W / visits, sum_b / visits
    return W, b


class MulticlassPerceptron(ClassifierMixin, BaseEstimator):
    """The multi-class perceptron: one weight vector per class.

    Chapter "Voted and averaged perceptrons, and kernels", section "More
    than two classes" (algorithm ``alg-va-multiclass``,
    :eq:`eq-va-multiclass`): a mistake (some other class scores at least as
    high as the true class ``y``) moves ``w_y`` towards x and the
    best-scoring wrong class away from it; the prediction is the class of
    the largest score. The next mistake is found by the block scan; the
    weights equal :func:`multiclass_perceptron_naive`'s bit for bit. With
    ``average=True`` the returned weights are the average over every
    sample visit, computed with the lazy trick. All ``max_iter`` passes are
    run.

    Parameters
    ----------
    learning_rate : float or callable, default=1.0
        The step ``eta_k`` of update ``k``.
    max_iter : int, default=10
        Number of passes over the data.
    fit_intercept : bool, default=True
        Learn one bias per class.
    shuffle : bool, default=False
        Visit the samples in a fresh random order each pass.
    random_state : None, int or numpy Generator, default=None
        Seed of the shuffling.
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
    n_updates_ : int
        Number of updates.
    n_iter_ : int
        Number of passes made (``max_iter``).
    n_features_in_ : int
        Number of features seen in ``fit``.
    """

    def __init__(
        self,
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

    def fit(self, X, y):
        """Run all ``max_iter`` passes from zero weights."""
        eta, passes = check_pass_params(
            self, ("fit_intercept", "shuffle", "average")
        )
        X = check_fit_X(X)
        y_index, classes = check_classification_target(
            y, X.shape[0], binary=False
        )
        n, d = X.shape
        m = classes.size
        W, b = np.zeros((m, d)), np.zeros(m)
        U, u_b = np.zeros_like(W), np.zeros_like(b)
        x_max = float(np.sqrt(np.max(np.einsum("ij,ij->i", X, X)) + 1.0))
        every_row = np.arange(min(n, 1 << 30))
        average = self.average
        visits = k = 0
        orders = visiting_orders(n, passes, self.shuffle, self.random_state)
        for order in orders:
            Xp = X if order is None else X[order]
            yp = y_index if order is None else y_index[order]
            rival = [0]
            # an upper bound on the largest norm of a row [w_c, b_c]: exact
            # at the start of the pass, then grown by each update's step
            norm = [
                math.sqrt(float(np.max(np.einsum("ij,ij->i", W, W) + b * b)))
            ]

            def block_margins(start, stop, Xp=Xp, yp=yp, norm=norm):
                S = Xp[start:stop].dot(W.T)
                S += b
                flat = S.reshape(-1)
                where = every_row[: stop - start] * m + yp[start:stop]
                true = flat[where]
                flat[where] = -np.inf
                margins = true - S.max(axis=1)
                return margins, 2.0 * rounding_tolerance(d + 1, x_max, norm[0])

            def is_mistake(i, Xp=Xp, yp=yp, rival=rival):
                rival[0], mistake = _multiclass_rival(Xp[i], yp[i], W, b)
                return mistake

            for i in mistakes_in_pass(
                n, block_margins, is_mistake, decide_sure=False
            ):
                true, other, x = yp[i], rival[0], Xp[i]
                k += 1
                step = eta(k)
                moved = step * x
                W[true] += moved
                W[other] -= moved
                norm[0] += step * x_max
                if self.fit_intercept:
                    b[true] += step
                    b[other] -= step
                if average:
                    weight = (visits + i) * step
                    moved = weight * x
                    U[true] += moved
                    U[other] -= moved
                    if self.fit_intercept:
                        u_b[true] += weight
                        u_b[other] -= weight
            visits += n
        if self.average:
            self.coef_, self.intercept_ = W - U / visits, b - u_b / visits
        else:
            self.coef_, self.intercept_ = W, b
        self.classes_ = classes
        self.n_features_in_ = d
        self.n_updates_, self.n_iter_ = k, passes
        return self

    def decision_function(self, X):
        """Scores ``X @ coef_.T + intercept_``, one column per class.

        With two classes, the difference of the two columns (positive for
        ``classes_[1]``), shape ``(n_samples,)``, as scikit-learn's binary
        classifiers return.
        """
        X = check_predict_X(self, X)
        scores = X @ self.coef_.T + self.intercept_
        if self.classes_.size == 2:
            return scores[:, 1] - scores[:, 0]
        return scores

    def predict(self, X):
        """The class with the largest score (the first one on a tie)."""
        X = check_predict_X(self, X)
        scores = X @ self.coef_.T + self.intercept_
        return self.classes_[np.argmax(scores, axis=1)]
