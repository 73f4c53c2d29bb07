r"""Multi-layer perceptrons trained by backpropagation.

:ref:`Chapter 7 <chapter-mlp>`. The network is a stack of dense layers.
With :math:`A^{(0)} = X` (one sample per row), layer :math:`l = 1, \dots, L`
computes :math:`Z^{(l)} = A^{(l-1)} W^{(l)} + b^{(l)}` :eq:`eq-mlp-affine`
and, below the output, :math:`A^{(l)} = g(Z^{(l)})` :eq:`eq-mlp-hidden`. The
output layer turns :math:`Z^{(L)}` into probabilities: a sigmoid with one output unit for two
classes, a softmax over ``K`` units for ``K > 2`` classes
:eq:`eq-mlp-output`. The loss is the mean cross-entropy plus an L2
penalty :math:`\frac{\lambda}{2} \sum_l \lVert W^{(l)} \rVert^2` :eq:`eq-mlp-loss`
(:math:`\lambda` is ``alpha``), over a batch of :math:`m` samples.

Backpropagation, :eq:`eq-mlp-delta-out`, :eq:`eq-mlp-grads` and
:eq:`eq-mlp-delta-back`, runs the chain rule from the output back to the
input, one layer at a time, vectorized over a batch (:math:`\odot` is the
product entry by entry):

.. math::

   \begin{aligned}
   \Delta^{(L)} &= (P - Y) / m, \\
   \partial J / \partial W^{(l)} &= A^{(l-1)\top} \Delta^{(l)}
       + \lambda W^{(l)}, \\
   \partial J / \partial b^{(l)} &= \mathbf 1^\top \Delta^{(l)}, \\
   \Delta^{(l-1)} &= \Delta^{(l)} W^{(l)\top} \odot g'(Z^{(l-1)}).
   \end{aligned}

Training is mini-batch stochastic gradient descent with heavy-ball momentum
:eq:`eq-mlp-momentum`: :math:`v \leftarrow \theta v - \eta \nabla_w J` and
:math:`w \leftarrow w + v` for the vector :math:`w` of all weights and biases,
with the momentum :math:`\theta` (``momentum``) and the step :math:`\eta`
(``learning_rate``). The defaults (``learning_rate=0.1``,
``momentum=0.9``, ``batch_size=32``, ``max_iter=200``, tanh hidden units,
Glorot initialization, He's for relu units) make
``MLPClassifier(hidden_layer_sizes=(64,))`` reach about 97-98% test
accuracy on scikit-learn's digits scaled to [0, 1], depending on the
split (a stratified quarter held out and ``random_state=0`` for the
split and the network: at least 97%),
and make a small tanh network solve XOR from most seeds.
"""

from __future__ import annotations

import math
from numbers import Integral, Real

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils._param_validation import Interval, validate_params

from ._validation import (
    NON_NEGATIVE,
    PASSES,
    POSITIVE,
    RANDOM_STATE,
    STEP,
    StrOptions,
    check_random_state,
    fit_context,
    fit_data,
    predict_data,
    scale_diagnosis,
    step_sizes,
    warn_if_unscaled,
    warn_not_converged,
)
from .logistic_regression import _mean_log_loss, sigmoid, softmax

__all__ = [
    "ACTIVATIONS",
    "MLPClassifier",
    "activation",
    "activation_derivative",
    "cross_entropy",
    "cross_entropy_from_scores",
    "init_parameters",
    "forward",
    "backward",
    "loss_and_gradients",
    "flatten_parameters",
    "unflatten_parameters",
]


# --- activations (section "The forward pass") -------------------------------------------
# sigmoid and softmax are those of chapter "Logistic regression", imported
# above and re-exported here.

#: The hidden layers' activations ``MLPClassifier(activation=...)`` accepts
#: (section "The forward pass"); "logistic" is scikit-learn's name for
#: "sigmoid".
ACTIVATIONS = ("tanh", "relu", "sigmoid", "logistic", "identity")
_ACTIVATION = [StrOptions(set(ACTIVATIONS))]


def _canonical(name):
    """The library's name of an activation: "logistic" is "sigmoid"."""
    return "sigmoid" if name == "logistic" else name


