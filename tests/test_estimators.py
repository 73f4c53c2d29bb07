"""Every estimator of the library in scikit-learn's tooling.

scikit-learn's own estimator checks run on the twelve estimators, with no
expected failure. Then ``clone``, ``Pipeline``, ``cross_val_score``,
``GridSearchCV`` over a ``Pipeline``, pickling, DataFrames and their column
names, a numpy ``RandomState``, keyword-only hyper-parameters, the one
meaning of ``max_iter`` and ``converged_``, the not-fitted error and a
failed re-fit are tried on each.

The checks test the API (shapes, labels, errors, copies, pickles), so most
of them run on a cheap instance, with few passes; the checks that measure a
fit's quality (``check_classifiers_train``, ``check_regressors_train``) run
on the default instance, as a user gets it (their variants on read-only or
float32 input test input handling, on the cheap instance). That the defaults reach the
optimum is tested in each estimator's own test module.
"""

import pickle
import warnings
from functools import partial

import numpy as np
import pytest
from mlcourse.linear_regression import LinearRegression, Ridge
from mlcourse.logistic_regression import LogisticRegression, SoftmaxRegression
from mlcourse.mlp import MLPClassifier
from mlcourse.perceptron import BatchPerceptron, Perceptron
from mlcourse.perceptron_variants import (
    AveragedPerceptron,
    KernelPerceptron,
    MulticlassPerceptron,
    PocketPerceptron,
    VotedPerceptron,
)
from sklearn.base import clone, is_classifier
from sklearn.datasets import (
    load_breast_cancer,
    load_diabetes,
    load_iris,
    make_classification,
)
from sklearn.exceptions import ConvergenceWarning
from sklearn.exceptions import NotFittedError as SklearnNotFittedError
from sklearn.model_selection import GridSearchCV, cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils.estimator_checks import estimator_checks_generator

# No expected failure: every check of scikit-learn's passes.
EXPECTED_FAILURES = {}

# (default instance, cheap instance for the API checks)
ESTIMATORS = [
    (Perceptron(), Perceptron(max_iter=20)),
    (BatchPerceptron(), BatchPerceptron(max_iter=20)),
    (AveragedPerceptron(), AveragedPerceptron()),
    (VotedPerceptron(), VotedPerceptron()),
    (PocketPerceptron(), PocketPerceptron()),
    (KernelPerceptron(), KernelPerceptron()),
    (MulticlassPerceptron(), MulticlassPerceptron()),
    (LinearRegression(), LinearRegression()),
    (Ridge(), Ridge()),
    (LogisticRegression(), LogisticRegression(max_iter=100)),
    (SoftmaxRegression(), SoftmaxRegression(max_iter=100)),
    (
        MLPClassifier(random_state=0),
        MLPClassifier(random_state=0, max_iter=20),
    ),
]
ALL = [default for default, _ in ESTIMATORS]
QUALITY_CHECKS = {"check_classifiers_train", "check_regressors_train"}


def _check_name(check):
    return (
        check.func.__name__ if isinstance(check, partial) else check.__name__
    )


def _checks():
    for default, cheap in ESTIMATORS:
        for item in estimator_checks_generator(
            cheap, expected_failed_checks=EXPECTED_FAILURES, mark="xfail"
        ):
            if hasattr(item, "marks"):  # an expected failure
                yield item
                continue
            _, check = item
            # the plain quality check on the default; its variants
            # (read-only memory map, float32) test input handling
            quality = _check_name(check) in QUALITY_CHECKS and not getattr(
                check, "keywords", None
            )
            yield (default if quality else cheap), check


def _check_id(value):
    if isinstance(value, partial):
        keywords = ",".join(f"{k}={v}" for k, v in value.keywords.items())
        name = value.func.__name__
        return f"{name}({keywords})" if keywords else name
    if callable(value) and not hasattr(value, "get_params"):
        return value.__name__
    return repr(value).replace("\n", "")


@pytest.mark.parametrize("estimator, check", list(_checks()), ids=_check_id)
def test_scikit_learn_estimator_checks(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)


# --------------------------------------------------------------------------
# The tools a reader reaches for next
# --------------------------------------------------------------------------


def _labelled_blobs(n_classes):
    X, y = make_classification(
        n_samples=120,
        n_features=5,
        n_informative=3,
        n_classes=n_classes,
        n_clusters_per_class=1,
        class_sep=2.0,
        random_state=0,
    )
    # far from the origin, with string labels: the scaler and the label
    # encoding both matter
    return X * 100.0 + 7.0, np.array(["ant", "bee", "cat"])[y]


def _diabetes():
    return load_diabetes(return_X_y=True)


def _cancer():
    X, y = load_breast_cancer(return_X_y=True)
    return X[:, :10], y  # the ten "mean" features: not separable


