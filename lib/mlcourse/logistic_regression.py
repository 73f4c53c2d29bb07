"""Logistic and softmax regression, fitted by maximum conditional likelihood.

This module goes with the chapter "Logistic regression" (label
``chapter-logistic-regression``). The book's convention is the usual one,

    P(y = 1 | x) = sigmoid(w @ x + b),   sigmoid(z) = 1 / (1 + exp(-z)),

which is the opposite sign to the lecture this chapter draws on (the lecture writes
``1 / (1 + exp(w0 + sum_i wi xi))``; its weights are ours with the sign flipped).

The model is fitted by minimising the mean negative log-likelihood (the *log loss*)

    J(w, b) = (1/n) sum_i [ log(1 + exp(z_i)) - y_i z_i ] + (l2 / 2) ||w||^2,   z_i = w @ x_i + b,

with labels ``y_i`` in {0, 1}. Its gradient is ``(1/n) X^T (p - y) + l2 w`` (the chapter's
equation ``eq-logr-gradient``, up to the sign and the factor 1/n), so gradient *descent* on J is
the lecture's gradient *ascent* on the log-likelihood.
"""

from __future__ import annotations

import numpy as np

from ._validation import (
    check_binary_labels,
    check_is_fitted,
    check_labels,
    check_n_features,
    check_nonnegative,
    check_positive,
    check_positive_int,
    check_vector,
    check_X,
    warn_not_converged,
)

__all__ = [
    "sigmoid",
    "log_loss",
    "softmax",
    "gaussian_nb_weights",
    "softmax_to_reference",
    "LogisticRegression",
    "SoftmaxRegression",
]


# ---------------------------------------------------------------------------------------
# Functions
# ---------------------------------------------------------------------------------------


def sigmoid(z):
    """The logistic function ``1 / (1 + exp(-z))`` (section "Odds, log-odds", ``eq-logr-sigmoid``).

    Stable for large ``|z|``: for negative ``z`` it computes ``exp(z) / (1 + exp(z))``, so no
    ``exp`` ever overflows. Accepts a number or an array; returns the same shape.
    """
    z = np.asarray(z, dtype=float)
    out = np.empty_like(z)
    positive = z >= 0
    out[positive] = 1.0 / (1.0 + np.exp(-z[positive]))
    ez = np.exp(z[~positive])
    out[~positive] = ez / (1.0 + ez)
    return out if out.ndim else float(out)


def softmax(Z):
    """Row-wise softmax ``exp(Z) / sum(exp(Z))`` of a 2-D array of scores (``eq-logr-softmax``).

    The row maximum is subtracted first, which changes nothing mathematically and keeps
    ``exp`` from overflowing.
    """
    Z = np.asarray(Z, dtype=float)
    if Z.ndim != 2:
        raise ValueError(
            f"Z must be a 2-D array of scores (n_samples, n_classes); got shape {Z.shape}."
        )
    E = np.exp(Z - Z.max(axis=1, keepdims=True))
    return E / E.sum(axis=1, keepdims=True)


def log_loss(y, proba, eps=1e-15):
    """Mean negative log-likelihood of 0/1 labels ``y`` under probabilities ``proba`` of class 1.

    ``-(1/n) sum_i [y_i log p_i + (1 - y_i) log(1 - p_i)]`` (``eq-logr-loglik`` divided by
    ``-n``). Probabilities are clipped to ``[eps, 1 - eps]`` so that a confident mistake costs
    a large but finite amount. ``proba`` may also be an ``(n, 2)`` array (as returned by
    ``predict_proba``), whose second column is used.
    """
    y = check_vector(y, "y")
    if not np.all((y == 0) | (y == 1)):
        raise ValueError(
            f"y must contain only 0 and 1 for log_loss; got values {np.unique(y)[:5]}."
        )
    proba = np.asarray(proba, dtype=float)
    if proba.ndim == 2 and proba.shape[1] == 2:
        proba = proba[:, 1]
    proba = check_vector(proba, "proba", length=y.shape[0])
    if np.any((proba < 0) | (proba > 1)):
        raise ValueError("proba must contain probabilities between 0 and 1.")
    eps = check_positive(eps, "eps")
    p = np.clip(proba, eps, 1 - eps)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def _loss_from_scores(y01, z):
    """Mean log loss computed from the scores, ``mean(log(1 + e^z) - y z)``: exact for any z."""
    return float(np.mean(np.logaddexp(0.0, z) - y01 * z))


