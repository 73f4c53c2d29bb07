"""Tests of mlcourse.plotting: every function returns what it says and draws the expected
artists; the style gives opaque white backgrounds and a colour-blind-safe palette."""

import matplotlib

matplotlib.use("Agg")  # no display needed; must come before pyplot is imported

import matplotlib as mpl  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.collections import PathCollection  # noqa: E402
from matplotlib.colors import to_hex, to_rgba  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from mlcourse.plotting import (  # noqa: E402
    CLASS_STYLES,
    PALETTE,
    margin_losses,
    plot_classes,
    plot_decision_boundary,
    plot_loss_curve,
    plot_margin_losses,
    plot_separator,
    use_style,
)


@pytest.fixture
def ax():
    with mpl.rc_context():
        fig, ax = plt.subplots()
        yield ax
        plt.close(fig)


class _Linear:
    def __init__(self, w, b):
        self.w, self.b = np.asarray(w, float), b
        self.classes_ = np.array([-1, 1])

    def decision_function(self, X):
        return X @ self.w + self.b


class _PredictOnly:
    def predict(self, X):
        return np.where(X[:, 0] > 0, 1, 0)


class _ThreeClass:
    classes_ = np.array([0, 1, 2])

    def decision_function(self, X):
        return np.column_stack([-X[:, 0], X[:, 0] - abs(X[:, 1]), X[:, 1]])


def test_use_style_sets_opaque_white_backgrounds():
    with mpl.rc_context():
        mpl.rcParams["figure.facecolor"] = "black"
        mpl.rcParams["axes.facecolor"] = "none"
        mpl.rcParams["savefig.facecolor"] = "auto"
        use_style()
        for key in ("figure.facecolor", "axes.facecolor", "savefig.facecolor"):
            assert to_rgba(mpl.rcParams[key]) == (1.0, 1.0, 1.0, 1.0), key
        fig, ax = plt.subplots()
        assert fig.get_facecolor() == (1.0, 1.0, 1.0, 1.0)
        assert ax.get_facecolor() == (1.0, 1.0, 1.0, 1.0)
        plt.close(fig)


def test_use_style_palette_and_readable_fonts():
    with mpl.rc_context():
        use_style()
        cycle = [to_hex(c["color"]) for c in mpl.rcParams["axes.prop_cycle"]]
        assert cycle[:2] == [
            PALETTE["blue"].lower(),
            PALETTE["orange"].lower(),
        ]
        assert set(cycle) <= {v.lower() for v in PALETTE.values()}
        assert mpl.rcParams["font.size"] >= 11
        assert mpl.rcParams["axes.labelsize"] >= 11


def test_class_styles_differ_in_colour_and_marker():
    colours = [s["color"] for s in CLASS_STYLES]
    markers = [s["marker"] for s in CLASS_STYLES]
    assert len(set(colours)) == len(colours)
    assert len(set(markers)) == len(markers)


def test_plot_classes_draws_one_scatter_per_class(ax):
    X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 0.5], [3.0, 1.5]])
    y = np.array([-1, 1, -1, 1])
    assert plot_classes(X, y, ax=ax) is ax
    scatters = [c for c in ax.collections if isinstance(c, PathCollection)]
    assert len(scatters) == 2
    np.testing.assert_array_equal(scatters[0].get_offsets(), X[y == -1])
    np.testing.assert_array_equal(scatters[1].get_offsets(), X[y == 1])
    assert (
        to_hex(scatters[0].get_facecolor()[0])
        == CLASS_STYLES[0]["color"].lower()
    )
    assert (
        to_hex(scatters[1].get_facecolor()[0])
        == CLASS_STYLES[1]["color"].lower()
    )
    assert [s.get_label() for s in scatters] == ["y = -1", "y = +1"]
    assert ax.get_xlabel() == "$x_1$" and ax.get_ylabel() == "$x_2$"


def test_plot_classes_signs_only_signed_labels(ax):
    X = np.arange(8, dtype=float).reshape(4, 2)
    plot_classes(X, np.array([0, 1, 0, 1]), ax=ax)
    labels = [c.get_label() for c in ax.collections]
    assert labels == ["y = 0", "y = 1"]


