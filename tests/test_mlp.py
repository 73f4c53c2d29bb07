"""Tests of mlcourse.mlp: backpropagation against central differences, XOR, digits against
scikit-learn, determinism and bad input."""

import warnings

import numpy as np
import pytest
from mlcourse import ConvergenceWarning, NotFittedError
from mlcourse.datasets import make_xor, xor_points
from mlcourse.gradient_descent import numerical_gradient
from mlcourse.mlp import (
    MLPClassifier,
    activation,
    activation_derivative,
    backward,
    cross_entropy,
    cross_entropy_from_scores,
    flatten_parameters,
    forward,
    init_parameters,
    loss_and_gradients,
    sigmoid,
    softmax,
    unflatten_parameters,
)
from sklearn.datasets import load_digits
from sklearn.exceptions import ConvergenceWarning as SkConvergenceWarning
from sklearn.model_selection import train_test_split


@pytest.fixture(scope="module")
def digits():
    X, y = load_digits(return_X_y=True)
    X = X / 16.0
    return train_test_split(X, y, test_size=0.25, random_state=0, stratify=y)


def _relative_error(a, b):
    return np.max(np.abs(a - b)) / max(
        np.max(np.abs(a)), np.max(np.abs(b)), 1e-12
    )


# --- building blocks ---------------------------------------------------------------------


def test_sigmoid_and_softmax_match_scipy():
    from scipy.special import expit
    from scipy.special import softmax as sp_softmax

    z = np.linspace(-800, 800, 101)
    assert np.allclose(sigmoid(z), expit(z), rtol=1e-14, atol=1e-300)
    Z = np.random.default_rng(0).normal(scale=50, size=(7, 5))
    assert np.allclose(
        softmax(Z), sp_softmax(Z, axis=1), rtol=1e-12, atol=1e-300
    )


@pytest.mark.parametrize("name", ["tanh", "relu", "sigmoid", "identity"])
def test_activation_derivative_matches_central_differences(name):
    Z = (
        np.random.default_rng(1).normal(size=(4, 3)) + 0.05
    )  # avoid ReLU's kink at 0
    numeric = (activation(name, Z + 1e-6) - activation(name, Z - 1e-6)) / 2e-6
    assert np.allclose(activation_derivative(name, Z), numeric, atol=1e-8)


def test_logistic_is_scikit_learns_name_for_sigmoid():
    Z = np.random.default_rng(2).normal(scale=3, size=(5, 4))
    for function in (activation, activation_derivative):
        assert np.array_equal(function("logistic", Z), function("sigmoid", Z))
    same = [
        init_parameters((3, 4, 1), name, random_state=0)[0][0]
        for name in ("logistic", "sigmoid")
    ]
    assert np.array_equal(*same)
    with pytest.raises(ValueError, match="'tanh'"):
        activation("softplus", Z)


def test_cross_entropy_matches_sklearn_log_loss():
    from sklearn.metrics import log_loss

    rng = np.random.default_rng(2)
    P = softmax(rng.normal(size=(20, 4)))
    y = rng.integers(0, 4, size=20)
    assert (
        abs(cross_entropy(P, np.eye(4)[y]) - log_loss(y, P, labels=range(4)))
        < 1e-12
    )
    p = sigmoid(rng.normal(size=(20, 1)))
    t = rng.integers(0, 2, size=20)
    assert abs(cross_entropy(p, t[:, None]) - log_loss(t, p[:, 0])) < 1e-12


def test_glorot_initialization_bounds_and_shapes():
    coefs, intercepts = init_parameters((5, 7, 3), "tanh", random_state=0)
    assert [W.shape for W in coefs] == [(5, 7), (7, 3)]
    assert [b.shape for b in intercepts] == [(7,), (3,)]
    assert np.all(np.abs(coefs[0]) <= np.sqrt(6 / 12)) and np.all(
        intercepts[0] == 0
    )
    big, _ = init_parameters((200, 300, 1), "tanh", random_state=0)
    # a uniform variable on [-r, r] has variance r^2 / 3 = 2 / (fan_in + fan_out)
    assert abs(big[0].var() - 2 / 500) < 0.05 * 2 / 500