def gaussian_nb_weights(means, variances, prior):
    """Logistic weights implied by Gaussian class-conditionals (section "From Gaussians to a linear logit").

    Assume ``x_i | y = k ~ N(means[k, i], variances[i])`` independently over features, with a
    variance shared by the two classes, and ``P(y = 1) = prior``. Then
    ``P(y = 1 | x) = sigmoid(w @ x + b)`` exactly, with (``eq-logr-nb-weights``)

        w_i = (mu_i1 - mu_i0) / sigma_i^2,
        b   = log(prior / (1 - prior)) + sum_i (mu_i0^2 - mu_i1^2) / (2 sigma_i^2).

    ``means`` has shape ``(2, n_features)`` (row 0: class 0, row 1: class 1). Returns ``(w, b)``.
    """
    means = np.asarray(means, dtype=float)
    if means.ndim != 2 or means.shape[0] != 2:
        raise ValueError(
            f"means must have shape (2, n_features): one row per class; got shape {means.shape}."
        )
    if not np.all(np.isfinite(means)):
        raise ValueError("means must contain only finite numbers.")
    variances = check_vector(variances, "variances", length=means.shape[1])
    if np.any(variances <= 0):
        raise ValueError("variances must all be greater than 0.")
    prior = check_positive(prior, "prior")
    if prior >= 1:
        raise ValueError(
            f"prior is P(y = 1) and must lie strictly between 0 and 1; got {prior}."
        )
    mu0, mu1 = means
    w = (mu1 - mu0) / variances
    b = np.log(prior / (1 - prior)) + np.sum(
        (mu0**2 - mu1**2) / (2 * variances)
    )
    return w, float(b)


def softmax_to_reference(coef, intercept):
    """Turn K symmetric softmax weight vectors into the lecture's K - 1 (section "More than two classes").

    Subtracting the last class's weights from every class leaves the probabilities unchanged
    and makes the last class's score zero, which is the lecture's form with ``R - 1`` weight
    vectors and a "1 +" in the denominator (``eq-logr-multiclass``). Returns
    ``(coef_ref, intercept_ref)`` of shapes ``(K - 1, d)`` and ``(K - 1,)``.
    """
    coef = np.asarray(coef, dtype=float)
    intercept = np.asarray(intercept, dtype=float)
    if (
        coef.ndim != 2
        or intercept.shape != (coef.shape[0],)
        or coef.shape[0] < 2
    ):
        raise ValueError(
            "coef must have shape (K, d) with K >= 2 and intercept shape (K,); "
            f"got {coef.shape} and {intercept.shape}."
        )
    return coef[:-1] - coef[-1], intercept[:-1] - intercept[-1]


# ---------------------------------------------------------------------------------------
# Shared fitting machinery
# ---------------------------------------------------------------------------------------


def _check_learning_rate(value):
    if isinstance(value, str):
        if value != "auto":
            raise ValueError(
                f"learning_rate must be a positive number or 'auto'; got {value!r}."
            )
        return value
    return check_positive(value, "learning_rate")


def _augment(X, fit_intercept):
    """Prepend a column of ones when the model has an intercept (the augmented vectors)."""
    if fit_intercept:
        return np.column_stack([np.ones(X.shape[0]), X])
    return X


class _LinearProbabilisticModel:
    """Common parts of the two estimators: validation, prediction and scoring."""

    def __init__(
        self,
        learning_rate="auto",
        max_iter=10_000,
        tol=1e-8,
        fit_intercept=True,
        l2=0.0,
    ):
        self.learning_rate = learning_rate
        self.max_iter = max_iter
        self.tol = tol
        self.fit_intercept = fit_intercept
        self.l2 = l2

    def _check_params(self):
        self._eta = _check_learning_rate(self.learning_rate)
        self._max_iter = check_positive_int(self.max_iter, "max_iter")
        self._tol = check_positive(self.tol, "tol")
        self._l2 = check_nonnegative(self.l2, "l2")
        if not isinstance(self.fit_intercept, (bool, np.bool_)):
            raise TypeError(
                f"fit_intercept must be True or False; got {self.fit_intercept!r}."
            )

    def _penalty(self, d_aug):
        """Diagonal of the L2 penalty on the augmented weights (the intercept is not penalized)."""
        pen = np.full(d_aug, self._l2)
        if self.fit_intercept:
            pen[0] = 0.0
        return pen

    def _check_predict_X(self, X):
        check_is_fitted(self, "coef_")
        X = check_X(X)
        check_n_features(X, self.n_features_in_, type(self).__name__)
        return X

    def predict(self, X):
        """The most probable class for each row of ``X`` (labels from ``classes_``)."""
        proba = self.predict_proba(X)
        return self.classes_[np.argmax(proba, axis=1)]

    def score(self, X, y):
        """Accuracy: the fraction of rows of ``X`` whose predicted label equals ``y``."""
        X = self._check_predict_X(X)
        y = check_vector(y, "y", length=X.shape[0], numeric=False)
        return float(np.mean(self.predict(X) == y))


