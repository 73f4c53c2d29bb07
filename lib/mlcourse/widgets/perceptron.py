r"""Watching the perceptron learn on 2-D data (:ref:`chapter 4 <chapter-perceptron>`).

- :func:`draw_update` draws the state after ``k`` updates: the data, the current separating
  line with its normal vector :math:`\mathbf w`, and the sample that causes the next update;
- :func:`animate_perceptron` turns those frames into a matplotlib ``FuncAnimation`` (the
  website shows it with :func:`~mlcourse.plotting.animation_html`, which plays with no
  kernel);
- :func:`perceptron_stepper` is the ipywidgets explorer for Jupyter: a slider over the
  updates and a choice of the learning rate and of the starting point.

ipywidgets is imported inside :func:`perceptron_stepper` only.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.animation import FuncAnimation

from ..perceptron import Perceptron
from ..plotting import PALETTE, limits, plot_classes, separator_points

__all__ = [
    "draw_update",
    "animate_perceptron",
    "perceptron_stepper",
]


def fit_quietly(
    X, y, learning_rate=1.0, max_iter=50, coef_init=None, intercept_init=None
):
    """Fit a :class:`Perceptron` (bias included) that records its path.

    The frames need every weight vector, so the fit asks for
    ``record_path=True``; the non-convergence warning is silenced.
    """
    import warnings

    from .._validation import ConvergenceWarning

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model = Perceptron(
            learning_rate=learning_rate, max_iter=max_iter, record_path=True
        )
        return model.fit(
            X, y, coef_init=coef_init, intercept_init=intercept_init
        )


class _Frame:
    """The artists of one axes, updated in place from frame to frame."""

    def __init__(self, ax, X, y):
        self.ax, self.X, self.y = ax, X, y
        self.xlim, self.ylim = limits(None, X, pad=0.25)
        plot_classes(X, y, ax=ax)
        ax.set_xlim(*self.xlim)
        ax.set_ylim(*self.ylim)
        ax.set_aspect("equal", adjustable="box")
        (self.line,) = ax.plot(
            [], [], color="black", linewidth=2, label="w·x + b = 0"
        )
        self.arrow = None
        (self.ring,) = ax.plot(
            [],
            [],
            "o",
            markersize=17,
            markerfacecolor="none",
            markeredgecolor=PALETTE["vermillion"],
            markeredgewidth=2.2,
            zorder=4,  # above the normal vector's arrow
            label="next mistake",
        )
        # below the axes, where it hides no point and not the title
        ax.legend(
            loc="upper center",
            bbox_to_anchor=(0.5, -0.13),
            ncols=2,
            fontsize=12,
        )

    def show(self, model, k):
        w, b = model.coef_path_[k], model.intercept_path_[k]
        xs, ys = separator_points(w, b, self.xlim, self.ylim)
        self.line.set_data(xs, ys)
        if self.arrow is not None:
            self.arrow.remove()
            self.arrow = None
        norm = np.linalg.norm(w)
        if norm > 0:
            # The normal vector w, drawn from the point of the line nearest the centre.
            centre = np.array([np.mean(self.xlim), np.mean(self.ylim)])
            foot = centre - (w @ centre + b) / norm**2 * w
            length = 0.15 * (self.xlim[1] - self.xlim[0])
            self.arrow = self.ax.annotate(
                "",
                xy=foot + length * w / norm,
                xytext=foot,
                arrowprops=dict(arrowstyle="->", color="black", lw=1.8),
            )
        if k < model.n_updates_:
            i = model.update_indices_[k]
            self.ring.set_data([self.X[i, 0]], [self.X[i, 1]])
            # examples are numbered from 1, as x_1, ..., x_n in the text
            nxt = f"; next mistake: example {i + 1}"
        else:
            self.ring.set_data([], [])
            nxt = "; no mistake left" if model.converged_ else ""
        # two lines at 12 pt: legible on a phone, where the figure is
        # shown about 340 px wide
        self.ax.set_title(
            f"after {k} update(s): w = ({w[0]:.2f}, {w[1]:.2f}), "
            f"b = {b:.2f}\n{nxt.removeprefix('; ')}",
            fontsize=12,
        )
        return self.line, self.ring


def _check_recorded(model):
    if not hasattr(model, "coef_path_"):
        raise ValueError(
            "the perceptron must be fitted with record_path=True to be "
            "drawn update by update: Perceptron(record_path=True).fit(X, y)."
        )


def draw_update(model, X, y, k, ax=None):
    r"""Draw a fitted 2-D perceptron's state after ``k`` updates.

    The black line is :math:`\mathbf w_k^\top \mathbf x + b_k = 0`, the
    arrow its normal :math:`\mathbf w_k` (pointing to the positive side)
    and the red ring the sample that causes update :math:`k + 1`.
    :ref:`Chapter 4 <chapter-perceptron>` draws its snapshots with it.

    Parameters
    ----------
    model : Perceptron
        Fitted with ``record_path=True`` on the same data.
    X : array-like of shape (n, 2)
        The points.
    y : array-like of shape (n,)
        Their labels, -1 or +1.
    k : int
        The number of updates made, from 0 to ``model.n_updates_``.
    ax : matplotlib.axes.Axes, optional
        Where to draw; by default a new figure.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    .. code-block:: python

       from mlcourse.perceptron import Perceptron
       from mlcourse.widgets.perceptron import (
           draw_update,
       )

       X = [[1, 2], [2, 1], [-1, -1], [-2, 0]]
       y = [1, 1, -1, -1]
       model = Perceptron(record_path=True).fit(X, y)
       ax = draw_update(model, X, y, k=1)
    """
    _check_recorded(model)
    X = np.asarray(X, dtype=float)
    if X.ndim != 2 or X.shape[1] != 2:
        raise ValueError(
            f"draw_update needs 2-D points, X of shape (n, 2); got shape {X.shape}."
        )
    if not 0 <= int(k) <= model.n_updates_:
        raise ValueError(
            f"k must be between 0 and n_updates_ = {model.n_updates_}; got {k}."
        )
    if ax is None:
        _, ax = plt.subplots(figsize=(5.5, 6), layout="constrained")
    _Frame(ax, X, np.asarray(y)).show(model, int(k))
    return ax


def animate_perceptron(model, X, y, interval=700):
    """An animation with one frame per update of a fitted 2-D perceptron.

    Each frame is drawn as by :func:`draw_update`.
    :ref:`Chapter 4 <chapter-perceptron>` shows it on the website, where it
    plays with no kernel.

    Parameters
    ----------
    model : Perceptron
        Fitted with ``record_path=True`` on the same data.
    X : array-like of shape (n, 2)
        The points.
    y : array-like of shape (n,)
        Their labels, -1 or +1.
    interval : int, default=700
        Milliseconds between frames.

    Returns
    -------
    matplotlib.animation.FuncAnimation
        Show it with :func:`mlcourse.plotting.animation_html`, which also
        closes the figure so that it is not drawn a second time; its
        ``alt`` describes the animation for a screen reader.

    Examples
    --------
    .. code-block:: python

       from IPython.display import HTML
       from mlcourse.perceptron import Perceptron
       from mlcourse.plotting import animation_html
       from mlcourse.widgets.perceptron import (
           animate_perceptron,
       )

       X = [[1, 2], [2, 1], [-1, -1], [-2, 0]]
       y = [1, 1, -1, -1]
       model = Perceptron(record_path=True).fit(X, y)
       anim = animate_perceptron(model, X, y)
       HTML(animation_html(anim, alt="The updates"))
    """
    _check_recorded(model)
    X = np.asarray(X, dtype=float)
    fig, ax = plt.subplots(figsize=(5.5, 6), layout="constrained")
    frame = _Frame(ax, X, np.asarray(y))
    return FuncAnimation(
        fig,
        lambda k: frame.show(model, k),
        frames=model.n_updates_ + 1,
        interval=interval,
        blit=False,
    )


def perceptron_stepper(X, y, max_iter=50):
    r"""Step through the perceptron's updates on 2-D data.

    Controls: the update number :math:`k`, the learning rate :math:`\eta`,
    and the starting point (zero, or the fixed point
    :math:`\mathbf w = (1, -1)`, :math:`b = 1`); the figure is
    :func:`draw_update`'s. Changing :math:`\eta` changes nothing from zero
    (the chapter's scale invariance) but does from the other start. Used
    in :ref:`chapter 4 <chapter-perceptron>`. Needs a running Jupyter
    kernel with ipywidgets.

    Parameters
    ----------
    X : array-like of shape (n, 2)
        The points.
    y : array-like of shape (n,)
        Their labels, -1 or +1.
    max_iter : int, default=50
        The most passes over the data.

    Returns
    -------
    ipywidgets.VBox
        The controls above the figure; display it as a cell's last value.

    Examples
    --------
    .. code-block:: python

       from mlcourse.datasets import make_separable
       from mlcourse.widgets.perceptron import (
           perceptron_stepper,
       )

       plane = make_separable(20, random_state=0)
       perceptron_stepper(plane.X, plane.y)
    """
    import ipywidgets as widgets

    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    eta = widgets.FloatLogSlider(
        value=1.0, base=10, min=-2, max=1, step=0.25, description="η"
    )
    start = widgets.ToggleButtons(
        options=["w = 0", "w = (1, -1), b = 1"], description="start"
    )
    step = widgets.IntSlider(value=0, min=0, max=1, description="update k")
    output = widgets.Output()

    def refit():
        init = (
            {}
            if start.value == "w = 0"
            else dict(coef_init=[1.0, -1.0], intercept_init=1.0)
        )
        return fit_quietly(
            X, y, learning_rate=eta.value, max_iter=max_iter, **init
        )

    state = {"model": refit()}

    def redraw(*_):
        model = state["model"]
        with output:
            output.clear_output(wait=True)
            draw_update(model, X, y, min(step.value, model.n_updates_))
            plt.show()

    def on_settings(*_):
        state["model"] = refit()
        step.max = max(1, state["model"].n_updates_)
        step.value = min(step.value, state["model"].n_updates_)
        redraw()

    eta.observe(on_settings, names="value")
    start.observe(on_settings, names="value")
    step.observe(redraw, names="value")
    on_settings()
    return widgets.VBox([widgets.HBox([eta, start]), step, output])