def test_sigmoid_units_start_four_times_wider():
    """Four times Glorot's r for sigmoid units, as Bengio (2012)
    recommends: their slope at 0 is a quarter of tanh's."""
    sizes = (300, 200, 1)
    tanh, _ = init_parameters(sizes, "tanh", random_state=0)
    wide, _ = init_parameters(sizes, "sigmoid", random_state=0)
    assert np.allclose(wide[0], 4 * tanh[0], rtol=1e-15, atol=0)
    assert np.all(np.abs(wide[0]) <= 4 * np.sqrt(6 / 500))
    assert abs(wide[0].var() - 16 * 2 / 500) < 0.05 * 16 * 2 / 500


def test_he_initialization_for_relu_units():
    """He's start: uniform on [-r, r] with r = sqrt(6 / fan_in), variance
    2 / fan_in; the default for relu units, and on request for others."""
    big, _ = init_parameters((300, 200, 1), "relu", random_state=0)
    assert np.all(np.abs(big[0]) <= np.sqrt(6 / 300))
    assert abs(big[0].var() - 2 / 300) < 0.05 * 2 / 300
    same, _ = init_parameters((300, 200, 1), "tanh", random_state=0, init="he")
    assert np.array_equal(same[0], big[0])
    glorot, _ = init_parameters(
        (300, 200, 1), "relu", random_state=0, init="glorot"
    )
    assert abs(glorot[0].var() - 2 / 500) < 0.05 * 2 / 500
    with pytest.raises(ValueError, match="'init' parameter"):
        init_parameters((3, 2), init="xavier")


def test_he_start_keeps_the_scale_of_relu_scores():
    """The variance argument of eq-mlp-he: through ten relu layers of equal
    width, He's start keeps the mean square of the scores within a factor
    of 2; Glorot's halves it at every layer."""
    X = np.random.default_rng(0).normal(size=(2000, 64))
    sizes = (64,) + (256,) * 10
    scales = {}
    for init in ("he", "glorot"):
        W, b = init_parameters(sizes + (1,), "relu", random_state=1, init=init)
        Zs, _ = forward(W, b, X, "relu")
        scales[init] = np.array([np.mean(Z**2) for Z in Zs[:-1]])
    he, glorot = scales["he"], scales["glorot"]
    assert np.all((he / he[0] > 0.5) & (he / he[0] < 2))
    per_layer = (glorot[-1] / glorot[0]) ** (1 / 9)
    assert 0.4 < per_layer < 0.6
    assert np.all(glorot[1:] < glorot[:-1])


def test_flatten_round_trip():
    coefs, intercepts = init_parameters((3, 4, 2), random_state=0)
    theta = flatten_parameters(coefs, intercepts)
    assert theta.size == 3 * 4 + 4 + 4 * 2 + 2
    back_W, back_b = unflatten_parameters(theta, coefs, intercepts)
    for a, b in zip(back_W + back_b, coefs + intercepts):
        assert np.array_equal(a, b)
    with pytest.raises(ValueError, match="must have 26 entries"):
        unflatten_parameters(theta[:-1], coefs, intercepts)


# --- backpropagation against the numerical gradient ---------------------------------------

ARCHITECTURES = [(3, 1), (3, 5, 1), (4, 6, 3), (2, 4, 5, 3), (5, 3, 4, 2, 1)]


@pytest.mark.parametrize("name", ["tanh", "relu", "sigmoid", "identity"])
@pytest.mark.parametrize("sizes", ARCHITECTURES)
@pytest.mark.parametrize("alpha", [0.0, 0.3])
def test_backprop_matches_numerical_gradient(name, sizes, alpha):
    rng = np.random.default_rng(sum(sizes) + len(name))
    coefs, intercepts = init_parameters(sizes, name, rng)
    intercepts = [rng.normal(scale=0.5, size=b.shape) for b in intercepts]
    X = rng.normal(size=(9, sizes[0]))
    k = sizes[-1]
    Y = (
        rng.integers(0, 2, size=(9, 1)).astype(float)
        if k == 1
        else np.eye(k)[rng.integers(0, k, 9)]
    )

    def loss_of(theta):
        W, b = unflatten_parameters(theta, coefs, intercepts)
        return loss_and_gradients(W, b, X, Y, name, alpha)[0]

    _, dW, db = loss_and_gradients(coefs, intercepts, X, Y, name, alpha)
    analytic = flatten_parameters(dW, db)
    numeric = numerical_gradient(
        loss_of, flatten_parameters(coefs, intercepts)
    )
    assert _relative_error(analytic, numeric) < 1e-6