@validate_params(
    {"name": _ACTIVATION, "Z": ["array-like", Real]},
    prefer_skip_nested_validation=True,
)
def activation(name, Z):
    """Apply the hidden activation ``g`` elementwise :eq:`eq-mlp-hidden`.

    Parameters
    ----------
    name : {"tanh", "relu", "sigmoid", "logistic", "identity"}
        The hidden activation (:data:`ACTIVATIONS`); "logistic", as
        scikit-learn calls it, is "sigmoid".
    Z : ndarray
        Pre-activations.
    """
    return _activation(name, Z)


def _activation(name, Z):
    name = _canonical(name)
    if name == "tanh":
        return np.tanh(Z)
    if name == "relu":
        return np.maximum(Z, 0.0)
    if name == "sigmoid":
        return sigmoid(Z)
    return np.asarray(Z, dtype=float).copy()


@validate_params(
    {"name": _ACTIVATION, "Z": ["array-like", Real]},
    prefer_skip_nested_validation=True,
)
def activation_derivative(name, Z):
    """The derivative ``g'(Z)`` of the hidden activation, elementwise.

    It enters the backward pass :eq:`eq-mlp-delta-back`.

    For ReLU the derivative at exactly 0 is taken as 0.

    Parameters
    ----------
    name : {"tanh", "relu", "sigmoid", "logistic", "identity"}
        The hidden activation (:data:`ACTIVATIONS`); "logistic", as
        scikit-learn calls it, is "sigmoid".
    Z : ndarray
        Pre-activations.
    """
    return _activation_derivative(name, Z)


def _activation_derivative(name, Z):
    name = _canonical(name)
    if name == "tanh":
        return 1.0 - np.tanh(Z) ** 2
    if name == "relu":
        return (np.asarray(Z) > 0).astype(float)
    if name == "sigmoid":
        s = sigmoid(Z)
        return s * (1.0 - s)
    return np.ones_like(np.asarray(Z, dtype=float))


# --- the loss (section "Losses") ------------------------------------------------------


def _output_probabilities(Z_out):
    """Sigmoid for one output, softmax for several :eq:`eq-mlp-output`."""
    if Z_out.shape[1] == 1:
        return sigmoid(Z_out)
    return softmax(Z_out)


def cross_entropy(P, Y):
    r"""Mean cross-entropy of probabilities ``P`` against one-hot (or 0/1) targets ``Y``.

    With one column, ``P`` holds :math:`P(y = 1)` and the binary form
    :math:`-[y \log p + (1 - y) \log(1 - p)]` is used :eq:`eq-mlp-loss`.
    Probabilities are clipped to ``[eps, 1 - eps]``, ``eps`` the machine
    epsilon of their dtype (``2.2e-16`` for float64), as scikit-learn's
    ``log_loss`` and its ``MLPClassifier`` do (since version 1.2), so that
    a confident mistake costs at most :math:`-\ln \epsilon = 36.0`. Training uses
    :func:`cross_entropy_from_scores`, which needs no clip.

    Parameters
    ----------
    P : ndarray of shape (m, C)
        Predicted probabilities.
    Y : ndarray of shape (m, C)
        One-hot (or 0/1) targets.
    """
    P = np.asarray(P, dtype=float)
    eps = np.finfo(P.dtype).eps
    # np.minimum(np.maximum(...)) is np.clip without its Python overhead
    P = np.minimum(np.maximum(P, eps), 1 - eps)
    Y = np.asarray(Y, dtype=float)
    n = P.shape[0]
    if P.shape[1] == 1:
        return float(-(Y * np.log(P) + (1 - Y) * np.log(1 - P)).sum() / n)
    return float(-(Y * np.log(P)).sum() / n)


def cross_entropy_from_scores(Z, Y):
    r"""The mean cross-entropy :eq:`eq-mlp-loss` from the output scores.

    ``Z`` holds the scores :math:`Z^{(L)}`, one row per sample. One
    column: the loss of a row is the softplus :math:`\log(1 + e^z) - y z`
    of :ref:`chapter 2 <chapter-logistic-regression>`; several: the
    log-sum-exp :math:`\log \sum_k e^{z_k} - z_y`. Both are exact for
    every score, with no clip, so the loss agrees with its gradient
    :math:`(P - Y) / m` :eq:`eq-mlp-delta-out` even at a confident mistake,
    where :func:`cross_entropy` stops at 36.0. It equals
    :func:`cross_entropy` (and scikit-learn's loss) to rounding unless a
    probability of a target falls below the machine epsilon.

    Parameters
    ----------
    Z : ndarray of shape (m, C)
        The output scores.
    Y : ndarray of shape (m, C)
        One-hot (or 0/1) targets.
    """
    Z = np.asarray(Z, dtype=float)
    Y = np.asarray(Y, dtype=float)
    if Z.shape[1] == 1:
        return _mean_log_loss(Y[:, 0], Z[:, 0])
    return _mean_log_loss(Y, Z)


