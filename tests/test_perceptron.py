"""Tests of mlcourse.perceptron: worked examples, gold standards, exactness, properties, errors."""

import warnings

import numpy as np
import pytest
from mlcourse._validation import ConvergenceWarning, NotFittedError
from mlcourse.datasets import (
    five_points_nonseparable,
    four_points,
    make_separable,
    students,
)
from mlcourse.gradient_descent import InverseLinear
from mlcourse.perceptron import (
    BatchPerceptron,
    Perceptron,
    augment,
    fast_perceptron,
    find_next_mistake,
    margin,
    mistake_bound,
    normalize,
    perceptron_criterion,
    plain_perceptron,
    radius,
)
from sklearn.datasets import load_breast_cancer, load_iris
from sklearn.linear_model import Perceptron as SklearnPerceptron


def _quiet_fit(model, X, y, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        return model.fit(X, y, **kwargs)


# --------------------------------------------------------------------------- worked examples


def test_four_points_end_at_one_one_after_two_updates():
    X, y = four_points()
    model = Perceptron(record_path=True, fit_intercept=False).fit(X, y)
    assert np.array_equal(model.coef_path_, [[0, 0], [1, 0], [1, 1]])
    assert model.n_updates_ == 2 and model.converged_ and model.n_iter_ == 2
    assert list(model.update_indices_) == [0, 1]
    assert model.intercept_ == 0.0


def test_four_points_strict_rule_never_leaves_zero():
    # Every score is 0 at w = 0: with "< 0" no point is a violation.
    X, y = four_points()
    assert np.all(y * (X @ np.zeros(2)) == 0)
    assert not np.any(y * (X @ np.zeros(2)) < 0)


@pytest.mark.parametrize(
    "start, expected",
    [
        ([0.25] * 5, [-0.75, 1.25, -0.75, -0.75, -0.75]),
        ([0, 0.5, 0.5, 0, 0], [-1, 1.5, -0.5, -1, -1]),
    ],
)
def test_students_examples(start, expected):
    X, y = students()
    model = Perceptron(record_path=True).fit(
        X, y, coef_init=start[1:], intercept_init=start[0]
    )
    assert model.converged_
    assert np.array_equal(np.r_[model.intercept_, model.coef_], expected)


def test_students_first_run_updates_on_steve_mary_peter():
    X, y = students()
    model = Perceptron(record_path=True).fit(
        X, y, coef_init=[0.25] * 4, intercept_init=0.25
    )
    assert list(model.update_indices_) == [1, 2, 3]
    path = np.c_[model.intercept_path_, model.coef_path_]
    assert np.array_equal(path[1], [-0.75] * 5)
    assert np.array_equal(path[2], [-1.75, 0.25, 0.25, 0.25, -1.75])


def _pass_by_pass(X, y, w, b, passes, learning_rate=1.0):
    """Weights at the start of each pass, and the updates made in each pass."""
    states, updates = [], []
    for _ in range(passes):
        states.append((b, *w))
        model = _quiet_fit(
            Perceptron(
                record_path=True, max_iter=1, learning_rate=learning_rate
            ),
            X,
            y,
            coef_init=w,
            intercept_init=b,
        )
        w, b = model.coef_, model.intercept_
        updates.append(np.c_[model.intercept_path_, model.coef_path_][1:])
    return states, updates


def test_five_points_sequence_and_cycle():
    X, y = five_points_nonseparable()
    with pytest.warns(ConvergenceWarning, match="not be linearly separable"):
        model = Perceptron(record_path=True, max_iter=60).fit(
            X, y, coef_init=[1, 1], intercept_init=1
        )
    path = np.c_[model.intercept_path_, model.coef_path_]
    assert np.array_equal(
        path[:4], [[1, 1, 1], [0, 0, -2], [1, 2, -1], [0, 1, -4]]
    )
    assert not model.converged_ and model.n_iter_ == 60
    # The state at the start of a pass determines the rest: find when one repeats.
    states, updates = _pass_by_pass(X, y, np.array([1.0, 1.0]), 1.0, 200)
    first = next(p for p in range(200) if states[p] in states[p + 1 :])
    period = states[first + 1 :].index(states[first]) + 1
    assert (first, period) == (121, 9)
    assert states[first + 2 * period] == states[first]
    in_cycle = np.vstack(updates[first : first + period])
    everything = np.vstack([np.array([[1.0, 1.0, 1.0]])] + updates)
    assert len(in_cycle) == 22
    assert np.max(np.linalg.norm(everything, axis=1)) == np.max(
        np.linalg.norm(in_cycle, axis=1)
    )


def test_five_points_inverse_linear_rate_shrinks_steps():
    X, y = five_points_nonseparable()
    model = _quiet_fit(
        Perceptron(
            record_path=True, learning_rate=InverseLinear(1.0), max_iter=200
        ),
        X,
        y,
        coef_init=[1, 1],
        intercept_init=1,
    )
    steps = np.linalg.norm(
        np.diff(np.c_[model.intercept_path_, model.coef_path_], axis=0), axis=1
    )
    norms = np.linalg.norm(augment(X)[model.update_indices_], axis=1)
    k = np.arange(1, model.n_updates_ + 1)
    assert np.allclose(steps, norms / k)


# --------------------------------------------------------------------------- gold standard


def _iris_two_classes():
    data = load_iris()
    keep = data.target < 2
    return data.data[keep], data.target[keep]


def _breast_cancer(standardize):
    X, y = load_breast_cancer(return_X_y=True)
    if standardize:
        X = (X - X.mean(axis=0)) / X.std(axis=0)
    return X, y


@pytest.mark.parametrize(
    "loader",
    [
        _iris_two_classes,
        lambda: _breast_cancer(True),
        lambda: _breast_cancer(False),
    ],
)
@pytest.mark.parametrize("passes", [1, 5, 30])
@pytest.mark.parametrize("eta", [1.0, 0.5])
def test_equal_to_scikit_learn_bit_for_bit(loader, passes, eta):
    """scikit-learn's Perceptron is SGD on max(0, -y f(x)) with a constant step eta0 and no
    penalty, so its weight scale stays 1; its loss counts y f(x) <= 0 as a mistake (threshold
    0, ties included) and steps w += eta0 y x, b += eta0 y. With shuffle=False it visits the
    samples in order, and with tol=None it makes exactly max_iter passes (after a clean pass
    further passes change nothing). Same mistakes, same additions in the same order: the
    weights are equal bit for bit."""
    X, y = loader()
    reference = SklearnPerceptron(
        shuffle=False, tol=None, max_iter=passes, eta0=eta
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reference.fit(X, y)
    ours = _quiet_fit(
        Perceptron(record_path=True, learning_rate=eta, max_iter=passes), X, y
    )
    assert np.array_equal(ours.coef_, reference.coef_[0])
    assert ours.intercept_ == reference.intercept_[0]
    assert np.array_equal(ours.predict(X), reference.predict(X))
    assert np.array_equal(
        ours.decision_function(X), reference.decision_function(X)
    )


# --------------------------------------------------------------------------- fast path exactness


def _random_problem(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 400))
    d = int(rng.integers(1, 30))
    kind = seed % 4
    if kind == 0:  # separable, continuous
        w = rng.standard_normal(d)
        X = rng.standard_normal((n, d))
        y = np.where(X @ w + 0.3 > 0, 1.0, -1.0)
    elif kind == 1:  # noisy labels: not separable
        X = rng.standard_normal((n, d)) * rng.uniform(0.01, 100)
        y = rng.choice([-1.0, 1.0], size=n)
    elif kind == 2:  # small integers: many exact ties (scores exactly zero)
        X = rng.integers(-2, 3, size=(n, d)).astype(float)
        y = rng.choice([-1.0, 1.0], size=n)
    else:  # wildly different scales, to stress rounding
        X = rng.standard_normal((n, d)) * 10.0 ** rng.integers(
            -8, 8, size=(1, d)
        )
        y = np.where(X[:, 0] - X[:, -1] > 0, 1.0, -1.0)
    return X, y, rng


@pytest.mark.parametrize("seed", range(120))
def test_fast_path_equals_plain_loop_bit_for_bit(seed):
    X, y, rng = _random_problem(seed)
    options = dict(
        max_iter=int(rng.integers(1, 15)),
        fit_intercept=bool(seed % 3),
        shuffle=bool(seed % 5 == 0),
        random_state=seed,
        learning_rate=[1.0, 0.1, InverseLinear(2.0)][seed % 3],
    )
    start = rng.standard_normal(X.shape[1]) if seed % 2 else None
    b0 = (
        float(rng.standard_normal())
        if (seed % 2 and options["fit_intercept"])
        else None
    )
    plain = plain_perceptron(X, y, start, b0, **options)
    fast = fast_perceptron(X, y, start, b0, **options)
    assert np.array_equal(plain.coef_path, fast.coef_path)
    assert np.array_equal(plain.intercept_path, fast.intercept_path)
    assert np.array_equal(plain.update_indices, fast.update_indices)
    assert (plain.n_iter, plain.converged) == (fast.n_iter, fast.converged)


def test_fast_path_equals_plain_loop_on_near_ties():
    # Scores within rounding of zero: a matrix-vector product and a per-sample dot product
    # may disagree on their sign; the fast path must still follow the per-sample rule.
    rng = np.random.default_rng(7)
    d = 40
    w = rng.standard_normal(d)
    X = rng.standard_normal((3000, d))
    X -= np.outer(X @ w / (w @ w), w)  # project onto the hyperplane w.x = 0
    y = rng.choice([-1.0, 1.0], size=3000)
    scores_dot = np.array([float(x @ w) for x in X])
    assert np.max(np.abs(scores_dot)) < 1e-12
    for i_start in (0, 5, 100, 2999):
        expected = next(
            (i for i in range(i_start, len(X)) if y[i] * float(X[i] @ w) <= 0),
            -1,
        )
        assert find_next_mistake(X, y, w, 0.0, i_start) == expected
    plain = plain_perceptron(X, y, w, None, max_iter=3)
    fast = fast_perceptron(X, y, w, None, max_iter=3)
    assert np.array_equal(plain.coef_path, fast.coef_path)


def test_find_next_mistake_contract():
    X = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]])
    y = np.array([1.0, 1.0, 1.0])
    w = np.array([1.0, 1.0])
    assert find_next_mistake(X, y, w, 0.0, 0) == 2
    assert find_next_mistake(X, y, w, 0.0, 3) == -1
    assert find_next_mistake(X, y, w, 5.0, 0) == -1
    assert (
        find_next_mistake(X, y, np.zeros(2), 0.0, 1) == 1
    )  # a zero score is a mistake
    rng = np.random.default_rng(3)
    X = rng.standard_normal((5000, 8))
    w = rng.standard_normal(8)
    y = np.where(X @ w > 0, 1.0, -1.0)
    y[[700, 4321]] *= -1
    assert find_next_mistake(X, y, w, 0.0, 0) == 700
    assert find_next_mistake(X, y, w, 0.0, 701, first_block=1) == 4321
    assert find_next_mistake(X, y, w, 0.0, 4322) == -1


