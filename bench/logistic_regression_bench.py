"""Logistic regression: the time to reach the optimum, solver by solver.

Two problems whose classes overlap (the unpenalized log loss has a
minimum): five standardized "mean" measurements of scikit-learn's breast
cancer data, 569 x 5, and 20,000 x 200 Gaussian samples with 10% of the
labels flipped. Every solver, ours and scikit-learn's L-BFGS, stops by the
rule a user sets: ``tol=1e-6`` on the largest entry of the gradient of the
mean log loss (the test of both libraries). Each answer is then checked
within 1e-6 of the lowest log loss (scikit-learn's at ``tol=1e-10``), and
the iterations it took are recorded.
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
TOL = 1e-6  # every solver's stopping rule: the largest gradient entry
WITHIN = 1e-6  # every answer's log loss, above the optimum


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


def solver(who):
    """``who``'s estimator, unpenalized, stopped by the gradient at TOL."""
    if who == "lbfgs":
        return SkLogistic(C=np.inf, tol=TOL, max_iter=100_000)
    return LogisticRegression(solver=who, tol=TOL, max_iter=100_000)


@pytest.mark.parametrize("name", PROBLEMS)
@pytest.mark.parametrize("who", ["gradient", "accelerated", "newton", "lbfgs"])
def test_time_to_the_optimum(benchmark, name, who):
    X, y, optimum = problem(name)
    model = solver(who)

    def check(fitted):
        gap = log_loss(y, fitted.predict_proba(X)) - optimum
        assert gap <= WITHIN, f"{who}: {gap:.2g} above the optimum"
        iterations = int(np.max(fitted.n_iter_))
        benchmark.extra_info["iterations"] = iterations
        return f"within 1e-6 of the optimum in {iterations} iterations"

    rounds = 3 if X.shape[0] > 1000 else 7
    who = "scikit-learn" if who == "lbfgs" else f"mlcourse {who}"
    run_case(benchmark, name, who, lambda: model.fit(X, y), check,
             rounds=rounds, tol=TOL)  # fmt: skip