def test_plot_classes_string_labels_and_legend_names(ax):
    X = np.arange(12, dtype=float).reshape(6, 2)
    y = np.array(["spam", "ham", "eggs", "spam", "ham", "eggs"])
    plot_classes(X, y, ax=ax, labels={"ham": "Ham", "spam": "Spam"})
    labels = [c.get_label() for c in ax.collections]
    assert labels == ["y = eggs", "Ham", "Spam"]


def test_plot_classes_uses_current_axes_by_default(ax):
    plt.sca(ax)
    assert plot_classes(np.zeros((2, 2)), np.array([0, 1])) is ax


def test_plot_classes_bad_input(ax):
    with pytest.raises(
        ValueError,
        match=r"1 feature\(s\) \(shape=\(3, 1\)\) while a minimum of 2",
    ):
        plot_classes(np.zeros((3, 1)), np.zeros(3), ax=ax)
    with pytest.raises(
        ValueError,
        match=r"y must have one label per row of X; got shape \(2,\) for X of shape \(3, 2\)",
    ):
        plot_classes(np.zeros((3, 2)), np.zeros(2), ax=ax)


def test_plot_decision_boundary_with_weight_vector(ax):
    X = np.array([[-2.0, -1.0], [2.0, 1.0]])
    assert (
        plot_decision_boundary(np.array([1.0, 1.0]), X=X, ax=ax, intercept=0.5)
        is ax
    )
    # filled half-planes and the zero level line, with a legend entry
    assert len(ax.collections) >= 2
    legend_lines = [
        line for line in ax.lines if line.get_label() == "decision boundary"
    ]
    assert len(legend_lines) == 1
    # limits come from X with a 10% margin
    assert ax.get_xlim() == pytest.approx((-2.4, 2.4))
    assert ax.get_ylim() == pytest.approx((-1.2, 1.2))


def test_plot_decision_boundary_without_crossing_draws_no_line(ax):
    X = np.array([[1.0, 1.0], [2.0, 2.0]])
    plot_decision_boundary(np.array([1.0, 1.0]), X=X, ax=ax, fill=False)
    assert ax.lines == [] or all(
        line.get_label() != "decision boundary" for line in ax.lines
    )
    assert len(ax.collections) == 0


def test_plot_decision_boundary_with_contours_labels_levels(ax):
    X = np.array([[-2.0, -2.0], [2.0, 2.0]])
    plot_decision_boundary(
        _Linear([1.0, -1.0], 0.0), X=X, ax=ax, contours=True, fill=False
    )
    assert len(ax.texts) > 0  # clabel text
    assert len(ax.collections) >= 2


def test_plot_decision_boundary_predict_only_and_multiclass(ax):
    X = np.array([[-1.0, -1.0], [1.0, 1.0]])
    plot_decision_boundary(_PredictOnly(), X=X, ax=ax)
    assert len(ax.collections) == 2  # filled regions and the boundary
    fig, ax2 = plt.subplots()
    plot_decision_boundary(_ThreeClass(), X=X, ax=ax2, resolution=50)
    assert len(ax2.collections) == 2
    plt.close(fig)


def test_plot_decision_boundary_uses_current_limits(ax):
    ax.set_xlim(0, 4)
    ax.set_ylim(-1, 1)
    plot_decision_boundary(
        np.array([1.0, 0.0]), ax=ax, intercept=-2.0, resolution=20
    )
    assert ax.get_xlim() == (0, 4) and ax.get_ylim() == (-1, 1)


def test_plot_decision_boundary_bad_weight_vector(ax):
    with pytest.raises(
        ValueError,
        match=r"weight vector of length 2 .*got an array of shape \(3,\)",
    ):
        plot_decision_boundary(np.array([1.0, 2.0, 3.0]), ax=ax)