# ---------------------------------------------------------------------------------------
# Binary logistic regression
# ---------------------------------------------------------------------------------------


class LogisticRegression(_LinearProbabilisticModel):
    """Binary logistic regression, ``P(y = 1 | x) = sigmoid(w @ x + b)``.

    Section "Maximum conditional likelihood" of the chapter: the weights minimise the mean log
    loss plus ``(l2 / 2) ||w||^2`` (``eq-logr-objective``).

    Parameters
    ----------
    learning_rate : float or "auto"
        Step size of gradient descent. ``"auto"`` (the default) takes ``1 / L`` with ``L`` the
        largest curvature the loss can have, ``lambda_max(X^T X) / (4 n) + l2``, a step that
        never increases the loss. Ignored by the Newton solver.
    max_iter : int
        Maximum number of iterations (each uses the whole data set once).
    tol : float
        Stop when the largest entry of the gradient is below ``tol``.
    fit_intercept : bool
        Learn a bias ``b`` (not penalized).
    l2 : float
        Strength of the L2 penalty on ``w``.
    solver : "gradient" or "newton"
        Gradient descent (``prf:algorithm`` ``alg-logr-gradient``) or Newton's method, also
        called iteratively reweighted least squares (``alg-logr-newton``).

    Attributes
    ----------
    coef_ (d,), intercept_ (float), classes_ (two labels; ``classes_[1]`` is "y = 1"),
    n_iter_ (iterations run), converged_ (bool), loss_path_ (objective before the first
    iteration and after each one, length ``n_iter_ + 1``), n_features_in_.
    """

    def __init__(
        self,
        learning_rate="auto",
        max_iter=10_000,
        tol=1e-8,
        fit_intercept=True,
        l2=0.0,
        solver="gradient",
    ):
        super().__init__(learning_rate, max_iter, tol, fit_intercept, l2)
        self.solver = solver

    # -- the objective ------------------------------------------------------------------
    def _objective(self, A, y01, theta, pen):
        return _loss_from_scores(y01, A @ theta) + 0.5 * float(
            np.sum(pen * theta**2)
        )

    def _gradient(self, A, y01, theta, pen):
        """Vectorized gradient ``A^T (p - y) / n + l2 w``: the lecture's sum over examples at once."""
        p = sigmoid(A @ theta)
        return A.T @ (p - y01) / A.shape[0] + pen * theta

    # -- fitting ------------------------------------------------------------------------
    def fit(self, X, y, coef_init=None, intercept_init=None):
        """Fit by maximum conditional likelihood; return ``self``."""
        self._check_params()
        if self.solver not in ("gradient", "newton"):
            raise ValueError(
                f"solver must be 'gradient' or 'newton'; got {self.solver!r}."
            )
        X = check_X(X)
        y_signed, self.classes_ = check_binary_labels(y)
        if y_signed.shape[0] != X.shape[0]:
            raise ValueError(
                f"X and y must have the same number of samples; got {X.shape[0]} rows in X "
                f"and {y_signed.shape[0]} labels in y."
            )
        y01 = (y_signed + 1) / 2
        n, d = X.shape
        A = _augment(X, self.fit_intercept)
        theta = np.zeros(A.shape[1])
        if coef_init is not None:
            theta[-d:] = check_vector(coef_init, "coef_init", length=d)
        if intercept_init is not None:
            if not self.fit_intercept:
                raise ValueError(
                    "intercept_init was given, but fit_intercept=False."
                )
            theta[0] = float(
                check_vector(
                    np.atleast_1d(intercept_init), "intercept_init", length=1
                )[0]
            )
        pen = self._penalty(A.shape[1])
        if self.solver == "gradient":
            theta, path, n_iter, converged = self._fit_gradient(
                A, y01, theta, pen
            )
        else:
            theta, path, n_iter, converged = self._fit_newton(
                A, y01, theta, pen
            )
        self._store(theta, d, path, n_iter, converged)
        separable = self._l2 == 0 and bool(
            np.all((2 * y01 - 1) * (A @ theta) > 0)
        )
        if separable or not converged:
            self._warn(theta, separable)
        return self

    def _fit_gradient(self, A, y01, theta, pen):
        n = A.shape[0]
        eta = self._eta
        if eta == "auto":
            L = np.linalg.norm(A, 2) ** 2 / (4 * n) + self._l2
            eta = 1.0 / L
        path = [self._objective(A, y01, theta, pen)]
        for it in range(1, self._max_iter + 1):
            grad = self._gradient(A, y01, theta, pen)
            if np.max(np.abs(grad)) < self._tol:
                return theta, path, it - 1, True
            theta = theta - eta * grad
            path.append(self._objective(A, y01, theta, pen))
            if not np.isfinite(path[-1]):
                break
        grad = self._gradient(A, y01, theta, pen)
        return (
            theta,
            path,
            len(path) - 1,
            bool(np.max(np.abs(grad)) < self._tol),
        )

    def _fit_newton(self, A, y01, theta, pen):
        """Newton's method with step halving: solve ``H step = grad`` (``eq-logr-newton``)."""
        n = A.shape[0]
        path = [self._objective(A, y01, theta, pen)]
        for it in range(1, self._max_iter + 1):
            p = sigmoid(A @ theta)
            grad = A.T @ (p - y01) / n + pen * theta
            if np.max(np.abs(grad)) < self._tol:
                return theta, path, it - 1, True
            weights = p * (1 - p)
            H = (A.T * weights) @ A / n + np.diag(pen)
            # a tiny ridge keeps the solve defined when the weights p(1-p) underflow
            step = np.linalg.solve(H + 1e-12 * np.eye(H.shape[0]), grad)
            t = 1.0
            new = self._objective(A, y01, theta - step, pen)
            while new > path[-1] and t > 1e-10:
                t /= 2
                new = self._objective(A, y01, theta - t * step, pen)
            theta = theta - t * step
            path.append(new)
        grad = self._gradient(A, y01, theta, pen)
        return (
            theta,
            path,
            len(path) - 1,
            bool(np.max(np.abs(grad)) < self._tol),
        )

    def _store(self, theta, d, path, n_iter, converged):
        self.coef_ = theta[-d:].copy()
        self.intercept_ = float(theta[0]) if self.fit_intercept else 0.0
        self.loss_path_ = np.asarray(path)
        self.n_iter_ = int(n_iter)
        self.converged_ = bool(converged)
        self.n_features_in_ = d

    def _warn(self, theta, separable):
        if separable:
            status = (
                "stopped where the gradient fell below tol"
                if self.converged_
                else f"did not converge in {self.n_iter_} iterations"
            )
            message = (
                f"LogisticRegression {status}, but every training point is classified correctly: "
                "the data are linearly separable, so the log-likelihood has no maximum and the "
                f"weights grow without bound (here ||w|| = {np.linalg.norm(theta):.3g}). "
                "Set l2 > 0 to get a finite optimum."
            )
        else:
            message = (
                f"LogisticRegression did not converge in {self.n_iter_} iterations "
                f"(largest gradient entry above tol={self._tol:g}). Increase max_iter, or use solver='newton'."
            )
        warn_not_converged(message, stacklevel=4)

    # -- prediction ---------------------------------------------------------------------
    def decision_function(self, X):
        """The score (log-odds) ``w @ x + b`` for each row of ``X``: positive means ``classes_[1]``."""
        X = self._check_predict_X(X)
        return X @ self.coef_ + self.intercept_

    def predict_proba(self, X):
        """Probabilities of ``classes_[0]`` and ``classes_[1]``, shape ``(n_samples, 2)``."""
        p1 = sigmoid(self.decision_function(X))
        return np.column_stack([1 - p1, p1])

    def predict(self, X):
        """``classes_[1]`` where the score is positive, else ``classes_[0]``."""
        scores = self.decision_function(X)
        return self.classes_[(scores > 0).astype(int)]


