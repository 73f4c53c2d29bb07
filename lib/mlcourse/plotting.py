"""The book's figure style and the plots every chapter shares.

Call :func:`use_style` once at the top of a chapter. It sets readable font sizes, the
colour-blind-safe Okabe-Ito palette and opaque white backgrounds, so figures stay legible in
the website's dark mode. Two classes are always drawn with different colours *and* markers.

In a notebook, :func:`use_style` also makes figures sharp on high-density screens and
compact: each figure is rendered at 150 dots per inch (1.5 image pixels per CSS pixel),
quantised to a 256-colour palette, and shown at its nominal size. The PNG records its
resolution and the size of its smallest text (``mlcourse:min-font-pt``), from which the
website's check computes how large that text is on a phone.
"""

from __future__ import annotations

import base64
import io
import re
from html import escape

import matplotlib as mpl
import matplotlib.pyplot as plt
import numpy as np
from cycler import cycler
from sklearn.utils import check_array

__all__ = [
    "PALETTE",
    "CLASS_STYLES",
    "use_style",
    "plot_classes",
    "plot_decision_boundary",
    "plot_separator",
    "separator_points",
    "limits",
    "plot_loss_curve",
    "margin_losses",
    "plot_margin_losses",
    "animation_html",
    "figure_png",
]

#: Okabe and Ito's palette, distinguishable with the common forms of colour blindness. A
#: dict from a colour's name (blue, orange, green, vermillion, sky, purple, yellow, black)
#: to its hex code, as in ``PALETTE["blue"] == "#0072B2"``.
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

#: How each class is drawn, one dict of matplotlib keywords per class in the order of
#: ``classes_``, ``{"color": ..., "marker": ...}``. The positive class
#: (``CLASS_STYLES[1]``) is drawn in orange circles, the negative in blue squares; further
#: classes (multi-class chapters) take the rest of the palette.
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
    "figure.figsize": (6.0, 3.8),
    "figure.dpi": 100,
    "savefig.dpi": 150,
    "figure.facecolor": "white",
    "axes.facecolor": "white",
    "savefig.facecolor": "white",
    "figure.constrained_layout.use": True,
    "font.size": 13,
    "axes.titlesize": 14,
    "axes.labelsize": 13,
    "legend.fontsize": 12,
    "xtick.labelsize": 12,
    "ytick.labelsize": 12,
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


#: Resolution of the figures a notebook shows: 1.5 image pixels per CSS pixel
#: (``figure.dpi`` is 100), sharp on a high-density screen yet compact.
PNG_DPI = 150

#: Metadata key of a figure's smallest font size, in points, in its PNG.
MIN_FONT_KEY = "mlcourse:min-font-pt"


def use_style() -> None:
    """Apply the book's figure style to every figure drawn after the call.

    Inside IPython, figures are also shown as compact high-density PNGs
    (:func:`figure_png`) at their nominal size.
    """
    mpl.rcParams.update(_STYLE)
    _register_png_formatter()


def _register_png_formatter() -> None:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython is always installed
        return
    shell = get_ipython()
    if shell is None:
        return

    def register(*_):
        formatter = shell.display_formatter.formatters["image/png"]
        formatter.for_type(mpl.figure.Figure, _png_with_size)

    # matplotlib's inline backend installs its own PNG formatter when the
    # first figure is made: make one now, so that ours comes after it. The
    # backend installs it again when its options change: take the formatter
    # back after every cell, before the backend shows the figures.
    plt.close(plt.figure())
    register()
    if not getattr(shell, "_mlcourse_png_formatter", False):
        shell.events.register("post_execute", register)
        shell._mlcourse_png_formatter = True


def smallest_font_pt(fig) -> float | None:
    """The smallest font size (points) of the visible text of a drawn figure."""
    sizes = [
        text.get_fontsize()
        for text in fig.findobj(mpl.text.Text)
        if text.get_visible()
        and text.get_text().strip()
        and (text.axes is None or text.axes.get_visible())
    ]
    return min(sizes) if sizes else None


