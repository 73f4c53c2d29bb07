"""Tests of mlcourse.perceptron_variants: voted, averaged, pocket, kernel and multi-class perceptrons."""

import tracemalloc
import warnings

import numpy as np
import pytest
from mlcourse import ConvergenceWarning, NotFittedError
from mlcourse.gradient_descent import InverseLinear
from mlcourse.perceptron import Perceptron, is_mistake, normalized_rows
from mlcourse.perceptron_variants import (
    AveragedPerceptron,
    KernelPerceptron,
    MulticlassPerceptron,
    PocketPerceptron,
    VotedPerceptron,
    averaged_perceptron_naive,
    averaged_perceptron_plain,
    kernel_perceptron_naive,
    lazy_average,
    linear_kernel,
    mistake_counts,
    multiclass_perceptron_naive,
    pocket_perceptron_naive,
    polynomial_features_2d,
    polynomial_kernel,
    rbf_kernel,
    voted_perceptron_naive,
)
from sklearn.datasets import load_digits
from sklearn.metrics.pairwise import polynomial_kernel as sk_poly
from sklearn.metrics.pairwise import rbf_kernel as sk_rbf

# fits on noisy data run out of passes; the tests that expect the warning
# catch it themselves
pytestmark = pytest.mark.filterwarnings("ignore::mlcourse.ConvergenceWarning")


def _noisy_data(seed, n=None, d=None, integer=False):
    rng = np.random.default_rng(seed)
    n = n or int(rng.integers(5, 150))
    d = d or int(rng.integers(1, 6))
    X = (
        rng.integers(-4, 5, size=(n, d)).astype(float)
        if integer
        else rng.standard_normal((n, d))
    )
    w = rng.standard_normal(d)
    y = np.where(X @ w + 0.5 * rng.standard_normal(n) > 0, 1.0, -1.0)
    y[:2] = [1.0, -1.0]
    return X, y


def _orders(n, passes, seed):
    rng = np.random.default_rng(seed)
    return [rng.permutation(n) for _ in range(passes)]


@pytest.fixture(scope="module")
def digits_pair():
    X, y = load_digits(return_X_y=True)
    keep = np.isin(y, [3, 5])
    return X[keep], y[keep]


# --- feature maps and kernels --------------------------------------------------------


def test_feature_map_inner_product_is_squared_inner_product():
    rng = np.random.default_rng(0)
    X, Z = rng.standard_normal((20, 2)), rng.standard_normal((15, 2))
    gram = polynomial_features_2d(X) @ polynomial_features_2d(Z).T
    np.testing.assert_allclose(gram, (X @ Z.T) ** 2, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(
        gram,
        polynomial_kernel(X, Z, degree=2, gamma=1.0, coef0=0.0),
        rtol=1e-12,
        atol=1e-12,
    )


def test_feature_map_turns_circle_into_plane():
    angles = np.linspace(0, 2 * np.pi, 50)
    circle = 1.7 * np.column_stack([np.cos(angles), np.sin(angles)])
    Z = polynomial_features_2d(circle)
    np.testing.assert_allclose(Z[:, 0] + Z[:, 2], 1.7**2, rtol=1e-12)
    np.testing.assert_allclose(
        polynomial_features_2d([[1.0, 2.0]]), [[1.0, 2 * np.sqrt(2), 4.0]]
    )


def test_kernels_match_scikit_learn():
    rng = np.random.default_rng(1)
    X, Z = rng.standard_normal((12, 4)), rng.standard_normal((7, 4))
    np.testing.assert_allclose(linear_kernel(X, Z), X @ Z.T)
    np.testing.assert_allclose(
        polynomial_kernel(X, Z, degree=3, gamma=0.5, coef0=2.0),
        sk_poly(X, Z, degree=3, gamma=0.5, coef0=2.0),
        rtol=1e-12,
    )
    np.testing.assert_allclose(
        rbf_kernel(X, Z, gamma=0.3), sk_rbf(X, Z, gamma=0.3), rtol=1e-12
    )
    np.testing.assert_allclose(np.diag(rbf_kernel(X)), 1.0)
    np.testing.assert_allclose(rbf_kernel(X), rbf_kernel(X).T)


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda: polynomial_features_2d(np.ones((3, 3))), "2 features"),
        (lambda: polynomial_features_2d(np.ones(2)), "Reshape your data"),
        (
            lambda: linear_kernel(np.ones((3, 2)), np.ones((3, 3))),
            "same number of features",
        ),
        (
            lambda: polynomial_kernel(np.ones((3, 2)), degree=0),
            "'degree' parameter of polynomial_kernel must be an int",
        ),
        (
            lambda: polynomial_kernel(np.ones((2, 2)), degree=2.5),
            "'degree' parameter of polynomial_kernel must be an int",
        ),
        (
            lambda: rbf_kernel(np.ones((3, 2)), gamma=-1.0),
            "'gamma' parameter of rbf_kernel must be a float",
        ),
        (lambda: rbf_kernel([[np.nan, 1.0]]), "Input X contains NaN"),
    ],
)
def test_kernel_bad_inputs(call, error):
    with pytest.raises(ValueError, match=error):
        call()


