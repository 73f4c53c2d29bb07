"""Linear regression on 100,000 x 50: ``mlcourse`` against scikit-learn and ``numpy.linalg.lstsq``.

Data: standard normal features, a fixed random coefficient vector and intercept, Gaussian
noise (seed 0). ``mlcourse.linear_regression.LinearRegression`` centres and scales the data,
then solves through a QR decomposition of ``[X | y]`` and the SVD of the small triangular
factor; scikit-learn's ``LinearRegression`` (the reference) centres the data and calls
scipy's ``lstsq``; the bare ``numpy.linalg.lstsq`` call on the design with a column of ones
is shown too. Check: every coefficient and the intercept agree with ``lstsq`` to 1e-10
relative.
"""

from __future__ import annotations

import numpy as np
from common import Row, median_time
from mlcourse.linear_regression import LinearRegression
from sklearn.linear_model import LinearRegression as SklearnLinearRegression

TOPIC = "Linear regression"
N_SAMPLES, N_FEATURES, SEED = 100_000, 50, 0
REFERENCE = "scikit-learn LinearRegression"
LSTSQ = "numpy.linalg.lstsq"


def run():
    rng = np.random.default_rng(SEED)
    X = rng.standard_normal((N_SAMPLES, N_FEATURES))
    beta = rng.normal(size=N_FEATURES)
    y = 3.0 + X @ beta + rng.normal(scale=0.5, size=N_SAMPLES)

    def bare():
        design = np.column_stack([np.ones(N_SAMPLES), X])
        return np.linalg.lstsq(design, y, rcond=None)[0]

    ref_time, ref_times, solution = median_time(bare)
    ours_time, ours_times, ours = median_time(
        lambda: LinearRegression().fit(X, y)
    )
    sk_time, sk_times, sk = median_time(
        lambda: SklearnLinearRegression().fit(X, y)
    )
    scale = float(np.max(np.abs(solution)))

    def difference(intercept, coef):
        return (
            max(
                abs(intercept - solution[0]),
                float(np.max(np.abs(coef - solution[1:]))),
            )
            / scale
        )

    d_ours, d_sk = (
        difference(ours.intercept_, ours.coef_),
        difference(float(sk.intercept_), sk.coef_),
    )
    case = f"{N_SAMPLES:,} x {N_FEATURES} Gaussian, with intercept"
    return [
        Row(
            TOPIC,
            case,
            "mlcourse LinearRegression",
            ours_time,
            REFERENCE,
            sk_time,
            f"same coefficients as lstsq (relative difference {d_ours:.0e})",
            d_ours < 1e-10,
            ours_times,
            short="100,000 x 50: mlcourse",
        ),
        Row(
            TOPIC,
            case,
            REFERENCE,
            sk_time,
            REFERENCE,
            sk_time,
            f"reference (relative difference from lstsq {d_sk:.0e})",
            d_sk < 1e-10,
            sk_times,
            short="100,000 x 50: scikit-learn",
        ),
        Row(
            TOPIC,
            case,
            LSTSQ,
            ref_time,
            REFERENCE,
            sk_time,
            "the SVD of the whole design",
            True,
            ref_times,
            short="100,000 x 50: numpy lstsq",
        ),
    ], []
