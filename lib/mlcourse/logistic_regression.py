"""Logistic and softmax regression, fitted by maximum conditional likelihood.

This module goes with :ref:`chapter 2 <chapter-logistic-regression>`. The book's convention is the usual one,
:math:`P(y = 1 \\mid \\mathbf x) = \\sigma(\\mathbf w^\\top \\mathbf x + b)` with
:math:`\\sigma(z) = 1 / (1 + e^{-z})`
:eq:`eq-logr-sigmoid`, the opposite sign to the lecture the chapter draws
on (its weights are ours with the sign flipped).

The estimators minimize the mean negative log-likelihood (the *log loss*) of
labels :math:`y_i \\in \\{0, 1\\}`, plus an optional L2 penalty on the weights,
whose strength :math:`\\lambda` is the parameter ``alpha`` (the name
scikit-learn gives a penalty):

.. math::

   J(\\mathbf{w}, b) &= \\frac{1}{n} \\sum_{i=1}^n
   \\bigl[\\log(1 + e^{z_i}) - y_i z_i\\bigr] \\\\
   &\\quad + \\frac{\\lambda}{2} \\lVert \\mathbf{w} \\rVert^2,

where :math:`z_i = \\mathbf{w}^\\top \\mathbf{x}_i + b` is the score of
sample :math:`i`. Its gradient is
:math:`\\tfrac{1}{n} \\tilde X^\\top (\\mathbf{p} - \\mathbf{y})`, which
is :eq:`eq-logr-gradient` divided by :math:`-n`, plus
:math:`\\lambda \\mathbf{w}` on the weights: without the penalty, gradient
*descent* on :math:`J` is the chapter's gradient *ascent* on the
log-likelihood :eq:`eq-logr-loglik`.

Three solvers share that objective (``solver=``):

- ``"gradient"``: :prf:ref:`alg-logr-gradient`, a fixed step ``1 / L`` by default;
- ``"accelerated"`` (the default): the same gradient steps with Nesterov's
  momentum, restarted whenever the loss would go up, so that the loss never
  increases and ill-conditioned problems still reach the optimum;
- ``"newton"`` (``LogisticRegression`` only): Newton's method, or iteratively
  reweighted least squares (:prf:ref:`alg-logr-newton`, :eq:`eq-logr-newton`).

The loss is always computed from the scores, never from probabilities
(section "Computing with scores, not probabilities"): :math:`-\\log \\sigma(z)`
is the softplus :math:`\\log(1 + e^{-z})`, evaluated as
``np.logaddexp(0, -z)``, and :math:`-\\log \\mathrm{softmax}(\\mathbf z)_c` is
:math:`\\log \\sum_k e^{z_k} - z_c` (``logsumexp``); both are exact for any
score, where ``np.log(sigmoid(z))`` is ``-inf`` below :math:`z = -745` and
``np.log(1 - sigmoid(z))`` from :math:`z = 36.74 = 53 \\ln 2`.
:func:`log_loss_from_scores` is that loss; :func:`log_loss` takes probabilities, as scikit-learn's does, but
does not clip them.

:func:`logistic_inference` gives standard errors, Wald tests and intervals
from the inverse Fisher information, and the deviance (section "How sure
are the weights? Standard errors and deviance").

The default solver with its default step, and Newton's method, run on
centred and scaled columns, an exact change of variables with the penalty
kept on the original weights, undone before the weights are stored: the
optimum is that of the problem as given, whatever the scale of X (a Unix timestamp, say). The
gradient solver and a step given by the user run on X as given.

The :func:`sigmoid` and :func:`softmax` defined here are the library's only
ones; :mod:`mlcourse.mlp` re-exports them.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from numbers import Real

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils import check_array
from sklearn.utils._param_validation import Interval, validate_params

from ._base import LinearBinaryClassifierMixin
from ._validation import (
    NON_NEGATIVE,
    PASSES,
    POSITIVE,
    STEP,
    ConvergenceWarning,
    StrOptions,
    check_start,
    column_moments,
    fit_context,
    fit_data,
    predict_data,
    scale_diagnosis,
    step_sizes,
    warn_not_converged,
)

__all__ = [
    "sigmoid",
    "log_loss",
    "log_loss_from_scores",
    "softmax",
    "gaussian_nb_weights",
    "softmax_to_reference",
    "LogisticRegression",
    "SoftmaxRegression",
    "LogisticInference",
    "logistic_inference",
]


# ---------------------------------------------------------------------------
# Functions
# ---------------------------------------------------------------------------


def sigmoid(z):
    r"""The logistic function :math:`\sigma(z) = 1 / (1 + e^{-z})` :eq:`eq-logr-sigmoid`.

    Section "Odds, log-odds and the logistic function". Stable for large
    ``|z|``: with ``e = exp(-|z|)``, which never overflows, it returns
    ``1 / (1 + e)`` for ``z >= 0`` and ``e / (1 + e)`` for ``z < 0``.

    Parameters
    ----------
    z : float or array_like
        Scores (log-odds).

    Returns
    -------
    float or ndarray
        A float for a scalar ``z``, otherwise an array of the shape of ``z``.
    """
    z = np.asarray(z, dtype=float)
    e = np.exp(-np.abs(z))
    out = np.where(z >= 0, 1.0 / (1.0 + e), e / (1.0 + e))
    return float(out) if out.ndim == 0 else out


def softmax(Z):
    r"""Row-wise softmax :math:`e^{z_k} / \sum_j e^{z_j}` :eq:`eq-logr-softmax`.

    Section "More than two classes". The row maximum is subtracted first,
    which changes nothing mathematically and keeps ``exp`` from overflowing.

    Parameters
    ----------
    Z : array_like of shape (n_samples, n_classes)
        Scores, one row per sample.

    Returns
    -------
    ndarray of shape (n_samples, n_classes)
        Probabilities; each row sums to 1.
    """
    Z = np.asarray(Z, dtype=float)
    if Z.ndim != 2:
        raise ValueError(
            "Z must be a 2-D array of scores (n_samples, n_classes); "
            f"got shape {Z.shape}."
        )
    E = np.exp(Z - Z.max(axis=1, keepdims=True))
    return E / E.sum(axis=1, keepdims=True)


def _vector(values, name, length=None):
    values = check_array(
        values, ensure_2d=False, dtype=np.float64, input_name=name
    )
    if values.ndim != 1 or (length is not None and values.size != length):
        expected = "" if length is None else f" of length {length}"
        raise ValueError(
            f"{name} must be a 1-D array{expected}; got shape {values.shape}."
        )
    return values


def _binary_labels(y, name="y"):
    """0/1 labels as floats, or a clear error."""
    y = _vector(y, name)
    if not np.all((y == 0) | (y == 1)):
        raise ValueError(
            f"{name} must contain only 0 and 1 here; "
            f"got values {np.unique(y)[:5]}."
        )
    return y


@validate_params(
    {"y": ["array-like"], "proba": ["array-like"]},
    prefer_skip_nested_validation=True,
)
def log_loss(y, proba):
    r"""Mean negative log-likelihood of 0/1 labels under probabilities.

    :math:`-\frac1n \sum_i [y_i \log p_i + (1 - y_i) \log(1 - p_i)]`, that is
    :eq:`eq-logr-loglik` divided by ``-n``. The probabilities are not
    clipped: a label that was given probability 0 costs ``inf``, the true
    cost of a certainty that was wrong. Probabilities computed from scores
    round to exactly 0 or 1 once ``|z|`` is large (``1 - sigmoid(z)`` is 0
    from ``z = 36.74 = 53 ln 2``), so a confident mistake's loss is lost in them: use
    :func:`log_loss_from_scores` on the scores (``decision_function``),
    which is exact for every score. (Clipping at ``1e-15``, as some
    libraries do, would cap that loss at ``-log(1e-15) = 34.5``.)

    Parameters
    ----------
    y : array_like of shape (n_samples,)
        Labels 0 and 1.
    proba : array_like of shape (n_samples,) or (n_samples, 2)
        Probabilities of class 1, or the output of ``predict_proba`` (its
        second column is used).

    Returns
    -------
    float
        The mean loss, ``inf`` when a label has probability 0.
    """
    y = _binary_labels(y)
    proba = np.asarray(proba, dtype=float)
    if proba.ndim == 2 and proba.shape[1] == 2:
        proba = proba[:, 1]
    proba = _vector(proba, "proba", length=y.shape[0])
    if np.any((proba < 0) | (proba > 1)):
        raise ValueError("proba must contain probabilities between 0 and 1.")
    with np.errstate(divide="ignore"):  # log(0) = -inf, the true value
        log_p = np.where(y == 1, np.log(proba), np.log1p(-proba))
    return float(-np.mean(log_p))


@validate_params(
    {"y": ["array-like"], "scores": ["array-like"]},
    prefer_skip_nested_validation=True,
)
def log_loss_from_scores(y, scores):
    r"""Mean log loss computed from the scores, exact for every score.

    Section "Computing with scores, not probabilities". Two classes:
    ``scores`` holds the log-odds :math:`z_i` of class 1, ``y`` the labels 0
    and 1, and the loss of sample :math:`i` is the second line of
    :eq:`eq-logr-loglik` negated, :math:`\log(1 + e^{z_i}) - y_i z_i`, with the
    softplus :math:`\log(1 + e^z)` evaluated as ``np.logaddexp(0, z)``, which
    never overflows. ``K`` classes: ``scores`` has one column per class,
    ``y`` holds class indices ``0 .. K-1``, and the loss is
    ``logsumexp(z_i) - z_{i, y_i}`` :eq:`eq-logr-softmax-loss`, with the
    row maximum taken out of the exponentials. The estimators minimize
    this loss (plus their penalty).

    Parameters
    ----------
    y : array_like of shape (n_samples,)
        Labels 0 and 1 (1-D scores), or class indices (2-D scores).
    scores : array_like of shape (n_samples,) or (n_samples, K)
        The scores, for example ``decision_function(X)`` of
        :class:`LogisticRegression`.

    Returns
    -------
    float
    """
    Z = check_array(
        scores, ensure_2d=False, dtype=np.float64, input_name="scores"
    )
    if Z.ndim == 1:
        y = _binary_labels(y)
        if y.shape != Z.shape:
            raise ValueError(
                f"y and scores must have the same length; got {y.shape[0]} "
                f"labels and {Z.shape[0]} scores."
            )
        return _mean_log_loss(y, Z)
    y = _vector(y, "y", length=Z.shape[0])
    K = Z.shape[1]
    if not np.all((y == np.round(y)) & (y >= 0) & (y < K)):
        raise ValueError(
            f"y must hold class indices 0 to {K - 1} (one per column of "
            f"scores); got values {np.unique(y)[:5]}."
        )
    return _mean_log_loss(np.eye(K)[y.astype(int)], Z)


def _mean_log_loss(Y, Z):
    """The mean log loss from scores: softplus or log-sum-exp (see above).

    ``Y``: 0/1 labels for 1-D ``Z``, one-hot rows for 2-D ``Z``.
    """
    if Z.ndim == 1:
        return float(np.mean(np.logaddexp(0.0, Z) - Y * Z))
    m = Z.max(axis=1, keepdims=True)
    lse = m[:, 0] + np.log(np.exp(Z - m).sum(axis=1))
    return float(np.mean(lse - np.sum(Y * Z, axis=1)))


@validate_params(
    {
        "means": ["array-like"],
        "variances": ["array-like"],
        "prior": [Interval(Real, 0, 1, closed="neither")],
    },
    prefer_skip_nested_validation=True,
)
def gaussian_nb_weights(means, variances, prior):
    r"""Logistic weights implied by Gaussian class-conditional densities.

    Section "From Gaussian classes to a linear logit"
    :eq:`eq-logr-nb-weights`.
    If :math:`x_j \mid y = c \sim \mathcal N(\mu_{jc}, \tau_j^2)`
    independently over the features (:math:`\mu_{jc}` is
    ``means[c, j]``, :math:`\tau_j^2` is ``variances[j]``, shared by the
    two classes) and :math:`P(y = 1) = \pi` (``prior``), then
    :math:`P(y = 1 \mid \mathbf x) = \sigma(\mathbf w^\top \mathbf x + b)`
    exactly, with

    .. math::

        w_j &= \frac{\mu_{j1} - \mu_{j0}}{\tau_j^2}, \\
        b &= \log\frac{\pi}{1 - \pi}
        + \sum_j \frac{\mu_{j0}^2 - \mu_{j1}^2}{2 \tau_j^2}.

    Parameters
    ----------
    means : array_like of shape (2, n_features)
        Row 0: the means of class 0; row 1: those of class 1.
    variances : array_like of shape (n_features,)
        The shared variances, all above zero.
    prior : float
        ``P(y = 1)``, strictly between 0 and 1.

    Returns
    -------
    w : ndarray of shape (n_features,)
    b : float
    """
    means = check_array(means, dtype=np.float64, input_name="means")
    if means.shape[0] != 2:
        raise ValueError(
            "means must have shape (2, n_features): one row per class; "
            f"got shape {means.shape}."
        )
    variances = _vector(variances, "variances", length=means.shape[1])
    if np.any(variances <= 0):
        raise ValueError("variances must all be greater than 0.")
    mu0, mu1 = means
    w = (mu1 - mu0) / variances
    b = np.log(prior / (1 - prior)) + np.sum(
        (mu0**2 - mu1**2) / (2 * variances)
    )
    return w, float(b)


@validate_params(
    {"coef": ["array-like"], "intercept": ["array-like"]},
    prefer_skip_nested_validation=True,
)
def softmax_to_reference(coef, intercept):
    """Turn K symmetric softmax weight vectors into the lecture's K - 1.

    Section "More than two classes". Subtracting the last class's weights
    from every class leaves the probabilities unchanged and makes the last
    class's score zero: the lecture's form :eq:`eq-logr-multiclass`, with
    ``K - 1`` weight vectors and a "1 +" in the denominator.

    Parameters
    ----------
    coef : array_like of shape (K, n_features)
    intercept : array_like of shape (K,)

    Returns
    -------
    coef_ref : ndarray of shape (K - 1, n_features)
    intercept_ref : ndarray of shape (K - 1,)
    """
    coef = np.asarray(coef, dtype=float)
    intercept = np.asarray(intercept, dtype=float)
    if (
        coef.ndim != 2
        or intercept.shape != (coef.shape[0],)
        or coef.shape[0] < 2
    ):
        raise ValueError(
            "coef must have shape (K, d) with K >= 2 and intercept shape "
            f"(K,); got {coef.shape} and {intercept.shape}."
        )
    return coef[:-1] - coef[-1], intercept[:-1] - intercept[-1]


# ---------------------------------------------------------------------------
# The solvers, written once for the binary and the softmax model
# ---------------------------------------------------------------------------


class _Problem:
    """The penalized mean log loss of one data set, as a function of theta.

    ``theta`` holds the augmented weights (the intercept first when there is
    one): a vector for the binary model, a ``(d + 1, K)`` array for softmax.
    Everything is computed from the scores ``Z = A @ theta``, so that a
    solver pays one product with ``A`` per point and one with ``A.T`` per
    gradient.
    """

    def __init__(self, A, targets, penalty, binary):
        self.A, self.targets, self.penalty = A, targets, penalty
        self.binary = binary
        self.n = A.shape[0]

    def scores(self, theta):
        return self.A @ theta

    def evaluate(self, Z, theta):
        """The objective and the probabilities at the scores ``Z``.

        The loss comes from the scores (:func:`log_loss_from_scores`), the
        probabilities from :func:`sigmoid` or :func:`softmax`: both stable
        for any score.
        """
        loss = _mean_log_loss(self.targets, Z)
        penalty = 0.5 * float(np.sum(self.penalty * theta**2))
        return loss + penalty, self.probabilities(Z)

    def objective(self, Z, theta):
        return self.evaluate(Z, theta)[0]

    def probabilities(self, Z):
        return sigmoid(Z) if self.binary else softmax(Z)

    def gradient(self, Z, theta, P=None):
        """``A^T (P - Y) / n + alpha theta``: :eq:`eq-logr-gradient` over -n."""
        if P is None:
            P = self.probabilities(Z)
        return self.A.T @ (P - self.targets) / self.n + self.penalty * theta

    def lipschitz(self):
        """A bound on the curvature: ``lambda_max(A^T A) / (4n)`` (binary).

        Since ``p (1 - p) <= 1/4``; for softmax the factor is 1/2. A step
        ``1 / L`` never increases the loss. The L2 penalty adds ``alpha``.
        """
        factor = 4.0 if self.binary else 2.0
        largest = np.linalg.norm(self.A, 2) ** 2
        return largest / (factor * self.n) + float(np.max(self.penalty))


def _gradient_descent(problem, theta, eta, max_iter, tol):
    """:prf:ref:`alg-logr-gradient`: ``theta <- theta - eta_k * gradient``.

    Stops when every entry of the gradient is below ``tol`` in size, or after
    ``max_iter`` steps. Returns ``(theta, loss_path, n_iter, converged)``.
    """
    Z = problem.scores(theta)
    loss, P = problem.evaluate(Z, theta)
    grad = problem.gradient(Z, theta, P)
    path = [loss]
    for k in range(1, max_iter + 1):
        if np.max(np.abs(grad)) < tol:
            return theta, path, k - 1, True
        theta = theta - eta(k) * grad
        Z = problem.scores(theta)
        loss, P = problem.evaluate(Z, theta)
        path.append(loss)
        if not np.isfinite(loss):
            break
        grad = problem.gradient(Z, theta, P)
    converged = bool(np.max(np.abs(grad)) < tol)
    return theta, path, len(path) - 1, converged


def _accelerated_descent(problem, theta, eta, max_iter, tol):
    """Nesterov's accelerated gradient with adaptive restart.

    Each step is a gradient step taken from the extrapolated point
    ``theta + beta_k (theta - theta_previous)``, with Nesterov's momentum
    ``beta_k = (t_k - 1) / t_{k+1}``, ``t_{k+1} = (1 + sqrt(1 + 4 t_k^2)) / 2``
    (Nesterov, 2004). When that step would increase the loss, the
    momentum is dropped (``t = 1``) and a plain gradient step is taken
    instead, as in O'Donoghue and Candes's function-value restart: the loss
    never goes up, and on an ill-conditioned problem the number of steps
    grows like the square root of the condition number instead of the
    condition number itself. Same stopping rule as :func:`_gradient_descent`.
    """
    Z = problem.scores(theta)
    loss, P = problem.evaluate(Z, theta)
    grad = problem.gradient(Z, theta, P)
    path = [loss]
    previous, Z_previous, t = theta, Z, 1.0
    for k in range(1, max_iter + 1):
        if np.max(np.abs(grad)) < tol:
            return theta, path, k - 1, True
        step = eta(k)
        t_next = (1.0 + np.sqrt(1.0 + 4.0 * t * t)) / 2.0
        beta = (t - 1.0) / t_next
        ahead = theta + beta * (theta - previous)
        Z_ahead = Z + beta * (Z - Z_previous)
        candidate = ahead - step * problem.gradient(Z_ahead, ahead)
        Z_candidate = problem.scores(candidate)
        new_loss, P = problem.evaluate(Z_candidate, candidate)
        if beta > 0 and not new_loss <= loss:  # restart without momentum
            t_next = 1.0
            candidate = theta - step * grad
            Z_candidate = problem.scores(candidate)
            new_loss, P = problem.evaluate(Z_candidate, candidate)
        previous, Z_previous = theta, Z
        theta, Z, loss, t = candidate, Z_candidate, new_loss, t_next
        path.append(loss)
        if not np.isfinite(loss):
            break
        grad = problem.gradient(Z, theta, P)
    converged = bool(np.max(np.abs(grad)) < tol)
    return theta, path, len(path) - 1, converged


def _newton_step(H, grad):
    """Solve ``H step = grad`` with the pseudo-inverse of ``H``.

    ``H`` is symmetric and positive semi-definite. Its eigenvalues below
    ``1e-12`` times the largest are treated as zero, so collinear features
    (a singular Hessian) give the minimum-norm Newton step instead of a
    "singular matrix" error; on a well-conditioned ``H`` this is the plain
    Newton step.
    """
    eigenvalues, V = np.linalg.eigh(H)
    keep = eigenvalues > 1e-12 * max(eigenvalues[-1], 0.0)
    if not np.any(keep):
        return np.zeros_like(grad)
    V = V[:, keep]
    return V @ ((V.T @ grad) / eigenvalues[keep])


#: Newton steps in a row that leave the loss unchanged before Newton stops.
_FLAT_STEPS = 3


def _newton(problem, theta, max_iter, tol):
    """:prf:ref:`alg-logr-newton` (IRLS), :eq:`eq-logr-newton`.

    Each step solves ``H step = grad`` with the Hessian
    ``H = A^T S A / n + alpha`` :eq:`eq-logr-hessian`, then halves the step
    until the loss does not increase by more than its own rounding error
    (near the optimum a full step changes the loss by less than that, and
    refusing it would stall the iteration at a gradient above ``tol``). It
    stops, short of ``tol``, when no step down to ``1e-10`` times Newton's
    keeps the loss that low, or when the loss has stayed within its
    rounding error for ``_FLAT_STEPS`` steps in a row: it is then flat
    along the Newton direction, and more steps cannot lower the gradient
    (the estimator warns why).
    """
    A, n = problem.A, problem.n
    Z = problem.scores(theta)
    loss = problem.objective(Z, theta)
    path, flat = [loss], 0
    for k in range(1, max_iter + 1):
        p = sigmoid(Z)
        grad = problem.gradient(Z, theta, p)
        if np.max(np.abs(grad)) < tol:
            return theta, path, k - 1, True
        H = (A.T * (p * (1 - p))) @ A / n + np.diag(problem.penalty)
        step = _newton_step(H, grad)
        t, slack = 1.0, 16 * np.finfo(float).eps * abs(loss)
        new_loss = problem.objective(A @ (theta - step), theta - step)
        while new_loss > loss + slack and t > 1e-10:
            t /= 2
            new_loss = problem.objective(
                A @ (theta - t * step), theta - t * step
            )
        if new_loss > loss + slack:  # no step is that low: stop
            break
        flat = flat + 1 if abs(new_loss - loss) <= slack else 0
        theta = theta - t * step
        Z = problem.scores(theta)
        loss = new_loss
        path.append(loss)
        if flat == _FLAT_STEPS:  # the loss no longer moves: stop
            break
    grad = problem.gradient(Z, theta)
    return theta, path, len(path) - 1, bool(np.max(np.abs(grad)) < tol)


class _Scaling:
    """The change of variables ``x_s = (x - m) / c`` of a fit, exact.

    With ``c_j = sqrt(s_j^2 + alpha)`` (``s_j``: the column's standard
    deviation; its root mean square without an intercept, whose columns are
    not centred) the data term and the penalty ``(alpha / 2) ||w||^2 =
    (alpha / 2) sum_j (w_s,j / c_j)^2`` both have a curvature near 1 per
    column, whatever the scale of X. The weights map as ``w_s = c w``,
    ``b_s = b + m @ w``; the scores, hence the objective, are unchanged, so
    the optimum is the original problem's. An estimator that does not
    standardize gets the identity (``m = 0``, ``c = 1``).
    """

    def __init__(self, X, model):
        d = X.shape[1]
        self.mean, self.c = np.zeros(d), np.ones(d)
        self.intercept = model.fit_intercept
        if not model._standardizes():
            return
        mean, spread = column_moments(X)
        if model.fit_intercept:
            self.mean = mean
        else:
            spread = np.hypot(mean, spread)
        self.c = np.hypot(spread, np.sqrt(float(model.alpha)))
        self.c[self.c == 0] = 1.0

    def columns(self, X):
        return (X - self.mean) / self.c

    def penalty(self, alpha):
        """``alpha / c_j^2`` per weight, 0 for the intercept (first)."""
        weights = (np.sqrt(alpha) / self.c) ** 2  # c^2 may underflow
        return np.r_[0.0, weights] if self.intercept else weights

    def _split(self, theta):
        c = self.c.reshape(-1, *[1] * (theta.ndim - 1))
        return (theta[1:], theta[0], c) if self.intercept else (theta, 0, c)

    def forward(self, theta):
        """``(b, w)`` to ``(b + m @ w, c w)``."""
        w, b, c = self._split(theta)
        w_s = w * c
        return (
            np.concatenate([[b + self.mean @ w], w_s])
            if self.intercept
            else w_s
        )

    def row_space(self, A, change):
        """``change`` of the original weights without its part that moves no
        score (the null space of the original columns, found on the
        standardized ones ``A``, where it is well conditioned)."""
        eigenvalues, V = np.linalg.eigh(A.T @ A)
        null = V[:, eigenvalues <= 1e-12 * eigenvalues[-1]]
        if null.shape[1] == 0:
            return change
        U = self.back(null)  # the same directions, in the original weights
        return change - U @ np.linalg.lstsq(U, change, rcond=None)[0]

    def back(self, theta):
        """``(b_s, w_s)`` to ``(b_s - m @ w, w_s / c)``."""
        w_s, b_s, c = self._split(theta)
        w = w_s / c
        return (
            np.concatenate([[b_s - self.mean @ w], w]) if self.intercept else w
        )


def _separates(A, theta, y_signed):
    """Whether the augmented weights classify every sample correctly.

    Then the data are linearly separable and the unpenalized log-likelihood
    has no maximum (section "Separable data: when the maximum does not
    exist").
    """
    return bool(np.all(y_signed * (A @ theta) > 0))


# ---------------------------------------------------------------------------
# The estimators
# ---------------------------------------------------------------------------


class _LinearProbabilisticModel(ClassifierMixin, BaseEstimator):
    """What the binary and the softmax model share: checks and the solvers."""

    _solvers = ("accelerated", "gradient")
    _parameter_constraints = {
        "learning_rate": [StrOptions({"auto"}), *STEP],
        "max_iter": PASSES,
        "tol": POSITIVE,
        "fit_intercept": ["boolean"],
        "alpha": NON_NEGATIVE,
        "solver": [StrOptions({"accelerated", "gradient"})],
    }

    def __init__(
        self,
        *,
        learning_rate="auto",
        max_iter=10_000,
        tol=1e-8,
        fit_intercept=True,
        alpha=0.0,
        solver="accelerated",
    ):
        self.learning_rate = learning_rate
        self.max_iter = max_iter
        self.tol = tol
        self.fit_intercept = fit_intercept
        self.alpha = alpha
        self.solver = solver

    def _standardizes(self):
        """Whether the fit runs on standardized columns (see :class:`_Scaling`).

        The Newton solver and the default step do; ``solver="gradient"`` and
        a step given by the user run on X as given, the chapter's loop.
        """
        return self.solver == "newton" or (
            self.solver == "accelerated" and self.learning_rate == "auto"
        )

    def _fit_theta(self, X, targets, theta, binary):
        """Minimize the objective from ``theta``, in the original variables.

        ``theta`` holds the augmented weights (the intercept first). The
        solver runs on :class:`_Scaling`'s standardized columns, with the
        penalty written on the original weights, so that its optimum is the
        optimum of the problem as given. Without a penalty, collinear
        columns leave a line of optima; the one returned moves from the start
        only in the row space of the original columns, as gradient descent
        on X as given does (the least-norm optimum from zero, scikit-learn's
        too). Returns ``(theta, path, n_iter, converged)``.
        """
        scaling = _Scaling(X, self)
        A = scaling.columns(X)
        if self.fit_intercept:
            A = np.column_stack([np.ones(X.shape[0]), A])
        penalty = scaling.penalty(float(self.alpha))
        if not binary:
            penalty = penalty[:, None]
        problem = _Problem(A, targets, penalty, binary)
        start = theta
        theta, *run = self._solve(problem, scaling.forward(theta))
        theta = scaling.back(theta)
        if self.alpha == 0 and self._standardizes():
            theta = start + scaling.row_space(A, theta - start)
        return theta, *run

    def _solve(self, problem, theta):
        if self.solver == "newton":
            return _newton(problem, theta, self.max_iter, self.tol)
        eta = self.learning_rate
        eta = step_sizes(1.0 / problem.lipschitz() if eta == "auto" else eta)
        solver = (
            _accelerated_descent
            if self.solver == "accelerated"
            else _gradient_descent
        )
        return solver(problem, theta, eta, self.max_iter, self.tol)

    def _store(self, path, n_iter, converged):
        self.loss_path_ = np.asarray(path)
        self.n_iter_ = int(n_iter)
        self.converged_ = bool(converged)

    def _not_converged(self, X, advice):
        """The warning of a fit that ran out of iterations, with its cause."""
        if self.solver == "newton" and self.n_iter_ < self.max_iter:
            advice = (
                "Newton's method stopped early: no step along the Newton "
                "direction lowers the loss by more than its rounding error, "
                "so more iterations cannot bring the gradient below tol. "
                "Raise tol, or set alpha > 0 if columns of X are collinear."
            )
        elif not self._standardizes() and scale_diagnosis(X):
            advice = (
                scale_diagnosis(X)
                + " The default solver ('accelerated' with learning_rate="
                "'auto') and solver='newton' standardize X internally."
            )
        warn_not_converged(
            f"{type(self).__name__} did not converge in {self.n_iter_} "
            f"iterations (largest gradient entry above tol={self.tol:g}). "
            + advice
        )

    def predict(self, X):
        """The most probable class of each row of ``X`` (from ``classes_``)."""
        proba = self.predict_proba(X)
        return self.classes_[np.argmax(proba, axis=1)]


class LogisticRegression(
    LinearBinaryClassifierMixin, _LinearProbabilisticModel
):
    r"""Binary logistic regression, :math:`P(y = 1 \mid \mathbf x) = \sigma(\mathbf w^\top \mathbf x + b)`.

    Section "Maximum conditional likelihood" of the chapter "Logistic
    regression": the weights minimize the mean log loss :eq:`eq-logr-loglik`
    (divided by ``-n``) plus :math:`\frac{\alpha}{2} \lVert \mathbf w \rVert^2`.

    Parameters
    ----------
    learning_rate : float, callable or "auto", default "auto"
        Step size of the gradient solvers: a positive number, a function
        ``k -> eta_k`` of the step number, or ``"auto"``, which takes
        :math:`1 / L` with :math:`L = \lambda_{\max}(A^\top A) / (4n) + \alpha`
        the largest curvature the loss can have (:math:`A`: ``X`` with a
        column of ones), a
        step that never increases the loss; with the default solver, on the
        standardized columns. Ignored by the Newton solver.
    max_iter : int, default 10000
        Maximum number of iterations, each a pass over the whole data set.
        The first-order solvers take the safe step ``1 / L``, sized for the
        largest curvature, so ill-conditioned data cost them many
        iterations. On the ten standardized "mean" features of
        scikit-learn's breast cancer data, the accelerated solver needs
        about 3,000; plain gradient descent would need about two million,
        so it stops at ``max_iter`` with a warning; Newton's method needs
        about ten. A fit that runs out warns, and says when X is not
        standardized.
    tol : float, default 1e-8
        Stop when every entry of the gradient is below ``tol`` in size.
    fit_intercept : bool, default True
        Learn a bias ``b`` (not penalized).
    alpha : float, default 0.0
        Strength of the L2 penalty :math:`\frac{\alpha}{2} \lVert \mathbf w \rVert^2` (not on ``b``).
    solver : {"accelerated", "gradient", "newton"}, default "accelerated"
        ``"gradient"``: gradient descent with a fixed step, :prf:ref:`alg-logr-gradient`.
        ``"accelerated"``: the same steps with
        Nesterov's momentum and a restart whenever the loss would go up;
        it reaches the optimum of standardized, ill-conditioned problems in
        far fewer iterations. ``"newton"``: Newton's method (IRLS,
        :prf:ref:`alg-logr-newton`), whose linear solves use the pseudo-inverse of
        the Hessian, so that collinear features are handled. Both of these
        standardize X internally (with ``learning_rate="auto"``); the
        gradient solver runs on X as given.

    Attributes
    ----------
    coef_ : ndarray of shape (n_features,)
        The weights ``w``.
    intercept_ : float
        The bias ``b`` (0.0 when ``fit_intercept=False``).
    classes_ : ndarray of shape (2,)
        The two labels in sorted order; ``classes_[1]`` is "y = 1".
    n_iter_ : int
        Iterations run.
    converged_ : bool
        Whether the fit reached the optimum: the gradient fell below
        ``tol``, and an optimum exists. On linearly separable data without
        a penalty there is none: ``converged_`` is False and a
        ``ConvergenceWarning`` says why, whatever stopped the fit.
    loss_path_ : ndarray of shape (n_iter_ + 1,)
        The objective before the first iteration and after each one.
    n_features_in_ : int
        Number of features seen during ``fit``.
    feature_names_in_ : ndarray of shape (n_features_in_,)
        The column names of a DataFrame given to ``fit``.
    """

    _solvers = ("accelerated", "gradient", "newton")
    _parameter_constraints = {
        **_LinearProbabilisticModel._parameter_constraints,
        "solver": [StrOptions(set(_solvers))],
    }

    @fit_context
    def fit(self, X, y, coef_init=None, intercept_init=None):
        """Fit by maximum conditional likelihood.

        Parameters
        ----------
        X : array_like of shape (n_samples, n_features)
        y : array_like of shape (n_samples,)
            Any two labels (numbers or strings).
        coef_init : array_like of shape (n_features,), optional
            Starting weights (default: zeros).
        intercept_init : float, optional
            Starting bias (default: 0).

        Returns
        -------
        self
        """
        X, y_signed = self._fit_data(X, y)
        d = X.shape[1]
        w, b = check_start(coef_init, intercept_init, d, self.fit_intercept)
        theta = np.r_[b, w] if self.fit_intercept else w
        theta, path, n_iter, converged = self._fit_theta(
            X, (y_signed + 1) / 2, theta, True
        )
        self.coef_ = theta[-d:].copy()
        self.intercept_ = float(theta[0]) if self.fit_intercept else 0.0
        self._store(path, n_iter, converged)
        A = np.column_stack([np.ones(X.shape[0]), X])
        if self.alpha == 0 and _separates(
            A, np.r_[self.intercept_, self.coef_], y_signed
        ):
            self.converged_ = False  # there is no optimum to converge to
            reason = (
                f"its gradient fell below tol={self.tol:g}"
                if converged
                else f"it reached max_iter={self.max_iter}"
            )
            warn_not_converged(
                "LogisticRegression found no maximum: every training point "
                "is classified correctly, so the data are linearly "
                "separable and the log-likelihood has none. It rises "
                "towards 0 as the weights grow without bound, and its "
                "gradient shrinks towards 0 without reaching it. The fit "
                f"stopped after {n_iter} iterations because {reason}; the "
                f"weights it returns (here ||(w, b)|| = "
                f"{np.linalg.norm(theta):.3g}) depend on tol and max_iter. "
                "Set alpha > 0 to get a finite optimum."
            )
        elif not converged:
            self._not_converged(
                X,
                "Increase max_iter"
                + (
                    ", or use solver='newton'."
                    if self.solver != "newton"
                    else "."
                ),
            )
        return self

    def decision_function(self, X):
        """The log-odds ``w @ x + b`` of each row (> 0: ``classes_[1]``).

        Returns
        -------
        ndarray of shape (n_samples,)
        """
        return super().decision_function(X)

    def predict_proba(self, X):
        """Probabilities of ``classes_[0]`` and ``classes_[1]``.

        Returns
        -------
        ndarray of shape (n_samples, 2)
        """
        p1 = sigmoid(self.decision_function(X))
        return np.column_stack([1 - p1, p1])

    def predict(self, X):
        """``classes_[1]`` where the log-odds are > 0, else ``classes_[0]``."""
        return LinearBinaryClassifierMixin.predict(self, X)


class SoftmaxRegression(_LinearProbabilisticModel):
    r"""Multinomial logistic regression, ``P(y = k | x) = softmax(W x + b)_k``.

    Section "More than two classes" :eq:`eq-logr-softmax`. Fitted by
    gradient descent (plain or accelerated) on the mean cross-entropy plus
    :math:`\frac{\alpha}{2} \lVert W \rVert^2`, whose gradient is
    :math:`A^\top (P - Y) / n + \alpha W` with :math:`Y` the one-hot labels. With ``alpha = 0`` the K weight vectors are only
    defined up to a common shift; starting from zero, gradient descent keeps
    them summing to zero.

    Parameters
    ----------
    learning_rate : float, callable or "auto", default "auto"
        As in :class:`LogisticRegression`; ``"auto"`` takes ``1 / L`` with
        :math:`L = \lambda_{\max}(A^\top A) / (2n) + \alpha`, a bound on the
        curvature.
    max_iter : int, default 10000
        Maximum number of iterations, each a pass over the data, as in
        :class:`LogisticRegression`.
    tol : float, default 1e-8
        Stop when every entry of the gradient is below ``tol`` in size.
    fit_intercept : bool, default True
        Learn one bias per class (not penalized).
    alpha : float, default 0.0
        Strength of the L2 penalty :math:`\frac{\alpha}{2} \lVert W \rVert^2`.
    solver : {"accelerated", "gradient"}, default "accelerated"
        As in :class:`LogisticRegression`.

    Attributes
    ----------
    coef_ : ndarray of shape (K, n_features)
        One weight vector per class.
    intercept_ : ndarray of shape (K,)
        One bias per class.
    classes_ : ndarray of shape (K,)
        The labels in sorted order.
    n_iter_ : int
        Iterations run.
    converged_ : bool
        Whether the gradient fell below ``tol``.
    loss_path_ : ndarray of shape (n_iter_ + 1,)
        The objective before the first iteration and after each one.
    n_features_in_ : int
        Number of features seen during ``fit``.
    feature_names_in_ : ndarray of shape (n_features_in_,)
        The column names of a DataFrame given to ``fit``.
    """

    @fit_context
    def fit(self, X, y, coef_init=None, intercept_init=None):
        """Fit by maximum conditional likelihood.

        Parameters
        ----------
        X : array_like of shape (n_samples, n_features)
        y : array_like of shape (n_samples,)
            Two or more labels (numbers or strings).
        coef_init : array_like of shape (K, n_features), optional
            Starting weights (default: zeros).
        intercept_init : array_like of shape (K,), optional
            Starting biases (default: zeros).

        Returns
        -------
        self
        """
        X, y_index = fit_data(self, X, y, classes="multiclass")
        d, K = X.shape[1], self.classes_.size
        Theta = np.zeros((d + self.fit_intercept, K))
        if coef_init is not None:
            coef_init = check_array(coef_init, input_name="coef_init")
            if coef_init.shape != (K, d):
                raise ValueError(
                    f"coef_init must have shape ({K}, {d}), one row per "
                    f"class; got {coef_init.shape}."
                )
            Theta[-d:] = coef_init.T
        if intercept_init is not None:
            if not self.fit_intercept:
                raise ValueError(
                    "intercept_init was given, but fit_intercept=False keeps "
                    "the biases at 0."
                )
            Theta[0] = _vector(intercept_init, "intercept_init", length=K)
        Theta, path, n_iter, converged = self._fit_theta(
            X, np.eye(K)[y_index], Theta, False
        )
        self.coef_ = Theta[-d:].T.copy()
        self.intercept_ = (
            Theta[0].copy() if self.fit_intercept else np.zeros(K)
        )
        self._store(path, n_iter, converged)
        if not converged:
            self._not_converged(
                X,
                "If some class is separable from the others the weights "
                "grow without bound: set alpha > 0; otherwise increase "
                "max_iter.",
            )
        return self

    def decision_function(self, X):
        """The scores ``W x + b`` of each row of ``X``.

        Returns
        -------
        ndarray of shape (n_samples, K), or (n_samples,) when K = 2
            With two classes, as for every scikit-learn binary classifier,
            one score per row: ``z_1 - z_0``, positive for ``classes_[1]``.
        """
        Z = self._scores(X)
        return Z[:, 1] - Z[:, 0] if Z.shape[1] == 2 else Z

    def _scores(self, X):
        X = predict_data(self, X, "coef_")
        return X @ self.coef_.T + self.intercept_

    def predict_proba(self, X):
        """Class probabilities, the softmax of the scores.

        Returns
        -------
        ndarray of shape (n_samples, K)
        """
        return softmax(self._scores(X))


# ---------------------------------------------------------------------------
# Inference: standard errors and deviance
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class LogisticInference:
    """What :func:`logistic_inference` returns.

    Section "How sure are the weights? Standard errors and deviance". The
    field names follow :class:`mlcourse.linear_regression.SlopeInference`;
    ``covariance`` orders the parameters as the augmented weights
    ``(b, w_1, ..., w_d)``.
    """

    #: The maximum-likelihood weights ``w``, shape ``(n_features,)``.
    coef: np.ndarray
    #: The maximum-likelihood intercept ``b``.
    intercept: float
    #: Standard errors of the weights, shape ``(n_features,)``.
    coef_stderr: np.ndarray
    #: Standard error of the intercept.
    intercept_stderr: float
    #: ``coef / coef_stderr``, the Wald statistics, one per weight.
    z_statistic: np.ndarray
    #: Two-sided p-values of "this weight is 0", one per weight.
    p_value: np.ndarray
    #: One row ``(low, high)`` per weight, at level ``confidence``.
    confidence_interval: np.ndarray
    #: The level of the intervals, as given (0.95 by default).
    confidence: float
    #: Inverse Fisher information, shape
    #: ``(n_features + 1, n_features + 1)``, in the order
    #: ``(b, w_1, ..., w_d)``.
    covariance: np.ndarray
    #: ``-2 l`` at the fit, :eq:`eq-logr-deviance`.
    deviance: float
    #: The deviance of the model with an intercept only.
    null_deviance: float


@validate_params(
    {
        "X": ["array-like"],
        "y": ["array-like"],
        "confidence": [Interval(Real, 0, 1, closed="neither")],
    },
    prefer_skip_nested_validation=True,
)
def logistic_inference(X, y, confidence=0.95):
    r"""Standard errors, Wald tests and intervals of logistic regression.

    Section "How sure are the weights? Standard errors and deviance". Fits
    ``LogisticRegression(solver="newton")`` without a penalty, then, at the
    maximum-likelihood weights:

    - ``covariance``: the inverse of the Fisher information
      :math:`\tilde X^\top S \tilde X` :eq:`eq-logr-fisher`, the negated
      Hessian :eq:`eq-logr-hessian` of the log-likelihood, with
      :math:`S = \operatorname{diag}\big(p_i (1 - p_i)\big)`;
    - ``coef_stderr``, ``intercept_stderr``: the square roots of its
      diagonal;
    - ``z_statistic = coef / coef_stderr`` and its two-sided ``p_value``
      for "this weight is 0", from the standard normal distribution (the
      Wald test);
    - ``confidence_interval``: ``coef -/+ z_{(1+confidence)/2} * stderr``,
      one row ``(low, high)`` per feature;
    - ``deviance = -2 l`` at the fit :eq:`eq-logr-deviance`, and the
      ``null_deviance`` of the model with an intercept only.

    These are large-sample results: they hold approximately, better the
    more samples there are per weight.

    Parameters
    ----------
    X : array_like of shape (n_samples, n_features)
    y : array_like of shape (n_samples,)
        Any two labels; the larger in sorted order is "y = 1".
    confidence : float, default 0.95
        The level of the intervals, strictly between 0 and 1.

    Returns
    -------
    LogisticInference

    Raises
    ------
    ValueError
        When the data are linearly separable (the weights have no finite
        maximum-likelihood estimate, hence no standard errors), or when
        the features are collinear (the Fisher information is singular).
    """
    from scipy import stats

    model = LogisticRegression(solver="newton", tol=1e-10)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model.fit(X, y)
    X = np.asarray(predict_data(model, X), dtype=float)
    A = np.column_stack([np.ones(X.shape[0]), X])
    theta = np.r_[model.intercept_, model.coef_]
    y01 = (np.asarray(y) == model.classes_[1]).astype(float)
    if _separates(A, theta, 2 * y01 - 1):
        raise ValueError(
            "The data are linearly separable: the log-likelihood has no "
            "maximum, so the weights have no finite estimate and no "
            "standard errors. Use a penalty (LogisticRegression(alpha=...)) "
            "and judge it on held-out data instead."
        )
    if not model.converged_:
        raise ValueError(
            f"Newton's method did not reach the maximum in {model.max_iter} "
            "iterations: no standard errors at weights that are not the "
            "estimate."
        )
    z = A @ theta
    p = sigmoid(z)
    fisher = (A.T * (p * (1 - p))) @ A
    eigenvalues, V = np.linalg.eigh(fisher)
    if eigenvalues[0] <= 1e-12 * eigenvalues[-1]:
        raise ValueError(
            "The Fisher information is singular: some features (with the "
            "constant of the intercept) are linear combinations of others, "
            "so their weights are not determined. Drop the redundant "
            "features."
        )
    covariance = (V / eigenvalues) @ V.T
    stderr = np.sqrt(np.diag(covariance))
    z_statistic = model.coef_ / stderr[1:]
    quantile = stats.norm.ppf(0.5 + float(confidence) / 2)
    interval = np.column_stack(
        [
            model.coef_ - quantile * stderr[1:],
            model.coef_ + quantile * stderr[1:],
        ]
    )
    n, mean = len(y01), y01.mean()
    null_deviance = (
        -2 * n * (mean * np.log(mean) + (1 - mean) * np.log1p(-mean))
    )
    return LogisticInference(
        coef=model.coef_.copy(),
        intercept=model.intercept_,
        coef_stderr=stderr[1:],
        intercept_stderr=float(stderr[0]),
        z_statistic=z_statistic,
        p_value=2 * stats.norm.sf(np.abs(z_statistic)),
        confidence_interval=interval,
        confidence=float(confidence),
        covariance=covariance,
        deviance=2 * n * _mean_log_loss(y01, z),
        null_deviance=float(null_deviance),
    )