# --- averaged perceptron --------------------------------------------------------------


@pytest.mark.parametrize("seed", range(25))
def test_lazy_average_equals_plain_average(seed):
    X, y = _noisy_data(seed)
    passes = 1 + seed % 4
    orders = _orders(X.shape[0], passes, seed) if seed % 2 else None
    eta = [1.0, 0.3][seed % 3 == 0]
    fit_intercept = seed % 5 != 0
    coef, intercept = averaged_perceptron_naive(
        X, y, passes, eta, fit_intercept, orders
    )
    lazy_coef, lazy_b, *_ = lazy_average(
        X, y, passes, eta, fit_intercept, orders
    )
    np.testing.assert_allclose(lazy_coef, coef, rtol=1e-12, atol=1e-12)
    assert abs(lazy_b - intercept) <= 1e-12 * max(1.0, abs(intercept))


@pytest.mark.parametrize("seed", range(8))
def test_averaged_estimator_with_shuffle_equals_naive(seed):
    X, y = _noisy_data(100 + seed)
    model = AveragedPerceptron(
        max_iter=3, shuffle=True, random_state=seed
    ).fit(X, y)
    coef, intercept = averaged_perceptron_naive(
        X, y, 3, 1.0, True, _orders(X.shape[0], 3, seed)
    )
    np.testing.assert_allclose(model.coef_, coef, rtol=1e-12, atol=1e-12)
    assert model.intercept_ == pytest.approx(intercept, rel=1e-12, abs=1e-12)


def test_averaged_last_weights_are_the_perceptron_weights():
    X, y = _noisy_data(7, n=80, d=3)
    model = AveragedPerceptron(max_iter=4).fit(X, y)
    W, B, _ = voted_perceptron_naive(X, y, 4)
    np.testing.assert_allclose(model.last_coef_, W[-1], rtol=1e-12, atol=1e-12)
    assert model.n_updates_ == W.shape[0] - 1


@pytest.mark.parametrize("passes", [1, 3, 10])
def test_averaged_equals_sklearn_averaged_sgd_on_digits(
    digits_pair, passes, api_recipe
):
    X, y = digits_pair
    model, reference = api_recipe("AveragedPerceptron", m=passes)
    model.fit(X, y)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reference.fit(X, y)
    np.testing.assert_allclose(
        model.coef_, reference.coef_[0], rtol=1e-9, atol=1e-9
    )
    assert model.intercept_ == pytest.approx(
        reference.intercept_[0], rel=1e-9, abs=1e-9
    )
    np.testing.assert_array_equal(model.predict(X), reference.predict(X))
    np.testing.assert_array_equal(model.classes_, reference.classes_)


def test_averaged_with_string_labels_and_score():
    X, y = _noisy_data(3, n=60, d=2)
    labels = np.where(y > 0, "spam", "ham")
    model = AveragedPerceptron(max_iter=5).fit(X, labels)
    assert set(model.predict(X)) <= {"spam", "ham"}
    assert model.classes_.tolist() == ["ham", "spam"]
    assert model.score(X, labels) == pytest.approx(
        np.mean(model.predict(X) == labels)
    )


def test_averaged_coef_init_shifts_the_start():
    X, y = _noisy_data(11, n=50, d=2)
    start = np.array([0.5, -0.25])
    model = AveragedPerceptron(max_iter=2).fit(
        X, y, coef_init=start, intercept_init=0.5
    )
    # the plain average computed by hand from the same start
    w, b, history = start.copy(), 0.5, []
    for _ in range(2):
        for i in range(X.shape[0]):
            if y[i] * (w @ X[i] + b) <= 0:
                w, b = w + y[i] * X[i], b + y[i]
            history.append(np.append(w, b))
    mean = np.mean(history, axis=0)
    np.testing.assert_allclose(model.coef_, mean[:2], rtol=1e-12, atol=1e-12)
    assert model.intercept_ == pytest.approx(mean[2], abs=1e-12)


