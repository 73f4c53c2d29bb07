r"""One-feature logistic regression (:ref:`chapter 2 <chapter-logistic-regression>`).

Move the weight :math:`w` and the bias :math:`b` and watch the curve :math:`\sigma(w x + b)` through the
data (left) and where :math:`(w, b)` sits on the log-likelihood surface (right), drawn as its
drop below the maximum. The drawing
function :func:`draw_logistic_fit` works without ipywidgets, so the chapter's static
companion uses it too.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from ..logistic_regression import sigmoid
from ..plotting import CLASS_STYLES, PALETTE

__all__ = ["log_likelihood_grid", "draw_logistic_fit", "logistic_explorer"]


def log_likelihood_grid(x, y, w_values, b_values):
    r"""The log-likelihood of one-feature logistic regression on a grid.

    :math:`\ell(w, b) = \sum_i \left[y_i z_i - \log(1 + e^{z_i})\right]`
    with :math:`z_i = w x_i + b` and labels :math:`y_i \in \{0, 1\}`.

    Parameters
    ----------
    x : array-like of shape (n,)
        The feature of each example.
    y : array-like of shape (n,)
        The 0/1 label of each example.
    w_values : array-like
        The grid's weights.
    b_values : array-like
        The grid's biases.

    Returns
    -------
    ndarray of shape (len(b_values), len(w_values))
        :math:`\ell` at each pair (rows: biases).
    """
    x = np.asarray(x, dtype=float).ravel()
    y = np.asarray(y, dtype=float).ravel()
    W, B = np.meshgrid(
        np.asarray(w_values, float), np.asarray(b_values, float)
    )
    Z = W[..., None] * x + B[..., None]
    return np.sum(y * Z - np.logaddexp(0.0, Z), axis=-1)


def draw_logistic_fit(
    x, y, w, b, axes=None, w_range=(-4.0, 8.0), b_range=(-6.0, 6.0)
):
    r"""Draw the fitted curve (left) and the log-likelihood surface (right).

    Left: the data and :math:`\sigma(w x + b)`. Right: contours of
    :math:`\ell(w, b) - \max \ell` (the maximum over the grid), each
    labelled by that difference, so the labels are drops below the maximum,
    not values of :math:`\ell`; a star marks :math:`(w, b)`.
    :ref:`Chapter 2 <chapter-logistic-regression>` draws the explorer's
    static picture with it.

    Parameters
    ----------
    x : array-like of shape (n,)
        The feature of each example.
    y : array-like of shape (n,)
        The 0/1 label of each example.
    w : float
        The weight drawn.
    b : float
        The bias drawn.
    axes : pair of matplotlib.axes.Axes, optional
        Where to draw; by default a new figure of two panels.
    w_range : pair of float, default=(-4.0, 8.0)
        The surface's extent in :math:`w`.
    b_range : pair of float, default=(-6.0, 6.0)
        The surface's extent in :math:`b`.

    Returns
    -------
    pair of matplotlib.axes.Axes
        The two panels.

    Examples
    --------
    .. code-block:: python

       from mlcourse.widgets import (
           logistic_regression as lw,
       )

       x = [-2, -1, 0, 1, 2, 3]
       y = [0, 0, 1, 0, 1, 1]
       left, right = lw.draw_logistic_fit(
           x, y, w=1.5, b=-0.5
       )
    """
    x = np.asarray(x, dtype=float).ravel()
    y = np.asarray(y, dtype=float).ravel()
    if axes is None:
        _, axes = plt.subplots(1, 2, figsize=(10, 3.8))
    left, right = axes
    for label in (0, 1):
        style = CLASS_STYLES[label]
        mask = y == label
        left.scatter(
            x[mask],
            y[mask],
            c=style["color"],
            marker=style["marker"],
            s=40,
            edgecolors="white",
            zorder=3,
            label=f"y = {label}",
        )
    grid = np.linspace(x.min() - 1, x.max() + 1, 300)
    left.plot(
        grid,
        sigmoid(w * grid + b),
        color=PALETTE["black"],
        linewidth=2,
        label=r"$\sigma(wx+b)$",
    )
    left.axhline(0.5, color="grey", linewidth=0.8, linestyle=":")
    ll = float(np.sum(y * (w * x + b) - np.logaddexp(0.0, w * x + b)))
    left.set_title(f"w = {w:.2f}, b = {b:.2f}, log-likelihood = {ll:.2f}")
    left.set_xlabel("$x$")
    left.set_ylabel(r"$P(y=1\mid x)$")
    left.set_ylim(-0.08, 1.08)
    left.legend(loc="center right", fontsize=9)
    ws = np.linspace(*w_range, 121)
    bs = np.linspace(*b_range, 121)
    L = log_likelihood_grid(x, y, ws, bs)
    # evenly spaced on a log scale below the grid's maximum
    drops = np.array([100, 50, 20, 10, 5, 2, 1])
    contours = right.contour(ws, bs, L, levels=L.max() - drops, cmap="viridis")
    right.clabel(  # each labelled by its drop below the maximum
        contours,
        levels=L.max() - drops[[2, 3]],
        inline=True,
        fontsize=8,
        fmt=lambda level: f"−{L.max() - level:.0f}",
    )
    right.plot(
        [w],
        [b],
        marker="*",
        markersize=14,
        color=PALETTE["vermillion"],
        linestyle="none",
        label="current (w, b)",
    )
    right.set_xlabel("weight $w$")
    right.set_ylabel("bias $b$")
    right.set_title(r"$\ell(w, b) - \max\,\ell$: drop below the maximum")
    right.legend(loc="upper right", fontsize=9)
    return axes


def logistic_explorer(x, y, w=1.0, b=0.0):
    """Sliders for the weight and the bias of one-feature logistic regression.

    Redraws :func:`draw_logistic_fit`, so that the reader sees the curve
    through the data move with :math:`(w, b)` and where that pair sits on
    the log-likelihood surface. Used in
    :ref:`chapter 2 <chapter-logistic-regression>`. Needs a running Jupyter
    kernel with ipywidgets.

    Parameters
    ----------
    x : array-like of shape (n,)
        The feature of each example.
    y : array-like of shape (n,)
        The 0/1 label of each example.
    w : float, default=1.0
        The weight slider's start (it covers -4 to 8).
    b : float, default=0.0
        The bias slider's start (it covers -6 to 6).

    Returns
    -------
    ipywidgets.interactive
        The sliders and the figure; display it as a cell's last value.

    Examples
    --------
    .. code-block:: python

       from mlcourse.widgets import (
           logistic_regression as lw,
       )

       x = [-2, -1, 0, 1, 2, 3]
       y = [0, 0, 1, 0, 1, 1]
       lw.logistic_explorer(x, y)
    """
    import ipywidgets as widgets

    def update(w, b):
        draw_logistic_fit(x, y, w, b)
        plt.show()

    return widgets.interactive(
        update,
        w=widgets.FloatSlider(
            value=w, min=-4.0, max=8.0, step=0.1, description="weight w"
        ),
        b=widgets.FloatSlider(
            value=b, min=-6.0, max=6.0, step=0.1, description="bias b"
        ),
    )
