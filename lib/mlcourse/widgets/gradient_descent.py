"""An explorer for gradient descent on a 2-D quadratic (chapter 3, "Gradient descent").

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
    r"""The bowl :math:`J(\mathbf w) = \frac12 \mathbf w^\top A \mathbf w`, :math:`A = \mathrm{diag}(1, c)` with :math:`c` the ``curvature``, of chapter 3.

    Returns ``(f, grad)``; its smoothness constant is ``L = max(1, curvature)``.
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
    """Run ``max_iter`` steps of gradient descent on :func:`quadratic_2d` and draw the path.

    ``learning_rate`` is ``eta`` (constant), ``eta1`` (the decaying schedules) or the first
    trial step ``eta0`` (backtracking). Returns ``(result, ax)``.
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
    """Widgets for the step size, the schedule and the curvature redrawing :func:`draw_descent`.

    Needs a running kernel. The threshold of the constant step is ``2 / max(1, curvature)``.
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