def test_plot_separator_returns_the_line_on_the_separator(ax):
    ax.set_xlim(-3, 3)
    ax.set_ylim(-3, 3)
    line = plot_separator([1.0, 2.0], b=-1.0, ax=ax)
    assert isinstance(line, Line2D) and line in ax.lines
    xs, ys = line.get_data()
    assert len(xs) == 2
    np.testing.assert_allclose(
        1.0 * np.asarray(xs) + 2.0 * np.asarray(ys) - 1.0, 0.0, atol=1e-12
    )
    np.testing.assert_allclose(xs, [-3, 3])
    assert line.get_color() == "black"


def test_plot_separator_steep_and_vertical_lines(ax):
    ax.set_xlim(-1, 1)
    ax.set_ylim(-2, 2)
    line = plot_separator(
        [1.0, 0.0], b=0.5, ax=ax, color="red", linestyle="--"
    )
    xs, ys = line.get_data()
    np.testing.assert_allclose(xs, [-0.5, -0.5])
    np.testing.assert_allclose(ys, [-2, 2])
    assert line.get_color() == "red" and line.get_linestyle() == "--"


def test_plot_separator_zero_weights_draw_an_empty_line(ax):
    line = plot_separator([0.0, 0.0], ax=ax)
    assert isinstance(line, Line2D)
    assert len(line.get_xdata()) == 0


def test_plot_separator_bad_input(ax):
    with pytest.raises(
        ValueError,
        match=r"w must have two entries \(a line in the plane\); got shape \(3,\)",
    ):
        plot_separator([1, 2, 3], ax=ax)


def test_plot_loss_curve(ax):
    losses = [4.0, 2.0, 1.0, 0.5]
    assert plot_loss_curve(losses, ax=ax, label="train", logy=True) is ax
    (line,) = ax.lines
    np.testing.assert_array_equal(line.get_xdata(), [0, 1, 2, 3])
    np.testing.assert_array_equal(line.get_ydata(), losses)
    assert ax.get_yscale() == "log"
    assert ax.get_xlabel() == "iteration" and ax.get_ylabel() == "loss"
    assert ax.get_legend() is not None
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["train"]


def test_plot_loss_curve_without_label_has_no_legend(ax):
    plot_loss_curve(
        np.array([1.0, 0.5]), ax=ax, xlabel="epoch", ylabel="log loss"
    )
    assert ax.get_legend() is None
    assert ax.get_yscale() == "linear"
    assert ax.get_xlabel() == "epoch" and ax.get_ylabel() == "log loss"


def test_plot_loss_curve_refuses_empty(ax):
    with pytest.raises(
        ValueError, match="losses must contain at least one value"
    ):
        plot_loss_curve([], ax=ax)


def test_animation_html_plays_offline_with_plain_symbols():
    from matplotlib.animation import FuncAnimation
    from mlcourse.plotting import animation_html

    fig, ax = plt.subplots()
    (line,) = ax.plot([0, 1], [0, 0])
    animation = FuncAnimation(fig, lambda k: line.set_ydata([k, k]), frames=3)
    html = animation_html(animation, alt='A line "moving" up')
    assert 'alt="A line &quot;moving&quot; up"' in html
    assert "<script" in html and "anim" in html
    assert "http://" not in html and "https://" not in html, (
        "nothing may load from the network"
    )
    assert 'class="fa' not in html, "every icon is replaced by a symbol"
    for title in ("Play", "Pause", "First frame", "Last frame"):
        assert f'title="{title}"' in html
    assert not plt.fignum_exists(fig.number), "the figure is closed"


def test_animation_frames_are_compact_and_the_slider_labelled():
    import base64
    import io
    import re

    from matplotlib.animation import FuncAnimation
    from mlcourse.plotting import MIN_FONT_KEY, animation_html
    from PIL import Image

    fig, ax = plt.subplots()
    ax.set_title("frames", fontsize=15)
    (line,) = ax.plot([0, 1], [0, 0])
    animation = FuncAnimation(fig, lambda k: line.set_ydata([k, k]), frames=3)
    raw = animation.to_jshtml()
    html = animation_html(animation, alt="a line")
    assert len(html) < 0.7 * len(raw)
    assert 'aria-label="Frame of the animation"' in html
    frames = re.findall(r"data:image/png;base64,([A-Za-z0-9+/=]+)", html)
    assert len(frames) == 3
    image = Image.open(io.BytesIO(base64.b64decode(frames[0])))
    assert image.mode == "P"
    assert float(image.text[MIN_FONT_KEY]) <= 15


