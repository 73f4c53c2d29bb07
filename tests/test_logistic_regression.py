"""Tests of mlcourse.logistic_regression against closed forms, numerical gradients and scikit-learn."""

import warnings

import numpy as np
import pytest
from mlcourse._validation import ConvergenceWarning, NotFittedError
from mlcourse.datasets import make_overlapping_classes, make_separable
from mlcourse.logistic_regression import (
    LogisticRegression,
    SoftmaxRegression,
    _Problem,
    gaussian_nb_weights,
    log_loss,
    log_loss_from_scores,
    logistic_inference,
    sigmoid,
    softmax,
    softmax_to_reference,
)
from sklearn.linear_model import LogisticRegression as SkLogisticRegression


def standardize(X):
    return (X - X.mean(axis=0)) / X.std(axis=0)


def overlapping(seed, n=300, d=3):
    X, y = make_overlapping_classes(n, d, separation=2.0, random_state=seed)
    return standardize(X), y


def three_blobs(seed, n=240):
    rng = np.random.default_rng(seed)
    centres = np.array([[0.0, 0.0], [1.5, 0.5], [0.5, 1.5]])
    y = np.arange(n) % 3
    X = centres[y] + rng.standard_normal((n, 2))
    return standardize(X), y


def sk_binary(X, y):
    return SkLogisticRegression(C=np.inf, tol=1e-12, max_iter=10_000).fit(X, y)


# --- sigmoid, softmax, log_loss -------------------------------------------------------


def test_sigmoid_known_values_and_symmetry():
    assert sigmoid(0.0) == 0.5
    z = np.linspace(-30, 30, 61)
    assert np.allclose(sigmoid(z), 1 / (1 + np.exp(-z)), rtol=1e-15, atol=0)
    assert np.allclose(sigmoid(-z), 1 - sigmoid(z), atol=1e-15)


def test_sigmoid_stable_for_large_arguments():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # an overflow in exp would warn
        values = sigmoid(np.array([-1000.0, -745.0, 745.0, 1000.0]))
    assert values[0] == 0.0 and values[-1] == 1.0
    assert np.all(np.isfinite(values))
    assert sigmoid(-700.0) > 0  # tiny but not rounded to zero


def test_softmax_rows_sum_to_one_and_shift_invariant():
    rng = np.random.default_rng(0)
    Z = rng.standard_normal((5, 4))
    P = softmax(Z)
    assert np.allclose(P.sum(axis=1), 1)
    assert np.allclose(softmax(Z + 1000.0), P)
    two = softmax(np.column_stack([np.zeros(5), Z[:, 0]]))
    assert np.allclose(two[:, 1], sigmoid(Z[:, 0]))


def test_log_loss_against_scikit_learn():
    from sklearn.metrics import log_loss as sk_log_loss

    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 50).astype(float)
    p = rng.uniform(0.01, 0.99, 50)
    assert abs(log_loss(y, p) - sk_log_loss(y, p)) < 1e-12
    assert (
        abs(log_loss(y, np.column_stack([1 - p, p])) - log_loss(y, p)) < 1e-15
    )
    assert log_loss([1.0], [0.5]) == pytest.approx(np.log(2))