def test_backward_equals_plain_per_sample_loop():
    """The vectorized batch gradient is the mean of per-sample gradients (a loop over rows)."""
    rng = np.random.default_rng(5)
    coefs, intercepts = init_parameters((3, 4, 3), "tanh", rng)
    X, Y = rng.normal(size=(6, 3)), np.eye(3)[rng.integers(0, 3, 6)]
    _, dW, db = loss_and_gradients(coefs, intercepts, X, Y)
    sums = [np.zeros_like(a) for a in dW + db]
    for i in range(6):
        _, w_i, b_i = loss_and_gradients(
            coefs, intercepts, X[i : i + 1], Y[i : i + 1]
        )
        sums = [s + g / 6 for s, g in zip(sums, w_i + b_i)]
    for s, g in zip(sums, dW + db):
        assert np.allclose(s, g, rtol=1e-12, atol=1e-15)


def test_forward_shapes_and_probabilities():
    coefs, intercepts = init_parameters((4, 5, 3), random_state=0)
    Zs, As = forward(coefs, intercepts, np.ones((7, 4)))
    assert [Z.shape for Z in Zs] == [(7, 5), (7, 3)] and len(As) == 3
    assert np.allclose(As[-1].sum(axis=1), 1.0)
    grads = backward(coefs, Zs, As, np.eye(3)[[0] * 7])
    assert [g.shape for g in grads[0]] == [(4, 5), (5, 3)]


# --- the estimator ---------------------------------------------------------------------------


def test_default_tanh_network_solves_xor_from_most_seeds():
    X, y = xor_points()
    solved = [
        MLPClassifier(hidden_layer_sizes=(4,), random_state=seed)
        .fit(X, y)
        .score(X, y)
        == 1.0
        for seed in range(20)
    ]
    assert sum(solved) >= 18
    model = MLPClassifier(random_state=0).fit(X, y)
    assert np.array_equal(model.predict(X), y)
    assert model.loss_curve_[-1] < 0.05


def test_xor_with_string_labels_and_noisy_xor():
    X, y = xor_points()
    labels = np.where(y > 0, "differ", "same")
    model = MLPClassifier(random_state=1).fit(X, labels)
    assert list(model.classes_) == ["differ", "same"]
    assert np.array_equal(model.predict(X), labels)
    Xn, yn = make_xor(200, noise=0.3, random_state=0)
    Xt, yt = make_xor(400, noise=0.3, random_state=1)
    assert (
        MLPClassifier(hidden_layer_sizes=(8,), max_iter=50, random_state=0)
        .fit(Xn, yn)
        .score(Xt, yt)
        > 0.9
    )


def test_digits_default_reaches_97_percent(digits):
    Xtr, Xte, ytr, yte = digits
    model = MLPClassifier(hidden_layer_sizes=(64,), random_state=0)
    assert model.fit(Xtr, ytr).score(Xte, yte) >= 0.97


def test_loss_from_scores_matches_sklearn_away_from_the_clip():
    from sklearn.metrics import log_loss

    rng = np.random.default_rng(3)
    Z = rng.normal(scale=3.0, size=(20, 4))
    y = rng.integers(0, 4, size=20)
    ours = cross_entropy_from_scores(Z, np.eye(4)[y])
    assert abs(ours - log_loss(y, softmax(Z), labels=range(4))) < 1e-12
    z = rng.normal(scale=3.0, size=(20, 1))
    t = rng.integers(0, 2, size=20)
    ours = cross_entropy_from_scores(z, t[:, None])
    assert abs(ours - log_loss(t, sigmoid(z)[:, 0])) < 1e-12
    # past the clip the probability loss stops at -ln eps, as scikit-learn's
    # does; the score's does not
    wrong = np.array([[-60.0]])
    capped = cross_entropy(sigmoid(wrong), [[1.0]])
    assert abs(capped - log_loss([1], [0.0], labels=[0, 1])) < 1e-9
    assert round(capped, 1) == 36.0
    assert cross_entropy_from_scores(wrong, [[1.0]]) == 60.0