def quantised_png(data: bytes, text: dict | None = None) -> bytes:
    """``data`` (a PNG) as a 256-colour PNG, keeping its resolution; add ``text``.

    Plots have few colours: the palette image is about a third of the size, with no
    visible change.
    """
    from PIL import Image, PngImagePlugin

    image = Image.open(io.BytesIO(data))
    dpi = image.info.get("dpi")
    info = PngImagePlugin.PngInfo()
    for key, value in {**_png_text(image), **(text or {})}.items():
        info.add_text(key, str(value))
    if image.mode not in ("P", "L"):
        if image.mode == "RGBA" and image.getextrema()[3][0] == 255:
            image = image.convert("RGB")
        # maximum coverage keeps a plot's few hundred colours closer than
        # median cut (within 1 of 255 on a typical figure) and takes a
        # sixth of the time
        method = (
            Image.Quantize.MAXCOVERAGE
            if image.mode == "RGB"
            else Image.Quantize.FASTOCTREE
        )
        image = image.quantize(256, method=method, dither=Image.Dither.NONE)
    out = io.BytesIO()
    # zlib level 8: within 2 % of level 9's size (Pillow's optimize) in a
    # third of the time
    options = {"compress_level": 8, "pnginfo": info}
    if dpi:
        options["dpi"] = tuple(round(float(v)) for v in dpi)
    image.save(out, format="PNG", **options)
    compact = out.getvalue()
    return compact if len(compact) < len(data) or text else data


def _png_text(image) -> dict:
    return {
        key: value
        for key, value in getattr(image, "text", {}).items()
        if isinstance(value, str)
    }


def figure_png(fig, dpi: float = PNG_DPI) -> bytes | None:
    """``fig`` as a compact PNG at ``dpi`` that records its smallest font size.

    Returns ``None`` for an empty figure, as IPython's own formatter does.

    Parameters
    ----------
    fig : matplotlib Figure
        The figure.
    dpi : float, default 150
        Resolution in dots per inch (``PNG_DPI``).
    """
    if not fig.axes and not fig.lines and not fig.texts:
        return None
    buffer = io.BytesIO()
    fig.canvas.print_figure(
        buffer,
        format="png",
        dpi=dpi,
        bbox_inches="tight",
        facecolor=fig.get_facecolor(),
        edgecolor=fig.get_edgecolor(),
        # uncompressed: quantised_png reads it back and compresses it once
        pil_kwargs={"compress_level": 0},
    )
    text = {}
    smallest = smallest_font_pt(fig)
    if smallest is not None:
        text[MIN_FONT_KEY] = f"{smallest:g}"
    return quantised_png(buffer.getvalue(), text)


def _png_with_size(fig):
    data = figure_png(fig)
    if data is None:
        return None
    from PIL import Image

    width, height = Image.open(io.BytesIO(data)).size
    scale = fig.dpi / PNG_DPI  # CSS pixels per image pixel
    return data, {"width": round(width * scale)}


def _get_ax(ax):
    return plt.gca() if ax is None else ax