# --- voted perceptron -----------------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_voted_estimator_equals_naive(seed):
    X, y = _noisy_data(200 + seed)
    passes = 1 + seed % 4
    shuffle = bool(seed % 2)
    model = VotedPerceptron(
        max_iter=passes, shuffle=shuffle, random_state=seed
    ).fit(X, y)
    orders = _orders(X.shape[0], passes, seed) if shuffle else None
    W, B, C = voted_perceptron_naive(X, y, passes, 1.0, True, orders)
    np.testing.assert_allclose(model.weights_, W, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(model.intercepts_, B, rtol=1e-12, atol=1e-12)
    np.testing.assert_array_equal(model.counts_, C)
    assert C.sum() == passes * X.shape[0]
    # the voted prediction, written out
    Z = np.random.default_rng(seed).standard_normal((30, X.shape[1]))
    vote = sum(c * np.sign(Z @ w + b) for w, b, c in zip(W, B, C))
    np.testing.assert_array_equal(
        model.predict(Z), np.where(vote > 0, 1.0, -1.0)
    )


def test_voted_without_sign_is_the_averaged_perceptron():
    X, y = _noisy_data(5, n=120, d=4)
    voted = VotedPerceptron(max_iter=3).fit(X, y)
    averaged = AveragedPerceptron(max_iter=3).fit(X, y)
    np.testing.assert_allclose(
        voted.coef_, averaged.coef_, rtol=1e-12, atol=1e-12
    )
    assert voted.intercept_ == pytest.approx(averaged.intercept_, abs=1e-12)


def test_voted_decision_function_is_a_fraction_of_votes(digits_pair):
    X, y = digits_pair
    model = VotedPerceptron(max_iter=2).fit(X, y)
    scores = model.decision_function(X)
    assert np.all(np.abs(scores) <= 1.0 + 1e-12)
    assert model.score(X, y) > 0.95


# --- the pocket algorithm -------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_pocket_equals_brute_force_bit_for_bit(seed):
    X, y, passes, orders, eta, fit_intercept = _exactness_problem(seed)
    model = PocketPerceptron(
        **_run_settings(passes, orders, eta, fit_intercept, seed),
    ).fit(X, y)
    w, b, mistakes = pocket_perceptron_naive(
        X, y, passes, eta, fit_intercept, orders
    )
    np.testing.assert_array_equal(model.coef_, w)
    assert model.intercept_ == b and model.pocket_mistakes_ == mistakes
    W, B, _ = voted_perceptron_naive(X, y, passes, eta, fit_intercept, orders)
    np.testing.assert_array_equal(model.last_coef_, W[-1])
    assert model.last_intercept_ == B[-1] and model.n_updates_ == len(W) - 1


@pytest.mark.parametrize("seed", range(10))
def test_pocket_holds_the_first_vector_with_the_fewest_mistakes(seed):
    X, y = _noisy_data(900 + seed, n=200, d=3)
    y[::9] *= -1  # not separable
    runs = dict(max_iter=4, shuffle=True, random_state=seed)
    model = PocketPerceptron(**runs).fit(X, y)
    voted = VotedPerceptron(**runs).fit(X, y)  # every vector of the run
    scores = X @ voted.weights_.T + voted.intercepts_
    counts = np.sum(y[:, None] * scores <= 0, axis=0)
    k = int(np.argmin(counts))
    assert model.pocket_update_ == k and model.pocket_mistakes_ == counts[k]
    np.testing.assert_array_equal(model.coef_, voted.weights_[k])
    assert model.pocket_mistakes_ == np.sum(model.predict(X) != y)
    assert counts.min() < counts[-1]  # better than the last vector here


def test_pocket_on_separable_data_is_the_perceptron(digits_pair):
    X, y = digits_pair
    model = PocketPerceptron(max_iter=20).fit(X, y)
    plain = Perceptron(max_iter=20).fit(X, y)
    assert plain.converged_ and model.converged_
    assert model.pocket_mistakes_ == 0 and model.score(X, y) == 1.0
    np.testing.assert_array_equal(model.coef_, plain.coef_)
    np.testing.assert_array_equal(model.last_coef_, plain.coef_)
    assert model.pocket_update_ == model.n_updates_ == plain.n_updates_


def test_mistake_counts_decide_ties_by_the_mistake_rule(monkeypatch):
    import mlcourse.perceptron_variants as variants

    X, y = _noisy_data(31, n=60, d=3, integer=True)
    V = np.vstack([np.zeros(4), [1.0, 0.0, 0.0, 0.0], [1.0, -1.0, 2.0, 1.0]])
    Z = normalized_rows(X, y)
    counts = mistake_counts(Z, X, y, V, 4.0)
    rule = [sum(map(is_mistake, X, y, [v[:3]] * 60, [v[3]] * 60)) for v in V]
    np.testing.assert_array_equal(counts, rule)
    assert counts[0] == 60  # every score of w = 0 is a tie, a mistake
    monkeypatch.setattr(variants, "PREDICT_CHUNK", 70)  # one vector a time
    np.testing.assert_array_equal(mistake_counts(Z, X, y, V, 4.0), rule)


# --- kernel perceptron ----------------------------------------------------------------


def _primal_perceptron(X, y, passes, fit_intercept=True):
    w, b = np.zeros(X.shape[1]), 0.0
    for _ in range(passes):
        mistakes = 0
        for i in range(X.shape[0]):
            if y[i] * (w @ X[i] + b) <= 0:
                w, b = w + y[i] * X[i], b + (y[i] if fit_intercept else 0.0)
                mistakes += 1
        if mistakes == 0:
            break
    return w, b


@pytest.mark.parametrize("seed", range(12))
def test_linear_kernel_perceptron_equals_primal_perceptron(seed):
    X, y = _noisy_data(300 + seed, integer=True)
    fit_intercept = seed % 3 != 0
    model = KernelPerceptron(
        kernel="linear", max_iter=6, fit_intercept=fit_intercept
    ).fit(X, y)
    w, b = _primal_perceptron(X, y, 6, fit_intercept)
    np.testing.assert_allclose(model.dual_coef_ @ X, w, atol=1e-9)
    assert model.intercept_ == pytest.approx(b, abs=1e-9)
    Z = np.random.default_rng(seed).standard_normal((40, X.shape[1]))
    np.testing.assert_allclose(
        model.decision_function(Z), Z @ w + b, atol=1e-8
    )


def test_linear_kernel_perceptron_equals_mlcourse_perceptron():
    perceptron = pytest.importorskip("mlcourse.perceptron")
    X, y = _noisy_data(17, n=90, d=3, integer=True)
    with warnings.catch_warnings():
        warnings.simplefilter(
            "ignore"
        )  # the data need not be separable: 5 passes either way
        primal = perceptron.Perceptron(max_iter=5).fit(X, y)
    dual = KernelPerceptron(kernel="linear", max_iter=5).fit(X, y)
    np.testing.assert_allclose(dual.dual_coef_ @ X, primal.coef_, atol=1e-9)
    assert dual.intercept_ == pytest.approx(primal.intercept_, abs=1e-9)


@pytest.mark.parametrize("kernel", ["poly", "rbf"])
@pytest.mark.parametrize("seed", range(5))
def test_kernel_perceptron_equals_naive_dual_loop(kernel, seed):
    X, y = _noisy_data(400 + seed, n=40, d=2)
    model = KernelPerceptron(
        kernel=kernel, max_iter=4, gamma=0.7, shuffle=True, random_state=seed
    ).fit(X, y)
    K, _ = model._gram(X, X)
    alpha, b = kernel_perceptron_naive(
        K, y, 4, 1.0, True, _orders(40, 4, seed)
    )
    np.testing.assert_allclose(model.alpha_, alpha)
    assert model.intercept_ == pytest.approx(b)


def test_quadratic_kernel_separates_circles_and_xor():
    from mlcourse.datasets import make_xor
    from sklearn.datasets import make_circles

    X, y = make_circles(200, factor=0.4, noise=0.05, random_state=0)
    model = KernelPerceptron(kernel="poly", degree=2, max_iter=50).fit(X, y)
    assert model.converged_ and model.score(X, y) == 1.0
    Xx, yx = make_xor(200, noise=0.2, random_state=0)
    assert (
        KernelPerceptron(kernel="rbf", gamma=2.0, max_iter=50)
        .fit(Xx, yx)
        .score(Xx, yx)
        == 1.0
    )
    assert AveragedPerceptron(max_iter=20).fit(Xx, yx).score(Xx, yx) < 0.8


def test_callable_kernel_and_explicit_feature_map_agree():
    from sklearn.datasets import make_circles

    X, y = make_circles(100, factor=0.5, noise=0.05, random_state=1)
    square = KernelPerceptron(
        kernel=lambda A, B: (A @ B.T) ** 2, max_iter=20
    ).fit(X, y)
    mapped = KernelPerceptron(kernel="linear", max_iter=20).fit(
        polynomial_features_2d(X), y
    )
    np.testing.assert_allclose(square.alpha_, mapped.alpha_)


def test_bad_kernel_choices():
    X, y = _noisy_data(1, n=10, d=2)
    with pytest.raises(
        ValueError, match="'kernel' parameter of KernelPerceptron"
    ):
        KernelPerceptron(kernel="cubic").fit(X, y)
    with pytest.raises(ValueError, match="shape"):
        KernelPerceptron(kernel=lambda A, B: np.ones(3)).fit(X, y)


# --- multi-class perceptron -----------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_multiclass_equals_naive(seed):
    rng = np.random.default_rng(500 + seed)
    n, d, m = (
        int(rng.integers(10, 120)),
        int(rng.integers(1, 5)),
        int(rng.integers(2, 5)),
    )
    X = rng.integers(-3, 4, size=(n, d)).astype(float)
    y = rng.integers(0, m, size=n)
    y[:m] = np.arange(m)
    average = bool(seed % 2)
    shuffle = seed % 3 == 0
    model = MulticlassPerceptron(
        max_iter=3, average=average, shuffle=shuffle, random_state=seed
    ).fit(X, y)
    orders = _orders(n, 3, seed) if shuffle else None
    W, b = multiclass_perceptron_naive(X, y, m, 3, 1.0, True, orders, average)
    np.testing.assert_allclose(model.coef_, W, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(model.intercept_, b, rtol=1e-12, atol=1e-12)


def test_multiclass_on_digits():
    X, y = load_digits(return_X_y=True)
    model = MulticlassPerceptron(max_iter=5, average=True).fit(X, y)
    assert model.coef_.shape == (10, 64)
    assert model.score(X, y) > 0.95
    np.testing.assert_array_equal(model.classes_, np.arange(10))


def test_multiclass_with_two_classes_matches_binary_perceptron_difference():
    X, y = _noisy_data(9, n=70, d=3, integer=True)
    model = MulticlassPerceptron(max_iter=4).fit(X, y)
    # with two classes, the difference of the two weight vectors follows the binary rule with step 2
    w, b = np.zeros(3), 0.0
    for _ in range(4):
        for i in range(X.shape[0]):
            if y[i] * (w @ X[i] + b) <= 0:
                w, b = w + 2 * y[i] * X[i], b + 2 * y[i]
    np.testing.assert_allclose(model.coef_[1] - model.coef_[0], w)
    assert model.intercept_[1] - model.intercept_[0] == pytest.approx(b)


# --- bad inputs and the estimator contract --------------------------------------------

ESTIMATORS = [
    AveragedPerceptron,
    VotedPerceptron,
    PocketPerceptron,
    KernelPerceptron,
    MulticlassPerceptron,
]


@pytest.mark.parametrize("cls", ESTIMATORS)
def test_not_fitted(cls):
    with pytest.raises(NotFittedError, match="not fitted"):
        cls().predict(np.ones((2, 2)))


@pytest.mark.parametrize("cls", ESTIMATORS)
@pytest.mark.parametrize(
    "params",
    [
        {"learning_rate": -1.0},
        {"learning_rate": "fast"},
        {"max_iter": 0},
        {"max_iter": 2.5},
        {"fit_intercept": "yes"},
        {"shuffle": 1},
    ],
)
def test_bad_hyper_parameters(cls, params):
    X, y = _noisy_data(2, n=12, d=2)
    name = next(iter(params))
    with pytest.raises(
        ValueError, match=f"'{name}' parameter of {cls.__name__}"
    ):
        cls(**params).fit(X, y)


@pytest.mark.parametrize("cls", ESTIMATORS)
def test_bad_data(cls):
    X, y = _noisy_data(2, n=12, d=2)
    with pytest.raises(ValueError, match="Reshape your data"):
        cls().fit(X[:, 0], y)
    with pytest.raises(ValueError, match="Input X contains NaN"):
        cls().fit(np.where(np.eye(12, 2) > 0, np.nan, X), y)
    with pytest.raises(ValueError, match="inconsistent numbers of samples"):
        cls().fit(X, y[:-1])
    with pytest.raises(ValueError, match="1 class"):
        cls().fit(X, np.ones(12))
    model = cls().fit(X, y)
    with pytest.raises(ValueError, match="X has 5 features"):
        model.predict(np.ones((3, 5)))


@pytest.mark.parametrize(
    "cls",
    [AveragedPerceptron, VotedPerceptron, PocketPerceptron, KernelPerceptron],
)
def test_binary_models_refuse_three_classes(cls):
    X, _ = _noisy_data(2, n=12, d=2)
    with pytest.raises(ValueError, match="exactly two classes"):
        cls().fit(X, np.arange(12) % 3)


def test_bad_starting_point():
    X, y = _noisy_data(2, n=12, d=2)
    with pytest.raises(ValueError, match="coef_init"):
        AveragedPerceptron().fit(X, y, coef_init=np.ones(3))
    with pytest.raises(ValueError, match="intercept_init"):
        VotedPerceptron().fit(X, y, intercept_init="zero")
    with pytest.raises(ValueError, match="fit_intercept=False"):
        AveragedPerceptron(fit_intercept=False).fit(X, y, intercept_init=1.0)


def test_multiclass_average_flag_must_be_boolean():
    X, y = _noisy_data(2, n=12, d=2)
    with pytest.raises(ValueError, match="'average' parameter"):
        MulticlassPerceptron(average="yes").fit(X, y)


@pytest.mark.parametrize("cls", ESTIMATORS)
def test_converged_says_whether_a_pass_made_no_mistake(cls):
    X = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]])
    separable = cls(max_iter=5).fit(X, [1, 1, -1, -1])
    assert separable.converged_
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the kernel perceptron warns
        noisy = cls(max_iter=5).fit(X[[0, 0, 1, 1]], [1, -1, 1, -1])
    assert not noisy.converged_ and noisy.n_iter_ == 5