def test_log_loss_does_not_clip():
    """A label given probability 0 costs inf, and small ones their log."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no divide-by-zero warning either
        assert log_loss([1.0], [0.0]) == np.inf
        assert log_loss([0.0], [1.0]) == np.inf
    assert log_loss([1.0], [1e-300]) == pytest.approx(300 * np.log(10))
    assert log_loss([0.0], [1e-20]) == pytest.approx(1e-20, rel=1e-12)


def test_log_loss_from_scores_is_exact_where_probabilities_fail():
    z = np.array([-800.0, -100.0, -40.0, 0.0, 40.0, 100.0, 800.0])
    # label 0 at a large positive score: a confident mistake, loss ~ z
    assert log_loss_from_scores([0.0], [100.0]) == 100.0
    assert log_loss_from_scores([1.0], [-800.0]) == 800.0
    # softplus(z) - y z against the naive formula where it is accurate
    for label in (0.0, 1.0):
        y = np.full(z.size, label)
        terms = [log_loss_from_scores([label], [v]) for v in z]
        assert log_loss_from_scores(y, z) == pytest.approx(np.mean(terms))
    # where the probabilities keep their digits, both ways agree; at
    # z = 20, 1 - p has lost half of them
    moderate = np.linspace(-5, 5, 41)
    y = (np.arange(41) % 2).astype(float)
    p = 1 / (1 + np.exp(-moderate))
    assert log_loss_from_scores(y, moderate) == pytest.approx(
        log_loss(y, p), rel=1e-13
    )


def test_log_loss_from_scores_with_several_classes():
    from scipy.special import logsumexp
    from sklearn.metrics import log_loss as sk_log_loss

    rng = np.random.default_rng(2)
    Z = rng.normal(size=(30, 4)) * 3
    y = rng.integers(0, 4, 30)
    expected = np.mean(logsumexp(Z, axis=1) - Z[np.arange(30), y])
    assert log_loss_from_scores(y, Z) == pytest.approx(expected, rel=1e-13)
    assert log_loss_from_scores(y, Z) == pytest.approx(
        sk_log_loss(y, softmax(Z), labels=range(4)), rel=1e-12
    )
    # scores in the thousands: no overflow, the exact loss
    big = np.array([[1000.0, 0.0, -1000.0]])
    assert log_loss_from_scores([1], big) == 1000.0
    # two columns are the binary loss of their difference
    two = Z[:, :2]
    binary = log_loss_from_scores(
        (y == 1).astype(float), two[:, 1] - two[:, 0]
    )
    assert log_loss_from_scores(y == 1, two) == pytest.approx(binary)


@pytest.mark.parametrize(
    "y, scores, match",
    [
        ([0, 2], [0.1, 0.2], "only 0 and 1"),
        ([0, 1], [0.1], "same length"),
        ([0, 3], [[0.0, 1.0, 2.0], [1.0, 0.0, 0.0]], "class indices 0 to 2"),
        ([0, 0.5], [[0.0, 1.0], [1.0, 0.0]], "class indices 0 to 1"),
        ([0, 1], [np.inf, 0.5], "Input scores contains infinity"),
    ],
)
def test_log_loss_from_scores_bad_input(y, scores, match):
    with pytest.raises(ValueError, match=match):
        log_loss_from_scores(y, scores)


@pytest.mark.parametrize(
    "y, p, match",
    [
        ([0, 2], [0.1, 0.2], "only 0 and 1"),
        ([0, 1], [0.1, 1.2], "between 0 and 1"),
        ([0, 1], [0.1], "1-D array of length 2"),
        ([0, 1], [np.nan, 0.5], "Input proba contains NaN"),
    ],
)
def test_log_loss_bad_input(y, p, match):
    with pytest.raises(ValueError, match=match):
        log_loss(y, p)


# --- gradient ------------------------------------------------------------------------------


@pytest.mark.parametrize("alpha", [0.0, 0.3])
def test_gradient_matches_numerical_gradient(alpha):
    X, y = overlapping(2, n=40)
    A = np.column_stack([np.ones(len(X)), X])
    y01 = (y > 0).astype(float)
    penalty = np.r_[0.0, np.full(X.shape[1], alpha)]
    problem = _Problem(A, y01, penalty, binary=True)
    theta = np.random.default_rng(3).standard_normal(A.shape[1])
    analytic = problem.gradient(A @ theta, theta)

    def objective(t):
        return problem.objective(A @ t, t)

    h = 1e-6
    numeric = np.array(
        [
            (objective(theta + h * e) - objective(theta - h * e)) / (2 * h)
            for e in np.eye(A.shape[1])
        ]
    )
    assert np.allclose(analytic, numeric, atol=1e-8)


def test_vectorized_gradient_equals_the_lecture_sum_over_examples():
    X, y = overlapping(4, n=30)
    y01 = (y > 0).astype(float)
    rng = np.random.default_rng(5)
    w, b = rng.standard_normal(3), 0.4
    A = np.column_stack([np.ones(len(X)), X])
    problem = _Problem(A, y01, np.zeros(4), binary=True)
    theta = np.r_[b, w]
    fast = problem.gradient(A @ theta, theta)
    loop = np.zeros(4)
    for x_l, y_l in zip(
        X, y01
    ):  # dl/dw_i = sum_l x_i^l (y^l - P(y^l = 1 | x^l)), with x_0 = 1
        p = 1 / (1 + np.exp(-(w @ x_l + b)))
        loop += np.r_[1.0, x_l] * (y_l - p)
    assert np.allclose(fast, -loop / len(X), atol=1e-14)


# --- agreement with scikit-learn -------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("solver", ["gradient", "newton"])
def test_defaults_reach_the_optimum_of_scikit_learn(seed, solver):
    X, y = overlapping(seed)
    ours = LogisticRegression(solver=solver).fit(X, y)
    sk = sk_binary(X, y)
    y01 = (y > 0).astype(float)
    assert ours.converged_
    assert (
        abs(
            log_loss(y01, ours.predict_proba(X))
            - log_loss(y01, sk.predict_proba(X))
        )
        < 1e-6
    )
    assert np.max(np.abs(ours.predict_proba(X) - sk.predict_proba(X))) < 1e-4
    assert np.allclose(ours.coef_, sk.coef_.ravel(), atol=1e-3)
    assert abs(ours.intercept_ - sk.intercept_[0]) < 1e-3


def test_alpha_matches_scikit_learn_C():
    X, y = overlapping(7)
    n, alpha = len(X), 0.05
    ours = LogisticRegression(alpha=alpha, solver="newton").fit(X, y)
    sk = SkLogisticRegression(
        C=1 / (alpha * n), tol=1e-12, max_iter=10_000
    ).fit(X, y)
    assert np.allclose(ours.coef_, sk.coef_.ravel(), atol=1e-6)
    assert abs(ours.intercept_ - sk.intercept_[0]) < 1e-6


@pytest.mark.parametrize(
    "name, load",
    [
        ("LogisticRegression", "load_breast_cancer"),
        ("SoftmaxRegression", "load_wine"),  # three classes
    ],
)
def test_the_api_pages_conversion(name, load, api_recipe):
    """``alpha=a`` is scikit-learn's ``C = 1 / (n a)``, with the settings
    the reference page prints: standardized data, a = 0.01."""
    import sklearn.datasets
    from sklearn.preprocessing import StandardScaler

    X, y = getattr(sklearn.datasets, load)(return_X_y=True)
    X = StandardScaler().fit_transform(X)
    ours, sk = api_recipe(name, n=len(X), a=0.01)
    ours.fit(X, y)
    sk.fit(X, y)
    assert np.abs(ours.coef_ - sk.coef_.squeeze()).max() < 1e-6
    assert np.abs(ours.intercept_ - sk.intercept_.squeeze()).max() < 1e-6


def test_newton_needs_far_fewer_iterations_and_paths_decrease():
    X, y = overlapping(8)
    grad = LogisticRegression().fit(X, y)
    newton = LogisticRegression(solver="newton").fit(X, y)
    assert newton.n_iter_ < 15 < grad.n_iter_
    for model in (grad, newton):
        assert len(model.loss_path_) == model.n_iter_ + 1
        assert np.all(np.diff(model.loss_path_) <= 1e-15)
        assert model.loss_path_[0] == pytest.approx(np.log(2))


def test_fixed_learning_rate_and_warm_start():
    X, y = overlapping(9)
    ref = LogisticRegression(solver="newton").fit(X, y)
    slow = LogisticRegression(learning_rate=0.5, max_iter=20_000).fit(X, y)
    assert np.allclose(slow.coef_, ref.coef_, atol=1e-6)
    warm = LogisticRegression().fit(
        X, y, coef_init=ref.coef_, intercept_init=ref.intercept_
    )
    assert warm.n_iter_ <= 1


def test_string_labels_and_label_order():
    X, y = overlapping(10)
    labels = np.where(y > 0, "spam", "ham")
    model = LogisticRegression(solver="newton").fit(X, labels)
    assert list(model.classes_) == ["ham", "spam"]
    numeric = LogisticRegression(solver="newton").fit(X, y)
    assert np.allclose(model.coef_, numeric.coef_)
    assert set(model.predict(X)) <= {"ham", "spam"}
    assert model.score(X, labels) == numeric.score(X, y)
    # swapping which label is positive flips the weights
    flipped = LogisticRegression(solver="newton").fit(
        X, np.where(y > 0, "a", "b")
    )
    assert np.allclose(flipped.coef_, -numeric.coef_, atol=1e-8)


def test_predict_agrees_with_probabilities_and_scores():
    X, y = overlapping(11)
    model = LogisticRegression().fit(X, y)
    z = model.decision_function(X)
    P = model.predict_proba(X)
    assert np.allclose(P.sum(axis=1), 1)
    assert np.allclose(P[:, 1], sigmoid(z))
    assert np.array_equal(model.predict(X), np.where(z > 0, 1, -1))
    assert model.score(X, y) == np.mean(model.predict(X) == y)


def test_no_intercept():
    X, y = overlapping(12)
    ours = LogisticRegression(fit_intercept=False, solver="newton").fit(X, y)
    sk = SkLogisticRegression(
        C=np.inf, fit_intercept=False, tol=1e-12, max_iter=10_000
    ).fit(X, y)
    assert ours.intercept_ == 0.0
    assert np.allclose(ours.coef_, sk.coef_.ravel(), atol=1e-6)


# --- separable data ------------------------------------------------------------------------------


def test_separable_data_warns_and_weights_grow():
    data = make_separable(60, margin=0.3, random_state=0)
    norms = []
    for max_iter in (100, 1000):
        with pytest.warns(ConvergenceWarning, match="separable"):
            model = LogisticRegression(max_iter=max_iter).fit(data.X, data.y)
        norms.append(np.linalg.norm(model.coef_))
        assert model.score(data.X, data.y) == 1.0
    assert norms[1] > norms[0] + 1
    with pytest.warns(ConvergenceWarning, match="linearly separable"):
        newton = LogisticRegression(solver="newton").fit(data.X, data.y)
    assert np.linalg.norm(newton.coef_) > norms[1]
    assert not model.converged_ and not newton.converged_
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model = LogisticRegression(alpha=0.01).fit(data.X, data.y)
    assert model.converged_


def test_separation_warning_says_what_stopped_the_fit():
    """Newton's gradient falls below tol at large weights: the warning says
    so, without claiming that the iterations ran out; the weights depend on
    tol. Gradient descent runs out of iterations, and its warning says so."""
    data = make_separable(60, margin=0.3, random_state=1)
    norms = []
    for tol in (1e-6, 1e-10):
        with pytest.warns(ConvergenceWarning) as caught:
            model = LogisticRegression(solver="newton", tol=tol).fit(
                data.X, data.y
            )
        message = str(caught[0].message)
        assert f"its gradient fell below tol={tol:g}" in message
        assert "max_iter" in message and "alpha > 0" in message
        assert not model.converged_ and model.n_iter_ < 100
        norms.append(np.linalg.norm(np.r_[model.intercept_, model.coef_]))
        assert f"||(w, b)|| = {norms[-1]:.3g}" in message
    assert norms[1] > norms[0] + 1  # a smaller tol, larger weights
    with pytest.warns(ConvergenceWarning, match="it reached max_iter=50"):
        LogisticRegression(solver="gradient", max_iter=50).fit(data.X, data.y)


# --- softmax ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1])
def test_softmax_defaults_match_scikit_learn_multinomial(seed):
    X, y = three_blobs(seed)
    ours = SoftmaxRegression().fit(X, y)
    sk = SkLogisticRegression(C=np.inf, tol=1e-12, max_iter=10_000).fit(X, y)
    assert ours.converged_
    P, Q = ours.predict_proba(X), sk.predict_proba(X)
    ours_loss = -np.mean(np.log(P[np.arange(len(y)), y]))
    sk_loss = -np.mean(np.log(Q[np.arange(len(y)), y]))
    assert abs(ours_loss - sk_loss) < 1e-6
    assert np.max(np.abs(P - Q)) < 1e-4
    assert np.array_equal(ours.predict(X), sk.predict(X))
    # gradient descent from zero keeps the K weight vectors centred, as scikit-learn's are
    assert np.allclose(ours.coef_, sk.coef_, atol=1e-3)


def test_softmax_reference_form_gives_the_same_probabilities():
    X, y = three_blobs(3)
    model = SoftmaxRegression().fit(X, y)
    V, c = softmax_to_reference(model.coef_, model.intercept_)
    scores = X @ V.T + c
    denominator = 1 + np.exp(scores).sum(axis=1)
    lecture = np.column_stack(
        [np.exp(scores) / denominator[:, None], 1 / denominator]
    )
    assert np.allclose(lecture, model.predict_proba(X), atol=1e-12)


def test_softmax_with_two_classes_is_logistic_regression():
    X, y = overlapping(13)
    soft = SoftmaxRegression().fit(X, y)
    logi = LogisticRegression(solver="newton").fit(X, y)
    assert np.allclose(soft.predict_proba(X), logi.predict_proba(X), atol=1e-5)
    V, c = softmax_to_reference(soft.coef_[::-1], soft.intercept_[::-1])
    assert np.allclose(V[0], logi.coef_, atol=1e-4)


def test_softmax_string_labels_and_separable_warning():
    X, y = three_blobs(4)
    names = np.array(["cat", "dog", "emu"])[y]
    model = SoftmaxRegression().fit(X, names)
    assert list(model.classes_) == ["cat", "dog", "emu"]
    assert model.score(X, names) > 0.5
    Xs = np.array(
        [
            [0.0, 0.0],
            [0.1, 0.0],
            [5.0, 5.0],
            [5.1, 5.0],
            [10.0, 0.0],
            [10.1, 0.0],
        ]
    )
    with pytest.warns(ConvergenceWarning, match="alpha > 0"):
        SoftmaxRegression(max_iter=200).fit(Xs, [0, 0, 1, 1, 2, 2])


# --- the generative derivation ---------------------------------------------------------------------


def test_gaussian_nb_weights_equal_the_bayes_posterior():
    rng = np.random.default_rng(0)
    means = rng.standard_normal((2, 3))
    variances = rng.uniform(0.5, 2.0, 3)
    prior = 0.3
    w, b = gaussian_nb_weights(means, variances, prior)
    X = rng.standard_normal((20, 3)) * 2

    def density(x, mu):
        return np.prod(
            np.exp(-((x - mu) ** 2) / (2 * variances))
            / np.sqrt(2 * np.pi * variances),
            axis=1,
        )

    joint1 = prior * density(X, means[1])
    joint0 = (1 - prior) * density(X, means[0])
    assert np.allclose(
        sigmoid(X @ w + b), joint1 / (joint0 + joint1), atol=1e-12
    )


def test_fitted_weights_approach_gaussian_nb_weights():
    rng = np.random.default_rng(1)
    means = np.array([[0.0, 0.0], [1.0, -0.5]])
    variances = np.array([1.0, 0.5])
    w, b = gaussian_nb_weights(means, variances, 0.4)
    n = 20_000
    y = (rng.random(n) < 0.4).astype(int)
    X = means[y] + rng.standard_normal((n, 2)) * np.sqrt(variances)
    model = LogisticRegression(solver="newton").fit(X, y)
    assert np.allclose(model.coef_, w, atol=0.1)
    assert abs(model.intercept_ - b) < 0.1


@pytest.mark.parametrize(
    "means, variances, prior, error, match",
    [
        (np.zeros((3, 2)), [1, 1], 0.5, ValueError, "shape"),
        (np.zeros((2, 2)), [1, 0], 0.5, ValueError, "greater than 0"),
        (np.zeros((2, 2)), [1, 1], 1.0, ValueError, "'prior' parameter"),
        (np.zeros((2, 2)), [1, 1], 0.0, ValueError, "'prior' parameter"),
        (np.zeros((2, 2)), [1, 1, 1], 0.5, ValueError, "length 2"),
        (np.zeros((2, 2)), [1, 1], "half", ValueError, "'prior' parameter"),
    ],
)
def test_gaussian_nb_weights_bad_input(means, variances, prior, error, match):
    with pytest.raises(error, match=match):
        gaussian_nb_weights(means, variances, prior)


def test_non_convergence_on_non_separable_data_says_why():
    X, y = overlapping(14)
    with pytest.warns(ConvergenceWarning, match="max_iter"):
        model = LogisticRegression(max_iter=3).fit(X, y)
    assert not model.converged_ and model.n_iter_ == 3


# --- bad input ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("Model", [LogisticRegression, SoftmaxRegression])
@pytest.mark.parametrize(
    "X, y, error, match",
    [
        ([1.0, 2.0], [0, 1], ValueError, "Reshape your data"),
        ([[1.0], [np.nan]], [0, 1], ValueError, "Input X contains NaN"),
        ([[1.0], [2.0]], [0, 0], ValueError, "1 class"),
        ([[1.0], [2.0], [3.0]], [0, 1], ValueError, "inconsistent numbers"),
        ([[1.0], ["a"]], [0, 1], ValueError, "could not convert"),
        ([[1.0, 2.0], [3.0]], [0, 1], ValueError, "rectangular"),
        ([[1e200], [-1e200]], [0, 1], ValueError, "values up to 1e\\+200"),
    ],
)
def test_bad_data(Model, X, y, error, match):
    with pytest.raises(error, match=match):
        Model().fit(X, y)


def test_logistic_refuses_three_classes():
    with pytest.raises(ValueError, match="exactly two classes"):
        LogisticRegression().fit([[0.0], [1.0], [2.0]], [0, 1, 2])


@pytest.mark.parametrize(
    "params",
    [
        {"learning_rate": -1.0},
        {"learning_rate": "fast"},
        {"max_iter": 0},
        {"max_iter": 2.5},
        {"tol": 0.0},
        {"alpha": -0.1},
        {"solver": "lbfgs"},
        {"fit_intercept": "yes"},
    ],
)
def test_bad_parameters(params):
    X, y = overlapping(0, n=20)
    name = next(iter(params))
    with pytest.raises(ValueError, match=f"'{name}' parameter of Logistic"):
        LogisticRegression(**params).fit(X, y)


def test_not_fitted_and_wrong_number_of_features():
    with pytest.raises(NotFittedError, match="fit"):
        LogisticRegression().predict([[1.0, 2.0]])
    with pytest.raises(NotFittedError, match="fit"):
        SoftmaxRegression().predict_proba([[1.0, 2.0]])
    X, y = overlapping(0, n=20)
    model = LogisticRegression().fit(X, y)
    with pytest.raises(ValueError, match="expecting 3 features"):
        model.predict(X[:, :2])
    with pytest.raises(ValueError, match="intercept_init"):
        LogisticRegression(fit_intercept=False).fit(X, y, intercept_init=1.0)
    with pytest.raises(ValueError, match="coef_init"):
        LogisticRegression().fit(X, y, coef_init=[1.0])


# --- the default solver reaches the optimum; Newton on collinear data ----------


def _cancer_mean_features():
    from sklearn.datasets import load_breast_cancer

    data = load_breast_cancer()
    return standardize(data.data[:, :10]), data.target


def test_defaults_reach_the_optimum_on_an_ill_conditioned_problem():
    """Breast cancer, ten "mean" features standardized (condition 139).

    Plain gradient descent with its 1/L step stops about 2.4e-3 above the
    optimum after its 10,000 iterations; the accelerated default reaches it.
    """
    X, y = _cancer_mean_features()
    assert 100 < np.linalg.cond(X - X.mean(axis=0)) < 200
    optimum = log_loss(y, sk_binary(X, y).predict_proba(X))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no convergence warning
        model = LogisticRegression().fit(X, y)
    assert model.converged_
    assert log_loss(y, model.predict_proba(X)) - optimum < 1e-6
    assert np.all(np.diff(model.loss_path_) <= 0)  # the loss never goes up


def test_the_max_iter_docstrings_iteration_counts():
    """The ``max_iter`` entry's figures on the same data: accelerated about
    3,000 iterations, Newton about ten, plain gradient descent out of its
    10,000 with a warning (it would need about two million)."""
    X, y = _cancer_mean_features()
    accelerated = LogisticRegression().fit(X, y)
    newton = LogisticRegression(solver="newton").fit(X, y)
    with pytest.warns(ConvergenceWarning):
        plain = LogisticRegression(solver="gradient").fit(X, y)
    assert 2_000 < accelerated.n_iter_ < 4_000 and accelerated.converged_
    assert 5 <= newton.n_iter_ <= 15 and newton.converged_
    assert plain.n_iter_ == 10_000 and not plain.converged_


def test_softmax_defaults_reach_the_optimum():
    X, y = three_blobs(7, n=300)
    sk = SkLogisticRegression(C=np.inf, tol=1e-12, max_iter=10_000).fit(X, y)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model = SoftmaxRegression().fit(X, y)

    def loss(P):
        return -np.mean(np.log(P[np.arange(len(y)), y]))

    assert loss(model.predict_proba(X)) - loss(sk.predict_proba(X)) < 1e-6
    assert np.all(np.diff(model.loss_path_) <= 0)


def test_gradient_solver_is_the_textbook_loop():
    """solver="gradient" is algorithm alg-logr-gradient, step for step."""
    X, y = overlapping(11, n=80)
    model = LogisticRegression(solver="gradient", max_iter=50, tol=1e-300)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model.fit(X, y)
    A = np.column_stack([np.ones(len(X)), X])
    y01 = (y > 0).astype(float)
    eta = 4 * len(X) / np.linalg.norm(A, 2) ** 2
    theta = np.zeros(A.shape[1])
    for _ in range(50):
        p = sigmoid(A @ theta)
        theta = theta - eta * (A.T @ (p - y01) / len(X))
    np.testing.assert_array_equal(np.r_[model.intercept_, model.coef_], theta)


def test_learning_rate_may_be_a_schedule():
    from mlcourse.gradient_descent import InverseLinear

    X, y = overlapping(12, n=80)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = LogisticRegression(
            solver="gradient", learning_rate=InverseLinear(4.0), max_iter=3
        ).fit(X, y)
    A = np.column_stack([np.ones(len(X)), X])
    y01 = (y > 0).astype(float)
    theta = np.zeros(A.shape[1])
    for k in range(1, 4):
        theta = theta - 4.0 / k * (A.T @ (sigmoid(A @ theta) - y01) / len(X))
    np.testing.assert_allclose(
        np.r_[model.intercept_, model.coef_], theta, rtol=1e-14
    )
    with pytest.raises(ValueError, match="above zero; got -1.0"):
        LogisticRegression(learning_rate=lambda k: -1.0).fit(X, y)


def _collinear(scale=1e3, n=300, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.normal(scale, scale / 10, size=n)
    X = np.column_stack([x, 2 * x, rng.normal(size=n)])
    z = (x - scale) / (scale / 10) + X[:, 2]
    y = (rng.random(n) < 1 / (1 + np.exp(-z))).astype(int)
    return X, y


def test_newton_stays_well_posed_on_collinear_features():
    """Features of size 1e3, one twice another: a singular Hessian.

    numpy's solve raised "Singular matrix" here; the pseudo-inverse step
    converges to the minimum-norm optimum, which scikit-learn's lbfgs
    (started from zero, so staying in the row space) also finds.
    """
    X, y = _collinear()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model = LogisticRegression(solver="newton").fit(X, y)
    assert model.converged_ and model.n_iter_ < 20
    sk = sk_binary(X, y)
    assert log_loss(y, model.predict_proba(X)) == pytest.approx(
        log_loss(y, sk.predict_proba(X)), abs=1e-9
    )
    # the two collinear weights split as the minimum-norm solution does
    assert model.coef_[1] == pytest.approx(2 * model.coef_[0], rel=1e-6)
    np.testing.assert_allclose(model.coef_, sk.coef_.ravel(), rtol=1e-4)


def test_the_plain_gradient_solver_on_collinear_columns_says_standardize():
    X, y = _collinear()
    with pytest.warns(ConvergenceWarning, match="Standardize X") as caught:
        LogisticRegression(solver="gradient", max_iter=50).fit(X, y)
    assert "solver='newton' standardize X internally" in str(caught[0].message)
    for solver in ("accelerated", "newton"):  # and they do
        assert LogisticRegression(solver=solver).fit(X, y).converged_


def test_an_unscaled_column_gets_the_advice_to_standardize():
    """A timestamp column: the plain gradient loop stalls, and the warning
    says why and what to do, instead of "increase max_iter"."""
    X, y = overlapping(3, n=200)
    X[:, 0] = 1.6e9 + 3e7 * X[:, 0]
    with pytest.warns(ConvergenceWarning, match="Standardize X") as caught:
        LogisticRegression(solver="gradient", max_iter=500).fit(X, y)
    assert "column 0 spans [1.5e+09, 1.67e+09] (mean 1.6e+09" in str(
        caught[0].message
    )


@pytest.mark.parametrize("Model", [LogisticRegression, SoftmaxRegression])
def test_a_timestamp_column_fits_as_well_as_standardized_data(
    Model, timestamp_data
):
    """The default solver standardizes internally: same fit as on
    standardized X, where it stalled at chance before (0.50)."""
    X, y = timestamp_data()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        raw = Model().fit(X, y)
    scaled = Model().fit(standardize(X), y)
    assert raw.converged_ and raw.n_iter_ < 100
    assert raw.score(X, y) == scaled.score(standardize(X), y) > 0.7
    np.testing.assert_allclose(
        raw.predict_proba(X), scaled.predict_proba(standardize(X)), atol=1e-7
    )


@pytest.mark.parametrize("solver", ["accelerated", "newton"])
@pytest.mark.parametrize("alpha", [1e-2, 1e-4])
def test_the_penalized_optimum_on_a_timestamp_is_scikit_learns(
    solver, alpha, timestamp_data
):
    """The penalty stays on the original weights: scikit-learn's optimum
    with C = 1 / (n alpha). scikit-learn itself stalls on the raw timestamp
    (accuracy 0.5), so it fits the timestamp minus 1.7e9, which moves only
    the (unpenalized) intercept, by 1.7e9 times the timestamp's weight."""
    X, y = timestamp_data()
    shifted = X - np.r_[np.zeros(X.shape[1] - 1), 1.7e9]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its Cholesky falls back to lbfgs
        sk = SkLogisticRegression(
            C=1 / (len(X) * alpha),
            solver="newton-cholesky",
            tol=1e-12,
            max_iter=10_000,
        ).fit(shifted, y)
    w, b = sk.coef_[0], sk.intercept_[0] - 1.7e9 * sk.coef_[0, -1]
    model = LogisticRegression(alpha=alpha, solver=solver).fit(X, y)
    rtol = 1e-5 if solver == "accelerated" else 1e-8
    np.testing.assert_allclose(model.coef_, w, rtol=rtol)
    assert model.intercept_ == pytest.approx(b, rel=rtol)
    assert model.score(X, y) == sk.score(shifted, y)


