"""The perceptron family in scikit-learn's tooling and its estimator checks.

Every estimator of ``mlcourse.perceptron`` and ``mlcourse.perceptron_variants``
runs scikit-learn's own estimator test suite (``parametrize_with_checks``),
with a short list of expected failures, each with its reason, and works in
``clone``, ``Pipeline``, ``cross_val_score``, ``GridSearchCV`` and ``pickle``.
"""

import pickle
import warnings

import numpy as np
import pytest
from mlcourse._validation import ConvergenceWarning
from mlcourse.perceptron import BatchPerceptron, Perceptron
from mlcourse.perceptron_variants import (
    AveragedPerceptron,
    KernelPerceptron,
    MulticlassPerceptron,
    VotedPerceptron,
)
from sklearn.base import clone
from sklearn.datasets import make_classification
from sklearn.exceptions import NotFittedError as SklearnNotFittedError
from sklearn.model_selection import GridSearchCV, cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils.estimator_checks import parametrize_with_checks

# A teaching convention that scikit-learn's checks do not share: a column
# vector y is refused with a message that says to call y.ravel(), instead of
# a warning and a silent reshape.
COLUMN_Y = {
    "check_supervised_y_2d": "a column-vector y is refused with a clear "
    "message (use y.ravel()) instead of a DataConversionWarning",
}
ESTIMATORS = [
    Perceptron(),
    BatchPerceptron(),
    AveragedPerceptron(),
    VotedPerceptron(),
    KernelPerceptron(),
    MulticlassPerceptron(),
]


def expected_failed_checks(estimator):
    return COLUMN_Y


@parametrize_with_checks(
    ESTIMATORS, expected_failed_checks=expected_failed_checks
)
def test_scikit_learn_estimator_checks(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)


# --------------------------------------------------------------------------
# The tools a reader reaches for next
# --------------------------------------------------------------------------


def _data(estimator):
    n_classes = 3 if isinstance(estimator, MulticlassPerceptron) else 2
    X, y = make_classification(
        n_samples=120,
        n_features=5,
        n_informative=3,
        n_classes=n_classes,
        n_clusters_per_class=1,
        class_sep=2.0,
        random_state=0,
    )
    return X * 100.0 + 7.0, np.array(["ant", "bee", "cat"])[y]


def _fresh(estimator):
    return clone(estimator).set_params(max_iter=20)


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        yield


@pytest.mark.parametrize("estimator", ESTIMATORS, ids=repr)
def test_clone_keeps_parameters_and_drops_fit(estimator):
    X, y = _data(estimator)
    model = _fresh(estimator).set_params(learning_rate=0.5).fit(X, y)
    copy = clone(model)
    assert copy.get_params() == model.get_params()
    assert not hasattr(copy, "classes_")
    assert repr(copy).startswith(type(estimator).__name__ + "(")


@pytest.mark.parametrize("estimator", ESTIMATORS, ids=repr)
def test_pipeline_with_scaler_and_string_labels(estimator):
    X, y = _data(estimator)
    pipe = make_pipeline(StandardScaler(), _fresh(estimator)).fit(X, y)
    predicted = pipe.predict(X)
    assert set(predicted) <= set(y)
    assert pipe.score(X, y) == pytest.approx(np.mean(predicted == y))
    assert pipe.score(X, y) > 0.8


@pytest.mark.parametrize("estimator", ESTIMATORS, ids=repr)
def test_cross_val_score(estimator):
    X, y = _data(estimator)
    scores = cross_val_score(
        make_pipeline(StandardScaler(), _fresh(estimator)), X, y, cv=3
    )
    assert scores.shape == (3,) and np.all(np.isfinite(scores))
    assert scores.mean() > 0.7


@pytest.mark.parametrize("estimator", ESTIMATORS, ids=repr)
def test_grid_search_over_a_pipeline(estimator):
    X, y = _data(estimator)
    pipe = make_pipeline(StandardScaler(), _fresh(estimator))
    step = pipe.steps[-1][0]
    # One pass against twenty: on these data more passes never hurt, and
    # at least one candidate must score differently for the search to
    # mean anything.
    search = GridSearchCV(
        pipe, {f"{step}__max_iter": [1, 20]}, cv=3, error_score="raise"
    ).fit(X, y)
    scores = search.cv_results_["mean_test_score"]
    assert np.all(np.isfinite(scores))
    assert search.best_score_ == scores.max()
    assert search.best_params_[f"{step}__max_iter"] in (1, 20)
    assert search.score(X, y) > 0.8


@pytest.mark.parametrize("estimator", ESTIMATORS, ids=repr)
def test_pickle_round_trip(estimator):
    X, y = _data(estimator)
    model = _fresh(estimator).fit(X, y)
    again = pickle.loads(pickle.dumps(model))
    np.testing.assert_array_equal(again.predict(X), model.predict(X))
    np.testing.assert_array_equal(
        again.decision_function(X), model.decision_function(X)
    )


@pytest.mark.parametrize("estimator", ESTIMATORS, ids=repr)
def test_not_fitted_error_is_scikit_learns(estimator):
    with pytest.raises(SklearnNotFittedError, match="not fitted"):
        clone(estimator).predict(np.ones((2, 3)))


@pytest.mark.parametrize("estimator", ESTIMATORS, ids=repr)
def test_failed_refit_keeps_the_previous_fit(estimator):
    X, y = _data(estimator)
    model = _fresh(estimator).fit(X, y)
    classes = model.classes_.copy()
    with pytest.raises(ValueError):
        model.fit(X, np.full(X.shape[0], 0.5) + np.arange(X.shape[0]))
    np.testing.assert_array_equal(model.classes_, classes)
    assert model.n_features_in_ == X.shape[1]


@pytest.mark.parametrize("estimator", ESTIMATORS, ids=repr)
def test_continuous_target_is_refused(estimator):
    X, _ = _data(estimator)
    y = np.linspace(0.0, 1.0, X.shape[0])
    with pytest.raises(ValueError, match="continuous"):
        clone(estimator).fit(X, y)


def test_binary_decision_function_of_the_multiclass_perceptron():
    X, y = _data(Perceptron())
    model = MulticlassPerceptron(max_iter=5).fit(X, y)
    scores = model.decision_function(X)
    assert scores.shape == (X.shape[0],)
    np.testing.assert_array_equal(
        model.predict(X), model.classes_[(scores > 0).astype(int)]
    )


@pytest.mark.parametrize("estimator", ESTIMATORS[:5], ids=repr)
def test_binary_models_say_only_binary(estimator):
    X, y = _data(MulticlassPerceptron())
    with pytest.raises(ValueError, match="exactly two classes"):
        clone(estimator).fit(X, y)
