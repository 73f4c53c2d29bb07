"""An explorer for chapter "1. Linear regression": move a line, watch the squared residuals.

:func:`residual_squares_explorer` shows two sliders (intercept and slope). For the chosen
line it draws each residual as a vertical segment and its square as a shaded square, and
prints the sum of squared errors (SSE) next to the least-squares minimum. The same picture
is drawn by :func:`plot_residual_squares`, which the chapter uses for its static companion
on the website.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.patches import Rectangle

from ..linear_regression import least_squares_line
from ..plotting import PALETTE

__all__ = ["plot_residual_squares", "residual_squares_explorer"]


def plot_residual_squares(
    ax, x, y, intercept: float, slope: float, *, equal_aspect: bool = True
):
    """Draw the points, the line ``y = intercept + slope * x`` and each residual's square.

    Returns the sum of squared errors of the line. The squares are drawn on the side of the
    line away from the point's x, with side equal to the absolute residual, so that their
    total area is the SSE when the axes have equal scales.
    """
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    fitted = intercept + slope * x
    residuals = y - fitted
    for xi, yi, fi, ri in zip(x, y, fitted, residuals):
        side = abs(ri)
        ax.add_patch(
            Rectangle(
                (xi, min(yi, fi)),
                side,
                side,
                facecolor=PALETTE["orange"],
                alpha=0.35,
                edgecolor=PALETTE["orange"],
                linewidth=1,
            )
        )
        ax.plot([xi, xi], [fi, yi], color=PALETTE["vermillion"], linewidth=1.5)
    pad = 1.0
    grid = np.linspace(x.min() - pad, x.max() + pad, 2)
    ax.plot(
        grid,
        intercept + slope * grid,
        color=PALETTE["blue"],
        label=f"$\\hat y = {intercept:.2f} + {slope:.2f}\\,x$",
    )
    ax.scatter(x, y, color=PALETTE["black"], zorder=3, label="data")
    ax.set_xlabel("$x$")
    ax.set_ylabel("$y$")
    if equal_aspect:
        ax.set_aspect("equal", adjustable="datalim")
    error = float(residuals @ residuals)
    ax.set_title(f"SSE = {error:.3f}")
    return error


def residual_squares_explorer(x, y):
    """Sliders for intercept and slope; the plot shows the residual squares and the SSE.

    Needs a running Jupyter kernel with ipywidgets.
    """
    import ipywidgets as widgets

    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    best_intercept, best_slope = least_squares_line(x, y)
    best_sse = float(np.sum((y - best_intercept - best_slope * x) ** 2))
    intercept = widgets.FloatSlider(
        value=0.0, min=-4.0, max=6.0, step=0.05, description="intercept"
    )
    slope = widgets.FloatSlider(
        value=0.5, min=-1.0, max=3.0, step=0.01, description="slope"
    )
    output = widgets.Output()

    def redraw(_=None):
        with output:
            output.clear_output(wait=True)
            fig, ax = plt.subplots(figsize=(6, 5))
            error = plot_residual_squares(
                ax, x, y, intercept.value, slope.value
            )
            ax.set_title(
                f"SSE = {error:.3f}   (least squares: {best_sse:.3f})"
            )
            ax.legend(loc="upper left")
            plt.show()

    intercept.observe(redraw, names="value")
    slope.observe(redraw, names="value")
    redraw()
    return widgets.VBox([widgets.HBox([intercept, slope]), output])
