"""The book's figure style and the plots every chapter shares.

Call :func:`use_style` once at the top of a chapter. It sets readable font sizes, the
colour-blind-safe Okabe-Ito palette and opaque white backgrounds, so figures stay legible in
the website's dark mode. Two classes are always drawn with different colours *and* markers.
"""

from __future__ import annotations

import re
from html import escape

import matplotlib as mpl
import matplotlib.pyplot as plt
import numpy as np
from cycler import cycler

__all__ = [
    "PALETTE",
    "CLASS_STYLES",
    "use_style",
    "plot_classes",
    "plot_decision_boundary",
    "plot_separator",
    "plot_loss_curve",
    "animation_html",
]

#: Okabe and Ito's palette, distinguishable with the common forms of colour blindness.
PALETTE = {
    "blue": "#0072B2",
    "orange": "#E69F00",
    "green": "#009E73",
    "vermillion": "#D55E00",
    "sky": "#56B4E9",
    "purple": "#CC79A7",
    "yellow": "#F0E442",
    "black": "#000000",
}

#: How each class is drawn: the positive class in orange circles, the negative in blue
#: squares; further classes (multi-class chapters) take the rest of the palette.
CLASS_STYLES = [
    {"color": PALETTE["blue"], "marker": "s"},
    {"color": PALETTE["orange"], "marker": "o"},
    {"color": PALETTE["green"], "marker": "^"},
    {"color": PALETTE["vermillion"], "marker": "D"},
    {"color": PALETTE["purple"], "marker": "v"},
    {"color": PALETTE["sky"], "marker": "P"},
    {"color": PALETTE["black"], "marker": "X"},
    {"color": PALETTE["yellow"], "marker": "*"},
]

_STYLE = {
    "figure.figsize": (6.4, 4.0),
    "figure.dpi": 100,
    "savefig.dpi": 150,
    "figure.facecolor": "white",
    "axes.facecolor": "white",
    "savefig.facecolor": "white",
    "figure.constrained_layout.use": True,
    "font.size": 12,
    "axes.titlesize": 13,
    "axes.labelsize": 12,
    "legend.fontsize": 11,
    "xtick.labelsize": 11,
    "ytick.labelsize": 11,
    "axes.grid": True,
    "grid.color": "#d9d9d9",
    "grid.linewidth": 0.6,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "lines.linewidth": 2.0,
    "lines.markersize": 7,
    "legend.frameon": True,
    "legend.framealpha": 0.9,
    "image.cmap": "cividis",
    "animation.embed_limit": 40.0,
    "axes.prop_cycle": cycler(
        color=[
            PALETTE[k]
            for k in (
                "blue",
                "orange",
                "green",
                "vermillion",
                "purple",
                "sky",
                "black",
            )
        ]
    ),
}


def use_style() -> None:
    """Apply the book's figure style to every figure drawn after the call."""
    mpl.rcParams.update(_STYLE)


def _get_ax(ax):
    return plt.gca() if ax is None else ax


def plot_classes(
    X, y, ax=None, labels=None, size=40, alpha=0.9, edgecolor="white", **kwargs
):
    """Scatter the first two features of ``X`` with one colour and marker per class.

    ``labels`` maps a class value to its legend entry (default: ``y = <value>``).
    Returns the axes.
    """
    ax = _get_ax(ax)
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    if X.ndim != 2 or X.shape[1] < 2:
        raise ValueError(
            f"X must be a 2-D array with at least two features; got shape {X.shape}."
        )
    if y.shape != (X.shape[0],):
        raise ValueError(
            f"y must have one label per row of X; got shape {y.shape} for X of shape {X.shape}."
        )
    for index, value in enumerate(np.unique(y)):
        style = CLASS_STYLES[index % len(CLASS_STYLES)]
        mask = y == value
        name = (labels or {}).get(
            value.item() if hasattr(value, "item") else value, f"y = {value}"
        )
        ax.scatter(
            X[mask, 0],
            X[mask, 1],
            s=size,
            c=style["color"],
            marker=style["marker"],
            edgecolors=edgecolor,
            linewidths=0.6,
            alpha=alpha,
            label=name,
            zorder=3,
            **kwargs,
        )
    ax.set_xlabel(r"$x_1$")
    ax.set_ylabel(r"$x_2$")
    return ax


