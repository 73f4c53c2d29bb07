"""Logistic regression: the time to reach scikit-learn's optimum within 1e-6.

Five standardized "mean" measurements of scikit-learn's breast cancer data
(the classes overlap: the unpenalized log loss has a minimum). The target
is the log loss of ``LogisticRegression(C=np.inf, tol=1e-10)`` plus 1e-6;
each of our solvers runs the iterations it needs (found by a long run).
Plain gradient descent, the chapter's slow method, has no speed goal.
"""

from functools import cache

import numpy as np
import pytest
from common import run_case
from mlcourse.logistic_regression import LogisticRegression, log_loss
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression as SkLogistic
from sklearn.preprocessing import StandardScaler

CASE = "breast cancer, 569 x 5 standardized: the optimum within 1e-6"


@cache
def problem():
    data = load_breast_cancer()
    X = StandardScaler().fit_transform(data.data[:, [0, 1, 4, 8, 9]])
    best = SkLogistic(C=np.inf, tol=1e-10).fit(X, data.target)
    return X, data.target, log_loss(data.target, best.predict_proba(X))


@pytest.mark.filterwarnings("ignore:LogisticRegression did not converge")
@pytest.mark.parametrize("solver", ["accelerated", "gradient", "newton"])
def test_time_to_the_optimum(benchmark, solver):
    X, y, optimum = problem()
    run = LogisticRegression(solver=solver, max_iter=20_000, tol=1e-300)
    k = max(1, int(np.argmax(run.fit(X, y).loss_path_ <= optimum + 1e-6)))
    ours = LogisticRegression(solver=solver, max_iter=k, tol=1e-300)

    def check(model):
        assert log_loss(y, model.predict_proba(X)) <= optimum + 1e-6
        return f"{solver}: {k} iterations to the optimum"

    fit, short = lambda: ours.fit(X, y), f"{solver} solver"
    options = dict(short=short, iterations=k, goal=solver != "gradient")
    run_case(benchmark, CASE, "mlcourse", fit, check, **options)


def test_scikit_learn(benchmark):
    X, y, _ = problem()
    fit = lambda: SkLogistic(C=np.inf, tol=1e-10).fit(X, y)  # noqa: E731
    run_case(benchmark, CASE, "scikit-learn", fit, short="scikit-learn lbfgs")