def test_softmax_on_a_timestamp_reaches_scikit_learns_optimum(
    timestamp_data,
):
    X, y = timestamp_data(classes=3)
    sk = SkLogisticRegression(C=np.inf, tol=1e-12, max_iter=10_000)
    sk.fit(standardize(X), y)
    model = SoftmaxRegression().fit(X, y)
    np.testing.assert_allclose(
        model.predict_proba(X), sk.predict_proba(standardize(X)), atol=1e-6
    )


@pytest.mark.parametrize("scale", [1e-150, 1e-300, 1e150])
def test_the_scale_of_x_does_not_change_the_fit(scale):
    """The stopping rule is on the standardized problem: at 1e-150 the
    fit stopped at once, "converged", at 0.54 accuracy (0.74 at scale 1)."""
    X, y = overlapping(5, n=400)
    reference = LogisticRegression().fit(X, y)
    model = LogisticRegression().fit(X * scale, y)
    assert model.converged_
    assert model.score(X * scale, y) == reference.score(X, y)
    np.testing.assert_allclose(model.coef_ * scale, reference.coef_, rtol=1e-6)
    np.testing.assert_allclose(
        model.predict_proba(X * scale), reference.predict_proba(X), atol=1e-9
    )


def test_newton_stops_when_the_loss_no_longer_moves():
    """A tol below rounding error: Newton stops, and says why, instead of
    running all 10,000 iterations."""
    X, y = overlapping(5, n=400)
    with pytest.warns(
        ConvergenceWarning, match="no step along the Newton direction"
    ):
        model = LogisticRegression(solver="newton", tol=1e-300).fit(X, y)
    assert not model.converged_ and model.n_iter_ < 20