# --- parameters, forward and backward passes (section "Backpropagation") ----------------


@validate_params(
    {
        "layer_sizes": ["array-like"],
        "activation_name": _ACTIVATION,
        "random_state": RANDOM_STATE,
        "init": [StrOptions({"glorot", "he"}), None],
    },
    prefer_skip_nested_validation=True,
)
def init_parameters(
    layer_sizes, activation_name="tanh", random_state=None, *, init=None
):
    r"""Random weights and zero biases for layers of the given sizes.

    Section :ref:`mlp-depth`.
    ``layer_sizes`` is :math:`(d, h_1, \dots, h_{L-1}, C)`. Weight
    :math:`W^{(l)}` is drawn uniformly from :math:`[-r, r]`, of variance
    :math:`r^2 / 3`, with :math:`n_\text{in}` and :math:`n_\text{out}` the
    layer's numbers of inputs and outputs:

    - ``init="glorot"``: :math:`r = \sqrt{6 / (n_\text{in} + n_\text{out})}`,
      variance :math:`2 / (n_\text{in} + n_\text{out})`
      :cite:`glorot2010`. For sigmoid units the library takes four
      times :math:`r` :cite:`bengio2012`: their slope at 0 is a quarter
      of tanh's, so a score moves a sigmoid unit a quarter as much. On
      the ten-layer network of :ref:`mlp-depth` this start keeps about
      40 times more of the gradient down to the first layer than
      :math:`2r`, and about :math:`10^6` times more than
      scikit-learn's ``MLPClassifier``, whose logistic units start with
      :math:`r = \sqrt{2 / (n_\text{in} + n_\text{out})}`
      (:math:`r/\sqrt{3}`); no start rescues ten sigmoid layers;
    - ``init="he"``: :math:`r = \sqrt{6 / n_\text{in}}`, variance
      :math:`2 / n_\text{in}`
      :eq:`eq-mlp-he` :cite:`he2015`, which keeps the size of relu
      units' scores from layer to layer.

    The default (``None``) is ``"he"`` for relu units and ``"glorot"``
    otherwise. Returns ``(coefs, intercepts)``: lists of arrays of shapes
    :math:`(h_{l-1}, h_l)` and :math:`(h_l,)`.

    Parameters
    ----------
    layer_sizes : sequence of int
        :math:`(d, h_1, \dots, h_{L-1}, C)`: inputs, hidden layers,
        outputs.
    activation_name : {"tanh", "relu", "sigmoid", "logistic", "identity"}
        The hidden activation (:data:`ACTIVATIONS`), which sets the
        default ``init``; default "tanh".
    random_state : int, RandomState or None, default None
        Seed of the draws, as in scikit-learn.
    init : {"glorot", "he"} or None, default None
        The scale of the draws, as above.
    """
    rng = check_random_state(random_state)
    sizes = _layer_sizes(layer_sizes, "layer_sizes")
    if init is None:
        init = "he" if activation_name == "relu" else "glorot"
    factor = 4.0 if _canonical(activation_name) == "sigmoid" else 1.0
    coefs, intercepts = [], []
    for fan_in, fan_out in zip(sizes[:-1], sizes[1:]):
        if init == "he":
            bound = np.sqrt(6.0 / fan_in)
        else:
            bound = factor * np.sqrt(6.0 / (fan_in + fan_out))
        coefs.append(rng.uniform(-bound, bound, size=(fan_in, fan_out)))
        intercepts.append(np.zeros(fan_out))
    return coefs, intercepts