@pytest.mark.parametrize("w", [35.0, 40.0, 60.0])
@pytest.mark.parametrize("outputs", [1, 2])
def test_gradient_check_holds_at_a_confident_mistake(w, outputs):
    """No hidden layer, x = -1, target class 1, weight w: the network is
    sure of the wrong class, and the loss (about w) still has slope 1."""
    X = np.array([[-1.0]])
    if outputs == 1:
        coefs, Y = [np.array([[w]])], np.array([[1.0]])
    else:  # softmax: class 1's score is -w, class 0's is w
        coefs, Y = [np.array([[-w, w]])], np.array([[0.0, 1.0]])
    intercepts = [np.zeros(outputs)]

    def loss_of(theta):
        W, b = unflatten_parameters(theta, coefs, intercepts)
        return loss_and_gradients(W, b, X, Y)[0]

    loss, dW, db = loss_and_gradients(coefs, intercepts, X, Y)
    assert loss > w - 1e-9
    numeric = numerical_gradient(
        loss_of, flatten_parameters(coefs, intercepts)
    )
    analytic = flatten_parameters(dW, db)
    assert np.abs(analytic).max() > 0.99
    assert _relative_error(analytic, numeric) < 1e-6


def _sklearn_from(sk, start, X, y):
    """scikit-learn's network ``sk`` trained from our starting weights
    ``start``: one pass creates its attributes, then ``coefs_`` and
    ``intercepts_`` are set to ours and ``warm_start`` trains from them."""
    passes = sk.max_iter
    sk.set_params(warm_start=True, max_iter=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SkConvergenceWarning)
        sk.fit(X, y)
        sk.coefs_ = [W.copy() for W in start[0]]
        sk.intercepts_ = [b.copy() for b in start[1]]
        sk.set_params(max_iter=passes)
        sk.fit(X, y)
    return sk