@pytest.mark.parametrize(
    "cls, kw",
    [
        (AveragedPerceptron, {}),
        (VotedPerceptron, {}),
        (MulticlassPerceptron, {"average": True}),
    ],
)
def test_after_convergence_further_passes_still_move_the_average(cls, kw):
    """``converged_`` as documented: the last weights stay, the average
    (the vote) keeps moving towards them."""
    X = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]])
    y = [1, 1, -1, -1]
    short = cls(max_iter=3, **kw).fit(X, y)
    long = cls(max_iter=10, **kw).fit(X, y)
    assert short.converged_ and long.converged_
    assert short.n_updates_ == long.n_updates_
    assert not np.allclose(short.coef_, long.coef_)
    if hasattr(short, "last_coef_"):
        assert np.array_equal(short.last_coef_, long.last_coef_)


def test_after_convergence_further_passes_change_no_pocket():
    X = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]])
    y = [1, 1, -1, -1]
    short = PocketPerceptron(max_iter=3).fit(X, y)
    long = PocketPerceptron(max_iter=10).fit(X, y)
    assert short.converged_ and long.converged_
    assert np.array_equal(short.coef_, long.coef_)
    assert short.intercept_ == long.intercept_


def test_kernel_perceptron_refuses_a_kernel_that_is_not_finite():
    X, y = _noisy_data(3, n=20, d=2)
    for value in (np.nan, np.inf):
        kernel = lambda A, B, v=value: np.full((len(A), len(B)), v)  # noqa: E731
        with pytest.raises(ValueError, match="not finite numbers"):
            KernelPerceptron(kernel=kernel).fit(X, y)


