"""Tests of mlcourse.perceptron: worked examples, gold standards, exactness, properties, errors."""

import math
import tracemalloc
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
    Scan,
    augment,
    dot_visits,
    fast_perceptron,
    is_mistake,
    margin,
    mistake_bound,
    next_mistakes,
    normalize,
    perceptron_criterion,
    plain_perceptron,
    radius,
    tolerance,
)
from sklearn.datasets import load_breast_cancer, load_iris


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
def test_equal_to_scikit_learn_bit_for_bit(loader, passes, eta, api_recipe):
    """scikit-learn's Perceptron is SGD on max(0, -y f(x)) with a constant step eta0 and no
    penalty, so its weight scale stays 1; its loss counts y f(x) <= 0 as a mistake (threshold
    0, ties included) and steps w += eta0 y x, b += eta0 y. With shuffle=False it visits the
    samples in order, and with tol=None it makes exactly max_iter passes (after a clean pass
    further passes change nothing). Same mistakes, same additions in the same order: the
    weights are equal bit for bit."""
    X, y = loader()
    ours, reference = api_recipe("Perceptron", m=passes)
    reference.set_params(eta0=eta)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reference.fit(X, y)
    ours = _quiet_fit(
        ours.set_params(record_path=True, learning_rate=eta), X, y
    )
    assert np.array_equal(ours.coef_, reference.coef_[0])
    assert ours.intercept_ == reference.intercept_[0]
    assert np.array_equal(ours.predict(X), reference.predict(X))
    assert np.array_equal(
        ours.decision_function(X), reference.decision_function(X)
    )


# --------------------------------------------------------------------------- the engine


def _random_problem(seed):
    """Data sets of every kind the engine must get right, some near overflow."""
    rng = np.random.default_rng(seed)
    n, d = int(rng.integers(1, 400)), int(rng.integers(1, 30))
    X, kind = rng.standard_normal((n, d)), seed % 9
    y = rng.choice([-1.0, 1.0], size=n)  # noisy labels: not separable
    if kind == 0:  # separable
        y = np.where(X @ rng.standard_normal(d) + 0.3 > 0, 1.0, -1.0)
    elif kind == 1:
        X *= rng.uniform(0.01, 100)
    elif kind == 2:  # small integers: many scores exactly zero
        X = rng.integers(-2, 3, size=(n, d)).astype(float)
    elif kind == 3:  # wildly different scales
        X *= 10.0 ** rng.integers(-8, 8, size=(1, d))
        y = np.where(X[:, 0] - X[:, -1] > 0, 1.0, -1.0)
    elif kind == 4:  # near overflow: the scores reach 1e300 and beyond
        X *= 10.0 ** rng.integers(140, 155, size=(1, d))
    elif kind == 5:  # column scales of 1e300: inf - inf in the scores
        X *= 10.0 ** rng.choice([0, 300], size=(1, d))
    elif kind == 6:  # tiny: products underflow (float32's range too)
        X *= 10.0 ** rng.integers(-300, -30, size=(1, d))
    elif kind == 7:  # one huge column, the others ordinary
        X[:, 0] *= 1e150
    else:  # the weights leave float32's range, where blocks use float64
        X *= 10.0 ** rng.integers(10, 17)
    if seed // 9 % 2 and kind != 3:  # separable: long clean runs, blocks
        y = np.where(X @ rng.standard_normal(d) > 0, 1.0, -1.0)
    return X, y, rng


def _outcome(run, X, y, start, b0, options):
    """The run, or the error it raises (the same for both, or a failure)."""
    try:
        with np.errstate(all="ignore"):
            return run(X, y, start, b0, **options)
    except ValueError as error:
        return str(error)


@pytest.mark.parametrize("seed", range(400))
def test_engine_reproduces_the_plain_loop_exactly(seed):
    """On data sets of every kind, overflow included, the estimators' runs
    are the textbook loop's: the same updates, weights, passes, errors."""
    X, y, rng = _random_problem(seed)
    options = dict(
        max_iter=int(rng.integers(1, 15)),
        fit_intercept=bool(seed % 3),
        shuffle=seed % 5 == 0,
        random_state=seed,
        learning_rate=[1.0, 0.1, InverseLinear(2.0)][seed % 3],
    )
    start = rng.standard_normal(X.shape[1]) if seed % 2 else None
    b0 = float(rng.standard_normal()) if seed % 2 and seed % 3 else None
    plain = _outcome(plain_perceptron, X, y, start, b0, options)
    fast = _outcome(fast_perceptron, X, y, start, b0, options)
    if isinstance(plain, str) or isinstance(fast, str):
        assert plain == fast and "overflowed" in plain
        return
    for name in ("coef_path", "intercept_path", "update_indices"):
        assert np.array_equal(getattr(plain, name), getattr(fast, name))
    assert (plain.n_iter, plain.converged) == (fast.n_iter, fast.converged)