@pytest.mark.parametrize(
    "activation, hidden, classes, alpha",
    [
        ("tanh", (64,), 10, 0.0),
        ("relu", (8, 5), 3, 0.0),
        ("logistic", (6,), 2, 0.0),
        ("tanh", (7,), 2, 0.32),
    ],
)
def test_same_start_same_steps_as_sklearn(
    digits, activation, hidden, classes, alpha, api_recipe
):
    """From the same weights and the same batches (no shuffling), our
    network takes the same SGD steps as scikit-learn's: this tests the
    gradients and the momentum updates, not only the accuracy."""
    Xtr, _, ytr, _ = digits
    keep = ytr < classes
    n = min(640, 32 * (int(keep.sum()) // 32))  # whole batches of 32
    X, y = Xtr[keep][:n], ytr[keep][:n]
    outputs = 1 if classes == 2 else classes
    start = init_parameters((64, *hidden, outputs), activation, random_state=1)
    start = (start[0], [np.full(b.shape, 0.1) for b in start[1]])
    ours, sk = api_recipe("MLPClassifier", a=alpha / 32, m=5)
    # the page's settings, on other networks too ("logistic" as scikit-learn's)
    for model in (ours, sk):
        model.set_params(hidden_layer_sizes=hidden, activation=activation)
    ours.fit(X, y, coefs_init=start[0], intercepts_init=start[1])
    sk = _sklearn_from(sk, start, X, y)
    for a, b in zip(
        ours.coefs_ + ours.intercepts_, sk.coefs_ + sk.intercepts_
    ):
        assert np.allclose(a, b, rtol=0, atol=1e-12)
    assert np.allclose(ours.predict_proba(X), sk.predict_proba(X), atol=1e-12)


def test_predict_proba_and_decision_function(digits):
    Xtr, Xte, ytr, yte = digits
    model = MLPClassifier(
        hidden_layer_sizes=(16,), max_iter=5, random_state=0
    ).fit(Xtr, ytr)
    P = model.predict_proba(Xte)
    assert P.shape == (len(Xte), 10) and np.allclose(P.sum(axis=1), 1)
    assert np.array_equal(model.classes_[P.argmax(axis=1)], model.predict(Xte))
    assert np.allclose(softmax(model.decision_function(Xte)), P)
    X, y = xor_points()
    binary = MLPClassifier(random_state=0).fit(X, y)
    scores = binary.decision_function(X)
    assert scores.shape == (4,)
    assert np.allclose(binary.predict_proba(X)[:, 1], sigmoid(scores))
    assert np.array_equal(np.where(scores > 0, 1, -1), binary.predict(X))


def test_deterministic_for_a_given_random_state(digits):
    Xtr, _, ytr, _ = digits
    a = MLPClassifier(hidden_layer_sizes=(8,), max_iter=3, random_state=7).fit(
        Xtr, ytr
    )
    b = MLPClassifier(hidden_layer_sizes=(8,), max_iter=3, random_state=7).fit(
        Xtr, ytr
    )
    c = MLPClassifier(hidden_layer_sizes=(8,), max_iter=3, random_state=8).fit(
        Xtr, ytr
    )
    assert all(
        np.array_equal(p, q)
        for p, q in zip(a.coefs_ + a.intercepts_, b.coefs_ + b.intercepts_)
    )
    assert a.loss_curve_ == b.loss_curve_
    assert not np.array_equal(a.coefs_[0], c.coefs_[0])


def test_one_step_is_one_gradient_step():
    """With momentum 0, one full-batch pass moves the weights by -learning_rate * gradient."""
    X, y = xor_points()
    W0, b0 = init_parameters((2, 3, 1), random_state=3)
    model = MLPClassifier(
        hidden_layer_sizes=(3,),
        momentum=0.0,
        learning_rate=0.5,
        max_iter=1,
        batch_size=4,
        shuffle=False,
    ).fit(X, y, coefs_init=W0, intercepts_init=b0)
    _, dW, _ = loss_and_gradients(W0, b0, X, (y > 0).astype(float)[:, None])
    for W_new, W_old, g in zip(model.coefs_, W0, dW):
        assert np.allclose(W_new, W_old - 0.5 * g, rtol=1e-13, atol=1e-15)


def test_symmetric_start_stays_symmetric():
    X, y = xor_points()
    W0 = [np.full((2, 3), 0.5), np.full((3, 1), 0.5)]
    b0 = [np.zeros(3), np.zeros(1)]
    model = MLPClassifier(hidden_layer_sizes=(3,), max_iter=100).fit(
        X, y, coefs_init=W0, intercepts_init=b0
    )
    W1 = model.coefs_[0]
    assert np.allclose(
        W1, W1[:, :1]
    )  # every hidden unit is still the same unit
    assert model.score(X, y) < 1.0


def test_l2_penalty_shrinks_weights(digits):
    Xtr, _, ytr, _ = digits
    free = MLPClassifier(
        hidden_layer_sizes=(16,), max_iter=10, random_state=0
    ).fit(Xtr, ytr)
    penalized = MLPClassifier(
        hidden_layer_sizes=(16,), max_iter=10, alpha=0.01, random_state=0
    ).fit(Xtr, ytr)
    assert sum(np.sum(W**2) for W in penalized.coefs_) < 0.5 * sum(
        np.sum(W**2) for W in free.coefs_
    )


def test_early_stopping_keeps_the_pass_of_lowest_validation_loss(digits):
    Xtr, _, ytr, _ = digits
    model = MLPClassifier(
        hidden_layer_sizes=(16,),
        max_iter=200,
        early_stopping=True,
        n_iter_no_change=5,
        learning_rate=0.3,
        random_state=0,
    ).fit(Xtr[:300], ytr[:300])
    losses = model.validation_loss_curve_
    assert (
        len(losses)
        == model.n_iter_
        == len(model.loss_curve_)
        == len(model.validation_scores_)
    )
    assert model.n_iter_ < 200
    assert model.best_iteration_ == int(np.argmin(losses)) + 1
    assert model.n_iter_ - model.best_iteration_ == 5
    # the kept weights are those of the best pass: refit for that many
    # passes (same seed, same split) and compare
    again = MLPClassifier(
        hidden_layer_sizes=(16,),
        max_iter=model.best_iteration_,
        early_stopping=True,
        n_iter_no_change=200,
        learning_rate=0.3,
        random_state=0,
    ).fit(Xtr[:300], ytr[:300])
    assert again.best_iteration_ == model.best_iteration_
    for a, b in zip(model.coefs_, again.coefs_):
        assert np.array_equal(a, b)
    plain = MLPClassifier(
        hidden_layer_sizes=(16,), max_iter=4, random_state=0
    ).fit(Xtr, ytr)
    assert plain.validation_scores_ is None and plain.n_iter_ == 4


def test_no_hidden_layer_is_logistic_regression():
    from sklearn.linear_model import LogisticRegression

    rng = np.random.default_rng(0)
    X = rng.normal(size=(200, 2))
    y = (X @ [1.5, -1.0] + 0.3 + rng.normal(size=200) > 0).astype(int)
    model = MLPClassifier(
        hidden_layer_sizes=(),
        learning_rate=0.1,
        batch_size=200,
        max_iter=2000,
        momentum=0.9,
        shuffle=False,
        random_state=0,
    ).fit(X, y)
    sk = LogisticRegression(C=np.inf, tol=1e-10, max_iter=1000).fit(X, y)
    assert np.allclose(model.coefs_[0][:, 0], sk.coef_[0], atol=1e-4)
    assert np.allclose(model.intercepts_[0], sk.intercept_, atol=1e-4)


# --- bad input -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"hidden_layer_sizes": (0,)}, "whole numbers of at least 1"),
        ({"hidden_layer_sizes": (2.5,)}, "whole numbers of at least 1"),
        ({"hidden_layer_sizes": "64"}, "'hidden_layer_sizes' parameter"),
        ({"activation": "softplus"}, "'activation' parameter"),
        ({"learning_rate": -0.1}, "'learning_rate' parameter"),
        ({"learning_rate": "fast"}, "'learning_rate' parameter"),
        ({"momentum": 1.0}, "'momentum' parameter"),
        ({"max_iter": 0}, "'max_iter' parameter"),
        ({"batch_size": 3.0}, "'batch_size' parameter"),
        ({"alpha": -1.0}, "'alpha' parameter"),
        ({"validation_fraction": 1.0}, "'validation_fraction' parameter"),
        ({"early_stopping": "yes"}, "'early_stopping' parameter"),
        ({"random_state": "seed"}, "'random_state' parameter"),
        ({"tol": 0.0}, "'tol' parameter"),
    ],
)
def test_bad_hyper_parameters(kwargs, message):
    X, y = xor_points()
    with pytest.raises(ValueError, match=message):
        MLPClassifier(**kwargs).fit(X, y)


