"""Logistic regression: the time to reach the optimum, solver by solver.

Two problems whose classes overlap (the unpenalized log loss has a
minimum): five standardized "mean" measurements of scikit-learn's breast
cancer data, 569 x 5, and 20,000 x 200 Gaussian samples with 10% of the
labels flipped. The target is the log loss of scikit-learn's
``LogisticRegression(C=np.inf, tol=1e-10)`` plus 1e-6; each of our solvers
runs the iterations it needs to reach it (found by a search).
"""

from functools import cache

import numpy as np
import pytest
from common import noisy, run_case
from mlcourse.logistic_regression import LogisticRegression, log_loss
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression as SkLogistic
from sklearn.preprocessing import StandardScaler

PROBLEMS = ["breast cancer, 569 x 5", "noisy, 20,000 x 200"]


@cache
def problem(name):
    """X, y (0/1) and the lowest log loss (scikit-learn's)."""
    if name == PROBLEMS[0]:
        data = load_breast_cancer()
        X = StandardScaler().fit_transform(data.data[:, [0, 1, 4, 8, 9]])
        y = data.target
    else:
        X, y = noisy(20_000, 200, seed=2)
        y = (y > 0).astype(int)
    best = SkLogistic(C=np.inf, tol=1e-10, max_iter=10_000).fit(X, y)
    return X, y, log_loss(y, best.predict_proba(X))


def iterations_to(target, solver, X, y):
    """The fewest iterations after which ``solver``'s log loss is ``target``.

    Runs of 10, 100, ... iterations (``tol=1e-300`` stops none early), so
    that the search costs at most ten times the answer.
    """
    for cap in (10, 100, 1_000, 10_000):
        run = LogisticRegression(solver=solver, max_iter=cap, tol=1e-300)
        reached = run.fit(X, y).loss_path_ <= target
        if reached.any():
            return max(1, int(np.argmax(reached)))
    raise AssertionError(f"{solver}: not within 1e-6 in {cap} iterations")


@pytest.mark.filterwarnings("ignore:LogisticRegression did not converge")
@pytest.mark.parametrize("name", PROBLEMS)
@pytest.mark.parametrize("who", ["gradient", "accelerated", "newton", "lbfgs"])
def test_time_to_the_optimum(benchmark, name, who):
    X, y, optimum = problem(name)
    if who == "lbfgs":
        fit = SkLogistic(C=np.inf, tol=1e-10, max_iter=10_000).fit
        run_case(benchmark, name, "scikit-learn", lambda: fit(X, y))
        return
    k = iterations_to(optimum + 1e-6, who, X, y)
    ours = LogisticRegression(solver=who, max_iter=k, tol=1e-300)

    def check(model):
        assert log_loss(y, model.predict_proba(X)) <= optimum + 1e-6
        return f"within 1e-6 of the optimum in {k} iterations"

    rounds = 3 if X.shape[0] > 1000 else 7
    run_case(benchmark, name, f"mlcourse {who}", lambda: ours.fit(X, y),
             check, rounds=rounds, iterations=k)  # fmt: skip