# ---------------------------------------------------------------------------------------
# Softmax regression
# ---------------------------------------------------------------------------------------


class SoftmaxRegression(_LinearProbabilisticModel):
    """Multinomial logistic regression, ``P(y = k | x) = softmax(W x + b)_k`` (``eq-logr-softmax``).

    Fitted by gradient descent on the mean cross-entropy plus ``(l2 / 2) ||W||^2``. The
    gradient is ``A^T (P - Y) / n``, with ``Y`` the one-hot labels. ``"auto"`` learning rate:
    ``1 / L`` with ``L = lambda_max(X^T X) / (2 n) + l2``, a bound on the curvature.

    Attributes: ``coef_`` (K, d), ``intercept_`` (K,), ``classes_`` (K,), ``n_iter_``,
    ``converged_``, ``loss_path_``, ``n_features_in_``. With ``l2 = 0`` the K weight vectors are only defined up to a
    common shift; starting from zero, gradient descent keeps them summing to zero.
    """

    def fit(self, X, y, coef_init=None, intercept_init=None):
        """Fit by maximum conditional likelihood; return ``self``."""
        self._check_params()
        X = check_X(X)
        y_index, self.classes_ = check_labels(y)
        if y_index.shape[0] != X.shape[0]:
            raise ValueError(
                f"X and y must have the same number of samples; got {X.shape[0]} rows in X "
                f"and {y_index.shape[0]} labels in y."
            )
        n, d = X.shape
        K = self.classes_.size
        A = _augment(X, self.fit_intercept)
        Y = np.eye(K)[y_index]
        Theta = np.zeros((A.shape[1], K))
        if coef_init is not None:
            coef_init = np.asarray(coef_init, dtype=float)
            if coef_init.shape != (K, d):
                raise ValueError(
                    f"coef_init must have shape ({K}, {d}); got {coef_init.shape}."
                )
            Theta[-d:] = coef_init.T
        if intercept_init is not None:
            if not self.fit_intercept:
                raise ValueError(
                    "intercept_init was given, but fit_intercept=False."
                )
            Theta[0] = check_vector(intercept_init, "intercept_init", length=K)
        pen = self._penalty(A.shape[1])[:, None]
        eta = self._eta
        if eta == "auto":
            eta = 1.0 / (np.linalg.norm(A, 2) ** 2 / (2 * n) + self._l2)

        def objective(T):
            Z = A @ T
            m = Z.max(axis=1, keepdims=True)
            lse = (
                m + np.log(np.exp(Z - m).sum(axis=1, keepdims=True))
            ).ravel()
            return float(
                np.mean(lse - np.sum(Y * Z, axis=1)) + 0.5 * np.sum(pen * T**2)
            )

        def gradient(T):
            return A.T @ (softmax(A @ T) - Y) / n + pen * T

        path = [objective(Theta)]
        converged = False
        for _ in range(self._max_iter):
            G = gradient(Theta)
            if np.max(np.abs(G)) < self._tol:
                converged = True
                break
            Theta = Theta - eta * G
            path.append(objective(Theta))
        else:
            converged = bool(np.max(np.abs(gradient(Theta))) < self._tol)
        self.coef_ = Theta[-d:].T.copy()
        self.intercept_ = (
            Theta[0].copy() if self.fit_intercept else np.zeros(K)
        )
        self.loss_path_ = np.asarray(path)
        self.n_iter_ = len(path) - 1
        self.converged_ = converged
        self.n_features_in_ = d
        if not converged:
            warn_not_converged(
                f"SoftmaxRegression did not converge in {self.n_iter_} iterations "
                f"(largest gradient entry above tol={self._tol:g}). If some class is separable "
                "from the others the weights grow without bound: set l2 > 0; otherwise increase max_iter.",
                stacklevel=3,
            )
        return self

    def decision_function(self, X):
        """The K scores ``W x + b`` for each row of ``X``, shape ``(n_samples, K)``."""
        X = self._check_predict_X(X)
        return X @ self.coef_.T + self.intercept_

    def predict_proba(self, X):
        """Class probabilities (softmax of the scores), shape ``(n_samples, K)``."""
        return softmax(self.decision_function(X))
