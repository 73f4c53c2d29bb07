"""Gradient descent on a 2-D quadratic (:ref:`chapter 3 <chapter-gradient-descent>`).

Choose the step size, the schedule and the curvature of the steep direction; the explorer
draws the quadratic's contours with the path gradient descent takes, and the objective per
step. :func:`draw_descent` works without ipywidgets, so the chapter's static companion,
the figure of the step-size regimes, uses it too.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from ..gradient_descent import (
    Backtracking,
    Constant,
    InverseLinear,
    InverseSqrt,
    gradient_descent,
)
from ..plotting import PALETTE

__all__ = ["SCHEDULES", "quadratic_2d", "draw_descent", "descent_explorer"]

#: The step-size schedules the explorer offers, those of
#: :mod:`mlcourse.gradient_descent`: ``Constant``, ``InverseLinear``,
#: ``InverseSqrt`` and ``Backtracking``.
SCHEDULES = ("constant", "inverse-linear", "inverse-sqrt", "backtracking")


def quadratic_2d(curvature=10.0):
    r"""The bowl of :ref:`chapter 3 <chapter-gradient-descent>`'s explorer.

    :math:`J(\mathbf w) = \tfrac12 \mathbf w^\top A \mathbf w` with
    :math:`A = \mathrm{diag}(1, c)`, :math:`c` the ``curvature``; its
    smoothness constant is :math:`L = \max(1, c)`.

    Parameters
    ----------
    curvature : float, default=10.0
        The curvature :math:`c` of the steep direction.

    Returns
    -------
    (f, grad) : pair of callables
        :math:`J` and its gradient :math:`A \mathbf w`.
    """
    scales = np.array([1.0, float(curvature)])
    return (lambda x: 0.5 * float(np.sum(scales * x * x))), (
        lambda x: scales * x
    )


def _schedule(name, eta):
    if name == "constant":
        return Constant(eta)
    if name == "inverse-linear":
        return InverseLinear(eta)
    if name == "inverse-sqrt":
        return InverseSqrt(eta)
    if name == "backtracking":
        return Backtracking(eta0=eta, c=0.5)  # the chapter's box: half
    raise ValueError(f"schedule must be one of {SCHEDULES}; got {name!r}.")


def draw_descent(
    learning_rate=0.1,
    schedule="constant",
    curvature=10.0,
    x0=(-4.0, 1.5),
    max_iter=40,
    ax=None,
    show_title=True,
):
    r"""Run gradient descent on :func:`quadratic_2d` and draw its path.

    Draws the bowl's contours and the iterates :math:`\mathbf w_k`.
    :ref:`Chapter 3 <chapter-gradient-descent>` draws its figure of the
    step-size regimes with it.

    Parameters
    ----------
    learning_rate : float, default=0.1
        :math:`\eta` (constant), :math:`\eta_1` (the decaying schedules) or
        the first trial step :math:`\eta_0` (backtracking).
    schedule : str, default="constant"
        The step-size schedule, one of :data:`SCHEDULES`: "constant",
        "inverse-linear", "inverse-sqrt" or "backtracking".
    curvature : float, default=10.0
        The curvature of the steep direction.
    x0 : pair of float, default=(-4.0, 1.5)
        The starting point.
    max_iter : int, default=40
        The most steps; the run stops sooner when both its step and the
        objective's change fall below ``1e-10``, or when it diverges.
    ax : matplotlib.axes.Axes, optional
        Where to draw; by default a new figure.
    show_title : bool, default=True
        Title the axes with the schedule, the step size and the last
        objective value (or "diverged").

    Returns
    -------
    (result, ax)
        The run's :class:`~mlcourse.gradient_descent.DescentResult` and
        the axes.

    Examples
    --------
    .. code-block:: python

       from mlcourse.widgets.gradient_descent import (
           draw_descent,
       )

       result, ax = draw_descent(
           learning_rate=0.19, curvature=10.0
       )
    """
    f, grad = quadratic_2d(curvature)
    result = gradient_descent(
        grad,
        np.asarray(x0, dtype=float),
        learning_rate=_schedule(schedule, learning_rate),
        objective=f,
        tol=1e-10,
        max_iter=int(max_iter),
    )
    if ax is None:
        _, ax = plt.subplots(figsize=(5, 4))
    grid = np.linspace(-5, 5, 201)
    U, V = np.meshgrid(grid, np.linspace(-3, 3, 121))
    Z = 0.5 * (U**2 + curvature * V**2)
    ax.contour(
        U,
        V,
        Z,
        levels=np.geomspace(0.05, 60, 12),
        colors="0.6",
        linewidths=0.8,
    )
    path = result.path
    ax.plot(
        path[:, 0],
        path[:, 1],
        "-o",
        color=PALETTE["vermillion"],
        markersize=3,
        linewidth=1.2,
    )
    ax.plot(
        [0],
        [0],
        marker="*",
        color=PALETTE["blue"],
        markersize=12,
        linestyle="none",
    )
    ax.set_xlim(-5, 5)
    ax.set_ylim(-3, 3)
    ax.set_aspect("equal")  # level sets and steps at their true angles
    ax.set_xlabel("first coordinate of $w$")
    ax.set_ylabel("second coordinate")
    if show_title:
        status = (
            "diverged"
            if result.diverged
            else f"J = {result.objective_path[-1]:.2g}"
        )
        ax.set_title(
            f"{schedule}, $\\eta$ = {learning_rate:g}: {status}", fontsize=10
        )
    return result, ax


def descent_explorer(learning_rate=0.1, schedule="constant", curvature=10.0):
    r"""Controls for the step size, the schedule, the curvature and the steps.

    Redraws :func:`draw_descent` (left) and the objective per step on a log
    scale (right), titled with the constant step's threshold
    :math:`2 / L = 2 / \max(1, c)`, so that the reader sees the path
    zigzag, then diverge, as the step crosses it. Used in
    :ref:`chapter 3 <chapter-gradient-descent>`. Needs a running Jupyter
    kernel with ipywidgets.

    Parameters
    ----------
    learning_rate : float, default=0.1
        The starting step size (the slider covers 0.001 to about 3.2, on a
        log scale).
    schedule : str, default="constant"
        The starting schedule, one of :data:`SCHEDULES`.
    curvature : float, default=10.0
        The starting curvature (1 to 30).

    Returns
    -------
    ipywidgets.interactive
        The controls and the figure; display it as a cell's last value.

    Examples
    --------
    .. code-block:: python

       from mlcourse.widgets.gradient_descent import (
           descent_explorer,
       )

       descent_explorer(
           learning_rate=0.1, curvature=10.0
       )
    """
    import ipywidgets as widgets

    def update(learning_rate, schedule, curvature, steps):
        fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
        result, _ = draw_descent(
            learning_rate, schedule, curvature, max_iter=steps, ax=left
        )
        right.semilogy(
            np.arange(result.objective_path.size),
            np.maximum(result.objective_path, 1e-16),
        )
        right.set_xlabel("step $k$")
        right.set_ylabel("objective $J(w_k)$")
        right.set_title(
            f"threshold 2/L = {2 / max(1.0, curvature):.3g}; {result.reason}",
            fontsize=9,
        )
        plt.show()

    return widgets.interactive(
        update,
        learning_rate=widgets.FloatLogSlider(
            value=learning_rate,
            base=10,
            min=-3,
            max=0.5,
            step=0.05,
            description="step size",
            continuous_update=False,
        ),
        schedule=widgets.Dropdown(
            options=list(SCHEDULES), value=schedule, description="schedule"
        ),
        curvature=widgets.FloatSlider(
            value=curvature,
            min=1,
            max=30,
            step=1,
            description="curvature",
            continuous_update=False,
        ),
        steps=widgets.IntSlider(
            value=40,
            min=5,
            max=200,
            step=5,
            description="steps",
            continuous_update=False,
        ),
    )