def test_a_line_search_is_refused_as_a_learning_rate():
    from mlcourse.gradient_descent import Backtracking

    X, y = overlapping(5, n=50)
    for model in (
        LogisticRegression(learning_rate=Backtracking()),
        SoftmaxRegression(learning_rate=Backtracking(), solver="gradient"),
    ):
        with pytest.raises(TypeError, match="is a line search"):
            model.fit(X, y)


# --- inference: standard errors and deviance ------------------------------------------------


def _logistic_sample(seed, n=400, w=(1.0, -0.5), b=0.3):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, len(w)))
    y = (rng.random(n) < sigmoid(X @ np.array(w) + b)).astype(int)
    return X, y


def test_inference_on_a_two_by_two_table_is_the_closed_form():
    """One binary feature: the weight is the log odds ratio log(ad / bc),
    with Woolf's standard error sqrt(1/a + 1/b + 1/c + 1/d); the intercept
    is the log-odds of the group x = 0, with sqrt(1/c + 1/d)."""
    a, b, c, d = 30, 10, 15, 25  # x = 1: a ones, b zeros; x = 0: c, d
    x = np.r_[np.ones(a + b), np.zeros(c + d)]
    y = np.r_[np.ones(a), np.zeros(b), np.ones(c), np.zeros(d)]
    result = logistic_inference(x[:, None], y)
    assert result.coef[0] == pytest.approx(np.log(a * d / (b * c)), abs=1e-9)
    assert result.coef_stderr[0] == pytest.approx(
        np.sqrt(1 / a + 1 / b + 1 / c + 1 / d), rel=1e-8
    )
    assert result.intercept == pytest.approx(np.log(c / d), abs=1e-9)
    assert result.intercept_stderr == pytest.approx(
        np.sqrt(1 / c + 1 / d), rel=1e-8
    )


