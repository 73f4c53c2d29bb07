"""The regression-family estimators in scikit-learn's tooling.

scikit-learn's own estimator checks run on ``LinearRegression``,
``LogisticRegression``, ``SoftmaxRegression`` and ``MLPClassifier``; the few
checks that would force a teaching convention to go are listed, with their
reason, as expected failures. Then ``clone``, ``Pipeline``,
``cross_val_score``, ``GridSearchCV`` and pickling are tried on each.
"""

import pickle
import warnings

import numpy as np
import pytest
from mlcourse.linear_regression import LinearRegression
from mlcourse.logistic_regression import LogisticRegression, SoftmaxRegression
from mlcourse.mlp import MLPClassifier
from sklearn.base import clone
from sklearn.datasets import load_breast_cancer, load_diabetes, load_iris
from sklearn.model_selection import GridSearchCV, cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils.estimator_checks import parametrize_with_checks

# Checks that fail on purpose, with the reason (at most a few per estimator).
Y_2D = (
    "a column vector y is refused with a message that says to ravel it, "
    "instead of being flattened with a DataConversionWarning"
)
EXPECTED_FAILURES = {
    "LinearRegression": {"check_supervised_y_2d": Y_2D},
    "LogisticRegression": {"check_supervised_y_2d": Y_2D},
    "SoftmaxRegression": {"check_supervised_y_2d": Y_2D},
    "MLPClassifier": {"check_supervised_y_2d": Y_2D},
}


def _expected_failed_checks(estimator):
    return EXPECTED_FAILURES.get(type(estimator).__name__, {})


ESTIMATORS = [
    LinearRegression(),
    LogisticRegression(),
    SoftmaxRegression(),
    MLPClassifier(random_state=0),
]


@parametrize_with_checks(
    ESTIMATORS, expected_failed_checks=_expected_failed_checks
)
def test_scikit_learn_estimator_checks(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # convergence on tiny check data
        check(estimator)


# --- clone, Pipeline, cross_val_score, GridSearchCV, pickle ----------------


def _diabetes():
    return load_diabetes(return_X_y=True)


def _cancer():
    X, y = load_breast_cancer(return_X_y=True)
    return X[:, :10], y  # the ten "mean" features: not separable


def _iris():
    X, y = load_iris(return_X_y=True)
    return X, y


# (estimator, data, the grid of its GridSearchCV)
TOOLING = {
    "LinearRegression": (
        LinearRegression(),
        _diabetes,
        {"fit_intercept": [True, False]},
    ),
    "LogisticRegression": (
        LogisticRegression(),
        _cancer,
        {"l2": [0.0, 0.01], "solver": ["accelerated", "newton"]},
    ),
    "SoftmaxRegression": (
        SoftmaxRegression(l2=0.01),
        _iris,
        {"l2": [0.01, 0.1]},
    ),
    "MLPClassifier": (
        MLPClassifier((8,), max_iter=30, random_state=0),
        _iris,
        {"hidden_layer_sizes": [(4,), (8,)], "alpha": [0.0, 0.01]},
    ),
}


@pytest.fixture(params=sorted(TOOLING))
def case(request):
    estimator, data, grid = TOOLING[request.param]
    X, y = data()
    return estimator, X, y, grid


def test_clone_copies_the_parameters_not_the_fit(case):
    estimator, X, y, _ = case
    fitted = clone(estimator).fit(StandardScaler().fit_transform(X), y)
    copy = clone(fitted)
    assert copy.get_params() == estimator.get_params()
    assert not hasattr(copy, "n_features_in_")
    assert fitted.n_features_in_ == X.shape[1]
    assert " at 0x" not in repr(estimator) and " at 0x" not in repr(fitted)
    assert repr(estimator).startswith(type(estimator).__name__ + "(")


def test_pipeline_fit_predict_score(case):
    estimator, X, y, _ = case
    pipe = make_pipeline(StandardScaler(), clone(estimator)).fit(X, y)
    prediction = pipe.predict(X)
    assert prediction.shape == (X.shape[0],)
    score = pipe.score(X, y)
    alone = clone(estimator).fit(StandardScaler().fit_transform(X), y)
    assert score == pytest.approx(
        alone.score(StandardScaler().fit_transform(X), y), abs=1e-12
    )
    assert score > 0.45  # R^2 of diabetes is about 0.5; accuracies are higher


def test_cross_val_score_gives_finite_scores(case):
    estimator, X, y, _ = case
    scores = cross_val_score(
        make_pipeline(StandardScaler(), clone(estimator)), X, y, cv=3
    )
    assert scores.shape == (3,) and np.all(np.isfinite(scores))
    assert np.all(scores > 0.3)


def test_grid_search_over_a_pipeline_scores_every_candidate(case):
    estimator, X, y, grid = case
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


def test_pickle_round_trip_predicts_the_same(case):
    estimator, X, y, _ = case
    X = StandardScaler().fit_transform(X)
    fitted = clone(estimator).fit(X, y)
    restored = pickle.loads(pickle.dumps(fitted))
    np.testing.assert_array_equal(restored.predict(X), fitted.predict(X))
    assert restored.get_params() == fitted.get_params()


# --- cases of the issue ----------------------------------------------------

CLASSIFIERS = [
    LogisticRegression(),
    SoftmaxRegression(),
    MLPClassifier((4,), max_iter=5, random_state=0),
]


@pytest.mark.parametrize("estimator", CLASSIFIERS, ids=repr)
def test_classifiers_refuse_a_continuous_target(estimator):
    rng = np.random.default_rng(0)
    X, y = rng.normal(size=(20, 2)), rng.normal(size=20)
    with pytest.raises(ValueError, match="Unknown label type: continuous"):
        clone(estimator).fit(X, y)


@pytest.mark.parametrize("estimator", CLASSIFIERS, ids=repr)
def test_failed_refit_keeps_nothing_of_the_failed_data(estimator):
    X, y = _iris()
    X = StandardScaler().fit_transform(X)
    keep = y < 2
    model = clone(estimator)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model.fit(X[keep], y[keep])
    with pytest.raises(ValueError):
        model.fit(X[:5], np.full(5, 7))  # one class only
    np.testing.assert_array_equal(model.classes_, [0, 1])
    with pytest.raises(ValueError):
        model.fit(X, np.linspace(0, 1, len(X)))  # continuous
    np.testing.assert_array_equal(model.classes_, [0, 1])


def test_binary_decision_function_has_one_score_per_row():
    X, y = _cancer()
    X = StandardScaler().fit_transform(X)
    soft = SoftmaxRegression().fit(X, y)
    scores = soft.decision_function(X)
    assert scores.shape == (X.shape[0],)
    np.testing.assert_array_equal(
        soft.predict(X), soft.classes_[(scores > 0).astype(int)]
    )
    logistic = LogisticRegression().fit(X, y)
    np.testing.assert_allclose(
        scores, logistic.decision_function(X), atol=1e-5
    )