def test_kernel_perceptron_keeps_a_copy_of_x():
    X, y = _noisy_data(4, n=40, d=2)
    model = KernelPerceptron(max_iter=20).fit(X, y)
    probe = np.random.default_rng(4).standard_normal((5, 2))
    before = model.decision_function(probe)
    X[:] = 0.0  # the caller changes its array after fit
    np.testing.assert_array_equal(model.decision_function(probe), before)
    assert not np.shares_memory(model.X_fit_, X)


def test_kernel_perceptron_warns_when_it_runs_out_of_passes():
    X, y = _noisy_data(5, n=60, d=2)
    y[::7] *= -1
    with pytest.warns(ConvergenceWarning, match="max_iter=3 passes"):
        model = KernelPerceptron(kernel="linear", max_iter=3).fit(X, y)
    assert model.n_iter_ == 3 and not model.converged_


@pytest.mark.parametrize("cls", ESTIMATORS)
def test_fit_returns_self_and_repr(cls):
    X, y = _noisy_data(4, n=30, d=2)
    model = cls(max_iter=2)
    assert model.fit(X, y) is model
    assert repr(model).startswith(cls.__name__ + "(")
    assert model.get_params()["max_iter"] == 2


@pytest.mark.parametrize(
    "cls",
    [
        AveragedPerceptron,
        VotedPerceptron,
        PocketPerceptron,
        MulticlassPerceptron,
    ],
)
def test_label_permutation_flips_the_sign(cls):
    X, y = _noisy_data(8, n=50, d=3)
    if cls is MulticlassPerceptron:
        a = cls(max_iter=3).fit(X, y).predict(X)
        b = cls(max_iter=3).fit(X, -y).predict(X)
        np.testing.assert_array_equal(a, -b)
    else:
        a = cls(max_iter=3).fit(X, y).decision_function(X)
        b = cls(max_iter=3).fit(X, -y).decision_function(X)
        np.testing.assert_allclose(a, -b, atol=1e-12)


