"""Logistic regression: the time to reach the optimum, solver by solver.

Two problems whose classes overlap (the unpenalized log loss has a
minimum): five standardized "mean" measurements of scikit-learn's breast
cancer data, 569 x 5, and 20,000 x 200 Gaussian samples with 10% of the
labels flipped. Every solver, scikit-learn's L-BFGS too, stops at tol=1e-6
on the largest gradient entry; its log loss is then checked within 1e-6 of
the optimum (L-BFGS's at tol=1e-10), and its iterations are recorded.
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
TOL = WITHIN = 1e-6  # the stopping rule; the log loss above the optimum


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


@pytest.mark.parametrize("name", PROBLEMS)
@pytest.mark.parametrize("who", ["gradient", "accelerated", "newton", "lbfgs"])
def test_time_to_the_optimum(benchmark, name, who):
    X, y, optimum = problem(name)
    model = (SkLogistic(C=np.inf, tol=TOL, max_iter=100_000) if who == "lbfgs"
             else LogisticRegression(solver=who, tol=TOL, max_iter=100_000))  # fmt: skip

    def check(fitted):
        gap = log_loss(y, fitted.predict_proba(X)) - optimum
        assert gap <= WITHIN, f"{who}: {gap:.2g} above the optimum"
        k = benchmark.extra_info["iterations"] = int(np.max(fitted.n_iter_))
        return f"within 1e-6 of the optimum in {k} iterations"

    who = "scikit-learn" if who == "lbfgs" else f"mlcourse {who}"
    run_case(benchmark, name, who, lambda: model.fit(X, y), check,
             rounds=3 if X.shape[0] > 1000 else 7, tol=TOL)  # fmt: skip