def forward(coefs, intercepts, X, activation_name="tanh"):
    r"""The forward pass.

    Equations :eq:`eq-mlp-affine`, :eq:`eq-mlp-hidden` and
    :eq:`eq-mlp-output`.

    Returns ``(Zs, As)``: ``Zs[l]`` is the pre-activation of layer ``l + 1`` and ``As[l]`` the
    input of layer ``l + 1`` (so ``As[0] = X``); the last entry of ``As`` holds the output
    probabilities ``P``. ``len(Zs) == L`` and ``len(As) == L + 1``.

    Parameters
    ----------
    coefs : list of ndarray
        The weight matrices :math:`W^{(1)}, \dots, W^{(L)}`.
    intercepts : list of ndarray
        The bias vectors :math:`\mathbf b^{(1)}, \dots, \mathbf b^{(L)}`.
    X : ndarray of shape (m, d)
        The inputs.
    activation_name : str, default "tanh"
        The hidden activation (see :func:`activation`).
    """
    As, Zs = [np.asarray(X, dtype=float)], []
    last = len(coefs) - 1
    for layer, (W, b) in enumerate(zip(coefs, intercepts)):
        Z = As[-1] @ W + b
        Zs.append(Z)
        As.append(
            _output_probabilities(Z)
            if layer == last
            else _activation(activation_name, Z)
        )
    return Zs, As


def backward(coefs, Zs, As, Y, activation_name="tanh", alpha=0.0):
    r"""Backpropagation: the gradients of the mean loss for every layer.

    The output error :eq:`eq-mlp-delta-out`, the gradients
    :eq:`eq-mlp-grads` and the error one layer back
    :eq:`eq-mlp-delta-back`. ``Zs`` and ``As`` come from :func:`forward` on
    the same batch; ``Y`` holds the targets (one-hot, or one 0/1 column
    for two classes). Returns ``(coef_grads, intercept_grads)``.

    Parameters
    ----------
    coefs : list of ndarray
        The weight matrices :math:`W^{(1)}, \dots, W^{(L)}`.
    Zs, As : lists of ndarray
        The pre-activations and layer inputs from :func:`forward`.
    Y : ndarray
        The targets.
    activation_name : str, default "tanh"
        The hidden activation (see :func:`activation`).
    alpha : float, default 0.0
        Strength :math:`\lambda` of the L2 penalty :math:`\frac{\lambda}{2} \sum_l \lVert W^{(l)} \rVert^2`.
    """
    m = As[0].shape[0]  # the batch size
    delta = (As[-1] - Y) / m  # Delta^(L) = (P - Y) / m
    coef_grads = [None] * len(coefs)
    intercept_grads = [None] * len(coefs)
    for layer in range(len(coefs) - 1, -1, -1):
        coef_grads[layer] = As[layer].T @ delta + alpha * coefs[layer]
        intercept_grads[layer] = delta.sum(axis=0)
        if layer > 0:
            # Delta^(l-1) = (Delta^(l) W^(l)T) * g'(Z^(l-1))
            if activation_name == "tanh":  # 1 - tanh^2, A^(l-1) = tanh Z
                slope = 1.0 - As[layer] ** 2
            else:
                slope = _activation_derivative(activation_name, Zs[layer - 1])
            delta = (delta @ coefs[layer].T) * slope
    return coef_grads, intercept_grads


def _penalty(coefs, alpha):
    return 0.5 * alpha * sum(float(np.sum(W * W)) for W in coefs)


def loss_and_gradients(
    coefs, intercepts, X, Y, activation_name="tanh", alpha=0.0
):
    r"""The penalized loss :eq:`eq-mlp-loss` and its gradients.

    One forward and one backward pass.

    The loss comes from the output scores
    (:func:`cross_entropy_from_scores`), so central differences of it
    equal the gradients even at a confident mistake.

    Returns ``(loss, coef_grads, intercept_grads)``. This is the function
    the chapter's gradient check compares with central differences.

    Parameters
    ----------
    coefs : list of ndarray
        The weight matrices :math:`W^{(1)}, \dots, W^{(L)}`.
    intercepts : list of ndarray
        The bias vectors :math:`\mathbf b^{(1)}, \dots, \mathbf b^{(L)}`.
    X : ndarray of shape (m, d)
        The inputs.
    Y : ndarray
        The targets, one-hot or one 0/1 column.
    activation_name : str, default "tanh"
        The hidden activation (see :func:`activation`).
    alpha : float, default 0.0
        Strength :math:`\lambda` of the L2 penalty :math:`\frac{\lambda}{2} \sum_l \lVert W^{(l)} \rVert^2`.
    """
    Zs, As = forward(coefs, intercepts, X, activation_name)
    loss = cross_entropy_from_scores(Zs[-1], Y)
    if alpha:  # without a penalty, skip summing the squared weights
        loss += _penalty(coefs, alpha)
    coef_grads, intercept_grads = backward(
        coefs, Zs, As, Y, activation_name, alpha
    )
    return loss, coef_grads, intercept_grads