def test_near_overflow_runs_are_covered_both_ways():
    """The cases near overflow include runs that end normally and runs that
    stop on a score that is not a finite number."""
    ends = {"ok": 0, "overflow": 0}
    for seed in range(4, 400, 9):
        X, y, rng = _random_problem(seed)
        plain = _outcome(plain_perceptron, X, y, None, None, {})
        ends["overflow" if isinstance(plain, str) else "ok"] += 1
    assert ends["ok"] >= 5 and ends["overflow"] >= 5


@pytest.mark.parametrize("seed", range(3))
def test_engine_long_blocks_in_single_precision(seed):
    """Separable data with a small margin: long clean runs, scanned in
    blocks of hundreds of rows in single precision; the plain loop's run."""
    rng = np.random.default_rng(60 + seed)
    X = rng.standard_normal((2000, 5))
    scores = X @ rng.standard_normal(5)
    X, y = X[np.abs(scores) > 0.05], np.sign(scores[np.abs(scores) > 0.05])
    plain = plain_perceptron(X, y, max_iter=50)
    fast = fast_perceptron(X, y, max_iter=50)
    assert plain.converged and plain.n_updates > 100
    for name in ("coef_path", "intercept_path", "update_indices"):
        assert np.array_equal(getattr(plain, name), getattr(fast, name))


def test_engine_on_near_ties():
    # Scores within rounding of zero: a BLAS product and the plain loop's
    # dot product may disagree on their sign; the engine must follow the
    # plain loop.
    rng = np.random.default_rng(7)
    d = 40
    w = rng.standard_normal(d)
    X = rng.standard_normal((3000, d))
    X -= np.outer(X @ w / (w @ w), w)  # onto the hyperplane w.x = 0
    y = rng.choice([-1.0, 1.0], size=3000)
    assert np.max(np.abs([float(x @ w) for x in X])) < 1e-12
    plain = plain_perceptron(X, y, w, None, max_iter=3)
    fast = fast_perceptron(X, y, w, None, max_iter=3)
    assert np.array_equal(plain.coef_path, fast.coef_path)


def _counting(function, counts, key):
    def counted(*args):
        counts[key] += 1
        return function(*args)

    return counted


def test_engine_uses_single_visits_blocks_and_the_plain_test():
    """A clean stretch goes to the blocks, an undecided margin to the plain
    test, and the positions are the plain loop's."""
    rng = np.random.default_rng(11)
    n = 2000
    X = rng.standard_normal((n, 3))
    y = np.where(X @ [1.0, -2.0, 0.5] > 0, 1.0, -1.0)
    y[[5, 6, 700, 1900]] *= -1  # mistakes close together, then far apart
    w = np.array([1.0, -2.0, 0.5])
    expected = [i for i in range(n) if y[i] * float(X[i] @ w) <= 0]
    Z = y[:, None] * X
    rows, counts = list(Z), {"decide": 0, "block": 0}
    scan = Scan(tolerance(3, float(np.abs(Z).max() * np.abs(w).sum())))
    visits = dot_visits(rows, w)

    def visits_nan_at_6(start, stop, scan):  # sample 6's margin reads NaN
        for i, m in visits(start, stop, scan):
            yield i, math.nan if i == 6 else m

    found = list(
        next_mistakes(
            n,
            visits_nan_at_6,
            scan,
            _counting(
                lambda i: is_mistake(X[i], y[i], w, 0.0), counts, "decide"
            ),
            _counting(lambda a, b: (Z[a:b] @ w, scan.tol), counts, "block"),
        )
    )
    assert found == expected == [5, 6, 700, 1900]
    assert counts["block"] > 0 and counts["decide"] >= 1