def _iris():
    return load_iris(return_X_y=True)


# name: (estimator, data); then the grid of its GridSearchCV and the least
# score expected. The perceptrons' grid is one pass against twenty: on these
# data more passes never hurt, and a candidate must score differently for
# the search to mean anything.
PASSES = {"max_iter": [1, 20]}
TOOLING = {
    **{
        type(model).__name__: (model, partial(_labelled_blobs, 2))
        for model in (
            Perceptron(max_iter=20),
            BatchPerceptron(max_iter=20),
            AveragedPerceptron(max_iter=20),
            VotedPerceptron(max_iter=20),
            PocketPerceptron(max_iter=20),
            KernelPerceptron(max_iter=20),
        )
    },
    "MulticlassPerceptron": (
        MulticlassPerceptron(max_iter=20),
        partial(_labelled_blobs, 3),
    ),
    "LinearRegression": (LinearRegression(), _diabetes),
    "LogisticRegression": (LogisticRegression(solver="newton"), _cancer),
    "SoftmaxRegression": (SoftmaxRegression(alpha=0.01), _iris),
    "MLPClassifier": (
        MLPClassifier(hidden_layer_sizes=(8,), max_iter=30, random_state=0),
        _iris,
    ),
}
GRIDS = {
    "LinearRegression": {"fit_intercept": [True, False]},
    "LogisticRegression": {
        "alpha": [0.01, 0.1],
        "solver": ["accelerated", "newton"],
    },
    "SoftmaxRegression": {"alpha": [0.01, 0.1]},
    "MLPClassifier": {
        "hidden_layer_sizes": [(4,), (8,)],
        "alpha": [0.0, 0.01],
    },
}
# R^2 of diabetes is about 0.5; the accuracies are higher
LEAST_SCORE = {"LinearRegression": 0.45}
CLASSIFIERS = sorted(
    name for name, (model, _) in TOOLING.items() if is_classifier(model)
)
BINARY = [
    "Perceptron",
    "BatchPerceptron",
    "AveragedPerceptron",
    "VotedPerceptron",
    "PocketPerceptron",
    "KernelPerceptron",
    "LogisticRegression",
]


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        yield


@pytest.fixture(scope="module", params=sorted(TOOLING))
def case(request):
    name = request.param
    estimator, data = TOOLING[name]
    X, y = data()
    return estimator, X, y, GRIDS.get(name, PASSES), LEAST_SCORE.get(name, 0.8)


def test_clone_copies_the_parameters_not_the_fit(case):
    estimator, X, y, grid, _ = case
    changed = {key: values[-1] for key, values in grid.items()}
    model = clone(estimator).set_params(**changed)
    fitted = model.fit(StandardScaler().fit_transform(X), y)
    copy = clone(fitted)
    assert copy.get_params() == fitted.get_params()
    assert all(copy.get_params()[key] == v for key, v in changed.items())
    assert not hasattr(copy, "n_features_in_")
    assert not hasattr(copy, "classes_")
    assert fitted.n_features_in_ == X.shape[1]
    assert " at 0x" not in repr(estimator) and " at 0x" not in repr(fitted)
    assert repr(copy).startswith(type(estimator).__name__ + "(")


def test_pipeline_fit_predict_score(case):
    estimator, X, y, _, least = case
    pipe = make_pipeline(StandardScaler(), clone(estimator)).fit(X, y)
    prediction = pipe.predict(X)
    assert prediction.shape == (X.shape[0],)
    score = pipe.score(X, y)
    if is_classifier(estimator):  # string labels come back as given
        assert set(prediction) <= set(y)
        assert score == pytest.approx(np.mean(prediction == y))
    scaled = StandardScaler().fit_transform(X)
    alone = clone(estimator).fit(scaled, y)
    assert score == pytest.approx(alone.score(scaled, y), abs=1e-12)
    assert score > least


def test_cross_val_score_gives_finite_scores(case):
    estimator, X, y, _, least = case
    scores = cross_val_score(
        make_pipeline(StandardScaler(), clone(estimator)), X, y, cv=3
    )
    assert scores.shape == (3,) and np.all(np.isfinite(scores))
    assert np.all(scores > 0.3)
    assert scores.mean() > least - 0.1


def test_grid_search_over_a_pipeline_scores_every_candidate(case):
    estimator, X, y, grid, least = case
    name = type(estimator).__name__.lower()
    search = GridSearchCV(
        make_pipeline(StandardScaler(), clone(estimator)),
        {f"{name}__{key}": values for key, values in grid.items()},
        cv=3,
        error_score="raise",
    ).fit(X, y)
    scores = search.cv_results_["mean_test_score"]
    assert np.all(np.isfinite(scores))
    assert search.best_score_ == np.max(scores)
    for key, values in grid.items():
        assert search.best_params_[f"{name}__{key}"] in values
    assert search.score(X, y) > least