def flatten_parameters(coefs, intercepts):
    r"""All weights and biases in one vector, layer by layer.

    The order is :math:`W^{(1)}, \mathbf b^{(1)}, W^{(2)}, \dots`.

    Parameters
    ----------
    coefs : list of ndarray
        The weight matrices :math:`W^{(1)}, \dots, W^{(L)}`.
    intercepts : list of ndarray
        The bias vectors :math:`\mathbf b^{(1)}, \dots, \mathbf b^{(L)}`.
    """
    parts = []
    for W, b in zip(coefs, intercepts):
        parts.extend([np.ravel(W), np.ravel(b)])
    return np.concatenate(parts)


def unflatten_parameters(theta, like_coefs, like_intercepts):
    """The inverse of :func:`flatten_parameters`: split ``theta`` into arrays shaped as the
    ``like_`` lists. Used by the gradient check.

    Parameters
    ----------
    theta : ndarray
        The flat vector.
    like_coefs : list of ndarray
        Arrays of the weight matrices' shapes, one per layer.
    like_intercepts : list of ndarray
        Arrays of the bias vectors' shapes, one per layer.
    """
    theta = np.asarray(theta, dtype=float).ravel()
    expected = sum(
        np.size(W) + np.size(b) for W, b in zip(like_coefs, like_intercepts)
    )
    if theta.size != expected:
        raise ValueError(
            f"theta must have {expected} entries (all weights and biases); got {theta.size}."
        )
    coefs, intercepts, at = [], [], 0
    for W, b in zip(like_coefs, like_intercepts):
        coefs.append(theta[at : at + np.size(W)].reshape(np.shape(W)))
        at += np.size(W)
        intercepts.append(theta[at : at + np.size(b)].reshape(np.shape(b)))
        at += np.size(b)
    return coefs, intercepts


# --- the estimator ----------------------------------------------------------------------


def _layer_sizes(sizes, name):
    """A tuple of layer sizes, each a whole number of at least 1."""
    sizes = (sizes,) if isinstance(sizes, Integral) else sizes
    if isinstance(sizes, str) or not all(
        isinstance(s, Integral) and not isinstance(s, bool) and s >= 1
        for s in sizes
    ):
        raise ValueError(
            f"{name} must hold whole numbers of at least 1, such as (64,) "
            f"or (16, 16); got {sizes!r}."
        )
    return tuple(int(s) for s in sizes)