def test_fisher_information_is_the_negated_hessian_of_the_log_likelihood():
    """The covariance inverts X~^T S X~; a central difference of the
    analytic gradient (the Hessian's columns) gives the same matrix."""
    X, y = _logistic_sample(3)
    result = logistic_inference(X, y)
    A = np.column_stack([np.ones(len(X)), X])
    theta = np.r_[result.intercept, result.coef]

    def gradient(t):  # of the log-likelihood, eq-logr-gradient
        return A.T @ (y - sigmoid(A @ t))

    h = 1e-5
    hessian = np.column_stack(
        [
            (gradient(theta + h * e) - gradient(theta - h * e)) / (2 * h)
            for e in np.eye(3)
        ]
    )
    np.testing.assert_allclose(
        np.linalg.inv(-hessian), result.covariance, rtol=1e-6
    )
    np.testing.assert_allclose(
        gradient(theta), 0, atol=1e-8 * len(y)
    )  # at the maximum


def test_inference_agrees_with_scikit_learn_and_its_own_parts():
    from scipy import stats

    X, y = _logistic_sample(4)
    result = logistic_inference(X, y, confidence=0.9)
    sk = sk_binary(X, y)
    np.testing.assert_allclose(result.coef, sk.coef_.ravel(), atol=1e-6)
    assert result.intercept == pytest.approx(sk.intercept_[0], abs=1e-6)
    se = np.sqrt(np.diag(result.covariance))
    np.testing.assert_allclose(result.coef_stderr, se[1:])
    np.testing.assert_allclose(result.z_statistic, result.coef / se[1:])
    np.testing.assert_allclose(
        result.p_value, 2 * stats.norm.sf(np.abs(result.z_statistic))
    )
    half = stats.norm.ppf(0.95) * se[1:]
    np.testing.assert_allclose(
        result.confidence_interval,
        np.column_stack([result.coef - half, result.coef + half]),
    )
    # deviance: -2 log-likelihood, twice n times the log loss
    p = sk.predict_proba(X)[:, 1]
    assert result.deviance == pytest.approx(
        2 * len(y) * log_loss(y, p), rel=1e-8
    )
    intercept_only = np.full(len(y), y.mean())
    assert result.null_deviance == pytest.approx(
        2 * len(y) * log_loss(y, intercept_only), rel=1e-12
    )
    assert result.null_deviance > result.deviance


