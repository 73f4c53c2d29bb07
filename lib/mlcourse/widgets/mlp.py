"""Small multi-layer perceptrons (:ref:`chapter 7 <chapter-mlp>`).

Choose the number of hidden units, the activation and the step size; the network is trained
on a two-feature data set and the explorer shows its decision boundary (left) and its
training loss per pass (right). :func:`draw_mlp_fit` draws the same picture without
ipywidgets.
"""

from __future__ import annotations

import matplotlib.pyplot as plt

from ..mlp import MLPClassifier
from ..plotting import plot_classes, plot_decision_boundary, plot_loss_curve

__all__ = ["draw_mlp_fit", "mlp_explorer"]


def draw_mlp_fit(
    X,
    y,
    hidden_units=4,
    activation="tanh",
    learning_rate=0.1,
    max_iter=100,
    random_state=0,
    axes=None,
):
    """Train a one-hidden-layer MLP; draw its boundary and training loss.

    First axes: the data and the decision boundary, titled with the
    training accuracy. Second axes: the training loss per pass over the
    data.

    Parameters
    ----------
    X : array-like of shape (n, 2)
        The points.
    y : array-like of shape (n,)
        Their labels.
    hidden_units : int, default=4
        The hidden layer's width.
    activation : {"tanh", "relu", "sigmoid"}, default="tanh"
        The hidden units' activation.
    learning_rate : float, default=0.1
        The step size.
    max_iter : int, default=100
        The passes over the data.
    random_state : int, default=0
        The seed of the initial weights and of the shuffling.
    axes : pair of matplotlib.axes.Axes, optional
        Where to draw; by default a new figure of two panels.

    Returns
    -------
    (model, axes)
        The fitted :class:`~mlcourse.mlp.MLPClassifier` and the two panels.

    Examples
    --------
    .. code-block:: python

       from sklearn.datasets import make_moons
       from mlcourse.widgets.mlp import draw_mlp_fit

       X, y = make_moons(
           200, noise=0.2, random_state=0
       )
       model, axes = draw_mlp_fit(X, y, hidden_units=8)
    """
    model = MLPClassifier(
        hidden_layer_sizes=(int(hidden_units),),
        activation=activation,
        learning_rate=learning_rate,
        max_iter=int(max_iter),
        random_state=random_state,
    ).fit(X, y)
    if axes is None:
        _, axes = plt.subplots(1, 2, figsize=(10, 4))
    left, right = axes
    plot_decision_boundary(model, X, ax=left)
    plot_classes(X, y, ax=left)
    left.set_title(
        f"{hidden_units} {activation} units: training accuracy {model.score(X, y):.2f}"
    )
    plot_loss_curve(
        model.loss_curve_,
        ax=right,
        xlabel="pass over the data",
        ylabel="training loss",
    )
    right.set_title(f"step size {learning_rate:g}")
    return model, axes


def mlp_explorer(
    X, y, hidden_units=4, activation="tanh", learning_rate=0.1, max_iter=100
):
    """Controls for the width, activation, step size and seed of an MLP.

    Redraws :func:`draw_mlp_fit`, so that the reader sees how many hidden
    units a boundary needs, and how the step size and the seed change the
    training loss. Training starts when a control is released. Used in
    :ref:`chapter 7 <chapter-mlp>`. Needs a running Jupyter kernel with
    ipywidgets.

    Parameters
    ----------
    X : array-like of shape (n, 2)
        The points.
    y : array-like of shape (n,)
        Their labels.
    hidden_units : int, default=4
        The starting width (the slider covers 1 to 32).
    activation : {"tanh", "relu", "sigmoid"}, default="tanh"
        The starting activation.
    learning_rate : float, default=0.1
        The starting step size (0.001 to 1, on a log scale).
    max_iter : int, default=100
        The passes over the data of each training run.

    Returns
    -------
    ipywidgets.interactive
        The controls and the figure; display it as a cell's last value.

    Examples
    --------
    .. code-block:: python

       from sklearn.datasets import make_moons
       from mlcourse.widgets.mlp import mlp_explorer

       X, y = make_moons(
           200, noise=0.2, random_state=0
       )
       mlp_explorer(X, y)
    """
    import ipywidgets as widgets

    def update(hidden_units, activation, learning_rate, seed):
        draw_mlp_fit(
            X,
            y,
            hidden_units,
            activation,
            learning_rate,
            max_iter,
            random_state=seed,
        )
        plt.show()

    return widgets.interactive(
        update,
        hidden_units=widgets.IntSlider(
            value=hidden_units,
            min=1,
            max=32,
            description="hidden units",
            continuous_update=False,
        ),
        activation=widgets.Dropdown(
            options=["tanh", "relu", "sigmoid"],
            value=activation,
            description="activation",
        ),
        learning_rate=widgets.FloatLogSlider(
            value=learning_rate,
            base=10,
            min=-3,
            max=0,
            step=0.25,
            description="step size",
            continuous_update=False,
        ),
        seed=widgets.IntSlider(
            value=0, min=0, max=20, description="seed", continuous_update=False
        ),
    )