def test_bad_data():
    X, y = xor_points()
    with pytest.raises(ValueError, match="Reshape your data"):
        MLPClassifier().fit(X[:, 0], y)
    with pytest.raises(ValueError, match="Input X contains NaN"):
        MLPClassifier().fit(np.array([[0, np.nan], [1, 1.0]]), [0, 1])
    with pytest.raises(ValueError, match="inconsistent numbers of samples"):
        MLPClassifier().fit(X, y[:3])
    with pytest.raises(ValueError, match="1 class"):
        MLPClassifier().fit(X, np.ones(4))
    with pytest.raises(ValueError, match="values up to 1e\\+200"):
        MLPClassifier().fit(X * 1e200, y)
    with pytest.raises(NotFittedError, match="not fitted"):
        MLPClassifier().predict(X)
    model = MLPClassifier(max_iter=1).fit(X, y)
    with pytest.raises(ValueError, match="expecting 2 features"):
        model.predict(np.ones((2, 3)))
    with pytest.raises(ValueError, match="inconsistent numbers of samples"):
        model.score(X, y[:2])


def test_bad_initial_weights_and_divergence():
    X, y = xor_points()
    with pytest.raises(
        ValueError, match="both coefs_init and intercepts_init"
    ):
        MLPClassifier(hidden_layer_sizes=(3,)).fit(
            X, y, coefs_init=[np.zeros((2, 3)), np.zeros((3, 1))]
        )
    with pytest.raises(
        ValueError, match="layer 1: coefs_init must have shape"
    ):
        MLPClassifier(hidden_layer_sizes=(3,)).fit(
            X,
            y,
            coefs_init=[np.zeros((3, 3)), np.zeros((3, 1))],
            intercepts_init=[np.zeros(3), np.zeros(1)],
        )
    with pytest.raises(ValueError, match="one array per layer"):
        MLPClassifier(hidden_layer_sizes=(3,)).fit(
            X, y, coefs_init=[np.zeros((2, 3))], intercepts_init=[np.zeros(3)]
        )
    with pytest.raises(ValueError, match="not finite"):
        MLPClassifier(
            hidden_layer_sizes=(8,),
            activation="identity",
            learning_rate=1e6,
            momentum=0.0,
            random_state=0,
        ).fit(X * 1e3, y)