def test_estimator_uses_the_fast_path_with_the_same_result():
    data = make_separable(
        n_samples=500, n_features=5, margin=0.1, random_state=0
    )
    model = Perceptron(record_path=True).fit(data.X, data.y)
    run = plain_perceptron(data.X, np.where(data.y > 0, 1.0, -1.0))
    assert np.array_equal(model.coef_path_, run.coef_path)
    assert model.coef_path_.shape == (model.n_updates_ + 1, 5)
    assert model.intercept_path_.shape == (model.n_updates_ + 1,)


# --------------------------------------------------------------------------- properties


@pytest.mark.parametrize("eta", [0.5, 4.0, 2.0**-10])
def test_learning_rate_is_irrelevant_from_zero_exact_for_powers_of_two(eta):
    data = make_separable(
        n_samples=300, n_features=4, margin=0.05, random_state=1
    )
    one = Perceptron(record_path=True).fit(data.X, data.y)
    scaled = Perceptron(record_path=True, learning_rate=eta).fit(
        data.X, data.y
    )
    assert np.array_equal(scaled.coef_path_, eta * one.coef_path_)
    assert np.array_equal(scaled.intercept_path_, eta * one.intercept_path_)
    assert np.array_equal(scaled.update_indices_, one.update_indices_)


def test_learning_rate_is_irrelevant_from_zero_any_value():
    data = make_separable(
        n_samples=300, n_features=4, margin=0.05, random_state=2
    )
    one = Perceptron(record_path=True).fit(data.X, data.y)
    scaled = Perceptron(record_path=True, learning_rate=0.37).fit(
        data.X, data.y
    )
    assert np.array_equal(scaled.update_indices_, one.update_indices_)
    assert np.allclose(
        scaled.coef_path_, 0.37 * one.coef_path_, rtol=1e-12, atol=0
    )
    assert np.array_equal(scaled.predict(data.X), one.predict(data.X))