def test_figures_are_dense_compact_pngs_that_record_their_smallest_text():
    import io

    from mlcourse.plotting import MIN_FONT_KEY, PNG_DPI, figure_png
    from PIL import Image

    with plt.rc_context():
        use_style()
        fig, ax = plt.subplots(figsize=(4, 3))
        ax.plot([0, 1], [0, 1], label="line")
        ax.legend()
        ax.set_title("a title", fontsize=8)
        data = figure_png(fig)
        plt.close(fig)
    image = Image.open(io.BytesIO(data))
    assert image.mode == "P", "quantised to a palette"
    assert round(image.info["dpi"][0]) == PNG_DPI
    assert float(image.text[MIN_FONT_KEY]) == 8
    assert image.size[0] > 4 * PNG_DPI * 0.8  # the figure's width, dense
    empty = plt.figure()
    assert figure_png(empty) is None
    plt.close(empty)


def test_style_text_is_readable_on_a_phone():
    """A figure of the default width shown in a 342 px phone column (an
    output cell at 390 px) keeps its
    smallest text at 9 CSS px or more."""
    with plt.rc_context():
        use_style()
        smallest = min(
            mpl.rcParams[key]
            for key in (
                "font.size",
                "xtick.labelsize",
                "ytick.labelsize",
                "legend.fontsize",
            )
        )
        width_px = mpl.rcParams["figure.figsize"][0] * 100
    assert smallest / 72 * 100 * 342 / width_px >= 9


def test_draw_update_numbers_examples_from_one(ax):
    """The title names the example of the next update as the text does,
    x_1 first: on the four points of chapter 4 the run starts with p_1."""
    from mlcourse.datasets import four_points
    from mlcourse.perceptron import Perceptron
    from mlcourse.widgets.perceptron import draw_update

    X, y = four_points()
    model = Perceptron(record_path=True).fit(X, y)
    assert model.update_indices_[0] == 0
    draw_update(model, X, y, 0, ax=ax)
    assert ax.get_title().endswith("next mistake: example 1")
    draw_update(model, X, y, model.n_updates_, ax=ax)
    assert ax.get_title().endswith("no mistake left")


def test_margin_losses_closed_forms_at_known_margins():
    gamma = np.array([-1.0, 0.0, 1.0, 2.0])
    losses = margin_losses(gamma)
    np.testing.assert_array_equal(losses["0-1"], [1, 1, 0, 0])
    np.testing.assert_array_equal(losses["perceptron"], [1, 0, 0, 0])
    np.testing.assert_array_equal(losses["hinge"], [2, 1, 0, 0])
    np.testing.assert_array_equal(losses["squared"], [4, 1, 0, 1])
    logistic = np.log1p(np.exp(-gamma)) / np.log(2)
    np.testing.assert_allclose(losses[r"logistic / $\ln 2$"], logistic)
    assert losses[r"logistic / $\ln 2$"][1] == pytest.approx(1.0)


def test_margin_losses_logistic_bounds_the_mistake_count():
    gamma = np.linspace(-5, 5, 1001)
    losses = margin_losses(gamma)
    assert np.all(losses[r"logistic / $\ln 2$"] >= losses["0-1"])
    assert np.all(losses["hinge"] >= losses["0-1"])


def test_plot_margin_losses_draws_five_labelled_curves(ax):
    plot_margin_losses(ax=ax)
    labels = [line.get_label() for line in ax.get_lines()]
    assert labels == list(margin_losses(0.0))
    assert len({line.get_linestyle() for line in ax.get_lines()}) >= 3
    assert ax.get_legend() is not None


def test_plot_margin_losses_bad_margins(ax):
    with pytest.raises(ValueError, match="two finite margins"):
        plot_margin_losses(ax=ax, gamma=[0.0, np.nan])
