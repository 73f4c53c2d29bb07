"""Gradient descent, step-size schedules, stochastic gradients and gradient checking.

Introduced in chapter 3, "Gradient descent".

Numerical gradient
------------------
``numerical_gradient(f, x, eps=1e-6)`` returns the central-difference estimate of the
gradient of a scalar function ``f`` at ``x`` (any array shape; the result has the shape of
``x``). Use it to check every hand-written gradient in the book::

    assert np.allclose(numerical_gradient(loss, w), my_gradient(w), atol=1e-6)

Step-size schedules
-------------------
Every schedule is a small callable object with one call signature::

    eta = schedule(k, x=None, gradient=None, objective=None)

where ``k = 1, 2, 3, ...`` is the number of the step about to be taken (one-based, so the
first step uses ``k = 1``), ``x`` the current point, ``gradient`` the gradient (or
stochastic gradient) at ``x`` and ``objective`` the function being minimized. The fixed
schedules ignore everything but ``k``; only :class:`Backtracking` needs ``x``,
``gradient`` and ``objective``.

=========================  ======================================  =====================
object                     step size                               needs
=========================  ======================================  =====================
``Constant(eta)``          ``eta``                                 ``k``
``InverseLinear(eta1)``    ``eta1 / k``                            ``k``
``InverseSqrt(eta1)``      ``eta1 / sqrt(k)``                      ``k``
``Backtracking(...)``      largest ``eta0 * shrink**j`` passing    ``k, x, gradient,
                           the sufficient-decrease (Armijo) test   objective``
=========================  ======================================  =====================

The fixed schedules also have ``schedule.values(n)``, the array of the first ``n`` step
sizes ``eta_1, ..., eta_n``. A plain function ``k -> eta`` (one argument) may be passed
wherever a schedule is expected; :func:`as_schedule` turns a number or such a function into
a schedule object.
"""

from __future__ import annotations

import math
from typing import Callable

import numpy as np

from ._validation import _as_float_array, check_positive, check_positive_int

__all__ = [
    "numerical_gradient",
    "Schedule",
    "Constant",
    "InverseLinear",
    "InverseSqrt",
    "Backtracking",
    "as_schedule",
]


# ---------------------------------------------------------------------------------------
# Numerical gradient (section "Checking a gradient")
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
        raise TypeError(f"{name} must return a number; got {value!r}.") from None


def numerical_gradient(f: Callable, x, eps: float = 1e-6) -> np.ndarray:
    """Central-difference estimate of the gradient of a scalar function ``f`` at ``x``.

    Each coordinate ``i`` is moved by ``h_i = eps * max(1, |x_i|)`` in both directions::

        g_i = (f(x + h_i e_i) - f(x - h_i e_i)) / (2 h_i)

    The error is of order ``h**2`` (plus rounding of order ``1e-16 / h``), so with the
    default ``eps`` an exact gradient and this estimate agree to about ``1e-8``.

    Parameters
    ----------
    f : callable
        ``f(x) -> float``, called with arrays of the same shape as ``x``.
    x : array_like of any shape (a Python number works too)
    eps : float, default 1e-6
        Relative step of the differences.

    Returns
    -------
    ndarray of the same shape as ``x`` (float).
    """
    if not callable(f):
        raise TypeError(f"f must be a function of x returning a number; got {type(f).__name__}.")
    x = _as_float_array(x, "x")
    if not np.all(np.isfinite(x)):
        raise ValueError("x must contain only finite numbers.")
    eps = check_positive(eps, "eps")
    if x.size == 0:
        raise ValueError("x must not be empty.")
    x = x.copy()
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
# Step-size schedules (section "Step sizes and schedules")
# ---------------------------------------------------------------------------------------


def _check_step_number(k) -> int:
    if isinstance(k, (bool, np.bool_)) or not isinstance(k, (int, np.integer)):
        raise TypeError(f"the step number k must be a whole number 1, 2, 3, ...; got {k!r}.")
    if k < 1:
        raise ValueError(f"the step number k starts at 1 (the first step); got {k}.")
    return int(k)


class Schedule:
    """Base class: ``schedule(k, x=None, gradient=None, objective=None) -> eta``."""

    adaptive = False  # True when the step depends on x, gradient and objective

    def __call__(self, k, x=None, gradient=None, objective=None) -> float:
        return self._eta(_check_step_number(k))

    def _eta(self, k: int) -> float:  # pragma: no cover - overridden
        raise NotImplementedError

    def values(self, n: int) -> np.ndarray:
        """The first ``n`` step sizes ``eta_1, ..., eta_n`` as an array."""
        n = check_positive_int(n, "n")
        return np.array([self._eta(k) for k in range(1, n + 1)])


