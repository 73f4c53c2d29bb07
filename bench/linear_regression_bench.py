"""Linear regression on 100,000 x 50 Gaussian data against scikit-learn.

Both give the coefficients of ``numpy.linalg.lstsq`` (on the design with a
column of ones) to 1e-10 relative.
"""

import numpy as np
import pytest
from common import run_case
from mlcourse.linear_regression import LinearRegression
from sklearn.linear_model import LinearRegression as SkLinearRegression


@pytest.mark.parametrize("who", ["mlcourse", "scikit-learn"])
def test_least_squares(benchmark, who):
    rng = np.random.default_rng(0)
    X = rng.standard_normal((100_000, 50))
    y = 3.0 + X @ rng.normal(size=50) + rng.normal(scale=0.5, size=100_000)
    model = {"mlcourse": LinearRegression, "scikit-learn": SkLinearRegression}

    def check(fitted):
        exact = np.linalg.lstsq(np.c_[np.ones(len(y)), X], y, rcond=None)[0]
        gap = np.max(np.abs(np.r_[fitted.intercept_, fitted.coef_] - exact))
        assert gap / np.max(np.abs(exact)) < 1e-10
        return "the coefficients of lstsq, to 1e-10"

    fit = lambda: model[who]().fit(X, y)  # noqa: E731
    run_case(benchmark, "least squares, 100,000 x 50", who, fit, check)
