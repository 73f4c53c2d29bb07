"""An explorer for small multi-layer perceptrons (chapter "Multi-layer perceptrons").

Choose the number of hidden units, the activation and the step size; the network is trained
on a two-feature data set and the explorer shows its decision boundary (left) and its
training loss per pass (right). :func:`draw_mlp_fit` works without ipywidgets, so the
chapter's static companion uses it too.
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
    """Train an MLP of ``hidden_units`` units on ``(X, y)``; draw its boundary and loss.

    Returns ``(model, axes)``.
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
    """Widgets for hidden units, activation and step size redrawing :func:`draw_mlp_fit`.

    Needs a running kernel; training starts when a control is released.
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