class Constant(Schedule):
    """The constant step ``eta_k = eta``."""

    def __init__(self, eta: float):
        self.eta = check_positive(eta, "eta")

    def _eta(self, k: int) -> float:
        return self.eta

    def __repr__(self) -> str:
        return f"Constant(eta={self.eta:g})"


class InverseLinear(Schedule):
    """The decaying step ``eta_k = eta1 / k``: sum of steps diverges, sum of squares converges."""

    def __init__(self, eta1: float):
        self.eta1 = check_positive(eta1, "eta1")

    def _eta(self, k: int) -> float:
        return self.eta1 / k

    def __repr__(self) -> str:
        return f"InverseLinear(eta1={self.eta1:g})"


class InverseSqrt(Schedule):
    """The decaying step ``eta_k = eta1 / sqrt(k)`` of the stochastic-gradient bound."""

    def __init__(self, eta1: float):
        self.eta1 = check_positive(eta1, "eta1")

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
    """

    adaptive = True

    def __init__(self, eta0: float = 1.0, shrink: float = 0.5, c: float = 1e-4, max_shrinks: int = 60):
        self.eta0 = check_positive(eta0, "eta0")
        self.shrink = check_positive(shrink, "shrink")
        if self.shrink >= 1:
            raise ValueError(f"shrink must lie strictly between 0 and 1; got {shrink}.")
        self.c = check_positive(c, "c")
        if self.c >= 1:
            raise ValueError(f"c must lie strictly between 0 and 1; got {c}.")
        self.max_shrinks = check_positive_int(max_shrinks, "max_shrinks")

    def __call__(self, k, x=None, gradient=None, objective=None) -> float:
        _check_step_number(k)
        if x is None or gradient is None or objective is None:
            raise ValueError(
                "Backtracking needs the current point, its gradient and the objective: "
                "call it as schedule(k, x=x, gradient=g, objective=f)."
            )
        if not callable(objective):
            raise TypeError(f"objective must be a function; got {type(objective).__name__}.")
        x = np.asarray(x, dtype=float)
        gradient = np.asarray(gradient, dtype=float)
        if x.shape != gradient.shape:
            raise ValueError(f"x and gradient must have the same shape; got {x.shape} and {gradient.shape}.")
        f_x = _scalar_value(objective(x), "objective")
        squared_norm = float(np.sum(gradient * gradient))
        eta = self.eta0
        for _ in range(self.max_shrinks):
            with np.errstate(over="ignore", invalid="ignore"):
                f_trial = _scalar_value(objective(x - eta * gradient), "objective")
            if np.isfinite(f_trial) and f_trial <= f_x - self.c * eta * squared_norm:
                return eta
            eta *= self.shrink
        return eta

    def values(self, n: int) -> np.ndarray:
        raise TypeError("Backtracking chooses each step from the current point: it has no fixed list of values.")

    def __repr__(self) -> str:
        return f"Backtracking(eta0={self.eta0:g}, shrink={self.shrink:g}, c={self.c:g})"


class _FunctionSchedule(Schedule):
    def __init__(self, function: Callable):
        self.function = function

    def _eta(self, k: int) -> float:
        eta = self.function(k)
        try:
            eta = float(eta)
        except (TypeError, ValueError):
            raise TypeError(f"the schedule function must return a number; got {eta!r} for k={k}.") from None
        if not np.isfinite(eta) or eta <= 0:
            raise ValueError(f"the schedule function must return a positive step size; got {eta} for k={k}.")
        return eta

    def __repr__(self) -> str:
        return f"schedule({getattr(self.function, '__name__', 'function')})"


def as_schedule(schedule) -> Schedule:
    """Turn a positive number (constant step), a function ``k -> eta`` or a schedule into a schedule."""
    if isinstance(schedule, Schedule):
        return schedule
    if isinstance(schedule, (int, float, np.integer, np.floating)) and not isinstance(schedule, (bool, np.bool_)):
        return Constant(float(schedule))
    if callable(schedule):
        return _FunctionSchedule(schedule)
    raise TypeError(
        "a step-size schedule must be a positive number, a function k -> eta, or one of "
        f"Constant, InverseLinear, InverseSqrt, Backtracking; got {schedule!r}."
    )