def test_wald_intervals_cover_the_true_weights():
    """A large-sample result, checked by simulation: 400 samples of 300
    points, the 95% intervals of the two weights."""
    w, b = np.array([1.0, -0.5]), 0.3
    rng = np.random.default_rng(5)
    X = rng.normal(size=(300, 2))
    hits = np.zeros(2)
    for _ in range(400):
        y = (rng.random(300) < sigmoid(X @ w + b)).astype(int)
        interval = logistic_inference(X, y).confidence_interval
        hits += (interval[:, 0] <= w) & (w <= interval[:, 1])
    coverage = hits / 400
    assert np.all(np.abs(coverage - 0.95) < 0.03)  # 3 binomial sd: 0.033


def test_likelihood_ratio_and_wald_tests_agree_on_a_large_sample():
    """Near the hypothesis "w_2 = 0" (a small true w_2), the drop of the
    deviance and the squared z statistic are close: both chi-squared."""
    X, y = _logistic_sample(6, n=2000, w=(1.0, 0.1))
    full = logistic_inference(X, y)
    reduced = logistic_inference(X[:, :1], y)
    drop = reduced.deviance - full.deviance  # chi-squared, one dof
    assert 4 < drop < 30  # w_2 is detected
    assert drop == pytest.approx(full.z_statistic[1] ** 2, rel=0.02)