def test_pickle_round_trip_predicts_the_same(case):
    estimator, X, y, _, _ = case
    X = StandardScaler().fit_transform(X)
    fitted = clone(estimator).fit(X, y)
    restored = pickle.loads(pickle.dumps(fitted))
    np.testing.assert_array_equal(restored.predict(X), fitted.predict(X))
    if hasattr(fitted, "decision_function"):
        np.testing.assert_array_equal(
            restored.decision_function(X), fitted.decision_function(X)
        )
    assert restored.get_params() == fitted.get_params()


@pytest.mark.parametrize("name", sorted(TOOLING))
def test_not_fitted_error_is_scikit_learns(name):
    estimator = clone(TOOLING[name][0])
    with pytest.raises(SklearnNotFittedError, match="not fitted"):
        estimator.predict(np.ones((2, 3)))


@pytest.mark.parametrize("name", CLASSIFIERS)
def test_classifiers_refuse_a_continuous_target(name):
    estimator, data = TOOLING[name]
    X, _ = data()
    y = np.linspace(0.0, 1.0, X.shape[0])
    with pytest.raises(ValueError, match="Unknown label type: continuous"):
        clone(estimator).fit(X, y)


@pytest.mark.parametrize("name", CLASSIFIERS)
def test_failed_refit_keeps_the_previous_fit(name):
    estimator, data = TOOLING[name]
    X, y = data()
    X = StandardScaler().fit_transform(X)
    model = clone(estimator).fit(X, y)
    classes = model.classes_.copy()
    with pytest.raises(ValueError):
        model.fit(X[:5, :2], np.full(5, 7))  # one class only
    np.testing.assert_array_equal(model.classes_, classes)
    with pytest.raises(ValueError):
        model.fit(X, np.linspace(0, 1, len(X)))  # continuous
    np.testing.assert_array_equal(model.classes_, classes)
    assert model.n_features_in_ == X.shape[1]


def _refused_step(k):
    """A step-size schedule whose first step is refused (the fit raises)."""
    return -1.0


STEPPED = [e for e in ALL if "learning_rate" in e.get_params()]


@pytest.mark.parametrize("estimator", STEPPED, ids=lambda e: type(e).__name__)
def test_a_fit_that_fails_after_validation_leaves_the_estimator_whole(
    estimator,
):
    # the new data pass validation (5 features); the run then raises
    X, y = _data_for(estimator)
    X5 = np.column_stack([X, X[:, :2]])
    model = clone(estimator).fit(X, y)
    before = model.predict(X)
    model.set_params(learning_rate=_refused_step)
    with pytest.raises(ValueError, match="must return a number above zero"):
        model.fit(X5, y)
    assert model.n_features_in_ == X.shape[1]  # the weights' own count
    np.testing.assert_array_equal(model.predict(X), before)
    expecting = f"expecting {X.shape[1]} features"
    with pytest.raises(ValueError, match=expecting):
        model.predict(X5)
    fresh = clone(model)
    with pytest.raises(ValueError, match="must return a number above zero"):
        fresh.fit(X5, y)
    with pytest.raises(SklearnNotFittedError, match="not fitted"):
        fresh.predict(X5)


@pytest.mark.parametrize("name", BINARY)
def test_binary_models_say_only_binary(name):
    X, y = _labelled_blobs(3)
    with pytest.raises(ValueError, match="exactly two classes"):
        clone(TOOLING[name][0]).fit(X, y)


@pytest.mark.parametrize(
    "estimator",
    [
        MulticlassPerceptron(max_iter=5),
        SoftmaxRegression(max_iter=100),
        MLPClassifier(hidden_layer_sizes=(4,), max_iter=5, random_state=0),
    ],
    ids=lambda estimator: type(estimator).__name__,
)
def test_binary_decision_function_has_one_score_per_row(estimator):
    X, y = _cancer()
    X = StandardScaler().fit_transform(X)
    model = clone(estimator).fit(X, y)
    scores = model.decision_function(X)
    assert scores.shape == (X.shape[0],)
    np.testing.assert_array_equal(
        model.predict(X), model.classes_[(scores > 0).astype(int)]
    )


def test_binary_softmax_scores_are_the_logistic_scores():
    X, y = _iris()
    hard = y > 0  # versicolor against virginica: not separable
    X, y = StandardScaler().fit_transform(X[hard]), y[hard]
    soft = SoftmaxRegression().fit(X, y).decision_function(X)
    logistic = LogisticRegression().fit(X, y).decision_function(X)
    np.testing.assert_allclose(soft, logistic, atol=1e-5)


