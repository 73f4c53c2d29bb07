"""Least squares on 100,000 x 50: the library, scikit-learn, the normal
equations, a bare QR; each gives numpy's ``lstsq`` coefficients to 1e-10."""

import numpy as np
import pytest
from common import run_case
from mlcourse.linear_regression import LinearRegression
from scipy.linalg import solve_triangular
from sklearn.linear_model import LinearRegression as SkLinearRegression

TEXTBOOK = ["normal equations", "bare QR"]


@pytest.mark.parametrize("who", ["mlcourse", "scikit-learn", *TEXTBOOK])
def test_least_squares(benchmark, who):
    rng = np.random.default_rng(0)
    X = rng.standard_normal((100_000, 50))
    y = 3.0 + X @ rng.normal(size=50) + rng.normal(scale=0.5, size=100_000)
    A = np.c_[np.ones(len(y)), X]  # the design with its column of ones

    def bare_qr():  # the R of [A | y]: its last column holds Q^T y
        R = np.linalg.qr(np.c_[A, y], mode="r")
        return solve_triangular(R[:-1, :-1], R[:-1, -1])

    def check(w):
        w = np.r_[w.intercept_, w.coef_] if hasattr(w, "coef_") else w
        exact = np.linalg.lstsq(A, y, rcond=None)[0]
        assert np.max(np.abs(w - exact)) < 1e-10 * np.max(np.abs(exact))
        return "the coefficients of lstsq, to 1e-10"

    fit = {
        "mlcourse": lambda: LinearRegression().fit(X, y),
        "scikit-learn": lambda: SkLinearRegression().fit(X, y),
        "normal equations": lambda: np.linalg.solve(A.T @ A, A.T @ y),
        "bare QR": bare_qr,
    }[who]
    run_case(benchmark, "least squares, 100,000 x 50", who, fit, check)