def plot_classes(
    X, y, ax=None, labels=None, size=40, alpha=0.9, edgecolor="white", **kwargs
):
    """Scatter the first two features of ``X`` with one colour and marker per class.

    ``labels`` maps a class value to its legend entry (default: ``y = <value>``,
    with an explicit sign when some label is negative, as in ``y = +1``).
    Returns the axes.

    Parameters
    ----------
    X : array_like of shape (n, d)
        The samples; the first two columns are drawn.
    y : array_like of shape (n,)
        The classes.
    ax : matplotlib Axes or None, default None
        Where to draw; ``None`` takes the current axes.
    labels : dict or None, default None
        Legend entry of each class value.
    size : float, default 40
        Marker area.
    alpha : float, default 0.9
        Marker opacity.
    edgecolor : color, default "white"
        Marker outline.
    **kwargs
        Passed to ``Axes.scatter``.
    """
    ax = _get_ax(ax)
    X = check_array(X, ensure_min_features=2, input_name="X")
    y = np.asarray(y)
    if y.shape != (X.shape[0],):
        raise ValueError(
            f"y must have one label per row of X; got shape {y.shape} for X of shape {X.shape}."
        )
    signed = np.issubdtype(y.dtype, np.number) and np.any(y < 0)
    for index, value in enumerate(np.unique(y)):
        style = CLASS_STYLES[index % len(CLASS_STYLES)]
        mask = y == value
        default = f"y = {value:+g}" if signed else f"y = {value}"
        name = (labels or {}).get(
            value.item() if hasattr(value, "item") else value, default
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


def limits(ax, X, pad=0.1):
    """The limits of the first two features of ``X``, ``pad`` of the span wider.

    With ``X=None``, those of the axes ``ax``.

    Parameters
    ----------
    ax : matplotlib Axes
        The axes, used when ``X`` is None.
    X : array_like of shape (n, d) or None
        The samples.
    pad : float, default 0.1
        Fraction of the span added on each side.
    """
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

    Parameters
    ----------
    model : estimator or array_like of shape (2,)
        A fitted classifier, or a weight vector ``w``.
    X : array_like or None, default None
        Samples whose span sets the limits; ``None`` keeps the axes'.
    ax : matplotlib Axes or None, default None
        Where to draw; ``None`` takes the current axes.
    intercept : float, default 0.0
        The bias, when ``model`` is a weight vector.
    resolution : int, default 300
        Grid points per axis.
    fill : bool, default True
        Shade the two half-planes.
    contours : bool, default False
        Draw level lines of the score.
    color : color, default "black"
        Colour of the boundary.
    label : str, default "decision boundary"
        Its legend entry.
    """
    ax = _get_ax(ax)
    score, categorical = _score_function(model, intercept)
    (x0, x1), (y0, y1) = limits(ax, X)
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

    Parameters
    ----------
    w : array_like of shape (2,)
        The weights.
    b : float, default 0.0
        The bias.
    ax : matplotlib Axes or None, default None
        Where to draw; ``None`` takes the current axes.
    **kwargs
        Passed to ``Axes.plot``.
    """
    ax = _get_ax(ax)
    w = check_array(w, ensure_2d=False, input_name="w").ravel()
    if w.shape != (2,):
        raise ValueError(
            f"w must have two entries (a line in the plane); got shape {w.shape}."
        )
    xs, ys = separator_points(w, float(b), ax.get_xlim(), ax.get_ylim())
    kwargs.setdefault("color", "black")
    (line,) = ax.plot(xs, ys, **kwargs)
    return line


def separator_points(w, b, xlim, ylim):
    """Two points of the line ``w @ x + b = 0`` spanning the given limits (empty if w = 0).

    Parameters
    ----------
    w : array_like of shape (2,)
        The weights.
    b : float
        The bias.
    xlim : pair of float
        The horizontal limits to span.
    ylim : pair of float
        The vertical limits to span.
    """
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
    """Plot a sequence of loss values against the iteration number (from 0). Returns the axes.

    Parameters
    ----------
    losses : array_like
        The values, one per iteration.
    ax : matplotlib Axes or None, default None
        Where to draw; ``None`` takes the current axes.
    label : str or None, default None
        Legend entry.
    logy : bool, default False
        Logarithmic vertical axis.
    xlabel : str, default "iteration"
        The horizontal axis's label.
    ylabel : str, default "loss"
        The vertical axis's label.
    **kwargs
        Passed to ``Axes.plot``.
    """
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


def margin_losses(gamma):
    """The classifiers' losses of one example against its margin.

    ``gamma`` is the margin :math:`\\gamma = y\\,f(\\mathbf{x})` (the
    introduction, "One idea, many models"; chapter 2, :eq:`eq-logr-pm1`).
    Returns ``{name: values}`` for the 0-1 loss, the logistic loss divided
    by :math:`\\ln 2` (so that it passes through (0, 1)), the squared loss
    :math:`(1 - \\gamma)^2`, the hinge loss and the perceptron loss.

    Parameters
    ----------
    gamma : array_like
        The margins.
    """
    gamma = np.asarray(gamma, dtype=float)
    return {
        "0-1": (gamma <= 0).astype(float),
        r"logistic / $\ln 2$": np.logaddexp(0, -gamma) / np.log(2),
        "squared": (1 - gamma) ** 2,
        "hinge": np.maximum(0, 1 - gamma),
        "perceptron": np.maximum(0, -gamma),
    }


def plot_margin_losses(ax=None, gamma=None):
    """Draw :func:`margin_losses` against the margin. Returns the axes.

    Each loss has its own colour and line style, so that the curves stay
    apart in grey and for colour-blind readers; the legend sits above the
    axes, in two columns, legible on a phone.

    Parameters
    ----------
    ax : matplotlib Axes or None, default None
        Where to draw; ``None`` takes the current axes.
    gamma : array_like or None, default None
        The margins to draw at; ``None`` takes 501 points of [-2.5, 2.5].
    """
    ax = _get_ax(ax)
    if gamma is None:
        gamma = np.linspace(-2.5, 2.5, 501)
    gamma = np.asarray(gamma, dtype=float).ravel()
    if gamma.size < 2 or not np.all(np.isfinite(gamma)):
        raise ValueError("gamma must hold at least two finite margins.")
    styles = [
        (PALETTE["black"], "-", 2),
        (PALETTE["vermillion"], "-", 3),
        (PALETTE["blue"], "--", 2),
        (PALETTE["green"], "-.", 2),
        (PALETTE["purple"], ":", 3),
    ]
    losses = margin_losses(gamma)
    for (label, loss), (color, line, width) in zip(losses.items(), styles):
        ax.plot(gamma, loss, line, color=color, linewidth=width, label=label)
    ax.set_ylim(0, 3.5)
    ax.set_xlabel(r"margin $\gamma = y\,f(\mathbf{x})$")
    ax.set_ylabel("loss")
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=2)
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