def test_the_mistake_rule_sums_exactly_wherever_the_weights_lie():
    # scores within rounding of 0: a BLAS product's sign there depends on
    # its kernel and on the rows' place in memory; the rule's does not
    from fractions import Fraction

    rng = np.random.default_rng(0)
    memory = np.empty(12)  # w at an address 8 bytes past the block's start
    for _ in range(2000):
        x = rng.integers(-2, 3, size=9).astype(float)
        w = memory[1:10]
        w[:] = rng.integers(-6, 7, size=9) * 0.3
        b = -float(x @ w) if rng.random() < 0.5 else 0.3
        exact = sum(map(Fraction, np.multiply(x, w).tolist())) + Fraction(b)
        for weights in (w, w.copy()):
            assert is_mistake(x, 1.0, weights, b) == (exact <= 0)


def test_a_score_that_is_not_a_number_is_an_error_not_a_correct_answer():
    X = np.array([[1e300, 1e300], [1e300, -1e300]])
    y = np.array([-1.0, 1.0])
    # w = x_1 makes the score of x_2 inf - inf, NaN: never "correct"
    for run in (plain_perceptron, fast_perceptron):
        with pytest.raises(ValueError, match=r"a score overflowed \(nan\)"):
            with np.errstate(all="ignore"):
                run(X, y, [1e300, -1e300], None)
    with (
        pytest.raises(ValueError, match="overflowed"),
        np.errstate(all="ignore"),
    ):
        is_mistake(np.array([np.inf]), 1.0, np.array([0.0]), 0.0)


def test_huge_values_get_a_clear_error_from_the_estimator():
    # the 4 x 2 example at 1e200: the scores overflow
    X = 1e200 * np.array([[1.0, 2.0], [2.0, 1.0], [-1.0, -2.0], [-2.0, 1.0]])
    y = [1, 1, -1, -1]
    for cls in (Perceptron, BatchPerceptron):
        with pytest.raises(ValueError, match=r"values up to 2e\+200"):
            cls().fit(X, y)


def test_estimator_uses_the_engine_with_the_same_result():
    data = make_separable(
        n_samples=500, n_features=5, margin=0.1, random_state=0
    )
    model = Perceptron(record_path=True).fit(data.X, data.y)
    run = plain_perceptron(data.X, np.where(data.y > 0, 1.0, -1.0))
    assert np.array_equal(model.coef_path_, run.coef_path)
    assert model.coef_path_.shape == (model.n_updates_ + 1, 5)
    assert model.intercept_path_.shape == (model.n_updates_ + 1,)


def test_default_stops_after_100_passes_on_data_no_line_separates():
    rng = np.random.default_rng(0)
    X = rng.standard_normal((1000, 5))
    y = rng.choice([-1, 1], size=1000)
    with pytest.warns(ConvergenceWarning, match="max_iter=100 passes"):
        model = Perceptron().fit(X, y)
    assert model.n_iter_ == 100 and not model.converged_
    assert Perceptron().max_iter == BatchPerceptron().max_iter == 100


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


def test_batch_perceptron_counts_the_last_weights_when_it_stops_early():
    """``n_mistakes_`` has ``n_iter_`` entries after convergence and one
    more, the final weights' count, when ``max_iter`` stops the fit."""
    X = np.array([[1.0, 0.0], [1.0, 0.0], [0.0, 1.0], [0.0, 1.0]])
    with pytest.warns(ConvergenceWarning):
        model = BatchPerceptron(max_iter=3).fit(X, [1, -1, 1, -1])
    assert not model.converged_ and model.n_iter_ == 3
    assert list(model.n_mistakes_) == [4, 4, 4, 4]


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
        (np.ones(4), [1, -1, 1, -1], ValueError, "Reshape your data"),
        ([[1.0, np.nan], [0.0, 1.0]], [1, -1], ValueError, "contains NaN"),
        ([[1.0], [2.0]], [1, 1], ValueError, "1 class"),
        ([[1.0], [2.0], [3.0]], [0, 1, 2], ValueError, "exactly two classes"),
        ([[1.0], [2.0]], [1, -1, 1], ValueError, "inconsistent numbers"),
        (np.empty((0, 2)), [], ValueError, "0 sample"),
        ([[1.0, 2.0], [3.0]], [1, -1], ValueError, "rectangular"),
        ([[1.0], [2.0]], [0.5, 1.5], ValueError, "Unknown label type"),
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
    "params, match",
    [
        (dict(learning_rate=-1.0), "'learning_rate' parameter"),
        (dict(learning_rate=0), "'learning_rate' parameter"),
        (dict(learning_rate="fast"), "'learning_rate' parameter"),
        (dict(learning_rate=lambda k: -1.0), "learning_rate\\(k\\)"),
        (dict(learning_rate=lambda k: "x"), "above zero; got 'x'"),
        (dict(max_iter=0), "'max_iter' parameter"),
        (dict(max_iter=2.5), "'max_iter' parameter"),
        (dict(fit_intercept="yes"), "'fit_intercept' parameter"),
        (dict(random_state="seed"), "'random_state' parameter"),
    ],
)
def test_bad_parameters(params, match):
    X, y = four_points()
    with pytest.raises(ValueError, match=match):
        Perceptron(record_path=True, **params).fit(X, y)