def test_learning_rate_matters_from_a_nonzero_start():
    X, y = students()
    start = dict(coef_init=[0.25] * 4, intercept_init=0.25)
    one = Perceptron(record_path=True).fit(X, y, **start)
    small = Perceptron(record_path=True, learning_rate=0.1).fit(X, y, **start)
    assert not np.allclose(
        small.coef_ / np.linalg.norm(small.coef_),
        one.coef_ / np.linalg.norm(one.coef_),
    )


def test_converged_model_classifies_training_data():
    data = make_separable(
        n_samples=400, n_features=3, margin=0.2, random_state=4
    )
    model = Perceptron(record_path=True).fit(data.X, data.y)
    assert model.converged_ and model.score(data.X, data.y) == 1.0
    assert np.all(data.y * model.decision_function(data.X) > 0)


def test_mistake_bound_holds_on_augmented_data():
    data = make_separable(
        n_samples=300, n_features=3, margin=0.3, random_state=5
    )
    model = Perceptron(record_path=True).fit(data.X, data.y)
    Xa = augment(data.X)
    u = np.r_[data.intercept, data.coef]
    gamma = margin(u, Xa, data.y)
    assert model.n_updates_ <= mistake_bound(radius(Xa), gamma)


def test_string_labels_and_label_permutation():
    X, y = students()
    names = np.where(
        y > 0, "pass", "fail"
    )  # "pass" > "fail": positive class is "pass"
    model = Perceptron(record_path=True).fit(
        X, names, coef_init=[0.25] * 4, intercept_init=0.25
    )
    assert list(model.classes_) == ["fail", "pass"]
    assert np.array_equal(
        np.r_[model.intercept_, model.coef_],
        [-0.75, 1.25, -0.75, -0.75, -0.75],
    )
    assert np.array_equal(model.predict(X), names)
    flipped = Perceptron(record_path=True).fit(X, -y)
    plain = Perceptron(record_path=True).fit(X, y)
    assert np.array_equal(flipped.coef_path_, -plain.coef_path_)