def test_inference_refuses_separable_and_collinear_data():
    data = make_separable(60, margin=0.3, random_state=0)
    with pytest.raises(ValueError, match="linearly separable"):
        logistic_inference(data.X, data.y)
    X, y = _logistic_sample(7, n=100)
    with pytest.raises(ValueError, match="Fisher information is singular"):
        logistic_inference(np.column_stack([X, 2 * X[:, 0]]), y)
    with pytest.raises(ValueError, match="'confidence' parameter"):
        logistic_inference(X, y, confidence=95)
    with pytest.raises(ValueError, match="exactly two classes"):
        logistic_inference(X, np.arange(100) % 3)


def test_inference_with_string_labels():
    X, y = _logistic_sample(8)
    named = np.where(y == 1, "yes", "no")
    np.testing.assert_allclose(
        logistic_inference(X, named).coef, logistic_inference(X, y).coef
    )


def test_explorer_contours_are_drops_below_the_maximum():
    """The explorer's contours are levels of l - max l, labelled as drops."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from mlcourse.widgets.logistic_regression import (
        draw_logistic_fit,
        log_likelihood_grid,
    )

    rng = np.random.default_rng(0)
    x = np.r_[rng.normal(-1, 1, 20), rng.normal(1, 1, 20)]
    y = np.r_[np.zeros(20), np.ones(20)]
    left, right = draw_logistic_fit(x, y, 0.3, 0.0)
    ws, bs = np.linspace(-4, 8, 121), np.linspace(-6, 6, 121)
    top = log_likelihood_grid(x, y, ws, bs).max()
    (contours,) = [c for c in right.get_children() if hasattr(c, "levels")]
    drops = top - np.asarray(contours.levels)
    assert np.allclose(drops, [100, 50, 20, 10, 5, 2, 1])
    assert "max" in right.get_title()
    labels = sorted(t.get_text() for t in right.texts)
    assert labels and all(t.startswith("−") for t in labels)
    assert {t.lstrip("−") for t in labels} <= {"1", "2", "5", "10", "20"}
    plt.close(left.figure)
