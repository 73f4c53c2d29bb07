"""Gradient descent, step-size schedules, stochastic gradients and gradient checking.

Introduced in :ref:`chapter 3 <chapter-gradient-descent>`. The point being
moved is ``x`` here, the chapter's :math:`w` (any array shape), and the
step at update ``k`` is ``eta_k``, the chapter's :math:`\\eta_k`.

.. rubric:: Gradient descent

``gradient_descent(grad, x0, learning_rate=0.1, tol=1e-6, max_iter=1000, objective=None,
stopping=None, patience=5)`` runs ``x_k = x_{k-1} - eta_k grad(x_{k-1})``
(``k = 1, 2, ...``) and returns a :class:`DescentResult` (``x``, ``path``,
``objective_path``, ``step_sizes``, ``n_iter``, ``converged``, ``reason``). ``sgd(grad_sample, x0, n_samples, ..., batch_size=1, random_state=None,
average=False)`` takes stochastic or mini-batch steps and returns an :class:`SGDResult`.

.. rubric:: Numerical gradient

``numerical_gradient(f, x, eps=1e-6)`` returns the central-difference estimate of the
gradient of a scalar function ``f`` at ``x`` (any array shape; the result has the shape of
``x``). Use it to check every hand-written gradient in the book, by the relative error, which
neither a large gradient fails nor a tiny wrong one passes; a right
gradient gives at most about ``1e-6``, a wrong one far more::

    estimate = numerical_gradient(loss, w)
    exact = my_gradient(w)
    scale = max(np.linalg.norm(estimate),
                np.linalg.norm(exact))
    error = np.linalg.norm(estimate - exact) / scale
    print(f"relative error {error:.1e}")

.. rubric:: Step-size schedules

Every schedule is a small callable object with one call signature::

    eta = schedule(k, x=None, gradient=None, objective=None)

where ``k = 1, 2, 3, ...`` is the number of the step about to be taken (one-based, so the
first step uses ``k = 1``), ``x`` the current point, ``gradient`` the gradient (or
stochastic gradient) at ``x`` and ``objective`` the function being minimized. The fixed
schedules ignore everything but ``k``; only :class:`Backtracking` needs ``x``,
``gradient`` and ``objective``.

.. table::
   :class: api-estimators

   =========================  ======================================  =====================
   object                     step size                               needs
   =========================  ======================================  =====================
   ``Constant(eta)``          ``eta``                                 ``k``
   ``InverseLinear(eta1)``    ``eta1 / k``                            ``k``
   ``InverseSqrt(eta1)``      ``eta1 / sqrt(k)``                      ``k``
   ``Backtracking(...)``      largest ``eta0 * shrink**j`` passing    all four
                              the sufficient-decrease (Armijo) test
   =========================  ======================================  =====================

The fixed schedules also have ``schedule.values(n)``, the array of the first ``n`` step
sizes ``eta_1, ..., eta_n``.

The step size of every function and estimator of the library is its ``learning_rate``, with
one contract: a number above zero (a constant step), or a function ``k -> eta_k`` of the
step number, such as a schedule above. Only :func:`gradient_descent` takes an adaptive
schedule (``Backtracking``), which it calls with the point, the gradient and the objective;
:func:`as_schedule` turns any ``learning_rate`` into a schedule object.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from numbers import Integral, Real

import numpy as np
from sklearn.utils import check_array
from sklearn.utils._param_validation import Interval, validate_params

from ._validation import (
    PASSES,
    POSITIVE,
    RANDOM_STATE,
    STEP,
    StrOptions,
    check_random_state,
    step_sizes,
)

_POINT = ["array-like", Real]
_BELOW_ONE = [Interval(Real, 0, 1, closed="neither")]

__all__ = [
    "numerical_gradient",
    "Schedule",
    "Constant",
    "InverseLinear",
    "InverseSqrt",
    "Backtracking",
    "as_schedule",
    "DescentResult",
    "gradient_descent",
    "SGDResult",
    "sgd",
]


# ---------------------------------------------------------------------------------------
# Numerical gradient (the gradient check of section "Gradient descent on the
# logistic loss"; chapter "Multi-layer perceptrons", "Checking the gradient")
# ---------------------------------------------------------------------------------------


def _scalar_value(value, name: str) -> float:
    array = np.asarray(value)
    if array.size != 1:
        raise ValueError(
            f"{name} must return a single number (a scalar); got an array of shape {array.shape}."
        )
    try:
        return float(array.reshape(()))
    except (TypeError, ValueError):
        raise TypeError(
            f"{name} must return a number; got {value!r}."
        ) from None


def _point(x, name):
    """``x`` as a finite float array of any shape (a number gives shape ())."""
    x = np.asarray(x, dtype=float)
    check_array(x.reshape(1, -1), input_name=name)  # NaN, infinity, empty
    return x.copy()


@validate_params(
    {"f": [callable], "x": _POINT, "eps": POSITIVE},
    prefer_skip_nested_validation=True,
)
def numerical_gradient(f: Callable, x, eps: float = 1e-6) -> np.ndarray:
    r"""Central-difference estimate of the gradient of a scalar function ``f`` at ``x``.

    Each coordinate :math:`i` is moved by
    :math:`h_i = \varepsilon \max(1, |x_i|)` (:math:`\varepsilon` is ``eps``)
    in both directions, :math:`\mathbf e_i` the :math:`i`-th unit vector:

    .. math::

        g_i = \frac{f(\mathbf x + h_i \mathbf e_i) - f(\mathbf x - h_i \mathbf e_i)}{2 h_i}.

    The error is of order :math:`h^2` (times the third derivative) plus rounding of
    order :math:`10^{-16} |f| / h`. With the default ``eps``, for a function whose
    values and derivatives are of order one, such as a mean logistic loss, an exact
    gradient and this estimate agree to about ``1e-10``; ``atol=1e-6`` in a check
    leaves a wide margin.

    Parameters
    ----------
    f : callable
        ``f(x) -> float``, called with arrays of the same shape as ``x``.
    x : array_like
        The point, of any shape (a Python number works too).
    eps : float, default 1e-6
        Relative step of the differences.

    Returns
    -------
    gradient : ndarray of float
        The estimate of the gradient, of the same shape as ``x``.
    """
    x = _point(x, "x")
    flat = x.reshape(-1)  # a view: changing flat changes x
    gradient = np.empty(x.size)
    for i in range(x.size):
        original = flat[i]
        h = eps * max(1.0, abs(original))
        flat[i] = original + h
        f_plus = _scalar_value(f(x.copy()), "f")
        flat[i] = original - h
        f_minus = _scalar_value(f(x.copy()), "f")
        flat[i] = original
        gradient[i] = (f_plus - f_minus) / (2.0 * h)
    return gradient.reshape(x.shape)


# ---------------------------------------------------------------------------------------
# Step-size schedules (section "Choosing the step size")
# ---------------------------------------------------------------------------------------


def _step_number(k):
    if isinstance(k, bool) or not isinstance(k, Integral) or k < 1:
        raise ValueError(
            f"the step number k is a whole number 1, 2, 3, ...; got {k!r}."
        )
    return int(k)


class Schedule:
    """Base class: ``schedule(k, x=None, gradient=None, objective=None) -> eta``.

    ``k = 1, 2, ...`` is the number of the step; the fixed schedules use it
    alone.
    """

    adaptive = False  # True when the step depends on x, gradient and objective

    def __call__(self, k, x=None, gradient=None, objective=None) -> float:
        return self._eta(_step_number(k))

    def _eta(self, k: int) -> float:  # pragma: no cover - overridden
        raise NotImplementedError

    @validate_params({"n": PASSES}, prefer_skip_nested_validation=True)
    def values(self, n: int) -> np.ndarray:
        """The first ``n`` step sizes ``eta_1, ..., eta_n`` as an array."""
        return np.array([self._eta(k) for k in range(1, n + 1)])


class Constant(Schedule):
    """The constant step ``eta_k = eta``.

    Parameters
    ----------
    eta : float
        The step, positive.
    """

    @validate_params({"eta": POSITIVE}, prefer_skip_nested_validation=True)
    def __init__(self, eta: float):
        self.eta = float(eta)

    def _eta(self, k: int) -> float:
        return self.eta

    def __repr__(self) -> str:
        return f"Constant(eta={self.eta:g})"


class InverseLinear(Schedule):
    r"""The decaying step :math:`\eta_k = \eta_1 / k`: the steps sum to infinity, their squares do not.

    Parameters
    ----------
    eta1 : float
        The first step, positive.
    """

    @validate_params({"eta1": POSITIVE}, prefer_skip_nested_validation=True)
    def __init__(self, eta1: float):
        self.eta1 = float(eta1)

    def _eta(self, k: int) -> float:
        return self.eta1 / k

    def __repr__(self) -> str:
        return f"InverseLinear(eta1={self.eta1:g})"


class InverseSqrt(Schedule):
    r"""The decaying step :math:`\eta_k = \eta_1 / \sqrt k` of the stochastic-gradient bound.

    Parameters
    ----------
    eta1 : float
        The first step, positive.
    """

    @validate_params({"eta1": POSITIVE}, prefer_skip_nested_validation=True)
    def __init__(self, eta1: float):
        self.eta1 = float(eta1)

    def _eta(self, k: int) -> float:
        return self.eta1 / math.sqrt(k)

    def __repr__(self) -> str:
        return f"InverseSqrt(eta1={self.eta1:g})"


class Backtracking(Schedule):
    """Backtracking line search with the sufficient-decrease (Armijo) test.

    Starting from ``eta0``, the trial step is multiplied by ``shrink`` until::

        objective(x - eta * gradient) <= objective(x) - c * eta * ||gradient||**2

    and the first ``eta`` that passes is returned. After ``max_shrinks`` failures the
    smallest trial step is returned. Calling it needs ``x``, ``gradient`` and ``objective``.
    With ``c=0.5`` and ``shrink=0.5`` it is chapter 3's
    :prf:ref:`alg-gd-backtracking`, with the test :eq:`eq-gd-armijo`.

    Parameters
    ----------
    eta0 : float, default 1.0
        The first trial step.
    shrink : float, default 0.5
        Factor in (0, 1) applied to a step that fails the test.
    c : float, default 1e-4
        The test's fraction in (0, 1) of the decrease a linear model promises.
    max_shrinks : int, default 60
        Failures allowed before giving up.
    """

    adaptive = True

    @validate_params(
        {
            "eta0": POSITIVE,
            "shrink": _BELOW_ONE,
            "c": _BELOW_ONE,
            "max_shrinks": PASSES,
        },
        prefer_skip_nested_validation=True,
    )
    def __init__(
        self,
        eta0: float = 1.0,
        shrink: float = 0.5,
        c: float = 1e-4,
        max_shrinks: int = 60,
    ):
        self.eta0, self.shrink, self.c = float(eta0), float(shrink), float(c)
        self.max_shrinks = int(max_shrinks)

    def __call__(self, k, x=None, gradient=None, objective=None) -> float:
        if x is None or gradient is None or not callable(objective):
            raise ValueError(
                "Backtracking needs the current point, its gradient and the objective: "
                "call it as schedule(k, x=x, gradient=g, objective=f)."
            )
        _step_number(k)
        x = np.asarray(x, dtype=float)
        gradient = np.asarray(gradient, dtype=float)
        if x.shape != gradient.shape:
            raise ValueError(
                f"x and gradient must have the same shape; got {x.shape} and {gradient.shape}."
            )
        f_x = _scalar_value(objective(x), "objective")
        squared_norm = float(np.sum(gradient * gradient))
        eta = self.eta0
        for _ in range(self.max_shrinks):
            with np.errstate(over="ignore", invalid="ignore"):
                f_trial = _scalar_value(
                    objective(x - eta * gradient), "objective"
                )
            if (
                np.isfinite(f_trial)
                and f_trial <= f_x - self.c * eta * squared_norm
            ):
                return eta
            eta *= self.shrink
        return eta

    def values(self, n: int) -> np.ndarray:
        """Raise ``TypeError``: a line search has no list of steps.

        Each step depends on the point and the gradient it is taken
        from; call the schedule with ``x``, ``gradient`` and
        ``objective`` instead.
        """
        raise TypeError(
            "Backtracking chooses each step from the current point: it has no fixed list of values."
        )

    def __repr__(self) -> str:
        return f"Backtracking(eta0={self.eta0:g}, shrink={self.shrink:g}, c={self.c:g})"


class _FunctionSchedule(Schedule):
    """A function ``k -> eta_k``, each step checked (the library's contract)."""

    def __init__(self, function: Callable):
        self.function, self._eta = function, step_sizes(function)

    def __repr__(self) -> str:
        return f"schedule({getattr(self.function, '__name__', 'function')})"


@validate_params({"learning_rate": STEP}, prefer_skip_nested_validation=True)
def as_schedule(learning_rate) -> Schedule:
    """The schedule of a ``learning_rate``: a number (a constant step), a function ``k -> eta`` or a schedule.

    Parameters
    ----------
    learning_rate : float, callable or Schedule
        A positive step, a function ``k -> eta_k``, or a schedule
        (returned as is).
    """
    if isinstance(learning_rate, Schedule):
        return learning_rate
    if callable(learning_rate):
        return _FunctionSchedule(learning_rate)
    return Constant(learning_rate)


# ---------------------------------------------------------------------------------------
# Gradient descent (section "The algorithm", algorithm alg-gd-template)
# ---------------------------------------------------------------------------------------


@dataclass
class DescentResult:
    """What :func:`gradient_descent` returns.

    Attributes
    ----------
    x : ndarray
        The last iterate (the answer when ``converged``).
    path : ndarray, shape (n_iter + 1,) + x.shape
        Every iterate, from the starting point ``x0`` to ``x``.
    objective_path : ndarray of shape (n_iter + 1,), or None
        The objective at every iterate (None when no objective was given).
    step_sizes : ndarray of shape (n_iter,)
        The step size ``eta_k`` used in step ``k = 1, ..., n_iter``.
    n_iter : int
        Number of steps taken.
    converged : bool
        True when a stopping rule fired; False after ``max_iter`` steps or on divergence.
    reason : str
        Why it stopped, in words.
    """

    x: np.ndarray
    path: np.ndarray
    objective_path: np.ndarray | None
    step_sizes: np.ndarray
    n_iter: int
    converged: bool
    reason: str

    @property
    def diverged(self) -> bool:
        """True when the run was stopped because it diverged."""
        return self.reason.startswith("diverged")


def _call_gradient(grad: Callable, x: np.ndarray, *args) -> np.ndarray:
    g = grad(x.copy(), *args)
    try:
        g = np.asarray(g, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(
            f"the gradient function must return an array of numbers; got {g!r}."
        ) from None
    if g.shape != x.shape:
        raise ValueError(
            f"the gradient must have the shape of x, {x.shape}; the gradient function returned shape {g.shape}."
        )
    return g


def _call_objective(objective: Callable, x: np.ndarray) -> float:
    return _scalar_value(objective(x.copy()), "objective")


@validate_params(
    {
        "grad": [callable],
        "x0": _POINT,
        "learning_rate": STEP,
        "tol": POSITIVE,
        "max_iter": PASSES,
        "objective": [callable, None],
        "stopping": [
            StrOptions({"step", "objective", "both", "gradient"}),
            None,
        ],
        "patience": PASSES,
    },
    prefer_skip_nested_validation=True,
)
def gradient_descent(
    grad: Callable,
    x0,
    learning_rate=0.1,
    tol: float = 1e-6,
    max_iter: int = 1000,
    objective: Callable | None = None,
    stopping: str | None = None,
    patience: int = 5,
) -> DescentResult:
    """Minimize a function by gradient descent: ``x_k = x_{k-1} - eta_k * grad(x_{k-1})``.

    The template of the chapter's algorithm box :prf:ref:`alg-gd-template`,
    with the update :eq:`eq-gd-update`: fix a step size and a threshold
    ``tol``, start at ``x0`` and repeat the update until a stopping rule
    fires.

    Parameters
    ----------
    grad : callable
        ``grad(x) -> array`` of the same shape as ``x``.
    x0 : array_like
        The starting point (any shape).
    learning_rate : float, callable or schedule, default 0.1
        The step size: a positive number (a constant step) or a function
        ``k -> eta_k`` such as ``InverseLinear(1.0)``, the contract of every
        ``learning_rate`` of the library; or ``Backtracking(...)``, which
        needs ``objective``.
    tol : float, default 1e-6
        The threshold of the stopping rules.
    max_iter : int, default 1000
        The largest number of steps.
    objective : callable, optional
        ``objective(x) -> float``, the function being minimized. When given, its values
        are recorded, its change can stop the run, and a growing objective stops it.
    stopping : {"step", "objective", "both", "gradient"}, optional
        ``"step"``: stop when the step length ``||eta_k grad(x_{k-1})||`` falls below ``tol``.
        ``"objective"``: stop when ``|f(x_k) - f(x_{k-1})|`` falls below ``tol``.
        ``"both"``: stop only when both are below ``tol`` (the lectures' rule).
        ``"gradient"``: stop at the first iterate, ``x0`` included, where the
        gradient norm ``||grad(x_k)||`` falls below ``tol`` (the chapter's
        gradient test, blind to the step size); needs no objective.
        Default: ``"both"`` when an objective is given, ``"step"`` otherwise.
    patience : int, default 5
        Divergence rule: with an objective, stop when it has increased in ``patience``
        consecutive steps and is above its starting value.

    Returns
    -------
    DescentResult
        ``x``, ``path``, ``objective_path``, ``step_sizes``, ``n_iter``, ``converged``,
        ``reason`` (and ``diverged``). A run that overflows or whose objective keeps growing
        stops with ``converged=False`` and a reason starting with "diverged"; the path
        holds only finite values.
    """
    x = _point(x0, "x0")
    schedule = as_schedule(learning_rate)
    if schedule.adaptive and objective is None:
        raise ValueError(
            f"{schedule!r} chooses its steps from the objective: pass objective=f."
        )
    if stopping is None:
        stopping = "both" if objective is not None else "step"
    if stopping in ("objective", "both") and objective is None:
        raise ValueError(
            f"stopping={stopping!r} compares objective values: pass objective=f."
        )

    path = [x.copy()]
    f_values = []
    if objective is not None:
        f_x = _call_objective(objective, x)
        if not np.isfinite(f_x):
            raise ValueError(
                f"the objective at x0 must be a finite number; got {f_x}."
            )
        f_values.append(f_x)
    steps = []
    rises = 0
    converged, reason = (
        False,
        f"reached max_iter = {max_iter} steps without meeting the stopping rule",
    )
    with np.errstate(over="ignore", invalid="ignore"):
        # the gradient test also looks at the last iterate: one more pass
        for k in range(1, max_iter + 2):
            if k > max_iter and stopping != "gradient":
                break
            g = _call_gradient(grad, x)
            if not np.all(np.isfinite(g)):
                reason = f"diverged: the gradient overflowed at step {k}"
                break
            if stopping == "gradient":
                if np.sqrt(np.sum(g * g)) < tol:
                    converged, reason = (
                        True,
                        f"gradient norm below tol = {tol:g} after {k - 1} steps",
                    )
                    break
                if k > max_iter:
                    break
            eta = schedule(k, x=x, gradient=g, objective=objective)
            step = eta * g
            x_new = x - step
            step_length = float(np.sqrt(np.sum(step * step)))
            if not (np.all(np.isfinite(x_new)) and np.isfinite(step_length)):
                reason = f"diverged: the iterate overflowed at step {k}"
                break
            if objective is not None:
                f_new = _call_objective(objective, x_new)
                if not np.isfinite(f_new):
                    reason = f"diverged: the objective overflowed at step {k}"
                    break
            x = x_new
            path.append(x.copy())
            steps.append(eta)
            step_small = step_length < tol
            if objective is None:
                if stopping == "step" and step_small:
                    converged, reason = (
                        True,
                        f"step length below tol = {tol:g} after {k} steps",
                    )
                    break
                continue
            change = abs(f_new - f_values[-1])
            rises = rises + 1 if f_new > f_values[-1] else 0
            f_values.append(f_new)
            objective_small = change < tol
            if stopping == "step" and step_small:
                converged, reason = (
                    True,
                    f"step length below tol = {tol:g} after {k} steps",
                )
                break
            if stopping == "objective" and objective_small:
                converged, reason = (
                    True,
                    f"change in objective below tol = {tol:g} after {k} steps",
                )
                break
            if stopping == "both" and step_small and objective_small:
                converged, reason = (
                    True,
                    f"step length and change in objective below tol = {tol:g} after {k} steps",
                )
                break
            if rises >= patience and f_new > f_values[0]:
                reason = f"diverged: the objective grew in {patience} consecutive steps (step {k})"
                break
    return DescentResult(
        x=x,
        path=np.array(path),
        objective_path=np.array(f_values) if objective is not None else None,
        step_sizes=np.array(steps, dtype=float),
        n_iter=len(steps),
        converged=converged,
        reason=reason,
    )


# ---------------------------------------------------------------------------------------
# Stochastic and mini-batch gradient descent (section "Batch, stochastic and
# mini-batch gradients")
# ---------------------------------------------------------------------------------------


@dataclass
class SGDResult:
    r"""What :func:`sgd` returns.

    Attributes
    ----------
    x : ndarray
        The answer: the weighted average ``x_average`` when ``average=True``, else ``x_last``.
    x_last : ndarray
        The last iterate.
    x_average : ndarray or None
        :math:`\sum_t \eta_t \mathbf x_t / \sum_t \eta_t` over the points
        :math:`\mathbf x_1, \dots, \mathbf x_T` (:math:`\mathbf x_1` is ``x0``) at which
        the stochastic gradients were taken :eq:`eq-gd-average`; None unless
        ``average``.
    path : ndarray, shape (n_steps + 1,) + x.shape
        Every iterate :math:`\mathbf x_1, \dots, \mathbf x_{T+1}`, from ``x0``.
    average_path : ndarray, shape (n_steps,) + x.shape, or None
        The weighted average after each step ``t = 1, ..., T`` (when ``average``).
    objective_path : ndarray of shape (n_passes + 1,), or None
        The objective at ``x0`` and after every pass over the data (when ``objective`` given).
    step_sizes : ndarray of shape (n_steps,)
        The step size ``eta_t`` used in step ``t = 1, ..., n_steps``.
    n_steps : int
        Number of stochastic steps taken.
    n_iter : int
        Number of passes over the data completed.
    steps_per_pass : int
        Steps in one pass: ``ceil(n_samples / batch_size)``.
    converged : bool
        False: SGD runs its passes; True only if ``tol`` is given and the change of the
        objective over a pass fell below it.
    reason : str
        Why it stopped, in words.
    """

    x: np.ndarray
    x_last: np.ndarray
    x_average: np.ndarray | None
    path: np.ndarray
    average_path: np.ndarray | None
    objective_path: np.ndarray | None
    step_sizes: np.ndarray
    n_steps: int
    n_iter: int
    steps_per_pass: int
    converged: bool
    reason: str

    @property
    def diverged(self) -> bool:
        return self.reason.startswith("diverged")


@validate_params(
    {
        "grad_sample": [callable],
        "x0": _POINT,
        "n_samples": PASSES,
        "learning_rate": STEP,
        "batch_size": PASSES,
        "max_iter": PASSES,
        "shuffle": ["boolean"],
        "replace": ["boolean"],
        "random_state": RANDOM_STATE,
        "average": ["boolean"],
        "objective": [callable, None],
        "tol": [*POSITIVE, None],
        "max_steps": [*PASSES, None],
    },
    prefer_skip_nested_validation=True,
)
def sgd(
    grad_sample: Callable,
    x0,
    n_samples: int,
    learning_rate=0.1,
    batch_size: int = 1,
    max_iter: int = 10,
    shuffle: bool = True,
    replace: bool = False,
    random_state=None,
    average: bool = False,
    objective: Callable | None = None,
    tol: float | None = None,
    max_steps: int | None = None,
) -> SGDResult:
    r"""Stochastic (``batch_size=1``), mini-batch and full-batch gradient descent.

    Each step draws a batch :math:`B` of sample indices and moves
    :math:`\mathbf x_{t+1} = \mathbf x_t - \eta_t \mathbf g(\mathbf x_t, B)`
    :eq:`eq-gd-sgd`, with :math:`\mathbf g` the function ``grad_sample``, where
    ``grad_sample(x, indices)`` must return the *mean* gradient of the per-sample losses over
    ``indices`` (an integer array), so that it is an unbiased estimate of the full gradient.

    Parameters
    ----------
    grad_sample : callable
        ``grad_sample(x, indices) -> array`` of the shape of ``x``.
    x0 : array_like
        The starting point :math:`\mathbf x_1`.
    n_samples : int
        The number of samples ``n``; indices run over ``0, ..., n - 1``.
    learning_rate : float, callable or schedule, default 0.1
        As in :func:`gradient_descent`; the step number ``t`` counts stochastic steps,
        not passes. Backtracking is refused: it would need the full objective at every step.
    batch_size : int, default 1
        Samples per step; ``batch_size = n_samples`` with ``shuffle=False`` is exactly
        full-batch gradient descent.
    max_iter : int, default 10
        Passes over the data (epochs). A pass is ``ceil(n / batch_size)`` steps.
    shuffle : bool, default True
        Visit the samples in a fresh random order each pass (else in order 0, 1, ...).
    replace : bool, default False
        Draw each batch independently, uniformly with replacement (the setting of the
        convergence theorem) instead of running through a permutation.
    random_state : None, int or numpy Generator
    average : bool, default False
        Also keep the step-size-weighted average of the iterates and return it as ``x``.
    objective : callable, optional
        ``objective(x) -> float``, recorded at ``x0`` and after every pass.
    tol : float, optional
        Stop after a pass that changed the objective by less than ``tol`` (needs objective).
    max_steps : int, optional
        Stop after this many stochastic steps, even in the middle of a pass (the objective
        is recorded after complete passes only).
    """
    x = _point(x0, "x0")
    if batch_size > n_samples:
        raise ValueError(
            f"batch_size must be at most n_samples = {n_samples}; got {batch_size}."
        )
    step_size = as_schedule(learning_rate)
    if step_size.adaptive:
        raise ValueError(
            "sgd takes a fixed schedule (Constant, InverseLinear, InverseSqrt or a function k -> eta), not a line search."
        )
    if tol is not None and objective is None:
        raise ValueError(
            "tol compares objective values after each pass: pass objective=f."
        )
    rng = check_random_state(random_state)
    steps_per_pass = -(-n_samples // batch_size)
    path = [x.copy()]
    averages = []
    weighted_sum = np.zeros_like(x)
    eta_sum = 0.0
    sizes = []
    f_values = (
        [_call_objective(objective, x)] if objective is not None else None
    )
    converged, reason = (
        False,
        f"ran max_iter = {max_iter} passes over the data",
    )
    t = 0
    n_passes = 0
    diverged = False
    with np.errstate(over="ignore", invalid="ignore"):
        for _epoch in range(max_iter):
            if replace:
                batches = rng.integers(
                    0, n_samples, size=(steps_per_pass, batch_size)
                )
            else:
                order = (
                    rng.permutation(n_samples)
                    if shuffle
                    else np.arange(n_samples)
                )
                batches = [
                    order[start : start + batch_size]
                    for start in range(0, n_samples, batch_size)
                ]
            for batch in batches:
                if t == max_steps:
                    break
                t += 1
                eta = step_size(t)
                g = _call_gradient(grad_sample, x, batch.copy())
                x_new = x - eta * g
                # x is finite, so x_new is finite exactly when g is and
                # nothing overflowed: one check covers both
                if not np.isfinite(x_new).all():
                    reason = f"diverged: the iterate overflowed at step {t}"
                    diverged = True
                    t -= 1
                    break
                if average:
                    eta_sum += eta
                    weighted_sum += eta * x
                    averages.append(weighted_sum / eta_sum)
                sizes.append(eta)
                x = x_new  # a new array: the path may keep it uncopied
                path.append(x)
            if diverged:
                break
            if t == max_steps and t < (n_passes + 1) * steps_per_pass:
                reason = f"ran max_steps = {max_steps} steps"
                break
            n_passes += 1
            if objective is not None:
                f_values.append(_call_objective(objective, x))
                if tol is not None and abs(f_values[-1] - f_values[-2]) < tol:
                    converged, reason = (
                        True,
                        f"change in objective over a pass below tol = {tol:g} after {n_passes} passes",
                    )
                    break
            if t == max_steps:
                reason = f"ran max_steps = {max_steps} steps"
                break
    x_average = (
        averages[-1].copy()
        if (average and averages)
        else (x.copy() if average else None)
    )
    return SGDResult(
        x=x_average if average else x,
        x_last=x,
        x_average=x_average,
        path=np.array(path),
        average_path=np.array(averages).reshape((len(averages),) + x.shape)
        if average
        else None,
        objective_path=np.array(f_values) if objective is not None else None,
        step_sizes=np.array(sizes, dtype=float),
        n_steps=len(sizes),
        n_iter=n_passes,
        steps_per_pass=steps_per_pass,
        converged=converged,
        reason=reason,
    )
