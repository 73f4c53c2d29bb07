"""Move a line, watch the squared residuals (:ref:`chapter 1 <chapter-linear-regression>`).

:func:`residual_squares_explorer` shows two sliders (intercept and slope). For the chosen
line it draws each residual as a vertical segment and its square as a shaded square, and
prints the sum of squared errors (SSE) next to the least-squares minimum. The same picture
is drawn by :func:`plot_residual_squares`, which the chapter uses for its static companion
on the website.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.colors import to_rgba
from matplotlib.patches import Rectangle

from ..linear_regression import least_squares_line
from ..plotting import PALETTE

__all__ = ["plot_residual_squares", "residual_squares_explorer"]


def plot_residual_squares(
    ax, x, y, intercept: float, slope: float, *, equal_aspect: bool = True
):
    r"""Draw the points, the line and each residual's square; return the SSE.

    The line is :math:`\hat y = \beta_0 + \beta_1 x` (intercept
    :math:`\beta_0`, slope :math:`\beta_1`). Each residual is drawn as a
    vertical segment and its square as a shaded square of side
    :math:`|y_i - \hat y_i|`, so that the squares' total area is the sum of
    squared errors when the axes have equal scales.
    :ref:`Chapter 1 <chapter-linear-regression>` draws its static picture of
    the explorer with it.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        The axes to draw on.
    x : array-like of shape (n,)
        The feature of each point.
    y : array-like of shape (n,)
        The response of each point.
    intercept : float
        The line's intercept :math:`\beta_0`.
    slope : float
        The line's slope :math:`\beta_1`.
    equal_aspect : bool, default=True
        Give both axes the same scale, so that squares look square.

    Returns
    -------
    float
        The line's sum of squared errors
        :math:`\sum_i (y_i - \beta_0 - \beta_1 x_i)^2`.

    Examples
    --------
    .. code-block:: python

       import matplotlib.pyplot as plt
       from mlcourse.widgets.linear_regression import (
           plot_residual_squares,
       )

       fig, ax = plt.subplots()
       sse = plot_residual_squares(
           ax, [1, 2, 3], [1, 3, 2],
           intercept=1.0, slope=0.5,
       )
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
                # a light fill and a solid outline: overlapping squares
                # stay visible one by one
                facecolor=to_rgba(PALETTE["orange"], 0.2),
                edgecolor=PALETTE["orange"],
                linewidth=2,
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


def _slider_ranges(x, y):
    """The (low, high) intercepts, then slopes, of the explorer's sliders."""
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    b, w = least_squares_line(x, y)
    spread = float(np.ptp(y)) or 1.0
    h_w = abs(w) + spread / float(np.ptp(x))
    h_b = spread + abs(float(x.mean()) * w)
    return (b - h_b, b + h_b), (w - h_w, w + h_w)


def residual_squares_explorer(x, y):
    r"""Sliders for the intercept and the slope of a line through the data.

    Shows :func:`plot_residual_squares` for the chosen line, with its sum of
    squared errors (SSE) beside the least-squares minimum, so that a reader
    can search for the best line by hand and see that no line beats it.
    The sliders' starting values give the flat line through the mean of
    ``y`` (its SSE is the total sum of squares); their ranges, a different
    matter, are centred on the least-squares line :math:`(\hat b, \hat w)`,
    with spans from the data, so that the best line is in reach on any
    scale: slopes :math:`\hat w \pm h_w`, where
    :math:`h_w = |\hat w| + \operatorname{range}(y) /
    \operatorname{range}(x)`, and intercepts :math:`\hat b \pm h_b`, where
    :math:`h_b = \operatorname{range}(y) + |\bar x\, \hat w|`.
    Used in :ref:`chapter 1 <chapter-linear-regression>`. Needs a running
    Jupyter kernel with ipywidgets.

    Parameters
    ----------
    x : array-like of shape (n,)
        The feature of each point.
    y : array-like of shape (n,)
        The response of each point.

    Returns
    -------
    ipywidgets.VBox
        The sliders above the figure; display it as a cell's last value.

    Examples
    --------
    .. code-block:: python

       from mlcourse.widgets.linear_regression import (
           residual_squares_explorer,
       )

       residual_squares_explorer(
           [1, 2, 3, 4, 5], [1.2, 1.9, 3.2, 3.8, 5.1]
       )
    """
    import ipywidgets as widgets

    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    best_intercept, best_slope = least_squares_line(x, y)
    best_sse = float(np.sum((y - best_intercept - best_slope * x) ** 2))
    (b_low, b_high), (w_low, w_high) = _slider_ranges(x, y)
    intercept = widgets.FloatSlider(
        value=float(y.mean()),
        min=b_low,
        max=b_high,
        step=(b_high - b_low) / 400,
        description="intercept",
    )
    slope = widgets.FloatSlider(
        value=0.0,
        min=w_low,
        max=w_high,
        step=(w_high - w_low) / 400,
        description="slope",
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