def test_shuffle_is_seeded_and_changes_order():
    data = make_separable(
        n_samples=200, n_features=2, margin=0.05, random_state=6
    )
    a = Perceptron(record_path=True, shuffle=True, random_state=3).fit(
        data.X, data.y
    )
    b = Perceptron(record_path=True, shuffle=True, random_state=3).fit(
        data.X, data.y
    )
    c = Perceptron(record_path=True, shuffle=False).fit(data.X, data.y)
    assert np.array_equal(a.coef_path_, b.coef_path_)
    assert (
        not np.array_equal(
            a.update_indices_, c.update_indices_[: len(a.update_indices_)]
        )
        or a.n_updates_ != c.n_updates_
    )


def test_non_separable_stops_with_warning():
    X, y = five_points_nonseparable()
    with pytest.warns(ConvergenceWarning):
        model = Perceptron(record_path=True, max_iter=7).fit(X, y)
    assert model.n_iter_ == 7 and not model.converged_


# --------------------------------------------------------------------------- batch rule


def test_batch_perceptron_steps_by_the_sum_of_mistakes():
    X, y = four_points()
    model = BatchPerceptron(record_path=True, fit_intercept=False).fit(X, y)
    # From w = 0 all four points are mistakes: step sum_i y_i x_i = (2, 2).
    assert np.array_equal(model.coef_path_, [[0, 0], [2, 2]])
    assert (
        model.converged_
        and model.n_updates_ == 1
        and list(model.n_mistakes_) == [4, 0]
    )