def _limits(ax, X, pad=0.1):
    if X is None:
        return ax.get_xlim(), ax.get_ylim()
    X = np.asarray(X, dtype=float)
    lo, hi = X[:, :2].min(axis=0), X[:, :2].max(axis=0)
    span = np.where(hi - lo > 0, hi - lo, 1.0)
    return (lo[0] - pad * span[0], hi[0] + pad * span[0]), (
        lo[1] - pad * span[1],
        hi[1] + pad * span[1],
    )


def _score_function(model, intercept):
    if hasattr(model, "decision_function"):

        def score(points):
            values = np.asarray(model.decision_function(points), dtype=float)
            if values.ndim == 2:  # multi-class: colour by the winning class
                return np.argmax(values, axis=1).astype(float)
            return values

        return score, hasattr(model, "classes_") and len(
            getattr(model, "classes_", [])
        ) > 2
    if hasattr(model, "predict"):
        return (
            lambda points: np.asarray(model.predict(points), dtype=float)
        ), True
    w = np.asarray(model, dtype=float).ravel()
    if w.shape != (2,):
        raise ValueError(
            "plot_decision_boundary needs a model with decision_function or predict, or a weight "
            f"vector of length 2 with the intercept given separately; got an array of shape {np.shape(model)}."
        )
    return (lambda points: points @ w + intercept), False


def plot_decision_boundary(
    model,
    X=None,
    ax=None,
    intercept=0.0,
    resolution=300,
    fill=True,
    contours=False,
    color="black",
    label="decision boundary",
):
    """Draw where a classifier's score changes sign over the plane of the first two features.

    ``model`` is a fitted estimator with ``decision_function`` (or ``predict``), or a weight
    vector ``w`` of length 2 used with ``intercept`` as ``w @ x + intercept``. The limits come
    from ``X`` (with a margin) or from the current axes. With ``fill`` the two half-planes are
    shaded in the classes' colours; with ``contours`` the score's level sets are drawn and
    labelled, as in the Straight Dope notebook. Returns the axes.
    """
    ax = _get_ax(ax)
    score, categorical = _score_function(model, intercept)
    (x0, x1), (y0, y1) = _limits(ax, X)
    grid_x, grid_y = np.meshgrid(
        np.linspace(x0, x1, resolution), np.linspace(y0, y1, resolution)
    )
    points = np.column_stack([grid_x.ravel(), grid_y.ravel()])
    values = score(points).reshape(grid_x.shape)
    if categorical:
        levels = np.unique(values)
        colors = [
            CLASS_STYLES[i % len(CLASS_STYLES)]["color"]
            for i in range(len(levels))
        ]
        bounds = np.concatenate(
            [
                [levels[0] - 0.5],
                (levels[:-1] + levels[1:]) / 2,
                [levels[-1] + 0.5],
            ]
        )
        if fill:
            ax.contourf(
                grid_x,
                grid_y,
                values,
                levels=bounds,
                colors=colors,
                alpha=0.18,
                zorder=0,
            )
        if len(levels) > 1:
            ax.contour(
                grid_x,
                grid_y,
                values,
                levels=bounds[1:-1],
                colors=color,
                linewidths=1.5,
                zorder=2,
            )
    else:
        if fill:
            ax.contourf(
                grid_x,
                grid_y,
                values,
                levels=[-np.inf, 0.0, np.inf],
                colors=[CLASS_STYLES[0]["color"], CLASS_STYLES[1]["color"]],
                alpha=0.15,
                zorder=0,
            )
        if contours:
            lines = ax.contour(
                grid_x,
                grid_y,
                values,
                levels=9,
                colors="grey",
                linewidths=0.8,
                zorder=1,
            )
            ax.clabel(lines, inline=True, fontsize=9, fmt="%.1f")
        if values.min() < 0 < values.max():
            ax.contour(
                grid_x,
                grid_y,
                values,
                levels=[0.0],
                colors=color,
                linewidths=2,
                zorder=2,
            )
            ax.plot([], [], color=color, linewidth=2, label=label)
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    return ax