def _skip_draw(*args, **kwargs):
    pass


def animation_html(animation, alt: str, close=True) -> str:
    """Return a matplotlib animation as self-contained HTML that plays with no kernel.

    This is ``animation.to_jshtml()`` made to work offline: matplotlib's player loads an
    icon font from a CDN for its buttons, so the link is removed and each icon is replaced
    by a plain symbol (the buttons keep their titles).
    ``alt`` describes the animation for a screen reader (the player's image has none of its
    own), and the frame slider is labelled. The frames are quantised PNGs (about a third of
    matplotlib's size) that record their smallest font size, as :func:`figure_png` does.
    With ``close`` the animation's figure is closed, so the notebook does not also show its
    last frame as a still image. Display the result with ``IPython.display.HTML``.

    Parameters
    ----------
    animation : matplotlib.animation.Animation
        The animation.
    alt : str
        Its description for a screen reader.
    close : bool, default True
        Close its figure.
    """
    # Each frame is drawn by savefig; the canvas redraw that the animation
    # asks for after each frame (for a window on screen) would draw the same
    # frame once more, so it is skipped while the frames are saved.
    canvas = animation._fig.canvas
    canvas.draw_idle = _skip_draw
    try:
        html = animation.to_jshtml()
    finally:
        del canvas.draw_idle
    smallest = smallest_font_pt(animation._fig)
    text = {MIN_FONT_KEY: f"{smallest:g}"} if smallest is not None else {}

    def compact(match):
        data = base64.b64decode(re.sub(r"[\\\s]", "", match.group(1)))
        png = quantised_png(data, text)
        return "data:image/png;base64," + base64.b64encode(png).decode()

    html = re.sub(
        r"data:image/png;base64,([A-Za-z0-9+/=\\\n]+)", compact, html
    )
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
    html = re.sub(
        r'(<input id="_anim_slider\w+" type="range")',
        r'\1 aria-label="Frame of the animation"',
        html,
        count=1,
    )
    if close:
        plt.close(animation._fig)
    return html