@pytest.mark.parametrize("seed", range(10))
def test_multiclass_fast_search_is_exact_on_float_data(seed):
    rng = np.random.default_rng(700 + seed)
    n, d, m = (
        int(rng.integers(50, 400)),
        int(rng.integers(2, 8)),
        int(rng.integers(3, 6)),
    )
    centres = 2.0 * rng.standard_normal((m, d))
    y = rng.integers(0, m, size=n)
    X = centres[y] + rng.standard_normal((n, d))
    model = MulticlassPerceptron(max_iter=3).fit(X, y)
    W, b = multiclass_perceptron_naive(X, y, m, 3)
    np.testing.assert_array_equal(model.coef_, W)
    np.testing.assert_array_equal(model.intercept_, b)


@pytest.mark.parametrize("seed", range(4))
def test_multiclass_blocks_are_exact(seed):
    """Separable classes: long runs of correct visits, which the engine
    scans in blocks (over a hundred a fit); the plain loop's weights, bit
    for bit."""
    rng = np.random.default_rng(900 + seed)
    n, d, m, passes = 3000, 2, 3, 10
    X = rng.standard_normal((n, d))
    y = np.argmax(X @ rng.standard_normal((d, m)), axis=1)
    shuffle = bool(seed % 2)
    model = MulticlassPerceptron(
        max_iter=passes, shuffle=shuffle, random_state=seed
    ).fit(X, y)
    orders = _orders(n, passes, seed) if shuffle else None
    W, b = multiclass_perceptron_naive(X, y, m, passes, orders=orders)
    np.testing.assert_array_equal(model.coef_, W)
    np.testing.assert_array_equal(model.intercept_, b)