def test_batch_perceptron_separates_and_decreases_criterion_to_zero():
    data = make_separable(
        n_samples=300, n_features=3, margin=0.2, random_state=8
    )
    model = BatchPerceptron(record_path=True).fit(data.X, data.y)
    assert model.converged_ and model.score(data.X, data.y) == 1.0
    assert (
        perceptron_criterion(model.coef_, data.X, data.y, model.intercept_)
        == 0.0
    )
    J0 = perceptron_criterion(
        model.coef_path_[0], data.X, data.y, model.intercept_path_[0]
    )
    assert (
        J0 == 0.0
    )  # at w = 0 every sample is on the boundary: J = 0 but all are mistakes
    assert model.n_mistakes_[0] == 300


def test_batch_perceptron_gradient_of_criterion():
    rng = np.random.default_rng(9)
    X = rng.standard_normal((50, 3))
    y = rng.choice([-1, 1], size=50)
    w, b = rng.standard_normal(3), 0.3
    model = _quiet_fit(
        BatchPerceptron(record_path=True, max_iter=1),
        X,
        y,
        coef_init=w,
        intercept_init=b,
    )
    mistakes = y * (X @ w + b) <= 0
    assert np.allclose(
        model.coef_ - w, (y[mistakes, None] * X[mistakes]).sum(axis=0)
    )
    # A numerical gradient of J_p agrees with minus the step (away from kinks).
    eps = 1e-6
    grad = np.array(
        [
            (
                perceptron_criterion(w + eps * e, X, y, b)
                - perceptron_criterion(w - eps * e, X, y, b)
            )
            / (2 * eps)
            for e in np.eye(3)
        ]
    )
    assert np.allclose(grad, -(model.coef_ - w), atol=1e-6)


def test_batch_non_separable_warns():
    X, y = five_points_nonseparable()
    with pytest.warns(ConvergenceWarning, match="BatchPerceptron"):
        model = BatchPerceptron(record_path=True, max_iter=30).fit(X, y)
    assert not model.converged_ and model.n_iter_ == 30


# --------------------------------------------------------------------------- helpers


def test_augment_and_normalize():
    X, y = five_points_nonseparable()
    Z = normalize(augment(X), y)
    assert np.array_equal(
        Z, [[1, 2, 1], [1, 4, 3], [1, 3, 5], [-1, -1, -3], [-1, -5, -6]]
    )
    w, b = np.array([0.3, -0.2]), 0.7
    assert np.allclose(augment(X) @ np.r_[b, w], X @ w + b)
    assert np.array_equal(
        normalize(X, np.where(y > 0, "b", "a")), normalize(X, y)
    )