class MLPClassifier(ClassifierMixin, BaseEstimator):
    r"""A multi-layer perceptron classifier trained by backpropagation.

    Chapter "Multi-layer perceptrons": the forward pass :eq:`eq-mlp-affine`,
    :eq:`eq-mlp-hidden`, :eq:`eq-mlp-output`, the loss :eq:`eq-mlp-loss`,
    the backward pass of section "Backpropagation", and mini-batch SGD with
    heavy-ball momentum :eq:`eq-mlp-momentum`.

    Parameters
    ----------
    hidden_layer_sizes : tuple of int, default (16,)
        Units of each hidden layer; ``()`` gives logistic (softmax)
        regression.
    activation : {"tanh", "relu", "sigmoid", "logistic", "identity"}
        The hidden activation ``g``, default "tanh" (:data:`ACTIVATIONS`;
        "logistic", as scikit-learn calls it, is "sigmoid"). The output is
        a sigmoid (two classes) or a softmax.
    learning_rate : float or callable, default 0.1
        Step size of SGD: a positive number, or a function ``k -> eta_k`` of
        the number ``k = 1, 2, ...`` of the SGD step (such as
        ``InverseLinear(0.5)``).
    momentum : float in [0, 1), default 0.9
        Heavy-ball momentum :math:`\theta` :eq:`eq-mlp-momentum`; 0 gives
        plain SGD.
    max_iter : int, default 200
        Passes (epochs) over the training data. Training runs them all, as
        stochastic gradient descent has no test to stop on, unless
        ``early_stopping`` stops it sooner; ``converged_`` says whether the
        loss had settled. A loss that grew warns that training diverged.
    batch_size : int, default 32
        Samples per SGD step (capped at the number of training samples).
    alpha : float, default 0.0
        Strength :math:`\lambda` of the L2 penalty :math:`\frac{\lambda}{2} \sum_l \lVert W^{(l)} \rVert^2` on the
        weights (not the biases).
    shuffle : bool, default True
        Shuffle the samples before each pass.
    random_state : None, int, RandomState or Generator, default None
        Seeds the initialization, the shuffles and the validation split.
    early_stopping : bool, default False
        Hold out ``validation_fraction`` of the training data, record the
        validation loss (cross-entropy) and accuracy after each pass, stop
        once the loss has not fallen below its lowest value for
        ``n_iter_no_change`` passes, and keep the weights of the pass with
        the lowest validation loss (section "Overtraining, early stopping
        and the L2 penalty"). The names are scikit-learn's, but its
        ``MLPClassifier`` judges by the validation accuracy (``score``),
        not the loss, so the two can stop at different passes.
    validation_fraction : float in (0, 1), default 0.1
        Share of the training data held out by ``early_stopping``.
    n_iter_no_change : int, default 10
        Patience of ``early_stopping``, in passes, and the window of the
        convergence test.
    tol : float, default 1e-4
        The convergence test (scikit-learn's): the best training loss of the
        last ``n_iter_no_change`` passes is not ``tol`` below the best before.
        It only decides ``converged_``: unlike scikit-learn's, training runs
        all ``max_iter`` passes whatever it says; only ``early_stopping``
        stops it sooner.

    Attributes
    ----------
    coefs_ : list of ndarray
        The weight matrix :math:`W^{(l)}` of each layer, of shape
        :math:`(h_{l-1}, h_l)`.
    intercepts_ : list of ndarray
        The bias vector :math:`\mathbf b^{(l)}` of each layer.
    loss_curve_ : list of float
        The mean training loss of each pass (over its mini-batches).
    validation_scores_ : list of float or None
        Validation accuracy after each pass (with ``early_stopping``).
    validation_loss_curve_ : list of float or None
        Validation loss after each pass (with ``early_stopping``): the
        cross-entropy, without the penalty.
    best_iteration_ : int or None
        The pass (counted from 1) whose weights were kept: the one with
        the lowest validation loss.
    classes_ : ndarray of shape (n_classes,)
        The labels in sorted order.
    n_features_in_ : int
        Number of features seen during ``fit``.
    feature_names_in_ : ndarray of shape (n_features_in_,)
        The column names of a DataFrame given to ``fit``.
    n_iter_ : int
        Passes run.
    converged_ : bool
        True when ``early_stopping`` stopped training, or when the
        convergence test (see ``tol``) holds after the last pass.
    n_layers_ : int
        Number of layers, input and output included.
    n_outputs_ : int
        Output units: 1 for two classes, else the number of classes.
    """

    _parameter_constraints = {
        "hidden_layer_sizes": ["array-like", *PASSES],
        "activation": _ACTIVATION,
        "learning_rate": STEP,
        "momentum": [Interval(Real, 0, 1, closed="left")],
        "max_iter": PASSES,
        "batch_size": PASSES,
        "alpha": NON_NEGATIVE,
        "shuffle": ["boolean"],
        "random_state": RANDOM_STATE,
        "early_stopping": ["boolean"],
        "validation_fraction": [Interval(Real, 0, 1, closed="neither")],
        "n_iter_no_change": PASSES,
        "tol": POSITIVE,
    }

    def __init__(
        self,
        *,
        hidden_layer_sizes=(16,),
        activation="tanh",
        learning_rate=0.1,
        momentum=0.9,
        max_iter=200,
        batch_size=32,
        alpha=0.0,
        shuffle=True,
        random_state=None,
        early_stopping=False,
        validation_fraction=0.1,
        n_iter_no_change=10,
        tol=1e-4,
    ):
        self.hidden_layer_sizes = hidden_layer_sizes
        self.activation = activation
        self.learning_rate = learning_rate
        self.momentum = momentum
        self.max_iter = max_iter
        self.batch_size = batch_size
        self.alpha = alpha
        self.shuffle = shuffle
        self.random_state = random_state
        self.early_stopping = early_stopping
        self.validation_fraction = validation_fraction
        self.n_iter_no_change = n_iter_no_change
        self.tol = tol

    @staticmethod
    def _targets(y_index, K):
        if K == 2:
            return y_index.reshape(-1, 1).astype(float)
        return np.eye(K)[y_index]

    # -- training
    @fit_context
    def fit(self, X, y, coefs_init=None, intercepts_init=None):
        """Train on ``X`` (n_samples, n_features) and labels ``y`` (any two or more labels).

        ``coefs_init`` / ``intercepts_init`` give a starting point (lists of arrays shaped as
        ``coefs_`` / ``intercepts_``); otherwise :func:`init_parameters` draws them from
        ``random_state``. Returns ``self``.
        """
        X, y_index = fit_data(self, X, y, classes="multiclass")
        classes = self.classes_
        hidden = _layer_sizes(self.hidden_layer_sizes, "hidden_layer_sizes")
        n_outputs = 1 if len(classes) == 2 else len(classes)
        sizes = (X.shape[1], *hidden, n_outputs)
        rng = check_random_state(self.random_state)
        coefs, intercepts = init_parameters(sizes, self.activation, rng)
        if coefs_init is not None or intercepts_init is not None:
            coefs, intercepts = self._check_init(
                coefs_init, intercepts_init, coefs, intercepts
            )
        Y = self._targets(y_index, len(classes))

        if self.early_stopping:
            n_val = int(np.ceil(self.validation_fraction * X.shape[0]))
            if n_val < 1 or n_val >= X.shape[0]:
                raise ValueError(
                    f"early_stopping needs at least one training and one validation sample; "
                    f"got {X.shape[0]} samples and validation_fraction={self.validation_fraction}."
                )
            order = rng.permutation(X.shape[0])
            val, train = order[:n_val], order[n_val:]
            X_val, Y_val, y_val = X[val], Y[val], y_index[val]
            X, Y = X[train], Y[train]

        n = X.shape[0]
        batch = min(self.batch_size, n)
        eta = step_sizes(self.learning_rate)
        k = 0  # the number of the SGD step, for a learning_rate k -> eta_k
        # All weights and biases live in one vector, layer by layer (the
        # order of flatten_parameters); coefs and intercepts are views of
        # it. The momentum step below then takes three array operations
        # for the whole network instead of six per layer, with the same
        # elementwise arithmetic, so the same numbers.
        theta = flatten_parameters(coefs, intercepts)
        coefs, intercepts = unflatten_parameters(theta, coefs, intercepts)
        velocity = np.zeros_like(theta)
        self.loss_curve_ = []
        self.validation_scores_ = [] if self.early_stopping else None
        self.validation_loss_curve_ = [] if self.early_stopping else None
        self.best_iteration_ = None
        best, since_best, stopped = (np.inf, None), 0, False
        for epoch in range(1, self.max_iter + 1):
            order = rng.permutation(n) if self.shuffle else np.arange(n)
            X_pass, Y_pass = X[order], Y[order]  # batches are row slices
            total = 0.0
            with np.errstate(over="ignore", invalid="ignore"):
                # divergence is reported below
                for start in range(0, n, batch):
                    X_batch = X_pass[start : start + batch]
                    loss, dWs, dbs = loss_and_gradients(
                        coefs,
                        intercepts,
                        X_batch,
                        Y_pass[start : start + batch],
                        self.activation,
                        self.alpha,
                    )
                    if not math.isfinite(loss):
                        raise ValueError(
                            f"training diverged in pass {epoch} (the loss is "
                            f"not finite): {self._cause(X)}"
                        )
                    total += loss * X_batch.shape[0]
                    k += 1
                    # heavy-ball momentum, in place:
                    # v <- momentum * v - step * grad; theta <- theta + v
                    velocity *= self.momentum
                    grad = [g.ravel() for pair in zip(dWs, dbs) for g in pair]
                    velocity -= eta(k) * np.concatenate(grad)
                    theta += velocity
            self.loss_curve_.append(total / n)
            self.n_iter_ = epoch
            if self.early_stopping:
                Zs, As = forward(coefs, intercepts, X_val, self.activation)
                score = float(np.mean(self._predict_index(As[-1]) == y_val))
                self.validation_scores_.append(score)
                val_loss = cross_entropy_from_scores(Zs[-1], Y_val)
                self.validation_loss_curve_.append(val_loss)
                if val_loss < best[0]:  # judged by the loss, not accuracy
                    best = (val_loss, theta.copy())
                    self.best_iteration_ = epoch
                    since_best = 0
                else:
                    since_best += 1
                    if since_best >= self.n_iter_no_change:
                        stopped = True
                        break
        if self.early_stopping:
            theta = best[1]
        coefs, intercepts = unflatten_parameters(theta, coefs, intercepts)
        # independent arrays, not views of one vector
        coefs = [W.copy() for W in coefs]
        intercepts = [b.copy() for b in intercepts]
        self.classes_ = classes
        self.n_features_in_ = sizes[0]
        self.n_outputs_ = n_outputs
        self.n_layers_ = len(sizes)
        self.coefs_, self.intercepts_ = coefs, intercepts
        curve, m = self.loss_curve_, self.n_iter_no_change
        self.converged_ = stopped or (
            len(curve) > m and min(curve[-m:]) > min(curve[:-m]) - self.tol
        )
        if len(curve) > 1 and curve[-1] > curve[0]:
            self.converged_ = False
            warn_not_converged(
                f"MLPClassifier's training diverged: the loss grew from "
                f"{curve[0]:.3g} in the first pass to {curve[-1]:.3g} in the "
                f"last. {self._cause(X)}"
            )
        else:  # saturated units learn nothing: say so even if it settled
            warn_if_unscaled(self, X, "was trained on X as given")
        return self

    def _cause(self, X):
        """Why training diverged: X's scale if it is off, else the step."""
        return scale_diagnosis(X) or (
            "The step size is too large for these data: lower "
            f"learning_rate (now {self.learning_rate})."
        )

    def _check_init(self, coefs_init, intercepts_init, coefs, intercepts):
        if coefs_init is None or intercepts_init is None:
            raise ValueError(
                "give both coefs_init and intercepts_init, or neither."
            )
        if len(coefs_init) != len(coefs) or len(intercepts_init) != len(
            intercepts
        ):
            raise ValueError(
                f"coefs_init and intercepts_init must have one array per layer ({len(coefs)}); "
                f"got {len(coefs_init)} and {len(intercepts_init)}."
            )
        out_W, out_b = [], []
        for layer, (W0, b0, W, b) in enumerate(
            zip(coefs_init, intercepts_init, coefs, intercepts)
        ):
            W0, b0 = np.array(W0, dtype=float), np.array(b0, dtype=float)
            if W0.shape != W.shape or b0.shape != b.shape:
                raise ValueError(
                    f"layer {layer + 1}: coefs_init must have shape {W.shape} and intercepts_init "
                    f"shape {b.shape}; got {W0.shape} and {b0.shape}."
                )
            if not (np.all(np.isfinite(W0)) and np.all(np.isfinite(b0))):
                raise ValueError(
                    f"layer {layer + 1}: the initial weights must be finite numbers."
                )
            out_W.append(W0)
            out_b.append(b0)
        return out_W, out_b

    # -- prediction
    def _predict_index(self, P):
        if P.shape[1] == 1:
            return (P[:, 0] > 0.5).astype(int)
        return np.argmax(P, axis=1)

    def decision_function(self, X):
        """Output scores :math:`Z^{(L)}`: the logit of the positive class (1-D) for two classes,
        otherwise one column per class."""
        X = predict_data(self, X, "coefs_")
        Zs, _ = forward(self.coefs_, self.intercepts_, X, self.activation)
        Z = Zs[-1]
        return Z[:, 0] if Z.shape[1] == 1 else Z

    def predict_proba(self, X):
        """Class probabilities, one column per class in the order of ``classes_``."""
        X = predict_data(self, X, "coefs_")
        P = forward(self.coefs_, self.intercepts_, X, self.activation)[1][-1]
        if P.shape[1] == 1:
            return np.column_stack([1.0 - P[:, 0], P[:, 0]])
        return P

    def predict(self, X):
        """The most probable class of each sample (a label from ``classes_``)."""
        X = predict_data(self, X, "coefs_")
        P = forward(self.coefs_, self.intercepts_, X, self.activation)[1][-1]
        return self.classes_[self._predict_index(P)]