def test_one_sigmoid_and_softmax_for_the_library():
    from mlcourse import logistic_regression

    assert sigmoid is logistic_regression.sigmoid
    assert softmax is logistic_regression.softmax
    assert sigmoid(0.0) == 0.5 and isinstance(sigmoid(0.0), float)


def test_learning_rate_may_be_a_function_of_the_step_number():
    from mlcourse.gradient_descent import InverseLinear

    rng = np.random.default_rng(0)
    X, y = rng.normal(size=(40, 2)), np.arange(40) % 2
    settings = dict(hidden_layer_sizes=(3,), momentum=0.0, random_state=1)
    settings.update(max_iter=3, batch_size=40, shuffle=False)
    scheduled = MLPClassifier(learning_rate=InverseLinear(0.5), **settings)
    scheduled.fit(X, y)
    # the same three full-batch steps by hand, with eta_k = 0.5 / k
    coefs, intercepts = init_parameters((2, 3, 1), "tanh", 1)
    for k in range(1, 4):
        _, dW, db = loss_and_gradients(coefs, intercepts, X, y[:, None])
        coefs = [W - 0.5 / k * g for W, g in zip(coefs, dW)]
        intercepts = [b - 0.5 / k * g for b, g in zip(intercepts, db)]
    for ours, theirs in zip(scheduled.coefs_, coefs):
        np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-15)


def test_a_growing_loss_warns_that_training_diverged():
    X, y = load_digits(return_X_y=True)
    X = X[:300] / 16.0
    with pytest.warns(ConvergenceWarning, match="training diverged"):
        model = MLPClassifier(
            hidden_layer_sizes=(64,),
            learning_rate=1.0,
            max_iter=10,
            random_state=0,
        ).fit(X, y[:300])
    assert (
        not model.converged_ and model.loss_curve_[-1] > model.loss_curve_[0]
    )


def test_converged_is_scikit_learns_test_on_the_training_loss():
    X, y = xor_points()
    model = MLPClassifier(
        hidden_layer_sizes=(4,), max_iter=3000, random_state=0
    )
    model.fit(X, y)
    curve, m = model.loss_curve_, model.n_iter_no_change
    assert model.n_iter_ == 3000  # training runs every pass
    assert model.converged_ == (min(curve[-m:]) > min(curve[:-m]) - model.tol)
    short = MLPClassifier(hidden_layer_sizes=(4,), max_iter=5, random_state=0)
    assert not short.fit(X, y).converged_  # still learning fast


def test_an_unscaled_column_is_named_not_the_step_size(timestamp_data):
    """On a timestamp column the network settled at chance (0.50) without
    a word, or diverged with the advice to lower the step size."""
    X, y = timestamp_data()
    with pytest.warns(ConvergenceWarning, match="X is not standardized") as w:
        MLPClassifier(random_state=0, max_iter=20).fit(X, y)
    assert "column 10 spans [1.7e+09" in str(w[0].message)
    rng = np.random.default_rng(0)
    X3, X5 = rng.standard_normal((60, 3)), rng.standard_normal((60, 5))
    y3 = (X3[:, 0] > 0).astype(int)
    relu = MLPClassifier(random_state=0, activation="relu", learning_rate=10.0)
    with pytest.raises(ValueError, match="diverged") as raised:
        relu.fit(X5 * 1e3, y3)
    message = str(raised.value)
    assert (
        "X is not standardized" in message and "learning_rate" not in message
    )
    with pytest.raises(ValueError, match="lower learning_rate"):
        relu.fit(X5 * 10, y3)  # unit scale, give or take: the step's fault
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # scaled: no warning
        MLPClassifier(random_state=0, max_iter=20).fit(
            (X - X.mean(axis=0)) / X.std(axis=0), y
        )