def test_margin_radius_criterion_bound():
    X, y = four_points()
    assert margin([1, 1], X, y) == pytest.approx(1 / np.sqrt(2))
    assert margin([1, 0], X, y) == 0.0  # p2 and p3 sit on the line x1 = 0
    assert margin([-1, -1], X, y) < 0
    assert margin(
        [1.0], np.array([[2.0], [-1.0]]), [1, -1], b=-1.5
    ) == pytest.approx(0.5)
    assert radius(X) == 1.0 and radius([[3.0, 4.0]]) == 5.0
    assert perceptron_criterion([0, 0], X, y) == 0.0
    assert perceptron_criterion([-1, -1], X, y) == 4.0
    assert perceptron_criterion([1, 1], X, y) == 0.0
    assert mistake_bound(2.0, 0.5) == 16.0 and mistake_bound(0.0, 1.0) == 0.0


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "X, y, error, match",
    [
        (np.ones(4), [1, -1, 1, -1], ValueError, "2-D"),
        ([[1.0, np.nan], [0.0, 1.0]], [1, -1], ValueError, "finite"),
        ([[1.0], [2.0]], [1, 1], ValueError, "exactly two classes"),
        ([[1.0], [2.0], [3.0]], [0, 1, 2], ValueError, "exactly two classes"),
        (
            [[1.0], [2.0]],
            [1, -1, 1],
            ValueError,
            "same number|one entry per sample",
        ),
        (np.empty((0, 2)), [], ValueError, "at least 1 sample"),
        ("abc", [1, -1], TypeError, "array of numbers"),
    ],
)
def test_bad_data(X, y, error, match):
    for model in (
        Perceptron(record_path=True),
        BatchPerceptron(record_path=True),
    ):
        with pytest.raises(error, match=match):
            model.fit(X, y)


@pytest.mark.parametrize(
    "params, error, match",
    [
        (dict(learning_rate=-1.0), ValueError, "greater than 0"),
        (dict(learning_rate=0), ValueError, "greater than 0"),
        (dict(learning_rate="fast"), TypeError, "learning_rate"),
        (
            dict(learning_rate=lambda k: -1.0),
            ValueError,
            "learning_rate\\(k\\)",
        ),
        (dict(learning_rate=lambda k: "x"), TypeError, "must return a number"),
        (dict(max_iter=0), ValueError, "max_iter"),
        (dict(max_iter=2.5), TypeError, "max_iter"),
        (dict(fit_intercept="yes"), TypeError, "fit_intercept"),
    ],
)
def test_bad_parameters(params, error, match):
    X, y = four_points()
    with pytest.raises(error, match=match):
        Perceptron(record_path=True, **params).fit(X, y)


def test_bad_starting_points_and_prediction_inputs():
    X, y = four_points()
    with pytest.raises(ValueError, match="coef_init"):
        Perceptron(record_path=True).fit(X, y, coef_init=[1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="fit_intercept=False"):
        Perceptron(record_path=True, fit_intercept=False).fit(
            X, y, intercept_init=1.0
        )
    with pytest.raises(TypeError, match="intercept_init"):
        Perceptron(record_path=True).fit(X, y, intercept_init="one")
    with pytest.raises(NotFittedError):
        Perceptron(record_path=True).predict(X)
    model = Perceptron(record_path=True).fit(X, y)
    with pytest.raises(ValueError, match="feature"):
        model.predict(np.ones((2, 3)))
    with pytest.raises(ValueError, match="zero vector"):
        margin([0, 0], X, y)
    with pytest.raises(ValueError, match="gamma"):
        mistake_bound(1.0, 0.0)
    with pytest.raises(ValueError, match="w must have one entry|length"):
        perceptron_criterion([1.0], X, y)
    with pytest.raises(ValueError, match="-1 and \\+1"):
        plain_perceptron(X, [0, 1, 0, 1])


def test_params_and_repr():
    model = Perceptron(max_iter=5)
    assert model.get_params()["max_iter"] == 5
    assert repr(model) == "Perceptron(max_iter=5)"
    assert model.set_params(shuffle=True).shuffle is True
    with pytest.raises(ValueError, match="Invalid parameter 'alpha'"):
        model.set_params(alpha=1.0)


@pytest.mark.parametrize("cls", [Perceptron, BatchPerceptron])
def test_path_is_recorded_only_on_request(cls):
    X, y = four_points()
    model = cls(fit_intercept=False).fit(X, y)
    for name in ("coef_path_", "intercept_path_", "update_indices_"):
        assert not hasattr(model, name)
    recorded = cls(fit_intercept=False, record_path=True).fit(X, y)
    assert np.array_equal(recorded.coef_, model.coef_)
    assert recorded.coef_path_.shape == (recorded.n_updates_ + 1, 2)
    # a re-fit without the path drops the old one
    assert not hasattr(
        recorded.set_params(record_path=False).fit(X, y), "coef_path_"
    )