@pytest.mark.parametrize("seed", range(10))
def test_voted_fast_path_is_exact_on_float_data(seed):
    X, y = _noisy_data(800 + seed, n=300, d=5)
    model = VotedPerceptron(max_iter=3).fit(X, y)
    W, B, C = voted_perceptron_naive(X, y, 3)
    np.testing.assert_array_equal(model.weights_, W)
    np.testing.assert_array_equal(model.counts_, C)


# --- every fast path equals its plain loop, bit for bit ---------------------


def _run_settings(passes, orders, eta, fit_intercept, seed):
    """The hyper-parameters that replay an exactness problem's run."""
    return dict(
        learning_rate=eta,
        max_iter=passes,
        fit_intercept=fit_intercept,
        shuffle=orders is not None,
        random_state=seed,
    )


def _exactness_problem(seed):
    """Random data of several kinds: noisy, tied (small integers), scaled."""
    rng = np.random.default_rng(1000 + seed)
    n, d = int(rng.integers(2, 300)), int(rng.integers(1, 12))
    kind = seed % 3
    if kind == 0:
        X = rng.standard_normal((n, d)) * rng.uniform(0.01, 100)
    elif kind == 1:
        X = rng.integers(-2, 3, size=(n, d)).astype(float)
    else:
        X = rng.standard_normal((n, d)) * 10.0 ** rng.integers(-6, 6, (1, d))
    w = rng.standard_normal(d)
    y = np.where(X @ w + rng.standard_normal(n) * X.std() > 0, 1.0, -1.0)
    y[:2] = [1.0, -1.0]
    passes = int(rng.integers(1, 6))
    orders = _orders(n, passes, seed) if seed % 2 else None
    eta = [1.0, 0.3, InverseLinear(2.0)][seed % 3]
    return X, y, passes, orders, eta, bool(seed % 4)


@pytest.mark.parametrize("seed", range(40))
def test_lazy_average_equals_plain_lazy_loop_bit_for_bit(seed):
    X, y, passes, orders, eta, fit_intercept = _exactness_problem(seed)
    start = np.random.default_rng(seed).standard_normal(X.shape[1])
    b0 = 0.5 if fit_intercept else 0.0
    plain = averaged_perceptron_plain(
        X, y, passes, eta, fit_intercept, orders, start, b0
    )
    fast = lazy_average(X, y, passes, eta, fit_intercept, orders, start, b0)
    np.testing.assert_array_equal(fast[0], plain[0])
    assert fast[1] == plain[1] and fast[3] == plain[3]
    np.testing.assert_array_equal(fast[2], plain[2])
    assert fast[4] == plain[4]


@pytest.mark.parametrize("seed", range(40))
def test_voted_equals_plain_loop_bit_for_bit(seed):
    X, y, passes, orders, eta, fit_intercept = _exactness_problem(seed)
    model = VotedPerceptron(
        **_run_settings(passes, orders, eta, fit_intercept, seed),
    ).fit(X, y)
    W, B, C = voted_perceptron_naive(X, y, passes, eta, fit_intercept, orders)
    np.testing.assert_array_equal(model.weights_, W)
    np.testing.assert_array_equal(model.intercepts_, B)
    np.testing.assert_array_equal(model.counts_, C)