def plot_separator(w, b=0.0, ax=None, **kwargs):
    """Draw the line ``w[0] x1 + w[1] x2 + b = 0`` across the current axes limits.

    Returns the ``Line2D`` (so an animation can update it), or ``None`` drawn as an empty line
    when ``w = 0`` (no line is defined).
    """
    ax = _get_ax(ax)
    w = np.asarray(w, dtype=float).ravel()
    if w.shape != (2,):
        raise ValueError(
            f"w must have two entries (a line in the plane); got shape {w.shape}."
        )
    xs, ys = _separator_points(w, float(b), ax.get_xlim(), ax.get_ylim())
    kwargs.setdefault("color", "black")
    (line,) = ax.plot(xs, ys, **kwargs)
    return line


def _separator_points(w, b, xlim, ylim):
    """Two points of the line ``w @ x + b = 0`` spanning the given limits (empty if w = 0)."""
    if abs(w[1]) >= abs(w[0]) and w[1] != 0:
        xs = np.array(xlim, dtype=float)
        return xs, -(w[0] * xs + b) / w[1]
    if w[0] != 0:
        ys = np.array(ylim, dtype=float)
        return -(w[1] * ys + b) / w[0], ys
    return np.array([]), np.array([])


def plot_loss_curve(
    losses,
    ax=None,
    label=None,
    logy=False,
    xlabel="iteration",
    ylabel="loss",
    **kwargs,
):
    """Plot a sequence of loss values against the iteration number (from 0). Returns the axes."""
    ax = _get_ax(ax)
    losses = np.asarray(losses, dtype=float).ravel()
    if losses.size == 0:
        raise ValueError("losses must contain at least one value.")
    ax.plot(np.arange(losses.size), losses, label=label, **kwargs)
    if logy:
        ax.set_yscale("log")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if label is not None:
        ax.legend()
    return ax


#: The buttons of matplotlib's JavaScript animation player, as plain symbols.
_PLAYER_SYMBOLS = {
    "fa-minus": "\u2212",  # slower
    "fa-fast-backward": "\u21e4",  # first frame
    "fa-step-backward": "\u2039",  # previous frame
    "fa-play fa-flip-horizontal": "\u25c0",  # play backwards
    "fa-pause": "\u2016",
    "fa-play": "\u25b6",
    "fa-step-forward": "\u203a",  # next frame
    "fa-fast-forward": "\u21e5",  # last frame
    "fa-plus": "+",  # faster
}


def animation_html(animation, alt: str, close=True) -> str:
    """Return a matplotlib animation as self-contained HTML that plays with no kernel.

    This is ``animation.to_jshtml()`` made to work offline: matplotlib's player loads an
    icon font from a CDN for its buttons, so the link is removed and each icon is replaced
    by a plain symbol (the buttons keep their titles). ``alt`` describes the animation for
    a screen reader (the player's image has none of its own). With ``close`` the animation's
    figure is closed, so the notebook does not also show its last frame as a still image.
    Display the result with ``IPython.display.HTML``.
    """
    html = animation.to_jshtml()
    html = re.sub(
        r'<link rel="stylesheet"\s+href="https?://[^"]*font-awesome[^"]*">',
        "",
        html,
    )
    html = re.sub(
        r'<i class="fa (fa-[a-z-]+(?: fa-flip-horizontal)?)"></i>',
        lambda m: _PLAYER_SYMBOLS.get(m.group(1), "?"),
        html,
    )
    html = re.sub(
        r'<img id="(_anim_img\w+)"',
        lambda m: f'<img id="{m.group(1)}" alt="{escape(alt, quote=True)}"',
        html,
        count=1,
    )
    if close:
        plt.close(animation._fig)
    return html
