"""Voted, averaged, kernel and multi-class perceptrons (chapter "Voted and averaged perceptrons").

The plain perceptron returns its *last* weight vector, which one late mistake can spoil.
Freund and Schapire (1999) keep every weight vector the perceptron passes through, together
with its *survival count* (how many sample visits it lasted), and let them vote; averaging
the vectors instead of their votes gives a single linear classifier that is as good in
practice and as cheap to use as the perceptron itself. Feature maps and kernels then let the
same mistake-driven rule learn curved boundaries.

Everything here uses the book's conventions: labels are mapped to -1/+1 with the larger
label positive, a sample is a mistake when ``y * (w @ x + b) <= 0`` (zero counts as a
mistake), and an update is ``w += learning_rate * y * x``, ``b += learning_rate * y``.

Each fast estimator sits next to the plain textbook loop it must reproduce
(:func:`voted_perceptron_naive`, :func:`averaged_perceptron_naive`,
:func:`kernel_perceptron_naive`, :func:`multiclass_perceptron_naive`); the tests compare
them on many random data sets.
"""

from __future__ import annotations

import numbers

import numpy as np

from ._validation import (
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
)

try:  # the perceptron chapter's fast next-mistake search, shared when available
    from .perceptron import find_next_mistake as _shared_find_next_mistake
except (
    ImportError
):  # pragma: no cover - only while the perceptron module is absent
    _shared_find_next_mistake = None

__all__ = [
    "linear_kernel",
    "polynomial_kernel",
    "rbf_kernel",
    "polynomial_features_2d",
    "next_mistake",
    "voted_perceptron_naive",
    "averaged_perceptron_naive",
    "kernel_perceptron_naive",
    "multiclass_perceptron_naive",
    "lazy_average",
    "VotedPerceptron",
    "AveragedPerceptron",
    "KernelPerceptron",
    "MulticlassPerceptron",
]

_FIRST_BLOCK = 64


# ---------------------------------------------------------------------------------------
# Feature maps and kernels (section "Feature maps and kernels")
# ---------------------------------------------------------------------------------------