@pytest.mark.parametrize("seed", range(30))
def test_kernel_equals_plain_loop_bit_for_bit(seed):
    X, y, passes, orders, eta, fit_intercept = _exactness_problem(seed)
    kernel = ["linear", "poly", "rbf"][seed % 3]
    model = KernelPerceptron(
        kernel=kernel,
        gamma=0.5,
        **_run_settings(passes, orders, eta, fit_intercept, seed),
    ).fit(X, y)
    alpha, b = kernel_perceptron_naive(
        model._gram(X, X)[0], y, passes, eta, fit_intercept, orders
    )
    np.testing.assert_array_equal(model.alpha_, alpha)
    assert model.intercept_ == b


@pytest.mark.parametrize("seed", range(30))
def test_multiclass_equals_plain_loop_bit_for_bit(seed):
    X, y, passes, orders, eta, fit_intercept = _exactness_problem(seed)
    m = 2 + seed % 4
    labels = np.random.default_rng(seed).integers(0, m, size=X.shape[0])
    labels[:m] = np.arange(m)
    labels = np.where(y > 0, labels, (labels + 1) % m)
    model = MulticlassPerceptron(
        **_run_settings(passes, orders, eta, fit_intercept, seed),
    ).fit(X, labels)
    W, b = multiclass_perceptron_naive(
        X, labels, m, passes, eta, fit_intercept, orders
    )
    np.testing.assert_array_equal(model.coef_, W)
    np.testing.assert_array_equal(model.intercept_, b)


@pytest.mark.parametrize(
    "cls", [AveragedPerceptron, VotedPerceptron, MulticlassPerceptron]
)
def test_every_estimator_takes_a_learning_rate_schedule(cls):
    X, y = _noisy_data(21, n=80, d=3)
    model = cls(learning_rate=InverseLinear(1.0), max_iter=3).fit(X, y)
    assert model.score(X, y) > 0.5


def test_voted_predict_in_chunks_equals_one_product(monkeypatch):
    import mlcourse.perceptron_variants as variants

    X, y = _noisy_data(22, n=200, d=4)
    model = VotedPerceptron(max_iter=5).fit(X, y)
    whole = model.decision_function(X)
    monkeypatch.setattr(variants, "PREDICT_CHUNK", 3 * X.shape[0])
    np.testing.assert_array_equal(model.decision_function(X), whole)
    votes = np.sign(X @ model.weights_.T + model.intercepts_) @ model.counts_
    np.testing.assert_array_equal(whole, votes / model.counts_.sum())


# --------------------------------------------------------------------------- scale and memory


@pytest.mark.parametrize(
    "Model",
    [
        AveragedPerceptron,
        VotedPerceptron,
        PocketPerceptron,
        MulticlassPerceptron,
    ],
)
def test_an_unscaled_column_is_named_when_mistakes_remain(
    Model, timestamp_data
):
    """They run all passes and said nothing at chance accuracy (0.50) on a
    timestamp column; now the warning names it."""
    X, y = timestamp_data()
    with pytest.warns(ConvergenceWarning, match="X is not standardized") as w:
        Model().fit(X, y)
    assert "last of its 10 passes" in str(w[0].message)
    assert "column 10 spans [1.7e+09" in str(w[0].message)
    scaled = (X - X.mean(axis=0)) / X.std(axis=0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # scaled: no warning
        assert Model().fit(scaled, y).score(scaled, y) > 0.6


def test_kernel_predict_works_in_row_blocks_of_bounded_memory(monkeypatch):
    """20,000 rows against the support vectors: the whole kernel matrix
    would hold 20,000 x n_support values; the blocks hold at most
    PREDICT_CHUNK, and the scores are the same (to rounding: BLAS may sum
    a block's products in another order) and so are the predictions."""
    from mlcourse import perceptron_variants

    X, y = _noisy_data(0, n=400, d=2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model = KernelPerceptron(kernel="rbf", max_iter=5).fit(X, y)
    n_support = model.support_.size
    rows = np.random.default_rng(1).standard_normal((20_000, 2))
    K = sk_rbf(rows, model.X_fit_[model.support_], gamma=model.gamma)
    whole = K @ model.dual_coef_[model.support_] + model.intercept_
    del K
    default = model.decision_function(rows)  # blocks of 2**20 values
    monkeypatch.setattr(perceptron_variants, "PREDICT_CHUNK", 2**14)
    tracemalloc.start()
    try:
        scores = model.decision_function(rows)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    full = 20_000 * n_support * 8  # bytes of the whole kernel matrix
    assert n_support > 100 and full > 2**24
    assert peak < 2**21, f"peak {peak / 2**20:.1f} MiB"  # rows + blocks
    np.testing.assert_allclose(scores, whole, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(scores, default, rtol=1e-12, atol=1e-12)
    assert np.all(np.abs(whole) > 1e-9)  # no score so near 0 it could flip
    np.testing.assert_array_equal(
        model.predict(rows), model.classes_[(whole > 0).astype(int)]
    )