# --------------------------------------------------------------------------
# One vocabulary: names, DataFrames, seeds, max_iter and converged_
# --------------------------------------------------------------------------


def _data_for(estimator):
    if is_classifier(estimator):
        X, y = _labelled_blobs(3 if _multiclass(estimator) else 2)
        return StandardScaler().fit_transform(X), y
    X, y = _diabetes()
    return StandardScaler().fit_transform(X), y


def _multiclass(estimator):
    return estimator.__sklearn_tags__().classifier_tags.multi_class


@pytest.mark.parametrize("estimator", ALL, ids=lambda e: type(e).__name__)
def test_hyper_parameters_are_keyword_only(estimator):
    cls = type(estimator)
    first = next(iter(estimator.get_params()))
    with pytest.raises(TypeError, match="positional"):
        cls(estimator.get_params()[first])


@pytest.mark.parametrize("estimator", ALL, ids=lambda e: type(e).__name__)
def test_dataframe_column_names_are_kept_and_checked(estimator):
    pd = pytest.importorskip("pandas")
    X, y = _data_for(estimator)
    frame = pd.DataFrame(X, columns=[f"f{j}" for j in range(X.shape[1])])
    model = clone(estimator).set_params(
        **{k: 5 for k in ("max_iter",) if k in estimator.get_params()}
    )
    model.fit(frame, y)
    assert list(model.feature_names_in_) == list(frame.columns)
    assert model.n_features_in_ == X.shape[1]
    with pytest.warns(UserWarning, match="does not have valid feature names"):
        np.testing.assert_array_equal(model.predict(frame), model.predict(X))
    reordered = frame[frame.columns[::-1]]
    with pytest.raises(ValueError, match="feature names should match"):
        model.predict(reordered)


@pytest.mark.parametrize(
    "estimator",
    [e for e in ALL if "random_state" in e.get_params()],
    ids=lambda e: type(e).__name__,
)
def test_a_numpy_random_state_is_accepted_as_in_scikit_learn(estimator):
    X, y = _data_for(estimator)
    options = {"random_state": np.random.RandomState(0)}
    if "shuffle" in estimator.get_params():
        options["shuffle"] = True
    options.update(
        {k: 5 for k in ("max_iter",) if k in estimator.get_params()}
    )
    first = clone(estimator).set_params(**options).fit(X, y)
    options["random_state"] = np.random.RandomState(0)
    second = clone(estimator).set_params(**options).fit(X, y)
    np.testing.assert_array_equal(first.predict(X), second.predict(X))


ITERATING = [e for e in ALL if "max_iter" in e.get_params()]


@pytest.mark.parametrize(
    "estimator", ITERATING, ids=lambda e: type(e).__name__
)
def test_max_iter_bounds_the_passes_and_converged_is_reported(estimator):
    X, y = _data_for(estimator)
    model = clone(estimator).set_params(max_iter=3).fit(X, y)
    assert 1 <= model.n_iter_ <= 3
    assert isinstance(model.converged_, bool)


@pytest.mark.parametrize(
    "estimator, bad",
    [
        (Perceptron(), {"max_iter": 0}),
        (KernelPerceptron(), {"kernel": "cubic"}),
        (LogisticRegression(), {"alpha": -1.0}),
        (MLPClassifier(), {"momentum": 1.0}),
        (VotedPerceptron(), {"learning_rate": "fast"}),
    ],
    ids=lambda value: type(value).__name__ if hasattr(value, "fit") else "",
)
def test_a_bad_hyper_parameter_gets_scikit_learns_wording(estimator, bad):
    X, y = _data_for(estimator)
    name = next(iter(bad))
    with pytest.raises(
        ValueError,
        match=f"The '{name}' parameter of {type(estimator).__name__} must be",
    ):
        clone(estimator).set_params(**bad).fit(X, y)


NOT_NUMBERS = [
    (estimator, name, value)
    for estimator in ALL
    for name, value in [
        ("max_iter", True),
        ("learning_rate", True),
        ("tol", True),
        ("alpha", False),
        ("random_state", True),
        ("random_state", 2**40),
    ]
    if name in estimator.get_params()
]


@pytest.mark.parametrize(
    "estimator, name, value",
    NOT_NUMBERS,
    ids=[f"{type(e).__name__}-{n}={v}" for e, n, v in NOT_NUMBERS],
)
def test_a_bool_is_not_a_number_and_seeds_are_scikit_learns(
    estimator, name, value
):
    """Python counts True as 1; a switch where a number is expected is
    refused, and a seed is in scikit-learn's range [0, 2**32 - 1]."""
    X, y = _data_for(estimator)
    with pytest.raises(
        ValueError, match=f"The '{name}' parameter of .* Got {value} instead"
    ):
        clone(estimator).set_params(**{name: value}).fit(X, y)