def polynomial_features_2d(X):
    """The quadratic feature map of the plane, eq. ``eq-va-phi``.

    ``phi(x) = (x1**2, sqrt(2) * x1 * x2, x2**2)``, so that ``phi(x) @ phi(z) == (x @ z)**2``:
    a circle ``x1**2 + x2**2 = r**2`` becomes the plane ``z1 + z3 = r**2``.
    ``X`` has shape ``(n_samples, 2)``; the result has shape ``(n_samples, 3)``.
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
    """``K[i, j] = (gamma * X[i] @ Z[j] + coef0) ** degree``, eq. ``eq-va-poly``.

    With ``gamma=1, coef0=0, degree=2`` it is the inner product of
    :func:`polynomial_features_2d`; ``coef0 > 0`` adds every lower-degree monomial.
    """
    X, Z = _kernel_inputs(X, Z)
    degree = check_positive_int(degree, "degree")
    gamma = check_positive(gamma, "gamma")
    coef0 = check_nonnegative(coef0, "coef0")
    return (gamma * (X @ Z.T) + coef0) ** degree


def rbf_kernel(X, Z=None, gamma=1.0):
    """``K[i, j] = exp(-gamma * ||X[i] - Z[j]||**2)``, the Gaussian (RBF) kernel, eq. ``eq-va-rbf``."""
    X, Z = _kernel_inputs(X, Z)
    gamma = check_positive(gamma, "gamma")
    squared = (
        (X * X).sum(axis=1)[:, None]
        + (Z * Z).sum(axis=1)[None, :]
        - 2.0 * (X @ Z.T)
    )
    return np.exp(-gamma * np.maximum(squared, 0.0))


# ---------------------------------------------------------------------------------------
# Shared pieces of the estimators
# ---------------------------------------------------------------------------------------


def _score(x, w, b):
    """The score of one sample, ``float(x @ w) + b``: the expression every mistake decision uses."""
    return float(x @ w) + b


def next_mistake(X, y_signed, w, b, start, row_norms=None):
    """Index of the first sample at or after ``start`` with ``y * (w @ x + b) <= 0``, or ``-1``.

    This is the perceptron chapter's :func:`mlcourse.perceptron.find_next_mistake`: the
    remaining samples are scanned in blocks of 64, 128, 256, ... rows, a block product only
    rules rows out, and every candidate is decided with the per-sample score ``_score``,
    so the answer is the plain loop's, bit for bit. Pass ``row_norms``
    (``np.linalg.norm(X, axis=1)``) when calling many times on the same ``X``.
    """
    if _shared_find_next_mistake is not None:
        return int(
            _shared_find_next_mistake(
                X, y_signed, w, b, start, row_norms=row_norms
            )
        )
    for i in range(
        start, X.shape[0]
    ):  # pragma: no cover - used only without the perceptron module
        if y_signed[i] * _score(X[i], w, b) <= 0:
            return i
    return -1  # pragma: no cover


def _pass_orders(n_samples, max_iter, shuffle, random_state):
    """The visiting order of every pass: ``0..n-1``, or a fresh permutation per pass."""
    if not shuffle:
        order = np.arange(n_samples)
        return [order] * max_iter
    rng = check_random_state(random_state)
    return [rng.permutation(n_samples) for _ in range(max_iter)]


def _check_start(coef_init, intercept_init, n_features, fit_intercept):
    w = (
        np.zeros(n_features)
        if coef_init is None
        else check_vector(coef_init, "coef_init", n_features).copy()
    )
    if intercept_init is None:
        b = 0.0
    else:
        if not isinstance(intercept_init, numbers.Real) or isinstance(
            intercept_init, bool
        ):
            raise TypeError(
                f"intercept_init must be a number; got {intercept_init!r}."
            )
        b = float(intercept_init)
        if not np.isfinite(b):
            raise ValueError(f"intercept_init must be finite; got {b}.")
        if not fit_intercept and b != 0.0:
            raise ValueError(
                "intercept_init must be 0 or None when fit_intercept=False."
            )
    return w, b


class _BinaryBase:
    """Constructor, validation and scoring shared by the binary perceptron variants."""

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

    def get_params(self, deep=True):
        return {name: getattr(self, name) for name in self._param_names()}

    @classmethod
    def _param_names(cls):
        import inspect

        return [
            p
            for p in inspect.signature(cls.__init__).parameters
            if p != "self"
        ]

    def __repr__(self):
        args = ", ".join(f"{k}={v!r}" for k, v in self.get_params().items())
        return f"{type(self).__name__}({args})"

    def _check_hyper(self):
        eta = check_positive(self.learning_rate, "learning_rate")
        passes = check_positive_int(self.max_iter, "max_iter")
        if not isinstance(self.fit_intercept, (bool, np.bool_)):
            raise TypeError(
                f"fit_intercept must be True or False; got {self.fit_intercept!r}."
            )
        if not isinstance(self.shuffle, (bool, np.bool_)):
            raise TypeError(
                f"shuffle must be True or False; got {self.shuffle!r}."
            )
        return eta, passes

    def _check_predict_X(self, X, attribute="coef_"):
        check_is_fitted(self, attribute)
        X = check_X(X)
        check_n_features(X, self.n_features_in_, type(self).__name__)
        return X

    def predict(self, X):
        """Labels from the sign of :meth:`decision_function` (``<= 0`` is the negative class)."""
        scores = self.decision_function(X)
        return self.classes_[(scores > 0).astype(int)]

    def score(self, X, y):
        """Fraction of correctly classified samples."""
        X = check_X(X)
        y = np.asarray(y)
        if y.shape != (X.shape[0],):
            raise ValueError(
                f"y must have one label per row of X; got shape {y.shape} for {X.shape[0]} rows."
            )
        return float(np.mean(self.predict(X) == y))


# ---------------------------------------------------------------------------------------
# Plain reference loops (section "The voted perceptron", "The averaged perceptron")
# ---------------------------------------------------------------------------------------


def voted_perceptron_naive(
    X,
    y_signed,
    max_iter=10,
    learning_rate=1.0,
    fit_intercept=True,
    orders=None,
):
    """The voted perceptron of Freund and Schapire, one sample at a time (algorithm ``alg-va-voted``).

    Returns ``(weights, intercepts, counts)``: the K distinct weight vectors in order, their
    intercepts, and their survival counts ``c_k`` (the number of visits after which ``w_k``
    was the current vector; the vector created by a mistake counts that visit). ``orders``
    gives the visiting order of each pass (default: ``0..n-1`` every pass).
    """
    X = np.asarray(X, dtype=float)
    y_signed = np.asarray(y_signed, dtype=float)
    n, d = X.shape
    orders = orders if orders is not None else [np.arange(n)] * max_iter
    w, b = np.zeros(d), 0.0
    weights, intercepts, counts = [w.copy()], [b], [0]
    for order in orders:
        for i in order:
            if y_signed[i] * _score(X[i], w, b) <= 0:
                w = w + learning_rate * y_signed[i] * X[i]
                if fit_intercept:
                    b = b + learning_rate * y_signed[i]
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
    """The plain average of the weights after every sample visit, eq. ``eq-va-average``.

    Keeps every one of the ``max_iter * n`` weight vectors and averages them: the
    definition, at a memory cost that :func:`lazy_average` avoids. Returns ``(coef, intercept)``.
    """
    X = np.asarray(X, dtype=float)
    y_signed = np.asarray(y_signed, dtype=float)
    n, d = X.shape
    orders = orders if orders is not None else [np.arange(n)] * max_iter
    w, b = np.zeros(d), 0.0
    history_w, history_b = [], []
    for order in orders:
        for i in order:
            if y_signed[i] * _score(X[i], w, b) <= 0:
                w = w + learning_rate * y_signed[i] * X[i]
                if fit_intercept:
                    b = b + learning_rate * y_signed[i]
            history_w.append(w.copy())
            history_b.append(b)
    return np.mean(history_w, axis=0), float(np.mean(history_b))


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
    """The averaged perceptron with the lazy-averaging trick, eq. ``eq-va-lazy``.

    Keeps the current weights ``w``, a weighted sum of the updates ``u`` and the number of
    visits ``c``: an update ``delta`` made at visit ``c + 1`` adds ``c * delta`` to ``u``, and
    the average of the weights after the ``c`` visits so far is ``w - u / c``. Samples the
    current weights classify correctly are skipped in bulk by :func:`next_mistake`, so the
    cost is that of the perceptron itself. Returns
    ``(coef, intercept, last_coef, last_intercept, n_updates)``.
    """
    X = np.asarray(X, dtype=float)
    y_signed = np.asarray(y_signed, dtype=float)
    n, d = X.shape
    orders = orders if orders is not None else [np.arange(n)] * max_iter
    w = np.zeros(d) if coef_init is None else np.array(coef_init, dtype=float)
    b = float(intercept_init)
    u, u_b = np.zeros(d), 0.0
    visits, n_updates = 0, 0
    row_norms = np.linalg.norm(X, axis=1)
    for order in orders:
        Xp, yp, norms = X[order], y_signed[order], row_norms[order]
        i = 0
        while i < n:
            j = next_mistake(Xp, yp, w, b, i, norms)
            if j < 0:
                visits += n - i
                break
            visits += j - i  # the correct samples i..j-1
            step = learning_rate * yp[j]
            w += step * Xp[j]
            u += visits * step * Xp[j]
            if fit_intercept:
                b += step
                u_b += visits * step
            visits += 1
            n_updates += 1
            i = j + 1
    return w - u / visits, b - u_b / visits, w, b, n_updates


# ---------------------------------------------------------------------------------------
# The estimators
# ---------------------------------------------------------------------------------------


class AveragedPerceptron(_BinaryBase):
    """The averaged perceptron (algorithm ``alg-va-averaged``), with lazy averaging.

    Runs all ``max_iter`` passes of the perceptron rule and returns, as ``coef_`` and
    ``intercept_``, the mean of the weights taken after every sample visit: what
    scikit-learn's ``SGDClassifier(loss="perceptron", average=True, ...)`` computes.
    Also learned: ``last_coef_``, ``last_intercept_`` (the plain perceptron's answer),
    ``n_updates_``, ``n_iter_``, ``classes_``, ``n_features_in_``.
    """

    def fit(self, X, y, coef_init=None, intercept_init=None):
        eta, passes = self._check_hyper()
        X, y = check_X_y(X, y, numeric_y=False)
        y_signed, self.classes_ = check_binary_labels(y)
        w0, b0 = _check_start(
            coef_init, intercept_init, X.shape[1], self.fit_intercept
        )
        orders = _pass_orders(
            X.shape[0], passes, self.shuffle, self.random_state
        )
        coef, intercept, last, last_b, n_updates = lazy_average(
            X, y_signed, passes, eta, bool(self.fit_intercept), orders, w0, b0
        )
        self.coef_, self.intercept_ = coef, float(intercept)
        self.last_coef_, self.last_intercept_ = last, float(last_b)
        self.n_updates_, self.n_iter_, self.n_features_in_ = (
            n_updates,
            passes,
            X.shape[1],
        )
        return self

    def decision_function(self, X):
        """``X @ coef_ + intercept_`` with the averaged weights."""
        X = self._check_predict_X(X)
        return X @ self.coef_ + self.intercept_


class VotedPerceptron(_BinaryBase):
    """The voted perceptron (algorithm ``alg-va-voted``) of Freund and Schapire (1999).

    Stores every weight vector the perceptron passes through: ``weights_`` (K, d),
    ``intercepts_`` (K,) and their survival counts ``counts_`` (K,), which sum to the number
    of visits. A prediction is the sign of the survival-weighted vote
    ``sum_k c_k sign(w_k @ x + b_k)`` (eq. ``eq-va-voted``); a vector with score exactly 0
    abstains. ``coef_`` and ``intercept_`` hold the *averaged* weights
    ``sum_k c_k w_k / sum_k c_k``, which drop the inner sign.
    """

    def fit(self, X, y, coef_init=None, intercept_init=None):
        eta, passes = self._check_hyper()
        X, y = check_X_y(X, y, numeric_y=False)
        y_signed, self.classes_ = check_binary_labels(y)
        w, b = _check_start(
            coef_init, intercept_init, X.shape[1], self.fit_intercept
        )
        n = X.shape[0]
        weights, intercepts, counts = [w.copy()], [b], [0]
        row_norms = np.linalg.norm(X, axis=1)
        for order in _pass_orders(n, passes, self.shuffle, self.random_state):
            Xp, yp, norms = X[order], y_signed[order], row_norms[order]
            i = 0
            while i < n:
                j = next_mistake(Xp, yp, w, b, i, norms)
                if j < 0:
                    counts[-1] += n - i
                    break
                counts[-1] += j - i
                w = w + eta * yp[j] * Xp[j]
                if self.fit_intercept:
                    b = b + eta * yp[j]
                weights.append(w.copy())
                intercepts.append(b)
                counts.append(1)
                i = j + 1
        self.weights_ = np.array(weights)
        self.intercepts_ = np.array(intercepts)
        self.counts_ = np.array(counts, dtype=float)
        total = self.counts_.sum()
        self.coef_ = self.counts_ @ self.weights_ / total
        self.intercept_ = float(self.counts_ @ self.intercepts_ / total)
        self.n_updates_, self.n_iter_, self.n_features_in_ = (
            len(weights) - 1,
            passes,
            X.shape[1],
        )
        return self

    def decision_function(self, X):
        """The vote ``sum_k c_k sign(w_k @ x + b_k) / sum_k c_k``, a number in ``[-1, 1]``.

        It costs ``K`` inner products per sample, one per stored vector, against one for
        the averaged perceptron.
        """
        X = self._check_predict_X(X)
        votes = np.sign(X @ self.weights_.T + self.intercepts_)
        return votes @ self.counts_ / self.counts_.sum()


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
        f"kernel must be 'linear', 'poly', 'rbf' or a callable k(A, B); got {kernel!r}."
    )


def kernel_perceptron_naive(
    K,
    y_signed,
    max_iter=10,
    learning_rate=1.0,
    fit_intercept=True,
    orders=None,
):
    """The dual perceptron on a Gram matrix ``K``, one sample at a time (algorithm ``alg-va-kernel``).

    The weight vector is never formed: ``w = sum_j alpha_j y_j phi(x_j)`` and the score of
    sample i is ``sum_j alpha_j y_j K[j, i] + b``. ``alpha_j`` counts the (step-scaled)
    mistakes made on sample j. Stops after a pass with no mistake. Returns ``(alpha, b)``.
    """
    K = np.asarray(K, dtype=float)
    y_signed = np.asarray(y_signed, dtype=float)
    n = K.shape[0]
    orders = orders if orders is not None else [np.arange(n)] * max_iter
    alpha, b = np.zeros(n), 0.0
    for order in orders:
        mistakes = 0
        for i in order:
            if (
                y_signed[i]
                * (sum(alpha[j] * y_signed[j] * K[j, i] for j in range(n)) + b)
                <= 0
            ):
                alpha[i] += learning_rate
                if fit_intercept:
                    b += learning_rate * y_signed[i]
                mistakes += 1
        if mistakes == 0:
            break
    return alpha, b


class KernelPerceptron(_BinaryBase):
    """The kernel (dual) perceptron (algorithm ``alg-va-kernel``).

    ``kernel`` is ``"linear"``, ``"poly"`` (``(gamma x @ z + coef0) ** degree``), ``"rbf"``
    (``exp(-gamma ||x - z||**2)``) or a callable ``k(A, B)`` returning the matrix of kernel
    values between the rows of A and of B. Learned: ``dual_coef_`` (``alpha_j * y_j`` for
    every training sample), ``alpha_`` (mistake counts times the step), ``intercept_``,
    ``support_`` (indices of the samples with ``alpha_j > 0``), ``X_fit_``, ``n_updates_``,
    ``n_iter_``, ``converged_``. It stops early only after a pass with no mistake, which
    gives the same result as running the remaining passes.
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

    def _kernel(self):
        return _kernel_function(
            self.kernel, self.degree, self.gamma, self.coef0
        )

    def _gram(self, A, B):
        values = np.asarray(self._kernel()(A, B), dtype=float)
        if values.shape != (A.shape[0], B.shape[0]):
            raise ValueError(
                f"the kernel must return a matrix of shape {(A.shape[0], B.shape[0])} for inputs of "
                f"{A.shape[0]} and {B.shape[0]} rows; got shape {values.shape}."
            )
        return values

    def fit(self, X, y):
        eta, passes = self._check_hyper()
        X, y = check_X_y(X, y, numeric_y=False)
        y_signed, self.classes_ = check_binary_labels(y)
        K = self._gram(X, X)
        n = X.shape[0]
        alpha, b = np.zeros(n), 0.0
        scores = np.zeros(
            n
        )  # scores[i] = sum_j alpha_j y_j K[j, i] + b, kept up to date
        self.converged_ = False
        n_updates, done = 0, 0
        for order in _pass_orders(n, passes, self.shuffle, self.random_state):
            done += 1
            mistakes = 0
            position = 0
            while position < n:
                rest = order[position:]
                hits = np.flatnonzero(y_signed[rest] * scores[rest] <= 0)
                if hits.size == 0:
                    break
                i = rest[hits[0]]
                step = eta * y_signed[i]
                alpha[i] += eta
                scores += step * K[i]
                if self.fit_intercept:
                    b += step
                    scores += step
                mistakes += 1
                position += int(hits[0]) + 1
            n_updates += mistakes
            if mistakes == 0:
                self.converged_ = True
                break
        self.alpha_, self.intercept_ = alpha, float(b)
        self.dual_coef_ = alpha * y_signed
        self.support_ = np.flatnonzero(alpha > 0)
        self.X_fit_ = X
        self.n_updates_, self.n_iter_, self.n_features_in_ = (
            n_updates,
            done,
            X.shape[1],
        )
        return self

    def decision_function(self, X):
        """``sum_j alpha_j y_j k(x_j, x) + b`` over the training samples with ``alpha_j > 0``."""
        X = self._check_predict_X(X, "dual_coef_")
        s = self.support_
        if s.size == 0:
            return np.full(X.shape[0], self.intercept_)
        return (
            self._gram(X, self.X_fit_[s]) @ self.dual_coef_[s]
            + self.intercept_
        )


# ---------------------------------------------------------------------------------------
# Several classes (section "More than two classes")
# ---------------------------------------------------------------------------------------


def _multiclass_rival(x, y_i, W, b):
    """Per-sample decision: the best-scoring wrong class and whether it is a mistake.

    Scores are ``W @ x + b``; the rival is the highest-scoring class other than ``y_i`` (the
    smallest index on a tie), and the sample is a mistake when the rival scores at least as
    high as the true class. Both the plain loop and the fast path decide with this function.
    """
    scores = W @ x + b
    true = scores[y_i]
    scores[y_i] = -np.inf
    rival = int(np.argmax(scores))
    return rival, bool(scores[rival] >= true)


def _next_multiclass_mistake(X, y_index, W, b, start, row_norms):
    """First ``(index, rival)`` at or after ``start`` that :func:`_multiclass_rival` calls a mistake.

    The same block scan as :func:`next_mistake`: a block product rules out rows whose margin
    ``s_y - max_{k != y} s_k`` is clearly positive (beyond a bound on the rounding of either
    way of computing the scores); the remaining candidates are decided per sample.
    Returns ``(-1, -1)`` when there is none.
    """
    n, d = X.shape
    eps = np.finfo(float).eps
    slack = 16.0 * (d + 2) * eps
    scale = float(np.max(np.linalg.norm(W, axis=1)))
    abs_b = float(np.max(np.abs(b)))
    block = _FIRST_BLOCK
    rows_all = np.arange(n)
    while start < n:
        stop = min(n, start + block)
        S = X[start:stop] @ W.T + b
        rows = rows_all[: stop - start]
        true = S[rows, y_index[start:stop]]
        S[rows, y_index[start:stop]] = -np.inf
        margins = true - S.max(axis=1)
        tolerance = slack * (row_norms[start:stop] * scale + abs_b) + 1e-300
        for offset in np.flatnonzero(margins <= tolerance):
            i = start + int(offset)
            rival, mistake = _multiclass_rival(X[i], y_index[i], W, b)
            if mistake:
                return i, rival
        start = stop
        block *= 2
    return -1, -1


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
    """The multi-class perceptron, one sample at a time (algorithm ``alg-va-multiclass``).

    One weight vector per class; a sample is a mistake when some other class scores at least
    as high as the true one (ties count as mistakes, as in the binary rule). The true class
    moves towards x, the best-scoring wrong class away from it. With ``average`` the plain
    average of the weights after every visit is returned. Returns ``(W, b)``.
    """
    X = np.asarray(X, dtype=float)
    n, d = X.shape
    orders = orders if orders is not None else [np.arange(n)] * max_iter
    W, b = np.zeros((n_classes, d)), np.zeros(n_classes)
    sum_W, sum_b, visits = np.zeros_like(W), np.zeros_like(b), 0
    for order in orders:
        for i in order:
            true = y_index[i]
            rival, mistake = _multiclass_rival(X[i], true, W, b)
            if mistake:
                W[true] += learning_rate * X[i]
                W[rival] -= learning_rate * X[i]
                if fit_intercept:
                    b[true] += learning_rate
                    b[rival] -= learning_rate
            sum_W += W
            sum_b += b
            visits += 1
    if average:
        return sum_W / visits, sum_b / visits
    return W, b


class MulticlassPerceptron(_BinaryBase):
    """The multi-class perceptron: one weight vector per class, prediction by the largest score.

    A mistake (some other class scores at least as high as the true class ``y``) moves
    ``w_y`` towards x and the best-scoring wrong class away from it (eq. ``eq-va-multiclass``).
    With ``average=True`` the returned weights are the average over every sample visit,
    computed with the lazy trick. Learned: ``coef_`` (n_classes, d), ``intercept_``
    (n_classes,), ``classes_``, ``n_updates_``, ``n_iter_``. All ``max_iter`` passes are run.
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
        super().__init__(
            learning_rate, max_iter, fit_intercept, shuffle, random_state
        )
        self.average = average

    def fit(self, X, y):
        eta, passes = self._check_hyper()
        if not isinstance(self.average, (bool, np.bool_)):
            raise TypeError(
                f"average must be True or False; got {self.average!r}."
            )
        X, y = check_X_y(X, y, numeric_y=False)
        y_index, self.classes_ = check_labels(y)
        n, d = X.shape
        m = self.classes_.size
        W, b = np.zeros((m, d)), np.zeros(m)
        U, u_b = np.zeros_like(W), np.zeros_like(b)
        visits = n_updates = 0
        row_norms = np.linalg.norm(X, axis=1)
        for order in _pass_orders(n, passes, self.shuffle, self.random_state):
            Xp, yp, norms = X[order], y_index[order], row_norms[order]
            i = 0
            while i < n:
                j, rival = _next_multiclass_mistake(Xp, yp, W, b, i, norms)
                if j < 0:
                    visits += n - i
                    break
                visits += j - i
                true, x = yp[j], Xp[j]
                W[true] += eta * x
                W[rival] -= eta * x
                U[true] += visits * eta * x
                U[rival] -= visits * eta * x
                if self.fit_intercept:
                    b[true] += eta
                    b[rival] -= eta
                    u_b[true] += visits * eta
                    u_b[rival] -= visits * eta
                visits += 1
                n_updates += 1
                i = j + 1
        if self.average:
            self.coef_, self.intercept_ = W - U / visits, b - u_b / visits
        else:
            self.coef_, self.intercept_ = W, b
        self.n_updates_, self.n_iter_, self.n_features_in_ = (
            n_updates,
            passes,
            d,
        )
        return self

    def decision_function(self, X):
        """Scores ``X @ coef_.T + intercept_``, one column per class."""
        X = self._check_predict_X(X)
        return X @ self.coef_.T + self.intercept_

    def predict(self, X):
        """The class with the largest score (the first one on a tie)."""
        scores = self.decision_function(X)
        return self.classes_[np.argmax(scores, axis=1)]