def test_bad_starting_points_and_prediction_inputs():
    X, y = four_points()
    with pytest.raises(ValueError, match="coef_init"):
        Perceptron(record_path=True).fit(X, y, coef_init=[1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="fit_intercept=False"):
        Perceptron(record_path=True, fit_intercept=False).fit(
            X, y, intercept_init=1.0
        )
    with pytest.raises(ValueError, match="intercept_init must be a finite"):
        Perceptron(record_path=True).fit(X, y, intercept_init="one")
    with pytest.raises(NotFittedError):
        Perceptron(record_path=True).predict(X)
    model = Perceptron(record_path=True).fit(X, y)
    with pytest.raises(ValueError, match="X has 3 features"):
        model.predict(np.ones((2, 3)))
    with pytest.raises(ValueError, match="zero vector"):
        margin([0, 0], X, y)
    with pytest.raises(ValueError, match="margin gamma > 0"):
        mistake_bound(1.0, 0.0)
    with pytest.raises(ValueError, match="'R' parameter"):
        mistake_bound("1", 0.5)
    with pytest.raises(ValueError):
        perceptron_criterion([1.0], X, y)
    with pytest.raises(ValueError, match="-1 or \\+1"):
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


# --------------------------------------------------------------------------- scale and memory


@pytest.mark.parametrize("Model", [Perceptron, BatchPerceptron])
def test_features_far_below_the_bias_step_are_named_as_the_cause(Model):
    """Separable data at 1e-300: the bias step of 1 swamps ``w @ x``; the
    warning says so, not "the data may not be linearly separable"."""
    data = make_separable(200, margin=0.3, random_state=0)
    with pytest.warns(ConvergenceWarning) as caught:
        Model(max_iter=20).fit(data.X * 1e-300, data.y)
    message = str(caught[0].message)
    assert "X is not standardized" in message and "e-300" in message
    assert "linearly separable" not in message
    assert Model(max_iter=20).fit(data.X, data.y).converged_  # scaled: fine


@pytest.mark.parametrize("Model", [Perceptron, BatchPerceptron])
def test_an_unscaled_column_is_named_as_the_cause(Model, timestamp_data):
    X, y = timestamp_data()
    with pytest.warns(ConvergenceWarning, match="column 10 spans"):
        Model(max_iter=5).fit(X, y)


def test_batch_perceptron_keeps_no_path_unless_asked():
    """1,000 x 50, 20,000 iterations: the path alone would be 8 MB."""
    rng = np.random.default_rng(0)
    X = rng.standard_normal((1000, 50))
    y = rng.integers(0, 2, 1000)  # noise: never separable
    model = BatchPerceptron(max_iter=20_000)
    tracemalloc.start()
    try:
        _quiet_fit(model, X, y)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert model.n_iter_ == 20_000 and not hasattr(model, "coef_path_")
    assert peak < 2 * 2**20, f"peak {peak / 2**20:.1f} MiB"
    recorded = _quiet_fit(BatchPerceptron(max_iter=50, record_path=True), X, y)
    assert recorded.coef_path_.shape == (51, 50)
    np.testing.assert_array_equal(recorded.coef_path_[-1], recorded.coef_)


def test_mistake_bound_example_needs_the_augmented_vectors():
    """The docstring's example: the plain (R/gamma)^2 fails with a bias."""
    import doctest

    import mlcourse.perceptron as module

    finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner()
    (test,) = finder.find(module.mistake_bound, globs=vars(module).copy())
    assert test.examples, "mistake_bound has an example"
    assert runner.run(test).failed == 0
